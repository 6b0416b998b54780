//! The load benchmark: a server on a loopback port and many online games played at once by
//! scripted clients (two WebSocket connections per game, one per seat), each picking a
//! random legal move from its own state messages. Reports moves per second and the latency
//! from sending a move to receiving the state that shows it.

use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde_json::json;

use crate::client::{ClientError, GameSocket, request};
use crate::hub::Hub;
use crate::limits::Limits;
use crate::protocol::Created;
use crate::store::{
    Database, Durability, GameStore, SqliteStore, StoreOptions, StoredGame, StoredSeat,
};

/// What to run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoadConfig {
    /// Games played at once.
    pub games: usize,
    /// The game id.
    pub game: String,
    /// The database folder (default: a new temporary folder, removed afterwards).
    pub data: Option<PathBuf>,
    /// How commits reach the disk (the server's is [`Durability::Full`]).
    pub durability: Durability,
    /// Whether hostile clients ([`crate::adversaries`]) attack the server while the games
    /// play, which then runs with its default limits.
    pub adversarial: bool,
    /// A PostgreSQL database to store the games in instead of the folder (its games are left
    /// there).
    pub database: Option<String>,
    /// Server nodes on the database, each on its own port (more than one needs PostgreSQL):
    /// each game's two seats play through two different nodes when there are several.
    pub nodes: usize,
    /// Games against the computer (level [`COMPUTER_LEVEL`]) played at the same time by
    /// other honest clients, one after another for as long as the online games last and at
    /// least [`COMPUTER_TIME`]: the time the computer takes to answer each of their moves is
    /// measured.
    pub computer_games: usize,
    /// Play each game through the lobby: two players with names, a challenge posted and
    /// accepted, both seats opened by their sessions (and, on a clock, the clients measure
    /// it).
    pub lobby: Option<Lobby>,
    /// Servers already running elsewhere (`tabuleiro serve` of any build, started with
    /// `--creations-per-minute 0` and connection caps above twice the games) to play the games
    /// on instead of servers in this process: the same clients measure any server.
    pub servers: Vec<SocketAddr>,
}

/// How the games of a run through the lobby are challenged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Lobby {
    /// A real-time clock (minutes, increment in seconds), or none.
    pub clock: Option<(u32, u32)>,
    /// Rated challenges (each game is then rated at its end, and its players shown the
    /// change), not casual ones.
    pub rated: bool,
}

/// The honest games against the computer an adversarial `bench-web` plays beside the online
/// games, in both of its runs.
pub const COMPUTER_GAMES: usize = 10;

/// How long the games against the computer play at least (longer when the online games last
/// longer).
pub const COMPUTER_TIME: Duration = Duration::from_secs(20);

/// How long the attacks of an adversarial run go on before the honest games start.
pub const ATTACK_WARMUP: Duration = Duration::from_secs(12);

/// The game of the honest games against the computer: the one whose computer the attacks
/// keep busiest ([`crate::adversaries::computers`]).
pub const COMPUTER_GAME: &str = "taiji";

/// How long the honest players against the computer think before each move.
pub const THINKING: Duration = Duration::from_millis(250);

/// The level of the honest games against the computer.
pub const COMPUTER_LEVEL: &str = "easy";

/// How fast the computer answered the honest players' moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplyReport {
    /// Games against the computer played at once.
    pub games: usize,
    /// Computer replies measured.
    pub replies: usize,
    /// Median time from sending a move to the state showing the computer's answer.
    pub p50: Duration,
    /// Its 99th percentile.
    pub p99: Duration,
    /// The longest.
    pub max: Duration,
}

/// What the hostile clients of an adversarial run did, and the memory it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdversaryReport {
    /// Games the creation flood got created.
    pub created: usize,
    /// Creations refused for the rate (429).
    pub refused: usize,
    /// Hostile connections closed or refused by the server.
    pub closed: usize,
    /// Messages the hostile spectators received.
    pub watched: u64,
    /// Hints asked by clients that had stopped reading.
    pub stalled_hints: usize,
    /// Those clients' connections the server closed.
    pub stalled_closed: usize,
    /// Analyses asked by spectators that left at once.
    pub analyses: usize,
    /// Games against `hard` created and never opened.
    pub unopened: usize,
    /// Rematches the rematch loop made.
    pub rematches: usize,
    /// Rematches refused for the rate of creation.
    pub rematches_refused: usize,
    /// The most resident memory of the benchmark's process (server and every client).
    pub max_resident: u64,
}

/// The figures measured.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadReport {
    /// Games played at once.
    pub games: usize,
    /// Games played to their end.
    pub finished: usize,
    /// Moves played in all.
    pub moves: usize,
    /// Errors (error messages, failed connections).
    pub errors: usize,
    /// The first error seen, if any.
    pub first_error: Option<String>,
    /// Wall time from the first move to the last.
    pub elapsed: Duration,
    /// Median latency of a move.
    pub p50: Duration,
    /// 99th percentile latency.
    pub p99: Duration,
    /// Largest latency.
    pub max: Duration,
    /// Every move's latency, shortest first (for figures over several runs).
    pub latencies: Vec<Duration>,
    /// With games against the computer, how fast it answered.
    pub computer: Option<ReplyReport>,
    /// In an adversarial run, what the hostile clients did.
    pub adversaries: Option<AdversaryReport>,
    /// Through the lobby on a clock: the largest difference, over every seat of every game,
    /// between the time its clock showed at the end and the time its client measured.
    pub clock_error: Option<Duration>,
}

impl fmt::Display for LoadReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.elapsed.as_secs_f64();
        writeln!(
            f,
            "{} games at once: {} finished, {} moves in {secs:.2} s = {:.0} moves/s, {} errors",
            self.games,
            self.finished,
            self.moves,
            self.moves as f64 / secs.max(1e-9),
            self.errors
        )?;
        writeln!(
            f,
            "latency from sending a move to its state: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            ms(self.p50),
            ms(self.p99),
            ms(self.max)
        )?;
        if let Some(e) = &self.first_error {
            writeln!(f, "first error: {e}")?;
        }
        if let Some(e) = self.clock_error {
            writeln!(
                f,
                "through the lobby on clocks: at the end, every clock within {:.1} ms of the time \
                 its client measured",
                ms(e)
            )?;
        }
        if let Some(c) = &self.computer {
            writeln!(
                f,
                "meanwhile {} games of {COMPUTER_GAME} against `{COMPUTER_LEVEL}`: {} computer replies, from \
                 sending a move to the state with the reply: p50 {:.0} ms, p99 {:.0} ms, max \
                 {:.0} ms",
                c.games,
                c.replies,
                ms(c.p50),
                ms(c.p99),
                ms(c.max)
            )?;
        }
        if let Some(a) = &self.adversaries {
            writeln!(
                f,
                "meanwhile, from other addresses: {} idle connections and {} silent WebSockets \
                 held, {} spectators on {} games ({} messages), a creation flood ({} created, {} \
                 refused with 429); {} hostile connections closed by the server; clients that \
                 stopped reading asked {} hints ({} of them closed by the server); {} analyses \
                 asked by spectators who left; {} games against `hard` created and never \
                 opened; a rematch loop made {} rematches ({} refused with the rate of \
                 creation); the process's resident memory peaked at {:.0} MiB",
                crate::adversaries::IDLE,
                crate::adversaries::SILENT_SOCKETS,
                crate::adversaries::SPECTATORS.0 * crate::adversaries::SPECTATORS.1,
                crate::adversaries::SPECTATORS.1,
                a.watched,
                a.created,
                a.refused,
                a.closed,
                a.stalled_hints,
                a.stalled_closed,
                a.analyses,
                a.unopened,
                a.rematches,
                a.rematches_refused,
                a.max_resident as f64 / (1024.0 * 1024.0)
            )?;
        }
        Ok(())
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// Why the benchmark could not run.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The database could not be opened.
    #[error("server: {0}")]
    Store(#[from] crate::store::StoreError),
    /// Several nodes asked without a shared database.
    #[error("{0} nodes need a database they share: give --database postgres://…")]
    Nodes(usize),
    /// The server could not listen.
    #[error("server: {0}")]
    Io(#[from] std::io::Error),
    /// Setting up the games failed.
    #[error("client: {0}")]
    Client(#[from] ClientError),
}

/// Runs the benchmark.
///
/// # Errors
/// When the server cannot start or the games cannot be created.
pub async fn run(config: LoadConfig) -> Result<LoadReport, LoadError> {
    let (data, temporary) = match &config.data {
        Some(d) => (d.clone(), false),
        None => (
            std::env::temp_dir().join(format!("tabuleiro-bench-web-{}", std::process::id())),
            true,
        ),
    };
    if temporary {
        // A folder left by an earlier run of a process with the same id.
        let _ = std::fs::remove_dir_all(&data);
    }
    let database = match &config.database {
        Some(url) => Database::Postgres(url.clone()),
        None if config.nodes > 1 => {
            return Err(LoadError::Nodes(config.nodes));
        }
        None => Database::Folder(data.clone()),
    };
    if !config.servers.is_empty() {
        if config.adversarial {
            return Err(ClientError::Answer(
                "--adversarial runs its own server: it does not take --server".to_owned(),
            )
            .into());
        }
        return measure(&config, &config.servers, None).await;
    }
    let durability = config.durability;
    let limits = if config.adversarial {
        // The server's defaults, but for the honest players' own address, which plays every
        // game (two connections each).
        Limits {
            max_connections_per_address: 2 * config.games + 64,
            ..Limits::default()
        }
    } else {
        Limits::unlimited()
    };
    let mut hubs = Vec::new();
    let mut addrs = Vec::new();
    let mut servers = Vec::new();
    for _ in 0..config.nodes.max(1) {
        let options = StoreOptions {
            durability,
            pool: limits.database_pool,
            timeout: limits.store_timeout,
        };
        let store = database.open(&options).await?;
        let hub = Hub::with_store(store, limits.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        addrs.push(listener.local_addr()?);
        let served = Arc::clone(&hub);
        servers.push(tokio::spawn(async move {
            let _ = crate::serve_on(listener, served).await;
        }));
        hubs.push(hub);
    }
    let report = measure(&config, &addrs, Some(&hubs[0])).await;
    for server in servers {
        server.abort();
    }
    if temporary {
        let _ = std::fs::remove_dir_all(&data);
    }
    report
}

/// Creates the games on the first of `addrs` (through `hub` past the rate of creation, for an
/// adversarial run), plays them, and reports.
async fn measure(
    config: &LoadConfig,
    addrs: &[SocketAddr],
    hub: Option<&Arc<Hub>>,
) -> Result<LoadReport, LoadError> {
    let addr = addrs[0];
    let mut created = Vec::with_capacity(config.games);
    for n in 0..config.games {
        if let Some(lobby) = config.lobby {
            created.push(through_lobby(addr, &config.game, n, lobby).await?);
            continue;
        }
        let body = json!({ "game": config.game, "mode": "online" }).to_string();
        let game: Created = if let Some(hub) = hub.filter(|_| config.adversarial) {
            // Past the rate of creation per address, which the flood meets.
            let request =
                serde_json::from_str(&body).map_err(|e| ClientError::Answer(e.to_string()))?;
            hub.create(request, None)
                .await
                .map_err(|e| ClientError::Answer(e.to_string()))?
        } else {
            let answer = request(addr, "POST", "/api/games", Some(&body)).await?;
            serde_json::from_str(&answer.body)
                .map_err(|e| ClientError::Answer(format!("{e}: {}", answer.body)))?
        };
        created.push(Table::Links(game));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let tally = Arc::new(crate::adversaries::Tally::default());
    let peak = Arc::new(AtomicU64::new(crate::adversaries::resident()));
    let mut hostile = None;
    if config.adversarial {
        let ids: Vec<String> = created
            .iter()
            .map(|t| match t {
                Table::Links(g) => g.id.clone(),
                Table::Lobby { id, .. } => id.clone(),
            })
            .collect();
        hostile = Some(crate::adversaries::start(
            addr,
            &config.game,
            &ids,
            &stop,
            &tally,
        ));
        let (stop, peak) = (Arc::clone(&stop), Arc::clone(&peak));
        tokio::spawn(async move {
            while !stop.load(Ordering::Relaxed) {
                peak.fetch_max(crate::adversaries::resident(), Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        });
        // Let them settle in before the honest games start: past the server's write timeout,
        // so that a client that stopped reading is as stuck as it gets.
        tokio::time::sleep(ATTACK_WARMUP).await;
    }
    // Every game connects and joins first; the clock starts when all have, so that the
    // figure is moves a second, not connections a second.
    let ready = Arc::new(tokio::sync::Barrier::new(created.len() + 1));
    let tasks: Vec<_> = created
        .into_iter()
        .enumerate()
        .map(|(i, game)| {
            // Seat 1 on node i, seat 2 on the next node: with several, every move crosses.
            let seats = [addrs[i % addrs.len()], addrs[(i + 1) % addrs.len()]];
            tokio::spawn(play_one(seats, game, i as u64 + 1, Arc::clone(&ready)))
        })
        .collect();
    ready.wait().await;
    let start = Instant::now();
    let playing = Arc::new(AtomicBool::new(true));
    let computers: Vec<_> = (0..config.computer_games)
        .map(|i| {
            let (hub, playing) = (hub.cloned(), Arc::clone(&playing));
            tokio::spawn(against_computer(addr, hub, i as u64 + 1, playing))
        })
        .collect();
    let mut latencies = Vec::new();
    let (mut finished, mut errors, mut first_error) = (0, 0, None);
    let mut clock_error: Option<Duration> = None;
    for task in tasks {
        match task.await {
            Ok(Ok(played)) => {
                latencies.extend(played.latencies);
                finished += usize::from(played.finished);
                if let Some(e) = played.clock_error {
                    clock_error = Some(clock_error.map_or(e, |c| c.max(e)));
                }
            }
            Ok(Err(e)) => {
                errors += 1;
                first_error.get_or_insert(e);
            }
            Err(e) => {
                errors += 1;
                first_error.get_or_insert(e.to_string());
            }
        }
    }
    let elapsed = start.elapsed();
    if config.computer_games > 0 {
        tokio::time::sleep(COMPUTER_TIME.saturating_sub(elapsed)).await;
    }
    playing.store(false, Ordering::Relaxed);
    let mut replies = Vec::new();
    for task in computers {
        match tokio::time::timeout(Duration::from_secs(30), task).await {
            Ok(Ok(Ok(times))) => replies.extend(times),
            Ok(Ok(Err(e))) => {
                errors += 1;
                first_error.get_or_insert(format!("against the computer: {e}"));
            }
            Ok(Err(e)) => {
                errors += 1;
                first_error.get_or_insert(e.to_string());
            }
            Err(_) => {
                errors += 1;
                first_error.get_or_insert("the computer did not answer in 30 s".to_owned());
            }
        }
    }
    replies.sort_unstable();
    peak.fetch_max(crate::adversaries::resident(), Ordering::Relaxed);
    stop.store(true, Ordering::Relaxed);
    if let Some(mut hostile) = hostile {
        hostile.abort_all();
        while hostile.join_next().await.is_some() {}
    }
    latencies.sort_unstable();
    let at = |q: f64| quantile(&latencies, q);
    Ok(LoadReport {
        games: config.games,
        finished,
        moves: latencies.len(),
        errors,
        first_error,
        elapsed,
        p50: at(0.5),
        p99: at(0.99),
        max: latencies.last().copied().unwrap_or_default(),
        latencies,
        computer: (config.computer_games > 0).then(|| ReplyReport {
            games: config.computer_games,
            replies: replies.len(),
            p50: quantile(&replies, 0.5),
            p99: quantile(&replies, 0.99),
            max: replies.last().copied().unwrap_or_default(),
        }),
        adversaries: config.adversarial.then(|| AdversaryReport {
            created: tally.created.load(Ordering::Relaxed),
            refused: tally.refused.load(Ordering::Relaxed),
            closed: tally.closed.load(Ordering::Relaxed),
            watched: tally.watched.load(Ordering::Relaxed),
            stalled_hints: tally.stalled_hints.load(Ordering::Relaxed),
            stalled_closed: tally.stalled_closed.load(Ordering::Relaxed),
            analyses: tally.analyses.load(Ordering::Relaxed),
            unopened: tally.unopened.load(Ordering::Relaxed),
            rematches: tally.rematches.load(Ordering::Relaxed),
            rematches_refused: tally.rematches_refused.load(Ordering::Relaxed),
            max_resident: peak.load(Ordering::Relaxed),
        }),
        clock_error,
    })
}

/// The `q` quantile of sorted durations (zero when there are none).
pub fn quantile(sorted: &[Duration], q: f64) -> Duration {
    sorted
        .get(((sorted.len() as f64 - 1.0) * q).round() as usize)
        .copied()
        .unwrap_or_default()
}

/// Plays games of [`COMPUTER_GAME`] against the computer at [`COMPUTER_LEVEL`] from the honest
/// address, one after another while `playing` holds, picking random legal moves (seeded by
/// `seed`) after [`THINKING`]; returns how long each computer reply took. Games are created through `hub` when the server
/// runs here (past the rate of creation), else over HTTP.
async fn against_computer(
    addr: SocketAddr,
    hub: Option<Arc<Hub>>,
    seed: u64,
    playing: Arc<AtomicBool>,
) -> Result<Vec<Duration>, String> {
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut replies = Vec::new();
    while playing.load(Ordering::Relaxed) {
        let body = json!({ "game": COMPUTER_GAME, "mode": "computer", "level": COMPUTER_LEVEL });
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

/// One game's measurements.
struct Played {
    latencies: Vec<Duration>,
    finished: bool,
    /// On a clock: the largest difference between a seat's clock at the end and the time
    /// its client measured.
    clock_error: Option<Duration>,
}

/// How a scripted game is opened: by its seats' links, or (a game started in the lobby) by
/// its players' sessions.
enum Table {
    Links(Created),
    Lobby {
        id: String,
        sessions: [String; 2],
        /// The clock's time and increment, ms, if there is one.
        clock: Option<(u64, u64)>,
    },
}

/// Two players with names post and accept a challenge on `addr` as `lobby` says: the game it
/// starts, for [`play_one`].
/// Where the second player of a game through the lobby accepts from, for a server on this
/// machine: another loopback address than the first player's (and the adversaries').
const ACCEPTOR: std::net::IpAddr = std::net::IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 3, 1));

async fn through_lobby(
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
struct Seen {
    version: u64,
    to_move: Option<usize>,
    legal: Vec<String>,
    over: bool,
    /// Each seat's time left, for a game on a clock.
    clock: Option<Vec<u64>>,
}

/// The fields of a server message the scripted players read: the rest (the board, its picture,
/// the move list) is skipped without being built, so that the clients cost the machine little
/// beside the server they measure.
#[derive(serde::Deserialize)]
struct Lean {
    #[serde(rename = "type")]
    kind: String,
    version: Option<u64>,
    to_move: Option<usize>,
    #[serde(default)]
    legal: LeanLegal,
    ending: Option<serde::de::IgnoredAny>,
    message: Option<String>,
    clock: Option<LeanClock>,
    #[serde(default)]
    you: Vec<usize>,
}

/// A clock, as [`Lean`] reads it.
#[derive(serde::Deserialize)]
struct LeanClock {
    remaining: Vec<u64>,
}

/// The legal moves, as [`Lean`] reads them: their notations only
/// ([`crate::protocol::legal_wire`]).
#[derive(serde::Deserialize, Default)]
struct LeanLegal {
    moves: Vec<LeanMove>,
}

/// A legal move's notation, the first item of its array; the rest skipped unread.
struct LeanMove(String);

impl<'de> serde::Deserialize<'de> for LeanMove {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct First;
        impl<'de> serde::de::Visitor<'de> for First {
            type Value = LeanMove;
            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a move's array, its notation first")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<LeanMove, A::Error> {
                let notation: String = seq
                    .next_element()?
                    .ok_or_else(|| serde::de::Error::invalid_length(0, &self))?;
                while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
                Ok(LeanMove(notation))
            }
        }
        deserializer.deserialize_seq(First)
    }
}

/// Reads until a state newer than `after`; an error message is an error.
async fn next_state(socket: &mut GameSocket, after: u64) -> Result<Seen, String> {
    loop {
        let text = socket
            .next_text()
            .await
            .map_err(|e| e.to_string())?
            .ok_or_else(|| "connection closed".to_owned())?;
        let lean: Lean = serde_json::from_str(&text).map_err(|e| format!("{e}: {text}"))?;
        match lean.kind.as_str() {
            "state" if lean.version.unwrap_or(0) > after => {
                return Ok(Seen {
                    version: lean.version.unwrap_or(0),
                    to_move: lean.to_move,
                    legal: lean.legal.moves.into_iter().map(|m| m.0).collect(),
                    over: lean.ending.is_some(),
                    clock: lean.clock.map(|c| c.remaining),
                });
            }
            "error" => return Err(lean.message.unwrap_or_default()),
            _ => {}
        }
    }
}

/// Connects and joins both seats of the game; returns their sockets and first states, in
/// the order of the seats.
async fn join_seats(
    addrs: [SocketAddr; 2],
    table: &Table,
) -> Result<(Vec<GameSocket>, Vec<Seen>), String> {
    let mut joined: Vec<(usize, GameSocket, Seen)> = Vec::new();
    for i in 0..2 {
        let (mut socket, token) = match table {
            Table::Links(game) => (
                GameSocket::connect(addrs[i % 2], &game.id).await,
                game.seats[i].token.clone(),
            ),
            Table::Lobby { id, sessions, .. } => (
                GameSocket::connect_as(addrs[i % 2], id, &sessions[i]).await,
                None,
            ),
        };
        let socket_ref = socket.as_mut().map_err(|e| e.to_string())?;
        socket_ref
            .send(&json!({ "type": "join", "token": token }))
            .await
            .map_err(|e| e.to_string())?;
        // A player's session opens the seat they sit in: the welcome says which.
        let seat = loop {
            let text = socket_ref
                .next_text()
                .await
                .map_err(|e| e.to_string())?
                .ok_or_else(|| "connection closed".to_owned())?;
            let lean: Lean = serde_json::from_str(&text).map_err(|e| format!("{e}: {text}"))?;
            match lean.kind.as_str() {
                "welcome" => break lean.you.first().copied().unwrap_or(i),
                "error" => return Err(lean.message.unwrap_or_default()),
                _ => {}
            }
        };
        let mut socket = socket.map_err(|e| e.to_string())?;
        let seen = next_state(&mut socket, 0).await?;
        joined.push((seat, socket, seen));
    }
    joined.sort_by_key(|(seat, _, _)| *seat);
    let (sockets, seen) = joined.into_iter().map(|(_, s, v)| (s, v)).unzip();
    Ok((sockets, seen))
}

/// Plays one game: both seats connect and join, wait at `ready` for every other game, then
/// play random legal moves to the end.
async fn play_one(
    addrs: [SocketAddr; 2],
    table: Table,
    seed: u64,
    ready: Arc<tokio::sync::Barrier>,
) -> Result<Played, String> {
    let joined = join_seats(addrs, &table).await;
    ready.wait().await;
    let (mut sockets, mut seen) = joined?;
    let mut rng = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut latencies = Vec::new();
    // What each seat's client measured: when its turn began (the state that gave it the move
    // arrived), how long it thought in all (the game's first move is free), its moves.
    let mut began = [Instant::now(); 2];
    let mut thought = [Duration::ZERO; 2];
    let mut moved = [0u64; 2];
    loop {
        let Some(mover) = seen[0].to_move else {
            let clock_error = match &table {
                Table::Lobby {
                    clock: Some((initial_ms, increment_ms)),
                    ..
                } => {
                    let shown = seen[0].clock.clone().unwrap_or_default();
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
                finished: seen[0].over,
                clock_error,
            });
        };
        let legal = &seen[mover].legal;
        if legal.is_empty() {
            return Err(format!("seat {mover} is to move but has no legal move"));
        }
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let notation = legal[(rng % legal.len() as u64) as usize].clone();
        let version = seen[mover].version;
        let sent = Instant::now();
        let this_turn = sent.duration_since(began[mover]);
        if moved.iter().sum::<u64>() > 0 {
            thought[mover] += this_turn;
        }
        moved[mover] += 1;
        // Like the page, a move on a clock says how long its player thought.
        let message = match table {
            Table::Lobby { clock: Some(_), .. } => {
                json!({ "type": "move", "notation": notation, "thought": this_turn.as_millis() as u64 })
            }
            Table::Lobby { clock: None, .. } | Table::Links(_) => {
                json!({ "type": "move", "notation": notation })
            }
        };
        sockets[mover]
            .send(&message)
            .await
            .map_err(|e| e.to_string())?;
        seen[mover] = next_state(&mut sockets[mover], version).await?;
        latencies.push(sent.elapsed());
        for (seat, socket) in sockets.iter_mut().enumerate() {
            if seat != mover {
                seen[seat] = next_state(socket, version).await?;
                began[seat] = Instant::now();
            }
        }
        began[mover] = Instant::now();
    }
}

/// Fills the database in `folder` with `games` finished games of game `game` (random legal
/// moves from seeds 0, 1, …, default options, the fewest players), for measuring a server that
/// has stored many games. Returns how many moves were stored.
///
/// # Errors
/// When the game is unknown, or the database cannot be opened or written.
pub fn fill(folder: &std::path::Path, game: &str, games: usize) -> Result<usize, LoadError> {
    use tabuleiro_core::Registry;
    tabuleiro_games::REGISTRY
        .visit(game, Filler { folder, games })
        .unwrap_or_else(|| Err(ClientError::Answer(format!("unknown game `{game}`")).into()))
}

/// [`fill`] for the game chosen at run time.
struct Filler<'a> {
    folder: &'a std::path::Path,
    games: usize,
}

impl tabuleiro_core::GameVisitor for Filler<'_> {
    type Output = Result<usize, LoadError>;

    fn visit<G: tabuleiro_core::Engine>(self) -> Self::Output {
        let store = SqliteStore::open(self.folder)?;
        let mut moves_stored = 0;
        let stored = (0..self.games).map(|i| {
            let setup = tabuleiro_core::Setup {
                players: G::INFO.min_players,
                options: tabuleiro_core::Options::defaults(G::INFO),
                seed: i as u64,
            };
            let mut moves = Vec::new();
            if let Ok(mut state) = G::new(&setup) {
                let mut rng = tabuleiro_core::rng_from_seed(i as u64);
                let limit = G::INFO.max_moves.unwrap_or(1000);
                while let Some(mv) = state.random_move(&mut rng) {
                    if moves.len() >= limit {
                        break;
                    }
                    moves.push(state.format_move(mv));
                    state.play_unchecked(mv);
                }
            }
            moves_stored += moves.len();
            StoredGame {
                id: format!("stored{i:09}"),
                game: G::INFO.id.to_owned(),
                players: setup.players,
                options: setup
                    .options
                    .iter()
                    .map(|(k, v)| (k.to_owned(), v.to_owned()))
                    .collect(),
                seed: i as u64,
                mode: "hotseat".to_owned(),
                seats: vec![StoredSeat::human(String::new()); setup.players],
                resigned: None,
                moves,
                revision: 0,
                rematch: None,
                offer: None,
                ending: None,
                clock: None,
            }
        });
        let games: Vec<StoredGame> = stored.collect();
        tokio::runtime::Builder::new_current_thread()
            .build()?
            .block_on(store.import(games))?;
        Ok(moves_stored)
    }
}
