//! The scripted players: a game opened by its seats' links or started through the lobby,
//! both seats joined, and random legal moves played to the end; and the honest games against
//! the computer. They read of each message only the fields they need.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::json;
use tabuleiro_web::hub::Hub;
use tabuleiro_web::protocol::Created;

use super::seats::{NoState, Seats, move_message};
use super::{COMPUTER_LEVEL, Lobby, THINKING};
use crate::client::{ClientError, GameSocket, request};

/// One game's measurements.
pub(super) struct Played {
    pub(super) latencies: Vec<Duration>,
    pub(super) finished: bool,
    /// Connections lost (each joined again on another node), and of those, told first that
    /// their server was restarting.
    pub(super) lost: usize,
    pub(super) told: usize,
    /// Moves refused right after their seat joined again on another node (a move of
    /// theirs sent before arrived there after it).
    pub(super) refused: usize,
    /// On a clock: the largest difference between a seat's clock at the end and the time
    /// its client measured.
    pub(super) clock_error: Option<Duration>,
}

/// How a scripted game is opened: by its seats' links, or (a game started in the lobby) by
/// its players' sessions.
pub(super) enum Table {
    Links(Created),
    Lobby {
        id: String,
        sessions: [String; 2],
        /// The clock's time and increment, ms, if there is one.
        clock: Option<(u64, u64)>,
    },
}

/// Where the second player of a game through the lobby accepts from, for a server on this
/// machine: another loopback address than the first player's (and the adversaries').
const ACCEPTOR: std::net::IpAddr = std::net::IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 3, 1));

/// Two players with names post and accept a challenge on `addr` as `lobby` says: the game it
/// starts, for [`play_one`].
pub(super) async fn through_lobby(
    addr: SocketAddr,
    game: &str,
    n: usize,
    lobby: Lobby,
) -> Result<Table, ClientError> {
    let mut sessions = Vec::with_capacity(2);
    for who in ["a", "b"] {
        let body = json!({ "name": format!("bench {n}{who}") }).to_string();
        let answer = crate::client::request_with(
            addr,
            "POST",
            "/api/me",
            &[("Content-Type", "application/json")],
            Some(&body),
        )
        .await?;
        let cookie = answer
            .head
            .lines()
            .filter_map(|l| l.split_once(':'))
            .find(|(name, _)| name.trim().eq_ignore_ascii_case("set-cookie"))
            .and_then(|(_, value)| value.trim().split(';').next())
            .and_then(|pair| pair.split_once('='))
            .map(|(_, v)| v.to_owned())
            .ok_or_else(|| ClientError::Answer(format!("no player: {}", answer.body)))?;
        sessions.push(cookie);
    }
    let cookie = |i: usize| format!("tabuleiro_session={}", sessions[i]);
    let mut challenge = json!({ "game": game, "rated": lobby.rated });
    if let Some((minutes, increment)) = lobby.clock {
        challenge["clock"] = json!({ "minutes": minutes, "increment": increment });
    }
    let (first, second) = (cookie(0), cookie(1));
    let posted = crate::client::request_with(
        addr,
        "POST",
        "/api/lobby",
        &[("Content-Type", "application/json"), ("Cookie", &first)],
        Some(&challenge.to_string()),
    )
    .await?;
    let id = serde_json::from_str::<serde_json::Value>(&posted.body)
        .ok()
        .and_then(|v| v["id"].as_str().map(str::to_owned))
        .ok_or_else(|| ClientError::Answer(format!("no challenge: {}", posted.body)))?;
    // The second player accepts from another network when the server is on this machine (a
    // rated challenge is refused from the network it was posted from).
    let from = addr
        .ip()
        .is_loopback()
        .then_some(ACCEPTOR)
        .filter(|_| addr.is_ipv4());
    let accepted = crate::client::request_from(
        from,
        addr,
        "POST",
        &format!("/api/lobby/{id}/accept"),
        &[("Cookie", &second)],
        None,
    )
    .await?;
    let game = serde_json::from_str::<serde_json::Value>(&accepted.body)
        .ok()
        .and_then(|v| v["game"].as_str().map(str::to_owned))
        .ok_or_else(|| ClientError::Answer(format!("no game: {}", accepted.body)))?;
    Ok(Table::Lobby {
        id: game,
        sessions: [sessions[0].clone(), sessions[1].clone()],
        clock: lobby
            .clock
            .map(|(minutes, increment)| (u64::from(minutes) * 60_000, u64::from(increment) * 1000)),
    })
}

/// The latest state a seat's connection received.
pub(super) struct Seen {
    pub(super) version: u64,
    /// The moves played so far (the same on every node, unlike the version, which counts a
    /// room's states on one node).
    pub(super) plies: usize,
    pub(super) to_move: Option<usize>,
    pub(super) legal: Vec<String>,
    pub(super) over: bool,
    /// Each seat's time left, for a game on a clock.
    pub(super) clock: Option<Vec<u64>>,
}

/// The fields of a server message the scripted players read: the rest (the board, its picture,
/// the move list) is skipped without being built, so that the clients cost the machine little
/// beside the server they measure.
#[derive(serde::Deserialize)]
pub(super) struct Lean {
    #[serde(rename = "type")]
    pub(super) kind: String,
    pub(super) version: Option<u64>,
    to_move: Option<usize>,
    #[serde(default, deserialize_with = "notations")]
    legal: Vec<String>,
    ending: Option<serde::de::IgnoredAny>,
    #[serde(default)]
    moves: Vec<serde::de::IgnoredAny>,
    pub(super) message: Option<String>,
    clock: Option<LeanClock>,
    #[serde(default)]
    you: Vec<usize>,
}

/// A clock, as [`Lean`] reads it.
#[derive(serde::Deserialize)]
struct LeanClock {
    remaining: Vec<u64>,
}

/// The legal moves' notations, in the lean form of this build's server
/// ([`tabuleiro_web::protocol::legal_wire`]) or as an array of full moves (as servers before
/// it sent them): the same clients measure any build's server (`--server`).
fn notations<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    use serde::de::{Error as _, MapAccess, SeqAccess, Visitor};
    /// Reads either form as it comes, without the message's JSON made into values first.
    struct Either;
    impl<'de> Visitor<'de> for Either {
        type Value = Vec<String>;

        fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            f.write_str("legal moves: the lean form, or an array of moves")
        }

        fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Vec<String>, A::Error> {
            tabuleiro_web::protocol::legal_wire::notations(
                serde::de::value::MapAccessDeserializer::new(map),
            )
        }

        fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
            /// A full move, of which only its notation is read.
            #[derive(serde::Deserialize)]
            struct Full {
                notation: String,
            }
            let mut found = Vec::new();
            while let Some(m) = seq.next_element::<Full>()? {
                found.push(m.notation);
            }
            Ok(found)
        }

        fn visit_unit<E: serde::de::Error>(self) -> Result<Vec<String>, E> {
            Ok(Vec::new())
        }
    }
    deserializer
        .deserialize_any(Either)
        .map_err(|e| D::Error::custom(format!("legal moves: {e}")))
}

/// The next message, as the scripted players read it.
pub(super) async fn next_lean(socket: &mut GameSocket) -> Result<Lean, String> {
    let text = socket
        .next_text()
        .await
        .map_err(|e| e.to_string())?
        .ok_or_else(|| "connection closed".to_owned())?;
    serde_json::from_str(&text).map_err(|e| format!("{e}: {text}"))
}

/// The state a message shows.
pub(super) fn seen_of(lean: Lean) -> Seen {
    Seen {
        version: lean.version.unwrap_or(0),
        plies: lean.moves.len(),
        to_move: lean.to_move,
        legal: lean.legal,
        over: lean.ending.is_some(),
        clock: lean.clock.map(|c| c.remaining),
    }
}

/// Reads until a state newer than `after`; an error message, a server restarting or a
/// closed connection is an error.
async fn next_state(socket: &mut GameSocket, after: u64) -> Result<Seen, String> {
    super::seats::next_state(socket, after)
        .await
        .map_err(|no| match no {
            NoState::Refused(message) => message,
            NoState::Lost { told: true } => "the server is restarting".to_owned(),
            NoState::Lost { told: false } => "connection closed".to_owned(),
        })
}

/// Connects to `addr` and joins game `table` as its `who`th joiner (the seat of its link, or
/// of its session): the connection, the seat it plays, and its first state.
pub(super) async fn join_one(
    addr: SocketAddr,
    table: &Table,
    who: usize,
) -> Result<(GameSocket, usize, Seen), String> {
    let (socket, token) = match table {
        Table::Links(game) => (
            GameSocket::connect(addr, &game.id).await,
            game.seats[who].token.clone(),
        ),
        Table::Lobby { id, sessions, .. } => {
            (GameSocket::connect_as(addr, id, &sessions[who]).await, None)
        }
    };
    let mut socket = socket.map_err(|e| e.to_string())?;
    socket
        .send(&json!({ "type": "join", "token": token }))
        .await
        .map_err(|e| e.to_string())?;
    // A player's session opens the seat they sit in: the welcome says which.
    let seat = loop {
        let lean = next_lean(&mut socket).await?;
        match lean.kind.as_str() {
            "welcome" => break lean.you.first().copied().unwrap_or(who),
            "error" => return Err(lean.message.unwrap_or_default()),
            _ => {}
        }
    };
    let seen = next_state(&mut socket, 0).await?;
    Ok((socket, seat, seen))
}

/// Connects and joins both seats of the game, the first joiner on the first node and the
/// second on the second; by seat: the connection, its node, its joiner, its first state.
async fn join_seats(
    addrs: [SocketAddr; 2],
    table: &Table,
) -> Result<Vec<(GameSocket, usize, usize, Seen)>, String> {
    let mut joined = Vec::new();
    for who in 0..2 {
        let (socket, seat, seen) = join_one(addrs[who % 2], table, who).await?;
        joined.push((seat, (socket, who % 2, who, seen)));
    }
    joined.sort_by_key(|(seat, _)| *seat);
    Ok(joined.into_iter().map(|(_, j)| j).collect())
}

/// Plays one game: both seats connect and join, wait at `ready` for every other game, then
/// play random legal moves to the end, each after `pause`. A seat whose server restarts or
/// whose connection closes joins again on the other node and plays on.
pub(super) async fn play_one(
    addrs: [SocketAddr; 2],
    table: Table,
    seed: u64,
    ready: Arc<tokio::sync::Barrier>,
    pause: Duration,
) -> Result<Played, String> {
    let joined = join_seats(addrs, &table).await;
    ready.wait().await;
    let mut seats = Seats::new(addrs, &table, joined?);
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut latencies = Vec::new();
    // What each seat's client measured: when its turn began (the state that gave it the move
    // arrived), how long it thought in all (the game's first move is free), its moves.
    let mut began = [Instant::now(); 2];
    let mut thought = [Duration::ZERO; 2];
    let mut moved = [0u64; 2];
    loop {
        seats.sync().await?;
        let Some(mover) = seats.seen[0].to_move else {
            let clock_error = match &table {
                Table::Lobby {
                    clock: Some((initial_ms, increment_ms)),
                    ..
                } => {
                    let shown = seats.seen[0].clock.clone().unwrap_or_default();
                    let mut worst = Duration::ZERO;
                    for seat in 0..2 {
                        let expected = (*initial_ms + increment_ms * moved[seat]) as f64
                            - thought[seat].as_secs_f64() * 1000.0;
                        let left = shown.get(seat).copied().unwrap_or(0) as f64;
                        worst =
                            worst.max(Duration::from_secs_f64((left - expected).abs() / 1000.0));
                    }
                    Some(worst)
                }
                Table::Lobby { clock: None, .. } | Table::Links(_) => None,
            };
            return Ok(Played {
                latencies,
                finished: seats.seen[0].over,
                clock_error,
                lost: seats.lost,
                told: seats.told,
                refused: seats.refused,
            });
        };
        let legal = &seats.seen[mover].legal;
        if legal.is_empty() {
            return Err(format!("seat {mover} is to move but has no legal move"));
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let notation = legal[(rng % legal.len() as u64) as usize].clone();
        if !pause.is_zero() {
            tokio::time::sleep(pause).await;
        }
        let plies = seats.seen[mover].plies;
        let sent = Instant::now();
        let this_turn = sent.duration_since(began[mover]);
        // Like the page, a move on a clock says how long its player thought.
        let message = move_message(&table, &notation, this_turn);
        if !seats.send(mover, &message).await? {
            continue;
        }
        // The state with the move (or, the connection lost, the state where it joined again:
        // with the move if it was stored, else the move is chosen again).
        seats.until(mover, plies + 1).await?;
        if seats.seen[mover].plies > plies {
            latencies.push(sent.elapsed());
            if moved.iter().sum::<u64>() > 0 {
                thought[mover] += this_turn;
            }
            moved[mover] += 1;
            let other = 1 - mover;
            seats.until(other, plies + 1).await?;
            began[other] = Instant::now();
            began[mover] = Instant::now();
        }
    }
}

/// Plays games of `game` against the computer at [`COMPUTER_LEVEL`] from the honest address,
/// one after another while `playing` holds, picking random legal moves (seeded by `seed`)
/// after [`THINKING`]; returns how long each computer reply took. Games are created through
/// `hub` when the server runs here (past the rate of creation), else over HTTP.
pub(super) async fn against_computer(
    addr: SocketAddr,
    game: &str,
    hub: Option<Arc<Hub>>,
    seed: u64,
    playing: Arc<AtomicBool>,
) -> Result<Vec<Duration>, String> {
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut replies = Vec::new();
    while playing.load(Ordering::Relaxed) {
        let body = json!({ "game": game, "mode": "computer", "level": COMPUTER_LEVEL });
        let created: Created = if let Some(hub) = &hub {
            let request = serde_json::from_value(body).map_err(|e| e.to_string())?;
            hub.create(request, None).await.map_err(|e| e.to_string())?
        } else {
            let answer = request(addr, "POST", "/api/games", Some(&body.to_string()))
                .await
                .map_err(|e| e.to_string())?;
            serde_json::from_str(&answer.body).map_err(|e| format!("{e}: {}", answer.body))?
        };
        let mut socket = GameSocket::connect(addr, &created.id)
            .await
            .map_err(|e| e.to_string())?;
        let token = created.seats.first().and_then(|s| s.token.clone());
        socket
            .send(&json!({ "type": "join", "token": token }))
            .await
            .map_err(|e| e.to_string())?;
        let mut seen = next_state(&mut socket, 0).await?;
        while !seen.over && playing.load(Ordering::Relaxed) {
            if seen.to_move != Some(0) {
                seen = next_state(&mut socket, seen.version).await?;
                continue;
            }
            if seen.legal.is_empty() {
                return Err("the person is to move but has no legal move".to_owned());
            }
            // A person's pause before each move.
            tokio::time::sleep(THINKING).await;
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let notation = seen.legal[(rng % seen.legal.len() as u64) as usize].clone();
            let sent = Instant::now();
            socket
                .send(&json!({ "type": "move", "notation": notation }))
                .await
                .map_err(|e| e.to_string())?;
            seen = next_state(&mut socket, seen.version).await?;
            while !seen.over && seen.to_move != Some(0) {
                seen = next_state(&mut socket, seen.version).await?;
            }
            // A move that ended the game got no reply.
            if !seen.over {
                replies.push(sent.elapsed());
            }
        }
    }
    Ok(replies)
}
