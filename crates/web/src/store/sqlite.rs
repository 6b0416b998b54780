//! Games and moves in SQLite, the embedded default: one file in the data folder, every change
//! committed (and synced, with [`Durability::Full`]) before it is acknowledged.

use std::path::Path;

use rusqlite::{Connection, OptionalExtension, params};

use super::{Durability, GameStore, StoreError, StoredGame};

/// The games in a SQLite file.
pub struct SqliteStore {
    db: Connection,
}

/// The schema's version, kept in SQLite's `user_version`; version 1 is the first.
const VERSION: i64 = 1;

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

impl SqliteStore {
    /// Opens (or creates) `games.sqlite3` in `folder`, creating the folder, with
    /// [`Durability::Full`].
    ///
    /// # Errors
    /// When the folder or database cannot be created or opened.
    pub fn open(folder: &Path) -> Result<Self, StoreError> {
        SqliteStore::open_with(folder, Durability::Full)
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
        let version: i64 = db.pragma_query_value(None, "user_version", |row| row.get(0))?;
        if version > VERSION {
            return Err(StoreError::Newer {
                found: version,
                known: VERSION,
            });
        }
        // Version 0 is a new file or one written before versions were kept: the tables of
        // version 1 are created where missing.
        db.execute_batch(SCHEMA)?;
        db.pragma_update(None, "user_version", VERSION)?;
        Ok(SqliteStore { db })
    }
}

impl GameStore for SqliteStore {
    /// Stores a new game (with no moves).
    ///
    /// # Errors
    /// When the write fails.
    fn create(&mut self, game: &StoredGame) -> Result<(), StoreError> {
        insert_game(&self.db, game, false)
    }

    /// Stores many finished games with their moves in one transaction (for benchmarks that
    /// need a large database quickly).
    ///
    /// # Errors
    /// When a write fails; nothing is stored then.
    fn import(&mut self, games: &mut dyn Iterator<Item = StoredGame>) -> Result<usize, StoreError> {
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
    fn add_move(&mut self, id: &str, ply: usize, notation: &str) -> Result<(), StoreError> {
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
    fn set_finished(&mut self, id: &str, finished: bool) -> Result<(), StoreError> {
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
    fn truncate(&mut self, id: &str, from: usize) -> Result<(), StoreError> {
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
    fn resign(&mut self, id: &str, seat: usize) -> Result<(), StoreError> {
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
    fn load(&mut self, id: &str) -> Result<Option<StoredGame>, StoreError> {
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
        let Some(row) = row else {
            return Ok(None);
        };
        let moves = self
            .db
            .prepare_cached("SELECT notation FROM moves WHERE game_id = ?1 ORDER BY ply")?
            .query_map(params![id], |row| row.get::<_, String>(0))?
            .collect::<Result<_, _>>()?;
        super::decode(id, row, moves).map(Some)
    }

    /// The number of games stored.
    ///
    /// # Errors
    /// When the database cannot be read.
    fn count(&mut self) -> Result<usize, StoreError> {
        let n: i64 = self
            .db
            .query_row("SELECT COUNT(*) FROM games", [], |row| row.get(0))?;
        Ok(usize::try_from(n).unwrap_or(0))
    }

    /// Whether a game with this id is stored.
    ///
    /// # Errors
    /// When the database cannot be read.
    fn exists(&mut self, id: &str) -> Result<bool, StoreError> {
        Ok(self
            .db
            .query_row("SELECT 1 FROM games WHERE id = ?1", params![id], |_| Ok(()))
            .optional()?
            .is_some())
    }
}
