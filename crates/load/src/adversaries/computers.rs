//! Attacks on the computer players, each from a client network of its own (another loopback
//! address), as issue "fair share under attack" found them: a client that stops reading with
//! a hint pending, a flood of analyses on a finished game, games against `hard` that nobody
//! opens, and a loop of resignations and rematches. Each runs until `stop` is set.
//!
//! The games come from the registry ([`picks`]): the hinter and the analysis flood ask about
//! the heaviest game ([`picks::heaviest`]), the creators make in turns every game whose computer
//! keeps a tree or a table ([`picks::searching_at`]), and the rematch loop plays the first game
//! for two ([`picks::first_for_two`]).

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use serde_json::{Value, json};
use tabuleiro_web::protocol::Created;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpSocket;
use tokio::task::JoinSet;

use super::Tally;
use crate::client::GameSocket;
use crate::picks;

/// The stalled hinter's and the analysis flood's network.
pub const ASKER: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 3));
/// The networks that create games against `hard` and never open them: nine, as the audit
/// that took a server past 2 GiB this way used (each computer player once held its search
/// table from the game's creation on).
pub const CREATORS: [IpAddr; 9] = [
    IpAddr::V4(Ipv4Addr::new(127, 0, 0, 4)),
    IpAddr::V4(Ipv4Addr::new(127, 0, 0, 5)),
    IpAddr::V4(Ipv4Addr::new(127, 0, 0, 6)),
    IpAddr::V4(Ipv4Addr::new(127, 0, 1, 4)),
    IpAddr::V4(Ipv4Addr::new(127, 0, 1, 5)),
    IpAddr::V4(Ipv4Addr::new(127, 0, 1, 6)),
    IpAddr::V4(Ipv4Addr::new(127, 0, 2, 4)),
    IpAddr::V4(Ipv4Addr::new(127, 0, 2, 5)),
    IpAddr::V4(Ipv4Addr::new(127, 0, 2, 6)),
];
/// The level of the games the creators make and never open.
pub const UNOPENED_LEVEL: &str = "hard";
/// The rematch loop's network.
pub const REMATCHER: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 7));

/// `look` messages the stalled hinter sends at once without reading, before its hint (it goes
/// on with more after it, until the server closes the connection: the kernel's buffers on
/// both sides hold some megabytes of answers first).
const LOOKS: usize = 50;
/// The time between the stalled hinter's looks after its hint: 40 a second.
const PACE: Duration = Duration::from_millis(25);
/// The message that asks for the picture of the start.
const LOOK: &str = r#"{"type":"look","at":0}"#;
/// `analyse` messages each round of the analysis flood sends before it leaves.
const ANALYSES: usize = 100;

/// Starts the four attacks on the server at `addr` into `set`.
pub fn start(set: &mut JoinSet<()>, addr: SocketAddr, stop: &Arc<AtomicBool>, tally: &Arc<Tally>) {
    let (s, t) = (Arc::clone(stop), Arc::clone(tally));
    set.spawn(async move { stalled_hinter(addr, &s, &t).await });
    let (s, t) = (Arc::clone(stop), Arc::clone(tally));
    set.spawn(async move { analysis_flood(addr, &s, &t).await });
    for from in CREATORS {
        let (s, t) = (Arc::clone(stop), Arc::clone(tally));
        set.spawn(async move { unopened_games(addr, from, &s, &t).await });
    }
    let (s, t) = (Arc::clone(stop), Arc::clone(tally));
    set.spawn(async move { rematch_loop(addr, &s, &t).await });
}

/// Creates a game from address `from`: the answer's status and, when created, the game.
async fn create(addr: SocketAddr, from: IpAddr, body: &Value) -> Option<(u16, Option<Created>)> {
    let socket = TcpSocket::new_v4().ok()?;
    socket.bind(SocketAddr::new(from, 0)).ok()?;
    let mut stream = socket.connect(addr).await.ok()?;
    let body = body.to_string();
    let request = format!(
        "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    );
    stream.write_all(request.as_bytes()).await.ok()?;
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.ok()?;
    let text = String::from_utf8_lossy(&answer);
    let status = text.split_whitespace().nth(1)?.parse().ok()?;
    let created = text
        .split_once("\r\n\r\n")
        .and_then(|(_, body)| serde_json::from_str(body).ok());
    Some((status, created))
}

/// The first seat's token of a created game.
fn first_token(game: &Created) -> Option<String> {
    game.seats.first()?.token.clone()
}

/// Reads messages until a state for which `wanted` holds (`None` when the connection closed
/// or nothing came for 10 s).
async fn state_until(socket: &mut GameSocket, wanted: impl Fn(&Value) -> bool) -> Option<Value> {
    loop {
        let text = tokio::time::timeout(Duration::from_secs(10), socket.next_text())
            .await
            .ok()?
            .ok()??;
        let Ok(message) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        if message["type"] == "state" && wanted(&message) {
            return Some(message);
        }
        if message["type"] == "error" && wanted(&message) {
            return Some(message);
        }
    }
}

/// Sleeps `d` unless `stop` is set meanwhile; returns whether to go on.
async fn pause(d: Duration, stop: &AtomicBool) -> bool {
    tokio::time::sleep(d).await;
    !stop.load(Ordering::Relaxed)
}

/// A hotseat game of the heaviest game ([`picks::heaviest`]) created from [`ASKER`] (tried
/// again every half second until the server takes it) and its first seat's token; `None` once
/// `stop` is set.
async fn heavy_hotseat(addr: SocketAddr, stop: &AtomicBool) -> Option<(Created, String)> {
    let body = json!({ "game": picks::heaviest().id, "mode": "hotseat" });
    loop {
        if let Some((_, Some(game))) = create(addr, ASKER, &body).await {
            let token = first_token(&game)?;
            return Some((game, token));
        }
        if !pause(Duration::from_millis(500), stop).await {
            return None;
        }
    }
}

/// Joins a hotseat game of the heaviest game and sends `look` messages, never reading what comes
/// back, with a hint after the first [`LOOKS`], until the server closes the connection; again
/// and again. It keeps under the server's default rate of messages (a burst first, then
/// [`PACE`] between looks), as an attacker who knows it would.
async fn stalled_hinter(addr: SocketAddr, stop: &AtomicBool, tally: &Tally) {
    let Some((game, token)) = heavy_hotseat(addr, stop).await else {
        return;
    };
    while !stop.load(Ordering::Relaxed) {
        let Ok(mut socket) = GameSocket::connect_from(addr, &game.id, ASKER).await else {
            if !pause(Duration::from_millis(200), stop).await {
                return;
            }
            continue;
        };
        if socket
            .send(&json!({ "type": "join", "token": token }))
            .await
            .is_err()
        {
            continue;
        }
        let mut sent = 0usize;
        let closed = loop {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            let message = if sent == LOOKS {
                r#"{"type":"hint"}"#
            } else {
                LOOK
            };
            // A send that waits means the server has stopped reading: it is about to close.
            match tokio::time::timeout(Duration::from_secs(1), socket.send_text(message)).await {
                Ok(Ok(())) => {}
                Ok(Err(_)) => break true,
                Err(_) => continue,
            }
            if sent == LOOKS {
                tally.stalled_hints.fetch_add(1, Ordering::Relaxed);
            }
            sent += 1;
            if sent > LOOKS {
                tokio::time::sleep(PACE).await;
            }
        };
        if closed {
            tally.stalled_closed.fetch_add(1, Ordering::Relaxed);
        }
        if !pause(Duration::from_millis(500), stop).await {
            return;
        }
    }
}

/// Resigns a game of the heaviest game, then again and again opens it as a spectator, asks for
/// [`ANALYSES`] analyses and leaves without waiting for them.
async fn analysis_flood(addr: SocketAddr, stop: &AtomicBool, tally: &Tally) {
    let Some((game, token)) = heavy_hotseat(addr, stop).await else {
        return;
    };
    let resigned = async {
        let mut player = GameSocket::connect_from(addr, &game.id, ASKER).await.ok()?;
        player
            .send(&json!({ "type": "join", "token": token }))
            .await
            .ok()?;
        player.send(&json!({ "type": "resign" })).await.ok()?;
        state_until(&mut player, |s| !s["ending"].is_null()).await
    };
    if resigned.await.is_none() {
        return;
    }
    while !stop.load(Ordering::Relaxed) {
        if let Ok(mut spectator) = GameSocket::connect_from(addr, &game.id, ASKER).await
            && spectator
                .send(&json!({ "type": "join", "token": null }))
                .await
                .is_ok()
        {
            for _ in 0..ANALYSES {
                if spectator
                    .send(&json!({ "type": "analyse", "at": 0 }))
                    .await
                    .is_err()
                {
                    break;
                }
                tally.analyses.fetch_add(1, Ordering::Relaxed);
            }
        }
        if !pause(Duration::from_secs(1), stop).await {
            return;
        }
    }
}

/// From address `from`, creates games against [`UNOPENED_LEVEL`] with the computer to move
/// first and never opens them, as fast as the server lets it: in turns, every game whose
/// computer keeps a tree or a table ([`picks::searching_at`]), heaviest first.
async fn unopened_games(addr: SocketAddr, from: IpAddr, stop: &AtomicBool, tally: &Tally) {
    let games = picks::searching_at(UNOPENED_LEVEL);
    if games.is_empty() {
        return;
    }
    let mut made = 0usize;
    while !stop.load(Ordering::Relaxed) {
        let game = games[made % games.len()].id;
        made += 1;
        let body = json!({ "game": game, "mode": "computer", "level": UNOPENED_LEVEL, "seat": 1 });
        match create(addr, from, &body).await {
            Some((201, _)) => {
                tally.unopened.fetch_add(1, Ordering::Relaxed);
            }
            _ => {
                if !pause(Duration::from_millis(500), stop).await {
                    return;
                }
            }
        }
    }
}

/// Plays a hotseat game of the first game for two ([`picks::first_for_two`]) to a
/// resignation, asks for its rematch, joins it and does it again; once refused for the rate of
/// creation, asks again after a second.
async fn rematch_loop(addr: SocketAddr, stop: &AtomicBool, tally: &Tally) {
    let body = json!({ "game": picks::first_for_two().id, "mode": "hotseat" });
    let Some((_, Some(game))) = create(addr, REMATCHER, &body).await else {
        return;
    };
    let Some(mut token) = first_token(&game) else {
        return;
    };
    let mut id = game.id;
    while !stop.load(Ordering::Relaxed) {
        let Ok(mut player) = GameSocket::connect_from(addr, &id, REMATCHER).await else {
            return;
        };
        let joined = player
            .send(&json!({ "type": "join", "token": token }))
            .await;
        if joined.is_err() || player.send(&json!({ "type": "resign" })).await.is_err() {
            return;
        }
        if state_until(&mut player, |s| !s["ending"].is_null())
            .await
            .is_none()
        {
            return;
        }
        // The rematch's link, or a refusal and another try a second later.
        let link = loop {
            if player.send(&json!({ "type": "rematch" })).await.is_err() {
                return;
            }
            let answer = state_until(&mut player, |m| {
                m["type"] == "error" || m["rematch"].is_string()
            })
            .await;
            match answer {
                Some(m) if m["rematch"].is_string() => {
                    break m["rematch"].as_str().unwrap_or_default().to_owned();
                }
                Some(_) => {
                    tally.rematches_refused.fetch_add(1, Ordering::Relaxed);
                    if !pause(Duration::from_secs(1), stop).await {
                        return;
                    }
                }
                None => return,
            }
        };
        let Some((game, seat)) = link.trim_start_matches("/?game=").split_once("#token=") else {
            return;
        };
        tally.rematches.fetch_add(1, Ordering::Relaxed);
        (id, token) = (game.to_owned(), seat.to_owned());
    }
}
