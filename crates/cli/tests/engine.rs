//! `tabuleiro engine` driven as a foreign host would drive it (docs/engine-protocol.md): a
//! real process, the handshake, a game of each game without hidden information played to its
//! end against the host's own moves, and `quit`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use tabuleiro_core::{Engine, GameVisitor, Options, Player, Registry, Setup};
use tabuleiro_games::REGISTRY;

/// The most any answer may take (a `random` engine answers at once).
const PATIENCE: Duration = Duration::from_secs(30);

/// A running engine: its input, and its output line by line.
struct EngineProcess {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

impl EngineProcess {
    fn start(level: &str) -> Self {
        let mut child = Command::new(env!("CARGO_BIN_EXE_tabuleiro"))
            .args(["engine", "--level", level])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the engine starts");
        let input = child.stdin.take().expect("its input");
        let output = child.stdout.take().expect("its output");
        let (sender, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { return };
                if sender.send(line).is_err() {
                    return;
                }
            }
        });
        EngineProcess {
            child,
            input,
            lines,
        }
    }

    fn say(&mut self, line: &str) {
        writeln!(self.input, "{line}").expect("the engine reads");
        self.input.flush().expect("flushed");
    }

    /// The next line that is not `info` or `id` (those are checked to be what they say).
    fn answer(&mut self) -> String {
        loop {
            let line = match self.lines.recv_timeout(PATIENCE) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => panic!("no answer in {PATIENCE:?}"),
                Err(RecvTimeoutError::Disconnected) => panic!("the engine stopped"),
            };
            assert!(
                !line.starts_with("info error"),
                "the engine could not follow: {line}"
            );
            if !line.starts_with("info ") && !line.starts_with("id ") {
                return line;
            }
        }
    }
}

/// Plays one game of `G` against the engine, which sits in seat `seat` (from 0); the host
/// plays its first legal move each turn. Returns the number of moves.
struct HostGame<'a> {
    engine: &'a mut EngineProcess,
    seat: usize,
}

impl GameVisitor for HostGame<'_> {
    type Output = usize;

    fn visit<G: Engine>(self) -> usize {
        let players = G::INFO.min_players;
        let mut state = G::new(&Setup {
            players,
            options: Options::defaults(G::INFO),
            seed: 7,
        })
        .expect("a game");
        // Every option with its value, as the game settled it (never `random`).
        let mut options: Vec<(String, String)> = Options::defaults(G::INFO)
            .iter()
            .map(|(k, v)| (k.to_owned(), v.to_owned()))
            .collect();
        for (name, value) in state.settled_options() {
            if let Some(o) = options.iter_mut().find(|(k, _)| k == name) {
                o.1 = value;
            }
        }
        let options: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
        self.engine.say(&format!(
            "game {} players {players} seat {} {}",
            G::INFO.id,
            self.seat + 1,
            options.join(" ")
        ));
        assert_eq!(self.engine.answer(), "ok", "{}", G::INFO.id);
        let mut moves = Vec::new();
        let mut played = 0;
        let limit = G::INFO.max_moves.unwrap_or(2_000);
        while let Some(to_move) = state.to_move() {
            assert!(played < limit, "{}: the game does not end", G::INFO.id);
            let text = if to_move == Player(self.seat as u8) {
                self.engine.say("go 10000");
                let answer = self.engine.answer();
                let Some(text) = answer.strip_prefix("move ") else {
                    panic!("{}: `move …` expected, not `{answer}`", G::INFO.id);
                };
                text.to_owned()
            } else {
                state.legal_moves(&mut moves);
                state.format_move(moves[0])
            };
            let mv = state
                .parse_move(&text)
                .unwrap_or_else(|e| panic!("{}: the engine's `{text}`: {e}", G::INFO.id));
            state.play_unchecked(mv);
            self.engine
                .say(&format!("moved {} {text}", usize::from(to_move.0) + 1));
            played += 1;
        }
        self.engine.say("end the game is over");
        played
    }
}

#[test]
fn the_engine_plays_every_game_without_hidden_information_to_its_end_then_quits() {
    let mut engine = EngineProcess::start("random");
    engine.say("protocol 1");
    assert_eq!(engine.answer(), "ok");
    let mut games = 0;
    for info in REGISTRY.games() {
        if info.hidden_information {
            continue;
        }
        for seat in 0..2 {
            let played = REGISTRY
                .visit(
                    info.id,
                    HostGame {
                        engine: &mut engine,
                        seat,
                    },
                )
                .expect("a game of the registry");
            assert!(played > 0, "{}", info.id);
            games += 1;
        }
    }
    assert_eq!(games, 8, "four games, each from both seats");
    engine.say("quit");
    let give_up = Instant::now() + PATIENCE;
    loop {
        if let Some(status) = engine.child.try_wait().expect("its status") {
            assert!(status.success(), "{status}");
            break;
        }
        assert!(
            Instant::now() < give_up,
            "the engine did not stop on `quit`"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn the_engine_names_itself_and_refuses_a_game_it_cannot_play() {
    let mut engine = EngineProcess::start("easy");
    engine.say("protocol 1");
    let mut named = Vec::new();
    loop {
        let line = engine.lines.recv_timeout(PATIENCE).expect("the handshake");
        if line == "ok" {
            break;
        }
        named.push(line);
    }
    assert!(
        named.contains(&"id name tabuleiro easy".to_owned()),
        "{named:?}"
    );
    engine.say("game qinto players 2 seat 1 first=1");
    let refused = engine.lines.recv_timeout(PATIENCE).expect("an answer");
    assert!(
        refused.starts_with("info error:") && refused.contains("hides information"),
        "{refused}"
    );
    // Closing its input stops it too.
    drop(engine.input);
    let status = engine.child.wait().expect("it stops");
    assert!(status.success(), "{status}");
}
