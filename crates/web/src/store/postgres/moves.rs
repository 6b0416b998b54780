//! Moves stored together: the moves of different games that wait at the same time go to
//! PostgreSQL as one statement (one round trip, one transaction, one flush), each claimed at
//! its own game's revision as if it were alone; once committed they are announced to the other
//! nodes in a transaction of their own (`notify::announce_all`, which waits for no flush).
//!
//! A few movers ([`MOVERS`]) share one queue: while one waits for its batch to commit, the
//! next takes everything queued meanwhile, so that under load each statement carries many
//! moves (a mover that found others waiting gathers more for [`GATHER`]) and at rest a move
//! goes alone at once. A move is answered only after its batch has committed. Should a batch
//! fail for a reason of the database's (not a timeout), each of its moves is tried again alone,
//! so that one move's error never becomes another's.
//!
//! The batches do not notify: a transaction that notifies holds PostgreSQL's one lock for
//! notifying from its commit until the commit is flushed, which made the batches of every
//! mover of every node commit one after another, a flush each. Without it, batches that commit
//! together share a flush. A node that stops between a commit and its announcement leaves the
//! move to be found by the others' check of the stored revisions (`Hub::verify`).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use deadpool_postgres::Pool;
use tokio::sync::{Mutex, mpsc, oneshot};

use super::{StoreError, on_connection};

/// Batches in flight at once, each on a connection of the pool.
pub(super) const MOVERS: usize = 4;

/// The most moves in one statement.
const BATCH: usize = 128;

/// How long a mover that found other moves waiting gathers more before storing its batch:
/// under load a batch then carries several times as many moves, and what a batch costs
/// PostgreSQL whatever its size (its transaction, its flush) is shared by all of them; a lone
/// move goes at once.
const GATHER: Duration = Duration::from_millis(1);

/// The moves of a batch: each game claimed at its revision (no resignation, the moves stored
/// up to its ply), its move stored, and its queued computer move cleared. Returns the games
/// claimed with their new revisions; a game missing from the answer was not changed. "The moves stored up to its ply" is read as "its last move is
/// the one before": plies are numbered from 0 without a gap (every write checks this), so one
/// step down the primary key says it, where counting read every move of the game (a page each).
const MOVES: &str = "
WITH batch AS (
    SELECT * FROM unnest($1::text[], $2::bigint[], $3::integer[], $4::text[], $5::boolean[],
        $6::text[], $7::bigint[])
        AS b(id, revision, ply, notation, finished, clock, deadline)
), claimed AS (
    UPDATE games g SET revision = g.revision + 1, finished = b.finished,
        clock = COALESCE(b.clock, g.clock),
        deadline = CASE WHEN b.clock IS NULL THEN g.deadline ELSE b.deadline END
    FROM batch b
    WHERE g.id = b.id AND g.revision = b.revision AND g.resigned IS NULL AND g.ending IS NULL
      AND COALESCE((SELECT max(m.ply) FROM moves m WHERE m.game_id = b.id), -1) = b.ply - 1
    RETURNING g.id, g.revision, b.ply, b.notation
), stored AS (
    INSERT INTO moves (game_id, ply, notation) SELECT id, ply, notation FROM claimed
), cleared AS (
    DELETE FROM computer_jobs j USING claimed c WHERE j.game_id = c.id AND j.ply <= c.ply
)
SELECT id, revision FROM claimed";

/// A move to store.
pub(super) struct MoveRow {
    /// The game.
    pub id: String,
    /// The revision the move was decided against.
    pub revision: u64,
    /// The move's ply (the number of moves stored before it).
    pub ply: usize,
    /// The move.
    pub notation: String,
    /// Whether the game ends with it.
    pub finished: bool,
    /// The game's clock after it (JSON) and its deadline, for a game on a clock.
    pub clock: Option<(String, Option<i64>)>,
}

/// A move waiting to be stored, and where its answer goes (the new revision, or why not).
pub(super) struct Waiting {
    /// The move.
    pub row: MoveRow,
    /// The answer.
    pub answer: oneshot::Sender<Result<u64, StoreError>>,
}

/// What the movers need of the store.
#[derive(Clone)]
pub(super) struct Movers {
    /// Connections.
    pub pool: Pool,
    /// Each call's timeout.
    pub timeout: Duration,
    /// Where the moves stored go to be announced (`notify::announce_all`).
    pub announce: mpsc::UnboundedSender<String>,
}

/// Starts the movers; moves sent to the returned queue are stored.
pub(super) fn start(movers: &Movers) -> mpsc::UnboundedSender<Waiting> {
    let (queue, waiting) = mpsc::unbounded_channel();
    let waiting = Arc::new(Mutex::new(waiting));
    for _ in 0..MOVERS {
        tokio::spawn(mover(movers.clone(), Arc::clone(&waiting)));
    }
    queue
}

/// Opens the connections the movers and the announcer will use, each with the statement of
/// moves prepared, so that the first moves after a start do not wait for connections to be
/// opened and statements planned. A failure is left for the moves to meet.
pub(super) async fn warm(pool: &Pool, timeout: Duration, size: usize) {
    let opened = (0..(MOVERS + 2).min(size)).map(|_| async {
        on_connection(pool, timeout, |client| async move {
            let prepared = client.prepare_cached(MOVES).await.map(|_| ());
            (client, prepared.map_err(StoreError::from))
        })
        .await
    });
    for result in futures_util::future::join_all(opened).await {
        if let Err(e) = result {
            tracing::warn!(error = %e, "a connection to PostgreSQL could not be opened ahead");
        }
    }
}

/// One mover: takes everything waiting (at most [`BATCH`], one move per game) and stores it.
async fn mover(movers: Movers, waiting: Arc<Mutex<mpsc::UnboundedReceiver<Waiting>>>) {
    // A second move of a game already in the batch waits for the next one of this mover,
    // which starts with it at once, whether or not another mover is waiting on the queue.
    let mut held: Option<Waiting> = None;
    loop {
        let mut batch = Vec::new();
        if let Some(first) = held.take() {
            batch.push(first);
            if let Ok(mut queue) = waiting.try_lock() {
                held = take_waiting(&mut queue, &mut batch);
            }
        } else {
            let mut queue = waiting.lock().await;
            match queue.recv().await {
                Some(first) => batch.push(first),
                None => return,
            }
            held = take_waiting(&mut queue, &mut batch);
            if held.is_none() && batch.len() > 1 {
                held = gather(&mut queue, &mut batch).await;
            }
        }
        movers.store(batch).await;
    }
}

/// Adds to `batch` the moves waiting in `queue`, up to [`BATCH`]; returns a move of a game
/// already in the batch, which ends it.
fn take_waiting(
    queue: &mut mpsc::UnboundedReceiver<Waiting>,
    batch: &mut Vec<Waiting>,
) -> Option<Waiting> {
    while batch.len() < BATCH
        && let Ok(next) = queue.try_recv()
    {
        if batch.iter().any(|w| w.row.id == next.row.id) {
            return Some(next);
        }
        batch.push(next);
    }
    None
}

/// Adds to `batch` the moves that come within [`GATHER`], up to [`BATCH`]; returns a move of a
/// game already in the batch, which ends it.
async fn gather(
    queue: &mut mpsc::UnboundedReceiver<Waiting>,
    batch: &mut Vec<Waiting>,
) -> Option<Waiting> {
    let until = tokio::time::Instant::now() + GATHER;
    while batch.len() < BATCH {
        let Ok(Some(next)) = tokio::time::timeout_at(until, queue.recv()).await else {
            break;
        };
        if batch.iter().any(|w| w.row.id == next.row.id) {
            return Some(next);
        }
        batch.push(next);
    }
    None
}

impl Movers {
    /// Stores `batch` and answers each of its moves.
    async fn store(&self, batch: Vec<Waiting>) {
        let single = batch.len() == 1;
        match self.claim(&batch).await {
            Ok(revisions) => self.answer(batch, &revisions),
            Err(StoreError::Timeout(t)) => {
                for w in batch {
                    let _ = w.answer.send(Err(StoreError::Timeout(t)));
                }
            }
            Err(e) if single => {
                if let Some(w) = batch.into_iter().next() {
                    let _ = w.answer.send(Err(e));
                }
            }
            Err(e) => {
                tracing::warn!(error = %e, moves = batch.len(), "a batch of moves failed; each is tried alone");
                for w in batch {
                    let one = vec![w];
                    match self.claim(&one).await {
                        Ok(revisions) => self.answer(one, &revisions),
                        Err(e) => {
                            if let Some(w) = one.into_iter().next() {
                                let _ = w.answer.send(Err(e));
                            }
                        }
                    }
                }
            }
        }
    }

    /// Answers the moves of a committed batch, and has those stored announced.
    fn answer(&self, batch: Vec<Waiting>, revisions: &[Result<u64, u64>]) {
        for (w, now) in batch.into_iter().zip(revisions) {
            if let Ok(revision) = now {
                let _ = self.announce.send(super::notify::moved(
                    &w.row.id,
                    *revision,
                    w.row.ply,
                    &w.row.notation,
                ));
            }
            let answer = now.map_err(|stored| StoreError::Conflict {
                expected: w.row.revision,
                stored,
            });
            let _ = w.answer.send(answer);
        }
    }

    /// Runs the batch's statement; for each game, its revision now (`Ok(new)` when claimed,
    /// `Err(stored)` when not).
    async fn claim(&self, batch: &[Waiting]) -> Result<Vec<Result<u64, u64>>, StoreError> {
        let rows: Vec<&MoveRow> = batch.iter().map(|w| &w.row).collect();
        on_connection(&self.pool, self.timeout, |client| async move {
            let result = run_moves(&client, &rows).await;
            (client, result)
        })
        .await
    }
}

/// Runs [`MOVES`] for `rows` on `client`; for each game, its revision now (`Ok(new)` when
/// claimed, `Err(stored)` when not).
async fn run_moves(
    client: &impl deadpool_postgres::GenericClient,
    rows: &[&MoveRow],
) -> Result<Vec<Result<u64, u64>>, StoreError> {
    let ids: Vec<&str> = rows.iter().map(|w| w.id.as_str()).collect();
    let revisions: Vec<i64> = rows
        .iter()
        .map(|w| i64::try_from(w.revision).unwrap_or(i64::MAX))
        .collect();
    let plies: Vec<i32> = rows
        .iter()
        .map(|w| i32::try_from(w.ply).unwrap_or(i32::MAX))
        .collect();
    let notations: Vec<&str> = rows.iter().map(|w| w.notation.as_str()).collect();
    let finished: Vec<bool> = rows.iter().map(|w| w.finished).collect();
    let clocks: Vec<Option<&str>> = rows
        .iter()
        .map(|w| w.clock.as_ref().map(|(c, _)| c.as_str()))
        .collect();
    let deadlines: Vec<Option<i64>> = rows
        .iter()
        .map(|w| w.clock.as_ref().and_then(|(_, d)| *d))
        .collect();
    let statement = client.prepare_cached(MOVES).await?;
    let claimed = client
        .query(
            &statement,
            &[
                &ids, &revisions, &plies, &notations, &finished, &clocks, &deadlines,
            ],
        )
        .await?;
    let index: HashMap<&str, usize> = ids.iter().enumerate().map(|(i, &id)| (id, i)).collect();
    let mut now: Vec<Option<Result<u64, u64>>> = vec![None; rows.len()];
    for row in &claimed {
        let id: &str = row.get(0);
        let revision = u64::try_from(row.get::<_, i64>(1)).unwrap_or(0);
        if let Some(&i) = index.get(id) {
            now[i] = Some(Ok(revision));
        }
    }
    if claimed.len() < rows.len() {
        let missed: Vec<&str> = ids
            .iter()
            .zip(&now)
            .filter(|(_, n)| n.is_none())
            .map(|(id, _)| *id)
            .collect();
        let stored = client
            .query(
                "SELECT id, revision FROM games WHERE id = ANY($1)",
                &[&missed],
            )
            .await?;
        for row in &stored {
            let id: &str = row.get(0);
            let revision = u64::try_from(row.get::<_, i64>(1)).unwrap_or(0);
            if let Some(&i) = index.get(id) {
                now[i].get_or_insert(Err(revision));
            }
        }
    }
    Ok(now.into_iter().map(|n| n.unwrap_or(Err(0))).collect())
}
