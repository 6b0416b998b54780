//! Players in SQLite: a row per player, a row per browser session (the hash of the secret its
//! cookie holds), the hash of the player's key, and whether a program plays for the player
//! (a bot, marked when its key is claimed by `tabuleiro bot`).

use rusqlite::{Connection, OptionalExtension, params};

use super::super::{StoreError, StoredPlayer, StoredSession};

/// The tables (schema version 3).
pub(super) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS players (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    key_hash TEXT UNIQUE,
    created INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE TABLE IF NOT EXISTS sessions (
    hash TEXT PRIMARY KEY,
    player TEXT NOT NULL REFERENCES players(id),
    created INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE INDEX IF NOT EXISTS sessions_player ON sessions (player);
";

/// Schema version 9: whether the player is a bot.
pub(super) const BOTS: &str = "ALTER TABLE players ADD COLUMN bot INTEGER NOT NULL DEFAULT 0;";

/// Schema version 10: the key that made each session (none: the player's name made it).
pub(super) const SESSION_KEYS: &str = "ALTER TABLE sessions ADD COLUMN by_key TEXT;";

pub(super) fn create(
    db: &Connection,
    player: &StoredPlayer,
    session: &str,
) -> Result<(), StoreError> {
    db.prepare_cached("INSERT INTO players (id, name) VALUES (?1, ?2)")?
        .execute(params![player.id, player.name])?;
    db.prepare_cached("INSERT INTO sessions (hash, player) VALUES (?1, ?2)")?
        .execute(params![session, player.id])?;
    Ok(())
}

fn one(db: &Connection, sql: &str, key: &str) -> Result<Option<StoredPlayer>, StoreError> {
    Ok(db
        .prepare_cached(sql)?
        .query_row(params![key], |row| {
            Ok(StoredPlayer {
                id: row.get(0)?,
                name: row.get(1)?,
                bot: row.get(2)?,
            })
        })
        .optional()?)
}

pub(super) fn by_session(
    db: &Connection,
    session: &str,
) -> Result<Option<StoredPlayer>, StoreError> {
    one(
        db,
        "SELECT p.id, p.name, p.bot FROM sessions s JOIN players p ON p.id = s.player WHERE s.hash = ?1",
        session,
    )
}

pub(super) fn by_id(db: &Connection, id: &str) -> Result<Option<StoredPlayer>, StoreError> {
    one(db, "SELECT id, name, bot FROM players WHERE id = ?1", id)
}

pub(super) fn by_key(db: &Connection, key: &str) -> Result<Option<StoredPlayer>, StoreError> {
    one(
        db,
        "SELECT id, name, bot FROM players WHERE key_hash = ?1",
        key,
    )
}

pub(super) fn rename(db: &Connection, id: &str, name: &str) -> Result<bool, StoreError> {
    let n = db
        .prepare_cached("UPDATE players SET name = ?2 WHERE id = ?1")?
        .execute(params![id, name])?;
    Ok(n > 0)
}

pub(super) fn set_key(
    db: &Connection,
    id: &str,
    key: &str,
    keep: &str,
) -> Result<bool, StoreError> {
    let n = db
        .prepare_cached("UPDATE players SET key_hash = ?2 WHERE id = ?1")?
        .execute(params![id, key])?;
    db.prepare_cached(
        "DELETE FROM sessions WHERE player = ?1 AND by_key IS NOT NULL AND by_key <> ?2 \
         AND hash <> ?3",
    )?
    .execute(params![id, key, keep])?;
    Ok(n > 0)
}

pub(super) fn sessions(db: &Connection, id: &str) -> Result<Vec<StoredSession>, StoreError> {
    Ok(db
        .prepare_cached(
            "SELECT hash, created, by_key IS NOT NULL FROM sessions WHERE player = ?1 \
             ORDER BY created, rowid",
        )?
        .query_map(params![id], |row| {
            Ok(StoredSession {
                hash: row.get(0)?,
                created: row.get(1)?,
                by_key: row.get(2)?,
            })
        })?
        .collect::<Result<_, _>>()?)
}

pub(super) fn end_session(db: &Connection, id: &str, hash: &str) -> Result<bool, StoreError> {
    let n = db
        .prepare_cached("DELETE FROM sessions WHERE player = ?1 AND hash = ?2")?
        .execute(params![id, hash])?;
    Ok(n > 0)
}

pub(super) fn set_bot(db: &Connection, id: &str, bot: bool) -> Result<bool, StoreError> {
    let n = db
        .prepare_cached("UPDATE players SET bot = ?2 WHERE id = ?1")?
        .execute(params![id, bot])?;
    Ok(n > 0)
}

pub(super) fn claim(
    db: &Connection,
    key: &str,
    session: &str,
    bot: bool,
) -> Result<Option<StoredPlayer>, StoreError> {
    let Some(player) = one(
        db,
        "SELECT id, name, bot FROM players WHERE key_hash = ?1",
        key,
    )?
    else {
        return Ok(None);
    };
    // A program may claim the key of a bot only: a person is never made one by a claim.
    if bot && !player.bot {
        return Ok(Some(player));
    }
    db.prepare_cached("INSERT INTO sessions (hash, player, by_key) VALUES (?1, ?2, ?3)")?
        .execute(params![session, player.id, key])?;
    Ok(Some(player))
}

pub(super) fn forget(db: &Connection, id: &str) -> Result<bool, StoreError> {
    db.prepare_cached("DELETE FROM sessions WHERE player = ?1")?
        .execute(params![id])?;
    let n = db
        .prepare_cached("DELETE FROM players WHERE id = ?1")?
        .execute(params![id])?;
    Ok(n > 0)
}
