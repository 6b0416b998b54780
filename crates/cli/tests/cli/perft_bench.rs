//! `tabuleiro perft` and `tabuleiro bench`, as JSON.

use crate::cli::util::{json, run};

#[test]
fn perft_json_has_the_counts() {
    let v = json(&run(&["perft", "quantik", "2", "--json"], ""));
    assert_eq!(v["game"], "quantik");
    assert_eq!(v["depth"], 2);
    let counts = v["counts"].as_array().expect("counts");
    assert_eq!(counts.len(), 2);
    assert_eq!(counts[0], 64);
    // After a first piece, the second player has 15 empty cells x 4 shapes, minus the
    // 7 other cells in that piece's row, column and region for its shape.
    assert_eq!(counts[1], 64 * (15 * 4 - 7));
}

#[test]
fn bench_json_reports_speeds() {
    let v = json(&run(
        &["bench", "quantik", "--seconds", "0.05", "--json"],
        "",
    ));
    assert_eq!(v["game"], "quantik");
    assert!(v["playouts_per_sec"].as_f64().expect("playouts") > 0.0);
    assert!(v["search_nodes_per_sec"].as_f64().expect("nodes") > 0.0);
    assert_eq!(
        v["parallel"],
        serde_json::json!([]),
        "no threads asked: {v}"
    );
}

#[test]
fn bench_threads_reports_every_search_and_the_machines_ceiling() {
    let v = json(&run(
        &[
            "bench",
            "qinto",
            "--seconds",
            "0.05",
            "--threads",
            "2",
            "--json",
        ],
        "",
    ));
    let rows = v["parallel"].as_array().expect("parallel rows");
    let threads: Vec<u64> = rows
        .iter()
        .map(|r| r["threads"].as_u64().expect("n"))
        .collect();
    assert_eq!(threads, [1, 2]);
    for row in rows {
        for rate in [
            "search_nodes_per_sec",
            "mcts_iterations_per_sec",
            "rollout_samples_per_sec",
            "independent_playouts_per_sec",
            "search_depth_secs",
        ] {
            assert!(row[rate].as_f64().expect(rate) > 0.0, "{rate} in {row}");
        }
    }
    assert!(v["parallel_depth"].as_u64().expect("a depth") >= 1, "{v}");
    for speedup in [
        "search_speedup",
        "search_depth_speedup",
        "mcts_speedup",
        "rollout_speedup",
        "independent_speedup",
    ] {
        assert_eq!(
            rows[0][speedup].as_f64(),
            Some(1.0),
            "{speedup} of one thread"
        );
        assert!(rows[1][speedup].as_f64().expect(speedup) > 0.0, "{speedup}");
    }
}
