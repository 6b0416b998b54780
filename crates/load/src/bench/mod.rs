//! The load benchmark: a server on a loopback port and many online games played at once by
//! scripted clients (two WebSocket connections per game, one per seat), each picking a
//! random legal move from its own state messages. Reports moves per second and the latency
//! from sending a move to receiving the state that shows it.
//!
//! This module runs the servers and the games and gathers the figures; the scripted players
//! are `players`, the figures and their printing `report`, and a database filled with
//! finished games `fill`.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde_json::json;
use tabuleiro_web::hub::Hub;
use tabuleiro_web::limits::Limits;
use tabuleiro_web::protocol::Created;
use tabuleiro_web::store::{Database, Durability, StoreOptions};

mod fill;
mod players;
mod report;
mod seats;

pub use self::fill::fill;
use self::players::{Table, against_computer, play_one, through_lobby};
pub use self::report::{AdversaryReport, LoadReport, ReplyReport, quantile};

use crate::client::{ClientError, request};

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
    /// Games against the computer (of [`picks::heaviest`](crate::picks::heaviest), at level
    /// [`COMPUTER_LEVEL`]) played at the same time by other honest clients, one after another for as long as the online games last and at
    /// least `computer_time`: the time the computer takes to answer each of their moves is
    /// measured.
    pub computer_games: usize,
    /// How long the games against the computer play at least ([`COMPUTER_TIME`] by default).
    pub computer_time: Duration,
    /// Play each game through the lobby: two players with names, a challenge posted and
    /// accepted, both seats opened by their sessions (and, on a clock, the clients measure
    /// it).
    pub lobby: Option<Lobby>,
    /// Servers already running elsewhere (`tabuleiro serve` of any build, started with
    /// `--creations-per-minute 0` and connection caps above twice the games) to play the games
    /// on instead of servers in this process: the same clients measure any server.
    pub servers: Vec<SocketAddr>,
    /// Each scripted player's pause before each move (a person's thinking; zero: none).
    pub pause: Duration,
    /// Record the servers' metrics ([`Hub::measure`]) and read them every second, as a
    /// Prometheus scraping a node would.
    pub metrics: bool,
    /// Print a line on standard output when every game has joined (`phase: playing`) and
    /// when the last has ended (`phase: played`), so that a script reading the servers' CPU
    /// from `/proc` can count the moves' alone (`scripts/node-cost`).
    pub phases: bool,
}

/// Says on standard output that the run reached `phase`, when `config` asks
/// ([`LoadConfig::phases`]).
fn phase(config: &LoadConfig, phase: &str) {
    if config.phases {
        use std::io::Write as _;
        let mut out = std::io::stdout().lock();
        // A script waits for this line: it goes out now, not with the report.
        let _ = writeln!(out, "phase: {phase}").and_then(|()| out.flush());
    }
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

/// How long the honest players against the computer think before each move.
pub const THINKING: Duration = Duration::from_millis(250);

/// The level of the honest games against the computer.
pub const COMPUTER_LEVEL: &str = "easy";

/// Why the benchmark could not run.
#[derive(Debug, thiserror::Error)]
pub enum LoadError {
    /// The database could not be opened.
    #[error("server: {0}")]
    Store(#[from] tabuleiro_web::store::StoreError),
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
        if config.metrics {
            hub.measure();
            let read = Arc::downgrade(&hub);
            servers.push(tokio::spawn(async move {
                let mut ticks = tokio::time::interval(std::time::Duration::from_secs(1));
                loop {
                    ticks.tick().await;
                    let Some(hub) = read.upgrade() else {
                        return;
                    };
                    std::hint::black_box(hub.render_metrics());
                }
            }));
        }
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
        addrs.push(listener.local_addr()?);
        let served = Arc::clone(&hub);
        servers.push(tokio::spawn(async move {
            let _ = tabuleiro_web::serve_on(listener, served).await;
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
            tokio::spawn(play_one(
                seats,
                game,
                i as u64 + 1,
                Arc::clone(&ready),
                config.pause,
            ))
        })
        .collect();
    ready.wait().await;
    phase(config, "playing");
    let start = Instant::now();
    let playing = Arc::new(AtomicBool::new(true));
    let computer_game = crate::picks::heaviest().id;
    let computers: Vec<_> = (0..config.computer_games)
        .map(|i| {
            let (hub, playing) = (hub.cloned(), Arc::clone(&playing));
            tokio::spawn(against_computer(
                addr,
                computer_game,
                hub,
                i as u64 + 1,
                playing,
            ))
        })
        .collect();
    let mut latencies = Vec::new();
    let (mut finished, mut errors, mut first_error) = (0, 0, None);
    let (mut lost, mut told, mut refused) = (0, 0, 0);
    let mut clock_error: Option<Duration> = None;
    for task in tasks {
        match task.await {
            Ok(Ok(played)) => {
                latencies.extend(played.latencies);
                lost += played.lost;
                told += played.told;
                refused += played.refused;
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
    phase(config, "played");
    if config.computer_games > 0 {
        tokio::time::sleep(config.computer_time.saturating_sub(elapsed)).await;
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
            game: computer_game,
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
        lost,
        told,
        refused,
    })
}
