//! Clocks across nodes: a game whose time runs out is ended by a node that never served it,
//! and a real-time game keeps its clocks right through a restart of its node (time counts
//! while the node is down).

use std::time::{Duration, Instant};

use serde_json::json;
use tabuleiro_web::client::GameSocket;
use tabuleiro_web::clock::ClockView;
use tabuleiro_web::protocol::ServerMessage;

use super::{create, database, join, node};

/// The clock and ending of the next state.
async fn clock_of(socket: &mut GameSocket) -> (ClockView, Option<String>) {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(30), socket.next())
            .await
            .expect("a message within 30 s")
            .expect("a message");
        if let ServerMessage::State {
            clock: Some(clock),
            ending,
            ..
        } = message
        {
            return (clock, ending.map(|e| e.text));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test runs it (TABULEIRO_TEST_POSTGRES)"]
async fn a_game_out_of_time_is_ended_by_a_node_that_never_served_it() {
    let url = database("flag");
    let mut a = node(&url);
    let b = node(&url);
    let game = create(
        &a,
        json!({ "game": "quantik", "mode": "online", "clock": { "minutes": 0.05 } }),
    )
    .await;
    let token = game.seats[0].token.clone().expect("a token");
    let mut one = join(&a, &game.id, Some(&token)).await;
    clock_of(&mut one).await;
    one.send(&json!({ "type": "move", "notation": "Ca1" }))
        .await
        .expect("send");
    loop {
        if clock_of(&mut one).await.0.running == Some(1) {
            break;
        }
    }
    // The node that served the game dies; nobody is connected to the other.
    a.kill();
    tokio::time::sleep(Duration::from_millis(3500)).await;
    let mut watch = join(&b, &game.id, None).await;
    let (clock, ending) = clock_of(&mut watch).await;
    assert!(
        ending
            .as_deref()
            .is_some_and(|e| e.contains("player 2 ran out of time")),
        "{ending:?}"
    );
    assert_eq!((clock.running, clock.remaining[1]), (None, 0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test runs it (TABULEIRO_TEST_POSTGRES)"]
async fn a_real_time_game_keeps_its_clocks_through_a_restart_of_its_node() {
    let url = database("restart_clock");
    let mut a = node(&url);
    let game = create(
        &a,
        json!({ "game": "quantik", "mode": "online", "clock": { "minutes": 1, "increment": 2 } }),
    )
    .await;
    let token = game.seats[0].token.clone().expect("a token");
    let mut one = join(&a, &game.id, Some(&token)).await;
    clock_of(&mut one).await;
    one.send(&json!({ "type": "move", "notation": "Ca1" }))
        .await
        .expect("send");
    let started = Instant::now();
    loop {
        if clock_of(&mut one).await.0.running == Some(1) {
            break;
        }
    }
    drop(one);
    a.kill();
    tokio::time::sleep(Duration::from_secs(2)).await;
    let a = node(&url);
    let mut watch = join(&a, &game.id, None).await;
    let (clock, ending) = clock_of(&mut watch).await;
    let measured = 60_000 - i64::try_from(started.elapsed().as_millis()).unwrap_or(0);
    assert_eq!(ending, None);
    assert_eq!(clock.running, Some(1));
    assert_eq!(
        clock.remaining[0], 62_000,
        "player 1's clock: a free first move and 2 s more"
    );
    let shown = i64::try_from(clock.remaining[1]).unwrap_or(0);
    assert!(
        (shown - measured).abs() <= 500,
        "player 2's clock counts the time the node was down: shown {shown} ms, measured {measured} ms"
    );
}
