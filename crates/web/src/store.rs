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

/// Writes the row of `game` (not its moves).
fn insert_game(db: &Connection, game: &StoredGame, finished: bool) -> Result<(), StoreError> {
    db.prepare_cached(
        "INSERT INTO games (id, game, players, options, seed, mode, seats, finished) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?
    .execute(params![
        game.id,
        game.game,
        game.players as i64,
        serde_json::to_string(&game.options)?,
        game.seed as i64,
        game.mode,
        serde_json::to_string(&game.seats)?,
        i64::from(finished),
    ])?;
    Ok(())
}

impl Store {
    /// Opens (or creates) `games.sqlite3` in `folder`, creating the folder, with
    /// [`Durability::Full`].
    ///
    /// # Errors
    /// When the folder or database cannot be created or opened.
    pub fn open(folder: &Path) -> Result<Self, StoreError> {
        Store::open_with(folder, Durability::Full)
    }

    /// [`Store::open`] with the given durability.
    ///
    /// # Errors
    /// When the folder or database cannot be created or opened.
    pub fn open_with(folder: &Path, durability: Durability) -> Result<Self, StoreError> {
        std::fs::create_dir_all(folder).map_err(|error| StoreError::Folder {
            path: folder.display().to_string(),
            error,
        })?;
        let db = Connection::open(folder.join("games.sqlite3"))?;
        // WAL with synchronous=FULL: every commit is synced to the disk before it returns, so
        // an acknowledged move survives the process being killed and a power cut alike.
        db.pragma_update(None, "journal_mode", "WAL")?;
        let synchronous = match durability {
            Durability::Full => "FULL",
            Durability::Normal => "NORMAL",
        };
        db.pragma_update(None, "synchronous", synchronous)?;
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
        insert_game(&self.db, game, false)
    }

    /// Stores many finished games with their moves in one transaction (for benchmarks that
    /// need a large database quickly).
    ///
    /// # Errors
    /// When a write fails; nothing is stored then.
    pub fn import(
        &mut self,
        games: impl IntoIterator<Item = StoredGame>,
    ) -> Result<usize, StoreError> {
        let tx = self.db.transaction()?;
        let mut count = 0;
        {
            let mut move_row =
                tx.prepare("INSERT INTO moves (game_id, ply, notation) VALUES (?1, ?2, ?3)")?;
            for game in games {
                insert_game(&tx, &game, true)?;
                for (ply, notation) in game.moves.iter().enumerate() {
                    move_row.execute(params![game.id, ply as i64, notation])?;
                }
                count += 1;
            }
        }
        tx.commit()?;
        Ok(count)
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

    /// The stored game `id` with its moves, or `None` when there is no such game.
    ///
    /// # Errors
    /// When the database cannot be read, or the game's row is corrupt (a JSON column that does
    /// not read): only that game is lost to the server, and the error says which column.
    pub fn load(&self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let row = self
            .db
            .query_row(
                "SELECT game, players, options, seed, mode, seats, resigned FROM games WHERE id = ?1",
                params![id],
                |row| {
                    Ok((
                        row.get::<_, String>(0)?,
                        row.get::<_, i64>(1)?,
                        row.get::<_, String>(2)?,
                        row.get::<_, i64>(3)?,
                        row.get::<_, String>(4)?,
                        row.get::<_, String>(5)?,
                        row.get::<_, Option<i64>>(6)?,
                    ))
                },
            )
            .optional()?;
        let Some((game, players, options, seed, mode, seats, resigned)) = row else {
            return Ok(None);
        };
        let corrupt = |column: &'static str| move |error| StoreError::Corrupt { column, error };
        let moves = self
            .db
            .prepare_cached("SELECT notation FROM moves WHERE game_id = ?1 ORDER BY ply")?
            .query_map(params![id], |row| row.get::<_, String>(0))?
            .collect::<Result<_, _>>()?;
        Ok(Some(StoredGame {
            id: id.to_owned(),
            game,
            players: usize::try_from(players).unwrap_or(0),
            options: serde_json::from_str(&options).map_err(corrupt("options"))?,
            seed: seed as u64,
            mode,
            seats: serde_json::from_str(&seats).map_err(corrupt("seats"))?,
            resigned: resigned.and_then(|s| usize::try_from(s).ok()),
            moves,
        }))
    }

    /// The number of games stored.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub fn count(&self) -> Result<usize, StoreError> {
        let n: i64 = self
            .db
            .query_row("SELECT COUNT(*) FROM games", [], |row| row.get(0))?;
        Ok(usize::try_from(n).unwrap_or(0))
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
