//! `tabuleiro tournament`: schedules, result files, interruption, shards.

use std::process::{Command, Stdio};

use crate::cli::util::{json, run, scratch, stderr, stdout};

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
