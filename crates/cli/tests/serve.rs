//! `tabuleiro serve` as a process: killed with SIGKILL (`kill -9`) while moves are being
//! played, then started again on the same data folder, it has every acknowledged move; killed
//! for 15 s during a game on a clock, it costs its player to move no time; stopped with
//! SIGTERM, it drains (`/readyz` fails, every page is told) and exits within 10 s.

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::json;
use tabuleiro_load::client::{GameSocket, request};
use tabuleiro_web::protocol::{Created, ServerMessage};

use crate::support::{Process, serving, start};

/// The next state's (version, moves, legal), skipping other messages.
async fn state(socket: &mut GameSocket) -> (u64, Vec<String>, Vec<String>) {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(20), socket.next())
            .await
            .expect("a message within 20 s")
            .expect("a message");
        match message {
            ServerMessage::State {
                version,
                moves,
                legal,
                ..
            } => {
                return (
                    version,
                    moves.into_iter().map(|m| m.text).collect(),
                    legal.into_iter().map(|l| l.notation).collect(),
                );
            }
            ServerMessage::Error { message } => panic!("error: {message}"),
            _ => {}
        }
    }
}

async fn join(addr: SocketAddr, id: &str, token: &str) -> GameSocket {
    let mut socket = GameSocket::connect(addr, id).await.expect("connect");
    socket
        .send(&json!({ "type": "join", "token": token }))
        .await
        .expect("join");
    socket
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn stopped_with_sigterm_the_server_drains_tells_every_page_and_exits_within_10_s() {
    let data = std::env::temp_dir().join(format!("tabuleiro-serve-term-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let (server, addr) = start(&data, None);
    let body = json!({ "game": "quantik", "mode": "online" }).to_string();
    let answer = request(addr, "POST", "/api/games", Some(&body))
        .await
        .expect("create");
    let game: Created = serde_json::from_str(&answer.body).expect("created");
    let token = game.seats[0].token.clone().expect("a token");
    let mut page = join(addr, &game.id, &token).await;
    state(&mut page).await;
    page.send(&json!({ "type": "move", "notation": "Ca1" }))
        .await
        .expect("send");
    let (_, moves, _) = state(&mut page).await;
    assert_eq!(moves, ["Ca1"], "acknowledged");
    let ready = request(addr, "GET", "/readyz", None).await.expect("readyz");
    assert_eq!(ready.status, 200, "{}", ready.body);
    let asked = Command::new("kill")
        .args(["-TERM", &server.0.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(asked.success());
    let stopping = std::time::Instant::now();
    // The page is told the server is restarting (it reconnects by itself).
    loop {
        let message = tokio::time::timeout(Duration::from_secs(5), page.next())
            .await
            .expect("told within 5 s")
            .expect("a message");
        if message == ServerMessage::Restarting {
            break;
        }
    }
    // A load balancer asking now hears that the node is not ready; a new game is not opened.
    let ready = request(addr, "GET", "/readyz", None).await.expect("readyz");
    assert_eq!(ready.status, 503, "{}", ready.body);
    assert!(GameSocket::connect(addr, &game.id).await.is_err());
    // The node exits, with success, within 10 s.
    let exited = tokio::task::spawn_blocking(move || {
        let mut server = server;
        let status = server.0.wait();
        (server, status)
    });
    let (_server, status) = tokio::time::timeout(Duration::from_secs(10), exited)
        .await
        .expect("gone within 10 s")
        .expect("joined");
    assert!(status.expect("waited").success());
    assert!(stopping.elapsed() < Duration::from_secs(10));
    // Started again, the move is there.
    let (_again, addr) = start(&data, None);
    let (_, moves, _) = server_state(addr, &game.id, &token).await;
    assert_eq!(moves, ["Ca1"]);
    let _ = std::fs::remove_dir_all(&data);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_with_sigkill_the_server_keeps_every_acknowledged_move() {
    let data = std::env::temp_dir().join(format!("tabuleiro-serve-kill-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let (mut server, addr) = start(&data, None);
    let body = json!({ "game": "taiji", "mode": "online", "options": { "size": "7" } }).to_string();
    let answer = request(addr, "POST", "/api/games", Some(&body))
        .await
        .expect("create");
    let game: Created = serde_json::from_str(&answer.body).expect("created");
    let tokens: Vec<String> = game
        .seats
        .iter()
        .map(|s| s.token.clone().expect("token"))
        .collect();
    let mut acknowledged: Vec<String> = Vec::new();
    for round in 0..4 {
        let mut sockets = Vec::new();
        for token in &tokens {
            let mut socket = join(addr, &game.id, token).await;
            let (_, moves, _) = state(&mut socket).await;
            assert!(
                moves.starts_with(&acknowledged) && moves.len() <= acknowledged.len() + 1,
                "round {round}: stored {moves:?}, acknowledged {acknowledged:?}"
            );
            acknowledged = moves;
            sockets.push(socket);
        }
        // A few acknowledged moves, then one more sent and the server killed at once.
        for k in 0..=3 {
            let mover = acknowledged.len() % 2;
            let (_, _, legal) = server_state(addr, &game.id, &tokens[mover]).await;
            let notation = legal[(round * 7 + k) % legal.len()].clone();
            sockets[mover]
                .send(&json!({ "type": "move", "notation": notation }))
                .await
                .expect("send");
            if k == 3 {
                break;
            }
            // States of earlier moves may still be queued: read up to this move's.
            let expected = acknowledged.len() + 1;
            let moves = loop {
                let (_, moves, _) = state(&mut sockets[mover]).await;
                if moves.len() == expected {
                    break moves;
                }
            };
            assert_eq!(moves.last(), Some(&notation));
            acknowledged = moves;
        }
        server.kill();
        server = start(&data, Some(addr)).0;
    }
    drop(server);
    assert!(acknowledged.len() >= 12, "{acknowledged:?}");
    let _ = std::fs::remove_dir_all(&data);
}

/// The next state's clock: (each seat's time left, ms; the seat whose time runs).
async fn clock(socket: &mut GameSocket) -> (Vec<u64>, Option<usize>) {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(20), socket.next())
            .await
            .expect("a message within 20 s")
            .expect("a message");
        if let ServerMessage::State {
            clock: Some(clock), ..
        } = message
        {
            return (clock.remaining, clock.running);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn killed_for_15_s_during_a_game_on_a_clock_the_server_costs_its_player_no_time() {
    let data = std::env::temp_dir().join(format!("tabuleiro-serve-outage-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let (mut server, addr) = start(&data, None);
    let body =
        json!({ "game": "quantik", "mode": "online", "clock": { "minutes": 1 } }).to_string();
    let answer = request(addr, "POST", "/api/games", Some(&body))
        .await
        .expect("create");
    let game: Created = serde_json::from_str(&answer.body).expect("created");
    let token = game.seats[0].token.clone().expect("token");
    let mut one = join(addr, &game.id, &token).await;
    clock(&mut one).await;
    one.send(&json!({ "type": "move", "notation": "Ca1" }))
        .await
        .expect("send");
    let started = std::time::Instant::now();
    while clock(&mut one).await.1 != Some(1) {}
    drop(one);
    // Player 2's time runs; the server dies, and nobody serves for 15 s.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let left_at_kill = 60_000 - i64::try_from(started.elapsed().as_millis()).unwrap_or(0);
    server.kill();
    tokio::time::sleep(Duration::from_secs(15)).await;
    let server = start(&data, Some(addr)).0;
    let mut watch = GameSocket::connect(addr, &game.id).await.expect("connect");
    watch
        .send(&json!({ "type": "join", "token": null }))
        .await
        .expect("join");
    let (remaining, running) = clock(&mut watch).await;
    assert_eq!(running, Some(1));
    let shown = i64::try_from(remaining[1]).unwrap_or(0);
    assert!(
        (shown - left_at_kill).abs() <= 1_000,
        "15 s without a server cost player 2 nothing: shown {shown} ms, {left_at_kill} ms left \
         when it died"
    );
    // And the time runs again from there.
    tokio::time::sleep(Duration::from_secs(2)).await;
    drop(watch);
    let mut watch = GameSocket::connect(addr, &game.id).await.expect("connect");
    watch
        .send(&json!({ "type": "join", "token": null }))
        .await
        .expect("join");
    let later = i64::try_from(clock(&mut watch).await.0[1]).unwrap_or(0);
    assert!(
        (shown - later - 2_000).abs() <= 500,
        "running again: {shown} ms, then {later} ms 2 s later"
    );
    drop(server);
    let _ = std::fs::remove_dir_all(&data);
}

/// The state a new connection of `token` sees.
async fn server_state(addr: SocketAddr, id: &str, token: &str) -> (u64, Vec<String>, Vec<String>) {
    let mut socket = join(addr, id, token).await;
    state(&mut socket).await
}

/// Runs `tabuleiro bench-web ARGS`, which must succeed; returns what it printed.
fn bench_web(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_tabuleiro"))
        .arg("bench-web")
        .args(args)
        .output()
        .expect("the benchmark runs");
    let text = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    text
}

#[test]
fn bench_web_plays_its_games_without_error() {
    let text = bench_web(&["--games", "20"]);
    assert!(text.contains("20 games at once: 20 finished"), "{text}");
    assert!(text.contains(", 0 errors"), "{text}");
    assert!(text.contains("p99"), "{text}");
}

#[test]
fn bench_web_compares_rated_games_on_clocks_with_games_without_over_several_runs() {
    let text = bench_web(&[
        "--games", "10", "--lobby", "3+2", "--rated", "--repeat", "2",
    ]);
    assert_eq!(
        text.matches("10 games at once: 10 finished").count(),
        6,
        "two runs of each of three kinds: {text}"
    );
    assert_eq!(text.matches(", 0 errors").count(), 6, "{text}");
    for kind in [
        "2 runs together, through the lobby on clocks, rated:",
        "2 runs together, through the lobby without clocks, rated:",
        "2 runs together, by links:",
        "the clocks: on clocks against without, through the lobby:",
        "the lobby and the clocks: on clocks through the lobby against by links:",
    ] {
        assert!(text.contains(kind), "{kind}: {text}");
    }
    assert_eq!(
        text.matches("every clock within").count(),
        3,
        "only the runs on clocks, and all of them together, measure the clocks: {text}"
    );
}

#[test]
fn bench_web_restarts_a_server_on_many_stored_games() {
    let text = bench_web(&["--stored", "300"]);
    assert!(text.contains("stored 300 finished games"), "{text}");
    assert!(
        text.contains("server on 300 stored games: started in"),
        "{text}"
    );
    assert!(text.contains("MiB after opening one stored game"), "{text}");
}

#[test]
fn bench_web_under_attack_plays_every_honest_game() {
    // The games against the computer for 3 s a run, not 20: what is checked is that every
    // game is played, not the figures.
    let text = bench_web(&["--games", "20", "--adversarial", "--computer-seconds", "3"]);
    assert_eq!(
        text.matches("20 games at once: 20 finished").count(),
        2,
        "{text}"
    );
    assert_eq!(text.matches(", 0 errors").count(), 2, "{text}");
    assert!(text.contains("under attack:"), "{text}");
    assert!(text.contains("refused with 429"), "{text}");
    // The honest games against the computer play the game the registry says is heaviest.
    let heaviest = tabuleiro_load::picks::heaviest().id;
    assert!(
        text.contains(&format!("games of {heaviest} against `easy`")),
        "{text}"
    );
}

#[test]
fn bench_web_measures_a_server_already_running() {
    let data = std::env::temp_dir().join(format!("tabuleiro-bench-server-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let (server, addr) = start(&data, None);
    let text = bench_web(&["--games", "20", "--server", &addr.to_string()]);
    assert!(text.contains("20 games at once: 20 finished"), "{text}");
    assert!(text.contains(", 0 errors"), "{text}");
    drop(server);
    // The games were played on that server: it stored them.
    let stored = stored_games(&data);
    assert_eq!(stored, 20);
    let _ = std::fs::remove_dir_all(&data);
}

/// The number of games stored in the SQLite database of folder `data`.
fn stored_games(data: &Path) -> usize {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let store = tabuleiro_web::store::Database::Folder(data.to_owned())
            .open(&tabuleiro_web::store::StoreOptions::default())
            .await
            .expect("the store");
        store.count().await.expect("count")
    })
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn json_logs_name_the_game_and_the_connection_of_each_line() {
    let data = std::env::temp_dir().join(format!("tabuleiro-json-logs-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(&data).expect("a folder");
    let log = data.join("stderr.log");
    let addr = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabuleiro"))
        .args([
            "serve",
            "--metrics-addr",
            "off",
            "--log-format",
            "json",
            "--addr",
            &addr.to_string(),
            "--data",
        ])
        .arg(&data)
        .env("RUST_LOG", "tabuleiro_web=debug")
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&log).expect("the log file"))
        .spawn()
        .expect("the server starts");
    let stdout = child.stdout.take().expect("stdout");
    let server = Process(child);
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("the first line");
    let body = json!({ "game": "quantik", "mode": "hotseat" }).to_string();
    let answer = request(addr, "POST", "/api/games", Some(&body))
        .await
        .expect("create");
    let game: Created = serde_json::from_str(&answer.body).expect("created");
    let token = game.seats[0].token.clone().expect("a token");
    let mut socket = join(addr, &game.id, &token).await;
    let (_, _, legal) = state(&mut socket).await;
    socket
        .send(&json!({ "type": "move", "notation": legal[0] }))
        .await
        .expect("send");
    state(&mut socket).await;
    drop(socket);
    tokio::time::sleep(Duration::from_millis(300)).await;
    drop(server);
    let text = std::fs::read_to_string(&log).expect("the log");
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}")))
        .collect();
    let stored = lines
        .iter()
        .find(|l| l["fields"]["message"] == "move stored")
        .unwrap_or_else(|| panic!("no move logged: {text}"));
    assert_eq!(stored["span"]["game"], game.id.as_str(), "{stored}");
    assert!(stored["span"]["conn"].is_u64(), "{stored}");
    assert_eq!(stored["fields"]["notation"], legal[0].as_str(), "{stored}");
    assert!(
        lines.iter().any(|l| l["fields"]["message"] == "joined"),
        "{text}"
    );
    let _ = std::fs::remove_dir_all(&data);
}

/// The soft and hard limits on open files of process `pid`, from `/proc`.
fn open_files_limits(pid: u32) -> (u64, u64) {
    let limits = std::fs::read_to_string(format!("/proc/{pid}/limits")).expect("/proc limits");
    let line = limits
        .lines()
        .find(|l| l.starts_with("Max open files"))
        .expect("a line for open files");
    let numbers: Vec<u64> = line
        .split_whitespace()
        .filter_map(|w| w.parse().ok())
        .collect();
    (numbers[0], numbers[1])
}

#[test]
fn the_server_raises_its_limit_on_open_files_toward_the_hard_limit() {
    let (_, hard) = open_files_limits(std::process::id());
    assert!(
        hard > 256,
        "the hard limit ({hard}) leaves nothing to raise"
    );
    let data = std::env::temp_dir().join(format!("tabuleiro-nofile-{}", std::process::id()));
    let addr = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .expect("a free port");
    // Started with a soft limit of 256, under which 5,000 connections cannot be open.
    let server = serving(
        Command::new("sh")
            .arg("-c")
            .arg("ulimit -Sn 256 && exec \"$0\" serve --addr \"$1\" --data \"$2\"")
            .arg(env!("CARGO_BIN_EXE_tabuleiro"))
            .arg(addr.to_string())
            .arg(&data)
            .stderr(Stdio::null()),
    );
    let (soft, _) = open_files_limits(server.0.id());
    assert!(
        soft >= hard.min(5_064),
        "the soft limit is still {soft} (hard {hard})"
    );
    drop(server);
    let _ = std::fs::remove_dir_all(&data);
}

/// The resident memory of process `pid` now (`VmRSS`) and at its peak (`VmHWM`), in MiB.
fn resident_mib(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).expect("/proc status");
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
            .expect("a memory field")
            / 1024
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// The audit's attack: games against `hard` created from several networks, up to each one's
/// creation limit, and never opened. Each computer player once held its search table from the
/// game's creation on: 299 such Quantik games took a server from 20 to 1,146 MiB.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unopened_games_against_hard_from_many_networks_keep_the_server_under_512_mib() {
    let data = std::env::temp_dir().join(format!("tabuleiro-unopened-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    let (server, addr) = start(&data, None);
    let mut created = 0;
    for network in 10..16u8 {
        let from = std::net::IpAddr::from([127, 0, network, 9]);
        for n in 0..60 {
            let game = ["quantik", "pushee", "nudge"][n % 3];
            let body =
                json!({ "game": game, "mode": "computer", "level": "hard", "seat": 1 }).to_string();
            let json = [("Content-Type", "application/json")];
            let answer = tabuleiro_load::client::request_from(
                Some(from),
                addr,
                "POST",
                "/api/games",
                &json,
                Some(&body),
            )
            .await
            .expect("an answer");
            if answer.status == 201 {
                created += 1;
            }
        }
    }
    let (now, peak) = resident_mib(server.0.id());
    eprintln!("{created} unopened games against hard: {now} MiB resident, {peak} MiB at the peak");
    assert!(created >= 300, "only {created} games were created");
    assert!(
        peak < 512,
        "{created} unopened games against hard: {now} MiB resident, {peak} MiB at the peak"
    );
    drop(server);
    let _ = std::fs::remove_dir_all(&data);
}

/// Runs `tabuleiro ARGS`; returns whether it succeeded, and what it printed and said.
fn tabuleiro(args: &[&std::ffi::OsStr]) -> (bool, String, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabuleiro"))
        .args(args)
        .output()
        .expect("tabuleiro runs");
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_backup_taken_while_serving_restores_to_a_server_with_every_game() {
    let root = std::env::temp_dir().join(format!("tabuleiro-backup-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&root);
    let (served, restored) = (root.join("served"), root.join("restored"));
    let copy = root.join("copy.sqlite3");
    let (server, addr) = start(&served, None);
    // Games of every kind: finished and not, each with some moves.
    let mut games: Vec<(String, String, Vec<String>)> = Vec::new();
    for (k, game) in ["quantik", "nudge", "taiji", "pushee", "qinto"]
        .iter()
        .enumerate()
    {
        let body = json!({ "game": game, "mode": "hotseat" }).to_string();
        let answer = request(addr, "POST", "/api/games", Some(&body))
            .await
            .expect("create");
        let created: Created = serde_json::from_str(&answer.body).expect("created");
        let token = created.seats[0].token.clone().expect("token");
        let mut socket = join(addr, &created.id, &token).await;
        let (_, mut moves, mut legal) = state(&mut socket).await;
        // Quantik played to its end, the others a few moves in.
        let plies = if k == 0 { 40 } else { 3 + k };
        while moves.len() < plies && !legal.is_empty() {
            let notation = legal[moves.len() * 5 % legal.len()].clone();
            socket
                .send(&json!({ "type": "move", "notation": notation }))
                .await
                .expect("send");
            let before = moves.len();
            while moves.len() == before {
                (_, moves, legal) = state(&mut socket).await;
            }
        }
        games.push((created.id.clone(), token, moves));
    }
    // The copy, taken while the server serves (its moves are in the write-ahead log).
    let (ok, said, err) = tabuleiro(&[
        "backup".as_ref(),
        "--data".as_ref(),
        served.as_os_str(),
        copy.as_os_str(),
    ]);
    assert!(ok, "{err}");
    assert!(said.contains("backed up 5 games"), "{said}");
    let (again, _, refused) = tabuleiro(&[
        "backup".as_ref(),
        "--data".as_ref(),
        served.as_os_str(),
        copy.as_os_str(),
    ]);
    assert!(!again && refused.contains("exists already"), "{refused}");
    drop(server);
    let (ok, said, err) = tabuleiro(&[
        "restore".as_ref(),
        copy.as_os_str(),
        "--data".as_ref(),
        restored.as_os_str(),
    ]);
    assert!(ok, "{err}");
    assert!(said.contains("restored 5 games"), "{said}");
    // A server on the restored folder has every game, every move, and replays them.
    let (_server, addr) = start(&restored, None);
    for (id, token, moves) in &games {
        let (_, again, _) = server_state(addr, id, token).await;
        assert_eq!(&again, moves, "game {id}");
    }
    let finished = &games[0].0;
    let record = request(addr, "GET", &format!("/api/games/{finished}/record"), None)
        .await
        .expect("record");
    assert_eq!(record.status, 200, "{}", record.body);
    let file = root.join("finished.json");
    std::fs::write(&file, &record.body).expect("write the record");
    let (ok, _, err) = tabuleiro(&["replay".as_ref(), file.as_os_str()]);
    assert!(ok, "the restored game's record replays: {err}");
    // A restore onto a database refuses without --force, and keeps the old one with it.
    let (ok, _, refused) = tabuleiro(&[
        "restore".as_ref(),
        copy.as_os_str(),
        "--data".as_ref(),
        restored.as_os_str(),
    ]);
    assert!(!ok && refused.contains("--force"), "{refused}");
    let _ = std::fs::remove_dir_all(&root);
}
