//! A game's row and its changes in PostgreSQL: each change but a move is one statement that
//! claims the game at the revision its node read, makes the change and announces it, in one
//! transaction (moves wait to be stored together: `moves`).

use super::super::{Change, Rating, RatingChange, Row, StoreError, StoredGame};
use super::notify::{CHANNEL, payload};
use super::{PostgresStore, moves, ratings};

/// An undo: the moves from `$3` on forgotten, the clock (`$4`, JSON or null: unchanged) and
/// deadline (`$5`) written, the queued computer move cleared.
const TRUNCATE: &str = "
WITH claimed AS (
    UPDATE games SET revision = revision + 1, finished = false, offer = NULL,
        clock = COALESCE($4, clock),
        deadline = CASE WHEN $4::TEXT IS NULL THEN deadline ELSE $5::BIGINT END
    WHERE id = $1 AND revision = $2
    RETURNING revision
), forgotten AS (
    DELETE FROM moves WHERE game_id = $1 AND ply >= $3 AND EXISTS (SELECT 1 FROM claimed)
), cleared AS (
    DELETE FROM computer_jobs WHERE game_id = $1 AND EXISTS (SELECT 1 FROM claimed)
), announced AS (
    SELECT pg_notify($6, $7) FROM claimed
)
SELECT revision FROM claimed, announced";

/// A resignation.
const RESIGN: &str = "
WITH claimed AS (
    UPDATE games SET revision = revision + 1, resigned = $3, finished = true, offer = NULL,
        deadline = NULL
    WHERE id = $1 AND revision = $2 AND resigned IS NULL AND ending IS NULL
    RETURNING revision
), cleared AS (
    DELETE FROM computer_jobs WHERE game_id = $1 AND EXISTS (SELECT 1 FROM claimed)
), announced AS (
    SELECT pg_notify($4, $5) FROM claimed
)
SELECT revision FROM claimed, announced";

/// An offer made, answered or withdrawn (`$3`, JSON or null), while the game is not over.
const OFFER: &str = "
WITH claimed AS (
    UPDATE games SET revision = revision + 1, offer = $3
    WHERE id = $1 AND revision = $2 AND resigned IS NULL AND ending IS NULL
    RETURNING revision
), announced AS (
    SELECT pg_notify($4, $5) FROM claimed
)
SELECT revision FROM claimed, announced";

/// The game ended by agreement, abort or time (`$3`, JSON), while it was not over, its clock
/// stopped (`$4`, JSON or null: unchanged); its queued computer move cleared.
const END: &str = "
WITH claimed AS (
    UPDATE games SET revision = revision + 1, ending = $3, finished = true, offer = NULL,
        clock = COALESCE($4, clock), deadline = NULL
    WHERE id = $1 AND revision = $2 AND resigned IS NULL AND ending IS NULL
    RETURNING revision
), cleared AS (
    DELETE FROM computer_jobs WHERE game_id = $1 AND EXISTS (SELECT 1 FROM claimed)
), announced AS (
    SELECT pg_notify($5, $6) FROM claimed
)
SELECT revision FROM claimed, announced";

/// A rematch named (the new game is inserted in the same transaction).
const REMATCH: &str = "
WITH claimed AS (
    UPDATE games SET revision = revision + 1, rematch = $3
    WHERE id = $1 AND revision = $2 AND rematch IS NULL
    RETURNING revision
), announced AS (
    SELECT pg_notify($4, $5) FROM claimed
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
            "INSERT INTO games (id, game, players, options, seed, mode, seats, finished, clock) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
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
    /// ([`GameStore::change`](super::super::GameStore::change)).
    pub(super) async fn apply(
        &self,
        id: String,
        revision: u64,
        change: Change,
    ) -> Result<u64, StoreError> {
        match change {
            Change::Move {
                ply,
                notation,
                finished,
                clock,
            } => {
                let (answer, answered) = tokio::sync::oneshot::channel();
                let row = moves::MoveRow {
                    id,
                    revision,
                    ply,
                    notation,
                    finished,
                    clock: clock
                        .map(|t| serde_json::to_string(&t.clock).map(|c| (c, t.deadline)))
                        .transpose()?,
                };
                self.moves
                    .send(moves::Waiting { row, answer })
                    .map_err(|_| StoreError::Gone)?;
                answered.await.map_err(|_| StoreError::Gone)?
            }
            Change::Truncate { from, clock } => {
                let deadline = clock.as_ref().and_then(|t| t.deadline);
                let clock = clock.map(|t| serde_json::to_string(&t.clock)).transpose()?;
                let middle: Vec<Box<dyn tokio_postgres::types::ToSql + Sync + Send>> =
                    vec![Box::new(from as i32), Box::new(clock), Box::new(deadline)];
                self.claim(&id, revision, TRUNCATE, middle).await
            }
            Change::Resign { seat } => {
                self.claim(&id, revision, RESIGN, vec![Box::new(seat as i32)])
                    .await
            }
            Change::Offer { offer } => {
                let offer = offer.as_ref().map(serde_json::to_string).transpose()?;
                self.claim(&id, revision, OFFER, vec![Box::new(offer)])
                    .await
            }
            Change::End { ending, clock } => {
                let ending = serde_json::to_string(&ending)?;
                let clock = clock.map(|c| serde_json::to_string(&c)).transpose()?;
                let middle: Vec<Box<dyn tokio_postgres::types::ToSql + Sync + Send>> =
                    vec![Box::new(ending), Box::new(clock)];
                self.claim(&id, revision, END, middle).await
            }
            Change::Sit { seat, seats } => {
                let player = match seats.get(seat) {
                    Some(super::super::StoredSeat::Human {
                        player: Some(player),
                        ..
                    }) => player.id.clone(),
                    _ => String::new(),
                };
                let seats = serde_json::to_string(&seats)?;
                let middle: Vec<Box<dyn tokio_postgres::types::ToSql + Sync + Send>> =
                    vec![Box::new(seats), Box::new(seat as i32), Box::new(player)];
                self.claim(&id, revision, ratings::SIT, middle).await
            }
            Change::Rematch { game } => self.rematch(&id, revision, *game).await,
        }
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

    /// Runs one statement of a change that is announced in its own transaction (its
    /// parameters: the game and revision, then `middle`, then the announcement's channel and
    /// payload) and reads the new revision, or the conflict.
    async fn claim(
        &self,
        id: &str,
        revision: u64,
        statement: &'static str,
        middle: Vec<Box<dyn tokio_postgres::types::ToSql + Sync + Send>>,
    ) -> Result<u64, StoreError> {
        let (id, node) = (id.to_owned(), self.node.clone());
        self.call(move |client| async move {
            let result = claim_on(&client, &node, &id, revision, statement, &middle).await;
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
                let revision = match change {
                    Change::Move {
                        ply,
                        notation,
                        finished,
                        clock,
                    } => {
                        let row = moves::MoveRow {
                            id: id.clone(),
                            revision,
                            ply,
                            notation,
                            finished,
                            clock: clock
                                .map(|t| serde_json::to_string(&t.clock).map(|c| (c, t.deadline)))
                                .transpose()?,
                        };
                        moves::store_one(&tx, &node, &row).await?
                    }
                    Change::Resign { seat } => {
                        let middle: Vec<Box<dyn tokio_postgres::types::ToSql + Sync + Send>> =
                            vec![Box::new(seat as i32)];
                        claim_on(&tx, &node, &id, revision, RESIGN, &middle).await?
                    }
                    Change::End { ending, clock } => {
                        let ending = serde_json::to_string(&ending)?;
                        let clock = clock.map(|c| serde_json::to_string(&c)).transpose()?;
                        let middle: Vec<Box<dyn tokio_postgres::types::ToSql + Sync + Send>> =
                            vec![Box::new(ending), Box::new(clock)];
                        claim_on(&tx, &node, &id, revision, END, &middle).await?
                    }
                    other => {
                        return Err(StoreError::Unreachable(format!(
                            "a change that ends no game cannot be rated: {other:?}"
                        )));
                    }
                };
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

    /// Names `game` the rematch of game `id` at `revision` and stores it, in one transaction.
    async fn rematch(&self, id: &str, revision: u64, game: StoredGame) -> Result<u64, StoreError> {
        let (id, node) = (id.to_owned(), self.node.clone());
        self.call(move |mut client| async move {
            let result = async {
                let tx = client.transaction().await?;
                let payload = payload(&node, &id);
                let stored = revision as i64;
                let row = tx
                    .query_opt(REMATCH, &[&id, &stored, &game.id, &CHANNEL, &payload])
                    .await?;
                let Some(row) = row else {
                    // Refused: at another revision, or named a rematch already at this one.
                    let now = tx
                        .query_opt("SELECT revision FROM games WHERE id = $1", &[&id])
                        .await?;
                    return Err(StoreError::Conflict {
                        expected: revision,
                        stored: now.map_or(0, |r| u64::try_from(r.get::<_, i64>(0)).unwrap_or(0)),
                    });
                };
                insert_game(&tx, &game, false).await?;
                tx.commit().await?;
                Ok(u64::try_from(row.get::<_, i64>(0)).unwrap_or(0))
            }
            .await;
            (client, result)
        })
        .await
    }
}

/// Runs one statement of a change on `client` (a connection, or a transaction the change
/// shares): its parameters the game and revision, then `middle`, then the announcement's
/// channel and payload (from `node`); the new revision, or the conflict.
async fn claim_on(
    client: &impl deadpool_postgres::GenericClient,
    node: &str,
    id: &str,
    revision: u64,
    statement: &'static str,
    middle: &[Box<dyn tokio_postgres::types::ToSql + Sync + Send>],
) -> Result<u64, StoreError> {
    let payload = payload(node, id);
    let stored = revision as i64;
    let mut params: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> = vec![&id, &stored];
    for p in middle {
        params.push(p.as_ref());
    }
    params.push(&CHANNEL);
    params.push(&payload);
    let statement = client.prepare_cached(statement).await?;
    if let Some(row) = client.query_opt(&statement, &params).await? {
        return Ok(u64::try_from(row.get::<_, i64>(0)).unwrap_or(0));
    }
    let now = client
        .query_opt("SELECT revision FROM games WHERE id = $1", &[&id])
        .await?;
    Err(StoreError::Conflict {
        expected: revision,
        stored: now.map_or(0, |r| u64::try_from(r.get::<_, i64>(0)).unwrap_or(0)),
    })
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
