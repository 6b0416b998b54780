//! tabuleiro in the browser: `tabuleiro serve` runs an HTTP + WebSocket server (axum on
//! tokio) that serves an embedded page, keeps every game and move in SQLite (or in PostgreSQL,
//! shared by several server nodes), and lets people play any game of the registry against the
//! computer, on one screen, or from two browsers.
//!
//! - [`dyngame`]: any game behind one trait, built through the registry's visitor.
//! - [`store`]: storage behind an async interface (SQLite or PostgreSQL), every change stored
//!   at the revision it was decided against before it is acknowledged.
//! - [`answers`]: a route's JSON errors and the reading of JSON bodies.
//! - [`outgoing`]: what is queued for a connection's writer, a state known by its type.
//! - [`sync`]: locks that outlive a panic.
//! - [`room`] and [`hub`]: games in play, their connections, and every change to them (moves,
//!   agreements, clocks running out, seats, rematches, computer players, other nodes'
//!   changes), each taking one road ([`hub::road`]: decided, stored, applied, sent).
//! - [`clock`]: the clocks of games between people (real time or correspondence).
//! - [`asking`]: hints and analyses asked for: one at a time per connection and per game,
//!   and where the answer goes.
//! - [`players`], [`me`] and [`player_api`]: who a visitor is (a name, a session, a key), this
//!   browser's player, and players in the public API.
//! - [`ratings`]: Glicko-2 ratings of rated games, per player and game.
//! - [`lobby`]: open challenges and the games being played now.
//! - [`protocol`]: the JSON messages; [`http`] and [`ws`]: the routes; [`assets`]: the page's
//!   files, compressed and with an `ETag`.
//! - [`error`]: why an action is refused or fails, as kinds with their HTTP status.
//! - [`limits`], [`listen`] and [`origin`]: what lets a server face the internet (connection
//!   caps, deadlines, creation rates, cross-site requests refused); [`proxies`]: the client a
//!   trusted reverse proxy names.
//! - [`token`]: seat tokens (128 bits from the operating system; only hashes are stored).
//! - [`logs`]: structured logs (`tracing`), as text or JSON; [`metrics`]: Prometheus's text
//!   on an address of its own ([`serve_metrics`]).
//! - [`backup`]: a consistent copy of a serving SQLite database, and its restore.
//! - [`showcase`]: a position of each game for its card on the home page.
//! - [`site`]: the site channel of each page of a player: what concerns them, told on every
//!   page and every node; while one is open their challenges stay in the lobby.
//!
//! The clients that drive a server from outside (a scripted HTTP and WebSocket client, the load
//! benchmark of `tabuleiro bench-web` and its hostile clients) are in the crate
//! `tabuleiro-load`, which depends on this one.
//!
//! # Protocol
//!
//! `POST /api/games` with a [`protocol::CreateRequest`] (`{"game":"quantik","mode":"online"}`)
//! answers a [`protocol::Created`]: the game's id, one link per seat
//! (`/?game=ID#token=TOKEN`; the token stays in the fragment, which browsers never send) and
//! the spectator link (`/?game=ID`). The page then opens `GET /api/games/ID/ws` and sends
//! `{"type":"join","token":…}` (no token: a spectator). The server answers `welcome` (the
//! game, the seats, which seats this connection plays) and a `state` as this connection may
//! see it (the board text from its seat's perspective, the move list as it may read it, the
//! legal moves when it is to move); every change sends each connection its new `state`.
//! Requests are `move` (`{"type":"move","notation":"Ca1"}`), `undo`, `hint`, `resign` and
//! the others [`protocol::ClientMessage`] lists (offers and their answers among them);
//! refusals are `error` messages (an `undo` over a move that drew hidden tiles is refused,
//! saying why, see [`tabuleiro_core::Game::reveals_hidden`]). A screen shared by several seats
//! (hotseat) sees the seat to move, and once the game is over only what no seat may hide.
//! `GET /api/games/ID/record` gives a finished game's record and `GET /api/catalog` the games,
//! their options and the computer levels.
//!
//! Seeds: each game's seed comes from the operating system ([`tabuleiro_core::fresh_seed`])
//! and no message carries it; it is in the record only, which is served once the game is over
//! (a game of hidden information, whose seed decides everything hidden, then cannot be
//! reopened by undo).

pub mod answers;
pub mod asking;
pub mod assets;
pub mod backup;
pub mod clock;
pub mod dyngame;
pub mod error;
pub mod http;
pub mod hub;
pub mod limits;
pub mod listen;
pub mod lobby;
pub mod logs;
pub mod me;
pub mod metrics;
pub mod origin;
pub mod outgoing;
pub mod player_api;
pub mod players;
pub mod protocol;
pub mod proxies;
pub mod puzzles;
pub mod ratings;
pub mod room;
pub mod showcase;
pub mod site;
pub mod store;
pub mod sync;
pub mod token;
pub mod ws;

use std::net::SocketAddr;
use std::path::PathBuf;

pub use http::router;
pub use hub::Hub;

/// Where the server listens and keeps its data.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// The address to listen on (default `127.0.0.1:8080`: this machine only).
    pub addr: SocketAddr,
    /// Where the games are stored: a data folder (SQLite) or a PostgreSQL URL.
    pub database: store::Database,
    /// The limits that let the server face the internet.
    pub limits: limits::Limits,
    /// A worker only: no page and no connection, only the queued computer moves of a
    /// database other nodes serve (see [`Hub::work`]).
    pub worker_only: bool,
    /// Where the metrics are served ([`serve_metrics`]); `None`: no metrics.
    pub metrics_addr: Option<SocketAddr>,
}

/// Why the server stopped or could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The database could not be opened.
    #[error(transparent)]
    Store(#[from] store::StoreError),
    /// A worker-only node without a database other nodes share.
    #[error("a worker-only node needs a database other nodes serve: give --database postgres://…")]
    WorkerAlone,
    /// The address could not be bound, or serving failed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The metrics' address could not be bound.
    #[error(
        "cannot serve the metrics on {addr}: {source} (another server on this machine? give \
         --metrics-addr another address, or --metrics-addr off)"
    )]
    Metrics {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
}

/// The default data folder: `$XDG_DATA_HOME/tabuleiro`, else `~/.local/share/tabuleiro`, else
/// `./tabuleiro-data`.
pub fn default_data_dir() -> PathBuf {
    if let Some(dir) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(dir).join("tabuleiro");
    }
    if let Some(home) = std::env::var_os("HOME").filter(|d| !d.is_empty()) {
        return PathBuf::from(home).join(".local/share/tabuleiro");
    }
    PathBuf::from("tabuleiro-data")
}

/// Opens the data, binds the address and serves until Ctrl-C. Prints the address to open.
///
/// # Errors
/// When the data cannot be opened or the address cannot be bound.
pub async fn serve(config: Config) -> Result<(), ServeError> {
    let hub = Hub::open_database(&config.database, config.limits.clone()).await?;
    // The metrics' line comes after the line that says the node serves.
    let mut metrics_line = None;
    if let Some(addr) = config.metrics_addr {
        let listener = tokio::net::TcpListener::bind(addr)
            .await
            .map_err(|source| ServeError::Metrics { addr, source })?;
        let bound = listener.local_addr()?;
        hub.measure();
        tokio::spawn(serve_metrics(listener, std::sync::Arc::clone(&hub)));
        metrics_line = Some(format!(
            "tabuleiro: metrics for Prometheus at http://{bound}/metrics"
        ));
    }
    if config.worker_only {
        if !matches!(config.database, store::Database::Postgres(_)) {
            return Err(ServeError::WorkerAlone);
        }
        hub.resume_clocks().await;
        hub.follow_changes()?;
        hub.work(hub.limits().workers);
        // Games whose clock ran out are ended by whichever node looks first.
        let _watching = hub.watch_clocks();
        println!(
            "tabuleiro: working for the computer players of {} with {} worker(s), serving no page \
             (Ctrl-C stops)",
            config.database.describe(),
            hub.limits().workers
        );
        if let Some(line) = &metrics_line {
            say(line);
        }
        stop_asked().await;
        hub.drain();
        hand_back(&hub).await;
        say("tabuleiro: stopped");
        return Ok(());
    }
    let cap = config.limits.max_connections;
    match listen::raise_open_files(cap) {
        Ok(files) if files < listen::OTHER_FILES.saturating_add(cap as u64) => {
            tracing::warn!(
                "this process may open {files} files (ulimit -n): about {} connections at once, \
                 fewer than --max-connections {cap}",
                files.saturating_sub(listen::OTHER_FILES)
            );
        }
        Ok(_) => {}
        Err(e) => tracing::warn!(error = %e, "the limit on open files could not be raised"),
    }
    let listener = tokio::net::TcpListener::bind(config.addr).await?;
    let addr = listener.local_addr()?;
    println!(
        "tabuleiro: serving {} stored game(s) from {} — open http://{addr}/ in a browser (Ctrl-C \
         stops)",
        hub.stored_games().await?,
        config.database.describe()
    );
    if let Some(line) = &metrics_line {
        say(line);
    }
    // SIGTERM or Ctrl-C: the node drains for DRAIN (readyz fails, every page is told the
    // server is restarting), then stops: every acknowledged change is already stored, and
    // waiting for open WebSocket connections to close would wait for every browser to leave.
    let serving = serve_on(listener, std::sync::Arc::clone(&hub));
    tokio::pin!(serving);
    tokio::select! {
        served = &mut serving => return served.map_err(ServeError::from),
        () = stop_asked() => {}
    }
    say(&format!(
        "tabuleiro: stopping: draining for {} s",
        DRAIN.as_secs()
    ));
    hub.drain();
    // The computer moves this node's workers claimed go to the other nodes at once; what a
    // search of this node makes meanwhile is stored as any move is (the first wins).
    hand_back(&hub).await;
    tokio::select! {
        served = &mut serving => served?,
        () = tokio::time::sleep(DRAIN) => {}
    }
    // A claim a worker was making as the drain began.
    hand_back(&hub).await;
    say("tabuleiro: stopped");
    Ok(())
}

/// Hands back the computer moves the node's workers claimed ([`Hub::hand_back`]), saying how
/// many; a failure is logged (the claims then run out by themselves).
async fn hand_back(hub: &Hub) {
    match hub.hand_back().await {
        Ok(0) => {}
        Ok(n) => say(&format!(
            "tabuleiro: handed {n} claimed computer move(s) back to the other nodes"
        )),
        Err(e) => tracing::warn!(error = %e, "the claimed computer moves could not be handed back"),
    }
}

/// Prints a line of the server's own on standard output; one nobody reads any more (a closed
/// pipe) is dropped, not a panic.
fn say(line: &str) {
    use std::io::Write as _;
    let _ = writeln!(std::io::stdout(), "{line}");
}

/// How long a stopping node goes on answering (`/readyz` failing, pages told to reconnect)
/// before it exits: time for a load balancer's next health check to send no more.
pub const DRAIN: std::time::Duration = std::time::Duration::from_secs(3);

/// Waits for SIGTERM (a service manager, an orchestrator) or Ctrl-C.
async fn stop_asked() {
    #[cfg(unix)]
    {
        if let Ok(mut term) =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            tokio::select! {
                _ = term.recv() => {}
                _ = tokio::signal::ctrl_c() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

/// Serves `hub` on `listener` within the hub's limits ([`listen::accept_loop`]), dropping
/// games nobody uses from memory every [`SWEEP_INTERVAL`].
///
/// # Errors
/// When accepting connections fails.
pub async fn serve_on(
    listener: tokio::net::TcpListener,
    hub: std::sync::Arc<Hub>,
) -> std::io::Result<()> {
    // After an outage, the running clocks resume where they stopped, before any game opens.
    hub.resume_clocks().await;
    // Games changed by other nodes of a shared database are brought up to date here.
    if let Err(e) = hub.follow_changes() {
        tracing::error!(error = %e, "cannot follow the other servers' changes");
    }
    // Computer moves queued in a database nodes share are taken by this node's workers.
    hub.work(hub.limits().workers);
    // Games whose clock ran out are ended by whichever node looks first. The background
    // tasks stop when serving stops, even when this future is dropped (a test's server).
    let _watching = AbortOnDrop(hub.watch_clocks());
    let _sweeper = AbortOnDrop(tokio::spawn(sweep_every(
        std::sync::Arc::clone(&hub),
        SWEEP_INTERVAL,
    )));
    // The games this node serves, for the lobbies of the others.
    let _sharing = AbortOnDrop(lobby::share_playing(&hub));
    // The challenges of players with a page of the site open here stay in the lobby.
    let _keeping = AbortOnDrop(hub.keep_challenges());
    // On a shared database, who is here in each game is told to the other nodes.
    let _presence = AbortOnDrop(hub.beat_presence());
    listen::accept_loop(listener, hub).await
}

/// Serves `GET /metrics` ([`Hub::render_metrics`]) on `listener`, and nothing else, until it
/// fails. Call [`Hub::measure`] first (the hub records nothing until then).
///
/// # Errors
/// When serving fails.
pub async fn serve_metrics(
    listener: tokio::net::TcpListener,
    hub: std::sync::Arc<Hub>,
) -> std::io::Result<()> {
    use axum::extract::State;
    let routes = axum::Router::new()
        .route(
            "/metrics",
            axum::routing::get(|State(hub): State<std::sync::Arc<Hub>>| async move {
                (
                    [(axum::http::header::CONTENT_TYPE, metrics::CONTENT_TYPE)],
                    hub.render_metrics(),
                )
            }),
        )
        .with_state(hub);
    axum::serve(listener, routes).await
}

/// A background task stopped when this is dropped.
struct AbortOnDrop(tokio::task::JoinHandle<()>);

impl Drop for AbortOnDrop {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// How often games nobody uses are looked for; one is dropped from memory after two sweeps
/// unused, so between one and two intervals after its last use.
pub const SWEEP_INTERVAL: std::time::Duration = std::time::Duration::from_mins(1);

/// Runs [`Hub::sweep`] every `interval`, for ever.
async fn sweep_every(hub: std::sync::Arc<Hub>, interval: std::time::Duration) {
    let mut ticks = tokio::time::interval(interval);
    ticks.tick().await;
    loop {
        ticks.tick().await;
        hub.sweep();
    }
}
