//! Several `tabuleiro serve` processes on one PostgreSQL database.
//!
//! - [`across`]: any node serves any game, a spectator on another node sees every move, a node
//!   killed with SIGKILL loses nothing acknowledged and the game goes on through another, and
//!   a computer's move is made by a node still alive; a player who left is seen gone from the
//!   other node and claimed against there.
//! - [`races`]: changes sent to two nodes at once (move against move, undo against move,
//!   resignation against move, a person's undo against a worker's computer move), many rounds:
//!   the stored moves have no hole, both nodes show the same game, and exactly the
//!   acknowledged changes are in it.
//! - [`clocks`]: a game out of time ended by a node that never served it, and clocks right
//!   through an outage of every node (15 s that cost nobody time).
//! - [`backup`]: docs/deploy.md's `pg_dump` and `pg_restore`: every game in the restored copy.
//! - [`same`]: the same random changes made to SQLite and to PostgreSQL are answered alike and
//!   read back alike (games, rematches, ratings).
//! - [`outage`]: the database stopped (SIGSTOP) or restarted under the nodes: pages answer,
//!   moves are refused at once and nothing acknowledged is lost; `/readyz` fails meanwhile,
//!   and while a node's `LISTEN` connection is cut.
//! - [`stopping`]: a node stopped with SIGTERM hands its claimed computer moves to the others.
//! - [`metrics`]: what nodes of a shared database count (another node's changes heard, the
//!   pool, the computers' thinking).
//!
//! Needs a PostgreSQL server: `TABULEIRO_TEST_POSTGRES` (set by `scripts/test`, which starts
//! a throw-away one with `scripts/with-postgres`, and runs these tests, ignored otherwise,
//! with `--include-ignored`). [`outage`] starts clusters of its own with the same packages.

mod across;
mod backup;
mod clocks;
mod metrics;
mod outage;
mod races;
mod same;
mod stopping;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::json;
use tabuleiro_load::client::{GameSocket, request};
use tabuleiro_web::protocol::{Created, ServerMessage};

/// A server process, killed with SIGKILL when dropped.
struct Node {
    child: Child,
    addr: SocketAddr,
    /// Where its metrics are served, when it was started with `--metrics-addr`.
    metrics: Option<SocketAddr>,
}

impl Node {
    fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Node {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Why the tests of this binary are ignored by a plain `cargo test`.
const NEEDS: &str = "needs PostgreSQL: scripts/test runs it (TABULEIRO_TEST_POSTGRES)";

/// A fresh database on the test PostgreSQL server.
fn database(name: &str) -> String {
    let admin = std::env::var("TABULEIRO_TEST_POSTGRES")
        .ok()
        .filter(|u| !u.is_empty())
        .unwrap_or_else(|| panic!("no TABULEIRO_TEST_POSTGRES: this test {NEEDS}"));
    let db = format!("nodes_{name}_{}", std::process::id());
    let admin_url = admin.clone();
    let created = db.clone();
    std::thread::spawn(move || {
        let mut client =
            postgres::Client::connect(&admin_url, postgres::NoTls).expect("PostgreSQL");
        for statement in [
            format!("DROP DATABASE IF EXISTS {created}"),
            format!("CREATE DATABASE {created}"),
        ] {
            client.batch_execute(&statement).expect("a fresh database");
        }
    })
    .join()
    .expect("database created");
    let base = admin.rsplit_once('/').map_or(admin.as_str(), |(b, _)| b);
    format!("{base}/{db}")
}

/// Starts a node on `url`; returns it once it says it is serving.
fn node(url: &str) -> Node {
    node_with(url, &[])
}

/// Starts a node on `url` with more arguments (its metrics off unless they say where).
fn node_with(url: &str, more: &[&str]) -> Node {
    let addr = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port");
    let measured = more.contains(&"--metrics-addr");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabuleiro"))
        .args(["serve", "--addr", &addr.to_string()])
        .args(if measured {
            &[][..]
        } else {
            &["--metrics-addr", "off"][..]
        })
        .args(["--database", url])
        .args(more)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the server starts");
    let stdout = child.stdout.take().expect("stdout");
    // Killed when dropped, even if what follows fails.
    let mut node = Node {
        child,
        addr,
        metrics: None,
    };
    let mut lines = BufReader::new(stdout);
    let mut line = String::new();
    lines.read_line(&mut line).expect("the server's first line");
    assert!(
        line.contains("serving") || line.contains("working"),
        "{line}"
    );
    if measured {
        line.clear();
        lines.read_line(&mut line).expect("the metrics' line");
        let at = line.split("http://").nth(1).expect("an address");
        node.metrics = Some(
            at[..at.find('/').expect("a path")]
                .parse()
                .expect("an address"),
        );
    }
    node
}

async fn create(node: &Node, body: serde_json::Value) -> Created {
    let answer = request(node.addr, "POST", "/api/games", Some(&body.to_string()))
        .await
        .expect("create");
    assert_eq!(answer.status, 201, "{}", answer.body);
    serde_json::from_str(&answer.body).expect("created")
}

async fn join(node: &Node, id: &str, token: Option<&str>) -> GameSocket {
    let mut socket = GameSocket::connect(node.addr, id).await.expect("connect");
    socket
        .send(&json!({ "type": "join", "token": token }))
        .await
        .expect("join");
    socket
}

/// What a connection was last told.
#[derive(Debug)]
enum Heard {
    State {
        moves: Vec<String>,
        legal: Vec<String>,
        over: bool,
    },
    Error(String),
}

async fn hear(socket: &mut GameSocket) -> Heard {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(30), socket.next())
            .await
            .expect("a message within 30 s")
            .expect("a message");
        match message {
            ServerMessage::State {
                moves,
                legal,
                ending,
                ..
            } => {
                return Heard::State {
                    moves: moves.into_iter().map(|m| m.text).collect(),
                    legal: legal.into_iter().map(|l| l.notation).collect(),
                    over: ending.is_some(),
                };
            }
            ServerMessage::Error { message } => return Heard::Error(message),
            _ => {}
        }
    }
}

/// Reads states until one has `n` moves (or the game is over with fewer, when `n` is more
/// than it lasted); returns it.
async fn until(socket: &mut GameSocket, n: usize) -> (Vec<String>, Vec<String>, bool) {
    loop {
        match hear(socket).await {
            Heard::State { moves, legal, over } if moves.len() >= n || over => {
                return (moves, legal, over);
            }
            Heard::State { .. } => {}
            Heard::Error(message) => eprintln!("(refused: {message})"),
        }
    }
}

/// As [`until`], also returning the errors heard on the way.
async fn until_noting_errors(socket: &mut GameSocket, n: usize) -> (Vec<String>, Vec<String>) {
    let mut errors = Vec::new();
    loop {
        match hear(socket).await {
            Heard::State { moves, .. } if moves.len() >= n => return (moves, errors),
            Heard::State { .. } => {}
            Heard::Error(message) => errors.push(message),
        }
    }
}

/// The errors `socket` is sent within `wait`.
async fn errors_within(socket: &mut GameSocket, wait: Duration) -> Vec<String> {
    let mut errors = Vec::new();
    while let Ok(Ok(message)) = tokio::time::timeout(wait, socket.next()).await {
        if let ServerMessage::Error { message } = message {
            errors.push(message);
        }
    }
    errors
}

/// A game as stored in the database at `url`: its plies in order, its moves, and the seat that
/// resigned.
#[derive(Debug, PartialEq, Eq)]
struct Stored {
    plies: Vec<i32>,
    moves: Vec<String>,
    resigned: Option<i32>,
}

impl Stored {
    /// Whether the plies are 0, 1, 2, … with no hole.
    fn no_hole(&self) -> bool {
        self.plies.iter().enumerate().all(|(i, &p)| p == i as i32)
    }
}

/// Reads game `id` straight from the database at `url`.
fn stored(url: &str, id: &str) -> Stored {
    let (url, id) = (url.to_owned(), id.to_owned());
    std::thread::spawn(move || {
        let mut client = postgres::Client::connect(&url, postgres::NoTls).expect("PostgreSQL");
        let rows = client
            .query(
                "SELECT ply, notation FROM moves WHERE game_id = $1 ORDER BY ply",
                &[&id],
            )
            .expect("the moves");
        let resigned = client
            .query_one("SELECT resigned FROM games WHERE id = $1", &[&id])
            .expect("the game")
            .get(0);
        Stored {
            plies: rows.iter().map(|r| r.get(0)).collect(),
            moves: rows.iter().map(|r| r.get(1)).collect(),
            resigned,
        }
    })
    .join()
    .expect("read the stored game")
}

/// What a connection saw once nothing more came for a while: its last state (moves, whether
/// the game is over) and the errors it was sent.
#[derive(Debug, Default)]
struct Settled {
    moves: Vec<String>,
    legal: Vec<String>,
    over: bool,
    errors: Vec<String>,
}

/// Reads `socket` until it has been quiet for `quiet`, starting from `seen`.
async fn settle(socket: &mut GameSocket, quiet: Duration, mut seen: Settled) -> Settled {
    while let Ok(message) = tokio::time::timeout(quiet, socket.next()).await {
        match message.expect("a message") {
            ServerMessage::State {
                moves,
                legal,
                ending,
                ..
            } => {
                seen.moves = moves.into_iter().map(|m| m.text).collect();
                seen.legal = legal.into_iter().map(|l| l.notation).collect();
                seen.over = ending.is_some();
            }
            ServerMessage::Error { message } => seen.errors.push(message),
            _ => {}
        }
    }
    seen
}
