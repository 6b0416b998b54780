//! Hostile clients for the load benchmark's adversarial run (`bench-web --adversarial`): from
//! other loopback addresses than the honest players, they hold idle connections, open
//! WebSockets that never join, flood game creation and crowd games with spectators, and
//! attack the computer players ([`computers`]), for as long as the honest games play.

pub mod computers;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio::task::JoinSet;

/// Where the adversaries connect from: not the honest players' address.
pub const ADVERSARY: IpAddr = IpAddr::V4(Ipv4Addr::new(127, 0, 0, 2));

/// Idle connections the adversaries keep open (reopened when the server closes them).
pub const IDLE: usize = 300;
/// WebSockets opened without ever joining.
pub const SILENT_SOCKETS: usize = 50;
/// Spectators per crowded game, and games crowded.
pub const SPECTATORS: (usize, usize) = (100, 5);

/// Creation requests the flood sends every 10 ms at most: 5,000 a second. The attacker's own
/// work is done on the server's machine here, so an unpaced flood would measure mostly how
/// fast this process can attack itself.
pub const FLOOD_PER_TICK: usize = 50;

/// What the adversaries did.
#[derive(Debug, Default)]
pub struct Tally {
    /// Games the flood created.
    pub created: AtomicUsize,
    /// Creations refused (429).
    pub refused: AtomicUsize,
    /// Connections the server closed or refused.
    pub closed: AtomicUsize,
    /// Spectator messages read.
    pub watched: AtomicU64,
    /// Hints asked by clients that had stopped reading.
    pub stalled_hints: AtomicUsize,
    /// Those clients' connections the server closed.
    pub stalled_closed: AtomicUsize,
    /// Analyses asked by spectators that left at once.
    pub analyses: AtomicUsize,
    /// Games against `hard` created and never opened.
    pub unopened: AtomicUsize,
    /// Rematches made by the rematch loop.
    pub rematches: AtomicUsize,
    /// Rematches refused for the rate of creation.
    pub rematches_refused: AtomicUsize,
}

/// A TCP connection to `addr` from the adversaries' address.
async fn connect(addr: SocketAddr) -> std::io::Result<TcpStream> {
    let socket = TcpSocket::new_v4()?;
    socket.bind(SocketAddr::new(ADVERSARY, 0))?;
    socket.connect(addr).await
}

/// Waits until the server closes `stream` (or `stop` is set).
async fn hold(mut stream: TcpStream, stop: &AtomicBool) -> bool {
    let mut buf = [0u8; 1024];
    while !stop.load(Ordering::Relaxed) {
        let read = tokio::time::timeout(Duration::from_millis(200), stream.read(&mut buf)).await;
        if let Ok(Ok(0) | Err(_)) = read {
            return true;
        }
    }
    false
}

/// Starts every adversary against the server at `addr`; the flood asks for games of `game`,
/// and `games` are ids of honest games to crowd with spectators. They run until `stop` is set.
pub fn start(
    addr: SocketAddr,
    game: &str,
    games: &[String],
    stop: &Arc<AtomicBool>,
    tally: &Arc<Tally>,
) -> JoinSet<()> {
    let mut set = JoinSet::new();
    computers::start(&mut set, addr, stop, tally);
    for _ in 0..IDLE {
        let (stop, tally) = (Arc::clone(stop), Arc::clone(tally));
        set.spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                match connect(addr).await {
                    Ok(stream) => {
                        if hold(stream, &stop).await {
                            tally.closed.fetch_add(1, Ordering::Relaxed);
                            // Back again soon, but not in a loop that only measures the
                            // attacker's own CPU on this shared machine.
                            tokio::time::sleep(Duration::from_millis(20)).await;
                        }
                    }
                    Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
                }
            }
        });
    }
    let crowded: Vec<String> = games.iter().take(SPECTATORS.1).cloned().collect();
    for i in 0..SILENT_SOCKETS {
        let (stop, tally) = (Arc::clone(stop), Arc::clone(tally));
        let game = crowded
            .get(i % crowded.len().max(1))
            .cloned()
            .unwrap_or_default();
        set.spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                let Ok(mut stream) = connect(addr).await else {
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                };
                let handshake = format!(
                    "GET /api/games/{game}/ws HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\n\
                     Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n\
                     Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
                );
                if stream.write_all(handshake.as_bytes()).await.is_ok() && hold(stream, &stop).await
                {
                    tally.closed.fetch_add(1, Ordering::Relaxed);
                }
            }
        });
    }
    {
        let (stop, tally) = (Arc::clone(stop), Arc::clone(tally));
        let body = serde_json::json!({ "game": game, "mode": "online" }).to_string();
        set.spawn(async move {
            let mut ticks = tokio::time::interval(Duration::from_millis(10));
            let mut sent = 0usize;
            while !stop.load(Ordering::Relaxed) {
                sent += 1;
                if sent.is_multiple_of(FLOOD_PER_TICK) {
                    ticks.tick().await;
                }
                let Ok(mut stream) = connect(addr).await else {
                    tokio::time::sleep(Duration::from_millis(10)).await;
                    continue;
                };
                let request = format!(
                    "POST /api/games HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\
                     Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
                    body.len()
                );
                let mut answer = Vec::new();
                if stream.write_all(request.as_bytes()).await.is_err()
                    || stream.read_to_end(&mut answer).await.is_err()
                {
                    continue;
                }
                let head = String::from_utf8_lossy(&answer[..answer.len().min(16)]).to_string();
                if head.contains(" 201") {
                    tally.created.fetch_add(1, Ordering::Relaxed);
                } else if head.contains(" 429") {
                    tally.refused.fetch_add(1, Ordering::Relaxed);
                }
            }
        });
    }
    for game in &crowded {
        for _ in 0..SPECTATORS.0 {
            let (stop, tally, game) = (Arc::clone(stop), Arc::clone(tally), game.clone());
            set.spawn(async move {
                let Ok(stream) = connect(addr).await else {
                    tally.closed.fetch_add(1, Ordering::Relaxed);
                    return;
                };
                let url = format!("ws://{addr}/api/games/{game}/ws");
                let Ok((mut socket, _)) = tokio_tungstenite::client_async(url, stream).await else {
                    tally.closed.fetch_add(1, Ordering::Relaxed);
                    return;
                };
                let join = r#"{"type":"join","token":null}"#;
                if socket.send(join.into()).await.is_err() {
                    return;
                }
                while !stop.load(Ordering::Relaxed) {
                    match tokio::time::timeout(Duration::from_millis(200), socket.next()).await {
                        Ok(Some(Ok(_))) => {
                            tally.watched.fetch_add(1, Ordering::Relaxed);
                        }
                        Ok(_) => {
                            tally.closed.fetch_add(1, Ordering::Relaxed);
                            return;
                        }
                        Err(_) => {}
                    }
                }
            });
        }
    }
    set
}

/// Resident memory of this process in bytes (Linux; 0 elsewhere).
pub fn resident() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
            line.split_whitespace().nth(1)?.parse::<u64>().ok()
        })
        .map_or(0, |kib| kib * 1024)
}
