//! The SQLite schema, version by version, and the migration that brings a file to the
//! newest: the version is kept in SQLite's `user_version`.

use rusqlite::Connection;

use super::super::StoreError;
use super::{lobby, players, puzzles, ratings, service};

/// The schema's version, kept in SQLite's `user_version`.
const VERSION: i64 = 12;

/// Version 1: games and moves.
const SCHEMA_1: &str = "
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

/// Version 2: each game's revision (raised by every change) and its rematch.
const SCHEMA_2: &str = "
ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN rematch TEXT;
";

/// Version 3: players and their sessions ([`players`]).
const SCHEMA_3: &str = players::SCHEMA;

/// Version 4: seats' players, ratings and rated games' changes ([`ratings`]).
const SCHEMA_4: &str = ratings::SCHEMA;

/// Version 5: a game's waiting offer, and how it ended when not by its rules or a resignation.
const SCHEMA_5: &str = "
ALTER TABLE games ADD COLUMN offer TEXT;
ALTER TABLE games ADD COLUMN ending TEXT;
";

/// Version 6: a game's clock and the moment its player's time runs out.
const SCHEMA_6: &str = "
ALTER TABLE games ADD COLUMN clock TEXT;
ALTER TABLE games ADD COLUMN deadline INTEGER;
CREATE INDEX IF NOT EXISTS games_deadline ON games (deadline) WHERE deadline IS NOT NULL;
";

/// Version 7: the lobby's challenges ([`lobby`]).
const SCHEMA_7: &str = lobby::SCHEMA;

/// Version 8: the games being played each node serves ([`lobby`]).
const SCHEMA_8: &str = lobby::PLAYING_SCHEMA;

/// Version 9: which players are bots ([`players`]).
const SCHEMA_9: &str = players::BOTS;

/// Version 10: the key that made each session.
const SCHEMA_10: &str = players::SESSION_KEYS;

/// Version 11: when a server last said it serves ([`service`]).
const SCHEMA_11: &str = service::SCHEMA;

/// Version 12: puzzle ratings and attempts ([`puzzles`]).
const SCHEMA_12: &str = puzzles::SCHEMA;

/// Brings the schema to [`VERSION`].
pub(super) fn migrate(db: &mut Connection) -> Result<(), StoreError> {
    let tx = db.transaction()?;
    let version: i64 = tx.pragma_query_value(None, "user_version", |row| row.get(0))?;
    if version > VERSION {
        return Err(StoreError::Newer {
            found: version,
            known: VERSION,
        });
    }
    // Version 0 is a new file or one written before versions were kept: the tables of
    // version 1 are created where missing.
    if version < 1 {
        tx.execute_batch(SCHEMA_1)?;
    }
    if version < 2 {
        tx.execute_batch(SCHEMA_2)?;
    }
    if version < 3 {
        tx.execute_batch(SCHEMA_3)?;
    }
    if version < 4 {
        tx.execute_batch(SCHEMA_4)?;
    }
    if version < 5 {
        tx.execute_batch(SCHEMA_5)?;
    }
    if version < 6 {
        tx.execute_batch(SCHEMA_6)?;
    }
    if version < 7 {
        tx.execute_batch(SCHEMA_7)?;
    }
    if version < 8 {
        tx.execute_batch(SCHEMA_8)?;
    }
    if version < 9 {
        tx.execute_batch(SCHEMA_9)?;
    }
    if version < 10 {
        tx.execute_batch(SCHEMA_10)?;
    }
    if version < 11 {
        tx.execute_batch(SCHEMA_11)?;
    }
    if version < 12 {
        tx.execute_batch(SCHEMA_12)?;
    }
    tx.pragma_update(None, "user_version", VERSION)?;
    tx.commit()?;
    Ok(())
}
