//! Games and moves in SQLite, the embedded default: one file in the data folder, every change
//! committed (and synced, with [`Durability::Full`]) before it is acknowledged.
//!
//! # Group commit
//! One thread owns the connection that writes. It takes every change waiting for it, makes
//! each in a savepoint of one transaction (a change that fails — a conflict — is rolled back
//! alone), commits that transaction with one sync, and only then answers each change. So moves
//! of different games that arrive together share one sync, as PostgreSQL groups its commits,
//! and none is acknowledged before its commit is on disk. Reads go to connections of their own
//! on blocking threads (WAL lets them read while the writer writes).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, mpsc};

use rusqlite::{Connection, OptionalExtension, Transaction, params};
use tokio::sync::oneshot;

use crate::lobby::Challenge;

use super::{
    Change, Durability, GameStore, PlayedGame, PlayerRating, RatingChange, Row, StoreError,
    StoreFuture, StoredGame, StoredPlayer, StoredSession,
};

mod lobby;
mod players;
mod ratings;

/// The games in a SQLite file.
pub struct SqliteStore {
    /// `None` once the store is dropped, which ends the writer thread.
    writes: Option<mpsc::Sender<Write>>,
    /// The writer thread, joined when the store is dropped: its connection is closed (and the
    /// log checkpointed into the database) before the store is gone.
    writer: Option<std::thread::JoinHandle<()>>,
    readers: Arc<Readers>,
}

impl Drop for SqliteStore {
    fn drop(&mut self) {
        drop(self.writes.take());
        if let Some(writer) = self.writer.take() {
            let _ = writer.join();
        }
    }
}

/// Connections kept for reading, opened when needed.
struct Readers {
    path: PathBuf,
    idle: Mutex<Vec<Connection>>,
}

/// The most changes one transaction takes: enough to share a sync among many games, few
/// enough that the first change of a batch is not kept waiting long.
const BATCH: usize = 512;

/// The schema's version, kept in SQLite's `user_version`.
const VERSION: i64 = 10;

/// Version 1: games and moves.
const SCHEMA_1: &str = "
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    seed INTEGER NOT NULL,
    mode TEXT NOT NULL,
    seats TEXT NOT NULL,
    resigned INTEGER,
    finished INTEGER NOT NULL DEFAULT 0,
    created INTEGER NOT NULL DEFAULT (unixepoch())
);
CREATE TABLE IF NOT EXISTS moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    notation TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
";

/// Version 2: each game's revision (raised by every change) and its rematch.
const SCHEMA_2: &str = "
ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN rematch TEXT;
";

/// Version 3: players and their sessions ([`players`]).
const SCHEMA_3: &str = players::SCHEMA;

/// Version 4: seats' players, ratings and rated games' changes ([`ratings`]).
const SCHEMA_4: &str = ratings::SCHEMA;

/// Version 5: a game's waiting offer, and how it ended when not by its rules or a resignation.
const SCHEMA_5: &str = "
ALTER TABLE games ADD COLUMN offer TEXT;
ALTER TABLE games ADD COLUMN ending TEXT;
";

/// Version 6: a game's clock and the moment its player's time runs out.
const SCHEMA_6: &str = "
ALTER TABLE games ADD COLUMN clock TEXT;
ALTER TABLE games ADD COLUMN deadline INTEGER;
CREATE INDEX IF NOT EXISTS games_deadline ON games (deadline) WHERE deadline IS NOT NULL;
";

/// Version 7: the lobby's challenges ([`lobby`]).
const SCHEMA_7: &str = lobby::SCHEMA;

/// Version 8: the games being played each node serves ([`lobby`]).
const SCHEMA_8: &str = lobby::PLAYING_SCHEMA;

/// Version 9: which players are bots ([`players`]).
const SCHEMA_9: &str = players::BOTS;

/// Version 10: the key that made each session.
const SCHEMA_10: &str = players::SESSION_KEYS;

/// A write for the writer thread, with where its answer goes.
enum Write {
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
type Answer = Box<dyn FnOnce(Option<&str>) + Send>;

/// A [`Write::Run`]: its work, which says whether to keep it, and how to answer.
type Job = Box<dyn FnOnce(&Connection) -> (bool, Answer) + Send>;

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

/// Writes the row of `game` (not its moves).
fn insert_game(db: &Connection, game: &StoredGame, finished: bool) -> Result<(), StoreError> {
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

/// Opens a connection to `path` with the settings every connection of the store shares.
fn connect(path: &Path) -> Result<Connection, StoreError> {
    let db = Connection::open(path)?;
    db.pragma_update(None, "foreign_keys", "ON")?;
    db.busy_timeout(std::time::Duration::from_secs(5))?;
    Ok(db)
}

impl SqliteStore {
    /// Opens (or creates) `games.sqlite3` in `folder`, creating the folder, with
    /// [`Durability::Full`]. Blocks while it opens: call it off the async runtime.
    ///
    /// # Errors
    /// When the folder or database cannot be created or opened.
    pub fn open(folder: &Path) -> Result<Self, StoreError> {
        SqliteStore::open_with(folder, Durability::Full)
    }

    /// [`SqliteStore::open`] with the given durability.
    ///
    /// # Errors
    /// When the folder or database cannot be created or opened.
    pub fn open_with(folder: &Path, durability: Durability) -> Result<Self, StoreError> {
        std::fs::create_dir_all(folder).map_err(|error| StoreError::Folder {
            path: folder.display().to_string(),
            error,
        })?;
        let path = folder.join("games.sqlite3");
        let mut db = connect(&path)?;
        // WAL with synchronous=FULL: every commit is synced to the disk before it returns, so
        // an acknowledged move survives the process being killed and a power cut alike.
        db.pragma_update(None, "journal_mode", "WAL")?;
        let synchronous = match durability {
            Durability::Full => "FULL",
            Durability::Normal => "NORMAL",
        };
        db.pragma_update(None, "synchronous", synchronous)?;
        migrate(&mut db)?;
        let (writes, queue) = mpsc::channel();
        let writer = std::thread::Builder::new()
            .name("sqlite-writer".to_owned())
            .spawn(move || write_all(&mut db, &queue))
            .map_err(|_| StoreError::Gone)?;
        Ok(SqliteStore {
            writes: Some(writes),
            writer: Some(writer),
            readers: Arc::new(Readers {
                path,
                idle: Mutex::new(Vec::new()),
            }),
        })
    }

    /// Hands `write` to the writer thread and waits for its answer.
    async fn write<T>(
        &self,
        write: Write,
        answered: oneshot::Receiver<Result<T, StoreError>>,
    ) -> Result<T, StoreError> {
        let writes = self.writes.as_ref().ok_or(StoreError::Gone)?;
        writes.send(write).map_err(|_| StoreError::Gone)?;
        answered.await.map_err(|_| StoreError::Gone)?
    }

    /// Runs `work` on the writer thread in its own savepoint (rolled back if it fails) and
    /// answers once its transaction is committed.
    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (answer, answered) = oneshot::channel();
        let job: Job = Box::new(move |db: &Connection| -> (bool, Answer) {
            let result = work(db);
            let kept = result.is_ok();
            let send: Answer = Box::new(move |commit: Option<&str>| {
                let failed = |e: &str| StoreError::Unreachable(format!("the commit failed: {e}"));
                let _ = answer.send(commit.map_or(result, |e| Err(failed(e))));
            });
            (kept, send)
        });
        self.write(Write::Run(job), answered).await
    }

    /// Runs `read` on a reading connection on a blocking thread.
    async fn read<T: Send + 'static>(
        &self,
        read: impl FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let readers = Arc::clone(&self.readers);
        tokio::task::spawn_blocking(move || {
            let kept = crate::hub::lock(&readers.idle).pop();
            let db = match kept {
                Some(db) => db,
                None => connect(&readers.path)?,
            };
            let result = read(&db);
            crate::hub::lock(&readers.idle).push(db);
            result
        })
        .await
        .map_err(|_| StoreError::Gone)?
    }
}

/// Brings the schema to [`VERSION`].
fn migrate(db: &mut Connection) -> Result<(), StoreError> {
    let tx = db.transaction()?;
    let version: i64 = tx.pragma_query_value(None, "user_version", |row| row.get(0))?;
    if version > VERSION {
        return Err(StoreError::Newer {
            found: version,
            known: VERSION,
        });
    }
    // Version 0 is a new file or one written before versions were kept: the tables of
    // version 1 are created where missing.
    if version < 1 {
        tx.execute_batch(SCHEMA_1)?;
    }
    if version < 2 {
        tx.execute_batch(SCHEMA_2)?;
    }
    if version < 3 {
        tx.execute_batch(SCHEMA_3)?;
    }
    if version < 4 {
        tx.execute_batch(SCHEMA_4)?;
    }
    if version < 5 {
        tx.execute_batch(SCHEMA_5)?;
    }
    if version < 6 {
        tx.execute_batch(SCHEMA_6)?;
    }
    if version < 7 {
        tx.execute_batch(SCHEMA_7)?;
    }
    if version < 8 {
        tx.execute_batch(SCHEMA_8)?;
    }
    if version < 9 {
        tx.execute_batch(SCHEMA_9)?;
    }
    if version < 10 {
        tx.execute_batch(SCHEMA_10)?;
    }
    tx.pragma_update(None, "user_version", VERSION)?;
    tx.commit()?;
    Ok(())
}

/// The writer thread: batches of waiting writes, one transaction and one sync each, until the
/// store is dropped.
fn write_all(db: &mut Connection, queue: &mpsc::Receiver<Write>) {
    while let Ok(first) = queue.recv() {
        let mut batch = vec![first];
        while batch.len() < BATCH
            && let Ok(next) = queue.try_recv()
        {
            batch.push(next);
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
    fn within<T>(
        tx: &mut Transaction<'_>,
        work: impl FnOnce(&Connection) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let savepoint = tx.savepoint()?;
        let result = work(&savepoint)?;
        savepoint.commit()?;
        Ok(result)
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

/// Makes `change` to game `id` at `revision`, or fails with a conflict.
fn apply(db: &Connection, id: &str, revision: u64, change: &Change) -> Result<u64, StoreError> {
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
            if let Some(super::StoredSeat::Human {
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
fn set_clock(db: &Connection, id: &str, timed: Option<&super::Timed>) -> Result<(), StoreError> {
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
fn load(db: &Connection, id: &str) -> Result<Option<StoredGame>, StoreError> {
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
    super::decode(id, row, moves).map(Some)
}

impl GameStore for SqliteStore {
    fn create_player(&self, player: StoredPlayer, session: String) -> StoreFuture<'_, ()> {
        Box::pin(self.run(move |db| players::create(db, &player, &session)))
    }

    fn session_player(&self, session: String) -> StoreFuture<'_, Option<StoredPlayer>> {
        Box::pin(self.read(move |db| players::by_session(db, &session)))
    }

    fn load_player(&self, id: String) -> StoreFuture<'_, Option<StoredPlayer>> {
        Box::pin(self.read(move |db| players::by_id(db, &id)))
    }

    fn rename_player(&self, id: String, name: String) -> StoreFuture<'_, bool> {
        Box::pin(self.run(move |db| players::rename(db, &id, &name)))
    }

    fn set_player_key(&self, id: String, key: String, keep: String) -> StoreFuture<'_, bool> {
        Box::pin(self.run(move |db| players::set_key(db, &id, &key, &keep)))
    }

    fn player_sessions(&self, id: String) -> StoreFuture<'_, Vec<StoredSession>> {
        Box::pin(self.read(move |db| players::sessions(db, &id)))
    }

    fn end_session(&self, id: String, hash: String) -> StoreFuture<'_, bool> {
        Box::pin(self.run(move |db| players::end_session(db, &id, &hash)))
    }

    fn set_player_bot(&self, id: String, bot: bool) -> StoreFuture<'_, bool> {
        Box::pin(self.run(move |db| players::set_bot(db, &id, bot)))
    }

    fn claim_player_key(
        &self,
        key: String,
        session: String,
        bot: bool,
    ) -> StoreFuture<'_, Option<StoredPlayer>> {
        Box::pin(self.run(move |db| players::claim(db, &key, &session, bot)))
    }

    fn key_player(&self, key: String) -> StoreFuture<'_, Option<StoredPlayer>> {
        Box::pin(self.read(move |db| players::by_key(db, &key)))
    }

    fn forget_player(&self, id: String) -> StoreFuture<'_, bool> {
        Box::pin(self.run(move |db| players::forget(db, &id)))
    }

    fn player_ratings(&self, id: String) -> StoreFuture<'_, Vec<PlayerRating>> {
        Box::pin(self.read(move |db| ratings::of_player(db, &id)))
    }

    fn rate(
        &self,
        id: String,
        game: String,
        seated: Vec<String>,
        places: Vec<usize>,
    ) -> StoreFuture<'_, Vec<RatingChange>> {
        Box::pin(self.run(move |db| ratings::rate(db, &id, &game, &seated, &places)))
    }

    fn player_games(
        &self,
        id: String,
        game: Option<String>,
        limit: usize,
    ) -> StoreFuture<'_, Vec<PlayedGame>> {
        Box::pin(self.read(move |db| ratings::games(db, &id, game.as_deref(), limit)))
    }

    fn put_challenge(
        &self,
        challenge: Challenge,
        expected: Option<u64>,
        game: Option<StoredGame>,
        now: i64,
    ) -> StoreFuture<'_, bool> {
        Box::pin(self.run(move |db| lobby::put(db, &challenge, expected, game.as_ref(), now)))
    }

    fn challenge(&self, id: String, since: Option<i64>) -> StoreFuture<'_, Option<Challenge>> {
        Box::pin(self.read(move |db| lobby::one(db, &id, since)))
    }

    fn challenges(&self, since: i64, mine: Option<String>) -> StoreFuture<'_, Vec<Challenge>> {
        Box::pin(self.read(move |db| lobby::open(db, since, mine.as_deref())))
    }

    fn touch_challenges(&self, creator: String, now: i64) -> StoreFuture<'_, ()> {
        Box::pin(self.run(move |db| lobby::touch(db, &creator, now)))
    }

    fn remove_challenge(&self, id: String, creator: String) -> StoreFuture<'_, bool> {
        Box::pin(self.run(move |db| lobby::remove(db, &id, &creator)))
    }

    fn share_playing(
        &self,
        node: String,
        games: Vec<crate::lobby::Playing>,
        now: i64,
        forget: i64,
    ) -> StoreFuture<'_, ()> {
        Box::pin(self.run(move |db| lobby::share_playing(db, &node, &games, now, forget)))
    }

    fn playing(&self, since: i64) -> StoreFuture<'_, Vec<(String, crate::lobby::Playing)>> {
        Box::pin(self.read(move |db| lobby::playing(db, since)))
    }

    fn expired(&self, now: i64, limit: usize) -> StoreFuture<'_, Vec<String>> {
        Box::pin(self.read(move |db| {
            let ids = db
                .prepare_cached(
                    "SELECT id FROM games WHERE deadline IS NOT NULL AND deadline <= ?1 \
                     ORDER BY deadline LIMIT ?2",
                )?
                .query_map(params![now, limit as i64], |row| row.get(0))?
                .collect::<Result<_, _>>()?;
            Ok(ids)
        }))
    }

    fn rating_changes(&self, id: String) -> StoreFuture<'_, Vec<RatingChange>> {
        Box::pin(self.read(move |db| ratings::changes(db, &id)))
    }

    fn create(&self, game: StoredGame) -> StoreFuture<'_, ()> {
        Box::pin(async move {
            let (answer, answered) = oneshot::channel();
            self.write(Write::Create(Box::new(game), answer), answered)
                .await
        })
    }

    fn import(&self, games: Vec<StoredGame>) -> StoreFuture<'_, usize> {
        Box::pin(async move {
            let (answer, answered) = oneshot::channel();
            self.write(Write::Import(games, answer), answered).await
        })
    }

    fn change(&self, id: &str, revision: u64, change: Change) -> StoreFuture<'_, u64> {
        let id = id.to_owned();
        Box::pin(async move {
            let (answer, answered) = oneshot::channel();
            let write = Write::Change {
                id,
                revision,
                change,
                answer,
            };
            self.write(write, answered).await
        })
    }

    fn load(&self, id: &str) -> StoreFuture<'_, Option<StoredGame>> {
        let id = id.to_owned();
        Box::pin(self.read(move |db| load(db, &id)))
    }

    fn count(&self) -> StoreFuture<'_, usize> {
        Box::pin(self.read(|db| {
            let n: i64 = db.query_row("SELECT COUNT(*) FROM games", [], |row| row.get(0))?;
            Ok(usize::try_from(n).unwrap_or(0))
        }))
    }
}
