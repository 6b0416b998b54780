//! The example engines of `examples/engines/` in tabuleiro's seats (they need python3 and
//! SWI-Prolog: `scripts/test` installs both and runs these tests).
//!
//! - The SWI-Prolog Quantik player, against `random` from either seat: every move it makes is
//!   checked against the rules here — it wins at once when it can, and otherwise never gives
//!   the opponent a win at once when a move that does not exists.
//! - The Python player at Q!nto, in two seats of three, with `--engine-log`: each process's
//!   whole input holds its own hand only (`private`), the others' trades only as counts, and
//!   every tile it plays or trades is in the hand it was last told.

use std::collections::BTreeMap;

use tabuleiro_ai::engines::{self, EngineSpec};
use tabuleiro_ai::{Agent, Level, play_game};
use tabuleiro_core::{Game, Options, Player, Session, Setup};
use tabuleiro_games::quantik::Quantik;

const EXAMPLES: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/engines");

/// The placements of the player to move in `state` that end the game in its favour at once.
fn winning(state: &Quantik) -> Vec<<Quantik as Game>::Move> {
    let me = state.to_move();
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    legal
        .into_iter()
        .filter(|&mv| {
            let mut after = *state;
            after.play_unchecked(mv);
            after.outcome().and_then(|o| o.winner()) == me
        })
        .collect()
}

/// Whether the opponent can win at once after `mv` (not counting a game `mv` ends).
fn gives_a_win(state: &Quantik, mv: <Quantik as Game>::Move) -> bool {
    let mut after = *state;
    after.play_unchecked(mv);
    after.outcome().is_none() && !winning(&after).is_empty()
}

#[test]
#[ignore = "needs swipl (Debian's swi-prolog-nox): scripts/test runs it"]
fn the_prolog_player_wins_when_it_can_and_gives_no_win_away() {
    engines::register(EngineSpec {
        name: "prolog".to_owned(),
        argv: vec!["swipl".to_owned(), format!("{EXAMPLES}/quantik.pl")],
    })
    .expect("registers");
    let (mut wins, mut chances, mut dodges) = (0, 0, 0);
    for game in 0..24u64 {
        let prolog_seat = Player((game % 2) as u8);
        let mut agents: Vec<Box<dyn Agent<Quantik>>> = Vec::new();
        for seat in 0..2 {
            // Its moves take up to 1.5 s on this machine alone: a test on a busy machine gives
            // it 10 s, so that a slow move is not taken for a failure.
            let level = if seat == prolog_seat.index() {
                "prolog:think=10000"
            } else {
                "random"
            };
            agents.push(
                level
                    .parse::<Level>()
                    .expect("level")
                    .build(game)
                    .expect("builds"),
            );
        }
        let setup = Setup {
            players: 2,
            options: Options::defaults(Quantik::INFO),
            seed: game,
        };
        let session: Session<Quantik> = play_game(&setup, &mut agents, 20).expect("played");
        assert!(session.forfeited().is_none(), "{:?}", session.outcome());
        for (state, &mv) in session.positions().iter().zip(session.moves()) {
            if state.to_move() != Some(prolog_seat) {
                continue;
            }
            let shown = state.format_move(mv);
            let wins_here = winning(state);
            if !wins_here.is_empty() {
                chances += 1;
                assert!(
                    wins_here.contains(&mv),
                    "game {game}: missed a win, played {shown}"
                );
                continue;
            }
            let mut legal = Vec::new();
            state.legal_moves(&mut legal);
            let safe = legal.iter().any(|&m| !gives_a_win(state, m));
            if safe {
                assert!(
                    !gives_a_win(state, mv),
                    "game {game}: {shown} gives a win away"
                );
                dodges += usize::from(legal.iter().any(|&m| gives_a_win(state, m)));
            }
        }
        if session.outcome().and_then(|o| o.winner()) == Some(prolog_seat) {
            wins += 1;
        }
    }
    // The checks above were put to the test: wins were there to take, traps to avoid.
    assert!(
        chances > 0 && dodges > 0,
        "chances {chances}, dodges {dodges}"
    );
    assert!(wins > 12, "{wins} wins of 24 against random");
}

/// Tiles named by a Q!nto move in notation: before `@` in a play or swap, after `pass`.
fn tiles_named(text: &str) -> Vec<String> {
    let words: Vec<&str> = text.split_whitespace().collect();
    match words.as_slice() {
        ["pass", rest @ ..] => rest.iter().map(|w| (*w).to_owned()).collect(),
        ["swap", rest @ ..] | rest => rest
            .iter()
            .filter_map(|w| w.split_once('@').map(|(tile, _)| tile.to_owned()))
            .collect(),
    }
}

#[test]
#[ignore = "needs python3: scripts/test runs it"]
fn a_qinto_engine_is_told_its_own_hand_and_only_counts_of_the_others_trades() {
    let dir = std::env::temp_dir().join(format!("tabuleiro-cli-qinto-log-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch");
    let log = dir.join("engines.log");
    let command = format!("py=python3 {EXAMPLES}/random_player.py");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabuleiro"))
        .args([
            "play",
            "qinto",
            "--players",
            "3",
            "--p1",
            "py",
            "--p2",
            "random",
            "--p3",
            "py",
        ])
        .args(["--seed", "21", "--engine", &command, "--engine-log"])
        .arg(&log)
        .env("XDG_CONFIG_HOME", &dir)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        said.contains("Game over") && !said.contains("forfeits"),
        "{said}"
    );
    let log = std::fs::read_to_string(&log).expect("the log");
    // Each process's lines, by process.
    let mut by_process: BTreeMap<&str, Vec<(&str, &str)>> = BTreeMap::new();
    for line in log.lines() {
        let mut parts = line.splitn(3, ' ');
        if let (Some(who), Some(mark), Some(text)) = (parts.next(), parts.next(), parts.next()) {
            by_process.entry(who).or_default().push((mark, text));
        }
    }
    assert_eq!(by_process.len(), 2, "one process per engine seat");
    let (mut others_trades, mut own_moves) = (0, 0);
    for (who, lines) in &by_process {
        let seat = lines
            .iter()
            .find_map(|(mark, text)| {
                let rest = text.strip_prefix("game qinto players 3 seat ")?;
                (*mark == ">").then(|| rest.split(' ').next()?.parse::<usize>().ok())?
            })
            .unwrap_or_else(|| panic!("{who}: no game line"));
        let mut hand: Option<Vec<String>> = None;
        for (mark, text) in lines {
            match (*mark, text.split_once(' ')) {
                (">", Some(("private", rest))) => {
                    let tiles: Vec<String> = rest
                        .strip_prefix("hand")
                        .unwrap_or_else(|| panic!("{who}: {text}"))
                        .split_whitespace()
                        .map(str::to_owned)
                        .collect();
                    assert!(tiles.len() <= 5, "{who}: a hand of {}", tiles.len());
                    hand = Some(tiles);
                }
                (">", Some(("moved", rest))) => {
                    let (mover, mv) = rest.split_once(' ').expect("seat and move");
                    if mover.parse::<usize>() != Ok(seat) && mv.starts_with("pass") {
                        let trade = mv.strip_prefix("pass").unwrap_or_default().trim();
                        assert!(
                            trade.is_empty()
                                || (trade.starts_with("(traded ")
                                    && trade.ends_with(')')
                                    && !trade.contains('@')),
                            "{who} (seat {seat}) was told another seat's trade: {text}"
                        );
                        others_trades += usize::from(!trade.is_empty());
                    }
                }
                ("<", Some(("move", mv))) => {
                    let mut left = hand.clone().unwrap_or_else(|| panic!("{who}: no hand yet"));
                    for tile in tiles_named(mv) {
                        let at = left.iter().position(|t| *t == tile).unwrap_or_else(|| {
                            panic!("{who}: {tile} of `{mv}` is not in {left:?}")
                        });
                        left.remove(at);
                    }
                    own_moves += 1;
                }
                _ => {}
            }
        }
    }
    assert!(own_moves > 0, "the engines moved");
    // Whether another seat traded depends on the game; the line format is checked whenever it
    // did, and the count is reported for the curious.
    eprintln!("{own_moves} engine moves checked; {others_trades} trades of other seats seen");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
#[ignore = "needs python3: scripts/test runs it"]
fn the_hello_engine_of_the_walk_through_plays_a_match() {
    let doc = include_str!("../../../../docs/engine-protocol.md");
    let start = doc.find("```python\n").expect("the walk-through's Python") + "```python\n".len();
    let end = start + doc[start..].find("```").expect("its end");
    // The block is indented in a list item: take the indentation away.
    let code: String = doc[start..end]
        .lines()
        .map(|line| line.strip_prefix("   ").unwrap_or(line))
        .collect::<Vec<_>>()
        .join("\n");
    let dir = std::env::temp_dir().join(format!("tabuleiro-cli-hello-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("scratch");
    let script = dir.join("hello.py");
    std::fs::write(&script, code).expect("written");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_tabuleiro"))
        .args([
            "match", "quantik", "hello", "random", "--games", "10", "--engine",
        ])
        .arg(format!("hello=python3 '{}'", script.display()))
        .env("XDG_CONFIG_HOME", &dir)
        .output()
        .expect("runs");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        said.contains("hello") && !said.contains("forfeited"),
        "{said}"
    );
    let _ = std::fs::remove_dir_all(dir);
}
