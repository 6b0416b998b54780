//! `tabuleiro solve` and `tabuleiro analyse`, and Nudge's solved table.

use crate::cli::util::{json, run, scratch, stderr, stdout};

#[test]
fn solve_json_names_the_winner() {
    let v = json(&run(&["solve", "quantik", "--json"], ""));
    assert_eq!(v["game"], "quantik");
    let winner = v["winner"].as_str().expect("winner");
    assert!(winner == "first" || winner == "second", "{v}");
    assert!(v["positions"].as_u64().expect("positions") > 1000);
    assert!(v["seconds"].as_f64().is_some());
    // Moving second instead does not change who wins "first" / "second" of the move order.
    let swapped = json(&run(&["solve", "quantik", "-o", "first=2", "--json"], ""));
    assert_eq!(swapped["winner"], v["winner"]);
}

#[test]
fn analyse_rates_every_quantik_move_exactly() {
    let dir = scratch("analyse");
    let record = dir.join("game.json");
    let out = run(
        &["play", "quantik", "--save", record.to_str().expect("path")],
        "Ca1\nyb2\nOc3\nsd4\nYa3\nob1\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let v = json(&run(
        &[
            "analyse",
            "quantik",
            "--record",
            record.to_str().expect("path"),
            "--json",
        ],
        "",
    ));
    assert_eq!(v["ply"], 6);
    let moves = v["moves"].as_array().expect("moves");
    assert!(!moves.is_empty(), "{v}");
    assert_eq!(v["best"], moves[0]["move"], "{v}");
    for m in moves {
        assert!(
            matches!(m["exact"]["value"].as_str(), Some("win" | "loss" | "draw")),
            "{m}"
        );
    }
    let text = stdout(&run(
        &[
            "analyse",
            "quantik",
            "--record",
            record.to_str().expect("path"),
            "--ply",
            "2",
        ],
        "",
    ));
    assert!(text.contains("after 2 moves"), "{text}");
    assert!(text.contains(" in "), "{text}");
    let bad = run(
        &[
            "analyse",
            "nudge",
            "--record",
            record.to_str().expect("path"),
        ],
        "",
    );
    assert!(!bad.status.success());
    assert!(stderr(&bad).contains("not nudge"), "{}", stderr(&bad));
    let far = run(
        &[
            "analyse",
            "quantik",
            "--record",
            record.to_str().expect("path"),
            "--ply",
            "40",
        ],
        "",
    );
    assert!(
        stderr(&far).contains("no position after 40"),
        "{}",
        stderr(&far)
    );
    let searched = json(&run(
        &["analyse", "pushee", "--think-ms", "100", "--json"],
        "",
    ));
    assert!(searched["best"].is_string(), "{searched}");
    assert!(searched["moves"].as_array().is_some_and(Vec::is_empty));
}

#[test]
fn a_bad_nudge_table_is_refused_with_the_reason() {
    let dir = scratch("table");
    let bad = dir.join("bad.table");
    std::fs::write(&bad, b"not a table at all").expect("written");
    let path = bad.to_str().expect("path");
    for args in [
        &["analyse", "nudge", "--table", path][..],
        &["play", "nudge", "--p2", "perfect", "--table", path],
        &[
            "match", "nudge", "perfect", "random", "--games", "2", "--table", path,
        ],
    ] {
        let out = run(args, "");
        assert!(!out.status.success(), "{args:?}");
        assert!(
            stderr(&out).contains("not a tabuleiro Nudge table"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    // A good header over too few values: refused, never read.
    let mut truncated = b"TABULEIRO-NUDGE\0".to_vec();
    truncated.extend(1u32.to_le_bytes());
    truncated.extend([5, 3, 0, 0]);
    truncated.extend(3_542_000u64.to_le_bytes());
    truncated.extend([0; 100]);
    std::fs::write(&bad, &truncated).expect("written");
    let out = run(&["analyse", "nudge", "--table", path], "");
    assert!(!out.status.success());
    assert!(
        stderr(&out).contains("truncated or damaged"),
        "{}",
        stderr(&out)
    );
    assert!(
        stderr(&out).contains("solve nudge --out"),
        "{}",
        stderr(&out)
    );
}

/// `cargo test --release -p tabuleiro-cli --test programs solve_nudge -- --ignored`
#[test]
#[ignore = "solves Nudge in full: seconds in release, longer in a test build"]
fn solve_nudge_json_lists_every_start_and_saves_the_table() {
    let dir = scratch("solve-nudge");
    let table = dir.join("nudge.table");
    let v = json(&run(
        &[
            "solve",
            "nudge",
            "--json",
            "--out",
            table.to_str().expect("path"),
        ],
        "",
    ));
    assert_eq!(v["game"], "nudge");
    assert_eq!(v["positions"], 3_542_000);
    let results = v["results"].as_array().expect("results");
    assert_eq!(results.len(), 8);
    for r in results {
        assert!(
            r["start"].as_u64().is_some_and(|s| (1..=4).contains(&s)),
            "{r}"
        );
        assert!(
            matches!(r["first"].as_str(), Some("white" | "black")),
            "{r}"
        );
        assert!(
            matches!(r["value"].as_str(), Some("win" | "loss" | "draw")),
            "{r}"
        );
        assert_eq!(r["turns"].is_null(), r["value"] == "draw", "{r}");
    }
    assert!(v["seconds"].as_f64().is_some() && v["peak_bytes"].as_u64().is_some());
    // The saved table answers analysis.
    let a = json(&run(
        &[
            "analyse",
            "nudge",
            "--json",
            "--table",
            table.to_str().expect("path"),
        ],
        "",
    ));
    assert!(!a["turns"].as_array().expect("turns").is_empty(), "{a}");
}
