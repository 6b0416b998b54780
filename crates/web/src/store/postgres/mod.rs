//! Games and moves in PostgreSQL, for several server nodes on one database.
//!
//! The client is `tokio-postgres` behind a pool of connections (`deadpool-postgres`): a
//! node's writes to different games run at once on different connections, so PostgreSQL can
//! group their commits. Each change is one statement (its own transaction): the game's row is
//! claimed at the revision the node read, the move stored and the game's queued computer move
//! cleared, or nothing happens ([`StoreError::Conflict`]), and the change is announced to the
//! other nodes (`NOTIFY`) in the same transaction: announced if and only if it is stored.
//! Moves of different games that wait at the same time share one statement, each still
//! claimed at its own revision (`moves`): one round trip and one commit for many moves,
//! announced once committed, in a transaction of their own (a node that stops in between
//! leaves them to the others' check of the stored revisions).
//!
//! Every call has a timeout: a call that does not finish in time gives back
//! [`StoreError::Timeout`], and its connection is closed rather than returned to the pool, so a
//! stalled database costs one connection per call, never the caller's thread. The pool opens
//! connections again as the database comes back.
//!
//! The schema is created and migrated at start-up in one transaction under an advisory lock
//! (two nodes starting together migrate once), and its version is kept in `schema_version`.

use std::future::Future;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use deadpool_postgres::{Manager, ManagerConfig, Object, Pool, RecyclingMethod, Runtime};
use tokio_postgres::NoTls;

use super::{
    Change, Changed, GameStore, PlayedGame, PlayerRating, Rating, RatingChange, StoreError,
    StoreFuture, StoreOptions, StoredGame, StoredPlayer, StoredSession,
};

mod computers;
mod games;
mod lobby;
mod moves;
mod notify;
mod players;
mod puzzles;
mod ratings;
mod schema;
mod service;

use crate::store::Challenge;
use crate::store::puzzle::{AttemptRated, PastAttempt, PuzzleAttempt, PuzzleRating};
use tabuleiro_ai::glicko::Glicko;

use self::games::insert_game;
use self::notify::listen;
use self::schema::migrate;

/// The games in a PostgreSQL database.
pub struct PostgresStore {
    pool: Pool,
    /// Where games to announce go (`announce_all`).
    announcements: tokio::sync::mpsc::UnboundedSender<String>,
    /// Where moves wait to be stored together (`moves`).
    moves: tokio::sync::mpsc::UnboundedSender<moves::Waiting>,
    config: tokio_postgres::Config,
    timeout: Duration,
    /// This store's name in its announcements, so that it skips its own.
    node: String,
    /// Whether the changes of other nodes are being listened to (`changes` was called) and
    /// whether the listening connection is up.
    listening: Arc<notify::Listening>,
}

/// `url` with any password replaced by `***`, for messages and logs.
pub fn without_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_owned();
    };
    let Some((credentials, host)) = rest.split_once('@') else {
        return url.to_owned();
    };
    match credentials.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_owned(),
    }
}

impl PostgresStore {
    /// Connects to the database at `url` (`postgres://user[:password]@host[:port]/name`)
    /// with a pool of `options.pool` connections, creating or migrating its schema.
    ///
    /// # Errors
    /// When the database cannot be reached, or its schema is newer than this program's.
    pub async fn connect(url: &str, options: &StoreOptions) -> Result<Self, StoreError> {
        let mut config: tokio_postgres::Config = url.parse()?;
        config.connect_timeout(options.timeout);
        config.keepalives_idle(Duration::from_secs(30));
        let manager = Manager::from_config(
            config.clone(),
            NoTls,
            ManagerConfig {
                recycling_method: RecyclingMethod::Fast,
            },
        );
        let timeout = options.timeout;
        let pool = Pool::builder(manager)
            .max_size(options.pool.max(1))
            .runtime(Runtime::Tokio1)
            .wait_timeout(Some(timeout))
            .create_timeout(Some(timeout))
            .recycle_timeout(Some(timeout))
            .build()
            .map_err(|e| StoreError::Unreachable(e.to_string()))?;
        let node = tabuleiro_core::fresh_seed()
            .map_err(|_| StoreError::Gone)?
            .to_string();
        let announcements = notify::announcer(&pool, timeout, &node, notify::LINGER);
        // Moves are announced as soon as they are stored, in a transaction of their own.
        let announce = notify::announcer(&pool, timeout, &node, Duration::ZERO);
        let moves = moves::start(&moves::Movers {
            pool: pool.clone(),
            timeout,
            announce,
        });
        let store = PostgresStore {
            pool,
            announcements,
            moves,
            config,
            timeout,
            node,
            listening: Arc::default(),
        };
        // Migrating may wait for another node's migration: a longer time than one call.
        let mut client = store.client().await?;
        tokio::time::timeout(4 * timeout, migrate(&mut client))
            .await
            .map_err(|_| StoreError::Timeout(4 * timeout))??;
        drop(client);
        moves::warm(&store.pool, timeout, options.pool).await;
        Ok(store)
    }

    /// A connection from the pool.
    async fn client(&self) -> Result<Object, StoreError> {
        connection(&self.pool, self.timeout).await
    }

    /// Runs `work` on a connection of the pool within the store's timeout ([`on_connection`]).
    async fn call<T, F>(&self, work: impl FnOnce(Object) -> F) -> Result<T, StoreError>
    where
        F: Future<Output = (Object, Result<T, StoreError>)>,
    {
        on_connection(&self.pool, self.timeout, work).await
    }
}

/// A connection from `pool`.
async fn connection(pool: &Pool, timeout: Duration) -> Result<Object, StoreError> {
    pool.get().await.map_err(|e| match e {
        deadpool_postgres::PoolError::Timeout(_) => StoreError::Timeout(timeout),
        deadpool_postgres::PoolError::Backend(e) => StoreError::Postgres(e),
        other => StoreError::Unreachable(other.to_string()),
    })
}

/// Runs `work` on a connection of `pool` within `timeout`. A connection whose call timed out
/// or broke is closed, not kept: it may still be waiting for the database.
async fn on_connection<T, F>(
    pool: &Pool,
    timeout: Duration,
    work: impl FnOnce(Object) -> F,
) -> Result<T, StoreError>
where
    F: Future<Output = (Object, Result<T, StoreError>)>,
{
    let client = connection(pool, timeout).await?;
    match tokio::time::timeout(timeout, work(client)).await {
        Ok((client, result)) => {
            if client.is_closed() {
                drop(Object::take(client));
            }
            result
        }
        // The future and its connection are dropped: the connection's task is stopped.
        Err(_) => Err(StoreError::Timeout(timeout)),
    }
}

impl GameStore for PostgresStore {
    fn queues_computers(&self) -> bool {
        true
    }

    fn revisions(&self, ids: Vec<String>) -> StoreFuture<'_, Vec<(String, u64)>> {
        Box::pin(self.call(move |client| async move {
            let result = client
                .query("SELECT id, revision FROM games WHERE id = ANY($1)", &[&ids])
                .await
                .map(|rows| {
                    rows.iter()
                        .map(|r| {
                            let revision: i64 = r.get(1);
                            (r.get(0), u64::try_from(revision).unwrap_or(0))
                        })
                        .collect()
                })
                .map_err(StoreError::from);
            (client, result)
        }))
    }

    fn announce(&self, id: &str) {
        let _ = self.announcements.send(id.to_owned());
    }

    fn announce_presence(&self, id: &str, seats: &[bool]) {
        let _ = self.announcements.send(notify::presence(id, seats));
    }

    fn tell_nodes(&self, player: &str, event: &str) {
        let _ = self.announcements.send(notify::told(player, event));
    }

    fn enqueue_computer(
        &self,
        id: &str,
        ply: usize,
        network: Option<IpAddr>,
    ) -> StoreFuture<'_, ()> {
        let id = id.to_owned();
        let network = network.map(|n| crate::limits::network_of(n).to_string());
        Box::pin(self.call(move |client| async move {
            let result = computers::enqueue(&client, &id, ply, network).await;
            (client, result)
        }))
    }

    fn claim_computer(
        &self,
        worker: &str,
        lease: Duration,
        share: usize,
    ) -> StoreFuture<'_, Option<(String, usize)>> {
        let worker = worker.to_owned();
        Box::pin(self.call(move |client| async move {
            let result = computers::claim(&client, &worker, lease, share).await;
            (client, result)
        }))
    }

    fn release_computers(&self, node: &str) -> StoreFuture<'_, usize> {
        let node = node.to_owned();
        Box::pin(self.call(move |client| async move {
            let result = computers::release(&client, &node).await;
            (client, result)
        }))
    }

    fn hears_others(&self) -> bool {
        self.listening.ready()
    }

    fn pool_use(&self) -> Option<crate::metrics::PoolUse> {
        let status = self.pool.status();
        Some(crate::metrics::PoolUse {
            in_use: status.size.saturating_sub(status.available),
            idle: status.available,
            waiting: status.waiting,
        })
    }

    fn changes(&self) -> Result<Option<tokio::sync::mpsc::UnboundedReceiver<Changed>>, StoreError> {
        let (changed, receiver) = tokio::sync::mpsc::unbounded_channel();
        self.listening
            .asked
            .store(true, std::sync::atomic::Ordering::Relaxed);
        tokio::spawn(listen(
            self.config.clone(),
            self.node.clone(),
            changed,
            Arc::clone(&self.listening),
        ));
        Ok(Some(receiver))
    }

    fn create(&self, game: StoredGame) -> StoreFuture<'_, ()> {
        Box::pin(self.call(move |client| async move {
            let result = insert_game(&client, &game, false).await;
            (client, result)
        }))
    }

    fn import(&self, games: Vec<StoredGame>) -> StoreFuture<'_, usize> {
        Box::pin(async move {
            let mut client = self.client().await?;
            let tx = client.transaction().await?;
            let move_row = tx
                .prepare("INSERT INTO moves (game_id, ply, notation) VALUES ($1, $2, $3)")
                .await?;
            for game in &games {
                insert_game(&tx, game, true).await?;
                for (ply, notation) in game.moves.iter().enumerate() {
                    tx.execute(&move_row, &[&game.id, &(ply as i32), notation])
                        .await?;
                }
            }
            tx.commit().await?;
            Ok(games.len())
        })
    }
    fn change(&self, id: &str, revision: u64, change: Change) -> StoreFuture<'_, u64> {
        Box::pin(self.apply(id.to_owned(), revision, change))
    }

    fn change_rated(
        &self,
        id: &str,
        revision: u64,
        change: Change,
        rating: Rating,
    ) -> StoreFuture<'_, (u64, Vec<RatingChange>)> {
        Box::pin(self.apply_rated(id.to_owned(), revision, change, rating))
    }

    fn load(&self, id: &str) -> StoreFuture<'_, Option<StoredGame>> {
        Box::pin(self.read_game(id.to_owned()))
    }

    fn player_ratings(&self, id: String) -> StoreFuture<'_, Vec<PlayerRating>> {
        Box::pin(self.call(move |client| async move {
            let result = ratings::of_player(&client, &id).await;
            (client, result)
        }))
    }

    fn puzzle_attempt(&self, attempt: PuzzleAttempt) -> StoreFuture<'_, AttemptRated> {
        Box::pin(self.call(move |mut client| async move {
            let result = puzzles::attempt(&mut client, &attempt).await;
            (client, result)
        }))
    }

    fn puzzle_ratings(&self) -> StoreFuture<'_, Vec<(String, Glicko)>> {
        Box::pin(self.call(move |client| async move {
            let result = puzzles::ratings(&client).await;
            (client, result)
        }))
    }

    fn player_puzzles(
        &self,
        id: String,
        limit: usize,
    ) -> StoreFuture<'_, (Vec<PuzzleRating>, Vec<PastAttempt>)> {
        Box::pin(self.call(move |client| async move {
            let result = puzzles::of_player(&client, &id, limit).await;
            (client, result)
        }))
    }

    fn rate(
        &self,
        id: String,
        game: String,
        seated: Vec<String>,
        places: Vec<usize>,
    ) -> StoreFuture<'_, Vec<RatingChange>> {
        Box::pin(self.call(move |mut client| async move {
            let result = ratings::rate(&mut client, &id, &game, &seated, &places).await;
            (client, result)
        }))
    }

    fn player_games(
        &self,
        id: String,
        game: Option<String>,
        limit: usize,
    ) -> StoreFuture<'_, Vec<PlayedGame>> {
        Box::pin(self.call(move |client| async move {
            let result = ratings::games(&client, &id, game.as_deref(), limit).await;
            (client, result)
        }))
    }

    fn put_challenge(
        &self,
        challenge: Challenge,
        expected: Option<u64>,
        game: Option<StoredGame>,
        now: i64,
    ) -> StoreFuture<'_, bool> {
        Box::pin(self.call(move |mut client| async move {
            let result = lobby::put(&mut client, &challenge, expected, game.as_ref(), now).await;
            (client, result)
        }))
    }

    fn challenge(&self, id: String, since: Option<i64>) -> StoreFuture<'_, Option<Challenge>> {
        Box::pin(self.call(move |client| async move {
            let result = lobby::one(&client, &id, since).await;
            (client, result)
        }))
    }

    fn challenges(&self, since: i64, mine: Option<String>) -> StoreFuture<'_, Vec<Challenge>> {
        Box::pin(self.call(move |client| async move {
            let result = lobby::open(&client, since, mine.as_deref()).await;
            (client, result)
        }))
    }

    fn touch_challenges(&self, creator: String, now: i64) -> StoreFuture<'_, ()> {
        Box::pin(self.call(move |client| async move {
            let result = lobby::touch(&client, &creator, now).await;
            (client, result)
        }))
    }

    fn remove_challenge(&self, id: String, creator: String) -> StoreFuture<'_, bool> {
        Box::pin(self.call(move |client| async move {
            let result = lobby::remove(&client, &id, &creator).await;
            (client, result)
        }))
    }

    fn share_playing(
        &self,
        node: String,
        games: Vec<crate::store::Playing>,
        now: i64,
        forget: i64,
    ) -> StoreFuture<'_, ()> {
        Box::pin(self.call(move |mut client| async move {
            let result = lobby::share_playing(&mut client, &node, &games, now, forget).await;
            (client, result)
        }))
    }

    fn playing(&self, since: i64) -> StoreFuture<'_, Vec<(String, crate::store::Playing)>> {
        Box::pin(self.call(move |client| async move {
            let result = lobby::playing(&client, since).await;
            (client, result)
        }))
    }

    fn beat(&self, now: i64) -> StoreFuture<'_, ()> {
        Box::pin(self.call(move |client| async move {
            let result = service::beat(&client, now).await;
            (client, result)
        }))
    }

    fn resume(&self, now: i64) -> StoreFuture<'_, i64> {
        Box::pin(self.call(move |mut client| async move {
            let result = service::resume(&mut client, now).await;
            (client, result)
        }))
    }

    fn expired(&self, now: i64, limit: usize) -> StoreFuture<'_, Vec<String>> {
        let limit = i64::try_from(limit).unwrap_or(i64::MAX);
        Box::pin(self.call(move |client| async move {
            let result = client
                .query(
                    "SELECT id FROM games WHERE deadline IS NOT NULL AND deadline <= $1 \
                     ORDER BY deadline LIMIT $2",
                    &[&now, &limit],
                )
                .await
                .map(|rows| rows.iter().map(|r| r.get::<_, String>(0)).collect())
                .map_err(StoreError::from);
            (client, result)
        }))
    }

    fn rating_changes(&self, id: String) -> StoreFuture<'_, Vec<RatingChange>> {
        Box::pin(self.call(move |client| async move {
            let result = ratings::changes(&client, &id).await;
            (client, result)
        }))
    }

    fn create_player(&self, player: StoredPlayer, session: String) -> StoreFuture<'_, ()> {
        Box::pin(self.call(move |client| async move {
            let result = players::create(&client, &player, &session).await;
            (client, result)
        }))
    }

    fn session_player(&self, session: String) -> StoreFuture<'_, Option<StoredPlayer>> {
        Box::pin(self.call(move |client| async move {
            let result = players::by_session(&client, &session).await;
            (client, result)
        }))
    }

    fn load_player(&self, id: String) -> StoreFuture<'_, Option<StoredPlayer>> {
        Box::pin(self.call(move |client| async move {
            let result = players::by_id(&client, &id).await;
            (client, result)
        }))
    }

    fn rename_player(&self, id: String, name: String) -> StoreFuture<'_, bool> {
        Box::pin(self.call(move |client| async move {
            let result = players::rename(&client, &id, &name).await;
            (client, result)
        }))
    }

    fn set_player_key(&self, id: String, key: String, keep: String) -> StoreFuture<'_, bool> {
        Box::pin(self.call(move |client| async move {
            let result = players::set_key(&client, &id, &key, &keep).await;
            (client, result)
        }))
    }

    fn player_sessions(&self, id: String) -> StoreFuture<'_, Vec<StoredSession>> {
        Box::pin(self.call(move |client| async move {
            let result = players::sessions(&client, &id).await;
            (client, result)
        }))
    }

    fn end_session(&self, id: String, hash: String) -> StoreFuture<'_, bool> {
        Box::pin(self.call(move |client| async move {
            let result = players::end_session(&client, &id, &hash).await;
            (client, result)
        }))
    }

    fn set_player_bot(&self, id: String, bot: bool) -> StoreFuture<'_, bool> {
        Box::pin(self.call(move |client| async move {
            let result = players::set_bot(&client, &id, bot).await;
            (client, result)
        }))
    }

    fn claim_player_key(
        &self,
        key: String,
        session: String,
        bot: bool,
    ) -> StoreFuture<'_, Option<StoredPlayer>> {
        Box::pin(self.call(move |client| async move {
            let result = players::claim(&client, &key, &session, bot).await;
            (client, result)
        }))
    }

    fn key_player(&self, key: String) -> StoreFuture<'_, Option<StoredPlayer>> {
        Box::pin(self.call(move |client| async move {
            let result = players::by_key(&client, &key).await;
            (client, result)
        }))
    }

    fn forget_player(&self, id: String) -> StoreFuture<'_, bool> {
        Box::pin(self.call(move |client| async move {
            let result = players::forget(&client, &id).await;
            (client, result)
        }))
    }

    fn count(&self) -> StoreFuture<'_, usize> {
        Box::pin(self.call(|client| async move {
            let result = client
                .query_one("SELECT COUNT(*) FROM games", &[])
                .await
                .map(|row| usize::try_from(row.get::<_, i64>(0)).unwrap_or(0))
                .map_err(StoreError::from);
            (client, result)
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_stay_out_of_messages() {
        assert_eq!(
            without_password("postgres://app:secret@db:5432/games"),
            "postgres://app:***@db:5432/games"
        );
        assert_eq!(
            without_password("postgres://app@db/games"),
            "postgres://app@db/games"
        );
    }
}
