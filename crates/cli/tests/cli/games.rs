//! Each game from the command line: `list` and `rules`, and Taiji's, Nudge's and Pushee's own
//! moves, refusals and options.

use std::path::PathBuf;

use crate::cli::util::{json, run, saved, scratch, stderr, stdout};

#[test]
fn list_and_rules_describe_the_games() {
    let list = run(&["list"], "");
    assert!(stdout(&list).contains("quantik") && stdout(&list).contains("-o first="));
    let rules = run(&["rules", "quantik"], "");
    assert!(stdout(&rules).contains("four different shapes"));
    // A game is found by its other names too, in any case.
    for name in ["Q!nto", "QINTO"] {
        let perft = run(&["perft", name, "1", "--json"], "");
        assert!(perft.status.success(), "{name}: {}", stderr(&perft));
        assert_eq!(json(&perft)["game"], "qinto", "{name}");
    }
}

#[test]
fn taiji_from_the_command_line() {
    let v = json(&run(&["perft", "taiji", "2", "-o", "size=7", "--json"], ""));
    assert_eq!(v["counts"], serde_json::json!([168, 26176]));
    // Light d4-d5, then Dark tries the same cells, a non-adjacent pair, and a cell off the board.
    let out = run(
        &["play", "taiji", "--seed", "2"],
        "d4-d5\nd4-e4\na1-c3\nj1-j2\na1-a2\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("d4 is taken"), "{text}");
    assert!(text.contains("not adjacent"), "{text}");
    assert!(text.contains("off the 9x9 board"), "{text}");
    assert!(text.contains("Game abandoned"), "{text}");
    let m = json(&run(
        &[
            "match", "taiji", "greedy", "random", "--games", "2", "--json",
        ],
        "",
    ));
    assert_eq!(
        m["a"]["wins"].as_u64().unwrap_or(0) + m["a"]["losses"].as_u64().unwrap_or(0),
        2
    );
    let b = json(&run(&["bench", "taiji", "--seconds", "0.05", "--json"], ""));
    assert!(b["mcts_iterations_per_sec"].as_f64().expect("mcts") > 0.0);
}

#[test]
fn nudge_turns_of_two_moves_with_reasons_and_undo() {
    // White: b2 up, then refused twice (own disc off the board; back where the turn began),
    // then b1 right. Black: nothing to do with c2. White again, two moves on one line where
    // the second is refused: c3 against the lone black c4 is an equal push.
    let input = "b2u\nb1u\nb1d\nb1r\nd4d d5r\nc2d c3d\nquit\n";
    let out = run(&["play", "nudge", "--seed", "1"], input);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("that would put your own disc off the board"),
        "{text}"
    );
    assert!(
        text.contains("the turn would end where it started"),
        "{text}"
    );
    assert!(text.contains("equal lines cannot push"), "{text}");
    assert!(text.contains("(the moves before it were played)"), "{text}");
    assert!(text.contains("White to move (move 2 of 2)"), "{text}");

    // Undo between humans takes back the whole last turn: both of Black's moves.
    let out = run(
        &["play", "nudge", "--seed", "1"],
        "c2d d2d\nb4d b5r\nundo\nquit\n",
    );
    let text = stdout(&out);
    assert!(text.contains("Took back 2 move(s)."), "{text}");

    let v = json(&run(&["perft", "nudge", "3", "--json"], ""));
    assert_eq!(v["counts"][0], 12, "{v}");
}

#[test]
fn pushee_from_the_command_line() {
    let out = run(
        &["play", "pushee", "--seed", "3"],
        "hb3\nvb3\nxb2\nhc3\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("b3 is occupied"), "{text}");
    assert!(text.contains("orientation must be h or v"), "{text}");
    // b's horizontal piece on c3 pushes A's piece on b3 to a3, and the board says so.
    assert!(text.contains("b3 pushed left to a3"), "{text}");
    let v = json(&run(
        &[
            "perft",
            "pushee",
            "3",
            "-o",
            "size=4x4",
            "-o",
            "walls=off",
            "--json",
        ],
        "",
    ));
    assert_eq!(v["counts"], serde_json::json!([32, 960, 26944]));
    let bad = run(&["play", "pushee", "-o", "size=3x3"], "");
    assert!(!bad.status.success());
    assert!(stderr(&bad).contains("3x3"), "{}", stderr(&bad));
}

#[test]
fn pushee_boards_from_files_and_in_records() {
    let dir = scratch("pushee-values");
    let arg = |p: &PathBuf| p.to_str().expect("path").to_owned();
    let game = |options: &[&str], save: &PathBuf| {
        let mut args = vec![
            "play", "pushee", "--p1", "random", "--p2", "greedy", "--seed", "5",
        ];
        for o in options {
            args.extend(["-o", o]);
        }
        let save = arg(save);
        args.extend(["--save", &save]);
        let out = run(&args, "");
        assert!(out.status.success(), "{options:?}: {}", stderr(&out));
    };
    // A game on a drawn board records the grid itself, 4 rows of 5 digits.
    let first = dir.join("drawn.json");
    game(&["size=5x4"], &first);
    let drawn = saved(&first);
    let grid = drawn["options"]["values"]
        .as_str()
        .expect("values")
        .to_owned();
    let rows: Vec<&str> = grid.split('/').collect();
    assert_eq!(rows.len(), 4, "{grid}");
    assert!(
        rows.iter()
            .all(|r| r.len() == 5 && r.bytes().all(|b| b.is_ascii_digit())),
        "{grid}"
    );
    // The same board from a file, one row per line: the same game, the same record.
    let board = dir.join("board.txt");
    std::fs::write(&board, rows.join("\n") + "\n").expect("board file");
    let second = dir.join("from-file.json");
    let values = format!("values={}", arg(&board));
    game(&["size=5x4", &values], &second);
    assert_eq!(saved(&second), drawn);
    // The record replays on its board.
    let replay = run(&["replay", &arg(&second)], "");
    assert!(replay.status.success(), "{}", stderr(&replay));

    // Bad files are refused naming the file and the line.
    let bad = |name: &str, text: Option<&str>, needles: &[&str]| {
        let path = dir.join(name);
        if let Some(text) = text {
            std::fs::write(&path, text).expect("bad file");
        }
        let values = format!("values={}", arg(&path));
        let out = run(
            &["perft", "pushee", "1", "-o", "size=4x4", "-o", &values],
            "",
        );
        let err = stderr(&out);
        assert!(!out.status.success(), "{name}: {err}");
        assert!(err.contains(&arg(&path)), "{name}: {err}");
        for needle in needles {
            assert!(err.contains(needle), "{name}: {err}");
        }
        assert!(!err.contains("panicked"), "{name}: {err}");
    };
    bad("missing.txt", None, &["cannot read"]);
    bad(
        "letter.txt",
        Some("1234\n5678\n90x2\n3456\n"),
        &["line 3", "`x` is not a digit"],
    );
    bad(
        "short.txt",
        Some("1234\n567\n9012\n3456\n"),
        &["line 2", "3 digits", "4 columns"],
    );
    bad(
        "long.txt",
        Some("1234\n5678\n9012\n3456\n1111\n"),
        &["line 5", "too many"],
    );
    bad(
        "few.txt",
        Some("1234\n5678\n"),
        &["line 3", "ends after 2 rows"],
    );
    // A literal grid is still read as it is.
    let out = run(
        &[
            "perft",
            "pushee",
            "1",
            "-o",
            "size=4x4",
            "-o",
            "values=1234/5678/9012/3456",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
}
