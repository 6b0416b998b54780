//! Puzzle ratings and attempts in SQLite (schema version 12); what an attempt changes is
//! decided once for both stores ([`crate::store::puzzle::decide`]).

use rusqlite::{Connection, OptionalExtension, params};
use tabuleiro_ai::glicko::Glicko;

use super::super::StoreError;
use crate::store::puzzle::{AttemptRated, PastAttempt, PuzzleAttempt, PuzzleRating, decide};

/// The tables: each puzzle's rating, each player's puzzle rating per game, every attempt.
pub(super) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS puzzle_ratings (
    puzzle TEXT PRIMARY KEY,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    attempts INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS player_puzzle_ratings (
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    attempts INTEGER NOT NULL,
    PRIMARY KEY (player, game)
);
CREATE TABLE IF NOT EXISTS puzzle_attempts (
    player TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    game TEXT NOT NULL,
    solved INTEGER NOT NULL,
    rated INTEGER NOT NULL,
    rating_after REAL NOT NULL,
    at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS puzzle_attempts_player ON puzzle_attempts (player, at);
";

fn glicko(row: &rusqlite::Row<'_>, from: usize) -> rusqlite::Result<Glicko> {
    Ok(Glicko {
        rating: row.get(from)?,
        deviation: row.get(from + 1)?,
        volatility: row.get(from + 2)?,
    })
}

/// Stores `attempt` and the ratings it changes, in the writer's transaction.
pub(super) fn attempt(
    db: &Connection,
    attempt: &PuzzleAttempt,
) -> Result<AttemptRated, StoreError> {
    let player = db
        .prepare_cached(
            "SELECT rating, deviation, volatility FROM player_puzzle_ratings \
             WHERE player = ?1 AND game = ?2",
        )?
        .query_row(params![attempt.player, attempt.game], |row| glicko(row, 0))
        .optional()?;
    let puzzle = db
        .prepare_cached(
            "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle = ?1",
        )?
        .query_row(params![attempt.puzzle], |row| glicko(row, 0))
        .optional()?;
    let tried: bool = db
        .prepare_cached(
            "SELECT EXISTS (SELECT 1 FROM puzzle_attempts WHERE player = ?1 AND puzzle = ?2)",
        )?
        .query_row(params![attempt.player, attempt.puzzle], |row| row.get(0))?;
    let decided = decide(attempt, player, puzzle, tried);
    if decided.rated {
        let p = decided.player_after;
        db.prepare_cached(
            "INSERT INTO player_puzzle_ratings \
             (player, game, rating, deviation, volatility, attempts) VALUES (?1, ?2, ?3, ?4, ?5, 1) \
             ON CONFLICT (player, game) DO UPDATE SET rating = excluded.rating, \
             deviation = excluded.deviation, volatility = excluded.volatility, \
             attempts = attempts + 1",
        )?
        .execute(params![attempt.player, attempt.game, p.rating, p.deviation, p.volatility])?;
        let q = decided.puzzle_after;
        db.prepare_cached(
            "INSERT INTO puzzle_ratings (puzzle, rating, deviation, volatility, attempts) \
             VALUES (?1, ?2, ?3, ?4, 1) \
             ON CONFLICT (puzzle) DO UPDATE SET rating = excluded.rating, \
             deviation = excluded.deviation, volatility = excluded.volatility, \
             attempts = attempts + 1",
        )?
        .execute(params![attempt.puzzle, q.rating, q.deviation, q.volatility])?;
    }
    db.prepare_cached(
        "INSERT INTO puzzle_attempts (player, puzzle, game, solved, rated, rating_after, at) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?
    .execute(params![
        attempt.player,
        attempt.puzzle,
        attempt.game,
        attempt.solved,
        decided.rated,
        decided.player_after.rating,
        attempt.at
    ])?;
    Ok(decided)
}

/// Every puzzle's rating, for puzzles tried at least once.
pub(super) fn ratings(db: &Connection) -> Result<Vec<(String, Glicko)>, StoreError> {
    let rows = db
        .prepare_cached("SELECT puzzle, rating, deviation, volatility FROM puzzle_ratings")?
        .query_map([], |row| Ok((row.get(0)?, glicko(row, 1)?)))?
        .collect::<Result<_, _>>()?;
    Ok(rows)
}

/// A player's puzzle ratings by game, and their newest `limit` attempts.
pub(super) fn of_player(
    db: &Connection,
    player: &str,
    limit: usize,
) -> Result<(Vec<PuzzleRating>, Vec<PastAttempt>), StoreError> {
    let ratings = db
        .prepare_cached(
            "SELECT game, rating, deviation, volatility, attempts FROM player_puzzle_ratings \
             WHERE player = ?1 ORDER BY game",
        )?
        .query_map(params![player], |row| {
            Ok(PuzzleRating {
                game: row.get(0)?,
                glicko: glicko(row, 1)?,
                attempts: row.get(4)?,
            })
        })?
        .collect::<Result<_, _>>()?;
    let attempts = db
        .prepare_cached(
            "SELECT puzzle, game, solved, rated, rating_after, at FROM puzzle_attempts \
             WHERE player = ?1 ORDER BY at DESC, rowid DESC LIMIT ?2",
        )?
        .query_map(params![player, limit as i64], |row| {
            Ok(PastAttempt {
                puzzle: row.get(0)?,
                game: row.get(1)?,
                solved: row.get(2)?,
                rated: row.get(3)?,
                rating_after: row.get(4)?,
                at: row.get(5)?,
            })
        })?
        .collect::<Result<_, _>>()?;
    Ok((ratings, attempts))
}
