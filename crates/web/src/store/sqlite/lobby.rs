//! Challenges in SQLite: each as JSON, with its creator, when the creator's page was last
//! seen, and the game it started.

use rusqlite::{Connection, OptionalExtension, params};

use super::super::{StoreError, StoredGame};
use crate::store::{Challenge, Playing};

/// The table (schema version 7).
pub(super) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS challenges (
    id TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    creator TEXT NOT NULL,
    revision INTEGER NOT NULL,
    seen INTEGER NOT NULL,
    game_id TEXT
);
CREATE INDEX IF NOT EXISTS challenges_seen ON challenges (seen);
";

/// The games being played each node serves (schema version 8).
pub(super) const PLAYING_SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS playing (
    node TEXT NOT NULL,
    game_id TEXT NOT NULL,
    body TEXT NOT NULL,
    seen INTEGER NOT NULL,
    PRIMARY KEY (node, game_id)
);
CREATE INDEX IF NOT EXISTS playing_seen ON playing (seen);
";

pub(super) fn share_playing(
    db: &Connection,
    node: &str,
    games: &[Playing],
    now: i64,
    forget: i64,
) -> Result<(), StoreError> {
    db.prepare_cached("DELETE FROM playing WHERE node = ?1 OR seen < ?2")?
        .execute(params![node, forget])?;
    for game in games {
        db.prepare_cached(
            "INSERT INTO playing (node, game_id, body, seen) VALUES (?1, ?2, ?3, ?4)",
        )?
        .execute(params![node, game.id, serde_json::to_string(game)?, now])?;
    }
    Ok(())
}

pub(super) fn playing(db: &Connection, since: i64) -> Result<Vec<(String, Playing)>, StoreError> {
    let rows: Vec<(String, String)> = db
        .prepare_cached("SELECT node, body FROM playing WHERE seen >= ?1 LIMIT 1000")?
        .query_map(params![since], |row| Ok((row.get(0)?, row.get(1)?)))?
        .collect::<Result<_, _>>()?;
    rows.into_iter()
        .map(|(node, body)| {
            let game = serde_json::from_str(&body).map_err(|error| StoreError::Corrupt {
                column: "playing.body",
                error,
            })?;
            Ok((node, game))
        })
        .collect()
}

fn decode(body: &str) -> Result<Challenge, StoreError> {
    serde_json::from_str(body).map_err(|error| StoreError::Corrupt {
        column: "challenges.body",
        error,
    })
}

pub(super) fn put(
    db: &Connection,
    challenge: &Challenge,
    expected: Option<u64>,
    game: Option<&StoredGame>,
    now: i64,
) -> Result<bool, StoreError> {
    let mut stored = challenge.clone();
    let changed = match expected {
        None => {
            stored.revision = 0;
            db.prepare_cached(
                "INSERT INTO challenges (id, body, creator, revision, seen, game_id) \
                 VALUES (?1, ?2, ?3, 0, ?4, ?5)",
            )?
            .execute(params![
                stored.id,
                serde_json::to_string(&stored)?,
                stored.creator(),
                now,
                stored.game_id
            ])?
        }
        Some(revision) => {
            stored.revision = revision + 1;
            db.prepare_cached(
                "UPDATE challenges SET body = ?2, revision = ?3, game_id = ?4 \
                 WHERE id = ?1 AND revision = ?5 AND game_id IS NULL",
            )?
            .execute(params![
                stored.id,
                serde_json::to_string(&stored)?,
                stored.revision as i64,
                stored.game_id,
                revision as i64
            ])?
        }
    };
    if changed == 0 {
        return Ok(false);
    }
    if let Some(game) = game {
        super::games::insert_game(db, game, false)?;
    }
    Ok(true)
}

pub(super) fn one(
    db: &Connection,
    id: &str,
    since: Option<i64>,
) -> Result<Option<Challenge>, StoreError> {
    let body: Option<String> = db
        .prepare_cached(
            "SELECT body FROM challenges WHERE id = ?1 \
             AND (?2 IS NULL OR game_id IS NOT NULL OR seen >= ?2)",
        )?
        .query_row(params![id, since], |row| row.get(0))
        .optional()?;
    body.as_deref().map(decode).transpose()
}

pub(super) fn open(
    db: &Connection,
    since: i64,
    mine: Option<&str>,
) -> Result<Vec<Challenge>, StoreError> {
    let bodies: Vec<String> = db
        .prepare_cached(
            "SELECT body FROM challenges WHERE seen >= ?1 AND (game_id IS NULL OR creator = ?2) \
             ORDER BY rowid DESC LIMIT 200",
        )?
        .query_map(params![since, mine], |row| row.get(0))?
        .collect::<Result<_, _>>()?;
    bodies.iter().map(|b| decode(b)).collect()
}

pub(super) fn touch(db: &Connection, creator: &str, now: i64) -> Result<(), StoreError> {
    db.prepare_cached("UPDATE challenges SET seen = MAX(seen, ?2) WHERE creator = ?1")?
        .execute(params![creator, now])?;
    Ok(())
}

pub(super) fn remove(db: &Connection, id: &str, creator: &str) -> Result<bool, StoreError> {
    let n = db
        .prepare_cached(
            "DELETE FROM challenges WHERE id = ?1 AND creator = ?2 AND game_id IS NULL",
        )?
        .execute(params![id, creator])?;
    Ok(n > 0)
}
