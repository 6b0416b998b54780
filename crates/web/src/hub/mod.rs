//! Every game of the server and the storage behind them.
//!
//! - this module: the rooms (games in memory), loaded from storage when someone needs them and
//!   dropped when nobody has used them for a while;
//! - [`road`]: **the one road of every change to a live game** ([`Hub::transact`]): a
//!   [`command::Command`] decided against the room in the game's order, stored at the revision
//!   decided against, applied to the room ([`Room::apply`]) and sent to its connections;
//! - the handlers that decide each kind of command: [`actions`] (moves, undo, resignation;
//!   and hints, looking back, analysis, which change nothing), [`agreements`] (a draw offered
//!   and answered, a takeback asked for and answered, an abort), [`claims`] (a game claimed
//!   over a player who left), [`clocks`] (games whose clock
//!   ran out, found on every node; the clocks themselves are [`crate::clock`]), [`seating`]
//!   (players taking their seats, and a rated game rated once it is over: the Glicko-2
//!   arithmetic is [`crate::ratings`]), [`create`] (new games and rematches, games made from
//!   the lobby's accepted challenges: the lobby itself is [`crate::lobby`]), [`computer`]
//!   (computer players, thinking here or taking queued moves of a shared database);
//! - [`follow`]: games other nodes of a shared database changed, brought up to date in their
//!   order.
//!
//! # One order per game
//! A change to a game is made under the game's order lock (an async lock of that game
//! alone): decided against the room, stored only if the stored game is still at the room's
//! revision ([`crate::store::Change`]), then applied to the room and sent to its connections.
//! The room's own (blocking) lock is only held for the decision and the update, never across
//! a write or an `.await`. A change that loses a race with another node is refused with "the
//! game changed", and the room is read again from storage and shown.

pub mod actions;
pub mod agreements;
pub mod claims;
pub mod clocks;
pub mod command;
pub mod computer;
pub mod create;
pub mod follow;
mod measure;
mod plan;
pub mod road;
pub mod seating;

use std::collections::HashMap;
use std::future::Future;
use std::net::IpAddr;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tabuleiro_ai::Seat;
use tabuleiro_core::{Options, Registry, Setup};
use tabuleiro_games::REGISTRY;
use tracing::Instrument as _;

use crate::dyngame::build;
use crate::error::HubError;
use crate::limits::{Limits, RateLimiter};
use crate::protocol::Mode;
use crate::room::Room;
use crate::store::{Database, GameStore, StoreError, StoreOptions, StoredGame, StoredSeat};

use self::create::offered_level;
pub use self::create::unknown_game;

/// A room shared between connections and computer players.
pub type SharedRoom = Arc<Mutex<Room>>;

/// The server's games and their storage.
pub struct Hub {
    store: Arc<dyn GameStore>,
    rooms: Mutex<HashMap<String, SharedRoom>>,
    next_connection: AtomicU64,
    limits: Limits,
    creations: Mutex<RateLimiter>,
    /// Each client network's share of the computer pool ([`Limits::computer_share`]).
    shares: Mutex<HashMap<IpAddr, Arc<tokio::sync::Semaphore>>>,
    /// Permits to think: computer moves and hints run on at most this many threads at once.
    computers: Arc<tokio::sync::Semaphore>,
    /// Computer searches started.
    searches: AtomicU64,
    /// Computer searches running.
    running: AtomicU64,
    /// Computer searches that panicked (each caught: see [`computer`]).
    panics: AtomicU64,
    /// Test hook: the next computer search panics ([`Hub::panic_next_search`]).
    panic_next: AtomicBool,
    /// Whether computer moves go through the shared database's queue.
    queued: bool,
    /// This node's name among the workers.
    node: String,
    /// The site channels open on this node ([`crate::site`]).
    sites: crate::site::Sites,
    /// Set when the node is stopping: `/readyz` fails, no game is opened any more.
    draining: AtomicBool,
    /// The metrics, once the hub measures ([`Hub::measure`]).
    metrics: std::sync::OnceLock<Arc<crate::metrics::Metrics>>,
    /// The puzzles offered, read on first use.
    puzzles: std::sync::OnceLock<crate::puzzles::book::Book>,
}

/// How long a worker's claim on a queued computer move lasts: longer than any offered level
/// thinks (`hard`: a second), short enough that a dead node's move is soon taken over.
pub const CLAIM: Duration = Duration::from_secs(10);

pub use crate::sync::lock;

impl Hub {
    /// Opens the SQLite database in `folder` (on a tokio runtime). No game is read yet: a
    /// stored game is loaded (its moves replayed) when someone joins it or downloads its
    /// record, and dropped from memory when nobody has used it for a while ([`Hub::sweep`]),
    /// so memory follows the games being played, not the games ever stored, and start-up
    /// takes the same time for any number of stored games.
    ///
    /// # Errors
    /// When the database cannot be opened.
    pub async fn open(folder: &Path) -> Result<Arc<Self>, StoreError> {
        Hub::open_with(folder, Limits::default()).await
    }

    /// [`Hub::open`] with these limits.
    ///
    /// # Errors
    /// When the database cannot be opened.
    pub async fn open_with(folder: &Path, limits: Limits) -> Result<Arc<Self>, StoreError> {
        Hub::open_database(&Database::Folder(folder.to_owned()), limits).await
    }

    /// A hub over `database` (a data folder or a PostgreSQL URL), with these limits (whose
    /// `store_timeout` bounds every database call).
    ///
    /// # Errors
    /// When the database cannot be opened or migrated.
    pub async fn open_database(
        database: &Database,
        limits: Limits,
    ) -> Result<Arc<Self>, StoreError> {
        let options = StoreOptions {
            pool: limits.database_pool,
            timeout: limits.store_timeout,
            ..StoreOptions::default()
        };
        Ok(Hub::with_store(database.open(&options).await?, limits))
    }

    /// A hub over an opened store.
    pub fn with_store(store: Arc<dyn GameStore>, limits: Limits) -> Arc<Self> {
        let queued = store.queues_computers();
        Arc::new(Hub {
            store,
            rooms: Mutex::new(HashMap::new()),
            next_connection: AtomicU64::new(1),
            creations: Mutex::new(RateLimiter::new(limits.creations_per_minute)),
            shares: Mutex::new(HashMap::new()),
            computers: Arc::new(tokio::sync::Semaphore::new(limits.computer_threads.max(1))),
            searches: AtomicU64::new(0),
            running: AtomicU64::new(0),
            panics: AtomicU64::new(0),
            panic_next: AtomicBool::new(false),
            queued,
            node: format!(
                "{}-{:x}",
                std::process::id(),
                tabuleiro_core::fresh_seed().unwrap_or_default() % 0xffff
            ),
            sites: crate::site::Sites::default(),
            draining: AtomicBool::new(false),
            metrics: std::sync::OnceLock::new(),
            puzzles: std::sync::OnceLock::new(),
            limits,
        })
    }

    /// The puzzles this server offers (every game's shipped puzzles, read on first use).
    pub fn puzzles(&self) -> &crate::puzzles::book::Book {
        self.puzzles
            .get_or_init(|| crate::puzzles::book::Book::shipped(&tabuleiro_games::REGISTRY))
    }

    /// The number of computer searches started so far (a search whose game was resigned or
    /// changed while it waited for a thread is never started).
    pub fn searches_started(&self) -> u64 {
        self.searches.load(Ordering::Relaxed)
    }

    /// The number of computer searches running now.
    pub fn searches_running(&self) -> u64 {
        self.running.load(Ordering::Relaxed)
    }

    /// The number of computer searches that panicked (and were caught).
    pub fn searches_panicked(&self) -> u64 {
        self.panics.load(Ordering::Relaxed)
    }

    /// Where a room on a shared database tells the other nodes which of its seats have a
    /// connection here ([`crate::room::presence`]).
    fn presence_out(&self) -> crate::room::presence::PresenceOut {
        let store = Arc::clone(&self.store);
        Arc::new(move |game: &str, seats: &[bool]| store.announce_presence(game, seats))
    }

    /// On a database that nodes share, every [`BEAT`](crate::room::presence::BEAT): tells the
    /// other nodes again who is here in each game held here, and forgets what a silent node
    /// said (each game's connections are told at once of a change); for as long as the hub
    /// lives or until the task is aborted. Nothing on a database of one node.
    pub fn beat_presence(self: &Arc<Self>) -> tokio::task::JoinHandle<()> {
        let hub = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(crate::room::presence::BEAT);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                ticks.tick().await;
                let Some(hub) = hub.upgrade() else {
                    return;
                };
                if !hub.queued {
                    return;
                }
                let rooms: Vec<SharedRoom> = lock(&hub.rooms).values().cloned().collect();
                for room in rooms {
                    let mut room = lock(&room);
                    if room.beat_presence() {
                        room.broadcast_presence();
                    }
                }
            }
        })
    }

    /// Another node said which seats of game `id` it has connections of: the room held here,
    /// if any, counts it (and tells its connections of a change).
    pub(crate) fn heard_presence(&self, id: &str, node: &str, seats: Vec<bool>) {
        let room = lock(&self.rooms).get(id).cloned();
        if let Some(room) = room {
            let mut room = lock(&room);
            if room.heard_presence(node, seats) {
                room.broadcast_presence();
            }
        }
    }

    /// Whether the node is stopping ([`Hub::drain`]).
    pub fn draining(&self) -> bool {
        self.draining.load(Ordering::Relaxed)
    }

    /// The node starts stopping: from now on `/readyz` fails (a load balancer sends no more)
    /// and games are not opened; every page watching a game here is told that the server is
    /// restarting (it reconnects by itself, to another node behind a balancer). Every change
    /// acknowledged is stored already.
    pub fn drain(&self) {
        self.draining.store(true, Ordering::Relaxed);
        let rooms: Vec<SharedRoom> = lock(&self.rooms).values().cloned().collect();
        let message = crate::room::Outgoing::message(&crate::protocol::ServerMessage::Restarting);
        for room in rooms {
            lock(&room).tell_all(&message);
        }
    }

    /// The site channels open on this node.
    pub fn sites(&self) -> &crate::site::Sites {
        &self.sites
    }

    /// The server's limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Waits for a place in the computer pool's queue for client `network` (its share,
    /// [`Limits::computer_share`]); the place is held until the returned permit is dropped.
    /// `None` (no network known, or the hub shutting down): no share to wait for.
    pub(crate) async fn share(
        &self,
        network: Option<IpAddr>,
    ) -> Option<tokio::sync::OwnedSemaphorePermit> {
        let network = crate::limits::network_of(network?);
        let most = self.limits.computer_share.max(1);
        let share = {
            let mut shares = lock(&self.shares);
            // Networks with nothing waiting or searching are forgotten.
            shares.retain(|_, s| Arc::strong_count(s) > 1 || s.available_permits() < most);
            Arc::clone(
                shares
                    .entry(network)
                    .or_insert_with(|| Arc::new(tokio::sync::Semaphore::new(most))),
            )
        };
        share.acquire_owned().await.ok()
    }

    /// Counts a game creation by client `address` against the rate limit.
    ///
    /// # Errors
    /// [`HubError::TooMany`] when the address has created its share for now.
    pub fn allow_creation(&self, address: IpAddr) -> Result<(), HubError> {
        lock(&self.creations)
            .take(address, Instant::now())
            .inspect_err(|_| self.refused(crate::metrics::Limit::CreationsPerMinute))
            .map_err(|wait| HubError::TooMany {
                per_minute: self.limits.creations_per_minute,
                wait_seconds: wait.as_secs().max(1),
            })
    }

    /// The store of games and players.
    pub fn store(&self) -> &Arc<dyn GameStore> {
        &self.store
    }

    /// Runs a store call within the store's timeout ([`Limits::store_timeout`]).
    ///
    /// # Errors
    /// The store's error, or [`StoreError::Timeout`].
    pub async fn stored<T>(
        &self,
        call: impl Future<Output = Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        let timeout = self.limits.store_timeout;
        let result = tokio::time::timeout(timeout, call)
            .await
            .map_err(|_| StoreError::Timeout(timeout))
            .flatten();
        if let Err(StoreError::Timeout(_)) = result {
            self.refused(crate::metrics::Limit::DatabaseTimeout);
        }
        result
    }

    /// Number of games stored.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn stored_games(&self) -> Result<usize, StoreError> {
        self.stored(self.store.count()).await
    }

    /// Number of games in memory: those being played or watched, and those used lately.
    pub fn active(&self) -> usize {
        lock(&self.rooms).len()
    }

    /// The room of game `id`: in memory, or read from storage and replayed off the async
    /// runtime (replaying a game and building its computer players may take a while).
    /// `Ok(None)` when there is no such game.
    ///
    /// # Errors
    /// When the stored game cannot be read or replayed: only that game is refused.
    pub async fn room(self: &Arc<Self>, id: &str) -> Result<Option<SharedRoom>, HubError> {
        if let Some(room) = lock(&self.rooms).get(id) {
            return Ok(Some(Arc::clone(room)));
        }
        let stored = self.stored(self.store.load(id)).await.map_err(|e| {
            if unavailable(&e) {
                HubError::Unavailable {
                    maybe_stored: false,
                }
            } else {
                HubError::Damaged {
                    id: id.to_owned(),
                    reason: e.to_string(),
                }
            }
        })?;
        let Some(stored) = stored else {
            return Ok(None);
        };
        let mut room = replay(stored).await?;
        if room.mode() == Mode::Rated && room.over() {
            let changes = self
                .stored(self.store.rating_changes(id.to_owned()))
                .await
                .map_err(|e| store_error("the game's ratings", e))?;
            room.rated(changes);
        }
        if self.queued {
            // Players may be connected to other nodes: each node tells the others who is here.
            room.share_presence(self.presence_out());
        }
        let room = {
            let mut rooms = lock(&self.rooms);
            // Another connection may have loaded it meanwhile: one room per game.
            let room = rooms
                .entry(id.to_owned())
                .or_insert_with(|| Arc::new(Mutex::new(room)));
            Arc::clone(room)
        };
        // A rated game that ended while no node could rate it is rated now.
        self.settle(&room);
        Ok(Some(room))
    }

    /// Reads the room's game again from storage and shows it, if it changed. The caller
    /// holds the game's order.
    ///
    /// # Errors
    /// When the stored game cannot be read (the room is then marked stale) or replayed.
    pub(crate) async fn reload(&self, room: &SharedRoom) -> Result<(), HubError> {
        let id = lock(room).id().to_owned();
        let stored = match self.stored(self.store.load(&id)).await {
            Ok(Some(stored)) => stored,
            Ok(None) => return Ok(()),
            Err(e) => {
                lock(room).mark_stale();
                tracing::warn!(game = %id, error = %e, "cannot read the game again");
                return Err(store_error("the game", e));
            }
        };
        {
            let mut guard = lock(room);
            if guard.stale() && guard.revision() != stored.revision {
                // A write whose answer never came was made after all: the other nodes never
                // heard of it.
                self.store.announce(&id);
            }
            if guard.revision() == stored.revision && !guard.stale() {
                return Ok(());
            }
            // Most changes made elsewhere add a move or two: those are played here, not the
            // whole game replayed.
            if guard.catch_up(&stored) {
                return Ok(());
            }
        }
        let fresh = replay(stored).await?;
        lock(room).replace_with(fresh);
        Ok(())
    }

    /// Marks the room stale (an earlier write's outcome is unknown) and, in the background,
    /// reads it again from storage as soon as the database answers, so that its connections
    /// are shown the stored game without anyone having to act.
    pub(crate) fn heal(self: &Arc<Self>, room: &SharedRoom) {
        lock(room).mark_stale();
        let (hub, room) = (Arc::downgrade(self), Arc::clone(room));
        Hub::spawn(async move {
            let mut wait = Duration::from_millis(500);
            loop {
                tokio::time::sleep(wait).await;
                let Some(hub) = hub.upgrade() else {
                    return;
                };
                let order = lock(&room).order();
                let _turn = order.lock().await;
                if !lock(&room).stale() || hub.reload(&room).await.is_ok() {
                    return;
                }
                wait = (wait * 2).min(Duration::from_secs(5));
            }
        });
    }

    /// Drops from memory the games nobody has used since the previous sweep: no connection,
    /// no computer thinking, no request under way. A game in use holds its room, so a game
    /// is never dropped while someone can still change it; it is loaded again when needed.
    /// Returns how many games were dropped.
    pub fn sweep(&self) -> usize {
        let mut rooms = lock(&self.rooms);
        let before = rooms.len();
        rooms.retain(|_, room| {
            if Arc::strong_count(room) > 1 {
                if let Ok(mut room) = room.try_lock() {
                    room.in_use();
                }
                return true;
            }
            lock(room).idle_sweep() < 2
        });
        before - rooms.len()
    }

    /// A new connection number.
    pub fn connection_id(&self) -> u64 {
        self.next_connection.fetch_add(1, Ordering::Relaxed)
    }

    /// Test hook: the next computer search panics on its thread, as a bug in a search would
    /// (see [`computer`] for what the server does then).
    #[doc(hidden)]
    pub fn panic_next_search(&self) {
        self.panic_next.store(true, Ordering::SeqCst);
    }

    /// Spawns `work` on the runtime in the current span.
    pub(crate) fn spawn<F>(work: F) -> tokio::task::JoinHandle<F::Output>
    where
        F: Future + Send + 'static,
        F::Output: Send + 'static,
    {
        tokio::spawn(work.in_current_span())
    }
}

/// Whether a storage failure means the database is unreachable or too slow (try again later),
/// rather than a refusal of this change.
pub(crate) fn unavailable(error: &StoreError) -> bool {
    match error {
        StoreError::Timeout(_) | StoreError::Unreachable(_) | StoreError::Gone => true,
        StoreError::Postgres(e) => e.as_db_error().is_none(),
        _ => false,
    }
}

/// The error for a failed read or write of `what`. A write that timed out may still be made
/// when the database comes back ([`HubError::Unavailable`] says so).
pub(crate) fn store_error(what: &'static str, source: StoreError) -> HubError {
    if unavailable(&source) {
        tracing::warn!(error = %source, "the game store is unavailable for {what}");
        HubError::Unavailable {
            maybe_stored: matches!(source, StoreError::Timeout(_)) && what != "the game",
        }
    } else {
        HubError::Store { what, source }
    }
}

/// Rebuilds a stored game off the async runtime.
async fn replay(stored: StoredGame) -> Result<Room, HubError> {
    let id = stored.id.clone();
    tokio::task::spawn_blocking(move || restore(&stored))
        .await
        .map_err(|e| HubError::Damaged {
            id,
            reason: format!("replaying it failed: {e}"),
        })?
}

/// Rebuilds a stored game (blocking: it replays every move).
fn restore(stored: &StoredGame) -> Result<Room, HubError> {
    let damaged = |reason: String| HubError::Damaged {
        id: stored.id.clone(),
        reason,
    };
    let info = REGISTRY
        .games()
        .iter()
        .find(|g| g.id == stored.game)
        .ok_or_else(|| unknown_game(&stored.game))?;
    let options = Options::new(
        info,
        stored.options.iter().map(|(k, v)| (k.as_str(), v.as_str())),
    )?;
    let mode = Mode::from_name(&stored.mode).ok_or_else(|| HubError::Mode(stored.mode.clone()))?;
    let plans = stored
        .seats
        .iter()
        .map(|s| match s {
            StoredSeat::Human { .. } => Ok(Seat::Human),
            StoredSeat::Computer { level } => {
                offered_level(info, level).map(|(level, _)| Seat::Computer(level))
            }
        })
        .collect::<Result<Vec<Seat>, _>>()?;
    let setup = Setup {
        players: stored.players,
        options,
        seed: stored.seed,
    };
    let game = build(info.id, setup, &plans, &stored.moves).map_err(|e| damaged(e.to_string()))?;
    Ok(Room::restored(stored, mode, game))
}
