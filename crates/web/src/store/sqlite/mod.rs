//! Games and moves in SQLite, the embedded default: one file in the data folder, every change
//! committed (and synced, with [`Durability::Full`]) before it is acknowledged.
//!
//! # Group commit
//! One thread owns the connection that writes. It takes every change waiting for it, makes
//! each in a savepoint of one transaction (a change that fails — a conflict — is rolled back
//! alone), commits that transaction with one sync, and only then answers each change. So moves
//! of different games that arrive together share one sync, as PostgreSQL groups its commits,
//! and none is acknowledged before its commit is on disk. When it found more than one change
//! waiting (many games playing), it gathers more for a millisecond before committing (as
//! PostgreSQL's `commit_delay`): a commit then carries several times as many, and the pages it
//! writes are shared by all of them; a lone change commits at once. Reads go to connections of their own
//! on blocking threads (WAL lets them read while the writer writes).

use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, mpsc};

use rusqlite::{Connection, params};
use tokio::sync::oneshot;

use crate::store::Challenge;
use crate::store::puzzle::{AttemptRated, PastAttempt, PuzzleAttempt, PuzzleRating};
use tabuleiro_ai::glicko::Glicko;

use super::{
    Change, Durability, GameStore, PlayedGame, PlayerRating, Rating, RatingChange, StoreError,
    StoreFuture, StoredGame, StoredPlayer, StoredSession,
};

mod games;
mod lobby;
mod players;
mod puzzles;
mod ratings;
mod schema;
mod service;
mod writer;

use self::schema::migrate;
use self::writer::{Answer, Job, Write, write_all};

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
            let kept = crate::sync::lock(&readers.idle).pop();
            let db = match kept {
                Some(db) => db,
                None => connect(&readers.path)?,
            };
            let result = read(&db);
            crate::sync::lock(&readers.idle).push(db);
            result
        })
        .await
        .map_err(|_| StoreError::Gone)?
    }
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

    fn puzzle_attempt(&self, attempt: PuzzleAttempt) -> StoreFuture<'_, AttemptRated> {
        Box::pin(self.run(move |db| puzzles::attempt(db, &attempt)))
    }

    fn puzzle_ratings(&self) -> StoreFuture<'_, Vec<(String, Glicko)>> {
        Box::pin(self.read(puzzles::ratings))
    }

    fn player_puzzles(
        &self,
        id: String,
        limit: usize,
    ) -> StoreFuture<'_, (Vec<PuzzleRating>, Vec<PastAttempt>)> {
        Box::pin(self.read(move |db| puzzles::of_player(db, &id, limit)))
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
        games: Vec<crate::store::Playing>,
        now: i64,
        forget: i64,
    ) -> StoreFuture<'_, ()> {
        Box::pin(self.run(move |db| lobby::share_playing(db, &node, &games, now, forget)))
    }

    fn playing(&self, since: i64) -> StoreFuture<'_, Vec<(String, crate::store::Playing)>> {
        Box::pin(self.read(move |db| lobby::playing(db, since)))
    }

    fn beat(&self, now: i64) -> StoreFuture<'_, ()> {
        Box::pin(self.run(move |db| service::beat(db, now)))
    }

    fn resume(&self, now: i64) -> StoreFuture<'_, i64> {
        Box::pin(self.run(move |db| service::resume(db, now)))
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

    fn change_rated(
        &self,
        id: &str,
        revision: u64,
        change: Change,
        rating: Rating,
    ) -> StoreFuture<'_, (u64, Vec<RatingChange>)> {
        let id = id.to_owned();
        // One savepoint of the writer's transaction: the change and its rating, or neither.
        Box::pin(self.run(move |db| {
            let revision = games::apply(db, &id, revision, &change)?;
            let rated = ratings::rate(db, &id, &rating.game, &rating.seated, &rating.places)?;
            Ok((revision, rated))
        }))
    }

    fn load(&self, id: &str) -> StoreFuture<'_, Option<StoredGame>> {
        let id = id.to_owned();
        Box::pin(self.read(move |db| games::load(db, &id)))
    }

    fn count(&self) -> StoreFuture<'_, usize> {
        Box::pin(self.read(|db| {
            let n: i64 = db.query_row("SELECT COUNT(*) FROM games", [], |row| row.get(0))?;
            Ok(usize::try_from(n).unwrap_or(0))
        }))
    }
}
