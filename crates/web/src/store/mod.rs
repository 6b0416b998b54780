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

mod challenge;
mod error;
mod game;
mod open;
pub mod outage;
mod player;
pub mod postgres;
pub mod puzzle;
mod rows;
pub mod sqlite;

use std::future::Future;
use std::net::IpAddr;
use std::pin::Pin;
use std::time::Duration;

pub use self::challenge::{Challenge, PLAYING_PICTURED, PLAYING_SHOWN, Playing, most_watched};
pub use self::error::StoreError;
pub use self::game::{
    Change, Offer, OfferKind, REMATCH_AGAIN_MS, Rating, StoredEnding, StoredGame, StoredSeat, Timed,
};
use self::game::{Row, decode};
pub use self::open::{Database, Durability, StoreOptions};
pub use self::player::{
    PlayedGame, PlayerRating, RatingChange, SeatPlayer, ShownRating, StoredPlayer, StoredSession,
};
pub use self::postgres::PostgresStore;
pub use self::sqlite::SqliteStore;

/// What a store call gives back, later: every call is asynchronous and never blocks the
/// caller's thread.
pub type StoreFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, StoreError>> + Send + 'a>>;

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

    /// Stores an attempt at a puzzle and changes the player's and the puzzle's ratings if it
    /// is rated (the player's first at that puzzle), in one transaction
    /// ([`puzzle::decide`]).
    fn puzzle_attempt(
        &self,
        attempt: puzzle::PuzzleAttempt,
    ) -> StoreFuture<'_, puzzle::AttemptRated>;

    /// The rating of every puzzle tried at least once, by puzzle id.
    fn puzzle_ratings(&self) -> StoreFuture<'_, Vec<(String, tabuleiro_ai::glicko::Glicko)>>;

    /// Player `id`'s puzzle ratings, one per game, and their newest `limit` attempts.
    fn player_puzzles(
        &self,
        id: String,
        limit: usize,
    ) -> StoreFuture<'_, (Vec<puzzle::PuzzleRating>, Vec<puzzle::PastAttempt>)>;

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
        games: Vec<Playing>,
        now: i64,
        forget: i64,
    ) -> StoreFuture<'_, ()>;

    /// The games being played every node wrote since `since` (ms), each with its node.
    fn playing(&self, since: i64) -> StoreFuture<'_, Vec<(String, Playing)>>;

    /// Notes that this server serves the database at `now` (ms since 1970): see
    /// [`outage`].
    fn beat(&self, now: i64) -> StoreFuture<'_, ()>;

    /// At a server's start at `now`: when no server served the database for longer than
    /// [`outage::OUTAGE`], every running clock moved on by that time (each player to move
    /// resumes with the time they had); returns that time, ms (0: none). See [`outage`].
    fn resume(&self, now: i64) -> StoreFuture<'_, i64>;

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

    /// [`GameStore::change`] of a change that ends a rated game, and the game rated as
    /// `rating` says, in one transaction: the new revision and how each player's rating
    /// changed (as [`GameStore::rate`] would, which finds the game rated then).
    ///
    /// # Errors
    /// As [`GameStore::change`]: nothing is stored, neither the change nor the rating.
    fn change_rated(
        &self,
        id: &str,
        revision: u64,
        change: Change,
        rating: Rating,
    ) -> StoreFuture<'_, (u64, Vec<RatingChange>)>;

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

    /// Tells the other nodes of a shared database which seats of game `id` have a connection
    /// on this node, seat by seat ([`crate::room::presence`]). Nothing for a database of one
    /// node.
    fn announce_presence(&self, id: &str, seats: &[bool]) {
        let _ = (id, seats);
    }

    /// Tells the other nodes of a shared database to send `event` (JSON, one line) to the site
    /// channels of `player` they hold ([`crate::site`]). Nothing for a database of one node.
    fn tell_nodes(&self, player: &str, event: &str) {
        let _ = (player, event);
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

    /// Whether the store hears other nodes' changes when it should: false while the
    /// connection listening to them (PostgreSQL's `LISTEN`) is lost; true for a store no
    /// other node shares, and before anyone listens ([`GameStore::changes`]). `/readyz` asks.
    fn hears_others(&self) -> bool {
        true
    }

    /// How the store's pool of connections is used now, for the metrics; `None` for a store
    /// without a pool.
    fn pool_use(&self) -> Option<crate::metrics::PoolUse> {
        None
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

    /// Hands back every queued computer move claimed by the workers of `node` (whose names
    /// are `node/N`): another node's worker may take each at once, without waiting for the
    /// claim to run out. Returns how many. A stopping node calls it.
    fn release_computers(&self, node: &str) -> StoreFuture<'_, usize> {
        let _ = node;
        Box::pin(async { Ok(0) })
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
    /// Not a game's change but an event for a player's pages: the player's id and the event
    /// (JSON), told by another node ([`GameStore::tell_nodes`]).
    pub told: Option<(String, String)>,
    /// Not a change but who is here: the node that said it and, seat by seat, whether it has
    /// a connection of the game's seat ([`GameStore::announce_presence`]).
    pub presence: Option<(String, Vec<bool>)>,
    /// When the node that announced it sent it (ms since the epoch, by its clock), if it
    /// said.
    pub sent_ms: Option<i64>,
}

impl Changed {
    /// Any change of game `id`, to be read from storage.
    pub fn any(id: &str) -> Self {
        Changed {
            id: id.to_owned(),
            moved: None,
            told: None,
            presence: None,
            sent_ms: None,
        }
    }
}

/// What [`GameStore::changes`] sends when any game may have changed.
pub const EVERY_GAME: &str = "*";
