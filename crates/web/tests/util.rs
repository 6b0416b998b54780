//! A server on an ephemeral port with its own data folder, and helpers to talk to it.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use serde_json::{Value, json};
use tabuleiro_load::client::{Answer, GameSocket, request};
use tabuleiro_web::Hub;
use tabuleiro_web::limits::Limits;
use tabuleiro_web::protocol::{Created, ServerMessage};
use tabuleiro_web::store::Database;

/// A running server.
pub struct Server {
    pub addr: SocketAddr,
    pub data: PathBuf,
    pub hub: std::sync::Arc<Hub>,
    task: tokio::task::JoinHandle<()>,
}

static NEXT: AtomicU64 = AtomicU64::new(0);

/// The PostgreSQL server the tests use, if one is given.
fn postgres_admin() -> Option<String> {
    std::env::var("TABULEIRO_TEST_POSTGRES")
        .ok()
        .filter(|url| !url.is_empty())
}

/// Where a server on data folder `data` keeps its games: the folder itself, or a PostgreSQL
/// database named after it (created when missing, so a server started again on the same
/// folder finds its games).
pub fn database_of(data: &std::path::Path) -> Database {
    let Some(admin) = postgres_admin() else {
        return Database::Folder(data.to_owned());
    };
    let name: String = data
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default()
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '_'
            }
        })
        .collect();
    let admin_url = admin.clone();
    let db = name.clone();
    // The synchronous client runs its own runtime: on a thread of its own.
    std::thread::spawn(move || {
        let mut client =
            postgres::Client::connect(&admin_url, postgres::NoTls).expect("PostgreSQL");
        let exists = client
            .query_opt("SELECT 1 FROM pg_database WHERE datname = $1", &[&db])
            .expect("list databases")
            .is_some();
        if !exists {
            client
                .batch_execute(&format!("CREATE DATABASE {db}"))
                .expect("create the test database");
        }
    })
    .join()
    .expect("database created");
    let base = admin
        .rsplit_once('/')
        .map_or(admin.as_str(), |(base, _)| base);
    Database::Postgres(format!("{base}/{name}"))
}

/// Runs `sql` with `id` as its one parameter (written `$1`) on the games of the server on
/// `data`, whichever the database; returns the first column of the first row as text, or
/// the number of rows changed.
pub fn database_sql(data: &std::path::Path, sql: &str, id: &str) -> String {
    match database_of(data) {
        Database::Folder(folder) => {
            let db =
                rusqlite::Connection::open(folder.join("games.sqlite3")).expect("the database");
            let sql = sql.replace("$1", "?1");
            if sql.trim_start().to_ascii_uppercase().starts_with("SELECT") {
                db.query_row(&sql, [id], |row| {
                    row.get::<_, i64>(0).map(|v| v.to_string())
                })
                .expect("a row")
            } else {
                db.execute(&sql, [id]).expect("the statement").to_string()
            }
        }
        Database::Postgres(url) => {
            let (sql, id) = (sql.to_owned(), id.to_owned());
            std::thread::spawn(move || {
                let mut client =
                    postgres::Client::connect(&url, postgres::NoTls).expect("PostgreSQL");
                if sql.trim_start().to_ascii_uppercase().starts_with("SELECT") {
                    client
                        .query_one(&sql, &[&id])
                        .expect("a row")
                        .get::<_, i64>(0)
                        .to_string()
                } else {
                    client
                        .execute(&sql, &[&id])
                        .expect("the statement")
                        .to_string()
                }
            })
            .join()
            .expect("the statement ran")
        }
    }
}

/// A new empty data folder.
pub fn data_folder() -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "tabuleiro-web-test-{}-{}",
        std::process::id(),
        NEXT.fetch_add(1, Ordering::Relaxed)
    ));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

impl Server {
    /// A server on a new data folder.
    pub async fn start() -> Server {
        Server::on(data_folder()).await
    }

    /// A server on `data`.
    pub async fn on(data: PathBuf) -> Server {
        Server::with(data, Limits::default()).await
    }

    /// A server on `data` with these limits: games in SQLite in that folder, or, when
    /// `TABULEIRO_TEST_POSTGRES` names a PostgreSQL server (as `scripts/test` does), in a
    /// database of that server named after the folder.
    pub async fn with(data: PathBuf, limits: Limits) -> Server {
        let database = database_of(&data);
        let hub = Hub::open_database(&database, limits)
            .await
            .expect("open the database");
        Server::serving(data, hub).await
    }

    /// A server of `hub` (opened on `data`).
    pub async fn serving(data: PathBuf, hub: std::sync::Arc<Hub>) -> Server {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("address");
        let served = std::sync::Arc::clone(&hub);
        let task = tokio::spawn(async move {
            let _ = tabuleiro_web::serve_on(listener, served).await;
        });
        Server {
            addr,
            data,
            hub,
            task,
        }
    }

    /// Stops the server abruptly (its games are only what it stored), keeping the data.
    pub async fn stop(self) -> PathBuf {
        self.task.abort();
        let _ = self.task.await;
        self.data
    }

    /// Creates a game; panics unless the server accepts.
    pub async fn create(&self, body: Value) -> Created {
        let answer = request(self.addr, "POST", "/api/games", Some(&body.to_string()))
            .await
            .expect("request");
        assert_eq!(answer.status, 201, "{}", answer.body);
        serde_json::from_str(&answer.body).expect("created")
    }

    /// A connection to game `id`, joined with `token`; returns it with its welcome and state.
    pub async fn join(&self, id: &str, token: Option<&str>) -> (GameSocket, ServerMessage, State) {
        let mut socket = GameSocket::connect(self.addr, id).await.expect("connect");
        socket
            .send(&json!({ "type": "join", "token": token }))
            .await
            .expect("send");
        let welcome = socket.next().await.expect("welcome");
        assert!(
            matches!(welcome, ServerMessage::Welcome { .. }),
            "{welcome:?}"
        );
        let state = next_state(&mut socket).await;
        (socket, welcome, state)
    }
}

/// The fields of a state message the tests look at.
#[derive(Clone, Debug)]
pub struct State {
    pub version: u64,
    pub board: String,
    pub to_move: Option<usize>,
    pub moves: Vec<String>,
    pub turns: Vec<(usize, usize)>,
    pub legal: Vec<String>,
    pub gestures: Vec<tabuleiro_core::Gesture>,
    pub picture: tabuleiro_core::Picture,
    pub thinking: bool,
    pub ending: Option<String>,
    pub can_undo: bool,
    pub rematch: Option<String>,
}

/// The next message but news of who is here (`crate::presence` reads those), within 20 s.
pub async fn next(socket: &mut GameSocket) -> ServerMessage {
    loop {
        let message = next_any(socket).await;
        if !matches!(message, ServerMessage::Presence { .. }) {
            return message;
        }
    }
}

/// The next message, whatever it is, within 20 s.
pub async fn next_any(socket: &mut GameSocket) -> ServerMessage {
    tokio::time::timeout(Duration::from_secs(20), socket.next())
        .await
        .expect("a message within 20 s")
        .expect("a message")
}

/// The next message, which must be a state.
pub async fn next_state(socket: &mut GameSocket) -> State {
    match next(socket).await {
        ServerMessage::State {
            version,
            board,
            to_move,
            moves,
            legal,
            picture,
            thinking,
            ending,
            can_undo,
            rematch,
            ..
        } => State {
            version,
            board,
            to_move,
            turns: moves.iter().map(|m| (m.turn, m.seat)).collect(),
            moves: moves.into_iter().map(|m| m.text).collect(),
            gestures: legal.iter().map(|l| l.gesture.clone()).collect(),
            legal: legal.into_iter().map(|l| l.notation).collect(),
            picture: *picture,
            thinking,
            ending: ending.map(|e| e.text),
            can_undo,
            rematch,
        },
        other => panic!("expected a state, got {other:?}"),
    }
}

/// The next message, which must be an error; returns its text.
pub async fn next_error(socket: &mut GameSocket) -> String {
    match next(socket).await {
        ServerMessage::Error { message } => message,
        other => panic!("expected an error, got {other:?}"),
    }
}

/// Reads states until one satisfies `done`.
pub async fn state_until(socket: &mut GameSocket, done: impl Fn(&State) -> bool) -> State {
    loop {
        let state = next_state(socket).await;
        if done(&state) {
            return state;
        }
    }
}

/// Sends a move.
pub async fn send_move(socket: &mut GameSocket, notation: &str) {
    socket
        .send(&json!({ "type": "move", "notation": notation }))
        .await
        .expect("send");
}

/// The token of seat `seat`.
pub fn token(created: &Created, seat: usize) -> String {
    created.seats[seat].token.clone().expect("a human seat")
}

/// A browser: the cookie it holds, sent with each request.
pub struct Browser {
    pub addr: SocketAddr,
    pub cookie: Option<String>,
    /// The local address it connects from (another loopback address: another network).
    pub from: Option<std::net::IpAddr>,
}

impl Browser {
    pub fn new(addr: SocketAddr) -> Self {
        Browser {
            addr,
            cookie: None,
            from: None,
        }
    }

    /// A browser on another client network: connecting from the loopback address `from`.
    pub fn on_network(addr: SocketAddr, from: [u8; 4]) -> Self {
        Browser {
            from: Some(std::net::IpAddr::from(from)),
            ..Browser::new(addr)
        }
    }

    pub async fn send(&mut self, method: &str, path: &str, body: Option<Value>) -> (Answer, Value) {
        self.send_with(method, path, body, &[]).await
    }

    pub async fn send_with(
        &mut self,
        method: &str,
        path: &str,
        body: Option<Value>,
        extra: &[(&str, &str)],
    ) -> (Answer, Value) {
        let cookie = self
            .cookie
            .as_ref()
            .map(|c| format!("tabuleiro_session={c}"));
        let mut headers = vec![("Content-Type", "application/json")];
        if let Some(c) = &cookie {
            headers.push(("Cookie", c.as_str()));
        }
        headers.extend_from_slice(extra);
        let body = body.map(|b| b.to_string());
        let answer = tabuleiro_load::client::request_from(
            self.from,
            self.addr,
            method,
            path,
            &headers,
            body.as_deref(),
        )
        .await
        .expect(path);
        if let Some(set) = set_cookie(&answer) {
            let value = set
                .split(';')
                .next()
                .and_then(|pair| pair.split_once('='))
                .map(|(_, v)| v.to_owned())
                .unwrap_or_default();
            self.cookie = (!value.is_empty()).then_some(value);
        }
        let json = serde_json::from_str(&answer.body).unwrap_or(Value::Null);
        (answer, json)
    }
}

pub fn set_cookie(answer: &Answer) -> Option<String> {
    answer.head.lines().find_map(|line| {
        let (name, value) = line.split_once(':')?;
        name.trim()
            .eq_ignore_ascii_case("set-cookie")
            .then(|| value.trim().to_owned())
    })
}
