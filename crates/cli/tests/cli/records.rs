//! Saved records: `play --save`, `replay`, `moves`, and records that cannot be read.

use crate::cli::util::{json, run, scratch, stderr, stdout};

#[test]
fn scripted_game_saves_a_record_that_replays_and_lists_moves() {
    let dir = scratch("record");
    let file = dir.join("game.json");
    let file_arg = file.to_str().expect("utf-8 path");
    // Player 1 is a script that plays `?`-listed moves... simplest: random vs greedy, no humans.
    let out = run(
        &[
            "play", "quantik", "--p1", "random", "--p2", "greedy", "--seed", "9", "--save",
            file_arg,
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("Record saved"), "{}", stdout(&out));
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("record written"))
            .expect("JSON");
    assert_eq!(record["game"], "quantik");
    assert_eq!(record["seed"], 9);
    assert_eq!(record["agents"], serde_json::json!(["random", "greedy"]));
    let moves = record["moves"].as_array().expect("moves").len();
    assert!(moves >= 4, "{record}");
    assert!(record["result"]["results"].is_array(), "{record}");

    let replay = run(&["replay", file_arg], "");
    assert!(replay.status.success(), "{}", stderr(&replay));
    let text = stdout(&replay);
    assert_eq!(text.matches("Move ").count(), moves, "{text}");
    assert!(text.contains("wins:"), "{text}");

    // A finished game has no legal moves left.
    let after = run(&["moves", "quantik", "--record", file_arg], "");
    assert!(after.status.success(), "{}", stderr(&after));
    assert_eq!(stdout(&after).trim(), "");

    // The same seed plays the same game.
    let file2 = dir.join("again.json");
    let again = run(
        &[
            "play",
            "quantik",
            "--p1",
            "random",
            "--p2",
            "greedy",
            "--seed",
            "9",
            "--save",
            file2.to_str().expect("path"),
        ],
        "",
    );
    assert!(again.status.success());
    let record2: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file2).expect("record")).expect("JSON");
    assert_eq!(record["moves"], record2["moves"]);
}

#[test]
fn end_of_input_saves_the_unfinished_game() {
    let dir = scratch("eof");
    let file = dir.join("half.json");
    let out = run(
        &[
            "play",
            "quantik",
            "--seed",
            "3",
            "--save",
            file.to_str().expect("path"),
        ],
        "Ca1\nyd4\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("End of input"), "{}", stdout(&out));
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("record")).expect("JSON");
    assert_eq!(record["moves"], serde_json::json!(["Ca1", "Yd4"]));
    assert!(record["result"].is_null());
    let moves = run(
        &["moves", "quantik", "--record", file.to_str().expect("path")],
        "",
    );
    let listed: Vec<String> = stdout(&moves).lines().map(str::to_owned).collect();
    assert!(!listed.is_empty());
    assert!(
        !listed
            .iter()
            .any(|m| m.ends_with("a1") || m.ends_with("d4")),
        "{listed:?}"
    );
    // Player 2's cylinder on d4 forbids player 1's cylinders in row 4, column d, region c3-d4.
    assert!(
        !listed.contains(&"Yd1".to_owned()) && !listed.contains(&"Yc3".to_owned()),
        "{listed:?}"
    );
    assert!(listed.contains(&"Yb2".to_owned()), "{listed:?}");
}

#[test]
fn moves_at_the_start_are_the_64_placements_one_per_line() {
    let out = run(&["moves", "quantik"], "");
    assert!(out.status.success());
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    // 4 shapes on 16 empty cells, each written as a shape letter and a cell.
    assert_eq!(lines.len(), 64, "{text}");
    assert!(lines.iter().all(|l| l.len() == 3), "{text}");
    assert!(lines.contains(&"Ca1") && lines.contains(&"Sd4"), "{text}");
    // --json gives the same moves as one list of strings.
    let v = json(&run(&["moves", "quantik", "--json"], ""));
    assert_eq!(v, serde_json::json!(lines));
}

#[test]
fn moves_of_several_tiles_keep_their_spaces_on_their_own_line() {
    // A Q!nto play of two tiles is one move written with a space: `RC@0,0 RS@1,0`.
    let text = stdout(&run(&["moves", "qinto"], ""));
    let lines: Vec<&str> = text.lines().collect();
    assert!(
        lines
            .iter()
            .any(|l| l.split(' ').count() == 2 && l.matches('@').count() == 2),
        "{text}"
    );
    assert!(lines.iter().all(|l| !l.trim().is_empty()), "{text}");
    let v = json(&run(&["moves", "qinto", "--json"], ""));
    let listed: Vec<&str> = v
        .as_array()
        .expect("a list")
        .iter()
        .map(|m| m.as_str().expect("a string"))
        .collect();
    assert_eq!(listed, lines);
}

#[test]
fn malformed_records_name_the_problem() {
    let dir = scratch("bad");
    let cases = [
        ("not json", "{ nope", "line 1"),
        (
            "missing seed",
            r#"{"format":1,"game":"quantik","players":2,"options":{},"agents":["human","human"],"moves":[]}"#,
            "missing field `seed`",
        ),
        (
            "wrong type",
            r#"{"format":1,"game":"quantik","players":2,"options":{},"seed":"x","agents":["human","human"],"moves":[]}"#,
            "line 1 column 64",
        ),
        (
            "bad option",
            r#"{"format":1,"game":"quantik","players":2,"options":{"first":"9"},"seed":1,"agents":["human","human"],"moves":[]}"#,
            "field `options`",
        ),
        (
            "illegal move",
            r#"{"format":1,"game":"quantik","players":2,"options":{},"seed":1,"agents":["human","human"],"moves":["Ca1","Cb2"]}"#,
            "move 2 `Cb2`",
        ),
        (
            "bad syntax",
            r#"{"format":1,"game":"quantik","players":2,"options":{},"seed":1,"agents":["human","human"],"moves":["Ca1","hello"]}"#,
            "move 2 `hello`",
        ),
        (
            "unknown game",
            r#"{"format":1,"game":"go","players":2,"options":{},"seed":1,"agents":["human","human"],"moves":[]}"#,
            "unknown game `go`",
        ),
        (
            "future format",
            r#"{"format":7,"game":"quantik","players":2,"options":{},"seed":1,"agents":["human","human"],"moves":[]}"#,
            "format 7",
        ),
    ];
    for (name, text, message) in cases {
        let file = dir.join(format!("{}.json", name.replace(' ', "_")));
        std::fs::write(&file, text).expect("write");
        for command in ["replay", "moves"] {
            let args: Vec<&str> = if command == "replay" {
                vec!["replay", file.to_str().expect("path")]
            } else {
                vec!["moves", "quantik", "--record", file.to_str().expect("path")]
            };
            let out = run(&args, "");
            assert!(!out.status.success(), "{name} via {command} should fail");
            assert!(
                stderr(&out).contains(message),
                "{name} via {command}: {}",
                stderr(&out)
            );
        }
    }
}

#[test]
fn json_lines_of_records_replay_one_game_after_another() {
    let dir = scratch("record-lines");
    let mut lines = String::new();
    let mut moves = 0;
    for seed in ["3", "4"] {
        let file = dir.join(format!("game{seed}.json"));
        let file_arg = file.to_str().expect("utf-8 path");
        let out = run(
            &[
                "play", "quantik", "--p1", "random", "--p2", "random", "--seed", seed, "--save",
                file_arg,
            ],
            "",
        );
        assert!(out.status.success(), "{}", stderr(&out));
        let record: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&file).expect("record")).expect("JSON");
        moves += record["moves"].as_array().expect("moves").len();
        lines.push_str(&record.to_string());
        lines.push('\n');
    }
    let file = dir.join("games.jsonl");
    std::fs::write(&file, &lines).expect("write");
    let replay = run(&["replay", file.to_str().expect("path")], "");
    assert!(replay.status.success(), "{}", stderr(&replay));
    let text = stdout(&replay);
    assert!(
        text.contains("Game 1 of 2") && text.contains("Game 2 of 2"),
        "{text}"
    );
    assert_eq!(text.matches("Move ").count(), moves, "{text}");

    // A bad line is named.
    let first = lines.lines().next().expect("a line");
    std::fs::write(&file, format!("{first}\n{{\"format\":1}}\n")).expect("write");
    let bad = run(&["replay", file.to_str().expect("path")], "");
    assert!(!bad.status.success());
    assert!(stderr(&bad).contains("line 2"), "{}", stderr(&bad));
}
