//! Engines in tabuleiro's seats: `tabuleiro engine` (and, where python3 is installed, the
//! Python example) named with `--engine` or in the engines config file, playing `play`,
//! `match` and `tournament` against each other and every ladder level; the records replay.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The binary under test.
const BIN: &str = env!("CARGO_BIN_EXE_tabuleiro");

/// Every game (`tabuleiro engine` plays them all; Q!nto from what its seat is told).
const GAMES: [&str; 5] = ["quantik", "nudge", "taiji", "pushee", "qinto"];

/// A fresh folder for one test, also its config folder (so no engines config of the
/// machine's user is read).
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "tabuleiro-cli-engines-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// `--engine NAME=…` for `tabuleiro engine --level LEVEL`.
fn ours(name: &str, level: &str) -> String {
    format!("{name}='{BIN}' engine --level {level}")
}

/// Runs the binary with `args`, its config folder in `dir`, no input.
fn run(dir: &Path, args: &[String]) -> Output {
    Command::new(BIN)
        .args(args)
        .env("XDG_CONFIG_HOME", dir)
        .env("HOME", dir)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The command failed, and its error says `expected`.
fn refused(out: &Output, expected: &str) {
    let said = text(&out.stderr);
    assert!(!out.status.success(), "it succeeded: {said}");
    assert!(said.contains(expected), "`{expected}` not in: {said}");
}

fn strings(args: &[&str]) -> Vec<String> {
    args.iter().map(|s| (*s).to_owned()).collect()
}

/// Plays one game with `p1` and `p2` (and `engines`), saves it, checks it ended and replays,
/// and returns the record.
fn play_and_replay(
    dir: &Path,
    game: &str,
    p1: &str,
    p2: &str,
    engines: &[String],
) -> serde_json::Value {
    let file = dir.join(format!("{game}-{p1}-{p2}.json").replace(':', "_"));
    let mut args = strings(&["play", game, "--p1", p1, "--p2", p2, "--seed", "5"]);
    args.extend(["--save".to_owned(), file.display().to_string()]);
    for engine in engines {
        args.extend(["--engine".to_owned(), engine.clone()]);
    }
    let out = run(dir, &args);
    assert!(
        out.status.success(),
        "{game} {p1} {p2}: {}",
        text(&out.stderr)
    );
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("saved")).expect("JSON");
    // Engines keep their names in the record (levels are written in full: `easy` is
    // `greedy`).
    for (seat, name) in [p1, p2].into_iter().enumerate() {
        if engines.iter().any(|e| e.starts_with(&format!("{name}="))) {
            assert_eq!(record["agents"][seat], name, "{game}");
        }
    }
    assert!(record["result"].is_object(), "{game} {p1} {p2}: unfinished");
    let replayed = run(dir, &["replay".to_owned(), file.display().to_string()]);
    assert!(replayed.status.success(), "{}", text(&replayed.stderr));
    record
}

#[test]
fn two_engines_play_every_game_to_its_end() {
    let dir = scratch("two");
    let engines = [ours("one", "random"), ours("two", "easy")];
    for game in GAMES {
        let record = play_and_replay(&dir, game, "one", "two", &engines);
        assert!(record.get("forfeit").is_none(), "{game}: {record}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn an_engine_plays_every_game_against_every_ladder_level() {
    let dir = scratch("ladder");
    let engines = [ours("ours", "random")];
    for game in GAMES {
        let mut levels = vec!["random", "easy", "medium:think=20", "hard:think=50"];
        if game == "quantik" {
            levels.push("perfect");
        }
        for (i, level) in levels.into_iter().enumerate() {
            // The engine takes each seat in turn.
            let (p1, p2) = if i % 2 == 0 {
                ("ours", level)
            } else {
                (level, "ours")
            };
            let record = play_and_replay(&dir, game, p1, p2, &engines);
            assert!(record.get("forfeit").is_none(), "{game} {level}: {record}");
        }
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn engines_play_matches_and_tournaments_with_elo() {
    let dir = scratch("match");
    let engine = ours("mine", "easy");
    let out = run(
        &dir,
        &strings(&[
            "match", "quantik", "mine", "random", "--games", "6", "--engine", &engine,
        ]),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(said.contains("mine"), "{said}");
    let out = run(
        &dir,
        &strings(&[
            "tournament",
            "quantik",
            "--agents",
            "random,mine,easy",
            "--games",
            "4",
            "--engine",
            &engine,
        ]),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(said.contains("mine") && said.contains("Elo"), "{said}");
    // In shards (on other machines, each given the same engines), merged.
    let mut parts = Vec::new();
    for shard in ["1/2", "2/2"] {
        let part = dir.join(format!("part-{}.json", &shard[..1]));
        let out = run(
            &dir,
            &strings(&[
                "tournament",
                "quantik",
                "--agents",
                "random,mine",
                "--games",
                "4",
                "--shard",
                shard,
                "--json",
                &part.display().to_string(),
                "--engine",
                &engine,
            ]),
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        parts.push(part.display().to_string());
    }
    let merged = dir.join("merged.json");
    let merge = |with_engine: bool| {
        let mut args = strings(&["tournament", "--merge"]);
        args.extend(parts.iter().cloned());
        args.extend(["--json".to_owned(), merged.display().to_string()]);
        if with_engine {
            args.extend(["--engine".to_owned(), engine.clone()]);
        }
        run(&dir, &args)
    };
    let out = merge(true);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let whole: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&merged).expect("merged")).expect("JSON");
    assert_eq!(whole["played"], 4, "{whole}");
    let out = merge(false);
    refused(&out, "unknown level `mine`");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_failing_engine_loses_its_games_with_the_reason_and_the_log_keeps_both_sides() {
    let dir = scratch("failing");
    let log = dir.join("engines.log");
    // An engine that greets and accepts the game, then answers `go` with nonsense.
    let script = "while read -r l; do case $l in protocol*|game*) echo ok;; go*) echo nonsense;; quit) exit 0;; esac; done";
    let bad = format!("bad=sh -c '{script}'");
    let file = dir.join("game.json");
    let out = run(
        &dir,
        &strings(&[
            "play",
            "quantik",
            "--p1",
            "random",
            "--p2",
            "bad",
            "--seed",
            "3",
            "--save",
            &file.display().to_string(),
            "--engine",
            &bad,
            "--engine-log",
            &log.display().to_string(),
        ]),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.contains("Player 1 wins: player 2 forfeits: answered `go` with `nonsense`"),
        "{said}"
    );
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("saved")).expect("JSON");
    assert_eq!(record["forfeit"]["seat"], 1);
    let replayed = run(&dir, &["replay".to_owned(), file.display().to_string()]);
    assert!(replayed.status.success(), "{}", text(&replayed.stderr));
    assert!(
        text(&replayed.stdout).contains("forfeits"),
        "{}",
        text(&replayed.stdout)
    );
    let log = std::fs::read_to_string(&log).expect("the log is written");
    for line in [
        "> protocol 1",
        "< ok",
        "> game quantik players 2 seat 2",
        "> moved 1 ",
        "> go 1000",
        "< nonsense",
        "# forfeits: ",
    ] {
        assert!(log.contains(line), "`{line}` missing from the log:\n{log}");
    }
    // A match goes on through every game.
    let out = run(
        &dir,
        &strings(&[
            "match", "quantik", "bad", "random", "--games", "4", "--engine", &bad,
        ]),
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let said = text(&out.stdout);
    assert!(
        said.contains("losses     4")
            && said.contains("forfeited 4 games: answered `go` with `nonsense`"),
        "{said}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn engines_named_in_the_config_file_play_and_appear_in_the_menu() {
    let dir = scratch("config");
    let config = dir.join("tabuleiro");
    std::fs::create_dir_all(&config).expect("config folder");
    std::fs::write(
        config.join("engines.toml"),
        format!("# my engines\nconfigured = \"'{BIN}' engine --level easy\"\n"),
    )
    .expect("written");
    play_and_replay(&dir, "quantik", "configured", "random", &[]);
    // The plain menu: Quantik, computer against computer, then the level list shows it.
    let mut child = Command::new(BIN)
        .args(["--plain"])
        .env("XDG_CONFIG_HOME", &dir)
        .env("HOME", &dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("starts");
    child
        .stdin
        .take()
        .expect("input")
        .write_all(b"1\n3\n")
        .expect("answers");
    let out = child.wait_with_output().expect("ends");
    let said = text(&out.stdout);
    assert!(said.contains("configured — engine `"), "{said}");
    // A bad config file is named in the error.
    std::fs::write(config.join("engines.toml"), "configured = 3\n").expect("written");
    let out = run(&dir, &strings(&["list"]));
    refused(&out, "engines.toml");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_bad_engine_argument_is_refused_with_a_reason() {
    let dir = scratch("bad-argument");
    for (given, expected) in [
        ("noequals", "NAME=COMMAND"),
        ("hard=sh", "name of a level"),
        ("x=/no/such/program", "not found"),
        ("x=sh 'unclosed", "badly quoted"),
    ] {
        let out = run(&dir, &strings(&["list", "--engine", given]));
        refused(&out, expected);
    }
    let _ = std::fs::remove_dir_all(dir);
}
