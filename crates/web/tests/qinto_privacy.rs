//! Q!nto: no message to another seat or a spectator contains a hidden tile, nor the seed
//! (which decides the whole deal) while the game runs.

use serde_json::json;
use tabuleiro_core::GameRecord;
use tabuleiro_load::client::{GameSocket, request};

use crate::util::{Server, next_error, token};

/// The tiles of "hand X Y Z" in a board text, as written.
fn own_hand(board: &str) -> Option<String> {
    board
        .lines()
        .find_map(|l| l.split_once("— hand ").map(|(_, h)| h.trim().to_owned()))
}

/// Reads every message that arrives within 300 ms. The list of the reader's own legal moves
/// is left out: it is made of the reader's own tiles, which may be copies of another seat's
/// (the deck holds several of most tiles).
async fn read_all(socket: &mut GameSocket, into: &mut Vec<String>) {
    while let Ok(Ok(Some(text))) =
        tokio::time::timeout(std::time::Duration::from_millis(300), socket.next_text()).await
    {
        let mut value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        if let Some(fields) = value.as_object_mut() {
            fields.remove("legal");
        }
        into.push(value.to_string());
    }
}

#[tokio::test]
async fn hands_and_traded_tiles_reach_only_their_seat() {
    let server = Server::start().await;
    let game = server
        .create(json!({ "game": "qinto", "mode": "online", "players": 3 }))
        .await;
    let mut sockets = Vec::new();
    let mut received: Vec<Vec<String>> = vec![Vec::new(); 4];
    for seat in 0..3 {
        let (socket, _, _) = server.join(&game.id, Some(&token(&game, seat))).await;
        sockets.push(socket);
    }
    let (watcher, _, _) = server.join(&game.id, None).await;
    sockets.push(watcher);
    // Six moves, each by the seat to move (a move may leave its player's turn going on):
    // seat 1 passes trading two tiles when its turn begins, the others play their first move.
    let mut hands_seen: Vec<Vec<String>> = vec![Vec::new(); 3];
    let mut traded = Vec::new();
    for _ in 0..6 {
        let (_, _, watched) = server.join(&game.id, None).await;
        let seat = watched.to_move.expect("the game goes on");
        let (_, _, state) = server.join(&game.id, Some(&token(&game, seat))).await;
        let hand = own_hand(&state.board).expect("own hand shown to its seat");
        hands_seen[seat].push(hand.clone());
        let turn_begins = state.turns.last().is_none_or(|&(_, mover)| mover != seat);
        let notation = if seat == 1 && turn_begins {
            let two: Vec<&str> = hand.split_whitespace().take(2).collect();
            let text = format!("pass {}", two.join(" "));
            traded.push(text.clone());
            text
        } else {
            state.legal[0].clone()
        };
        sockets[seat]
            .send(&json!({ "type": "move", "notation": notation }))
            .await
            .expect("send");
        for (i, socket) in sockets.iter_mut().enumerate() {
            read_all(socket, &mut received[i]).await;
        }
    }
    assert!(received.iter().all(|r| !r.is_empty()));
    assert!(!traded.is_empty(), "seat 1 began a turn and traded");
    for (seat, hands) in hands_seen.iter().enumerate() {
        for hand in hands {
            for (reader, messages) in received.iter().enumerate() {
                if reader == seat {
                    continue;
                }
                for message in messages {
                    assert!(
                        !message.contains(hand.as_str()),
                        "seat {} hand `{hand}` sent to {reader}: {message}",
                        seat + 1
                    );
                }
            }
        }
    }
    for text in &traded {
        for (reader, messages) in received.iter().enumerate() {
            let leaked = messages.iter().any(|m| m.contains(text.as_str()));
            assert_eq!(leaked, reader == 1, "`{text}` seen by {reader}");
        }
        assert!(received[3].iter().any(|m| m.contains("pass (traded 2)")));
    }
}

/// The seed of game `id`, read from the server's database: no message may carry it.
fn stored_seed(server: &Server, id: &str) -> u64 {
    let seed: i64 =
        crate::util::database_sql(&server.data, "SELECT seed FROM games WHERE id = $1", id)
            .parse()
            .expect("a number");
    seed as u64
}

/// Joins game `id` with `token` (none: a spectator) and reads the welcome and first state;
/// every message, as received, goes into `into`. Returns the socket and the state.
async fn join_raw(
    server: &Server,
    id: &str,
    token: Option<&str>,
    into: &mut Vec<String>,
) -> (GameSocket, serde_json::Value) {
    let mut socket = GameSocket::connect(server.addr, id).await.expect("connect");
    socket
        .send(&json!({ "type": "join", "token": token }))
        .await
        .expect("send");
    let state = raw_until_state(&mut socket, into).await;
    (socket, state)
}

/// Reads messages, as received, into `into` until a state arrives; returns that state.
async fn raw_until_state(socket: &mut GameSocket, into: &mut Vec<String>) -> serde_json::Value {
    loop {
        let text = tokio::time::timeout(std::time::Duration::from_secs(20), socket.next_text())
            .await
            .expect("a message within 20 s")
            .expect("a message")
            .expect("the connection stays open");
        let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        into.push(text);
        if value["type"] == "state" {
            return value;
        }
    }
}

#[tokio::test]
async fn the_seed_reaches_no_seat_while_the_game_runs_and_the_end_is_final() {
    let server = Server::start().await;
    let game = server
        .create(json!({ "game": "qinto", "mode": "hotseat", "options": { "max_turns": "40" } }))
        .await;
    let seed = stored_seed(&server, &game.id).to_string();
    let record_path = format!("/api/games/{}/record", game.id);
    let mut seat_messages = Vec::new();
    let mut watcher_messages = Vec::new();
    let (mut seat, mut state) = join_raw(
        &server,
        &game.id,
        Some(&token(&game, 0)),
        &mut seat_messages,
    )
    .await;
    let (mut watcher, _) = join_raw(&server, &game.id, None, &mut watcher_messages).await;
    let mut k = 0;
    while state["ending"].is_null() {
        // No download of the record (which holds the seed) while the game runs.
        if k % 10 == 0 {
            let early = request(server.addr, "GET", &record_path, None)
                .await
                .expect("record");
            assert_eq!(early.status, 409, "{}", early.body);
            assert!(early.body.contains("not over"), "{}", early.body);
            assert!(!early.body.contains(&seed), "{}", early.body);
        }
        // The moves in their lean form, read back.
        let legal =
            tabuleiro_web::protocol::legal_wire::deserialize(&state["legal"]).expect("legal moves");
        let mv = legal[(k * 7919) % legal.len()].notation.clone();
        k += 1;
        assert!(k < 2000, "the game does not end");
        seat.send(&json!({ "type": "move", "notation": mv }))
            .await
            .expect("send");
        state = raw_until_state(&mut seat, &mut seat_messages).await;
        raw_until_state(&mut watcher, &mut watcher_messages).await;
    }
    for (who, messages) in [
        ("the seats", &seat_messages),
        ("a spectator", &watcher_messages),
    ] {
        assert!(messages.len() > 2, "{who}: {messages:?}");
        for message in messages {
            assert!(
                !message.contains(&seed),
                "seed {seed} sent to {who}: {message}"
            );
        }
    }
    // Once over, the record is served, with the seed (the one the test looked for).
    let answer = request(server.addr, "GET", &record_path, None)
        .await
        .expect("record");
    assert_eq!(answer.status, 200, "{}", answer.body);
    let record = GameRecord::from_json(&answer.body).expect("a record");
    assert_eq!(record.seed.to_string(), seed);
    // And the game cannot be reopened by undo, now that its seed may be known.
    seat.send(&json!({ "type": "undo" })).await.expect("send");
    let reason = next_error(&mut seat).await;
    assert!(reason.contains("stays as it ended"), "{reason}");
    let (_, _, after) = server.join(&game.id, Some(&token(&game, 0))).await;
    assert!(after.ending.is_some(), "still over");
}
