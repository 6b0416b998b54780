//! Where a server keeps its games ([`Database`]) and how its store is opened: the durability
//! of SQLite's commits, PostgreSQL's pool and every call's timeout.

use std::path::PathBuf;
use std::time::Duration;

use super::{GameStore, PostgresStore, SqliteStore, StoreError, postgres};

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
