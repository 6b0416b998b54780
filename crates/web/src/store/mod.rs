//! Storage of games and moves behind one asynchronous interface ([`GameStore`]) with two
//! implementations: SQLite in a data folder, the embedded default that needs nothing installed
//! ([`sqlite::SqliteStore`]: one writer thread that commits the changes arriving together in one
//! transaction and one sync), and PostgreSQL, for several server nodes on one database
//! ([`postgres::PostgresStore`]: a pool of `tokio-postgres` connections). Either way every
//! change is committed before it is acknowledged, so a server killed at any moment restarts
//! with every acknowledged move, and the schema is created and migrated at start-up, with its
//! version kept in the database.
//!
//! # One order per game
//! Every stored game has a *revision*, raised by each change. A change ([`Change`]) names the
//! revision its node last read, and is stored only if the game is still at that revision, in
//! the same transaction that makes it: two nodes can never both change the same revision, and
//! the loser gets [`StoreError::Conflict`] (the server then reads the game again and shows it).

pub mod postgres;
pub mod sqlite;

use std::future::Future;
use std::net::IpAddr;
use std::path::PathBuf;
use std::pin::Pin;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use tabuleiro_ai::glicko::Glicko;

use crate::clock::Clock;
use crate::lobby::Challenge;

pub use self::postgres::PostgresStore;
pub use self::sqlite::SqliteStore;

/// Who sits in a seat, as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StoredSeat {
    /// A person, who proves it with the token whose hash is kept here.
    Human {
        /// SHA-256 of the seat's token, hex.
        token_hash: String,
        /// The player who sits here: the first player who opened the seat's link (none
        /// until one did, in hotseat games and for visitors without a name).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<SeatPlayer>,
    },
    /// A computer player of this level (as [`tabuleiro_ai::Level`] reads it).
    Computer {
        /// The level, e.g. `medium` or `strong:think=200`.
        level: String,
    },
}

impl StoredSeat {
    /// A person's seat, opened by the token whose hash is `token_hash`, nobody sitting yet.
    pub fn human(token_hash: String) -> Self {
        StoredSeat::Human {
            token_hash,
            player: None,
        }
    }

    /// The player sitting here, if a player does.
    pub fn player(&self) -> Option<&SeatPlayer> {
        match self {
            StoredSeat::Human { player, .. } => player.as_ref(),
            StoredSeat::Computer { .. } => None,
        }
    }
}

/// A player sitting in a seat, as the game keeps them: their id, their name and their rating
/// in this game when they sat down (what the game's page shows, whatever happens later).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatPlayer {
    /// The player's public id.
    pub id: String,
    /// Their name when they sat down.
    pub name: String,
    /// Their rating in this game when they sat down, in games between people.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<ShownRating>,
    /// Whether a program plays for them (a bot).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
}

impl SeatPlayer {
    /// `player` in a seat, with no rating shown.
    pub fn of(player: &StoredPlayer) -> Self {
        SeatPlayer {
            id: player.id.clone(),
            name: player.name.clone(),
            rating: None,
            bot: player.bot,
        }
    }
}

/// A rating as players see it: rounded, and whether it is still provisional.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShownRating {
    /// The rating, rounded.
    pub value: i64,
    /// The rating deviation, rounded.
    pub deviation: i64,
    /// Whether the deviation is still too high for the rating to mean much
    /// ([`tabuleiro_ai::glicko::PROVISIONAL_DEVIATION`]).
    pub provisional: bool,
}

impl From<&Glicko> for ShownRating {
    fn from(g: &Glicko) -> Self {
        ShownRating {
            value: g.rating.round() as i64,
            deviation: g.deviation.round() as i64,
            provisional: g.provisional(),
        }
    }
}

/// A player's Glicko-2 rating in one game, as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRating {
    /// The game id (`quantik`).
    pub game: String,
    /// The rating.
    pub glicko: Glicko,
    /// How many rated games of this game the player finished.
    pub games: u32,
}

/// What a player of a game of two proposes to the other, until the other answers or a move
/// is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    /// A draw, or taking back the asking player's last turn.
    pub kind: OfferKind,
    /// The seat that asks, from 0.
    pub seat: usize,
    /// The number of moves played when it was made: it lapses with the next move.
    pub ply: usize,
}

/// What an [`Offer`] proposes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OfferKind {
    /// A draw by agreement.
    Draw,
    /// Taking back the asking player's last turn.
    Takeback,
}

/// How a game ended other than by its rules or a resignation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StoredEnding {
    /// The players agreed to a draw.
    Agreed,
    /// A player called the game off before every player had moved: no result, no rating.
    Aborted {
        /// The seat that aborted, from 0.
        seat: usize,
    },
    /// A player's clock ran out: they lose, as if they had resigned.
    Timeout {
        /// The seat, from 0.
        seat: usize,
    },
}

/// A game a player sat down in, as the index of every player's games finds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    /// The game's public id.
    pub id: String,
    /// The player's seat, from 0.
    pub seat: usize,
    /// When the game was created, in seconds since 1970.
    pub created: i64,
}

/// How a rated game changed one seat's rating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    /// The seat, from 0.
    pub seat: usize,
    /// The player's id.
    pub player: String,
    /// The rating before the game.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
    /// The deviation after it.
    pub deviation: f64,
}

/// One stored game: everything needed to rebuild it, with its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// Public id.
    pub id: String,
    /// Game id (`quantik`).
    pub game: String,
    /// Number of seats.
    pub players: usize,
    /// Options by name.
    pub options: std::collections::BTreeMap<String, String>,
    /// Seed of the game.
    pub seed: u64,
    /// `computer`, `hotseat` or `online`.
    pub mode: String,
    /// The seats.
    pub seats: Vec<StoredSeat>,
    /// The seat that resigned, if one did.
    pub resigned: Option<usize>,
    /// The moves so far, in notation.
    pub moves: Vec<String>,
    /// The stored revision: 0 when created, one more with every change.
    pub revision: u64,
    /// The id of the rematch created from this game, once one was.
    pub rematch: Option<String>,
    /// A draw offer or takeback request waiting for its answer.
    pub offer: Option<Offer>,
    /// How the game ended, when it ended by agreement, abort or time.
    pub ending: Option<StoredEnding>,
    /// The game's clock, for a game played on one.
    pub clock: Option<Clock>,
}

/// A game's clock after a change, with the moment its player's time runs out (none when no
/// time runs): stored together, so any node finds the games whose time ran out
/// ([`GameStore::expired`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timed {
    /// The clock.
    pub clock: Clock,
    /// The deadline, ms since 1970.
    pub deadline: Option<i64>,
}

/// A change to a stored game, made only if the game is still at the revision the node read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A move, number `ply` (counted from 0, the number of moves stored), in notation.
    Move {
        /// Its number.
        ply: usize,
        /// Its notation.
        notation: String,
        /// Whether it ends the game (informational: games are rebuilt from their moves).
        finished: bool,
        /// The game's clock after it, for a game on a clock.
        clock: Option<Box<Timed>>,
    },
    /// An undo: the moves from ply `from` on are forgotten, which reopens the game.
    Truncate {
        /// The first ply forgotten.
        from: usize,
        /// The game's clock after it, for a game on a clock.
        clock: Option<Box<Timed>>,
    },
    /// `seat` resigned.
    Resign {
        /// The seat, from 0.
        seat: usize,
    },
    /// An offer made (`Some`), or answered or withdrawn (`None`).
    Offer {
        /// The offer now waiting, if any.
        offer: Option<Offer>,
    },
    /// The game ended by agreement, abort or time (only while it is not over).
    End {
        /// How.
        ending: StoredEnding,
        /// The game's clock, stopped, for a game on a clock.
        clock: Option<Box<Clock>>,
    },
    /// A player sat down: the game's seats become `seats`, where seat `seat` now names its
    /// player (kept too in an index of every player's games).
    Sit {
        /// The seat, from 0.
        seat: usize,
        /// Every seat after the change.
        seats: Vec<StoredSeat>,
    },
    /// A rematch was created: `game` is stored (with no moves) and named this game's rematch,
    /// in the same transaction.
    Rematch {
        /// The new game.
        game: Box<StoredGame>,
    },
}

/// A storage failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite refused.
    #[error("database: {0}")]
    Sql(#[from] rusqlite::Error),
    /// PostgreSQL refused, or the connection to it failed.
    #[error("PostgreSQL: {0}")]
    Postgres(#[from] tokio_postgres::Error),
    /// The database was written by a newer tabuleiro, with a schema this one does not know.
    #[error(
        "the database's schema is version {found}; this tabuleiro knows versions up to {known}"
    )]
    Newer {
        /// The version found.
        found: i64,
        /// The newest version known here.
        known: i64,
    },
    /// The game changed since the revision the change was decided against (another node or
    /// another request changed it first): nothing was stored.
    #[error("the game changed (stored revision {stored}, not {expected})")]
    Conflict {
        /// The revision the change expected.
        expected: u64,
        /// The revision stored, if the game still exists.
        stored: u64,
    },
    /// The database did not answer within the store's timeout, or cannot be reached: the
    /// change may or may not have been stored.
    #[error("no answer from the database within {0:?}")]
    Timeout(Duration),
    /// The database cannot be reached (a connection could not be opened or broke).
    #[error("the database cannot be reached: {0}")]
    Unreachable(String),
    /// The thread or task that talks to the database is gone.
    #[error("the database connection's thread stopped")]
    Gone,
    /// A JSON column could not be written.
    #[error("stored data: {0}")]
    Json(#[from] serde_json::Error),
    /// A stored game's JSON column does not read.
    #[error("the stored `{column}` is corrupt: {error}")]
    Corrupt {
        /// The column.
        column: &'static str,
        /// What is wrong with it.
        error: serde_json::Error,
    },
    /// The data folder could not be created.
    #[error("data folder {path}: {error}")]
    Folder {
        /// The folder.
        path: String,
        /// What went wrong.
        error: std::io::Error,
    },
}

/// How a commit reaches the disk.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Durability {
    /// Synced before the commit returns (SQLite `synchronous=FULL`): an acknowledged move
    /// survives the process being killed and a power cut alike. The server's only setting.
    #[default]
    Full,
    /// Synced at checkpoints only (`synchronous=NORMAL`): survives a killed process, but a
    /// power cut may lose the last moves acknowledged. Only for `bench-web` to measure what
    /// `Full` costs.
    Normal,
}

impl std::str::FromStr for Durability {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, String> {
        match text.trim().to_ascii_lowercase().as_str() {
            "full" => Ok(Durability::Full),
            "normal" => Ok(Durability::Normal),
            _ => Err(format!("`{text}` is not a durability (full or normal)")),
        }
    }
}

/// What a store call gives back, later: every call is asynchronous and never blocks the
/// caller's thread.
pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

/// A player as stored: the public id (in links and the API) and the name chosen. Browsers
/// hold a session's secret in a cookie; the store keeps only its hash, as it keeps only the
/// hash of the player's key (the link that moves the identity to another browser).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredPlayer {
    /// Public id: 64 random bits as hex.
    pub id: String,
    /// The display name, checked ([`crate::players::check_name`]).
    pub name: String,
    /// Whether a program plays for this player (`tabuleiro bot` claimed its key).
    pub bot: bool,
}

/// A browser's session of a player, as the player may see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSession {
    /// The hash of the session's secret (the cookie holds the secret).
    pub hash: String,
    /// When it was made, in seconds since 1970.
    pub created: i64,
    /// Whether a key made it (else the player's name did, in its first browser).
    pub by_key: bool,
}

/// The games and players a server keeps: what the hub reads and writes, whatever the database.
///
/// Every method returns a future that does its I/O off the async runtime's threads (a
/// connection pool, or a thread of the store's own); none holds a lock of the caller's.
pub trait GameStore: Send + Sync {
    /// Stores a new game (with no moves, at revision 0).
    fn create(&self, game: StoredGame) -> StoreFuture<'_, ()>;

    /// Stores a new player with its first session (the hash of the browser's secret).
    fn create_player(&self, player: StoredPlayer, session: String) -> StoreFuture<'_, ()>;

    /// The player whose session has this hash, if any.
    fn session_player(&self, session: String) -> StoreFuture<'_, Option<StoredPlayer>>;

    /// Player `id`, by its public id.
    fn load_player(&self, id: String) -> StoreFuture<'_, Option<StoredPlayer>>;

    /// Renames player `id`; false when there is no such player.
    fn rename_player(&self, id: String, name: String) -> StoreFuture<'_, bool>;

    /// Sets the hash of player `id`'s key, replacing any earlier key, and ends the sessions
    /// earlier keys made, but `keep` (the session asking): a key that leaked is revoked with
    /// every browser it let in. False when there is no such player.
    fn set_player_key(&self, id: String, key: String, keep: String) -> StoreFuture<'_, bool>;

    /// Adds session `session` to the player whose key has hash `key` (another browser becomes
    /// that player), noting the key that made it; none when no player has that key. `bot`: a
    /// program claims it (`tabuleiro bot`), which only a player marked as a bot allows
    /// ([`GameStore::set_player_bot`]): the answer is the player, and no session is added,
    /// when it is a person.
    fn claim_player_key(
        &self,
        key: String,
        session: String,
        bot: bool,
    ) -> StoreFuture<'_, Option<StoredPlayer>>;

    /// The player whose key has hash `key`, without claiming it (a page asks its visitor
    /// before it becomes them); none when no player has that key.
    fn key_player(&self, key: String) -> StoreFuture<'_, Option<StoredPlayer>>;

    /// The sessions (browsers) of player `id`, the oldest first.
    fn player_sessions(&self, id: String) -> StoreFuture<'_, Vec<StoredSession>>;

    /// Ends player `id`'s session whose hash is `hash`; false when there is none.
    fn end_session(&self, id: String, hash: String) -> StoreFuture<'_, bool>;

    /// Marks player `id` as a bot (a program plays for them) or as a person again; false
    /// when there is no such player.
    fn set_player_bot(&self, id: String, bot: bool) -> StoreFuture<'_, bool>;

    /// Removes player `id` with its sessions and key; false when there was none.
    fn forget_player(&self, id: String) -> StoreFuture<'_, bool>;

    /// The ratings of player `id`, one per game they finished a rated game of.
    fn player_ratings(&self, id: String) -> StoreFuture<'_, Vec<PlayerRating>>;

    /// Rates finished game `id` (of game `game`) once: `seated` names each seat's player and
    /// `places` each seat's place at the end (1 first; equal places tie). Every player's rating
    /// is read, changed by [`crate::ratings::rate`] and written, with each seat's
    /// change, in one transaction — unless two of its players already finished
    /// [`crate::ratings::PAIR_GAMES_PER_DAY`] rated games together in the last 24 hours: then
    /// the game counts for nothing ([`crate::ratings::unchanged`]: its changes are stored,
    /// each of none, and no rating is written). A game already rated changes nothing more: its changes
    /// as stored come back, so any node may ask, any number of times.
    fn rate(
        &self,
        id: String,
        game: String,
        seated: Vec<String>,
        places: Vec<usize>,
    ) -> StoreFuture<'_, Vec<RatingChange>>;

    /// The games player `id` sat down in, newest first, at most `limit`, only of game `game`
    /// when one is named.
    fn player_games(
        &self,
        id: String,
        game: Option<String>,
        limit: usize,
    ) -> StoreFuture<'_, Vec<PlayedGame>>;

    /// Stores `challenge`: a new one when `expected` is none, else only if the stored one is
    /// still at revision `expected` (then its revision is raised), with `game` (the game its
    /// last seat starts) in the same transaction. Its creator is seen at `now` (ms). False,
    /// changing nothing, when it changed meanwhile or is gone.
    fn put_challenge(
        &self,
        challenge: Challenge,
        expected: Option<u64>,
        game: Option<StoredGame>,
        now: i64,
    ) -> StoreFuture<'_, bool>;

    /// Challenge `id` once started, or open — with `since` (ms), only if its creator was
    /// seen since then (a challenge that left the lobby cannot be accepted).
    fn challenge(&self, id: String, since: Option<i64>) -> StoreFuture<'_, Option<Challenge>>;

    /// The open challenges whose creator was seen since `since` (ms), the newest first, and
    /// those of player `mine` started in that time (their page learns the game started).
    fn challenges(&self, since: i64, mine: Option<String>) -> StoreFuture<'_, Vec<Challenge>>;

    /// Notes that player `creator`'s page is still there at `now` (ms): their challenges stay.
    fn touch_challenges(&self, creator: String, now: i64) -> StoreFuture<'_, ()>;

    /// Removes the open challenge `id` of player `creator`; false when there is none.
    fn remove_challenge(&self, id: String, creator: String) -> StoreFuture<'_, bool>;

    /// Replaces the games being played node `node` serves by `games`, written at `now` (ms),
    /// and forgets every node's games written before `forget` (nodes that stopped).
    fn share_playing(
        &self,
        node: String,
        games: Vec<crate::lobby::Playing>,
        now: i64,
        forget: i64,
    ) -> StoreFuture<'_, ()>;

    /// The games being played every node wrote since `since` (ms), each with its node.
    fn playing(&self, since: i64) -> StoreFuture<'_, Vec<(String, crate::lobby::Playing)>>;

    /// The games not over whose clock's deadline is before `now` (ms since 1970), at most
    /// `limit`, the longest overdue first.
    fn expired(&self, now: i64, limit: usize) -> StoreFuture<'_, Vec<String>>;

    /// How rated game `id` changed its players' ratings (empty until it is rated).
    fn rating_changes(&self, id: String) -> StoreFuture<'_, Vec<RatingChange>>;

    /// Stores many finished games with their moves in one transaction (for benchmarks that
    /// need a large database quickly); returns how many. Nothing is stored on an error.
    fn import(&self, games: Vec<StoredGame>) -> StoreFuture<'_, usize>;

    /// Makes `change` to game `id` if the game's stored revision is still `revision`, in one
    /// committed transaction; returns the new revision.
    ///
    /// # Errors
    /// [`StoreError::Conflict`] when the game changed since (nothing is stored), or a storage
    /// failure.
    fn change(&self, id: &str, revision: u64, change: Change) -> StoreFuture<'_, u64>;

    /// The stored game `id` with its moves, or `None` when there is no such game. A game whose
    /// row is corrupt (a JSON column that does not read) is an error naming the column: only
    /// that game is lost to the server.
    fn load(&self, id: &str) -> StoreFuture<'_, Option<StoredGame>>;

    /// The number of games stored.
    fn count(&self) -> StoreFuture<'_, usize>;

    /// For a database shared by several server nodes: a channel that receives the id of
    /// every game another node changed (a node skips its own announcements), and
    /// [`EVERY_GAME`] when changes may have been missed (the connection was lost). `None` for
    /// a database only one server uses (SQLite), whose changes are all this server's own.
    /// Must be called on a tokio runtime.
    ///
    /// # Errors
    /// When listening cannot start.
    fn changes(&self) -> Result<Option<tokio::sync::mpsc::UnboundedReceiver<Changed>>, StoreError> {
        Ok(None)
    }

    /// Tells the other nodes of a shared database that game `id` changed (they read it again):
    /// for a change this node stored without announcing it, a write whose answer never came
    /// but which the database made. Nothing for a database of one node.
    fn announce(&self, id: &str) {
        let _ = id;
    }

    /// The stored revisions of the games `ids` (those that exist), for a node to check the
    /// games it holds against a database other nodes share: an announcement can be missed (a
    /// node whose connection for hearing them was lost meanwhile, a write whose answer never
    /// came but which the database made later). Empty for a database of one node.
    fn revisions(&self, ids: Vec<String>) -> StoreFuture<'_, Vec<(String, u64)>> {
        let _ = ids;
        Box::pin(async { Ok(Vec::new()) })
    }

    /// Whether computer moves go through a queue that every node's workers take from
    /// ([`GameStore::enqueue_computer`], [`GameStore::claim_computer`]) rather than being
    /// thought by the node that holds the game. True for a database nodes share.
    fn queues_computers(&self) -> bool {
        false
    }

    /// Puts the computer's move at move number `ply` of game `id` in the queue (replacing
    /// an older job of that game), counted for client `network` (the network that first
    /// opened the game; `None`: nobody's, unbounded). A move stored for that ply, an undo or a
    /// resignation removes it.
    fn enqueue_computer(
        &self,
        id: &str,
        ply: usize,
        network: Option<IpAddr>,
    ) -> StoreFuture<'_, ()> {
        let _ = (id, ply, network);
        Box::pin(async { Ok(()) })
    }

    /// Claims for `worker`, until `lease` from now, a queued computer move nobody holds (or
    /// whose holder's claim ran out: a node that died while thinking), the oldest of a
    /// network that holds fewer than `share` claims on every node together: its game and
    /// ply. So one network's flood of games waits in the queue while the others' moves are
    /// made.
    fn claim_computer(
        &self,
        worker: &str,
        lease: Duration,
        share: usize,
    ) -> StoreFuture<'_, Option<(String, usize)>> {
        let _ = (worker, lease, share);
        Box::pin(async { Ok(None) })
    }
}

/// A change another node made to a stored game, as announced.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Changed {
    /// The game's id, or [`EVERY_GAME`] when any game may have changed.
    pub id: String,
    /// For a move: the game's revision after it, the move's number and its notation, so that
    /// a node holding the game at the revision before plays it without reading the game.
    pub moved: Option<(u64, usize, String)>,
}

impl Changed {
    /// Any change of game `id`, to be read from storage.
    pub fn any(id: &str) -> Self {
        Changed {
            id: id.to_owned(),
            moved: None,
        }
    }
}

/// What [`GameStore::changes`] sends when any game may have changed.
pub const EVERY_GAME: &str = "*";

/// How a store is opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoreOptions {
    /// How SQLite commits reach the disk.
    pub durability: Durability,
    /// Connections to PostgreSQL in a node's pool (`--database-pool`, default 16).
    pub pool: usize,
    /// The longest any database call may take before it is given up as unavailable
    /// (`--database-timeout`, default 5 s).
    pub timeout: Duration,
}

impl Default for StoreOptions {
    fn default() -> Self {
        StoreOptions {
            durability: Durability::Full,
            pool: 16,
            timeout: Duration::from_secs(5),
        }
    }
}

/// Where a server keeps its games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Database {
    /// `games.sqlite3` in this folder.
    Folder(PathBuf),
    /// A PostgreSQL database, by its connection URL (`postgres://user@host:port/name`).
    Postgres(String),
}

impl Database {
    /// A PostgreSQL URL (`postgres://…` or `postgresql://…`) names a PostgreSQL database;
    /// anything else is a data folder.
    pub fn parse(text: &str) -> Database {
        if text.starts_with("postgres://") || text.starts_with("postgresql://") {
            Database::Postgres(text.to_owned())
        } else {
            Database::Folder(PathBuf::from(text))
        }
    }

    /// Opens the store, creating or migrating its schema (on a tokio runtime). `options`
    /// sets the durability of SQLite commits, and the pool and timeout of PostgreSQL.
    ///
    /// # Errors
    /// When the database cannot be reached, opened or migrated.
    pub async fn open(
        &self,
        options: &StoreOptions,
    ) -> Result<std::sync::Arc<dyn GameStore>, StoreError> {
        Ok(match self {
            Database::Folder(folder) => {
                let (folder, durability) = (folder.clone(), options.durability);
                let store = tokio::task::spawn_blocking(move || {
                    SqliteStore::open_with(&folder, durability)
                })
                .await
                .map_err(|_| StoreError::Gone)??;
                std::sync::Arc::new(store)
            }
            Database::Postgres(url) => {
                std::sync::Arc::new(PostgresStore::connect(url, options).await?)
            }
        })
    }

    /// What to call it in messages: the folder, or the URL without its password.
    pub fn describe(&self) -> String {
        match self {
            Database::Folder(folder) => folder.display().to_string(),
            Database::Postgres(url) => postgres::without_password(url),
        }
    }
}

/// Reads the JSON columns of a stored game.
fn decode(id: &str, row: Row, moves: Vec<String>) -> Result<StoredGame, StoreError> {
    let Row {
        game,
        players,
        options,
        seed,
        mode,
        seats,
        resigned,
        revision,
        rematch,
        offer,
        ending,
        clock,
    } = row;
    let corrupt = |column: &'static str| move |error| StoreError::Corrupt { column, error };
    Ok(StoredGame {
        id: id.to_owned(),
        game,
        players: usize::try_from(players).unwrap_or(0),
        options: serde_json::from_str(&options).map_err(corrupt("options"))?,
        seed: seed as u64,
        mode,
        seats: serde_json::from_str(&seats).map_err(corrupt("seats"))?,
        resigned: resigned.and_then(|s| usize::try_from(s).ok()),
        moves,
        revision: u64::try_from(revision).unwrap_or(0),
        rematch,
        offer: offer
            .map(|o| serde_json::from_str(&o))
            .transpose()
            .map_err(corrupt("offer"))?,
        ending: ending
            .map(|e| serde_json::from_str(&e))
            .transpose()
            .map_err(corrupt("ending"))?,
        clock: clock
            .map(|c| serde_json::from_str(&c))
            .transpose()
            .map_err(corrupt("clock"))?,
    })
}

/// The columns of a stored game's row, as read.
struct Row {
    game: String,
    players: i64,
    options: String,
    seed: i64,
    mode: String,
    seats: String,
    resigned: Option<i64>,
    revision: i64,
    rematch: Option<String>,
    offer: Option<String>,
    ending: Option<String>,
    clock: Option<String>,
}
