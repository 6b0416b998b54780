//! Stopping the server and starting it again on the same data folder loses nothing.

use serde_json::json;

use crate::util::{Server, next_state, send_move, state_until, token};

#[tokio::test]
async fn every_acknowledged_move_survives_a_restart() {
    let server = Server::start().await;
    let online = server
        .create(json!({ "game": "pushee", "mode": "online" }))
        .await;
    let computer = server
        .create(json!({ "game": "quantik", "mode": "computer", "level": "random", "seat": 1 }))
        .await;
    let (t0, t1) = (token(&online, 0), token(&online, 1));
    let (mut first, _, s0) = server.join(&online.id, Some(&t0)).await;
    let (mut second, _, _) = server.join(&online.id, Some(&t1)).await;
    let opening = s0.legal[0].clone();
    send_move(&mut first, &opening).await;
    let acked = next_state(&mut first).await;
    let reply = next_state(&mut second).await.legal[3].clone();
    send_move(&mut second, &reply).await;
    let acked2 = next_state(&mut second).await;
    assert_eq!(acked2.moves.len(), 2);
    // The computer (seat 1) moves first in the other game.
    let ct = token(&computer, 1);
    let (mut human, _, joined) = server.join(&computer.id, Some(&ct)).await;
    let computer_moved = |s: &crate::util::State| s.moves.len() == 1 && !s.thinking;
    let before = if computer_moved(&joined) {
        joined
    } else {
        state_until(&mut human, computer_moved).await
    };
    // A move, the computer's reply, then an undo of both: the undo is stored too.
    let mine = before.legal[0].clone();
    send_move(&mut human, &mine).await;
    state_until(&mut human, |s| s.moves.len() == 3 && !s.thinking).await;
    human.send(&json!({ "type": "undo" })).await.expect("send");
    let undone = state_until(&mut human, |s| s.moves.len() == 1).await;
    assert_eq!(undone.moves, before.moves);

    let data = server.stop().await;
    drop((first, second, human));
    let server = Server::on(data).await;

    let (mut first, _, state) = server.join(&online.id, Some(&t0)).await;
    assert_eq!(state.moves, acked2.moves);
    assert!(state.version >= 1);
    assert_eq!(state.moves[0], acked.moves[0]);
    assert_eq!(state.board, {
        let (_, _, again) = server.join(&online.id, Some(&t0)).await;
        again.board
    });
    let mv = state.legal[0].clone();
    send_move(&mut first, &mv).await;
    assert_eq!(next_state(&mut first).await.moves.len(), 3);

    let (_human, _, state) = server.join(&computer.id, Some(&ct)).await;
    assert_eq!(state.moves, before.moves);
    assert_eq!(state.to_move, Some(1));
    assert!(!state.legal.is_empty());
}

#[tokio::test]
async fn a_corrupt_stored_game_is_refused_alone_and_the_server_starts() {
    let server = Server::start().await;
    let damaged = server
        .create(json!({ "game": "quantik", "mode": "hotseat" }))
        .await;
    let sound = server
        .create(json!({ "game": "nudge", "mode": "hotseat" }))
        .await;
    let data = server.stop().await;
    let changed = crate::util::database_sql(
        &data,
        "UPDATE games SET seats = '{not json' WHERE id = $1",
        &damaged.id,
    );
    assert_eq!(changed, "1");
    let server = Server::on(data).await;
    let path = format!("/api/games/{}/record", damaged.id);
    let answer = tabuleiro_load::client::request(server.addr, "GET", &path, None)
        .await
        .expect("request");
    assert_eq!(answer.status, 500, "{}", answer.body);
    assert!(
        answer
            .body
            .contains("cannot be loaded: the stored `seats` is corrupt"),
        "{}",
        answer.body
    );
    let (mut socket, _, state) = server.join(&sound.id, Some(&token(&sound, 0))).await;
    send_move(&mut socket, &state.legal[0]).await;
    assert_eq!(next_state(&mut socket).await.moves.len(), 1);
}

#[tokio::test]
async fn a_game_nobody_uses_leaves_memory_and_comes_back_when_joined() {
    let server = Server::start().await;
    let game = server
        .create(json!({ "game": "taiji", "mode": "hotseat" }))
        .await;
    let (mut socket, _, state) = server.join(&game.id, Some(&token(&game, 0))).await;
    send_move(&mut socket, &state.legal[0]).await;
    let played = next_state(&mut socket).await;
    assert_eq!(server.hub.active(), 1);
    // In use: kept, however many sweeps.
    for _ in 0..3 {
        assert_eq!(server.hub.sweep(), 0);
    }
    drop(socket);
    // Unused: dropped at the second sweep that finds it so.
    let mut dropped = 0;
    for _ in 0..50 {
        dropped += server.hub.sweep();
        if dropped > 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    assert_eq!(dropped, 1);
    assert_eq!(server.hub.active(), 0);
    assert_eq!(server.hub.stored_games().await.expect("count"), 1);
    let (_socket, _, again) = server.join(&game.id, Some(&token(&game, 1))).await;
    assert_eq!(again.moves, played.moves);
    assert_eq!(again.board, played.board);
    assert_eq!(server.hub.active(), 1);
}
