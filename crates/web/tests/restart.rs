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
