//! The `tabuleiro` binary driven as a user would: piped input, files, JSON output, errors.

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Runs the binary with `args` and `input` on standard input.
fn run(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabuleiro"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("write input");
    child.wait_with_output().expect("the binary finishes")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn json(o: &Output) -> serde_json::Value {
    assert!(o.status.success(), "failed: {}", stderr(o));
    serde_json::from_str(stdout(o).trim()).expect("one JSON object on stdout")
}

/// A fresh scratch folder for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabuleiro-cli-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

#[test]
fn menu_computer_vs_computer_plays_to_the_end_then_input_ends() {
    // Game 1 (Quantik), mode 3 (computer vs computer), random and greedy, default option.
    let out = run(&[], "1\n3\n1\n2\n\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Choose a game"), "{text}");
    assert!(text.contains("Game over after"), "{text}");
    assert!(text.contains("wins:"), "{text}");
    // After the game the menu comes back, and the end of input ends it cleanly.
    assert_eq!(text.matches("Choose a game").count(), 2, "{text}");
}

#[test]
fn menu_human_vs_computer_with_bad_input_and_undo() {
    // Quantik, human vs computer, human takes seat 1, computer greedy, option first=2 (the
    // computer starts), then: a bad menu answer is asked again.
    let input = "1\n2\n1\n9\n2\n2\nundo\nZa1\nCa1\nCa1\n? C\nquit\n";
    let out = run(&[], input);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("Please answer with a number from 1 to 5"),
        "{text}"
    );
    assert!(text.contains("Player 2 (greedy) plays"), "{text}");
    assert!(text.contains("Nothing to undo"), "{text}");
    assert!(text.contains("cannot read `Za1` as a move"), "{text}");
    assert!(text.contains("legal moves starting with `C`"), "{text}");
    assert!(text.contains("Game abandoned"), "{text}");
}

#[test]
fn every_kind_of_bad_move_gets_a_reason_and_the_game_goes_on() {
    // Player 1: bad syntax, then Ca1. Player 2: occupied, region, row and column refusals,
    // then Yc2. Player 1: Cd3. Player 2: Ob4. Player 1 has no cube left for b3.
    let input = "hello world\nCa1\nCa1\ncb2\nCc1\nCa4\nYc2\nCd3\nOb4\nCb3\nsave\nquit\n";
    let out = run(&["play", "quantik", "--seed", "1"], input);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    // Unknown command / bad syntax.
    assert!(
        text.contains("cannot read `hello world` as a move"),
        "{text}"
    );
    assert!(text.contains("a1 is occupied"), "{text}");
    assert!(
        text.contains("opponent has a cube in region a1-b2"),
        "{text}"
    );
    assert!(text.contains("opponent has a cube in row 1"), "{text}");
    assert!(text.contains("opponent has a cube in column a"), "{text}");
    assert!(text.contains("you have no cube left"), "{text}");
    // The refusals lost nothing: the game went on to the fifth piece.
    assert!(
        text.contains("Player 1 (upper case) has left: Cx0"),
        "{text}"
    );
    assert!(text.contains("Usage: save FILE"), "{text}");
}

#[test]
fn undo_between_humans_takes_back_one_turn() {
    let out = run(
        &["play", "quantik", "--seed", "1"],
        "Ca1\nYb3\nundo\nundo\nundo\nquit\n",
    );
    let text = stdout(&out);
    assert_eq!(text.matches("Took back 1 move(s).").count(), 2, "{text}");
    assert!(text.contains("Nothing to undo"), "{text}");
}

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
fn numeric_arguments_out_of_range_are_refused_before_any_work() {
    for (args, needle) in [
        (vec!["bench", "quantik", "--seconds", "inf"], "above 0"),
        (
            vec!["bench", "quantik", "--seconds", "1e300"],
            "at most 86400",
        ),
        (vec!["bench", "quantik", "--seconds", "0"], "above 0"),
        (vec!["bench", "quantik", "--seconds=-1"], "above 0"),
        (vec!["bench", "quantik", "--seconds", "NaN"], "above 0"),
        (
            vec!["bench", "quantik", "--seconds", "soon"],
            "not a number",
        ),
        (
            vec![
                "tournament",
                "quantik",
                "--agents",
                "random,greedy",
                "--jobs",
                "0",
            ],
            "1..1024",
        ),
        (
            vec![
                "tournament",
                "quantik",
                "--agents",
                "random,greedy",
                "--games",
                "0",
            ],
            "1 or more",
        ),
        (
            vec!["match", "quantik", "greedy", "random", "--think-ms", "0"],
            "1..86400000",
        ),
        (
            vec!["match", "quantik", "greedy", "random", "--games", "0"],
            "1 or more",
        ),
        (
            vec!["play", "quantik", "--think-ms", "18446744073709551615"],
            "1..86400000",
        ),
        (vec!["analyse", "quantik", "--think-ms", "0"], "1..86400000"),
        (
            vec!["match", "quantik", "greedy", "random", "--threads", "0"],
            "1..256",
        ),
        (vec!["play", "quantik", "--threads", "257"], "1..256"),
        (vec!["serve", "--threads", "many"], "not a whole number"),
        (vec!["bench", "quantik", "--threads", "0"], "1..256"),
        (vec!["perft", "quantik", "0"], "1 or more"),
        (vec!["bench-web", "--games", "0"], "1 or more"),
        (
            vec!["tournament", "quantik", "--agents", "a,b", "--jobs", "x"],
            "not a whole number",
        ),
    ] {
        let out = run(&args, "");
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("invalid value"), "{args:?}: {err}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    // A level's own thinking time is bounded the same way.
    let out = run(
        &["match", "quantik", "strong:think=99999999999", "random"],
        "",
    );
    assert!(!out.status.success());
    assert!(stderr(&out).contains("1..86400000"), "{}", stderr(&out));
    assert!(!stderr(&out).contains("panicked"), "{}", stderr(&out));
}

#[test]
fn levels_search_on_the_threads_they_are_given() {
    // Two threads for each strong level, by its setting and by --threads: the games are
    // played to the end, and a level's threads show in its name.
    let v = json(&run(
        &[
            "match",
            "quantik",
            "strong:depth=3:threads=2",
            "strong:depth=2",
            "--threads",
            "2",
            "--games",
            "4",
            "--json",
        ],
        "",
    ));
    assert_eq!(v["a"]["agent"], "strong:depth=3:threads=2", "{v}");
    let decided: u64 = ["wins", "losses"]
        .iter()
        .map(|k| v["a"][k].as_u64().expect("count"))
        .sum();
    assert_eq!(decided, 4, "Quantik has no draws: {v}");
    // A ladder name takes the setting too.
    let out = run(
        &[
            "match",
            "taiji",
            "hard:threads=2:iters=200",
            "greedy",
            "-o",
            "size=7",
            "--games",
            "2",
            "--paired",
            "--json",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(json(&out)["a"]["agent"], "strong:iters=200:threads=2");
    let bad = run(&["match", "quantik", "strong:threads=0", "random"], "");
    assert!(!bad.status.success());
    assert!(stderr(&bad).contains("threads"), "{}", stderr(&bad));
}

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
fn match_json_counts_every_game() {
    let v = json(&run(
        &[
            "match", "quantik", "greedy", "random", "--games", "6", "--seed", "4", "--json",
        ],
        "",
    ));
    assert_eq!(v["game"], "quantik");
    assert_eq!(v["games"], 6);
    for side in ["a", "b"] {
        let total = ["wins", "draws", "losses"]
            .iter()
            .map(|k| v[side][k].as_u64().expect("count"))
            .sum::<u64>();
        assert_eq!(total, 6, "{v}");
    }
    assert_eq!(v["a"]["agent"], "greedy");
    assert_eq!(v["a"]["wins"], v["b"]["losses"]);
    // Every move was timed: 6 games of Quantik take 2 to 8 moves a side.
    for side in ["a", "b"] {
        let moves = v["think"][side]["moves"].as_u64().expect("timed moves");
        assert!((12..=48).contains(&moves), "{v}");
        let (max, total) = (
            v["think"][side]["max_secs"].as_f64().expect("max"),
            v["think"][side]["total_secs"].as_f64().expect("total"),
        );
        assert!(max >= 0.0 && max <= total, "{v}");
    }
    // Reproducible from its seed (apart from the time it took).
    let mut v = v;
    v["think"] = serde_json::Value::Null;
    let mut again = json(&run(
        &[
            "match", "quantik", "greedy", "random", "--games", "6", "--seed", "4", "--json",
        ],
        "",
    ));
    again["think"] = serde_json::Value::Null;
    assert_eq!(v, again);
}

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

#[test]
fn errors_go_to_stderr_with_a_failure_code() {
    let cases: [(&[&str], &str); 5] = [
        (&["play", "chess"], "unknown game `chess`"),
        (
            &["play", "quantik", "-o", "first=3"],
            "bad value `3` for option `first`",
        ),
        (
            &["play", "quantik", "-o", "colour=red"],
            "no option `colour`",
        ),
        (
            &["play", "quantik", "--p2", "godlike"],
            "unknown level `godlike`",
        ),
        (&["replay", "/nonexistent/file.json"], "cannot read record"),
    ];
    for (args, message) in cases {
        let out = run(args, "");
        assert!(!out.status.success(), "{args:?} should fail");
        assert!(stderr(&out).contains(message), "{args:?}: {}", stderr(&out));
        assert!(stdout(&out).is_empty() || !stdout(&out).contains("panicked"));
    }
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
fn list_and_rules_describe_the_games() {
    let list = run(&["list"], "");
    assert!(stdout(&list).contains("quantik") && stdout(&list).contains("-o first="));
    let rules = run(&["rules", "quantik"], "");
    assert!(stdout(&rules).contains("four different shapes"));
}

#[test]
fn paired_match_plays_each_seed_twice() {
    let out = run(
        &[
            "match",
            "quantik",
            "greedy",
            "random",
            "--games",
            "4",
            "--paired",
            "--verbose",
            "--json",
        ],
        "",
    );
    let v = json(&out);
    assert_eq!(v["paired"], true);
    // --verbose lists each game with its seed on stderr: two seeds, each twice.
    let seeds: Vec<String> = stderr(&out)
        .lines()
        .filter_map(|l| l.split("seed").nth(1))
        .filter_map(|rest| rest.split_whitespace().next().map(str::to_owned))
        .collect();
    assert_eq!(seeds.len(), 4, "{}", stderr(&out));
    assert_eq!(seeds[0], seeds[1]);
    assert_eq!(seeds[2], seeds[3]);
    assert_ne!(seeds[0], seeds[2]);
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
fn tournament_round_robin_with_elo() {
    let v = json(&run(
        &[
            "tournament",
            "quantik",
            "--agents",
            "random,greedy,strong:depth=1",
            "--games",
            "4",
            "--jobs",
            "2",
            "--json",
            "-",
        ],
        "",
    ));
    let pairings = v["pairings"].as_array().expect("pairings");
    assert_eq!(pairings.len(), 3, "{v}");
    let standings = v["standings"].as_array().expect("standings");
    assert_eq!(standings.len(), 3);
    for s in standings {
        let t = &s["tally"];
        let games: u64 = ["wins", "draws", "losses"]
            .iter()
            .map(|k| t[k].as_u64().expect("n"))
            .sum();
        assert_eq!(
            games, 8,
            "each agent plays 4 games against each of 2 others: {v}"
        );
    }
    // Reproducible from its seed, whatever the number of threads.
    let again = json(&run(
        &[
            "tournament",
            "quantik",
            "--agents",
            "random,greedy,strong:depth=1",
            "--games",
            "4",
            "--jobs",
            "1",
            "--json",
            "-",
        ],
        "",
    ));
    assert_eq!(v, again);
    let one = run(&["tournament", "quantik", "--agents", "greedy"], "");
    assert!(!one.status.success());
    assert!(
        stderr(&one).contains("at least two agents"),
        "{}",
        stderr(&one)
    );
}

#[test]
fn tournament_writes_json_csv_and_chart_files() {
    let dir = scratch("tournament-files");
    let (json_path, csv_path, svg_path) =
        (dir.join("t.json"), dir.join("t.csv"), dir.join("t.svg"));
    let out = run(
        &[
            "tournament",
            "quantik",
            "--agents",
            "random,greedy,strong:depth=1",
            "--schedule",
            "ladder",
            "--games",
            "4",
            "--json",
            json_path.to_str().expect("path"),
            "--csv",
            csv_path.to_str().expect("path"),
            "--plot",
            svg_path.to_str().expect("path"),
        ],
        "",
    );
    let text = stdout(&out);
    let font = std::path::Path::new("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf").exists();
    if font {
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(text.contains("Ratings (joint fit"), "{text}");
        let svg = std::fs::read_to_string(&svg_path).expect("chart written");
        assert!(svg.starts_with("<svg"), "{svg}");
        for agent in ["random", "greedy", "strong:depth=1"] {
            assert!(svg.contains(agent), "{agent} labelled in the chart");
        }
    } else {
        // Without the font the chart is refused with a reason; the other files are written.
        assert!(stderr(&out).contains("DejaVu Sans"), "{}", stderr(&out));
    }
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json_path).expect("json written"))
            .expect("JSON");
    assert_eq!(v["schedule"], "ladder");
    assert_eq!(v["pairings"].as_array().map(Vec::len), Some(2), "{v}");
    assert_eq!(v["played"], 8);
    // The saved results give the same table again, without playing.
    let again = run(
        &[
            "tournament",
            "quantik",
            "--results",
            json_path.to_str().expect("path"),
        ],
        "",
    );
    assert!(again.status.success(), "{}", stderr(&again));
    if font {
        assert_eq!(stdout(&again), text);
    }
    let csv = std::fs::read_to_string(&csv_path).expect("csv written");
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 9, "a header and one row per game: {csv}");
    assert!(
        lines[0].starts_with("game,pairing,agent_a,agent_b"),
        "{csv}"
    );
    assert!(lines[1].starts_with("quantik,0,random,greedy,0,"), "{csv}");
    let bad = run(
        &[
            "tournament",
            "quantik",
            "--agents",
            "random,greedy",
            "--games",
            "2",
            "--plot",
            dir.join("t.gif").to_str().expect("path"),
        ],
        "",
    );
    assert!(!bad.status.success());
    assert!(stderr(&bad).contains(".svg or .png"), "{}", stderr(&bad));
}

#[test]
fn an_interrupted_tournament_prints_the_games_finished_so_far() {
    let child = Command::new(env!("CARGO_BIN_EXE_tabuleiro"))
        .args([
            "tournament",
            "nudge",
            "--agents",
            "random,greedy",
            "--games",
            "100000",
            "--jobs",
            "1",
        ])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    std::thread::sleep(std::time::Duration::from_millis(1500));
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let out = child.wait_with_output().expect("finishes");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Interrupted:"), "{text}");
    assert!(text.contains("of 100000 games played"), "{text}");
    assert!(text.contains("Ratings (joint fit"), "{text}");
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

/// `cargo test --release -p tabuleiro-cli --test cli solve_nudge -- --ignored`
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

#[test]
fn qinto_hotseat_hides_each_hand_until_its_player_is_at_the_screen() {
    // Two humans: the first play must cover 0,0; `?` lists the moves, the first line of which
    // is a legal play. Player 1 passes; then Player 2 must be asked to take the screen before
    // their hand is shown.
    let out = run(
        &[
            "play", "qinto", "--p1", "human", "--p2", "human", "--seed", "3", "--plain",
        ],
        "\npass\n\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let to_p1 = text.find("Pass the screen to player 1").expect(&text);
    let to_p2 = text.find("Pass the screen to player 2").expect(&text);
    assert!(to_p1 < to_p2, "{text}");
    // Player 1's hand shows only after their prompt, Player 2's only after theirs.
    let hand_lines = |from: usize, to: usize| -> Vec<String> {
        text[from..to]
            .lines()
            .filter(|l| l.contains("— hand "))
            .map(str::to_owned)
            .collect()
    };
    let first = hand_lines(to_p1, to_p2);
    assert!(
        first.iter().any(|l| l.contains("Player 1")),
        "player 1 sees their hand: {first:?}"
    );
    assert!(
        first.iter().all(|l| !l.contains("Player 2")),
        "player 1 does not see player 2's hand: {first:?}"
    );
    let second = hand_lines(to_p2, text.len());
    assert!(
        second.iter().all(|l| !l.contains("Player 1")),
        "player 2 does not see player 1's hand: {second:?}"
    );
}

#[test]
fn a_match_of_three_players_reports_the_fair_share() {
    let args = [
        "match",
        "qinto",
        "greedy",
        "random",
        "--players",
        "3",
        "--games",
        "3",
        "--seed",
        "2",
    ];
    let v = json(&run(&[&args[..], &["--json"]].concat(), ""));
    assert_eq!(v["players"], 3);
    let count = |side: &str| {
        ["wins", "draws", "losses"]
            .iter()
            .map(|k| v[side][k].as_u64().expect("count"))
            .sum::<u64>()
    };
    assert_eq!(count("a"), 3);
    assert_eq!(count("b"), 6, "B sits in two seats of each game");
    let text = stdout(&run(&args, ""));
    assert!(text.contains("fair share of 33.3%"), "{text}");
}

/// The record saved at `path`, as JSON.
fn saved(path: &std::path::Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(path).expect("record written")).expect("JSON")
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

#[test]
fn paired_taiji_games_count_pairs_by_summed_scores() {
    let args = [
        "match", "taiji", "greedy", "random", "-o", "size=7", "--games", "4", "--paired",
    ];
    let v = json(&run(&[&args[..], &["--json"]].concat(), ""));
    assert_eq!(v["counted"], "summed-scores", "{v}");
    let pairs = v["pairs"].as_array().expect("pairs");
    assert_eq!(pairs.len(), 2, "{v}");
    let tally: u64 = ["wins", "draws", "losses"]
        .iter()
        .map(|k| v["a"][k].as_u64().expect("count"))
        .sum();
    assert_eq!(tally, 2, "A's tally counts the 2 pairs: {v}");
    for pair in pairs {
        let (a, b) = (pair["a_score"].as_i64(), pair["b_score"].as_i64());
        let expected = match a.cmp(&b) {
            std::cmp::Ordering::Greater => "win",
            std::cmp::Ordering::Less => "loss",
            std::cmp::Ordering::Equal => "draw",
        };
        assert_eq!(pair["a_result"], expected, "{pair}");
    }
    let text = stdout(&run(&args, ""));
    assert!(text.contains("counted in 2 pairs"), "{text}");
    assert!(text.contains("of decided pairs"), "{text}");
    // Quantik keeps no score: its paired games count one by one.
    let q = json(&run(
        &[
            "match", "quantik", "greedy", "random", "--games", "4", "--paired", "--json",
        ],
        "",
    ));
    assert_eq!(q["counted"], "each-game");
    assert!(q.get("pairs").is_none(), "{q}");
    // A pair needs both its games.
    let odd = run(
        &[
            "match", "taiji", "random", "random", "--games", "3", "--paired",
        ],
        "",
    );
    assert!(!odd.status.success());
    assert!(stderr(&odd).contains("even number"), "{}", stderr(&odd));

    let t = json(&run(
        &[
            "tournament",
            "taiji",
            "-o",
            "size=7",
            "--agents",
            "greedy,random",
            "--games",
            "4",
            "--json",
            "-",
        ],
        "",
    ));
    assert_eq!(t["counted"], "summed-scores", "{t}");
    assert_eq!(t["played"], 4);
    assert_eq!(t["pairs"].as_array().map(Vec::len), Some(2), "{t}");
    for s in t["standings"].as_array().expect("standings") {
        let counted: u64 = ["wins", "draws", "losses"]
            .iter()
            .map(|k| s["tally"][k].as_u64().expect("count"))
            .sum();
        assert_eq!(counted, 2, "each agent's tally counts the 2 pairs: {t}");
    }
    assert!(t["games"][0]["a_scores"]["own"].is_i64(), "{t}");

    // Saved results give the same table again, counted by pairs; results saved without the
    // games' scores cannot be counted so, and are refused.
    let dir = scratch("taiji-results");
    let saved = dir.join("t.json");
    let table = run(
        &[
            "tournament",
            "taiji",
            "-o",
            "size=7",
            "--agents",
            "greedy,random",
            "--games",
            "2",
            "--json",
            saved.to_str().expect("path"),
        ],
        "",
    );
    assert!(table.status.success(), "{}", stderr(&table));
    assert!(
        stdout(&table).contains("Results count pairs"),
        "{}",
        stdout(&table)
    );
    let again = run(
        &[
            "tournament",
            "taiji",
            "--results",
            saved.to_str().expect("path"),
        ],
        "",
    );
    assert_eq!(stdout(&again), stdout(&table), "{}", stderr(&again));
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&saved).expect("saved")).expect("JSON");
    for g in v["games"].as_array_mut().expect("games") {
        g.as_object_mut().expect("a game").remove("a_scores");
    }
    std::fs::write(&saved, v.to_string()).expect("rewritten");
    let old = run(
        &[
            "tournament",
            "taiji",
            "--results",
            saved.to_str().expect("path"),
        ],
        "",
    );
    assert!(!old.status.success());
    assert!(
        stderr(&old).contains("without their scores"),
        "{}",
        stderr(&old)
    );
}

#[test]
fn play_help_lists_the_menus_ladder_of_levels() {
    let out = run(&["play", "--help"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    // The help of `--p1`, however clap wraps it: its line and those up to the next option.
    let p1: String = text
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("--p1"))
        .enumerate()
        .take_while(|(k, l)| *k == 0 || !l.trim_start().starts_with('-'))
        .map(|(_, l)| l.trim())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(p1.starts_with("--p1"), "{text}");
    for step in tabuleiro_ai::LADDER {
        assert!(p1.contains(step.name), "{} missing from: {p1}", step.name);
        assert!(p1.contains(step.level), "{} missing from: {p1}", step.level);
    }
    // And the names are accepted as seats.
    let out = run(
        &[
            "play", "quantik", "--p1", "easy", "--p2", "random", "--seed", "2",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("Game over"), "{}", stdout(&out));
}

#[test]
fn menu_asks_again_for_an_option_value_the_game_refuses() {
    // Pushee Pieces (game 4), computer vs computer, random and random; `size=99x2` has the
    // right form but no board has it: asked again, then 5x4 and the defaults.
    let out = run(&[], "4\n3\n1\n1\n99x2\n5x4\n\n\n\n\n\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("size = 99x2 cannot be played: bad size `99x2`"),
        "{text}"
    );
    assert_eq!(text.matches("size [6x6]> ").count(), 2, "{text}");
    assert!(text.contains("size=5x4"), "{text}");
    assert!(text.contains("Game over after"), "{text}");
    assert_eq!(
        text.matches("Choose a game").count(),
        2,
        "back to the menu: {text}"
    );
}

#[test]
fn qinto_play_shows_its_seed_only_once_the_game_is_over() {
    // A seed from the operating system (no --seed): not in the transcript of a game in
    // progress, though the record saved for resuming holds it.
    let dir = scratch("qinto-deal");
    let path = dir.join("game.json");
    let out = run(
        &[
            "play",
            "qinto",
            "--p1",
            "human",
            "--p2",
            "random",
            "--save",
            path.to_str().expect("path"),
        ],
        "?\npass\nboard\nhelp\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Game abandoned."), "{text}");
    let seed = saved(&path)["seed"].as_u64().expect("a seed in the record");
    assert!(
        !text.contains(&seed.to_string()),
        "seed {seed} shown: {text}"
    );
    assert!(!text.contains("seed"), "{text}");
    // A seed given on the command line is not repeated either; the end of the game shows it.
    let out = run(
        &[
            "play",
            "qinto",
            "--p1",
            "random",
            "--p2",
            "random",
            "--seed",
            "8070605040302010",
            "-o",
            "max_turns=30",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let over = text.find("Game over after").expect(&text);
    assert!(!text[..over].contains("8070605040302010"), "{text}");
    assert!(
        text[over..].contains("The seed, which decided everything hidden, was 8070605040302010."),
        "{text}"
    );
    // Two games started without a seed get different ones.
    let other = dir.join("other.json");
    let out = run(
        &["play", "qinto", "--save", other.to_str().expect("path")],
        "quit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_ne!(saved(&other)["seed"].as_u64(), Some(seed));
}

#[test]
fn quantik_play_still_shows_its_seed() {
    let out = run(&["play", "quantik", "--seed", "424242"], "quit\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let header = text.lines().next().expect("a header");
    assert!(header.ends_with("— seed 424242"), "{text}");
}

#[test]
fn play_builds_the_computer_players_every_front_end_builds() {
    // The game expected from the shared builder (`tabuleiro_ai::seat_agents`, which the web
    // server uses too), a person always taking the first legal move against greedy; then the
    // same person's moves piped into `tabuleiro play` with the same seed.
    use tabuleiro_ai::{Level, seat_agents};
    use tabuleiro_core::{Game, Setup};
    use tabuleiro_games::quantik::Quantik;

    let setup = Setup {
        seed: 77,
        ..Setup::default_for(Quantik::INFO)
    };
    let mut agents = seat_agents::<Quantik>(&setup, &[None, Some(Level::Greedy)]).expect("players");
    let mut state = Quantik::new(&setup).expect("a start");
    let (mut expected, mut typed) = (Vec::new(), String::new());
    while let Some(mover) = state.to_move() {
        let mv = if let Some(agent) = &mut agents[mover.index()] {
            agent.choose(&state.view(mover)).expect("a move")
        } else {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            let first = moves[0];
            typed.push_str(&state.format_move(first));
            typed.push('\n');
            first
        };
        expected.push(state.format_move(mv));
        state.play(mv).expect("legal");
    }
    let dir = scratch("same-players");
    let file = dir.join("game.json");
    let file_arg = file.to_str().expect("utf-8 path");
    let out = run(
        &[
            "play", "quantik", "--p1", "human", "--p2", "greedy", "--seed", "77", "--save",
            file_arg,
        ],
        &typed,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("record written"))
            .expect("JSON");
    assert_eq!(
        record["moves"],
        serde_json::json!(expected),
        "{}",
        stdout(&out)
    );
}

#[test]
fn help_in_a_game_names_that_games_moves_only() {
    let out = run(
        &["play", "nudge", "--p1", "human", "--p2", "human"],
        "help\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("tail square and direction"), "{text}");
    assert!(!text.contains("Quantik"), "{text}");
}

#[test]
fn three_shards_merged_give_the_whole_tournament_byte_for_byte() {
    let dir = scratch("shards");
    let path = |name: &str| dir.join(name).to_str().expect("path").to_owned();
    for (game, agents, games) in [
        ("quantik", "random,greedy,strong:depth=1", "6"),
        // Taiji counts pairs by their summed scores: a pair must stay in one shard.
        ("taiji", "random,greedy", "6"),
    ] {
        let common = [
            "tournament",
            game,
            "-o",
            if game == "taiji" { "size=7" } else { "first=1" },
            "--agents",
            agents,
            "--games",
            games,
            "--seed",
            "9",
        ];
        let whole = path(&format!("{game}-whole.json"));
        let out = run(&[&common[..], &["--json", &whole]].concat(), "");
        assert!(out.status.success(), "{}", stderr(&out));
        let mut parts = Vec::new();
        for i in 1..=3 {
            let part = path(&format!("{game}-part-{i}.json"));
            let shard = format!("{i}/3");
            let out = run(
                &[&common[..], &["--shard", &shard, "--json", &part]].concat(),
                "",
            );
            assert!(out.status.success(), "{}", stderr(&out));
            let v: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(&part).expect("part")).expect("JSON");
            assert_eq!(v["shard"]["index"], i);
            assert!(
                v["played"].as_u64().is_some_and(|n| n > 0 && n < 18),
                "a share of the games: {v}"
            );
            parts.push(part);
        }
        let merged = path(&format!("{game}-merged.json"));
        // The game is read from the files.
        let merge_args: Vec<&str> = ["tournament", "--merge"]
            .into_iter()
            .chain(parts.iter().map(String::as_str))
            .chain(["--json", merged.as_str()])
            .collect();
        let out = run(&merge_args, "");
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(
            std::fs::read(&merged).expect("merged"),
            std::fs::read(&whole).expect("whole"),
            "{game}: the merge equals the whole run"
        );
        // A shard left out, or given twice, is refused with the reason.
        let out = run(&["tournament", game, "--merge", &parts[0], &parts[1]], "");
        assert!(!out.status.success());
        assert!(
            stderr(&out).contains("shard 3/3 is missing"),
            "{}",
            stderr(&out)
        );
        let out = run(
            &[
                "tournament",
                game,
                "--merge",
                &parts[0],
                &parts[0],
                &parts[2],
            ],
            "",
        );
        assert!(stderr(&out).contains("given twice"), "{}", stderr(&out));
    }
    let out = run(
        &[
            "tournament",
            "quantik",
            "--agents",
            "random,greedy",
            "--shard",
            "4/3",
        ],
        "",
    );
    assert!(!out.status.success());
    assert!(stderr(&out).contains("1 <= I <= N"), "{}", stderr(&out));
}
