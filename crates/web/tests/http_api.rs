//! The HTTP side: the page, the catalogue, creating games and downloading records.

use serde_json::json;
use tabuleiro_ai::{GameTable, Level, Seat};
use tabuleiro_core::{Game, GameRecord};
use tabuleiro_games::quantik::Quantik;
use tabuleiro_load::client::{request, request_with};

use crate::util::{Server, next_error, next_state, send_move, token};

/// A header's value in an answer's head (names compared without case).
fn header_of(head: &str, name: &str) -> Option<String> {
    head.lines().find_map(|line| {
        let (n, v) = line.split_once(':')?;
        n.trim()
            .eq_ignore_ascii_case(name)
            .then(|| v.trim().to_owned())
    })
}

#[tokio::test]
async fn the_page_is_sent_compressed_and_not_again_while_unchanged() {
    let server = Server::start().await;
    for asset in [
        "/",
        "/js/main.js",
        "/js/board.js",
        "/app.css",
        "/favicon.svg",
    ] {
        let plain = request_with(server.addr, "GET", asset, &[], None)
            .await
            .expect(asset);
        assert_eq!(header_of(&plain.head, "content-encoding"), None, "{asset}");
        let etag = header_of(&plain.head, "etag").expect("an ETag");
        for (accepted, coding) in [("gzip, deflate", "gzip"), ("gzip, deflate, br", "br")] {
            let packed = request_with(
                server.addr,
                "GET",
                asset,
                &[("Accept-Encoding", accepted)],
                None,
            )
            .await
            .expect(asset);
            assert_eq!(packed.status, 200);
            assert_eq!(
                header_of(&packed.head, "content-encoding").as_deref(),
                Some(coding),
                "{asset}"
            );
            let length: usize = header_of(&packed.head, "content-length")
                .and_then(|l| l.parse().ok())
                .expect("a length");
            assert!(
                length < plain.body.len(),
                "{asset}: {length} bytes {coding}"
            );
        }
        let again = request_with(
            server.addr,
            "GET",
            asset,
            &[("If-None-Match", &etag), ("Accept-Encoding", "br")],
            None,
        )
        .await
        .expect(asset);
        assert_eq!(again.status, 304, "{asset}");
        assert!(again.body.is_empty(), "{asset}");
    }
}

#[tokio::test]
async fn the_page_and_catalogue_are_served() {
    let server = Server::start().await;
    let page = request(server.addr, "GET", "/", None).await.expect("page");
    assert_eq!(page.status, 200);
    assert!(
        page.body
            .contains(r#"<script type="module" src="/js/main.js">"#),
        "{}",
        page.body
    );
    let answer = request(server.addr, "GET", "/app.css", None)
        .await
        .expect("css");
    assert_eq!(answer.status, 200);
    assert!(!answer.body.is_empty());
    // Every module the page imports, from main.js on, is served as JavaScript.
    let mut wanted = vec!["main.js".to_owned()];
    let mut seen = std::collections::BTreeSet::new();
    while let Some(name) = wanted.pop() {
        if !seen.insert(name.clone()) {
            continue;
        }
        let path = format!("/js/{name}");
        let answer = request(server.addr, "GET", &path, None).await.expect(&path);
        assert_eq!(answer.status, 200, "{path}");
        assert!(
            header_of(&answer.head, "content-type")
                .is_some_and(|t| t.starts_with("text/javascript")),
            "{path}"
        );
        for line in answer.body.lines().filter(|l| l.starts_with("import ")) {
            let imported = line
                .split("\"./")
                .nth(1)
                .and_then(|rest| rest.split('"').next())
                .expect("an import of a sibling module");
            wanted.push(imported.to_owned());
        }
    }
    assert!(seen.len() >= 8, "{seen:?}");
    let missing = request(server.addr, "GET", "/js/nothing.js", None)
        .await
        .expect("missing");
    assert_eq!(missing.status, 404);
    let catalog = request(server.addr, "GET", "/api/catalog", None)
        .await
        .expect("catalog");
    let value: serde_json::Value = serde_json::from_str(&catalog.body).expect("json");
    let ids: Vec<&str> = value["games"]
        .as_array()
        .expect("games")
        .iter()
        .filter_map(|g| g["id"].as_str())
        .collect();
    for id in ["quantik", "nudge", "taiji", "pushee", "qinto"] {
        assert!(ids.contains(&id), "{ids:?}");
    }
    // Each game's card on the home page draws a position from the game's own picture.
    for game in value["games"].as_array().expect("games") {
        let picture = &game["picture"];
        assert!(picture["board"]["columns"]["labels"].is_array(), "{game}");
        let pieces = picture["pieces"].as_array().map_or(0, Vec::len);
        assert!(pieces > 0, "{}: an empty board on its card", game["id"]);
    }
    // A small range of numbers is a list to choose from, not a box to type in.
    let qinto = value["games"]
        .as_array()
        .and_then(|games| games.iter().find(|g| g["id"] == "qinto"))
        .expect("qinto");
    let first = qinto["options"]
        .as_array()
        .and_then(|options| options.iter().find(|o| o["name"] == "first"))
        .expect("the first player option");
    assert_eq!(first["choices"], json!(["1", "2", "3", "4", "random"]));
}

#[tokio::test]
async fn bad_requests_are_refused_with_a_reason() {
    let server = Server::start().await;
    let cases = [
        (
            json!({ "game": "chess", "mode": "online" }).to_string(),
            "unknown game",
        ),
        (
            json!({ "game": "quantik", "mode": "online", "options": { "first": "9" } }).to_string(),
            "bad value",
        ),
        (
            json!({ "game": "quantik", "mode": "online", "players": 3 }).to_string(),
            "Quantik is for 2 players, not 3",
        ),
        (
            json!({ "game": "quantik", "mode": "computer", "level": "genius" }).to_string(),
            "level `genius` is not offered for Quantik (levels: random, easy, medium, hard, perfect)",
        ),
        // A level that would think for weeks: the web plays the ladder only.
        (
            json!({ "game": "taiji", "mode": "computer", "level": "strong:think=4000000000" })
                .to_string(),
            "not offered",
        ),
        (
            json!({ "game": "taiji", "mode": "computer", "level": "strong:iters=999999999999" })
                .to_string(),
            "not offered",
        ),
        // Perfect play only where the game is solved here.
        (
            json!({ "game": "taiji", "mode": "computer", "level": "perfect" }).to_string(),
            "(levels: random, easy, medium, hard)",
        ),
        ("{\"game\":".to_owned(), "malformed"),
        (
            json!({ "game": "quantik", "mode": "online", "x": 1 }).to_string(),
            "unknown field",
        ),
    ];
    for (body, expected) in cases {
        let answer = request(server.addr, "POST", "/api/games", Some(&body))
            .await
            .expect("request");
        assert_eq!(answer.status, 400, "{body}: {}", answer.body);
        assert!(answer.body.contains(expected), "{body}: {}", answer.body);
    }
    let huge = format!("{{\"game\":\"{}\"}}", "q".repeat(100_000));
    let answer = request(server.addr, "POST", "/api/games", Some(&huge))
        .await
        .expect("request");
    assert_eq!(answer.status, 413);
    let missing = request(server.addr, "GET", "/api/games/nope/record", None)
        .await
        .expect("request");
    assert_eq!(missing.status, 404);
}

#[tokio::test]
async fn a_finished_game_downloads_as_a_record_that_replays() {
    let server = Server::start().await;
    let game = server
        .create(json!({ "game": "quantik", "mode": "hotseat" }))
        .await;
    let path = format!("/api/games/{}/record", game.id);
    let early = request(server.addr, "GET", &path, None)
        .await
        .expect("record");
    assert_eq!(early.status, 409, "{}", early.body);
    let (mut socket, _, mut state) = server.join(&game.id, Some(&token(&game, 0))).await;
    while state.ending.is_none() {
        let mv = state.legal.first().expect("a legal move").clone();
        send_move(&mut socket, &mv).await;
        state = next_state(&mut socket).await;
    }
    let answer = request(server.addr, "GET", &path, None)
        .await
        .expect("record");
    assert_eq!(answer.status, 200, "{}", answer.body);
    let record = GameRecord::from_json(&answer.body).expect("a record");
    assert_eq!(record.moves, state.moves);
    let positions = record.replay::<Quantik>().expect("replays");
    assert_eq!(positions.len(), state.moves.len() + 1);
    assert!(record.result.is_some());
    // A finished game stays finished, in hotseat too: undo is refused.
    socket.send(&json!({ "type": "undo" })).await.expect("send");
    let refused = next_error(&mut socket).await;
    assert!(refused.contains("stays as it ended"), "{refused}");
}

/// Replays a record with the game's own type.
struct Replays<'a>(&'a GameRecord);

impl tabuleiro_core::GameVisitor for Replays<'_> {
    type Output = Result<usize, tabuleiro_core::RecordError>;
    fn visit<G: tabuleiro_core::Engine>(self) -> Self::Output {
        self.0.replay::<G>().map(|positions| positions.len())
    }
}

#[tokio::test]
async fn every_game_of_the_registry_plays_to_its_end_and_downloads() {
    use tabuleiro_core::Registry as _;
    let server = Server::start().await;
    for info in tabuleiro_games::REGISTRY.games() {
        let options = if info.id == "qinto" {
            json!({ "max_turns": "40" })
        } else if info.id == "nudge" {
            json!({ "max_turns": "30" })
        } else {
            json!({})
        };
        let game = server
            .create(json!({ "game": info.id, "mode": "hotseat", "options": options }))
            .await;
        let (mut socket, _, mut state) = server.join(&game.id, Some(&token(&game, 0))).await;
        let mut k = 0;
        while state.ending.is_none() {
            assert!(!state.legal.is_empty(), "{}: no legal move", info.id);
            let mv = state.legal[(k * 7919) % state.legal.len()].clone();
            k += 1;
            send_move(&mut socket, &mv).await;
            state = next_state(&mut socket).await;
            assert!(k < 2000, "{}: the game does not end", info.id);
        }
        let path = format!("/api/games/{}/record", game.id);
        let answer = request(server.addr, "GET", &path, None)
            .await
            .expect("record");
        assert_eq!(answer.status, 200, "{}: {}", info.id, answer.body);
        let record = GameRecord::from_json(&answer.body).expect("a record");
        let positions = tabuleiro_games::REGISTRY
            .visit(info.id, Replays(&record))
            .expect("a game of the registry")
            .unwrap_or_else(|e| panic!("{}: {e}", info.id));
        assert_eq!(positions, state.moves.len() + 1, "{}", info.id);
    }
}

#[tokio::test]
async fn the_computer_plays_as_in_every_front_end_for_the_same_seed() {
    // A person (always the first legal move) against greedy on the server; the record gives
    // the seed. The table every front end plays at (`tabuleiro_ai::GameTable`, which
    // `tabuleiro play` and the terminal UI use too), given the same seats and seed and the
    // person's moves, must play the same game, move for move.
    let server = Server::start().await;
    let game = server
        .create(json!({ "game": "quantik", "mode": "computer", "level": "easy" }))
        .await;
    let (mut socket, _, mut state) = server.join(&game.id, Some(&token(&game, 0))).await;
    while state.ending.is_none() {
        if state.to_move == Some(0) && !state.thinking {
            let mv = state.legal.first().expect("a legal move").clone();
            send_move(&mut socket, &mv).await;
        }
        state = next_state(&mut socket).await;
    }
    let path = format!("/api/games/{}/record", game.id);
    let answer = request(server.addr, "GET", &path, None)
        .await
        .expect("record");
    let record = GameRecord::from_json(&answer.body).expect("a record");
    let setup = record.setup::<Quantik>().expect("the record's setup");
    let seats = vec![Seat::Human, Seat::Computer(Level::Greedy)];
    let mut table = GameTable::<Quantik>::new(setup, seats).expect("seated");
    let mut computer_moves = 0;
    for text in &record.moves {
        if table.computer_to_move().is_some() {
            let before = *table.state();
            let mv = table
                .play_computer()
                .expect("a computer move")
                .expect("a move");
            assert_eq!(
                before.format_move(mv),
                *text,
                "move {} of seed {}",
                table.session().moves().len(),
                record.seed
            );
            computer_moves += 1;
        } else {
            table.play_text(text).expect("the person's move");
        }
    }
    assert_eq!(table.record(), record);
    assert!(computer_moves >= 3, "{computer_moves} computer moves");
}

/// Sends `GET path` with `Host: host` on a new connection; returns the whole answer.
async fn get_as_host(addr: std::net::SocketAddr, path: &str, host: &str) -> String {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let mut stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let head = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    stream.write_all(head.as_bytes()).await.expect("write");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.expect("read");
    answer
}

#[tokio::test]
async fn a_load_balancer_probes_health_and_readiness_by_any_host() {
    let limits = tabuleiro_web::limits::Limits {
        public_hosts: vec!["play.example.org".to_owned()],
        ..tabuleiro_web::limits::Limits::default()
    };
    let server = Server::with(crate::util::data_folder(), limits).await;
    // A balancer names the node by its own name, which is not the site's public name.
    let healthy = get_as_host(server.addr, "/healthz", "node-3.internal:8080").await;
    assert!(healthy.starts_with("HTTP/1.1 200"), "{healthy}");
    assert!(healthy.ends_with("ok\n"), "{healthy}");
    // Ready once the database answers (on PostgreSQL, once the node listens to the other
    // nodes' changes, a moment after it starts).
    let began = std::time::Instant::now();
    let ready = loop {
        let ready = get_as_host(server.addr, "/readyz", "node-3.internal:8080").await;
        if ready.starts_with("HTTP/1.1 200") || began.elapsed() > std::time::Duration::from_secs(5)
        {
            break ready;
        }
        assert!(ready.contains("not hearing the other nodes"), "{ready}");
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    assert!(ready.starts_with("HTTP/1.1 200"), "{ready}");
    assert!(ready.ends_with("ready\n"), "{ready}");
    // Everything else still answers only to the site's names.
    let page = get_as_host(server.addr, "/api/catalog", "node-3.internal:8080").await;
    assert!(page.starts_with("HTTP/1.1 421"), "{page}");
}
