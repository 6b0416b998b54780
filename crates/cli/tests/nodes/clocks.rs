//! Clocks and the lobby across nodes: a game whose time runs out is ended by a node that never
//! served it (another node carries on the clocks), a real-time game keeps its clocks right
//! through an outage of every node (15 s without a node cost nobody time), and a challenge posted on one node is accepted on another,
//! its poster told on the page they have open on the first, the game then listed as being
//! played by both with the spectators of both.

use std::time::{Duration, Instant};

use serde_json::json;
use tabuleiro_load::client::GameSocket;
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
            return (*clock, ending.map(|e| e.text));
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
    // Player 2 makes their first move (a player who never moves aborts the game instead);
    // then player 1's time runs.
    let token = game.seats[1].token.clone().expect("a token");
    let mut two = join(&a, &game.id, Some(&token)).await;
    two.send(&json!({ "type": "move", "notation": "Cd4" }))
        .await
        .expect("send");
    loop {
        if clock_of(&mut one).await.0.running == Some(0) {
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
            .is_some_and(|e| e.contains("player 1 ran out of time")),
        "{ending:?}"
    );
    assert_eq!((clock.running, clock.remaining[0]), (None, 0));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test runs it (TABULEIRO_TEST_POSTGRES)"]
async fn a_real_time_game_keeps_its_clocks_through_an_outage_of_every_node() {
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
    // The only node dies: what player 2 had left then is what they have when it is back.
    let left_at_kill = 60_000 - i64::try_from(started.elapsed().as_millis()).unwrap_or(0);
    a.kill();
    tokio::time::sleep(Duration::from_secs(15)).await;
    let a = node(&url);
    let mut watch = join(&a, &game.id, None).await;
    let (clock, ending) = clock_of(&mut watch).await;
    assert_eq!(ending, None);
    assert_eq!(clock.running, Some(1));
    assert_eq!(
        clock.remaining[0], 62_000,
        "player 1's clock: a free first move and 2 s more"
    );
    let shown = i64::try_from(clock.remaining[1]).unwrap_or(0);
    assert!(
        (shown - left_at_kill).abs() <= 1_000,
        "an outage of 15 s costs player 2 nothing: shown {shown} ms, {left_at_kill} ms left \
         when the node died"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test runs it (TABULEIRO_TEST_POSTGRES)"]
async fn a_challenge_posted_on_one_node_is_accepted_on_another() {
    use tabuleiro_load::client::request_with;
    let url = database("lobby");
    let a = node(&url);
    let b = node(&url);
    // A player on each node: a name gives a session cookie.
    let mut sessions = Vec::new();
    for (n, name) in [(&a, "Ana"), (&b, "Bia")] {
        let answer = request_with(
            n.addr,
            "POST",
            "/api/me",
            &[("Content-Type", "application/json")],
            Some(&json!({ "name": name }).to_string()),
        )
        .await
        .expect("a name");
        assert_eq!(answer.status, 201, "{}", answer.body);
        let cookie = answer
            .head
            .lines()
            .find_map(|l| {
                l.strip_prefix("set-cookie: ")
                    .or_else(|| l.strip_prefix("Set-Cookie: "))
            })
            .and_then(|c| c.split(';').next())
            .expect("a cookie")
            .to_owned();
        sessions.push(cookie);
    }
    let as_player = |i: usize| {
        vec![
            ("Content-Type", "application/json"),
            ("Cookie", sessions[i].as_str()),
        ]
    };
    let posted = request_with(
        a.addr,
        "POST",
        "/api/lobby",
        &as_player(0),
        Some(&json!({ "game": "quantik", "clock": { "minutes": 3, "increment": 2 } }).to_string()),
    )
    .await
    .expect("posted");
    assert_eq!(posted.status, 201, "{}", posted.body);
    let id = serde_json::from_str::<serde_json::Value>(&posted.body).expect("JSON")["id"]
        .as_str()
        .expect("an id")
        .to_owned();
    let listed = request_with(b.addr, "GET", "/api/lobby", &as_player(1), None)
        .await
        .expect("the lobby");
    assert!(
        listed.body.contains(&id),
        "node B lists it: {}",
        listed.body
    );
    // Ana has a page of the site open on node A; Bia accepts on node B, which tells Ana
    // through the database's notifications.
    let secret = sessions[0]
        .strip_prefix("tabuleiro_session=")
        .expect("a session cookie");
    let mut ana_site = GameSocket::site(a.addr, secret)
        .await
        .expect("Ana's site channel");
    // From another network: a rated challenge is refused from the one it was posted from.
    let accepted = tabuleiro_load::client::request_from(
        Some(std::net::IpAddr::from([127, 0, 0, 31])),
        b.addr,
        "POST",
        &format!("/api/lobby/{id}/accept"),
        &as_player(1),
        None,
    )
    .await
    .expect("accepted");
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    let game = serde_json::from_str::<serde_json::Value>(&accepted.body).expect("JSON")["game"]
        .as_str()
        .expect("started")
        .to_owned();
    let told = tokio::time::timeout(Duration::from_secs(10), ana_site.next_text())
        .await
        .expect("told within 10 s")
        .expect("the channel is open")
        .expect("an event");
    let told: tabuleiro_web::site::SiteEvent = serde_json::from_str(&told).expect("an event");
    assert_eq!(
        told,
        tabuleiro_web::site::SiteEvent::Started {
            game: game.clone(),
            name: "Quantik".to_owned()
        },
        "the node Ana is on tells her"
    );
    // The creator's node knows it started, and its game is there.
    let one = request_with(
        a.addr,
        "GET",
        &format!("/api/lobby/{id}"),
        &as_player(0),
        None,
    )
    .await
    .expect("the challenge");
    assert!(one.body.contains(&game), "{}", one.body);
    let mut watch = join(&a, &game, None).await;
    let (clock, ending) = clock_of(&mut watch).await;
    assert_eq!((clock.control.as_str(), ending), ("3+2", None));
    // A spectator on each node: each node's lobby lists the game being played with both
    // (its own, and the other node's as that node wrote them).
    let _watch_b = join(&b, &game, None).await;
    for n in [&a, &b] {
        let give_up = Instant::now() + Duration::from_secs(15);
        loop {
            let lobby = request_with(n.addr, "GET", "/api/lobby", &as_player(0), None)
                .await
                .expect("the lobby");
            let lobby: serde_json::Value = serde_json::from_str(&lobby.body).expect("JSON");
            let spectators = lobby["playing"]
                .as_array()
                .and_then(|games| games.iter().find(|g| g["id"] == game.as_str()))
                .map(|g| g["spectators"].clone());
            if spectators == Some(json!(2)) {
                break;
            }
            assert!(
                Instant::now() < give_up,
                "both spectators in the lobby of {}: {lobby}",
                n.addr
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}
