//! The abuse suite: what a hostile client or a page on another site tries, over real HTTP and
//! WebSocket connections, and the server's refusal.

use std::time::{Duration, Instant};

use serde_json::json;
use tabuleiro_load::client::{GameSocket, request, request_with};
use tabuleiro_web::limits::Limits;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::util::{Server, data_folder, token};

const NEW_GAME: &str = r#"{"game":"quantik","mode":"hotseat"}"#;

/// The status of a request for a new game with these headers.
async fn creates(server: &Server, headers: &[(&str, &str)]) -> u16 {
    request_with(server.addr, "POST", "/api/games", headers, Some(NEW_GAME))
        .await
        .expect("request")
        .status
}

#[tokio::test]
async fn a_form_or_text_body_cannot_create_a_game() {
    // What a page on another site can send without asking the server first.
    let server = Server::start().await;
    for content_type in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ] {
        let status = creates(&server, &[("Content-Type", content_type)]).await;
        assert_eq!(status, 415, "{content_type}");
    }
    assert_eq!(creates(&server, &[]).await, 415, "no Content-Type");
    let status = creates(
        &server,
        &[("Content-Type", "application/json; charset=utf-8")],
    )
    .await;
    assert_eq!(status, 201);
}

#[tokio::test]
async fn a_page_from_another_origin_cannot_create_or_join_a_game() {
    let server = Server::start().await;
    let json = ("Content-Type", "application/json");
    let evil = [json, ("Origin", "http://evil.example")];
    let answer = request_with(server.addr, "POST", "/api/games", &evil, Some(NEW_GAME))
        .await
        .expect("request");
    assert_eq!(answer.status, 403, "{}", answer.body);
    assert!(
        answer.body.contains("cross-site request refused"),
        "{}",
        answer.body
    );
    // No CORS header lets the page read an answer.
    assert!(
        !answer.head.to_ascii_lowercase().contains("access-control"),
        "{}",
        answer.head
    );
    // The server's own page may.
    let own = format!("http://{}", server.addr);
    let answer = request_with(
        server.addr,
        "POST",
        "/api/games",
        &[json, ("Origin", &own)],
        Some(NEW_GAME),
    )
    .await
    .expect("request");
    assert_eq!(answer.status, 201, "{}", answer.body);
    assert!(
        !answer.head.to_ascii_lowercase().contains("access-control"),
        "{}",
        answer.head
    );
    // Nor may it open a game's WebSocket.
    let game = server
        .create(json!({ "game": "quantik", "mode": "online" }))
        .await;
    let path = format!("/api/games/{}/ws", game.id);
    let handshake = [
        ("Upgrade", "websocket"),
        ("Sec-WebSocket-Version", "13"),
        ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
        ("Origin", "http://evil.example"),
    ];
    let answer = request_with(server.addr, "GET", &path, &handshake, None)
        .await
        .expect("request");
    assert_eq!(answer.status, 403, "{}", answer.body);
}

#[tokio::test]
async fn an_origin_the_operator_allows_may_create_games() {
    let limits = Limits {
        allowed_origins: vec!["https://play.example.org".to_owned()],
        ..Limits::default()
    };
    let server = Server::with(data_folder(), limits).await;
    let json = ("Content-Type", "application/json");
    assert_eq!(
        creates(&server, &[json, ("Origin", "https://play.example.org")]).await,
        201
    );
    assert_eq!(
        creates(&server, &[json, ("Origin", "https://other.example.org")]).await,
        403
    );
}

#[tokio::test]
async fn creating_games_beyond_the_rate_is_refused_with_429() {
    let limits = Limits {
        creations_per_minute: 3,
        ..Limits::default()
    };
    let server = Server::with(data_folder(), limits).await;
    for _ in 0..3 {
        server
            .create(json!({ "game": "quantik", "mode": "hotseat" }))
            .await;
    }
    let answer = request(server.addr, "POST", "/api/games", Some(NEW_GAME))
        .await
        .expect("request");
    assert_eq!(answer.status, 429, "{}", answer.body);
    assert!(
        answer.body.contains("at most 3 a minute"),
        "{}",
        answer.body
    );
    // The rest of the server goes on: the catalogue still answers.
    let catalog = request(server.addr, "GET", "/api/catalog", None)
        .await
        .expect("request");
    assert_eq!(catalog.status, 200);
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_rate() {
    let json = ("Content-Type", "application/json");
    let from = |client: &'static str| [json, ("X-Forwarded-For", client)];
    let trusting = Limits {
        creations_per_minute: 2,
        trusted_proxies: vec![
            tabuleiro_web::proxies::TrustedProxy::parse("127.0.0.1").expect("a proxy"),
        ],
        ..Limits::default()
    };
    let server = Server::with(data_folder(), trusting).await;
    // The proxy (this test, on 127.0.0.1) names two clients: each has its own bucket.
    for _ in 0..2 {
        assert_eq!(creates(&server, &from("203.0.113.1")).await, 201);
    }
    assert_eq!(creates(&server, &from("203.0.113.1")).await, 429);
    // What a client wrote into the header itself is not believed: the proxy's last word is.
    assert_eq!(
        creates(
            &server,
            &[json, ("X-Forwarded-For", "203.0.113.2, 203.0.113.1")]
        )
        .await,
        429
    );
    assert_eq!(creates(&server, &from("203.0.113.2")).await, 201);
    // A server that trusts no proxy ignores the header: one bucket for the address.
    let plain = Limits {
        creations_per_minute: 2,
        ..Limits::default()
    };
    let server = Server::with(data_folder(), plain).await;
    assert_eq!(creates(&server, &from("203.0.113.1")).await, 201);
    assert_eq!(creates(&server, &from("203.0.113.2")).await, 201);
    assert_eq!(creates(&server, &from("203.0.113.3")).await, 429);
}

/// Whether the server closes `stream` within `within` (reads until the end).
async fn closed_within(stream: &mut tokio::net::TcpStream, within: Duration) -> bool {
    let mut sink = Vec::new();
    tokio::time::timeout(within, stream.read_to_end(&mut sink))
        .await
        .is_ok()
}

#[tokio::test]
async fn connections_beyond_the_cap_of_an_address_are_closed_at_once() {
    let limits = Limits {
        max_connections_per_address: 3,
        ..Limits::default()
    };
    let server = Server::with(data_folder(), limits).await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(TcpStream::connect(server.addr).await.expect("connect"));
    }
    let mut extra = TcpStream::connect(server.addr).await.expect("connect");
    assert!(closed_within(&mut extra, Duration::from_secs(2)).await);
    // The held ones are still open (idle, within their header deadline of 10 s).
    assert!(!closed_within(&mut held[0], Duration::from_millis(200)).await);
    // One closed, one may come in.
    drop(held.pop());
    tokio::time::sleep(Duration::from_millis(100)).await;
    let answer = request(server.addr, "GET", "/api/catalog", None)
        .await
        .expect("request");
    assert_eq!(answer.status, 200);
}

#[tokio::test]
async fn a_request_whose_headers_never_end_is_closed_by_its_deadline() {
    let limits = Limits {
        header_timeout: Duration::from_millis(300),
        ..Limits::default()
    };
    let server = Server::with(data_folder(), limits).await;
    let mut slow = TcpStream::connect(server.addr).await.expect("connect");
    slow.write_all(b"GET /api/catalog HTTP/1.1\r\nHost: x\r\n")
        .await
        .expect("write");
    assert!(closed_within(&mut slow, Duration::from_secs(3)).await);
    // A connection that says nothing at all is closed too.
    let mut silent = TcpStream::connect(server.addr).await.expect("connect");
    assert!(closed_within(&mut silent, Duration::from_secs(3)).await);
}

#[tokio::test]
async fn a_websocket_that_never_joins_is_closed_by_its_deadline() {
    let limits = Limits {
        join_timeout: Duration::from_millis(300),
        ..Limits::default()
    };
    let server = Server::with(data_folder(), limits).await;
    let game = server
        .create(json!({ "game": "quantik", "mode": "online" }))
        .await;
    let mut socket = GameSocket::connect(server.addr, &game.id)
        .await
        .expect("connect");
    let said = tokio::time::timeout(Duration::from_secs(3), socket.next_text())
        .await
        .expect("closed in time")
        .expect("read");
    assert!(said.is_some_and(|t| t.contains("join the game within 0.3 s")));
    let end = tokio::time::timeout(Duration::from_secs(3), socket.next_text()).await;
    assert!(matches!(end, Ok(Ok(None) | Err(_))), "{end:?}");
}

#[tokio::test]
async fn a_silent_websocket_is_closed_and_one_that_answers_pings_stays() {
    let limits = Limits {
        idle_timeout: Duration::from_millis(600),
        ..Limits::default()
    };
    let server = Server::with(data_folder(), limits).await;
    let game = server
        .create(json!({ "game": "quantik", "mode": "online" }))
        .await;
    // This one reads (and so answers pings) all along.
    let (mut alive, _, _) = server.join(&game.id, None).await;
    // This one joins, then neither reads nor answers: a peer gone without closing.
    let (mut gone, _, _) = server.join(&game.id, None).await;
    let reader = tokio::spawn(async move {
        let quiet = tokio::time::timeout(Duration::from_millis(1500), alive.next_text()).await;
        (quiet.is_err(), alive)
    });
    tokio::time::sleep(Duration::from_millis(1500)).await;
    // The server has closed it (its last words may be lost: the client's pending answers
    // to pings then meet a closed socket).
    loop {
        let read = tokio::time::timeout(Duration::from_secs(2), gone.next_text())
            .await
            .expect("the silent connection is closed, not still open");
        match read {
            Ok(Some(text)) => assert!(!text.contains("\"state\""), "{text}"),
            Ok(None) | Err(_) => break,
        }
    }
    let (stayed_quiet, _alive) = reader.await.expect("reader");
    assert!(stayed_quiet, "the connection that answers pings is kept");
}

#[tokio::test]
async fn a_game_takes_spectators_up_to_its_limit() {
    let limits = Limits {
        spectators_per_game: 2,
        ..Limits::default()
    };
    let server = Server::with(data_folder(), limits).await;
    let game = server
        .create(json!({ "game": "quantik", "mode": "online" }))
        .await;
    let _first = server.join(&game.id, None).await;
    let _second = server.join(&game.id, None).await;
    let mut third = GameSocket::connect(server.addr, &game.id)
        .await
        .expect("connect");
    third
        .send(&json!({ "type": "join", "token": null }))
        .await
        .expect("send");
    let refused = third.next_text().await.expect("read").expect("a message");
    assert!(refused.contains("already has 2 spectators"), "{refused}");
    // The players themselves still join.
    let _player = server.join(&game.id, Some(&token(&game, 0))).await;
}

#[tokio::test]
async fn a_computer_move_waiting_for_a_thread_is_dropped_when_its_game_is_resigned() {
    // One thread to think on: the first game's computer (hard: a second a move) takes it, the
    // second game's waits; its player resigns meanwhile.
    // (On a shared database, one worker: the second game's move waits in the queue.)
    let limits = Limits {
        computer_threads: 1,
        workers: 1,
        ..Limits::default()
    };
    let server = Server::with(data_folder(), limits).await;
    let computer_first = json!({ "game": "taiji", "mode": "computer", "seat": 1, "level": "hard" });
    let busy = server.create(computer_first.clone()).await;
    // A computer thinks for a game someone has open.
    let (mut watcher, _, _) = server.join(&busy.id, Some(&token(&busy, 1))).await;
    let waiting = server.create(computer_first).await;
    let (mut player, _, state) = server.join(&waiting.id, Some(&token(&waiting, 1))).await;
    // Shown as thinking (the state after the join's), waiting for the thread.
    if !state.thinking {
        crate::util::state_until(&mut player, |s| s.thinking).await;
    }
    assert!(server.hub.searches_started() <= 1);
    player
        .send(&json!({ "type": "resign" }))
        .await
        .expect("send");
    let over = crate::util::state_until(&mut player, |s| s.ending.is_some()).await;
    assert!(over.moves.is_empty());
    // The first game's computer moves; the resigned one's never starts.
    crate::util::state_until(&mut watcher, |s| s.moves.len() == 1).await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(server.hub.searches_started(), 1);
}

#[tokio::test]
async fn resigning_stops_the_computer_thinking_at_once() {
    let server = Server::start().await;
    // The computer (hard: a second a move) moves first.
    let game = server
        .create(json!({ "game": "taiji", "mode": "computer", "seat": 1, "level": "hard" }))
        .await;
    let (mut player, _, _) = server.join(&game.id, Some(&token(&game, 1))).await;
    let mut waited = 0;
    while server.hub.searches_running() == 0 && waited < 200 {
        tokio::time::sleep(Duration::from_millis(5)).await;
        waited += 1;
    }
    assert_eq!(server.hub.searches_running(), 1, "the computer is thinking");
    let resigned = std::time::Instant::now();
    player
        .send(&json!({ "type": "resign" }))
        .await
        .expect("send");
    while server.hub.searches_running() > 0 {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    // Stopped, not run to its second (the margin is wide: a loaded machine is slow too).
    assert!(
        resigned.elapsed() < Duration::from_millis(700),
        "the search ran {:?} after the resignation",
        resigned.elapsed()
    );
}

/// A Quantik game against `random`, which moves first; returns how long its first move took
/// to reach the player.
async fn computer_reply_time(server: &Server) -> Duration {
    let game = server
        .create(json!({ "game": "quantik", "mode": "computer", "seat": 1, "level": "random" }))
        .await;
    let started = std::time::Instant::now();
    let (mut player, _, _) = server.join(&game.id, Some(&token(&game, 1))).await;
    crate::util::state_until(&mut player, |s| s.moves.len() == 1).await;
    started.elapsed()
}

#[tokio::test]
async fn a_client_that_stops_reading_with_a_hint_pending_holds_no_computer() {
    // One thread to think on. The attacker's connection stops reading until the server's
    // writes to it stall and its queue is full, then asks for a hint: the hint's search must
    // give the thread back without waiting for its answer to be delivered. (No rate of
    // messages, which would close the attacker before its hint.)
    let limits = Limits {
        computer_threads: 1,
        messages_per_second: 0,
        ..Limits::default()
    };
    let server = Server::with(data_folder(), limits).await;
    let game = server
        .create(json!({ "game": "taiji", "mode": "hotseat" }))
        .await;
    let (mut attacker, _, _) = server.join(&game.id, Some(&token(&game, 0))).await;
    for _ in 0..30_000 {
        attacker
            .send_text(r#"{"type":"look","at":0}"#)
            .await
            .expect("send a look");
    }
    attacker
        .send(&json!({ "type": "hint" }))
        .await
        .expect("send a hint");
    // The hint searches for 0.3 s; the connection is closed once a write has stalled 10 s.
    let took = computer_reply_time(&server).await;
    assert!(
        took < Duration::from_secs(6),
        "another game's computer waited {took:?}"
    );
    assert_eq!(server.hub.searches_started(), 1, "the honest game's search");
    drop(attacker);
}

#[tokio::test]
async fn analyses_and_hints_are_one_at_a_time_and_dropped_when_nobody_waits() {
    let limits = Limits {
        computer_threads: 1,
        messages_per_second: 0,
        ..Limits::default()
    };
    let server = Server::with(data_folder(), limits).await;
    let game = server
        .create(json!({ "game": "taiji", "mode": "hotseat" }))
        .await;
    let (mut player, _, _) = server.join(&game.id, Some(&token(&game, 0))).await;
    player
        .send(&json!({ "type": "resign" }))
        .await
        .expect("resign");
    crate::util::state_until(&mut player, |s| s.ending.is_some()).await;
    // A spectator asks for 100 analyses of the finished game: one is worked out, the others
    // are refused at once with a reason.
    let (mut spectator, _, _) = server.join(&game.id, None).await;
    for _ in 0..100 {
        spectator
            .send(&json!({ "type": "analyse", "at": 0 }))
            .await
            .expect("send");
    }
    let mut refused = 0;
    let mut analysed = 0;
    while refused + analysed < 100 {
        match crate::util::next(&mut spectator).await {
            tabuleiro_web::protocol::ServerMessage::Error { message } => {
                assert!(message.contains("one at a time"), "{message}");
                refused += 1;
            }
            tabuleiro_web::protocol::ServerMessage::Analysis { .. } => analysed += 1,
            _ => {}
        }
    }
    // (A second may start once the first is done, while the rest are still arriving.)
    assert!(
        analysed >= 1 && refused >= 90,
        "{analysed} analysed, {refused} refused"
    );
    // The only thread busy with a computer (hard: a second a move), the spectator's next
    // analysis waits for it; another connection's is refused meanwhile.
    let busy = server
        .create(json!({ "game": "taiji", "mode": "computer", "seat": 1, "level": "hard" }))
        .await;
    let (_busy_player, _, _) = server.join(&busy.id, Some(&token(&busy, 1))).await;
    spectator
        .send(&json!({ "type": "analyse", "at": 0 }))
        .await
        .expect("send");
    let (mut other, _, _) = server.join(&game.id, None).await;
    other
        .send(&json!({ "type": "analyse", "at": 0 }))
        .await
        .expect("send");
    let message = crate::util::next_error(&mut other).await;
    assert!(message.contains("being worked out"), "{message}");
    // The spectator leaves before its turn: its analysis is dropped, and the computers go on.
    drop(spectator);
    drop(other);
    let took = computer_reply_time(&server).await;
    assert!(took < Duration::from_secs(6), "a computer waited {took:?}");
}

#[tokio::test]
async fn a_computer_thinks_only_for_a_game_someone_has_open() {
    let server = Server::start().await;
    let mut games = Vec::new();
    for _ in 0..3 {
        games.push(
            server
                .create(json!({ "game": "taiji", "mode": "computer", "seat": 1, "level": "hard" }))
                .await,
        );
    }
    tokio::time::sleep(Duration::from_millis(800)).await;
    assert_eq!(server.hub.searches_started(), 0, "nobody opened them");
    // The first connection to join starts its computer.
    let (mut player, _, _) = server.join(&games[0].id, Some(&token(&games[0], 1))).await;
    crate::util::state_until(&mut player, |s| s.moves.len() == 1).await;
    assert_eq!(server.hub.searches_started(), 1);
}

/// The status of a raw request with this `Host` and these further header lines.
async fn raw_status(server: &Server, method: &str, host: &str, lines: &str, body: &str) -> u16 {
    let mut stream = TcpStream::connect(server.addr).await.expect("connect");
    let head = format!(
        "{method} /api/games HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n{lines}\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(head.as_bytes()).await.expect("write");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.expect("read");
    answer
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("not HTTP: {answer}"))
}

#[tokio::test]
async fn hosts_and_origins_must_name_this_server() {
    let limits = Limits {
        public_hosts: vec!["play.example.org".to_owned()],
        ..Limits::default()
    };
    let server = Server::with(data_folder(), limits).await;
    let own = server.addr.to_string();
    let json = "Content-Type: application/json\r\n";
    // DNS rebinding: another domain pointed at this address, its page sending its own
    // Origin and Host.
    let rebound = format!(
        "{json}Origin: http://evil.example:{}\r\n",
        server.addr.port()
    );
    let evil_host = format!("evil.example:{}", server.addr.port());
    assert_eq!(
        raw_status(&server, "POST", &evil_host, &rebound, NEW_GAME).await,
        421
    );
    assert_eq!(raw_status(&server, "GET", &evil_host, "", "").await, 421);
    // The scheme counts: this server speaks plain HTTP.
    let https = format!("{json}Origin: https://{own}\r\n");
    assert_eq!(
        raw_status(&server, "POST", &own, &https, NEW_GAME).await,
        403
    );
    // Two Origin headers: refused, whichever comes first.
    let two = format!("{json}Origin: http://{own}\r\nOrigin: http://evil.example\r\n");
    assert_eq!(raw_status(&server, "POST", &own, &two, NEW_GAME).await, 403);
    // Two Host headers: a bad request (RFC 9112), even when both name this server.
    for second in [own.as_str(), "evil.example"] {
        let two = format!("{json}Host: {second}\r\n");
        assert_eq!(raw_status(&server, "POST", &own, &two, NEW_GAME).await, 400);
        assert_eq!(
            raw_status(&server, "GET", &own, &format!("Host: {second}\r\n"), "").await,
            400
        );
    }
    // The server's own page, by address, by localhost, and by its public name behind TLS.
    let same = format!("{json}Origin: http://{own}\r\n");
    assert_eq!(
        raw_status(&server, "POST", &own, &same, NEW_GAME).await,
        201
    );
    let local = format!("localhost:{}", server.addr.port());
    let same = format!("{json}Origin: http://{local}\r\n");
    assert_eq!(
        raw_status(&server, "POST", &local, &same, NEW_GAME).await,
        201
    );
    let public = format!("{json}Origin: https://play.example.org\r\n");
    assert_eq!(
        raw_status(&server, "POST", "play.example.org", &public, NEW_GAME).await,
        201
    );
}

#[tokio::test]
async fn ladder_names_are_read_whatever_their_case_and_spaces_and_shown_as_the_ladder_spells_them()
{
    let server = Server::start().await;
    for asked in [" Hard", "hard\n", "HARD"] {
        let game = server
            .create(json!({ "game": "quantik", "mode": "computer", "seat": 0, "level": asked }))
            .await;
        let (_player, welcome, _) = server.join(&game.id, Some(&token(&game, 0))).await;
        let tabuleiro_web::protocol::ServerMessage::Welcome { seats, .. } = welcome else {
            panic!("{welcome:?}");
        };
        let names: Vec<&str> = seats.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(names, ["human", "hard"], "asked {asked:?}");
    }
}

/// The status line of whatever the server answers on `stream` within `within`, if any.
async fn answered_within(stream: &mut TcpStream, within: Duration) -> Option<String> {
    let mut answer = Vec::new();
    // Whether the server closes or the time runs out, what it said is in `answer`.
    let _ = tokio::time::timeout(within, stream.read_to_end(&mut answer)).await;
    let text = String::from_utf8_lossy(&answer).to_string();
    text.lines().next().map(str::to_owned)
}

#[tokio::test]
async fn a_body_that_never_comes_or_is_too_large_and_a_huge_header_are_refused() {
    let limits = Limits {
        body_timeout: Duration::from_millis(300),
        ..Limits::default()
    };
    let server = Server::with(data_folder(), limits).await;
    let head = |length: usize| {
        format!(
            "POST /api/games HTTP/1.1\r\nHost: {}\r\nContent-Type: application/json\r\n\
             Content-Length: {length}\r\n\r\n",
            server.addr
        )
    };
    // A body declared and never sent: 408 once its time is up.
    let mut stream = TcpStream::connect(server.addr).await.expect("connect");
    stream
        .write_all(head(16_000).as_bytes())
        .await
        .expect("write");
    let status = answered_within(&mut stream, Duration::from_secs(5)).await;
    assert!(
        status.as_deref().is_some_and(|s| s.contains(" 408 ")),
        "{status:?}"
    );
    // A body declared over the limit: 413 at once, before any of it is sent.
    let mut stream = TcpStream::connect(server.addr).await.expect("connect");
    stream
        .write_all(head(99_999_999).as_bytes())
        .await
        .expect("write");
    let status = answered_within(&mut stream, Duration::from_secs(5)).await;
    assert!(
        status.as_deref().is_some_and(|s| s.contains(" 413 ")),
        "{status:?}"
    );
    // A head of 200 KB: 431.
    let mut stream = TcpStream::connect(server.addr).await.expect("connect");
    let huge = format!(
        "GET /api/catalog HTTP/1.1\r\nHost: {}\r\nX-Padding: {}\r\n\r\n",
        server.addr,
        "a".repeat(200_000)
    );
    let _ = stream.write_all(huge.as_bytes()).await;
    let status = answered_within(&mut stream, Duration::from_secs(5)).await;
    assert!(
        status.as_deref().is_some_and(|s| s.contains(" 431 ")),
        "{status:?}"
    );
}

#[tokio::test]
async fn a_rematch_is_a_new_game_counted_against_its_address() {
    let limits = Limits {
        creations_per_minute: 3,
        ..Limits::default()
    };
    let server = Server::with(data_folder(), limits).await;
    let game = server
        .create(json!({ "game": "quantik", "mode": "hotseat" }))
        .await;
    let (mut id, mut seat_token) = (game.id.clone(), token(&game, 0));
    // The creation took one of three; two rematches take the rest; the third is refused.
    for rematch in 1..=3 {
        let (mut player, _, _) = server.join(&id, Some(&seat_token)).await;
        player
            .send(&json!({ "type": "resign" }))
            .await
            .expect("resign");
        crate::util::state_until(&mut player, |s| s.ending.is_some()).await;
        player
            .send(&json!({ "type": "rematch" }))
            .await
            .expect("rematch");
        if rematch == 3 {
            let refused = loop {
                if let tabuleiro_web::protocol::ServerMessage::Error { message } =
                    crate::util::next(&mut player).await
                {
                    break message;
                }
            };
            assert!(refused.contains("too many new games"), "{refused}");
            return;
        }
        let link = crate::util::state_until(&mut player, |s| s.rematch.is_some())
            .await
            .rematch
            .expect("a link");
        let (game, token) = link
            .trim_start_matches("/?game=")
            .split_once("#token=")
            .expect("a seat's link");
        (id, seat_token) = (game.to_owned(), token.to_owned());
    }
}

#[tokio::test]
async fn one_client_network_cannot_fill_the_computers_queue() {
    // On a shared database, the same bound holds through the database's queue: the workers
    // skip the jobs of a network that holds its share of claims.
    // One thread to think on; each network may have one search waiting or running.
    let limits = Limits {
        computer_threads: 1,
        computer_share: 1,
        ..Limits::default()
    };
    let server = Server::with(data_folder(), limits).await;
    // From another network (127.0.0.2): eight games against `hard` (a second a move), each
    // opened, each computer to move.
    let crowd: std::net::IpAddr = [127, 0, 0, 2].into();
    let mut crowding = Vec::new();
    for _ in 0..8 {
        let game = server
            .create(json!({ "game": "taiji", "mode": "computer", "seat": 1, "level": "hard" }))
            .await;
        let mut socket = GameSocket::connect_from(server.addr, &game.id, crowd)
            .await
            .expect("connect from 127.0.0.2");
        socket
            .send(&json!({ "type": "join", "token": token(&game, 1) }))
            .await
            .expect("join");
        crowding.push(socket);
    }
    tokio::time::sleep(Duration::from_millis(200)).await;
    // This network's computer waits behind one of theirs at most, not behind all eight.
    let took = computer_reply_time(&server).await;
    assert!(
        took < Duration::from_millis(3500),
        "waited {took:?} behind another network's searches"
    );
    drop(crowding);
}

#[tokio::test]
async fn a_client_that_stops_reading_is_closed_once_a_write_stalls() {
    // No rate of messages here: the looks must come faster than the client reads them.
    let limits = Limits {
        messages_per_second: 0,
        ..Limits::default()
    };
    let server = Server::with(data_folder(), limits).await;
    let game = server
        .create(json!({ "game": "taiji", "mode": "hotseat" }))
        .await;
    let (mut attacker, _, _) = server.join(&game.id, Some(&token(&game, 0))).await;
    // Looks, never reading the pictures that come back, until the connection fails. The server
    // reads them until a write to this client has waited its write timeout (the kernel's
    // buffers take some megabytes first), then closes at once: no closing handshake, which
    // would wait on the same stalled writes.
    let start = Instant::now();
    let mut unread_since = None;
    loop {
        let look = attacker.send_text(r#"{"type":"look","at":0}"#);
        match tokio::time::timeout(Duration::from_secs(1), look).await {
            Ok(Ok(())) => {}
            Ok(Err(_)) => break,
            Err(_) => {
                unread_since.get_or_insert_with(Instant::now);
            }
        }
        assert!(
            start.elapsed() < Duration::from_secs(90),
            "still open after {:?}",
            start.elapsed()
        );
    }
    let waited = unread_since
        .map(|since| since.elapsed())
        .unwrap_or_default();
    assert!(
        waited < Duration::from_secs(3),
        "the server stopped reading {waited:?} before it closed the connection"
    );
}

#[tokio::test]
async fn a_websocket_past_its_rate_of_messages_is_told_and_closed() {
    let server = Server::with(data_folder(), Limits::default()).await;
    let game = server
        .create(json!({ "game": "taiji", "mode": "hotseat" }))
        .await;
    // A page's pace (25 looks a second for two seconds, past the burst of 100): answered.
    let (mut steady, _, _) = server.join(&game.id, Some(&token(&game, 0))).await;
    for _ in 0..50 {
        steady
            .send_text(r#"{"type":"look","at":0}"#)
            .await
            .expect("send a look");
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
    let mut looks = 0;
    while looks < 50 {
        match crate::util::next(&mut steady).await {
            tabuleiro_web::protocol::ServerMessage::Look { .. } => looks += 1,
            tabuleiro_web::protocol::ServerMessage::Error { message } => panic!("{message}"),
            _ => {}
        }
    }
    // A flood: told why, then closed.
    let (mut flood, _, _) = server.join(&game.id, Some(&token(&game, 0))).await;
    for _ in 0..300 {
        if flood.send_text(r#"{"type":"look","at":0}"#).await.is_err() {
            break;
        }
    }
    let mut told = None;
    loop {
        let next = tokio::time::timeout(Duration::from_secs(5), flood.next_text())
            .await
            .expect("the flooding connection is still open");
        match next {
            Ok(Some(text)) => {
                if text.contains("messages a second") {
                    told = Some(text);
                }
            }
            Ok(None) | Err(_) => break,
        }
    }
    let told = told.expect("an error naming the rate");
    assert!(told.contains("more than 50 messages a second"), "{told}");
}

#[tokio::test]
async fn an_analysis_whose_connection_closes_gives_its_thread_back() {
    // One thread to think on; an analysis of Taiji's start searches for 1.5 s.
    let limits = Limits {
        computer_threads: 1,
        ..Limits::default()
    };
    let server = Server::with(data_folder(), limits).await;
    let game = server
        .create(json!({ "game": "taiji", "mode": "hotseat" }))
        .await;
    let (mut player, _, _) = server.join(&game.id, Some(&token(&game, 0))).await;
    player
        .send(&json!({ "type": "resign" }))
        .await
        .expect("resign");
    crate::util::state_until(&mut player, |s| s.ending.is_some()).await;
    let (mut spectator, _, _) = server.join(&game.id, None).await;
    spectator
        .send(&json!({ "type": "analyse", "at": 0 }))
        .await
        .expect("send");
    // Under way, then nobody waits for it.
    tokio::time::sleep(Duration::from_millis(300)).await;
    drop(spectator);
    let took = computer_reply_time(&server).await;
    assert!(
        took < Duration::from_millis(800),
        "a computer waited {took:?} behind an analysis nobody waits for"
    );
}
