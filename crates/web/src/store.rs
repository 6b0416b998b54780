//! Storage of games and moves in SQLite: every change is committed before it is acknowledged,
//! so a server killed at any moment restarts with every acknowledged move.

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

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
    /// A stored JSON column could not be read or written.
    #[error("stored data: {0}")]
    Json(#[from] serde_json::Error),
    /// The data folder could not be created.
    #[error("data folder {path}: {error}")]
    Folder {
        /// The folder.
        path: String,
        /// What went wrong.
        error: std::io::Error,
    },
}

/// The database of games.
pub struct Store {
    db: Connection,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    mode TEXT NOT NULL,
    seats TEXT NOT NULL,
    resigned INTEGER,
    finished INTEGER NOT NULL DEFAULT 0,
    created INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    notation TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
";

impl Store {
    /// Opens (or creates) `games.sqlite3` in `folder`, creating the folder.
    ///
    /// # Errors
    /// When the folder or database cannot be created or opened.
    pub fn open(folder: &Path) -> Result<Self, StoreError> {
        std::fs::create_dir_all(folder).map_err(|error| StoreError::Folder {
            path: folder.display().to_string(),
            error,
        })?;
        let db = Connection::open(folder.join("games.sqlite3"))?;
        // WAL with synchronous=NORMAL: a committed transaction survives the process being
        // killed (it is in the log, which the next open replays); only a power cut may lose
        // the last commits.
        db.pragma_update(None, "journal_mode", "WAL")?;
        db.pragma_update(None, "synchronous", "NORMAL")?;
        db.pragma_update(None, "foreign_keys", "ON")?;
        db.busy_timeout(std::time::Duration::from_secs(5))?;
        db.execute_batch(SCHEMA)?;
        Ok(Store { db })
    }

    /// Stores a new game (with no moves).
    ///
    /// # Errors
    /// When the write fails.
    pub fn create(&self, game: &StoredGame) -> Result<(), StoreError> {
        self.db.execute(
            "INSERT INTO games (id, game, players, options, seed, mode, seats) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
            params![
                game.id,
                game.game,
                game.players as i64,
                serde_json::to_string(&game.options)?,
                game.seed as i64,
                game.mode,
                serde_json::to_string(&game.seats)?,
            ],
        )?;
        Ok(())
    }

    /// Stores move number `ply` (counted from 0) of game `id`, committed before returning.
    ///
    /// # Errors
    /// When the write fails (for example a move already stored at that ply).
    pub fn add_move(&self, id: &str, ply: usize, notation: &str) -> Result<(), StoreError> {
        self.db.execute(
            "INSERT INTO moves (game_id, ply, notation) VALUES (?1, ?2, ?3)",
            params![id, ply as i64, notation],
        )?;
        Ok(())
    }

    /// Marks game `id` as finished or not (informational: games are rebuilt from their moves).
    ///
    /// # Errors
    /// When the write fails.
    pub fn set_finished(&self, id: &str, finished: bool) -> Result<(), StoreError> {
        self.db.execute(
            "UPDATE games SET finished = ?2 WHERE id = ?1",
            params![id, i64::from(finished)],
        )?;
        Ok(())
    }

    /// Forgets the moves of game `id` from ply `from` on (an undo), which reopens the game,
    /// in one transaction.
    ///
    /// # Errors
    /// When the write fails; nothing is then changed.
    pub fn truncate(&mut self, id: &str, from: usize) -> Result<(), StoreError> {
        let tx = self.db.transaction()?;
        tx.execute(
            "DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2",
            params![id, from as i64],
        )?;
        tx.execute("UPDATE games SET finished = 0 WHERE id = ?1", params![id])?;
        tx.commit()?;
        Ok(())
    }

    /// Records that `seat` resigned game `id`.
    ///
    /// # Errors
    /// When the write fails.
    pub fn resign(&self, id: &str, seat: usize) -> Result<(), StoreError> {
        self.db.execute(
            "UPDATE games SET resigned = ?2, finished = 1 WHERE id = ?1",
            params![id, seat as i64],
        )?;
        Ok(())
    }

    /// Every stored game with its moves, oldest first.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub fn load_all(&self) -> Result<Vec<StoredGame>, StoreError> {
        let mut games = Vec::new();
        let mut query = self.db.prepare(
            "SELECT id, game, players, options, seed, mode, seats, resigned FROM games ORDER BY created, rowid",
        )?;
        let rows = query.query_map([], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, i64>(2)?,
                row.get::<_, String>(3)?,
                row.get::<_, i64>(4)?,
                row.get::<_, String>(5)?,
                row.get::<_, String>(6)?,
                row.get::<_, Option<i64>>(7)?,
            ))
        })?;
        for row in rows {
            let (id, game, players, options, seed, mode, seats, resigned) = row?;
            games.push(StoredGame {
                id,
                game,
                players: players as usize,
                options: serde_json::from_str(&options)?,
                seed: seed as u64,
                mode,
                seats: serde_json::from_str(&seats)?,
                resigned: resigned.map(|s| s as usize),
                moves: Vec::new(),
            });
        }
        let mut moves = self
            .db
            .prepare("SELECT notation FROM moves WHERE game_id = ?1 ORDER BY ply")?;
        for game in &mut games {
            game.moves = moves
                .query_map(params![game.id], |row| row.get::<_, String>(0))?
                .collect::<Result<_, _>>()?;
        }
        Ok(games)
    }

    /// Whether a game with this id is stored.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub fn exists(&self, id: &str) -> Result<bool, StoreError> {
        Ok(self
            .db
            .query_row("SELECT 1 FROM games WHERE id = ?1", params![id], |_| Ok(()))
            .optional()?
            .is_some())
    }
}
