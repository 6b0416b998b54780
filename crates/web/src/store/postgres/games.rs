//! A game's row and its changes in PostgreSQL: each change but a move is one statement (the
//! rows [`writes`] says) that claims the game at the revision its node read, makes the change
//! and announces it, in one transaction (moves wait to be stored together: `moves`).

use super::super::rows::writes;
use super::super::{Change, Rating, RatingChange, Row, StoreError, StoredGame};
use super::notify::{CHANNEL, payload};
use super::{PostgresStore, moves, ratings};

/// Any change to a game, as [`writes`] says it, in one statement: the game claimed at its
/// revision (and, as the change asks, only while not over, only without a rematch, only with
/// exactly the moves before the one added), its columns set where given, a move added or the
/// moves from a ply forgotten, a seat's player indexed, its queued computer move cleared, and
/// the change announced on channel `$21` (payload `$22`). "Exactly the moves before" is
/// checked as "the last stored move is the one before" (as `moves::MOVES` does).
const CHANGE: &str = "
WITH claimed AS (
    UPDATE games SET revision = revision + 1,
        finished = COALESCE($3::BOOLEAN, finished),
        resigned = COALESCE($4::INTEGER, resigned),
        offer = CASE WHEN $5::BOOLEAN THEN $6::TEXT ELSE offer END,
        ending = COALESCE($7::TEXT, ending),
        clock = COALESCE($8::TEXT, clock),
        deadline = CASE WHEN $9::BOOLEAN THEN $10::BIGINT ELSE deadline END,
        seats = COALESCE($11::TEXT, seats),
        rematch = COALESCE($12::TEXT, rematch)
    WHERE id = $1 AND revision = $2
        AND (NOT $13::BOOLEAN OR (resigned IS NULL AND ending IS NULL))
        AND (NOT $14::BOOLEAN OR rematch IS NULL)
        AND ($15::INTEGER IS NULL
            OR COALESCE((SELECT max(m.ply) FROM moves m WHERE m.game_id = $1), -1)
                = $15::INTEGER - 1)
    RETURNING revision
), added AS (
    INSERT INTO moves (game_id, ply, notation)
    SELECT $1, $15::INTEGER, $16::TEXT FROM claimed WHERE $16::TEXT IS NOT NULL
), forgotten AS (
    DELETE FROM moves WHERE game_id = $1 AND ply >= $17::INTEGER
        AND EXISTS (SELECT 1 FROM claimed)
), seated AS (
    INSERT INTO seat_players (game_id, seat, player)
    SELECT $1, $18::INTEGER, $19::TEXT FROM claimed WHERE $19::TEXT IS NOT NULL
    ON CONFLICT (game_id, seat) DO UPDATE SET player = EXCLUDED.player
), cleared AS (
    DELETE FROM computer_jobs WHERE game_id = $1 AND $20::BOOLEAN
        AND EXISTS (SELECT 1 FROM claimed)
), announced AS (
    SELECT pg_notify($21, $22) FROM claimed
)
SELECT revision FROM claimed, announced";

/// Writes the row of `game` (not its moves).
pub(super) async fn insert_game(
    client: &impl deadpool_postgres::GenericClient,
    game: &StoredGame,
    finished: bool,
) -> Result<(), StoreError> {
    client
        .execute(
            "INSERT INTO games (id, game, players, options, seed, mode, seats, finished, clock, \
             deadline) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
            &[
                &game.id,
                &game.game,
                &(game.players as i32),
                &serde_json::to_string(&game.options)?,
                &(game.seed as i64),
                &game.mode,
                &serde_json::to_string(&game.seats)?,
                &finished,
                &game.clock.as_ref().map(serde_json::to_string).transpose()?,
                &game.clock.as_ref().and_then(|c| c.first_move_by),
            ],
        )
        .await?;
    for (seat, stored) in game.seats.iter().enumerate() {
        if let Some(player) = stored.player() {
            client
                .execute(
                    "INSERT INTO seat_players (game_id, seat, player) VALUES ($1, $2, $3)",
                    &[&game.id, &(seat as i32), &player.id],
                )
                .await?;
        }
    }
    Ok(())
}

impl PostgresStore {
    /// Makes `change` to game `id` at `revision`
    /// ([`GameStore::change`](super::super::GameStore::change)): a move waits to be stored
    /// with the moves of other games (`moves`), any other change is one statement, with a
    /// rematch's new game in the same transaction.
    pub(super) async fn apply(
        &self,
        id: String,
        revision: u64,
        change: Change,
    ) -> Result<u64, StoreError> {
        if let Change::Move { .. } = change {
            let w = writes(&change)?;
            let (ply, notation) = w.add_move.unwrap_or_default();
            let (answer, answered) = tokio::sync::oneshot::channel();
            let row = moves::MoveRow {
                id,
                revision,
                ply: usize::try_from(ply).unwrap_or(0),
                notation: notation.to_owned(),
                finished: w.finished.unwrap_or(false),
                clock: w.clock.map(|c| (c, w.deadline.value())),
            };
            self.moves
                .send(moves::Waiting { row, answer })
                .map_err(|_| StoreError::Gone)?;
            return answered.await.map_err(|_| StoreError::Gone)?;
        }
        let node = self.node.clone();
        self.call(move |mut client| async move {
            let result = async {
                let tx = client.transaction().await?;
                let revision = change_on(&tx, &node, &id, revision, &change).await?;
                tx.commit().await?;
                Ok(revision)
            }
            .await;
            (client, result)
        })
        .await
    }

    /// Reads game `id` with its moves ([`GameStore::load`](super::super::GameStore::load)).
    pub(super) async fn read_game(&self, id: String) -> Result<Option<StoredGame>, StoreError> {
        self.call(move |client| async move {
            let result = async {
                let Some(row) = client
                    .query_opt(
                        "SELECT game, players, options, seed, mode, seats, resigned, revision, \
                         rematch, offer, ending, clock FROM games WHERE id = $1",
                        &[&id],
                    )
                    .await?
                else {
                    return Ok(None);
                };
                let fields = row_of(&row);
                let moves = client
                    .query(
                        "SELECT notation FROM moves WHERE game_id = $1 ORDER BY ply",
                        &[&id],
                    )
                    .await?
                    .iter()
                    .map(|r| r.get::<_, String>(0))
                    .collect();
                super::super::decode(&id, fields, moves).map(Some)
            }
            .await;
            (client, result)
        })
        .await
    }

    /// Makes `change` (one that ends the game: a move, a resignation, an ending) and rates the
    /// game as `rating` says, in one transaction
    /// ([`GameStore::change_rated`](super::super::GameStore::change_rated)).
    pub(super) async fn apply_rated(
        &self,
        id: String,
        revision: u64,
        change: Change,
        rating: Rating,
    ) -> Result<(u64, Vec<RatingChange>), StoreError> {
        let node = self.node.clone();
        self.call(move |mut client| async move {
            let result = async {
                let tx = client.transaction().await?;
                let revision = change_on(&tx, &node, &id, revision, &change).await?;
                let rated =
                    ratings::rate_in(&tx, &id, &rating.game, &rating.seated, &rating.places)
                        .await?;
                tx.commit().await?;
                Ok((revision, rated))
            }
            .await;
            (client, result)
        })
        .await
    }
}

/// Makes `change` within `tx` (the change's transaction, which a rated game's rating may
/// share): the rows [`writes`] says, in PostgreSQL's words, announced to the other nodes by
/// `node`; the new revision, or the conflict.
async fn change_on(
    tx: &deadpool_postgres::Transaction<'_>,
    node: &str,
    id: &str,
    revision: u64,
    change: &Change,
) -> Result<u64, StoreError> {
    let w = writes(change)?;
    let payload = payload(node, id);
    let stored = revision as i64;
    let offer = w.offer.value();
    let (ply, notation) = match w.add_move {
        Some((ply, notation)) => (Some(ply as i32), Some(notation)),
        None => (None, None),
    };
    let forget = w.forget_from.map(|f| f as i32);
    let (seat, player) = match w.seat_player {
        Some((seat, player)) => (Some(seat as i32), Some(player)),
        None => (None, None),
    };
    let resigned = w.resigned.map(|r| r as i32);
    let deadline = w.deadline.value();
    let statement = tx.prepare_cached(CHANGE).await?;
    let row = tx
        .query_opt(
            &statement,
            &[
                &id,
                &stored,
                &w.finished,
                &resigned,
                &w.offer.written(),
                &offer,
                &w.ending,
                &w.clock,
                &w.deadline.written(),
                &deadline,
                &w.seats,
                &w.rematch,
                &w.only_open,
                &w.only_without_rematch,
                &ply,
                &notation,
                &forget,
                &seat,
                &player,
                &w.clears_computer,
                &CHANNEL,
                &payload,
            ],
        )
        .await?;
    let Some(row) = row else {
        let now = tx
            .query_opt("SELECT revision FROM games WHERE id = $1", &[&id])
            .await?;
        return Err(StoreError::Conflict {
            expected: revision,
            stored: now.map_or(0, |r| u64::try_from(r.get::<_, i64>(0)).unwrap_or(0)),
        });
    };
    if let Some(game) = w.new_game {
        insert_game(tx, game, false).await?;
    }
    Ok(u64::try_from(row.get::<_, i64>(0)).unwrap_or(0))
}

/// Reads a game's row.
fn row_of(row: &tokio_postgres::Row) -> Row {
    Row {
        game: row.get(0),
        players: i64::from(row.get::<_, i32>(1)),
        options: row.get(2),
        seed: row.get(3),
        mode: row.get(4),
        seats: row.get(5),
        resigned: row.get::<_, Option<i32>>(6).map(i64::from),
        revision: row.get(7),
        rematch: row.get(8),
        offer: row.get(9),
        ending: row.get(10),
        clock: row.get(11),
    }
}
