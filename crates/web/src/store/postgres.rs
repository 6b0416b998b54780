//! Games and moves in PostgreSQL, for several server nodes on one database. Every change is
//! one committed transaction before it returns (PostgreSQL's `synchronous_commit` decides how
//! it reaches the disk; its default waits for the write-ahead log to be flushed).
//!
//! The client is the synchronous `postgres` crate, which runs its own small runtime: it lives
//! on a thread of its own, and the store's methods hand it their work and wait for the answer,
//! as the SQLite store's callers wait for the file, so it may be called from any thread,
//! async ones included. A connection that broke is opened again before the next request.
//!
//! The schema is created and migrated at start-up in one transaction under an advisory lock
//! (two nodes starting together migrate once), and its version is kept in `schema_version`.

use std::sync::mpsc;
use std::thread;

use postgres::fallible_iterator::FallibleIterator as _;
use postgres::{Client, NoTls};

use super::{GameStore, StoreError, StoredGame};

/// The schema's migrations, in order: version `i + 1` is `MIGRATIONS[i]`.
const MIGRATIONS: &[&str] = &[
    "
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    seed BIGINT NOT NULL,
    mode TEXT NOT NULL,
    seats TEXT NOT NULL,
    resigned INTEGER,
    finished BOOLEAN NOT NULL DEFAULT false,
    created TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    notation TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
",
    "
CREATE TABLE computer_jobs (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    ply INTEGER NOT NULL,
    claimed_by TEXT,
    claimed_until TIMESTAMPTZ
);
",
];

/// The key of the advisory lock held while migrating (any number the application owns).
const MIGRATION_LOCK: i64 = 0x7461_6275_6c65_6972;

/// The channel on which every change of a game is announced, with the game's id.
const CHANNEL: &str = "tabuleiro_games";

/// Work for the connection's thread.
type Job = Box<dyn FnOnce(&mut Option<Client>) + Send>;

/// The games in a PostgreSQL database.
pub struct PostgresStore {
    jobs: mpsc::Sender<Job>,
    url: String,
    /// This store's name in its announcements, so that it skips its own.
    node: String,
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

/// Opens a connection and brings the schema up to date.
fn open(url: &str) -> Result<Client, StoreError> {
    let mut client = Client::connect(url, NoTls)?;
    migrate(&mut client)?;
    Ok(client)
}

/// Applies the migrations the database lacks, in one transaction.
fn migrate(client: &mut Client) -> Result<(), StoreError> {
    let mut tx = client.transaction()?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")?;
    let found: i32 = tx
        .query_one("SELECT COALESCE(MAX(version), 0) FROM schema_version", &[])?
        .get(0);
    let known = MIGRATIONS.len() as i32;
    if found > known {
        return Err(StoreError::Newer {
            found: i64::from(found),
            known: i64::from(known),
        });
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(found as usize) {
        tx.batch_execute(sql)?;
        tx.execute(
            "INSERT INTO schema_version (version) VALUES ($1)",
            &[&(i as i32 + 1)],
        )?;
    }
    tx.commit()?;
    Ok(())
}

/// Writes the row of `game` (not its moves).
fn insert_game(
    client: &mut impl postgres::GenericClient,
    game: &StoredGame,
    finished: bool,
) -> Result<(), StoreError> {
    client.execute(
        "INSERT INTO games (id, game, players, options, seed, mode, seats, finished) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        &[
            &game.id,
            &game.game,
            &(game.players as i32),
            &serde_json::to_string(&game.options)?,
            &(game.seed as i64),
            &game.mode,
            &serde_json::to_string(&game.seats)?,
            &finished,
        ],
    )?;
    Ok(())
}

impl PostgresStore {
    /// Connects to the database at `url` (`postgres://user[:password]@host[:port]/name`),
    /// creating or migrating its schema.
    ///
    /// # Errors
    /// When the database cannot be reached, or its schema is newer than this program's.
    pub fn connect(url: &str) -> Result<Self, StoreError> {
        let (jobs, queue) = mpsc::channel::<Job>();
        let (ready, opened) = mpsc::sync_channel(1);
        let url = url.to_owned();
        let url_kept = url.clone();
        thread::Builder::new()
            .name("postgres".to_owned())
            .spawn(move || {
                let mut client = match open(&url) {
                    Ok(client) => Some(client),
                    Err(e) => {
                        let _ = ready.send(Err(e));
                        return;
                    }
                };
                let _ = ready.send(Ok(()));
                for job in queue {
                    // A connection that broke (the server restarted) is opened again.
                    if client.as_ref().is_none_or(Client::is_closed) {
                        client = open(&url).ok();
                    }
                    job(&mut client);
                }
            })
            .map_err(|_| StoreError::Gone)?;
        opened.recv().map_err(|_| StoreError::Gone)??;
        let node = tabuleiro_core::fresh_seed()
            .map_err(|_| StoreError::Gone)?
            .to_string();
        Ok(PostgresStore {
            jobs,
            url: url_kept,
            node,
        })
    }

    /// Runs `work` on the connection's thread and waits for its answer.
    fn call<T: Send + 'static>(
        &self,
        work: impl FnOnce(&mut Client) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (answer, answered) = mpsc::sync_channel(1);
        let job: Job = Box::new(move |client| {
            let result = match client {
                Some(client) => work(client),
                None => Err(StoreError::Gone),
            };
            let _ = answer.send(result);
        });
        self.jobs.send(job).map_err(|_| StoreError::Gone)?;
        answered.recv().map_err(|_| StoreError::Gone)?
    }
}

/// Announces a change of game `id` by `node` to every node, when `tx` commits: the payload
/// is `node:id`.
fn announce(tx: &mut postgres::Transaction<'_>, node: &str, id: &str) -> Result<(), StoreError> {
    tx.execute(
        "SELECT pg_notify($1, $2)",
        &[&CHANNEL, &format!("{node}:{id}")],
    )?;
    Ok(())
}

/// Listens on [`CHANNEL`] on a connection of its own, for ever, sending the id of each game
/// another node than `node` changed to `changed`; after a lost connection, it connects again
/// and sends [`EVERY_GAME`]. Stops when nobody receives any more.
fn listen(url: &str, node: &str, mut client: Client, changed: &mpsc::Sender<String>) {
    loop {
        {
            let mut notifications = client.notifications();
            let mut waiting = notifications.blocking_iter();
            // `None` or an error: the server is gone.
            while let Ok(Some(note)) = waiting.next() {
                let (from, id) = note
                    .payload()
                    .split_once(':')
                    .unwrap_or(("", note.payload()));
                if from != node && changed.send(id.to_owned()).is_err() {
                    return;
                }
            }
        }
        // The connection is gone: again, until the database answers.
        client = loop {
            thread::sleep(std::time::Duration::from_millis(500));
            if let Ok(mut fresh) = Client::connect(url, NoTls)
                && fresh.batch_execute(&format!("LISTEN {CHANNEL}")).is_ok()
            {
                break fresh;
            }
        };
        if changed.send(super::EVERY_GAME.to_owned()).is_err() {
            return;
        }
    }
}

impl GameStore for PostgresStore {
    fn queues_computers(&self) -> bool {
        true
    }

    fn enqueue_computer(&mut self, id: &str, ply: usize) -> Result<(), StoreError> {
        let id = id.to_owned();
        self.call(move |client| {
            client.execute(
                "INSERT INTO computer_jobs (game_id, ply) VALUES ($1, $2) \
                 ON CONFLICT (game_id) DO UPDATE SET ply = EXCLUDED.ply, claimed_by = NULL, \
                 claimed_until = NULL WHERE computer_jobs.ply <> EXCLUDED.ply",
                &[&id, &(ply as i32)],
            )?;
            Ok(())
        })
    }

    /// One statement: the oldest job nobody holds is locked (`FOR UPDATE SKIP LOCKED`, so
    /// that two workers never wait for each other nor take the same job) and claimed.
    fn claim_computer(
        &mut self,
        worker: &str,
        lease: std::time::Duration,
    ) -> Result<Option<(String, usize)>, StoreError> {
        let worker = worker.to_owned();
        let seconds = lease.as_secs_f64();
        self.call(move |client| {
            let row = client.query_opt(
                "UPDATE computer_jobs SET claimed_by = $1, \
                 claimed_until = now() + make_interval(secs => $2) \
                 WHERE game_id = (SELECT game_id FROM computer_jobs \
                   WHERE claimed_until IS NULL OR claimed_until < now() \
                   ORDER BY claimed_until NULLS FIRST LIMIT 1 FOR UPDATE SKIP LOCKED) \
                 RETURNING game_id, ply",
                &[&worker, &seconds],
            )?;
            Ok(row.map(|r| {
                (
                    r.get::<_, String>(0),
                    usize::try_from(r.get::<_, i32>(1)).unwrap_or(0),
                )
            }))
        })
    }

    fn changes(&mut self) -> Result<Option<mpsc::Receiver<String>>, StoreError> {
        let (url, node) = (self.url.clone(), self.node.clone());
        let (changed, receiver) = mpsc::channel();
        let (ready, listening) = mpsc::sync_channel(1);
        thread::Builder::new()
            .name("postgres-listen".to_owned())
            .spawn(move || {
                let client = Client::connect(&url, NoTls).and_then(|mut client| {
                    client.batch_execute(&format!("LISTEN {CHANNEL}"))?;
                    Ok(client)
                });
                match client {
                    Ok(client) => {
                        let _ = ready.send(Ok(()));
                        listen(&url, &node, client, &changed);
                    }
                    Err(e) => {
                        let _ = ready.send(Err(StoreError::from(e)));
                    }
                }
            })
            .map_err(|_| StoreError::Gone)?;
        listening.recv().map_err(|_| StoreError::Gone)??;
        Ok(Some(receiver))
    }

    fn create(&mut self, game: &StoredGame) -> Result<(), StoreError> {
        let game = game.clone();
        self.call(move |client| insert_game(client, &game, false))
    }

    fn import(&mut self, games: &mut dyn Iterator<Item = StoredGame>) -> Result<usize, StoreError> {
        let games: Vec<StoredGame> = games.collect();
        self.call(move |client| {
            let mut tx = client.transaction()?;
            let move_row =
                tx.prepare("INSERT INTO moves (game_id, ply, notation) VALUES ($1, $2, $3)")?;
            for game in &games {
                insert_game(&mut tx, game, true)?;
                for (ply, notation) in game.moves.iter().enumerate() {
                    tx.execute(&move_row, &[&game.id, &(ply as i32), notation])?;
                }
            }
            tx.commit()?;
            Ok(games.len())
        })
    }

    /// One transaction: the move, refused if another node stored a move for this ply first
    /// (the key on game and ply), and its announcement, sent when it commits.
    fn add_move(&mut self, id: &str, ply: usize, notation: &str) -> Result<(), StoreError> {
        let (id, notation) = (id.to_owned(), notation.to_owned());
        let node = self.node.clone();
        self.call(move |client| {
            let mut tx = client.transaction()?;
            tx.execute(
                "INSERT INTO moves (game_id, ply, notation) VALUES ($1, $2, $3)",
                &[&id, &(ply as i32), &notation],
            )?;
            tx.execute(
                "DELETE FROM computer_jobs WHERE game_id = $1 AND ply <= $2",
                &[&id, &(ply as i32)],
            )?;
            announce(&mut tx, &node, &id)?;
            tx.commit()?;
            Ok(())
        })
    }

    fn set_finished(&mut self, id: &str, finished: bool) -> Result<(), StoreError> {
        let id = id.to_owned();
        self.call(move |client| {
            client.execute(
                "UPDATE games SET finished = $2 WHERE id = $1",
                &[&id, &finished],
            )?;
            Ok(())
        })
    }

    fn truncate(&mut self, id: &str, from: usize) -> Result<(), StoreError> {
        let id = id.to_owned();
        let node = self.node.clone();
        self.call(move |client| {
            let mut tx = client.transaction()?;
            tx.execute(
                "DELETE FROM moves WHERE game_id = $1 AND ply >= $2",
                &[&id, &(from as i32)],
            )?;
            tx.execute("UPDATE games SET finished = false WHERE id = $1", &[&id])?;
            tx.execute("DELETE FROM computer_jobs WHERE game_id = $1", &[&id])?;
            announce(&mut tx, &node, &id)?;
            tx.commit()?;
            Ok(())
        })
    }

    fn resign(&mut self, id: &str, seat: usize) -> Result<(), StoreError> {
        let id = id.to_owned();
        let node = self.node.clone();
        self.call(move |client| {
            let mut tx = client.transaction()?;
            tx.execute(
                "UPDATE games SET resigned = $2, finished = true WHERE id = $1",
                &[&id, &(seat as i32)],
            )?;
            tx.execute("DELETE FROM computer_jobs WHERE game_id = $1", &[&id])?;
            announce(&mut tx, &node, &id)?;
            tx.commit()?;
            Ok(())
        })
    }

    fn load(&mut self, id: &str) -> Result<Option<StoredGame>, StoreError> {
        let id = id.to_owned();
        self.call(move |client| {
            let Some(row) = client.query_opt(
                "SELECT game, players, options, seed, mode, seats, resigned FROM games WHERE id = $1",
                &[&id],
            )?
            else {
                return Ok(None);
            };
            let fields = (
                row.get::<_, String>(0),
                i64::from(row.get::<_, i32>(1)),
                row.get::<_, String>(2),
                row.get::<_, i64>(3),
                row.get::<_, String>(4),
                row.get::<_, String>(5),
                row.get::<_, Option<i32>>(6).map(i64::from),
            );
            let moves = client
                .query(
                    "SELECT notation FROM moves WHERE game_id = $1 ORDER BY ply",
                    &[&id],
                )?
                .iter()
                .map(|r| r.get::<_, String>(0))
                .collect();
            super::decode(&id, fields, moves).map(Some)
        })
    }

    fn count(&mut self) -> Result<usize, StoreError> {
        self.call(|client| {
            let n: i64 = client.query_one("SELECT COUNT(*) FROM games", &[])?.get(0);
            Ok(usize::try_from(n).unwrap_or(0))
        })
    }

    fn exists(&mut self, id: &str) -> Result<bool, StoreError> {
        let id = id.to_owned();
        self.call(move |client| {
            Ok(client
                .query_opt("SELECT 1 FROM games WHERE id = $1", &[&id])?
                .is_some())
        })
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
