//! `tabuleiro match`: counts, seeds, paired games, threads, more than two players.

use crate::cli::util::{json, run, scratch, stderr, stdout};

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
