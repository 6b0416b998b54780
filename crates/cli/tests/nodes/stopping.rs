//! A node stopped with SIGTERM while the others go on: the computer moves it had claimed are
//! handed back at once and made by another node, long before the claim would have run out.

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
