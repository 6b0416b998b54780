//! What the page needs beyond moves: the picture and gestures in each state, history
//! stepping, analysis of a finished game, and a rematch with the seats swapped.

use serde_json::json;
use tabuleiro_core::{Game, Perspective, Setup};
use tabuleiro_games::quantik::Quantik;
use tabuleiro_web::protocol::ServerMessage;

use crate::util::{Server, State, next, next_error, send_move, state_until, token};

/// Plays the first legal move, in turn, until the game is over.
async fn play_to_the_end(
    socket: &mut tabuleiro_load::client::GameSocket,
    mut state: State,
) -> State {
    while state.ending.is_none() {
        let mv = state.legal[0].clone();
        let before = state.version;
        send_move(socket, &mv).await;
        state = state_until(socket, |s| s.version > before).await;
    }
    state
}

#[tokio::test]
async fn each_state_holds_the_picture_and_a_gesture_for_every_legal_move() {
    let server = Server::start().await;
    let game = server
        .create(json!({ "game": "quantik", "mode": "hotseat" }))
        .await;
    let (mut socket, welcome, state) = server.join(&game.id, Some(&token(&game, 0))).await;
    let ServerMessage::Welcome { rules, legend, .. } = welcome else {
        panic!("a welcome");
    };
    assert_eq!(rules, Quantik::INFO.rules, "the game's own rules text");
    // The legend once, in the welcome; the states' pictures leave it out.
    let start = Quantik::new(&Setup::default_for(Quantik::INFO)).expect("a game");
    assert_eq!(legend, start.picture(Perspective::Everyone).legend);
    assert_eq!(legend.len(), 8);
    assert!(state.picture.legend.is_empty());
    assert_eq!(state.picture.board.columns.labels, ["a", "b", "c", "d"]);
    assert!(state.picture.pieces.is_empty());
    assert_eq!(state.legal.len(), 64);
    assert_eq!(state.gestures.len(), 64);
    send_move(&mut socket, "Ca1").await;
    let state = state_until(&mut socket, |s| s.moves.len() == 1).await;
    let mut after = start;
    after
        .play(after.parse_move("Ca1").expect("legal"))
        .expect("legal");
    let mut expected = after.picture(Perspective::Everyone);
    expected.last = vec![tabuleiro_core::Cell::new(0, 0)];
    expected.legend.clear();
    assert_eq!(
        state.picture, expected,
        "the picture with the last move marked"
    );
    assert_eq!(state.turns, [(1, 0)]);
}

#[tokio::test]
async fn looking_back_shows_an_earlier_position_and_changes_nothing() {
    let server = Server::start().await;
    let game = server
        .create(json!({ "game": "quantik", "mode": "hotseat" }))
        .await;
    let (mut socket, _, _) = server.join(&game.id, Some(&token(&game, 0))).await;
    for mv in ["Ca1", "Sd4"] {
        send_move(&mut socket, mv).await;
    }
    let now = state_until(&mut socket, |s| s.moves.len() == 2).await;
    socket
        .send(&json!({ "type": "look", "at": 1 }))
        .await
        .expect("send");
    match next(&mut socket).await {
        ServerMessage::Look { at, picture } => {
            assert_eq!(at, 1);
            assert_eq!(picture.pieces.len(), 1, "only the first move's piece");
            assert_eq!(picture.last, [tabuleiro_core::Cell::new(0, 0)]);
        }
        other => panic!("expected a look, got {other:?}"),
    }
    socket
        .send(&json!({ "type": "look", "at": 99 }))
        .await
        .expect("send");
    match next(&mut socket).await {
        ServerMessage::Look { at, picture } => {
            assert_eq!(at, 2, "a position past the end is the current one");
            // A look carries its legend (it may be asked for at any time); a state does not.
            assert!(!picture.legend.is_empty());
            let mut without = (*picture).clone();
            without.legend.clear();
            assert_eq!(without, now.picture);
        }
        other => panic!("expected a look, got {other:?}"),
    }
    // Nothing changed: player 1 moves on from the position as it stands.
    send_move(&mut socket, "Yb1").await;
    let state = state_until(&mut socket, |s| s.moves.len() == 3).await;
    assert_eq!(state.moves, ["Ca1", "Sd4", "Yb1"]);
}

#[tokio::test]
async fn a_finished_game_is_analysed_with_exact_values_and_a_running_one_is_not() {
    let server = Server::start().await;
    let game = server
        .create(json!({ "game": "quantik", "mode": "hotseat" }))
        .await;
    let (mut socket, _, state) = server.join(&game.id, Some(&token(&game, 0))).await;
    socket
        .send(&json!({ "type": "analyse", "at": 0 }))
        .await
        .expect("send");
    assert!(next_error(&mut socket).await.contains("finished games"));
    let end = play_to_the_end(&mut socket, state).await;
    // The position before the last move: the mover had a winning move or lost anyway.
    let at = end.moves.len() - 1;
    socket
        .send(&json!({ "type": "analyse", "at": at }))
        .await
        .expect("send");
    let (moves, source) = loop {
        match next(&mut socket).await {
            ServerMessage::Analysis {
                at: got,
                moves,
                source,
            } => {
                assert_eq!(got, at);
                break (moves, source);
            }
            ServerMessage::State { .. } => {}
            other => panic!("expected an analysis, got {other:?}"),
        }
    };
    assert!(source.contains("exact"), "{source}");
    assert!(!moves.is_empty());
    assert!(
        moves.iter().all(|m| m.exact),
        "Quantik is solved: {moves:?}"
    );
    let played = &end.moves[at];
    let rated = moves
        .iter()
        .find(|m| &m.legal.notation == played)
        .expect("the move played is rated");
    assert!(rated.value.starts_with("wins in 1 move"), "{rated:?}");
    assert!(
        moves.windows(2).all(|w| w[0].rank >= w[1].rank),
        "best first"
    );

    let qinto = server
        .create(json!({ "game": "qinto", "mode": "hotseat" }))
        .await;
    let (mut socket, _, _) = server.join(&qinto.id, Some(&token(&qinto, 0))).await;
    socket
        .send(&json!({ "type": "analyse", "at": 0 }))
        .await
        .expect("send");
    assert!(next_error(&mut socket).await.contains("hidden"));
}

#[tokio::test]
async fn a_rematch_swaps_the_seats_and_tells_everyone_their_link() {
    let server = Server::start().await;
    let game = server
        .create(json!({ "game": "quantik", "mode": "online" }))
        .await;
    let (mut one, _, state) = server.join(&game.id, Some(&token(&game, 0))).await;
    let (mut two, _, _) = server.join(&game.id, Some(&token(&game, 1))).await;
    let (mut watcher, _, _) = server.join(&game.id, None).await;
    one.send(&json!({ "type": "rematch" })).await.expect("send");
    assert!(next_error(&mut one).await.contains("over"));
    // Play to the end, each seat moving on its own connection; both read every state.
    let mut state = state;
    while state.ending.is_none() {
        let before = state.version;
        let socket = if state.to_move == Some(0) {
            &mut one
        } else {
            &mut two
        };
        send_move(socket, &state.legal[0]).await;
        let seen_by_one = state_until(&mut one, |s| s.version > before).await;
        let seen_by_two = state_until(&mut two, |s| s.version > before).await;
        state = if seen_by_one.to_move == Some(1) {
            seen_by_two
        } else {
            seen_by_one
        };
    }
    watcher
        .send(&json!({ "type": "rematch" }))
        .await
        .expect("send");
    let refused = loop {
        if let ServerMessage::Error { message } = next(&mut watcher).await {
            break message;
        }
    };
    assert!(refused.contains("only players"), "{refused}");
    // Between two people a rematch is an offer: player 2 offers, player 1 accepts by asking
    // too.
    two.send(&json!({ "type": "rematch" })).await.expect("send");
    loop {
        if let ServerMessage::State {
            offer: Some(offer), ..
        } = next(&mut one).await
        {
            assert_eq!(
                (offer.kind, offer.seat),
                (tabuleiro_web::store::OfferKind::Rematch, 1)
            );
            break;
        }
    }
    one.send(&json!({ "type": "rematch" })).await.expect("send");
    let link_one = state_until(&mut one, |s| s.rematch.is_some()).await.rematch;
    let link_two = state_until(&mut two, |s| s.rematch.is_some()).await.rematch;
    let link_watch = state_until(&mut watcher, |s| s.rematch.is_some())
        .await
        .rematch;
    let (Some(link_one), Some(link_two), Some(link_watch)) = (link_one, link_two, link_watch)
    else {
        panic!("every connection gets a link");
    };
    assert!(link_one.contains("#token=") && link_two.contains("#token="));
    assert_ne!(link_one, link_two);
    assert!(!link_watch.contains("token"), "{link_watch}");
    let id = link_watch.trim_start_matches("/?game=").to_owned();
    let token_of = |link: &str| link.split("#token=").nth(1).expect("a token").to_owned();
    // The first game's player 1 plays seat 2 in the rematch, and player 2 seat 1.
    let (_, welcome, _) = server.join(&id, Some(&token_of(&link_one))).await;
    let ServerMessage::Welcome { you, .. } = welcome else {
        panic!("a welcome");
    };
    assert_eq!(you, [1]);
    let (_, welcome, _) = server.join(&id, Some(&token_of(&link_two))).await;
    let ServerMessage::Welcome { you, .. } = welcome else {
        panic!("a welcome");
    };
    assert_eq!(you, [0]);
}
