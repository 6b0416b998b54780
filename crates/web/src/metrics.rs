//! What an operator watches: the server's metrics in Prometheus's text format, served on an
//! address of their own (`serve --metrics-addr`, [`crate::serve_metrics`]), never on the public
//! port.
//!
//! Recorded where they happen (a move stored, a write's time, a refusal) when the hub
//! measures ([`crate::Hub::measure`]); the levels (games held, connections, the database
//! pool) are read when Prometheus asks ([`crate::Hub::render_metrics`]). Every name is listed
//! in `docs/deploy.md`.

use std::time::Duration;

use prometheus_client::encoding::text::encode;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

/// One label: its name and value.
type Label = [(&'static str, &'static str); 1];

/// A limit that refused something, the `limit` label of `tabuleiro_refusals_total`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// `--max-connections`: a connection closed at once.
    Connections,
    /// `--max-connections-per-address`.
    ConnectionsPerAddress,
    /// `--creations-per-minute`: a game not created.
    CreationsPerMinute,
    /// `--messages-per-second`: a WebSocket closed.
    MessagesPerSecond,
    /// `--spectators-per-game`.
    SpectatorsPerGame,
    /// `--challenges-per-network`: a challenge not posted.
    ChallengesPerNetwork,
    /// `--rated-within-network` not given: a rated challenge of one's own network refused.
    RatedWithinNetwork,
    /// `--join-timeout`: a WebSocket that never joined, closed.
    JoinTimeout,
    /// `--body-timeout`: a request whose body came too slowly (408).
    BodyTimeout,
    /// `--database-timeout`: a database call given up.
    DatabaseTimeout,
}

impl Limit {
    /// The label's value.
    pub fn name(self) -> &'static str {
        match self {
            Limit::Connections => "connections",
            Limit::ConnectionsPerAddress => "connections_per_address",
            Limit::CreationsPerMinute => "creations_per_minute",
            Limit::MessagesPerSecond => "messages_per_second",
            Limit::SpectatorsPerGame => "spectators_per_game",
            Limit::ChallengesPerNetwork => "challenges_per_network",
            Limit::RatedWithinNetwork => "rated_within_network",
            Limit::JoinTimeout => "join_timeout",
            Limit::BodyTimeout => "body_timeout",
            Limit::DatabaseTimeout => "database_timeout",
        }
    }
}

/// A kind of open connection, the `kind` label of `tabuleiro_connections`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Connection {
    /// A TCP connection to the public port (an HTTP request, or a WebSocket it became).
    Http,
    /// A WebSocket: a game's or a site channel.
    WebSocket,
}

impl Connection {
    fn name(self) -> &'static str {
        match self {
            Connection::Http => "http",
            Connection::WebSocket => "websocket",
        }
    }
}

/// Something counted in a gauge (an open connection, a computer move waiting) until this is
/// dropped.
#[derive(Debug)]
pub struct Held(Gauge);

impl Drop for Held {
    fn drop(&mut self) {
        self.0.dec();
    }
}

/// How the database's connections are used at one moment.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PoolUse {
    /// Connections lent out.
    pub in_use: usize,
    /// Connections open and free.
    pub idle: usize,
    /// Calls waiting for a connection.
    pub waiting: usize,
}

/// The server's metrics.
pub struct Metrics {
    registry: Registry,
    games_live: Gauge,
    connections: Family<Label, Gauge>,
    moves_stored: Family<Label, Counter>,
    move_broadcast: Histogram,
    computer_waiting: Gauge,
    computer_think: Histogram,
    database_connections: Family<Label, Gauge>,
    database_waiting: Gauge,
    store_write: Histogram,
    notification_delay: Histogram,
    refusals: Family<Label, Counter>,
    search_panics: Counter,
}

impl std::fmt::Debug for Metrics {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Metrics")
    }
}

/// Buckets from 100 µs doubling to about 13 s: a move's way, a write, a notification.
fn short_times() -> impl Iterator<Item = f64> {
    exponential_buckets(0.000_1, 2.0, 18)
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    /// Every metric, at zero.
    pub fn new() -> Self {
        let mut registry = Registry::with_prefix("tabuleiro");
        let games_live = Gauge::default();
        registry.register(
            "games_live",
            "Games held in memory by this node",
            games_live.clone(),
        );
        let connections = Family::<Label, Gauge>::default();
        registry.register(
            "connections",
            "Open connections: kind=http (TCP connections to the public port), websocket, spectator",
            connections.clone(),
        );
        let moves_stored = Family::<Label, Counter>::default();
        registry.register(
            "moves_stored",
            "Moves stored by this node, by game",
            moves_stored.clone(),
        );
        let move_broadcast = Histogram::new(short_times());
        registry.register(
            "move_broadcast_seconds",
            "From a player's move read from its connection to its broadcast, stored, to every page",
            move_broadcast.clone(),
        );
        let computer_waiting = Gauge::default();
        registry.register(
            "computer_moves_waiting",
            "Computer moves and hints waiting for a thread of the computer pool",
            computer_waiting.clone(),
        );
        let computer_think = Histogram::new(exponential_buckets(0.001, 2.0, 16));
        registry.register(
            "computer_think_seconds",
            "How long each computer search thought",
            computer_think.clone(),
        );
        let database_connections = Family::<Label, Gauge>::default();
        registry.register(
            "database_connections",
            "The database pool's connections: state=in_use, idle",
            database_connections.clone(),
        );
        let database_waiting = Gauge::default();
        registry.register(
            "database_waiting",
            "Database calls waiting for a connection of the pool",
            database_waiting.clone(),
        );
        let store_write = Histogram::new(short_times());
        registry.register(
            "store_write_seconds",
            "How long storing a change of a game took (its commit included)",
            store_write.clone(),
        );
        let notification_delay = Histogram::new(short_times());
        registry.register(
            "notification_delay_seconds",
            "PostgreSQL: from another node's change to this node hearing of it (nodes' clocks must agree)",
            notification_delay.clone(),
        );
        let refusals = Family::<Label, Counter>::default();
        registry.register(
            "refusals",
            "Requests, connections and messages refused by a limit, by limit",
            refusals.clone(),
        );
        let search_panics = Counter::default();
        registry.register(
            "search_panics",
            "Computer searches that panicked (each caught; the move is not made)",
            search_panics.clone(),
        );
        Metrics {
            registry,
            games_live,
            connections,
            moves_stored,
            move_broadcast,
            computer_waiting,
            computer_think,
            database_connections,
            database_waiting,
            store_write,
            notification_delay,
            refusals,
            search_panics,
        }
    }

    /// A move of `game` stored.
    pub fn move_stored(&self, game: &'static str) {
        self.moves_stored.get_or_create(&[("game", game)]).inc();
    }

    /// A player's move went from its connection to every page in `took`.
    pub fn move_broadcast(&self, took: Duration) {
        self.move_broadcast.observe(took.as_secs_f64());
    }

    /// A change was stored in `took`.
    pub fn store_write(&self, took: Duration) {
        self.store_write.observe(took.as_secs_f64());
    }

    /// A computer search thought for `took`.
    pub fn computer_thought(&self, took: Duration) {
        self.computer_think.observe(took.as_secs_f64());
    }

    /// A search panicked.
    pub fn search_panicked(&self) {
        self.search_panics.inc();
    }

    /// A change of another node was heard `after` its node sent it.
    pub fn notification_heard(&self, after: Duration) {
        self.notification_delay.observe(after.as_secs_f64());
    }

    /// `limit` refused something.
    pub fn refused(&self, limit: Limit) {
        self.refusals
            .get_or_create(&[("limit", limit.name())])
            .inc();
    }

    /// A computer move starts (`1`) or stops (`-1`) waiting for a thread.
    pub fn computer_waiting(&self, change: i64) {
        self.computer_waiting.inc_by(change);
    }

    /// A connection of `kind` opened, counted until the returned guard is dropped.
    pub fn opened(&self, kind: Connection) -> Held {
        let gauge = self
            .connections
            .get_or_create(&[("kind", kind.name())])
            .clone();
        gauge.inc();
        Held(gauge)
    }

    /// A computer move waits for a thread of the pool until the returned guard is dropped.
    pub fn computer_waits(&self) -> Held {
        let gauge = self.computer_waiting.clone();
        gauge.inc();
        Held(gauge)
    }

    /// The levels read when Prometheus asks: games held, spectators, the database pool.
    pub fn levels(&self, games: usize, spectators: usize, pool: Option<PoolUse>) {
        let count = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
        self.games_live.set(count(games));
        self.connections
            .get_or_create(&[("kind", "spectator")])
            .set(count(spectators));
        if let Some(pool) = pool {
            self.database_connections
                .get_or_create(&[("state", "in_use")])
                .set(count(pool.in_use));
            self.database_connections
                .get_or_create(&[("state", "idle")])
                .set(count(pool.idle));
            self.database_waiting.set(count(pool.waiting));
        }
    }

    /// Every metric in Prometheus's text format (OpenMetrics).
    pub fn render(&self) -> String {
        let mut text = String::new();
        // Writing into a String cannot fail.
        let _ = encode(&mut text, &self.registry);
        text
    }
}

/// The content type of [`Metrics::render`]'s text.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";
