//! The beat that says a server serves this database, and the clocks moved on after an outage
//! (see [`crate::store::outage`]), in SQLite.

use rusqlite::{Connection, OptionalExtension, params};

use super::super::StoreError;
use crate::store::outage;

/// The table (schema version 11): one row, when a server last said it serves.
pub(super) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS service (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    alive_at INTEGER NOT NULL
);
";

/// Notes that a server serves at `now` (ms since 1970).
pub(super) fn beat(db: &Connection, now: i64) -> Result<(), StoreError> {
    db.prepare_cached(
        "INSERT INTO service (id, alive_at) VALUES (1, ?1) \
         ON CONFLICT (id) DO UPDATE SET alive_at = MAX(alive_at, excluded.alive_at)",
    )?
    .execute([now])?;
    Ok(())
}

/// At a server's start at `now`: every running clock moved on by the time nobody served, if
/// that was an outage; returns that time (0: none). Run in the writer's transaction.
pub(super) fn resume(db: &Connection, now: i64) -> Result<i64, StoreError> {
    let last: Option<i64> = db
        .query_row("SELECT alive_at FROM service WHERE id = 1", [], |row| {
            row.get(0)
        })
        .optional()?;
    beat(db, now)?;
    let Some(gap) = outage::gap(last, now) else {
        return Ok(0);
    };
    let running: Vec<(String, String, i64)> = db
        .prepare(
            "SELECT id, clock, deadline FROM games \
             WHERE deadline IS NOT NULL AND clock IS NOT NULL AND finished = 0",
        )?
        .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
        .collect::<Result<_, _>>()?;
    let mut update = db.prepare(
        "UPDATE games SET clock = ?2, deadline = ?3, revision = revision + 1 WHERE id = ?1",
    )?;
    for (id, clock, deadline) in running {
        let (clock, deadline) = outage::resumed(&clock, deadline, gap)?;
        update.execute(params![id, clock, deadline])?;
    }
    Ok(gap)
}
