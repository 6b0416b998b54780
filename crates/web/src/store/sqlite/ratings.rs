//! Seats' players and ratings in SQLite: which player sat where (every player's games), each
//! player's Glicko-2 rating per game, and how each rated game changed them.

use rusqlite::{Connection, params};
use tabuleiro_ai::glicko::Glicko;

use super::super::{PlayedGame, PlayerRating, RatingChange, StoreError};

/// The tables (schema version 4).
pub(super) const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS seat_players (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    player TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX IF NOT EXISTS seat_players_player ON seat_players (player);
CREATE TABLE IF NOT EXISTS ratings (
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    rating REAL NOT NULL,
    deviation REAL NOT NULL,
    volatility REAL NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (player, game)
);
CREATE TABLE IF NOT EXISTS rating_changes (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    player TEXT NOT NULL,
    before REAL NOT NULL,
    after REAL NOT NULL,
    deviation REAL NOT NULL,
    PRIMARY KEY (game_id, seat)
);
";

/// Notes that `player` sits in seat `seat` of game `id`.
pub(super) fn sit(db: &Connection, id: &str, seat: usize, player: &str) -> Result<(), StoreError> {
    db.prepare_cached(
        "INSERT INTO seat_players (game_id, seat, player) VALUES (?1, ?2, ?3) \
         ON CONFLICT (game_id, seat) DO UPDATE SET player = excluded.player",
    )?
    .execute(params![id, seat as i64, player])?;
    Ok(())
}

pub(super) fn of_player(db: &Connection, player: &str) -> Result<Vec<PlayerRating>, StoreError> {
    let ratings = db
        .prepare_cached(
            "SELECT game, rating, deviation, volatility, games FROM ratings WHERE player = ?1 \
             ORDER BY game",
        )?
        .query_map(params![player], |row| {
            Ok(PlayerRating {
                game: row.get(0)?,
                glicko: Glicko {
                    rating: row.get(1)?,
                    deviation: row.get(2)?,
                    volatility: row.get(3)?,
                },
                games: row.get(4)?,
            })
        })?
        .collect::<Result<_, _>>()?;
    Ok(ratings)
}

pub(super) fn games(
    db: &Connection,
    player: &str,
    game: Option<&str>,
    limit: usize,
) -> Result<Vec<PlayedGame>, StoreError> {
    let games = db
        .prepare_cached(
            "SELECT g.id, s.seat, g.created FROM seat_players s JOIN games g ON g.id = s.game_id \
             WHERE s.player = ?1 AND (?2 IS NULL OR g.game = ?2) \
             ORDER BY g.created DESC, g.rowid DESC LIMIT ?3",
        )?
        .query_map(params![player, game, limit as i64], |row| {
            Ok(PlayedGame {
                id: row.get(0)?,
                seat: usize::try_from(row.get::<_, i64>(1)?).unwrap_or(0),
                created: row.get(2)?,
            })
        })?
        .collect::<Result<_, _>>()?;
    Ok(games)
}

pub(super) fn changes(db: &Connection, id: &str) -> Result<Vec<RatingChange>, StoreError> {
    let changes = db
        .prepare_cached(
            "SELECT seat, player, before, after, deviation FROM rating_changes \
             WHERE game_id = ?1 ORDER BY seat",
        )?
        .query_map(params![id], |row| {
            Ok(RatingChange {
                seat: usize::try_from(row.get::<_, i64>(0)?).unwrap_or(0),
                player: row.get(1)?,
                before: row.get(2)?,
                after: row.get(3)?,
                deviation: row.get(4)?,
            })
        })?
        .collect::<Result<_, _>>()?;
    Ok(changes)
}

/// The rated games other than `id` that players `a` and `b` finished together, among the
/// games created in the last 24 hours.
fn games_together(db: &Connection, a: &str, b: &str, id: &str) -> Result<u64, StoreError> {
    let n: i64 = db
        .prepare_cached(
            "SELECT COUNT(DISTINCT x.game_id) FROM rating_changes x \
             JOIN rating_changes y ON y.game_id = x.game_id JOIN games g ON g.id = x.game_id \
             WHERE x.player = ?1 AND y.player = ?2 AND x.game_id <> ?3 \
             AND g.created >= unixepoch() - 86400",
        )?
        .query_row(params![a, b, id], |row| row.get(0))?;
    Ok(u64::try_from(n).unwrap_or(0))
}

/// Rates game `id` unless it was (see [`crate::store::GameStore::rate`]).
pub(super) fn rate(
    db: &Connection,
    id: &str,
    game: &str,
    seated: &[String],
    places: &[usize],
) -> Result<Vec<RatingChange>, StoreError> {
    let done = changes(db, id)?;
    if !done.is_empty() {
        return Ok(done);
    }
    let mut before = Vec::with_capacity(seated.len());
    for player in seated {
        let found = of_player(db, player)?.into_iter().find(|r| r.game == game);
        before.push(found.map(|r| r.glicko).unwrap_or_default());
    }
    let mut repeated = false;
    for (a, b) in crate::ratings::pairs(seated) {
        repeated |= games_together(db, a, b, id)? >= crate::ratings::PAIR_GAMES_PER_DAY;
    }
    let (after, changes) = if repeated {
        (Vec::new(), crate::ratings::unchanged(seated, &before))
    } else {
        crate::ratings::rate(seated, &before, places)
    };
    for (player, glicko) in seated.iter().zip(&after) {
        db.prepare_cached(
            "INSERT INTO ratings (player, game, rating, deviation, volatility, games) \
             VALUES (?1, ?2, ?3, ?4, ?5, 1) ON CONFLICT (player, game) DO UPDATE SET \
             rating = excluded.rating, deviation = excluded.deviation, \
             volatility = excluded.volatility, games = games + 1",
        )?
        .execute(params![
            player,
            game,
            glicko.rating,
            glicko.deviation,
            glicko.volatility
        ])?;
    }
    for change in &changes {
        db.prepare_cached(
            "INSERT INTO rating_changes (game_id, seat, player, before, after, deviation) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
        )?
        .execute(params![
            id,
            change.seat as i64,
            change.player,
            change.before,
            change.after,
            change.deviation
        ])?;
    }
    Ok(changes)
}
