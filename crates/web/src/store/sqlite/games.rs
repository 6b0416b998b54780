//! A game's row and moves in SQLite: written when it is created, changed at the revision
//! its node read (or refused as a conflict), and read back.

use rusqlite::{Connection, OptionalExtension, params};

use super::super::{Change, Row, StoreError, StoredGame};
use super::ratings;

/// Writes the row of `game` (not its moves).
pub(super) fn insert_game(
    db: &Connection,
    game: &StoredGame,
    finished: bool,
) -> Result<(), StoreError> {
    db.prepare_cached(
        "INSERT INTO games (id, game, players, options, seed, mode, seats, finished, clock) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
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
        game.clock.as_ref().map(serde_json::to_string).transpose()?,
    ])?;
    for (seat, stored) in game.seats.iter().enumerate() {
        if let Some(player) = stored.player() {
            ratings::sit(db, &game.id, seat, &player.id)?;
        }
    }
    Ok(())
}

/// Makes `change` to game `id` at `revision`, or fails with a conflict.
pub(super) fn apply(
    db: &Connection,
    id: &str,
    revision: u64,
    change: &Change,
) -> Result<u64, StoreError> {
    let claimed = db
        .prepare_cached(
            "UPDATE games SET revision = revision + 1 WHERE id = ?1 AND revision = ?2 \
             AND (?3 = 0 OR (resigned IS NULL AND ending IS NULL))",
        )?
        .execute(params![
            id,
            revision as i64,
            i64::from(matches!(
                change,
                Change::Move { .. }
                    | Change::Resign { .. }
                    | Change::Offer { .. }
                    | Change::End { .. }
            ))
        ])?;
    if claimed == 0 {
        let stored: Option<i64> = db
            .prepare_cached("SELECT revision FROM games WHERE id = ?1")?
            .query_row(params![id], |row| row.get(0))
            .optional()?;
        return Err(StoreError::Conflict {
            expected: revision,
            stored: stored.map_or(0, |r| r as u64),
        });
    }
    match change {
        Change::Move {
            ply,
            notation,
            finished,
            clock,
        } => {
            // The move must follow the stored ones: no hole, whatever the caller believes.
            let stored: i64 = db
                .prepare_cached("SELECT COUNT(*) FROM moves WHERE game_id = ?1")?
                .query_row(params![id], |row| row.get(0))?;
            if stored != *ply as i64 {
                return Err(StoreError::Conflict {
                    expected: revision,
                    stored: revision,
                });
            }
            db.prepare_cached("INSERT INTO moves (game_id, ply, notation) VALUES (?1, ?2, ?3)")?
                .execute(params![id, *ply as i64, notation])?;
            // One write of the game's row: whether it is over, and on a clock its clock and
            // deadline.
            match clock.as_deref() {
                Some(timed) => db
                    .prepare_cached(
                        "UPDATE games SET finished = ?2, clock = ?3, deadline = ?4 WHERE id = ?1",
                    )?
                    .execute(params![
                        id,
                        i64::from(*finished),
                        serde_json::to_string(&timed.clock)?,
                        timed.deadline
                    ])?,
                None => db
                    .prepare_cached("UPDATE games SET finished = ?2 WHERE id = ?1")?
                    .execute(params![id, i64::from(*finished)])?,
            };
        }
        Change::Truncate { from, clock } => {
            set_clock(db, id, clock.as_deref())?;
            db.prepare_cached("DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2")?
                .execute(params![id, *from as i64])?;
            db.prepare_cached("UPDATE games SET finished = 0, offer = NULL WHERE id = ?1")?
                .execute(params![id])?;
        }
        Change::Resign { seat } => {
            db.prepare_cached(
                "UPDATE games SET resigned = ?2, finished = 1, offer = NULL, deadline = NULL \
                 WHERE id = ?1",
            )?
            .execute(params![id, *seat as i64])?;
        }
        Change::Offer { offer } => {
            let offer = offer.as_ref().map(serde_json::to_string).transpose()?;
            db.prepare_cached("UPDATE games SET offer = ?2 WHERE id = ?1")?
                .execute(params![id, offer])?;
        }
        Change::End { ending, clock } => {
            db.prepare_cached(
                "UPDATE games SET ending = ?2, finished = 1, offer = NULL, deadline = NULL, \
                 clock = COALESCE(?3, clock) WHERE id = ?1",
            )?
            .execute(params![
                id,
                serde_json::to_string(ending)?,
                clock.as_deref().map(serde_json::to_string).transpose()?
            ])?;
        }
        Change::Sit { seat, seats } => {
            db.prepare_cached("UPDATE games SET seats = ?2 WHERE id = ?1")?
                .execute(params![id, serde_json::to_string(seats)?])?;
            if let Some(super::super::StoredSeat::Human {
                player: Some(player),
                ..
            }) = seats.get(*seat)
            {
                ratings::sit(db, id, *seat, &player.id)?;
            }
        }
        Change::Rematch { game } => {
            let named = db
                .prepare_cached("UPDATE games SET rematch = ?2 WHERE id = ?1 AND rematch IS NULL")?
                .execute(params![id, game.id])?;
            if named == 0 {
                return Err(StoreError::Conflict {
                    expected: revision,
                    stored: revision,
                });
            }
            insert_game(db, game, false)?;
        }
    }
    Ok(revision + 1)
}

/// Writes a game's clock and deadline, for a change that brings one.
fn set_clock(
    db: &Connection,
    id: &str,
    timed: Option<&super::super::Timed>,
) -> Result<(), StoreError> {
    if let Some(timed) = timed {
        db.prepare_cached("UPDATE games SET clock = ?2, deadline = ?3 WHERE id = ?1")?
            .execute(params![
                id,
                serde_json::to_string(&timed.clock)?,
                timed.deadline
            ])?;
    }
    Ok(())
}

/// Reads game `id` with its moves.
pub(super) fn load(db: &Connection, id: &str) -> Result<Option<StoredGame>, StoreError> {
    let row = db
        .prepare_cached(
            "SELECT game, players, options, seed, mode, seats, resigned, revision, rematch, \
             offer, ending, clock FROM games WHERE id = ?1",
        )?
        .query_row(params![id], |row| {
            Ok(Row {
                game: row.get(0)?,
                players: row.get(1)?,
                options: row.get(2)?,
                seed: row.get(3)?,
                mode: row.get(4)?,
                seats: row.get(5)?,
                resigned: row.get(6)?,
                revision: row.get(7)?,
                rematch: row.get(8)?,
                offer: row.get(9)?,
                ending: row.get(10)?,
                clock: row.get(11)?,
            })
        })
        .optional()?;
    let Some(row) = row else {
        return Ok(None);
    };
    let moves = db
        .prepare_cached("SELECT notation FROM moves WHERE game_id = ?1 ORDER BY ply")?
        .query_map(params![id], |row| row.get::<_, String>(0))?
        .collect::<Result<_, _>>()?;
    super::super::decode(id, row, moves).map(Some)
}
