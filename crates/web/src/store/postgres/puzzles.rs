//! Puzzle ratings and attempts in PostgreSQL (migration 14); what an attempt changes is
//! decided once for both stores ([`crate::store::puzzle::decide`]). Two attempts of one player
//! at once, or at one puzzle at once, are ordered by advisory locks taken in that order.

use deadpool_postgres::{GenericClient, Object};
use tabuleiro_ai::glicko::Glicko;

use super::super::StoreError;
use crate::store::puzzle::{AttemptRated, PastAttempt, PuzzleAttempt, PuzzleRating, decide};

/// The tables: each puzzle's rating, each player's puzzle rating per game, every attempt.
pub(super) const SCHEMA: &str = "
CREATE TABLE puzzle_ratings (
    puzzle TEXT PRIMARY KEY,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    attempts INTEGER NOT NULL
);
CREATE TABLE player_puzzle_ratings (
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    attempts INTEGER NOT NULL,
    PRIMARY KEY (player, game)
);
CREATE TABLE puzzle_attempts (
    id BIGSERIAL PRIMARY KEY,
    player TEXT NOT NULL,
    puzzle TEXT NOT NULL,
    game TEXT NOT NULL,
    solved BOOLEAN NOT NULL,
    rated BOOLEAN NOT NULL,
    rating_after DOUBLE PRECISION NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX puzzle_attempts_player ON puzzle_attempts (player, at);
";

fn glicko(row: &tokio_postgres::Row, from: usize) -> Glicko {
    Glicko {
        rating: row.get(from),
        deviation: row.get(from + 1),
        volatility: row.get(from + 2),
    }
}

/// Stores `attempt` and the ratings it changes, in one transaction.
pub(super) async fn attempt(
    client: &mut Object,
    attempt: &PuzzleAttempt,
) -> Result<AttemptRated, StoreError> {
    let tx = client.transaction().await?;
    tx.execute(
        "SELECT pg_advisory_xact_lock(hashtext('puzzle player ' || $1))",
        &[&attempt.player],
    )
    .await?;
    tx.execute(
        "SELECT pg_advisory_xact_lock(hashtext('puzzle ' || $1))",
        &[&attempt.puzzle],
    )
    .await?;
    let player = tx
        .query_opt(
            "SELECT rating, deviation, volatility FROM player_puzzle_ratings \
             WHERE player = $1 AND game = $2",
            &[&attempt.player, &attempt.game],
        )
        .await?
        .map(|row| glicko(&row, 0));
    let puzzle = tx
        .query_opt(
            "SELECT rating, deviation, volatility FROM puzzle_ratings WHERE puzzle = $1",
            &[&attempt.puzzle],
        )
        .await?
        .map(|row| glicko(&row, 0));
    let tried: bool = tx
        .query_one(
            "SELECT EXISTS (SELECT 1 FROM puzzle_attempts WHERE player = $1 AND puzzle = $2)",
            &[&attempt.player, &attempt.puzzle],
        )
        .await?
        .get(0);
    let decided = decide(attempt, player, puzzle, tried);
    if decided.rated {
        let p = decided.player_after;
        tx.execute(
            "INSERT INTO player_puzzle_ratings \
             (player, game, rating, deviation, volatility, attempts) VALUES ($1, $2, $3, $4, $5, 1) \
             ON CONFLICT (player, game) DO UPDATE SET rating = excluded.rating, \
             deviation = excluded.deviation, volatility = excluded.volatility, \
             attempts = player_puzzle_ratings.attempts + 1",
            &[
                &attempt.player,
                &attempt.game,
                &p.rating,
                &p.deviation,
                &p.volatility,
            ],
        )
        .await?;
        let q = decided.puzzle_after;
        tx.execute(
            "INSERT INTO puzzle_ratings (puzzle, rating, deviation, volatility, attempts) \
             VALUES ($1, $2, $3, $4, 1) \
             ON CONFLICT (puzzle) DO UPDATE SET rating = excluded.rating, \
             deviation = excluded.deviation, volatility = excluded.volatility, \
             attempts = puzzle_ratings.attempts + 1",
            &[&attempt.puzzle, &q.rating, &q.deviation, &q.volatility],
        )
        .await?;
    }
    tx.execute(
        "INSERT INTO puzzle_attempts (player, puzzle, game, solved, rated, rating_after, at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
        &[
            &attempt.player,
            &attempt.puzzle,
            &attempt.game,
            &attempt.solved,
            &decided.rated,
            &decided.player_after.rating,
            &attempt.at,
        ],
    )
    .await?;
    tx.commit().await?;
    Ok(decided)
}

/// Every puzzle's rating, for puzzles tried at least once.
pub(super) async fn ratings(
    client: &impl GenericClient,
) -> Result<Vec<(String, Glicko)>, StoreError> {
    Ok(client
        .query(
            "SELECT puzzle, rating, deviation, volatility FROM puzzle_ratings",
            &[],
        )
        .await?
        .iter()
        .map(|row| (row.get(0), glicko(row, 1)))
        .collect())
}

/// A player's puzzle ratings by game, and their newest `limit` attempts.
pub(super) async fn of_player(
    client: &impl GenericClient,
    player: &str,
    limit: usize,
) -> Result<(Vec<PuzzleRating>, Vec<PastAttempt>), StoreError> {
    let ratings = client
        .query(
            "SELECT game, rating, deviation, volatility, attempts FROM player_puzzle_ratings \
             WHERE player = $1 ORDER BY game",
            &[&player],
        )
        .await?
        .iter()
        .map(|row| PuzzleRating {
            game: row.get(0),
            glicko: glicko(row, 1),
            attempts: i64::from(row.get::<_, i32>(4)),
        })
        .collect();
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    let attempts = client
        .query(
            "SELECT puzzle, game, solved, rated, rating_after, at FROM puzzle_attempts \
             WHERE player = $1 ORDER BY at DESC, id DESC LIMIT $2",
            &[&player, &limit],
        )
        .await?
        .iter()
        .map(|row| PastAttempt {
            puzzle: row.get(0),
            game: row.get(1),
            solved: row.get(2),
            rated: row.get(3),
            rating_after: row.get(4),
            at: row.get(5),
        })
        .collect();
    Ok((ratings, attempts))
}
