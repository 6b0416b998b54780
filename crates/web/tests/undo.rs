//! Undo over the WebSocket: refused, with the reason and nothing changed, over a move that
//! drew hidden tiles and once the game is over; allowed over moves that drew nothing.

use serde_json::json;

use crate::util::{Server, next_error, next_state, send_move, state_until, token};

#[tokio::test]
async fn undo_over_a_move_that_drew_tiles_is_refused_with_the_reason() {
    let server = Server::start().await;
    let game = server
        .create(json!({ "game": "qinto", "mode": "hotseat" }))
        .await;
    let (mut socket, _, state) = server.join(&game.id, Some(&token(&game, 0))).await;
    // A plain pass draws nothing: it can be taken back.
    send_move(&mut socket, "pass").await;
    let passed = next_state(&mut socket).await;
    assert_eq!(passed.moves, ["pass"]);
    socket.send(&json!({ "type": "undo" })).await.expect("send");
    let undone = next_state(&mut socket).await;
    assert!(undone.moves.is_empty(), "{:?}", undone.moves);
    assert_eq!(undone.board, state.board);

    // The first play draws tiles from the pile: it cannot be taken back.
    let play = undone
        .legal
        .iter()
        .find(|m| m.contains('@') && !m.starts_with("swap"))
        .expect("a play")
        .clone();
    send_move(&mut socket, &play).await;
    let played = state_until(&mut socket, |s| s.moves.len() == 1).await;
    assert!(
        !played.can_undo,
        "no Undo offered where it would be refused (Q!nto's plays draw tiles)"
    );
    assert!(
        passed.can_undo,
        "a pass that drew nothing can be taken back"
    );
    socket.send(&json!({ "type": "undo" })).await.expect("send");
    let reason = next_error(&mut socket).await;
    assert!(
        reason.contains("the tiles drawn by that move are now known; it cannot be taken back"),
        "{reason}"
    );
    // Nothing changed: a new connection sees the same game at the same version.
    let (_, _, again) = server.join(&game.id, Some(&token(&game, 0))).await;
    assert_eq!(again.version, played.version);
    assert_eq!(again.moves.len(), 1);
    assert_eq!(again.board, played.board);
}

#[tokio::test]
async fn undo_in_a_game_without_hidden_draws_still_works() {
    let server = Server::start().await;
    let game = server
        .create(json!({ "game": "quantik", "mode": "hotseat" }))
        .await;
    let (mut socket, _, _) = server.join(&game.id, Some(&token(&game, 0))).await;
    send_move(&mut socket, "Ca1").await;
    next_state(&mut socket).await;
    send_move(&mut socket, "sd4").await;
    assert_eq!(next_state(&mut socket).await.moves.len(), 2);
    socket.send(&json!({ "type": "undo" })).await.expect("send");
    let undone = next_state(&mut socket).await;
    assert_eq!(undone.moves, ["Ca1"]);
}

#[tokio::test]
async fn a_finished_game_stays_finished() {
    let server = Server::start().await;
    let game = server
        .create(json!({ "game": "quantik", "mode": "hotseat" }))
        .await;
    let (mut players, _, mut state) = server.join(&game.id, Some(&token(&game, 0))).await;
    while state.ending.is_none() {
        send_move(&mut players, &state.legal[0]).await;
        let before = state.version;
        state = state_until(&mut players, |s| s.version > before).await;
    }
    assert!(!state.can_undo, "no Undo offered once the game is over");
    let ended = state.moves.clone();
    players
        .send(&json!({ "type": "undo" }))
        .await
        .expect("send");
    let refused = next_error(&mut players).await;
    assert!(refused.contains("stays as it ended"), "{refused}");
    // Seen again by a new connection: as it ended.
    let (_, _, again) = server.join(&game.id, Some(&token(&game, 0))).await;
    assert_eq!(again.moves, ended);
    assert!(again.ending.is_some());
}
