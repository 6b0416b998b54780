//! `tabuleiro puzzles`: a generated file as the server and the terminal read it, the levels
//! rated on it, and the games that have none.

use crate::cli::util::{run, scratch, stderr, stdout};

#[test]
fn generated_puzzles_are_json_lines_that_replay_and_levels_are_rated_on_them() {
    let dir = scratch("puzzles");
    let file = dir.join("quantik.jsonl");
    let path = file.to_str().expect("path");
    let out = run(
        &[
            "puzzles", "generate", "quantik", "--count", "12", "--out", path,
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let summary = stdout(&out);
    assert!(summary.contains("12 puzzles from"), "{summary}");
    assert!(summary.contains("only move"), "{summary}");
    let text = std::fs::read_to_string(&file).expect("the file");
    let lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).expect("a JSON line"))
        .collect();
    assert_eq!(lines.len(), 12);
    // Each position is a record `tabuleiro replay` reads, ending with the puzzle's position.
    let record = dir.join("first.json");
    std::fs::write(&record, lines[0]["position"].to_string()).expect("write");
    let replay = run(&["replay", record.to_str().expect("path")], "");
    assert!(replay.status.success(), "{}", stderr(&replay));

    let out = run(
        &[
            "puzzles",
            "levels",
            path,
            "--levels",
            "random,perfect",
            "--attempts",
            "12",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let table = stdout(&out);
    assert!(
        table.contains("perfect") && table.contains("solved 12/12"),
        "{table}"
    );
}

#[test]
fn a_game_with_hidden_hands_has_no_puzzles_and_a_bad_file_is_named() {
    let out = run(&["puzzles", "generate", "qinto", "--count", "1"], "");
    assert!(!out.status.success());
    assert!(stderr(&out).contains("hidden hands"), "{}", stderr(&out));
    let dir = scratch("bad-puzzles");
    let file = dir.join("bad.jsonl");
    std::fs::write(&file, "{\"id\": 1}\n").expect("write");
    let out = run(&["puzzles", "levels", file.to_str().expect("path")], "");
    assert!(!out.status.success());
    let said = stderr(&out);
    assert!(
        said.contains("bad.jsonl") && said.contains("line 1"),
        "{said}"
    );
}
