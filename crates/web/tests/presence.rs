//! Who is here, over WebSocket on the real store: each seat of a game between people shows
//! whether its player has the game open, and how long they have been away, in every state and
//! in a `presence` message when it changes; spectators are nobody's seat (on SQLite, and on
//! PostgreSQL in `scripts/test`'s pass; across two nodes: `crates/cli/tests/nodes/across.rs`).

use serde_json::json;
use tabuleiro_load::client::GameSocket;
use tabuleiro_web::protocol::{SeatPresence, ServerMessage};

use crate::util::{Server, next, next_any, token};

/// The presence of the next `state` or `presence` message.
async fn presence(socket: &mut GameSocket) -> Option<Vec<SeatPresence>> {
    loop {
        match next_any(socket).await {
            ServerMessage::State { presence, .. } => return presence,
            ServerMessage::Presence { seats } => return Some(seats),
            _ => {}
        }
    }
}

/// The presence messages' seats until `done` holds.
async fn presence_until(
    socket: &mut GameSocket,
    done: impl Fn(&[SeatPresence]) -> bool,
) -> Vec<SeatPresence> {
    loop {
        if let Some(seats) = presence(socket).await
            && done(&seats)
        {
            return seats;
        }
    }
}

#[tokio::test]
async fn each_seat_shows_whether_its_player_is_here_and_for_how_long_not() {
    let server = Server::start().await;
    let created = server
        .create(json!({ "game": "quantik", "mode": "online" }))
        .await;
    let mut one = GameSocket::connect(server.addr, &created.id)
        .await
        .expect("connect");
    one.send(&json!({ "type": "join", "token": token(&created, 0) }))
        .await
        .expect("join");
    let first = loop {
        if let ServerMessage::State { presence, .. } = next(&mut one).await {
            break presence;
        }
    };
    assert!(first.is_some(), "a game between people shows presence");
    // Player 1 is here; player 2 has not come yet.
    let seats = presence_until(&mut one, |s| s[0].connected).await;
    assert!(
        !seats[1].connected && seats[1].away_ms.is_some(),
        "{seats:?}"
    );
    // A spectator is nobody's seat.
    let (_watcher, _, _) = server.join(&created.id, None).await;
    let (mut two, _, _) = server.join(&created.id, Some(&token(&created, 1))).await;
    let seats = presence_until(&mut one, |s| s.iter().all(|p| p.connected)).await;
    assert!(seats.iter().all(|p| p.away_ms.is_none()), "{seats:?}");
    assert!(
        presence_until(&mut two, |s| s.iter().all(|p| p.connected))
            .await
            .len()
            == 2
    );
    // Player 2 closes the page: player 1 is told at once, and how long it has been.
    drop(two);
    let seats = presence_until(&mut one, |s| !s[1].connected).await;
    assert!(seats[0].connected);
    let left = seats[1].away_ms.expect("away for some time");
    assert!(left < 5_000, "{left} ms");
    tokio::time::sleep(std::time::Duration::from_millis(1_200)).await;
    // Every state carries it too, the time away counted on.
    one.send(&json!({ "type": "move", "notation": "Ca1" }))
        .await
        .expect("send");
    let later = loop {
        if let ServerMessage::State {
            presence: Some(seats),
            moves,
            ..
        } = next(&mut one).await
            && moves.len() == 1
        {
            break seats;
        }
    };
    assert!(!later[1].connected);
    assert!(later[1].away_ms.is_some_and(|ms| ms >= 1_000), "{later:?}");
    // Back: here again.
    let (mut back, _, _) = server.join(&created.id, Some(&token(&created, 1))).await;
    presence_until(&mut one, |s| s[1].connected).await;
    presence_until(&mut back, |s| s.iter().all(|p| p.connected)).await;
}
