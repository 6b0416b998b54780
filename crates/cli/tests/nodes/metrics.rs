//! The metrics of nodes sharing a PostgreSQL database: what only such nodes record (the delay
//! of another node's change, the pool of connections) and the computer's thinking, moving
//! with play.

use std::collections::HashMap;
use std::net::SocketAddr;

use serde_json::json;
use tabuleiro_load::client::request;

use super::{Node, create, database, join, node_with, until};

/// The samples of a node's metrics, by name and labels as written.
async fn scrape(node: &Node) -> HashMap<String, f64> {
    let addr: SocketAddr = node.metrics.expect("a node with metrics");
    let answer = request(addr, "GET", "/metrics", None)
        .await
        .expect("metrics");
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer
        .body
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.rsplit_once(' '))
        .filter_map(|(name, value)| Some((name.to_owned(), value.parse().ok()?)))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test runs it (TABULEIRO_TEST_POSTGRES)"]
async fn nodes_count_the_other_nodes_changes_their_pool_and_the_computers_thinking() {
    let url = database("metrics");
    let measured = ["--metrics-addr", "127.0.0.1:0"];
    let (a, b) = (node_with(&url, &measured), node_with(&url, &measured));
    // Two moves on A, watched from B.
    let game = create(&a, json!({ "game": "quantik", "mode": "hotseat" })).await;
    let token = game.seats[0].token.clone().expect("a token");
    let mut player = join(&a, &game.id, Some(&token)).await;
    let mut watcher = join(&b, &game.id, None).await;
    until(&mut watcher, 0).await;
    let (_, mut legal, _) = until(&mut player, 0).await;
    for n in 1..=2 {
        player
            .send(&json!({ "type": "move", "notation": legal[0] }))
            .await
            .expect("send");
        legal = until(&mut player, n).await.1;
        assert_eq!(until(&mut watcher, n).await.0.len(), n, "B shows the move");
    }
    // A computer's move, made by a worker of either node.
    let against = create(
        &a,
        json!({ "game": "quantik", "mode": "computer", "level": "easy", "seat": 1 }),
    )
    .await;
    let token = against.seats[1].token.clone().expect("a token");
    let mut person = join(&a, &against.id, Some(&token)).await;
    assert_eq!(until(&mut person, 1).await.0.len(), 1, "the computer moved");

    let (on_a, on_b) = (scrape(&a).await, scrape(&b).await);
    let value = |m: &HashMap<String, f64>, name: &str| m.get(name).copied().unwrap_or_default();
    let both = |name: &str| value(&on_a, name) + value(&on_b, name);
    assert!(
        value(&on_a, "tabuleiro_moves_stored_total{game=\"quantik\"}") >= 2.0,
        "{on_a:?}"
    );
    assert!(
        value(&on_b, "tabuleiro_notification_delay_seconds_count") >= 2.0,
        "B heard A's moves: {on_b:?}"
    );
    assert!(both("tabuleiro_computer_think_seconds_count") >= 1.0);
    assert!(
        both("tabuleiro_moves_stored_total{game=\"quantik\"}") >= 3.0,
        "the computer's move stored too"
    );
    for node in [&on_a, &on_b] {
        let pool = value(node, "tabuleiro_database_connections{state=\"in_use\"}")
            + value(node, "tabuleiro_database_connections{state=\"idle\"}");
        assert!(pool >= 1.0, "the pool is shown: {node:?}");
        assert!(node.contains_key("tabuleiro_database_waiting"));
        assert!(
            value(node, "tabuleiro_search_panics_total") < 0.5,
            "no search panicked"
        );
    }
}
