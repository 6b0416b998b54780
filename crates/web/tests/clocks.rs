//! Clocks, over HTTP and WebSocket on the real store (SQLite, and PostgreSQL when
//! `scripts/test` runs the server tests again on it): the first move starts them, the server
//! charges each turn, a player out of time loses when nobody is connected, and the record
//! keeps each move's clock; a quick restart's time counts (a long outage does not:
//! `crates/cli/tests/serve.rs` kills a server for 15 s).

use std::time::Duration;

use serde_json::json;
use tabuleiro_load::client::{GameSocket, request};
use tabuleiro_web::clock::ClockView;
use tabuleiro_web::protocol::ServerMessage;

use crate::util::{Server, next, send_move, token};

/// The clock and ending of the next state that satisfies `done`.
async fn clock_until(
    socket: &mut GameSocket,
    done: impl Fn(&ClockView, bool) -> bool,
) -> (ClockView, Option<String>) {
    loop {
        if let ServerMessage::State {
            clock: Some(clock),
            ending,
            ..
        } = next(socket).await
            && done(&clock, ending.is_some())
        {
            return (*clock, ending.map(|e| e.text));
        }
    }
}

/// A new online Quantik game on a clock of `minutes`; its id and seat tokens.
async fn timed(server: &Server, minutes: f64) -> (String, [String; 2]) {
    let created = server
        .create(json!({ "game": "quantik", "mode": "online", "clock": { "minutes": minutes, "increment": 1 } }))
        .await;
    (created.id.clone(), [token(&created, 0), token(&created, 1)])
}

#[tokio::test]
async fn the_server_charges_each_turn_and_ends_a_game_out_of_time() {
    let server = Server::start().await;
    let (id, tokens) = timed(&server, 0.05).await;
    let mut one = GameSocket::connect(server.addr, &id)
        .await
        .expect("connect");
    one.send(&json!({ "type": "join", "token": tokens[0] }))
        .await
        .expect("join");
    let (clock, _) = clock_until(&mut one, |_, _| true).await;
    assert_eq!(clock.remaining, vec![3000, 3000]);
    assert_eq!((clock.running, clock.control.as_str()), (None, "0.05+1"));
    send_move(&mut one, "Ca1").await;
    let (clock, _) = clock_until(&mut one, |c, _| c.running.is_some()).await;
    assert_eq!(clock.running, Some(1));
    assert_eq!(
        clock.remaining[0], 4000,
        "the first move is free, and earns the increment"
    );
    assert!(
        clock.remaining[1] <= 3000 && clock.remaining[1] > 2500,
        "{clock:?}"
    );
    // Player 2 answers at once; then player 1 never moves: the server ends the game when
    // the time is out, nobody asking (a player who never moved would abort it instead:
    // `claims.rs`).
    let (mut two, _, _) = server.join(&id, Some(&tokens[1])).await;
    send_move(&mut two, "Cd4").await;
    clock_until(&mut one, |c, _| c.running == Some(0)).await;
    drop(one);
    drop(two);
    tokio::time::sleep(Duration::from_millis(4600)).await;
    let mut watch = GameSocket::connect(server.addr, &id)
        .await
        .expect("connect");
    watch.send(&json!({ "type": "join" })).await.expect("join");
    let (clock, ending) = clock_until(&mut watch, |_, _| true).await;
    assert!(
        ending
            .as_deref()
            .is_some_and(|e| e.contains("player 1 ran out of time")),
        "{ending:?}"
    );
    assert_eq!((clock.running, clock.remaining[0]), (None, 0));
    let answer = request(server.addr, "GET", &format!("/api/games/{id}/record"), None)
        .await
        .expect("record");
    let record = tabuleiro_core::GameRecord::from_json(&answer.body).expect("a record");
    assert_eq!(record.clocks.len(), 2, "each move's clock");
    assert_eq!(record.clocks[0], 3000, "the first move is free");
    // The record says how the game ended, and replays to it.
    let result = record.result.as_ref().expect("the record's result");
    assert_eq!(result.winner(), Some(tabuleiro_core::Player(1)), "{result}");
    assert!(result.reason.contains("ran out of time"), "{result}");
    assert_eq!(record.forfeit.as_ref().map(|f| f.seat), Some(0));
    record
        .replay::<tabuleiro_games::quantik::Quantik>()
        .expect("replays to the loss on time");
}

#[tokio::test]
async fn a_move_after_the_deadline_loses_and_a_quick_restarts_time_counts() {
    let server = Server::start().await;
    let (id, tokens) = timed(&server, 0.1).await;
    let (mut one, _, _) = server.join(&id, Some(&tokens[0])).await;
    send_move(&mut one, "Ca1").await;
    clock_until(&mut one, |c, _| c.running == Some(1)).await;
    drop(one);
    let data = server.stop().await;
    // Well under the 2 s that make an outage (store::outage), the last beat included.
    tokio::time::sleep(Duration::from_millis(700)).await;
    let server = Server::on(data).await;
    let mut two = GameSocket::connect(server.addr, &id)
        .await
        .expect("connect");
    two.send(&json!({ "type": "join", "token": tokens[1] }))
        .await
        .expect("join");
    let (clock, ending) = clock_until(&mut two, |_, _| true).await;
    assert_eq!(ending, None);
    assert!(
        clock.remaining[1] < 5400,
        "the time of a quick restart counts: {clock:?}"
    );
    // The game is ended by the server as soon as the time is out: a move after that is late.
    clock_until(&mut two, |_, over| over).await;
    send_move(&mut two, "Cd4").await;
    let refused = loop {
        if let ServerMessage::Error { message } = next(&mut two).await {
            break message;
        }
    };
    assert!(refused.contains("over"), "{refused}");
}

#[tokio::test]
async fn clocks_outside_the_offer_or_without_people_are_refused() {
    let server = Server::start().await;
    for (body, says) in [
        (
            json!({ "game": "quantik", "mode": "online", "clock": { "days": 5 } }),
            "1, 2, 3 or 7 days",
        ),
        (
            json!({ "game": "quantik", "mode": "online", "clock": { "minutes": 900 } }),
            "minutes",
        ),
        (
            json!({ "game": "quantik", "mode": "computer", "clock": { "minutes": 3, "increment": 2 } }),
            "between people",
        ),
        (
            json!({ "game": "quantik", "mode": "rated", "clock": { "days": 2 } }),
            "choose a name",
        ),
    ] {
        let answer = request(server.addr, "POST", "/api/games", Some(&body.to_string()))
            .await
            .expect("request");
        assert_eq!(answer.status, 400, "{body}: {}", answer.body);
        assert!(answer.body.contains(says), "{body}: {}", answer.body);
    }
    let created = server
        .create(json!({ "game": "quantik", "mode": "casual", "clock": { "days": 2 } }))
        .await;
    let (_, welcome, _) = server.join(&created.id, None).await;
    assert!(matches!(welcome, ServerMessage::Welcome { .. }));
}

#[tokio::test]
async fn a_move_that_says_how_long_its_player_thought_has_its_lag_forgiven_within_a_quota() {
    let server = Server::start().await;
    let (id, tokens) = timed(&server, 1.0).await;
    let (mut one, _, _) = server.join(&id, Some(&tokens[0])).await;
    let (mut two, _, _) = server.join(&id, Some(&tokens[1])).await;
    send_move(&mut one, "Ca1").await;
    // Player 2 takes 1.2 s by the server's count, but says it thought 200 ms: 500 ms of it
    // (the whole quota) is forgiven, not the whole second.
    clock_until(&mut two, |c, _| c.running == Some(1)).await;
    tokio::time::sleep(Duration::from_millis(1200)).await;
    two.send(&json!({ "type": "move", "notation": "Cd4", "thought": 200 }))
        .await
        .expect("move");
    let (clock, _) = clock_until(&mut two, |c, _| c.running == Some(0)).await;
    let charged = 60_000 + 1_000 - clock.remaining[1];
    assert!(
        (700..1_000).contains(&charged),
        "1.2 s less the 500 ms quota, give or take the server's own delays: {charged} ms"
    );
    // A page that says it thought longer than the server counted is charged what the server
    // counted.
    clock_until(&mut one, |c, _| c.running == Some(0)).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    one.send(&json!({ "type": "move", "notation": "Yb2", "thought": 60_000 }))
        .await
        .expect("move");
    let (clock, _) = clock_until(&mut one, |c, _| c.running == Some(1)).await;
    let charged = 61_000 + 1_000 - clock.remaining[0];
    assert!(
        (300..1_000).contains(&charged),
        "about 300 ms, not a minute: {charged} ms"
    );
}
