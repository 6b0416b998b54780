//! What an operator of `tabuleiro serve` meets: the settings from a TOML file, the
//! environment and the flags, in that order of strength; the metrics on an address of their
//! own, moving with play.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Lines};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{ChildStdout, Command, Stdio};

use serde_json::json;
use tabuleiro_load::client::{GameSocket, request, request_with};
use tabuleiro_web::protocol::{Created, ServerMessage};

use crate::support::Process;

/// A new empty folder for a test.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabuleiro-operate-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a folder");
    dir
}

/// Starts `tabuleiro serve ARGS` with these environment variables (and no other
/// `TABULEIRO_` one); returns it and its standard output's lines once the first has come.
fn serve(args: &[&str], env: &[(&str, &str)]) -> (Process, String, Lines<BufReader<ChildStdout>>) {
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabuleiro"));
    command.arg("serve").args(args);
    for (name, _) in std::env::vars() {
        if name.starts_with("TABULEIRO_") {
            command.env_remove(name);
        }
    }
    let mut child = command
        .envs(env.iter().copied())
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .expect("the server starts");
    let stdout = child.stdout.take().expect("stdout");
    let process = Process(child);
    let mut lines = BufReader::new(stdout).lines();
    let first = lines
        .next()
        .expect("a first line")
        .expect("the server's first line");
    (process, first, lines)
}

/// The address a line `… http://ADDR/…` names.
fn address(line: &str) -> SocketAddr {
    let at = line.split("http://").nth(1).expect("an address");
    let end = at.find('/').expect("a path after the address");
    at[..end].parse().expect("an address")
}

/// Writes `text` as the config file `serve.toml` of `dir`.
fn config(dir: &Path, text: &str) -> PathBuf {
    let file = dir.join("serve.toml");
    std::fs::write(&file, text).expect("the config file");
    file
}

/// Whether the server at `addr` lets a page of `origin` create a game.
async fn creates_for(addr: SocketAddr, origin: &str) -> bool {
    let body = json!({ "game": "quantik", "mode": "online" }).to_string();
    let headers = [("Content-Type", "application/json"), ("Origin", origin)];
    let answer = request_with(addr, "POST", "/api/games", &headers, Some(&body))
        .await
        .expect("an answer");
    assert!(
        answer.status == 201 || answer.status == 403,
        "{} {}",
        answer.status,
        answer.body
    );
    answer.status == 201
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_come_from_the_file_then_the_environment_then_the_flags() {
    let dir = folder("settings");
    let (from_file, from_env, from_flag) = (dir.join("a"), dir.join("b"), dir.join("c"));
    let file = config(
        &dir,
        &format!(
            "# a node's settings\naddr = \"127.0.0.1:0\"\nmetrics-addr = \"off\"\ndata = {:?}\n\
             allow-origin = [\"https://one.example.org\"]\nrated-within-network = true\n",
            from_file.display().to_string()
        ),
    );
    let file = file.to_str().expect("a path");
    // The file alone.
    let (server, first, _) = serve(&["--config", file], &[]);
    assert!(first.contains(&from_file.display().to_string()), "{first}");
    let addr = address(&first);
    assert!(
        creates_for(addr, "https://one.example.org").await,
        "the file's origin"
    );
    assert!(!creates_for(addr, "https://two.example.org").await);
    drop(server);
    // The environment over the file: a repeatable option split at commas.
    let data = from_env.display().to_string();
    let env = [
        ("TABULEIRO_DATA", data.as_str()),
        (
            "TABULEIRO_ALLOW_ORIGIN",
            "https://two.example.org,https://three.example.org",
        ),
    ];
    let (server, first, _) = serve(&["--config", file], &env);
    assert!(first.contains(&data), "{first}");
    let addr = address(&first);
    assert!(
        !creates_for(addr, "https://one.example.org").await,
        "overridden"
    );
    assert!(creates_for(addr, "https://two.example.org").await);
    assert!(creates_for(addr, "https://three.example.org").await);
    drop(server);
    // A flag over both.
    let flag = from_flag.display().to_string();
    let (server, first, _) = serve(&["--config", file, "--data", &flag], &env);
    assert!(first.contains(&flag), "{first}");
    drop(server);
    // A database named on the command line wins over the file's data folder (they exclude
    // each other): here an unreachable one, so the server says it cannot open it.
    let output = Command::new(env!("CARGO_BIN_EXE_tabuleiro"))
        .args(["serve", "--config", file, "--database-timeout", "1"])
        .args(["--database", "postgres://nobody@127.0.0.1:1/none"])
        .output()
        .expect("runs");
    assert!(!output.status.success());
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(
        said.to_lowercase().contains("postgres") || said.contains("database"),
        "{said}"
    );
    // A wrong key or value is refused, naming the file and the key.
    for (text, expected) in [
        ("bogus = 1\n", "`bogus` is not a setting of serve"),
        ("max-connections = \"many\"\n", "--max-connections"),
        ("addr = [\"127.0.0.1:0\"]\n", "`addr` takes one value"),
        (
            "data = \"x\"\ndatabase = \"postgres://y\"\n",
            "exclude each other",
        ),
        ("addr = \n", "config file"),
    ] {
        let bad = config(&dir, text);
        let output = Command::new(env!("CARGO_BIN_EXE_tabuleiro"))
            .args(["serve", "--config"])
            .arg(&bad)
            .output()
            .expect("runs");
        assert_eq!(output.status.code(), Some(2), "{text}");
        let said = String::from_utf8_lossy(&output.stderr);
        assert!(said.contains(expected), "{text}: {said}");
        assert!(said.contains("serve.toml"), "{said}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The metrics' samples: each line `name{labels} value` by its name and labels as written.
fn samples(text: &str) -> HashMap<String, f64> {
    let mut found = HashMap::new();
    let mut lines = text.lines().peekable();
    while let Some(line) = lines.next() {
        if line == "# EOF" {
            assert!(lines.peek().is_none(), "nothing after # EOF");
            return found;
        }
        if let Some(comment) = line.strip_prefix("# ") {
            let kind = comment.split(' ').next().unwrap_or_default();
            assert!(matches!(kind, "HELP" | "TYPE" | "UNIT"), "{line}");
            continue;
        }
        let (name, value) = line.rsplit_once(' ').expect("a name and a value");
        let value: f64 = value.parse().expect("a number");
        assert!(name.starts_with("tabuleiro_"), "{line}");
        if let Some((_, labels)) = name.split_once('{') {
            assert!(labels.ends_with('}'), "{line}");
        }
        found.insert(name.to_owned(), value);
    }
    panic!("no # EOF at the end:\n{text}");
}

/// Scrapes the metrics at `addr`.
async fn scrape(addr: SocketAddr) -> HashMap<String, f64> {
    let answer = request(addr, "GET", "/metrics", None)
        .await
        .expect("metrics");
    assert_eq!(answer.status, 200, "{}", answer.body);
    samples(&answer.body)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_are_served_on_their_own_address_and_move_with_play() {
    let dir = folder("metrics");
    let data = dir.join("data").display().to_string();
    let (server, first, mut lines) = serve(
        &[
            "--addr",
            "127.0.0.1:0",
            "--metrics-addr",
            "127.0.0.1:0",
            "--spectators-per-game",
            "0",
            "--data",
            &data,
        ],
        &[],
    );
    let addr = address(&first);
    let second = lines.next().expect("a line").expect("the metrics' line");
    let metrics = address(&second);
    assert_ne!(addr, metrics);
    let public = request(addr, "GET", "/metrics", None)
        .await
        .expect("an answer");
    assert_ne!(public.status, 200, "never on the public port");
    let before = scrape(metrics).await;
    for name in ["tabuleiro_search_panics_total", "tabuleiro_games_live"] {
        assert_eq!(
            before.get(name).map(f64::to_string).as_deref(),
            Some("0"),
            "{name}"
        );
    }

    // A game: one move played, a spectator refused.
    let body = json!({ "game": "quantik", "mode": "online" }).to_string();
    let answer = request(addr, "POST", "/api/games", Some(&body))
        .await
        .expect("create");
    let game: Created = serde_json::from_str(&answer.body).expect("created");
    let token = game.seats[0].token.clone().expect("a token");
    let mut page = GameSocket::connect(addr, &game.id).await.expect("connect");
    page.send(&json!({ "type": "join", "token": token }))
        .await
        .expect("join");
    page.send(&json!({ "type": "move", "notation": "Ca1" }))
        .await
        .expect("send");
    let mut moved = false;
    while !moved {
        match page.next().await.expect("a message") {
            ServerMessage::State { moves, .. } => moved = moves.len() == 1,
            ServerMessage::Error { message } => panic!("{message}"),
            _ => {}
        }
    }
    let mut watcher = GameSocket::connect(addr, &game.id).await.expect("connect");
    watcher
        .send(&json!({ "type": "join" }))
        .await
        .expect("join");
    loop {
        match watcher.next().await {
            Ok(ServerMessage::Error { message }) => {
                assert!(message.contains("spectators"), "{message}");
                break;
            }
            Ok(_) => {}
            Err(e) => panic!("refused without a word: {e}"),
        }
    }
    let after = scrape(metrics).await;
    let value = |name: &str| after.get(name).copied().unwrap_or_default();
    // A count, written as a whole number.
    let count = |name: &str| value(name).to_string();
    assert_eq!(count("tabuleiro_moves_stored_total{game=\"quantik\"}"), "1");
    assert_eq!(count("tabuleiro_move_broadcast_seconds_count"), "1");
    assert!(value("tabuleiro_move_broadcast_seconds_sum") > 0.0);
    assert!(value("tabuleiro_store_write_seconds_count") >= 1.0);
    assert_eq!(count("tabuleiro_games_live"), "1");
    assert!(value("tabuleiro_connections{kind=\"websocket\"}") >= 1.0);
    assert!(value("tabuleiro_connections{kind=\"http\"}") >= 1.0);
    assert_eq!(
        count("tabuleiro_refusals_total{limit=\"spectators_per_game\"}"),
        "1"
    );
    // Every sample of a histogram's buckets is cumulative, up to +Inf = the count.
    assert_eq!(
        count("tabuleiro_move_broadcast_seconds_bucket{le=\"+Inf\"}"),
        "1"
    );
    drop(page);
    drop(watcher);

    // A load benchmark's games, counted move by move.
    let output = Command::new(env!("CARGO_BIN_EXE_tabuleiro"))
        .args(["bench-web", "--games", "10", "--server", &addr.to_string()])
        .output()
        .expect("the benchmark runs");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{text}");
    let moves: f64 = text
        .split_whitespace()
        .zip(text.split_whitespace().skip(1))
        .find(|(_, word)| word.starts_with("moves"))
        .and_then(|(n, _)| n.replace(',', "").parse().ok())
        .expect("the moves played");
    let later = scrape(metrics).await;
    let stored: f64 = later
        .iter()
        .filter(|(name, _)| name.starts_with("tabuleiro_moves_stored_total"))
        .map(|(_, v)| v)
        .sum();
    assert!(
        stored >= 1.0 + moves,
        "{stored} stored, {moves} played:\n{text}"
    );
    drop(server);
    let _ = std::fs::remove_dir_all(&dir);
}
