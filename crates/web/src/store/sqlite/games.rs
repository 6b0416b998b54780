//! A game's row and moves in SQLite: written when it is created, changed at the revision
//! its node read (or refused as a conflict), and read back.

use rusqlite::{Connection, OptionalExtension, params};

use super::super::rows::writes;
use super::super::{Change, Row, StoreError, StoredGame};
use super::ratings;

/// Writes the row of `game` (not its moves).
pub(super) fn insert_game(
    db: &Connection,
    game: &StoredGame,
    finished: bool,
) -> Result<(), StoreError> {
    db.prepare_cached(
        "INSERT INTO games (id, game, players, options, seed, mode, seats, finished, clock, deadline) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)",
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
        game.clock.as_ref().and_then(|c| c.first_move_by),
    ])?;
    for (seat, stored) in game.seats.iter().enumerate() {
        if let Some(player) = stored.player() {
            ratings::sit(db, &game.id, seat, &player.id)?;
        }
    }
    Ok(())
}

/// Any change to a game's row, as [`writes`] says it: the game claimed at its revision (and,
/// as the change asks, only while not over, only without a rematch, only with exactly the
/// moves before the one added: its last stored move is the one before, plies being numbered
/// from 0 without a gap), its columns set where given.
const CHANGE: &str = "
UPDATE games SET revision = revision + 1,
    finished = COALESCE(?3, finished),
    resigned = COALESCE(?4, resigned),
    offer = CASE WHEN ?5 THEN ?6 ELSE offer END,
    ending = COALESCE(?7, ending),
    clock = COALESCE(?8, clock),
    deadline = CASE WHEN ?9 THEN ?10 ELSE deadline END,
    seats = COALESCE(?11, seats),
    rematch = COALESCE(?12, rematch)
WHERE id = ?1 AND revision = ?2
    AND (NOT ?13 OR (resigned IS NULL AND ending IS NULL))
    AND (NOT ?14 OR rematch IS NULL)
    AND (?15 IS NULL OR COALESCE((SELECT max(ply) FROM moves WHERE game_id = ?1), -1) = ?15 - 1)";

/// Makes `change` to game `id` at `revision`, or fails with a conflict: the rows
/// [`writes`] says, in SQLite's words.
pub(super) fn apply(
    db: &Connection,
    id: &str,
    revision: u64,
    change: &Change,
) -> Result<u64, StoreError> {
    let w = writes(change)?;
    let claimed = db.prepare_cached(CHANGE)?.execute(params![
        id,
        revision as i64,
        w.finished.map(i64::from),
        w.resigned,
        w.offer.written(),
        w.offer.value(),
        w.ending,
        w.clock,
        w.deadline.written(),
        w.deadline.value(),
        w.seats,
        w.rematch,
        w.only_open,
        w.only_without_rematch,
        w.add_move.map(|(ply, _)| ply),
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
    if let Some((ply, notation)) = w.add_move {
        db.prepare_cached("INSERT INTO moves (game_id, ply, notation) VALUES (?1, ?2, ?3)")?
            .execute(params![id, ply, notation])?;
    }
    if let Some(from) = w.forget_from {
        db.prepare_cached("DELETE FROM moves WHERE game_id = ?1 AND ply >= ?2")?
            .execute(params![id, from])?;
    }
    if let Some((seat, player)) = w.seat_player {
        ratings::sit(db, id, seat as usize, player)?;
    }
    if let Some(game) = w.new_game {
        insert_game(db, game, false)?;
    }
    Ok(revision + 1)
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
