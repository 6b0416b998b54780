//! The writer thread, which owns the connection that writes: it takes every write waiting,
//! makes each in a savepoint of one transaction, commits it with one sync, and only then
//! answers each (see [the group commit](super#group-commit)).

use std::sync::mpsc;
use std::time::{Duration, Instant};

use rusqlite::{Connection, Transaction, params};
use tokio::sync::oneshot;

use super::super::{Change, StoreError, StoredGame};
use super::games::{apply, insert_game};

/// The most changes one transaction takes: enough to share a sync among many games, few
/// enough that the first change of a batch is not kept waiting long.
const BATCH: usize = 512;

/// How long a batch that found other writes waiting gathers more before it commits: when
/// writes come together (many games playing), a little wait makes each commit carry several
/// times as many, and its pages and sync are shared by all of them; a lone write (a quiet
/// server) commits at once.
const GATHER: Duration = Duration::from_millis(1);

/// A write for the writer thread, with where its answer goes.
pub(super) enum Write {
    Create(Box<StoredGame>, oneshot::Sender<Result<(), StoreError>>),
    Import(Vec<StoredGame>, oneshot::Sender<Result<usize, StoreError>>),
    Change {
        id: String,
        revision: u64,
        change: Change,
        answer: oneshot::Sender<Result<u64, StoreError>>,
    },
    /// Any other write (players'): run in a savepoint, kept if it succeeds; what it returns
    /// sends its answer once the transaction's commit is known.
    Run(Job),
}

/// Sends a [`Write::Run`]'s answer, given the commit's error if it failed.
pub(super) type Answer = Box<dyn FnOnce(Option<&str>) + Send>;

/// A [`Write::Run`]: its work, which says whether to keep it, and how to answer.
pub(super) type Job = Box<dyn FnOnce(&Connection) -> (bool, Answer) + Send>;

/// A made write's answer, sent once its transaction is committed.
enum Done {
    Create(
        oneshot::Sender<Result<(), StoreError>>,
        Result<(), StoreError>,
    ),
    Import(
        oneshot::Sender<Result<usize, StoreError>>,
        Result<usize, StoreError>,
    ),
    Change(
        oneshot::Sender<Result<u64, StoreError>>,
        Result<u64, StoreError>,
    ),
    Run(Answer),
}

impl Done {
    /// Sends the answer; a commit that failed fails every write of its transaction.
    fn send(self, commit: Option<&str>) {
        let failed = |e: &str| StoreError::Unreachable(format!("the commit failed: {e}"));
        match self {
            Done::Create(to, result) => {
                let _ = to.send(commit.map_or(result, |e| Err(failed(e))));
            }
            Done::Import(to, result) => {
                let _ = to.send(commit.map_or(result, |e| Err(failed(e))));
            }
            Done::Change(to, result) => {
                let _ = to.send(commit.map_or(result, |e| Err(failed(e))));
            }
            Done::Run(answer) => answer(commit),
        }
    }
}

/// The writer thread: batches of waiting writes, one transaction and one sync each, until the
/// store is dropped.
pub(super) fn write_all(db: &mut Connection, queue: &mpsc::Receiver<Write>) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH
            && let Ok(next) = queue.try_recv()
        {
            batch.push(next);
        }
        if batch.len() > 1 {
            let until = Instant::now() + GATHER;
            while batch.len() < BATCH {
                let left = until.saturating_duration_since(Instant::now());
                match queue.recv_timeout(left) {
                    Ok(next) => batch.push(next),
                    Err(_) => break,
                }
            }
        }
        let mut done = Vec::with_capacity(batch.len());
        let commit = match db.transaction() {
            Ok(mut tx) => {
                for write in batch {
                    done.push(make(&mut tx, write));
                }
                tx.commit().err().map(|e| e.to_string())
            }
            Err(e) => {
                let e = e.to_string();
                for write in batch {
                    done.push(refuse(write));
                }
                Some(e)
            }
        };
        for answer in done {
            answer.send(commit.as_deref());
        }
    }
}

/// A write that could not start: its answer will carry the transaction's failure.
fn refuse(write: Write) -> Done {
    match write {
        Write::Create(_, to) => Done::Create(to, Ok(())),
        Write::Import(_, to) => Done::Import(to, Ok(0)),
        Write::Change { answer, .. } => Done::Change(answer, Ok(0)),
        // Dropped unrun: its caller hears that the store is gone.
        Write::Run(_) => Done::Run(Box::new(|_| {})),
    }
}

/// Makes one write in a savepoint of `tx`: rolled back alone if it fails.
fn make(tx: &mut Transaction<'_>, write: Write) -> Done {
    // The savepoint's statements prepared once and kept (rusqlite's savepoint parses its
    // statements again for every write).
    fn within<T>(
        tx: &mut Transaction<'_>,
        work: impl FnOnce(&Connection) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        tx.prepare_cached("SAVEPOINT write")?.execute([])?;
        match work(tx) {
            Ok(result) => {
                tx.prepare_cached("RELEASE write")?.execute([])?;
                Ok(result)
            }
            Err(e) => {
                // Its writes undone, the transaction goes on with the others.
                tx.prepare_cached("ROLLBACK TO write")?.execute([])?;
                tx.prepare_cached("RELEASE write")?.execute([])?;
                Err(e)
            }
        }
    }
    match write {
        Write::Create(game, to) => Done::Create(to, within(tx, |db| insert_game(db, &game, false))),
        Write::Import(games, to) => Done::Import(
            to,
            within(tx, |db| {
                let mut move_row = db.prepare_cached(
                    "INSERT INTO moves (game_id, ply, notation) VALUES (?1, ?2, ?3)",
                )?;
                for game in &games {
                    insert_game(db, game, true)?;
                    for (ply, notation) in game.moves.iter().enumerate() {
                        move_row.execute(params![game.id, ply as i64, notation])?;
                    }
                }
                Ok(games.len())
            }),
        ),
        Write::Change {
            id,
            revision,
            change,
            answer,
        } => Done::Change(answer, within(tx, |db| apply(db, &id, revision, &change))),
        Write::Run(job) => match tx.savepoint() {
            Ok(savepoint) => {
                let (kept, answer) = job(&savepoint);
                if kept && savepoint.commit().is_err() {
                    return Done::Run(Box::new(move |_| answer(Some("the savepoint failed"))));
                }
                Done::Run(answer)
            }
            // No savepoint: the job is dropped unrun and its caller hears the store is gone.
            Err(_) => Done::Run(Box::new(|_| {})),
        },
    }
}
