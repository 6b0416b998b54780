//! Storage of games and moves behind one interface ([`GameStore`]) with two implementations:
//! SQLite in a data folder, the embedded default that needs nothing installed
//! ([`sqlite::SqliteStore`]), and PostgreSQL, for several server nodes on one database
//! ([`postgres::PostgresStore`]). Either way every change is committed before it is
//! acknowledged, so a server killed at any moment restarts with every acknowledged move, and
//! the schema is created and migrated at start-up, with its version kept in the database.

pub mod postgres;
pub mod sqlite;

use std::path::PathBuf;

use serde::{Deserialize, Serialize};

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
    },
    /// A computer player of this level (as [`tabuleiro_ai::Level`] reads it).
    Computer {
        /// The level, e.g. `medium` or `strong:think=200`.
        level: String,
    },
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
}

/// A storage failure.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// SQLite refused.
    #[error("database: {0}")]
    Sql(#[from] rusqlite::Error),
    /// PostgreSQL refused, or the connection to it failed.
    #[error("PostgreSQL: {0}")]
    Postgres(#[from] ::postgres::Error),
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
    /// The thread that talks to the database is gone.
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

/// The games a server keeps: what the hub reads and writes, whatever the database.
pub trait GameStore: Send {
    /// Stores a new game (with no moves).
    ///
    /// # Errors
    /// When the write fails.
    fn create(&mut self, game: &StoredGame) -> Result<(), StoreError>;

    /// Stores many finished games with their moves in one transaction (for benchmarks that
    /// need a large database quickly); returns how many.
    ///
    /// # Errors
    /// When a write fails; nothing is stored then.
    fn import(&mut self, games: &mut dyn Iterator<Item = StoredGame>) -> Result<usize, StoreError>;

    /// Stores move number `ply` (counted from 0) of game `id`, committed before returning.
    ///
    /// # Errors
    /// When the write fails (for example a move already stored at that ply).
    fn add_move(&mut self, id: &str, ply: usize, notation: &str) -> Result<(), StoreError>;

    /// Marks game `id` as finished or not (informational: games are rebuilt from their moves).
    ///
    /// # Errors
    /// When the write fails.
    fn set_finished(&mut self, id: &str, finished: bool) -> Result<(), StoreError>;

    /// Forgets the moves of game `id` from ply `from` on (an undo), which reopens the game,
    /// in one transaction.
    ///
    /// # Errors
    /// When the write fails; nothing is then changed.
    fn truncate(&mut self, id: &str, from: usize) -> Result<(), StoreError>;

    /// Records that `seat` resigned game `id`.
    ///
    /// # Errors
    /// When the write fails.
    fn resign(&mut self, id: &str, seat: usize) -> Result<(), StoreError>;

    /// The stored game `id` with its moves, or `None` when there is no such game.
    ///
    /// # Errors
    /// When the database cannot be read, or the game's row is corrupt (a JSON column that does
    /// not read): only that game is lost to the server, and the error says which column.
    fn load(&mut self, id: &str) -> Result<Option<StoredGame>, StoreError>;

    /// The number of games stored.
    ///
    /// # Errors
    /// When the database cannot be read.
    fn count(&mut self) -> Result<usize, StoreError>;

    /// Whether a game with this id is stored.
    ///
    /// # Errors
    /// When the database cannot be read.
    fn exists(&mut self, id: &str) -> Result<bool, StoreError>;

    /// For a database shared by several server nodes: a channel that receives the id of
    /// every game another node changed (a node skips its own announcements), and [`EVERY_GAME`] when
    /// changes may have been missed (the connection was lost). `None` for a database only one
    /// server uses (SQLite), whose changes are all this server's own.
    ///
    /// # Errors
    /// When the listening connection cannot be opened.
    fn changes(&mut self) -> Result<Option<std::sync::mpsc::Receiver<String>>, StoreError> {
        Ok(None)
    }

    /// Whether computer moves go through a queue that every node's workers take from
    /// ([`GameStore::enqueue_computer`], [`GameStore::claim_computer`]) rather than being
    /// thought by the node that holds the game. True for a database nodes share.
    fn queues_computers(&self) -> bool {
        false
    }

    /// Puts the computer's move at move number `ply` of game `id` in the queue (replacing
    /// an older job of that game). A move stored for that ply, an undo or a resignation
    /// removes it.
    ///
    /// # Errors
    /// When the write fails.
    fn enqueue_computer(&mut self, id: &str, ply: usize) -> Result<(), StoreError> {
        let _ = (id, ply);
        Ok(())
    }

    /// Claims for `worker`, until `lease` from now, a queued computer move nobody holds (or
    /// whose holder's claim ran out: a node that died while thinking): its game and ply.
    ///
    /// # Errors
    /// When the database cannot be read.
    fn claim_computer(
        &mut self,
        worker: &str,
        lease: std::time::Duration,
    ) -> Result<Option<(String, usize)>, StoreError> {
        let _ = (worker, lease);
        Ok(None)
    }
}

/// What [`GameStore::changes`] sends when any game may have changed.
pub const EVERY_GAME: &str = "*";

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

    /// Opens the store, creating or migrating its schema.
    ///
    /// # Errors
    /// When the database cannot be reached, opened or migrated.
    pub fn open(&self, durability: Durability) -> Result<Box<dyn GameStore>, StoreError> {
        Ok(match self {
            Database::Folder(folder) => Box::new(SqliteStore::open_with(folder, durability)?),
            Database::Postgres(url) => Box::new(PostgresStore::connect(url)?),
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
fn decode(
    id: &str,
    row: (String, i64, String, i64, String, String, Option<i64>),
    moves: Vec<String>,
) -> Result<StoredGame, StoreError> {
    let (game, players, options, seed, mode, seats, resigned) = row;
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
    })
}
