//! A node stopped with SIGTERM while the others go on: the computer moves it had claimed are
//! handed back at once and made by another node, long before the claim would have run out;
//! under a load on two nodes, every page of the stopping node is told, joins again on the
//! other and finds every acknowledged move, every game ends, and the node is gone within 10 s.

use std::time::{Duration, Instant};

use serde_json::json;

use super::{create, database, join, node, node_with, until};

/// Where a game's queued computer move stands.
#[derive(Debug, PartialEq)]
enum Job {
    /// Not queued (made, or never asked for).
    None,
    /// Queued, held by nobody.
    Free,
    /// Queued and claimed by a worker.
    Claimed,
}

/// Where the queued computer move of game `id` stands.
fn job(url: &str, id: &str) -> Job {
    let (url, id) = (url.to_owned(), id.to_owned());
    std::thread::spawn(move || {
        let mut client = postgres::Client::connect(&url, postgres::NoTls).expect("PostgreSQL");
        let row = client
            .query_opt(
                "SELECT claimed_by FROM computer_jobs WHERE game_id = $1",
                &[&id],
            )
            .expect("the queue");
        match row.map(|row| row.get::<_, Option<String>>(0)) {
            None => Job::None,
            Some(None) => Job::Free,
            Some(Some(_)) => Job::Claimed,
        }
    })
    .join()
    .expect("read")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test runs it (TABULEIRO_TEST_POSTGRES)"]
async fn a_stopping_node_hands_its_claimed_computer_move_to_another_at_once() {
    let url = database("handback");
    // Node A is the only worker; B serves pages only.
    let a = node(&url);
    let b = node_with(&url, &["--workers", "0"]);
    let game = create(
        &b,
        json!({ "game": "taiji", "mode": "computer", "level": "hard", "options": { "size": "7" } }),
    )
    .await;
    let token = game.seats[0].token.clone().expect("a token");
    let mut person = join(&b, &game.id, Some(&token)).await;
    let (_, legal, _) = until(&mut person, 0).await;
    person
        .send(&json!({ "type": "move", "notation": legal[0] }))
        .await
        .expect("send");
    until(&mut person, 1).await;
    // A's worker claims the computer's move (and thinks a second).
    let began = Instant::now();
    while job(&url, &game.id) != Job::Claimed {
        assert!(
            began.elapsed() < Duration::from_secs(5),
            "A never claimed the move"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let asked = std::process::Command::new("kill")
        .args(["-TERM", &a.child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(asked.success());
    let stopping = Instant::now();
    // Handed back at once: nobody holds it (or A made it already, in its last second).
    loop {
        match job(&url, &game.id) {
            Job::Free => break,
            Job::None => panic!("A made the move while stopping: too fast to see the hand-back"),
            Job::Claimed => {}
        }
        assert!(
            stopping.elapsed() < Duration::from_secs(1),
            "still claimed a second after SIGTERM"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // A new worker takes it at once, not when A's claim (10 s) would have run out.
    let _c = node(&url);
    let (moves, _, _) = until(&mut person, 2).await;
    assert_eq!(moves.len(), 2, "the computer's move made: {moves:?}");
    assert!(
        stopping.elapsed() < Duration::from_secs(8),
        "made {:?} after SIGTERM",
        stopping.elapsed()
    );
    drop(a);
}

/// The moves stored in the database at `url`.
fn stored_moves(url: &str) -> i64 {
    let url = url.to_owned();
    std::thread::spawn(move || {
        let mut client = postgres::Client::connect(&url, postgres::NoTls).expect("PostgreSQL");
        client
            .query_one("SELECT count(*) FROM moves", &[])
            .expect("count")
            .get(0)
    })
    .join()
    .expect("read")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test runs it (TABULEIRO_TEST_POSTGRES)"]
async fn sigterm_during_a_load_on_two_nodes_loses_nothing_and_the_other_node_plays_on() {
    const GAMES: usize = 100;
    let url = database("drainload");
    let open = [
        "--creations-per-minute",
        "0",
        "--max-connections-per-address",
        "1000",
    ];
    let mut a = node_with(&url, &open);
    let b = node_with(&url, &open);
    // The load: each game's first seat on A, its second on B, a person's pause before each
    // move; a seat whose server restarts joins again on the other node and checks that the
    // state it is shown there holds every move it was shown (`tabuleiro_load::bench`).
    let (addr_a, addr_b) = (a.addr.to_string(), b.addr.to_string());
    let bench = std::thread::spawn(move || {
        std::process::Command::new(env!("CARGO_BIN_EXE_tabuleiro"))
            .args([
                "bench-web",
                "--games",
                &GAMES.to_string(),
                "--pause-ms",
                "150",
            ])
            .args(["--server", &addr_a, "--server", &addr_b])
            .output()
            .expect("the benchmark runs")
    });
    // Once play is under way, A is stopped as systemd or a rolling deploy would.
    let began = Instant::now();
    while stored_moves(&url) < 2 * GAMES as i64 {
        assert!(
            began.elapsed() < Duration::from_mins(1),
            "play never got going"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let asked = std::process::Command::new("kill")
        .args(["-TERM", &a.child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(asked.success());
    let stopping = Instant::now();
    let exited = loop {
        if let Some(status) = a.child.try_wait().expect("A's status") {
            break status;
        }
        assert!(
            stopping.elapsed() < Duration::from_secs(10),
            "A still running 10 s after SIGTERM"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    let gone_after = stopping.elapsed();
    assert!(exited.success(), "A stopped cleanly: {exited}");
    let output = bench.join().expect("the benchmark");
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        text.contains(&format!("{GAMES} games at once: {GAMES} finished")),
        "every game played to its end, on B: {text}"
    );
    assert!(text.contains(", 0 errors"), "{text}");
    // Every page on A was told before its connection went, and joined again on B.
    let lost = text
        .lines()
        .find_map(|l| l.split_once(" connections lost ("))
        .map(|(n, rest)| {
            (
                n.to_owned(),
                rest.split(' ').next().unwrap_or_default().to_owned(),
            )
        });
    let (lost, told) = lost.unwrap_or_else(|| panic!("no page moved to B: {text}"));
    assert_eq!(lost, told, "every page on A told first: {text}");
    assert!(lost.parse::<usize>().is_ok_and(|n| n >= 1), "{text}");
    eprintln!(
        "A gone {:.2} s after SIGTERM, under {GAMES} games; {lost} pages moved to B",
        gone_after.as_secs_f64()
    );
    drop(b);
}
