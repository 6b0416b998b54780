//! How storage fails ([`StoreError`]), whatever the database.

use std::time::Duration;

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
