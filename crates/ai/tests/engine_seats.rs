//! Engine seats on real processes: a POSIX `sh` engine (`tests/engines/script.sh`) plays
//! Quantik through the engine protocol, well or, from its second move, badly in each way a
//! seat can fail. A failing seat loses with its reason in the result and the record, the game
//! never hangs, and the engine's process is gone when the game returns (it was waited for: no
//! zombie).

use std::path::{Path, PathBuf};

use tabuleiro_ai::engines::{self, EngineSpec};
use tabuleiro_ai::{Agent, Level, play_game};
use tabuleiro_core::{Game, GameRecord, Options, Outcome, Player, PlayerResult, Session, Setup};
use tabuleiro_games::quantik::Quantik;

const SCRIPT: &str = include_str!("engines/script.sh");

/// A folder of its own for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!(
        "tabuleiro-ai-engines-{}-{name}",
        std::process::id()
    ));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// Registers the script in `mode` as engine `name`, writing its process id to `pid_file`.
fn register(name: &str, mode: &str, pid_file: &Path) {
    engines::register(EngineSpec {
        name: name.to_owned(),
        argv: vec![
            "sh".into(),
            "-c".into(),
            SCRIPT.into(),
            "script".into(),
            mode.into(),
            pid_file.display().to_string(),
        ],
    })
    .expect("registers");
}

fn setup(seed: u64) -> Setup {
    Setup {
        players: 2,
        options: Options::defaults(Quantik::INFO),
        seed,
    }
}

/// One game of Quantik: `first` in seat 1, `second` in seat 2.
fn play(first: &str, second: &str, seed: u64) -> Session<Quantik> {
    let mut agents: Vec<Box<dyn Agent<Quantik>>> = [first, second]
        .iter()
        .map(|level| {
            level
                .parse::<Level>()
                .expect("a level")
                .build::<Quantik>(seed)
                .expect("builds")
        })
        .collect();
    play_game(&setup(seed), &mut agents, 100).expect("the game is played")
}

/// The process id the script wrote.
fn pid(file: &Path) -> u32 {
    std::fs::read_to_string(file)
        .expect("the engine wrote its process id")
        .trim()
        .parse()
        .expect("a process id")
}

/// Whether process `pid` still exists (running, or a zombie nobody waited for).
fn exists(pid: u32) -> bool {
    Path::new(&format!("/proc/{pid}")).exists()
}

/// Whether process `pid` is still running a moment later: an engine's orphaned children, once
/// killed, are reaped by the system's first process in its own time (until then they are
/// zombies, which run nothing).
fn still_running(pid: u32) -> bool {
    let running = || {
        std::fs::read_to_string(format!("/proc/{pid}/status")).is_ok_and(|status| {
            !status
                .lines()
                .any(|l| l.starts_with("State:") && l.contains('Z'))
        })
    };
    let until = std::time::Instant::now() + std::time::Duration::from_secs(2);
    while running() {
        if std::time::Instant::now() > until {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    false
}

/// The engine in seat 1 fails as `mode` says: seat 1 loses, the reason says why, the record
/// keeps it and replays, and the process is gone.
fn fails(mode: &str, think: Option<u64>, reason: &str) {
    let dir = scratch(mode);
    let name = format!("sh-{mode}");
    let pid_file = dir.join("pid");
    register(&name, mode, &pid_file);
    let level = think.map_or(name.clone(), |ms| format!("{name}:think={ms}"));
    let session = play(&level, "random", 7);
    let outcome = session.outcome().expect("the game ended");
    assert_eq!(outcome.result(Player(0)), PlayerResult::Loss, "{outcome}");
    assert_eq!(outcome.winner(), Some(Player(1)), "{outcome}");
    assert!(
        outcome.reason.starts_with("player 1 forfeits: ") && outcome.reason.contains(reason),
        "{mode}: {}",
        outcome.reason
    );
    // The engine moved once before failing.
    assert_eq!(session.moves().len(), 2, "{mode}");
    let record = session.record();
    assert_eq!(record.forfeit.as_ref().map(|f| f.seat), Some(0));
    let again = GameRecord::from_json(&record.to_json()).expect("reads back");
    again.replay::<Quantik>().expect("replays to the forfeit");
    assert_eq!(again.agents[0], level);
    assert!(
        !exists(pid(&pid_file)),
        "{mode}: the engine's process is left"
    );
    if Path::new(&format!("{}.children", pid_file.display())).exists() {
        let left: Vec<u32> = children(&pid_file)
            .into_iter()
            .filter(|&pid| still_running(pid))
            .collect();
        assert!(left.is_empty(), "{mode}: its children are left: {left:?}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_good_engine_plays_quantik_to_the_end_against_itself_and_random() {
    let dir = scratch("good");
    register("sh-good", "good", &dir.join("pid"));
    register("sh-good-2", "good", &dir.join("pid2"));
    for (first, second) in [
        ("sh-good", "random"),
        ("random", "sh-good"),
        ("sh-good", "sh-good-2"),
    ] {
        let session = play(first, second, 3);
        let outcome: Outcome = session.outcome().expect("over");
        assert!(session.forfeited().is_none(), "{outcome}");
        assert_eq!(session.state().outcome(), Some(outcome));
        session.record().replay::<Quantik>().expect("replays");
    }
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_move_that_does_not_parse_loses() {
    fails("illegal", None, "played `Zz9`");
}

#[test]
fn an_illegal_move_loses() {
    fails("occupied", None, "played `");
}

#[test]
fn a_malformed_line_loses() {
    fails("malformed", None, "answered `go` with `hello there`");
}

#[test]
fn no_answer_in_time_loses() {
    fails(
        "silent",
        Some(100),
        "no move within 100 ms (and 1000 ms of margin)",
    );
}

#[test]
fn a_crash_loses() {
    fails("crash", None, "the engine exited (status 3)");
}

/// The process ids of the children the script started, from `pid_file`'s `.children` file.
fn children(pid_file: &Path) -> Vec<u32> {
    let file = format!("{}.children", pid_file.display());
    std::fs::read_to_string(file)
        .expect("the engine wrote its children's process ids")
        .split_whitespace()
        .map(|pid| pid.parse().expect("a process id"))
        .collect()
}

/// An engine that exits leaving a child that holds its output open is gone at once (not
/// taken for one that does not answer in its 10 s), and the child goes with it ([`fails`]).
#[test]
fn an_engine_that_exits_leaving_children_loses_at_once_as_gone() {
    fails("orphan", Some(10_000), "the engine exited (status 3)");
}

/// What an engine starts goes with it: its process group is ended whole after a game.
#[test]
fn an_engines_children_are_gone_after_its_games() {
    let dir = scratch("children");
    let pid_file = dir.join("pid");
    register("sh-children", "children", &pid_file);
    for seed in 0..2 {
        let session = play("sh-children", "random", seed);
        assert!(session.outcome().is_some());
    }
    let started = children(&pid_file);
    assert_eq!(started.len(), 4, "two children a game: {started:?}");
    let left: Vec<u32> = started
        .into_iter()
        .filter(|&pid| still_running(pid))
        .collect();
    assert!(left.is_empty(), "children left running: {left:?}");
    assert!(!exists(pid(&pid_file)), "the engine's process is left");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_flood_of_lines_loses() {
    fails("flood", None, "bytes in one turn");
}

#[test]
fn a_line_too_long_loses() {
    fails("longline", None, "a line longer than 65536 bytes");
}

#[test]
fn an_engine_that_will_not_stop_loses_and_is_killed() {
    fails("stubborn", Some(100), "no move within 100 ms");
}

#[test]
fn a_dead_engine_is_started_again_for_the_next_game() {
    let dir = scratch("restart");
    let pid_file = dir.join("pid");
    register("sh-restart", "crash", &pid_file);
    let seed = 11;
    let mut agents: Vec<Box<dyn Agent<Quantik>>> = vec![
        "sh-restart"
            .parse::<Level>()
            .expect("level")
            .build(seed)
            .expect("builds"),
        Level::Random.build(seed).expect("builds"),
    ];
    let mut pids = Vec::new();
    for game in 0..2 {
        let session = play_game(&setup(seed + game), &mut agents, 100).expect("played");
        let outcome = session.outcome().expect("over");
        assert!(outcome.reason.contains("exited (status 3)"), "{outcome}");
        // It played its first move in each game: it was started again.
        assert_eq!(session.moves().len(), 2);
        pids.push(pid(&pid_file));
    }
    assert_ne!(pids[0], pids[1]);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_program_that_cannot_start_loses() {
    engines::register(EngineSpec {
        name: "nowhere".to_owned(),
        argv: vec!["/no/such/engine".to_owned()],
    })
    .expect("registers");
    let session = play("nowhere", "random", 5);
    let outcome = session.outcome().expect("over");
    assert_eq!(outcome.result(Player(0)), PlayerResult::Loss);
    assert!(outcome.reason.contains("could not be started"), "{outcome}");
    assert!(session.moves().is_empty());
}

#[test]
fn engine_names_read_as_levels_with_their_time() {
    let dir = scratch("names");
    register("sh-named", "good", &dir.join("pid"));
    let level: Level = "sh-named:think=250".parse().expect("reads");
    assert_eq!(level.to_string(), "sh-named:think=250");
    assert_eq!(
        "SH-Named".parse::<Level>().expect("reads").to_string(),
        "sh-named"
    );
    let error = "sh-named:depth=3".parse::<Level>().unwrap_err();
    assert!(error.to_string().contains("think=MS"), "{error}");
    let error = "nobody".parse::<Level>().unwrap_err();
    assert!(error.to_string().contains("engines: "), "{error}");
    assert!(EngineSpec::parse("hard=python3 x.py").is_err());
    assert!(EngineSpec::parse("no command").is_err());
    let _ = Quantik::INFO;
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn a_person_takes_back_a_turn_against_an_engine_and_the_engine_follows() {
    use tabuleiro_ai::{GameTable, Seat};
    let dir = scratch("undo");
    let pid_file = dir.join("pid");
    register("sh-undo", "good", &pid_file);
    // The only test of this binary that sets the engine log (the other tests' engines may
    // write to it too: this one reads its engine's lines only).
    let log = dir.join("engines.log");
    engines::log::set_log_file(&log).expect("the log");
    let level: Level = "sh-undo".parse().expect("level");
    let mut table = GameTable::<Quantik>::new(setup(13), vec![Seat::Human, Seat::Computer(level)])
        .expect("a table");
    table.play_text("Ca1").expect("legal");
    let first_reply = table.play_computer().expect("answers").expect("a move");
    let engine = pid(&pid_file);
    // Take back the reply and the person's move, play elsewhere: the engine is told the game
    // again from the start and answers in the new position.
    assert_eq!(table.undo_turn().expect("takes back").len(), 2);
    table.play_text("Sd4").expect("legal");
    let reply = table.play_computer().expect("answers").expect("a move");
    assert!(table.session().forfeited().is_none());
    assert_eq!(table.session().moves().len(), 2);
    assert!(table.state().outcome().is_none() || table.outcome().is_some());
    // The same process went on (it was not restarted), and its reply is legal where it was
    // made (play_computer checked it).
    assert_eq!(pid(&pid_file), engine);
    let _ = (first_reply, reply);
    let said = std::fs::read_to_string(&log).expect("the log");
    let mine: Vec<&str> = said
        .lines()
        .filter(|l| l.starts_with(&format!("sh-undo#{engine} > ")))
        .map(|l| l.split_once(" > ").map_or("", |(_, line)| line))
        .collect();
    let games = mine
        .iter()
        .filter(|l| l.starts_with("game quantik"))
        .count();
    assert_eq!(games, 2, "{mine:?}");
    let again = mine
        .iter()
        .position(|l| *l == "end the game was taken back")
        .expect("the game was ended");
    assert!(mine[again + 1].starts_with("game quantik"), "{mine:?}");
    assert_eq!(mine[again + 2], "moved 1 Sd4", "{mine:?}");
    let _ = std::fs::remove_dir_all(dir);
}
