//! Games left by a player, over WebSocket on the real store: the other player may claim a
//! real-time game once the one who left has been away for the time its clock gives (the win
//! or a draw, rated as that), never while they are here or sooner; a game whose first move is
//! not made in time is aborted by itself (on SQLite, and on PostgreSQL in `scripts/test`'s
//! pass; a claim across two nodes: `crates/cli/tests/nodes/across.rs`).

use serde_json::{Value, json};
use tabuleiro_core::{GameRecord, PlayerResult};
use tabuleiro_load::client::GameSocket;
use tabuleiro_web::protocol::{Created, SeatPresence, ServerMessage, ShownChange};

use crate::rated::{named, open};
use crate::util::{Browser, Server, next, next_any, next_error, send_move, token};

/// A game of Quantik asked for by `ana` (with `more` settings), its seats invited.
async fn game(ana: &mut Browser, more: Value) -> Created {
    let mut asked = json!({ "game": "quantik" });
    if let (Some(asked), Some(more)) = (asked.as_object_mut(), more.as_object()) {
        asked.extend(more.clone());
    }
    let (answer, created) = ana.send("POST", "/api/games", Some(asked)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    serde_json::from_value(created).expect("a created game")
}

/// Ana's and Bia's connections to `game`, each of them having moved once.
async fn both_moved(
    server: &Server,
    ana: &Browser,
    bia: &Browser,
    game: &Created,
) -> (GameSocket, GameSocket) {
    let (mut first, _) = open(server, ana, &game.id, Some(&token(game, 0))).await;
    let (mut second, _) = open(server, bia, &game.id, Some(&token(game, 1))).await;
    send_move(&mut first, "Ca1").await;
    moves_until(&mut second, 1).await;
    send_move(&mut second, "Cd4").await;
    moves_until(&mut first, 2).await;
    (first, second)
}

/// Reads messages until a state with `count` moves.
async fn moves_until(socket: &mut GameSocket, count: usize) {
    loop {
        if let ServerMessage::State { moves, .. } = next(socket).await
            && moves.len() == count
        {
            return;
        }
    }
}

/// The presence of the next message that tells it, until `done` holds.
async fn presence_until(
    socket: &mut GameSocket,
    done: impl Fn(&[SeatPresence]) -> bool,
) -> Vec<SeatPresence> {
    loop {
        let (ServerMessage::State {
            presence: Some(seats),
            ..
        }
        | ServerMessage::Presence { seats }) = next_any(socket).await
        else {
            continue;
        };
        if done(&seats) {
            return seats;
        }
    }
}

/// The ending's results and reason, and the seats' rating changes, of the first state that
/// shows the game over and (`rated`) rated.
async fn ended(
    socket: &mut GameSocket,
    rated: bool,
) -> (Vec<PlayerResult>, String, Vec<Option<ShownChange>>) {
    loop {
        if let ServerMessage::State {
            ending: Some(ending),
            seats,
            ..
        } = next(socket).await
        {
            let changes: Vec<Option<ShownChange>> = seats
                .iter()
                .map(|s| s.player.as_ref().and_then(|p| p.change))
                .collect();
            if !rated || changes.iter().all(Option::is_some) {
                return (ending.results, ending.reason, changes);
            }
        }
    }
}

/// Sends a claim.
async fn claim(socket: &mut GameSocket, draw: bool) {
    socket
        .send(&json!({ "type": "claim", "draw": draw }))
        .await
        .expect("send");
}

#[tokio::test]
async fn a_player_who_left_a_rated_game_loses_it_or_draws_it_on_claim_after_the_documented_time() {
    let server = Server::start().await;
    let (mut ana, _) = named(&server, "Ana").await;
    let (bia, bia_id) = named(&server, "Bia").await;
    // A minute on the clock: a claim after 10 s away (a twentieth of 60 s is less than the
    // least, 10 s).
    let rated = json!({ "mode": "rated", "invite": [bia_id], "clock": { "minutes": 1 } });
    let won = game(&mut ana, rated.clone()).await;
    let drawn = game(&mut ana, rated).await;
    let (mut ana_won, bia_won) = both_moved(&server, &ana, &bia, &won).await;
    let (mut ana_drawn, bia_drawn) = both_moved(&server, &ana, &bia, &drawn).await;
    // Bia is here: no claim.
    claim(&mut ana_won, false).await;
    let refused = next_error(&mut ana_won).await;
    assert!(refused.contains("is here"), "{refused}");
    // Bia closes both games; Ana is told, with when she may claim.
    drop(bia_won);
    drop(bia_drawn);
    let seats = presence_until(&mut ana_won, |s| !s[1].connected).await;
    let claim_in = seats[1].claim_in_ms.expect("a game that may be claimed");
    assert!((8_000..=10_000).contains(&claim_in), "{claim_in} ms");
    assert_eq!(seats[0].claim_in_ms, None, "Ana is here");
    presence_until(&mut ana_drawn, |s| !s[1].connected).await;
    // Too soon: refused, with the time left.
    claim(&mut ana_won, false).await;
    let refused = next_error(&mut ana_won).await;
    assert!(refused.contains("you may claim the game in"), "{refused}");
    tokio::time::sleep(std::time::Duration::from_millis(claim_in + 300)).await;
    // The win: Bia forfeits, and the game is rated as a win.
    claim(&mut ana_won, false).await;
    let (results, reason, changes) = ended(&mut ana_won, true).await;
    assert_eq!(results, vec![PlayerResult::Win, PlayerResult::Loss]);
    assert_eq!(reason, "player 2 forfeits: left the game");
    let [Some(ana_change), Some(bia_change)] = changes[..] else {
        panic!("both rated: {changes:?}");
    };
    assert!(ana_change.after > ana_change.before, "{ana_change:?}");
    assert!(bia_change.after < bia_change.before, "{bia_change:?}");
    // The draw: no winner, rated as a draw between equals (Ana, now higher, loses a little).
    claim(&mut ana_drawn, true).await;
    let (results, reason, changes) = ended(&mut ana_drawn, true).await;
    assert_eq!(results, vec![PlayerResult::Draw, PlayerResult::Draw]);
    assert_eq!(reason, "player 2 left the game, and it was called a draw");
    let Some(ana_change) = changes[0] else {
        panic!("rated: {changes:?}");
    };
    assert!(ana_change.after <= ana_change.before, "{ana_change:?}");
    // Each record says so, and replays to its result.
    for (created, left_drawn) in [(&won, None), (&drawn, Some(1))] {
        let (answer, record) = ana
            .send("GET", &format!("/api/games/{}/record", created.id), None)
            .await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        let record: GameRecord = serde_json::from_value(record).expect("a record");
        assert_eq!(record.left_drawn, left_drawn);
        assert_eq!(
            record.forfeit.as_ref().map(|f| f.reason.as_str()),
            left_drawn.is_none().then_some("left the game")
        );
        let replayed = record
            .replay::<tabuleiro_games::quantik::Quantik>()
            .expect("the record replays");
        assert_eq!(replayed.len(), 3, "the start and two moves");
    }
}

#[tokio::test]
async fn a_correspondence_game_and_a_game_not_begun_are_not_claimed() {
    let server = Server::start().await;
    let (mut ana, _) = named(&server, "Ana").await;
    let (bia, bia_id) = named(&server, "Bia").await;
    let by_post = game(
        &mut ana,
        json!({ "mode": "rated", "invite": [bia_id], "clock": { "days": 1 } }),
    )
    .await;
    let (mut first, second) = both_moved(&server, &ana, &bia, &by_post).await;
    drop(second);
    claim(&mut first, false).await;
    let refused = next_error(&mut first).await;
    assert!(refused.contains("its deadline ends it"), "{refused}");
    // Before Bia's first move: abort, not claim.
    let early = game(&mut ana, json!({ "mode": "rated", "invite": [bia_id] })).await;
    let (mut first, _) = open(&server, &ana, &early.id, Some(&token(&early, 0))).await;
    let (_second, _) = open(&server, &bia, &early.id, Some(&token(&early, 1))).await;
    send_move(&mut first, "Ca1").await;
    moves_until(&mut first, 1).await;
    claim(&mut first, false).await;
    let refused = next_error(&mut first).await;
    assert!(refused.contains("abort it instead"), "{refused}");
}

#[tokio::test]
async fn a_game_whose_first_move_is_not_made_in_time_is_aborted_by_itself() {
    let server = Server::start().await;
    let (mut ana, _) = named(&server, "Ana").await;
    let (bia, _) = named(&server, "Bia").await;
    // Six seconds on the clock: a first move is due within 2 s (a quarter of the time, at
    // least 2 s). An online game by links: the timer starts when the last seat is taken.
    let clock = json!({ "mode": "online", "clock": { "minutes": 0.1 } });
    for ana_moves in [false, true] {
        let online = game(&mut ana, clock.clone()).await;
        let (mut first, _) = open(&server, &ana, &online.id, Some(&token(&online, 0))).await;
        // Alone at the table, nothing is due: nobody's first move is late yet.
        tokio::time::sleep(std::time::Duration::from_millis(2_500)).await;
        let (mut second, _) = open(&server, &bia, &online.id, Some(&token(&online, 1))).await;
        let started = std::time::Instant::now();
        if ana_moves {
            send_move(&mut first, "Ca1").await;
            moves_until(&mut second, 1).await;
        }
        let (results, reason, _) = ended(&mut second, false).await;
        let waited = started.elapsed();
        assert_eq!(results, vec![PlayerResult::Draw, PlayerResult::Draw]);
        let late = if ana_moves { "player 2" } else { "player 1" };
        assert!(
            reason.starts_with(late) && reason.contains("no result"),
            "{reason}"
        );
        // Aborted at the first move's due time, not when the 6 s clock ran out.
        assert!(
            waited >= std::time::Duration::from_millis(1_800)
                && waited < std::time::Duration::from_millis(5_500),
            "{waited:?}"
        );
    }
}
