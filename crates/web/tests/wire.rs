//! What a game's states cost on the wire: the bytes of each `state` text message the
//! WebSocket carries to the player to move (no compression: the server's WebSocket library
//! offers none), its legal moves in their lean form (`protocol::legal_wire`), read back by a
//! client as full moves. The figures are printed (min / median / max per setting), for
//! `docs/performance.md`:
//! `cargo test -p tabuleiro-web --test tests wire:: -- --nocapture`.

use serde_json::{Value, json};
use tabuleiro_load::client::GameSocket;
use tabuleiro_web::limits::Limits;
use tabuleiro_web::protocol::ServerMessage;

use crate::util::{Server, data_folder, token};

/// The most bytes of the first state of a Quantik game against the computer (13,477 with
/// every move in full JSON, 2,981 before moves went by form).
const QUANTIK_FIRST_STATE: usize = 3 * 1024;

/// The most bytes of the first state of any game, with any options a player can pick.
const FIRST_STATE: usize = 8 * 1024;

/// The most bytes of any state over the first moves of a game, but Q!nto's.
const STATE: usize = 8 * 1024;

/// The most bytes of a Q!nto state after its first: a hand with wild tiles can be laid in
/// thousands of ways once tiles lie on the grid (10,893 moves seen), and the grid itself grows.
/// Over 200 seeds of each number of players, 3 % of the states of the first six moves pass
/// 8 KB (13.5 KB the most) and 22 KB was the most of the first twelve: bounded here against a
/// regression, not at 8 KB.
const QINTO_STATE: usize = 32 * 1024;

/// Games of each setting whose first state is measured (Q!nto's hands are random).
const GAMES: usize = 12;

/// Games of each setting played on, and the player's states measured in each.
const PLAYED: usize = 4;
const PLAYER_STATES: usize = 6;

/// The settings a player can pick that change what a state holds: every game, its boards'
/// sizes and starting layouts, Q!nto's numbers of players.
fn settings() -> Vec<(&'static str, Value)> {
    vec![
        ("quantik", json!({})),
        ("nudge", json!({ "options": { "start": "1" } })),
        ("nudge", json!({ "options": { "start": "4" } })),
        ("taiji", json!({ "options": { "size": "7" } })),
        ("taiji", json!({})),
        (
            "taiji",
            json!({ "options": { "size": "11", "scoring": "omega" } }),
        ),
        ("pushee", json!({})),
        (
            "pushee",
            json!({ "options": { "size": "12x12", "walls": "off" } }),
        ),
        (
            "pushee",
            json!({ "options": { "size": "4x12", "chains": "unlimited" } }),
        ),
        ("qinto", json!({ "players": 2 })),
        ("qinto", json!({ "players": 3 })),
        ("qinto", json!({ "players": 4 })),
    ]
}

/// A new game of `game` with `extra` against the computer, the person on seat 0; the socket
/// joined.
async fn start(server: &Server, game: &str, extra: &Value) -> GameSocket {
    let mut body = json!({ "game": game, "mode": "computer", "level": "random", "seat": 0 });
    for (k, v) in extra.as_object().into_iter().flatten() {
        body[k] = v.clone();
    }
    let created = server.create(body).await;
    let mut socket = GameSocket::connect(server.addr, &created.id)
        .await
        .expect("connect");
    socket
        .send(&json!({ "type": "join", "token": token(&created, 0) }))
        .await
        .expect("send");
    socket
}

/// The next state with moves for the person (the computer's turns skipped), as it came and
/// as read; none once the game is over.
async fn next_turn(socket: &mut GameSocket, after: u64) -> Option<(String, ServerMessage)> {
    loop {
        let text = socket.next_text().await.expect("read").expect("a message");
        if !text.starts_with(r#"{"type":"state""#) {
            continue;
        }
        let state: ServerMessage = serde_json::from_str(&text).expect("a state");
        let ServerMessage::State {
            version,
            legal,
            ending,
            ..
        } = &state
        else {
            unreachable!("a state");
        };
        if ending.is_some() {
            return None;
        }
        if *version > after && !legal.is_empty() {
            return Some((text, state));
        }
    }
}

/// min / median / max.
fn spread(sizes: &mut [usize]) -> String {
    sizes.sort_unstable();
    format!(
        "{} / {} / {}",
        sizes[0],
        sizes[sizes.len() / 2],
        sizes[sizes.len() - 1]
    )
}

#[tokio::test]
async fn every_first_state_and_the_states_of_the_first_moves_are_lean_and_read_back_whole() {
    let server = Server::with(data_folder(), Limits::unlimited()).await;
    for (game, extra) in settings() {
        let mut firsts = Vec::new();
        for _ in 0..GAMES {
            let mut socket = start(&server, game, &extra).await;
            let (text, state) = next_turn(&mut socket, 0).await.expect("a first turn");
            let ServerMessage::State { legal, .. } = &state else {
                unreachable!("a state");
            };
            assert!(legal.iter().all(|l| !l.notation.is_empty()));
            if std::env::var_os("TABULEIRO_SHOW_STATE").is_some() {
                eprintln!("{text}");
            }
            let limit = if game == "quantik" {
                QUANTIK_FIRST_STATE
            } else {
                FIRST_STATE
            };
            assert!(text.len() <= limit, "{game} {extra}: {} bytes", text.len());
            firsts.push(text.len());
        }
        let mut states = Vec::new();
        let mut most_moves = 0;
        for _ in 0..PLAYED {
            let mut socket = start(&server, game, &extra).await;
            let mut after = 0;
            for k in 0..PLAYER_STATES {
                let Some((text, state)) = next_turn(&mut socket, after).await else {
                    break;
                };
                let ServerMessage::State { version, legal, .. } = state else {
                    unreachable!("a state");
                };
                let limit = if game == "qinto" && k > 0 {
                    QINTO_STATE
                } else {
                    STATE
                };
                assert!(text.len() <= limit, "{game} {extra}: {} bytes", text.len());
                states.push(text.len());
                most_moves = most_moves.max(legal.len());
                after = version;
                // A move of its own choosing, as a person's: the middle one.
                let notation = &legal[legal.len() / 2].notation;
                socket
                    .send(&json!({ "type": "move", "notation": notation }))
                    .await
                    .expect("send");
            }
        }
        eprintln!(
            "{game} {extra}: first state {} bytes; the player's first {PLAYER_STATES} states {} \
             bytes (up to {most_moves} legal moves)",
            spread(&mut firsts),
            spread(&mut states),
        );
    }
}
