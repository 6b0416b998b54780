//! The PostgreSQL backup of docs/deploy.md, step by step: `pg_dump` while a node serves,
//! `pg_restore` into a new database, a node on it finds every move of every game.

use std::process::Command;

use serde_json::json;
use tabuleiro_load::client::request;

use super::{create, database, join, node, until};

/// PostgreSQL's program `name` (`pg_dump`), from the newest installed version.
fn program(name: &str) -> std::path::PathBuf {
    let mut found: Vec<std::path::PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .expect("PostgreSQL's programs")
        .filter_map(Result::ok)
        .map(|version| version.path().join("bin").join(name))
        .filter(|p| p.is_file())
        .collect();
    found.sort();
    found.pop().unwrap_or_else(|| panic!("no {name}"))
}

fn run(command: &mut Command) {
    let out = command.output().expect("the program runs");
    assert!(
        out.status.success(),
        "{command:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test runs it (TABULEIRO_TEST_POSTGRES)"]
async fn a_pg_dump_taken_while_serving_restores_every_game() {
    let url = database("backup");
    let served = node(&url);
    let mut games = Vec::new();
    for (k, game) in ["quantik", "taiji", "qinto"].iter().enumerate() {
        let created = create(&served, json!({ "game": game, "mode": "hotseat" })).await;
        let token = created.seats[0].token.clone().expect("token");
        let mut socket = join(&served, &created.id, Some(&token)).await;
        let (mut moves, mut legal, mut over) = until(&mut socket, 0).await;
        // Quantik played to its end, the others a few moves in.
        let plies = if k == 0 { 40 } else { 4 };
        while moves.len() < plies && !over {
            let notation = legal[moves.len() * 5 % legal.len()].clone();
            socket
                .send(&json!({ "type": "move", "notation": notation }))
                .await
                .expect("send");
            (moves, legal, over) = until(&mut socket, moves.len() + 1).await;
        }
        games.push((created.id, token, moves, over));
    }
    let dump = std::env::temp_dir().join(format!("tabuleiro-{}.dump", std::process::id()));
    run(Command::new(program("pg_dump"))
        .args(["--format=custom", "--file"])
        .arg(&dump)
        .arg(&url));
    let restored = database("restored");
    run(Command::new(program("pg_restore"))
        .args(["--no-owner", "--dbname", &restored])
        .arg(&dump));
    drop(served);
    let node = node(&restored);
    for (id, token, moves, over) in &games {
        let mut socket = join(&node, id, Some(token)).await;
        let (again, _, ended) = until(&mut socket, 0).await;
        assert_eq!(&again, moves, "game {id}");
        assert_eq!(ended, *over, "game {id}");
    }
    let finished = &games[0].0;
    let record = request(
        node.addr,
        "GET",
        &format!("/api/games/{finished}/record"),
        None,
    )
    .await
    .expect("record");
    assert_eq!(record.status, 200, "{}", record.body);
    let _ = std::fs::remove_file(&dump);
}
