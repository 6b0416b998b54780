//! Engines driven as a foreign host would drive them (docs/engine-protocol.md): real
//! processes, the handshake, games played to their end against the host's own moves, and
//! `quit`. `tabuleiro engine` and the Python example (`examples/engines/random_player.py`, moves
//! from `legal`) play every game, Q!nto from what their seat is told (its hand in `private`
//! lines, the others' trades as counts).

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use tabuleiro_ai::Level;
use tabuleiro_core::{Engine, GameVisitor, Options, Player, Registry, Setup};
use tabuleiro_games::REGISTRY;

/// The most any answer may take (a `random` engine answers at once).
const PATIENCE: Duration = Duration::from_secs(30);

/// A running engine: its input, its output line by line, and whether it asked for the legal
/// moves.
struct EngineProcess {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    wants_legal: bool,
}

impl EngineProcess {
    /// `tabuleiro engine --level LEVEL`.
    fn start(level: &str) -> Self {
        let mut command = Command::new(env!("CARGO_BIN_EXE_tabuleiro"));
        command.args(["engine", "--level", level]);
        Self::spawn(command)
    }

    fn spawn(mut command: Command) -> Self {
        let mut child = command
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
            wants_legal: false,
        }
    }

    /// `protocol 1`, and the engine's lines up to its `ok` (noting `want legal`).
    fn handshake(&mut self) -> Vec<String> {
        self.say("protocol 1");
        let mut said = Vec::new();
        loop {
            let line = self.lines.recv_timeout(PATIENCE).expect("the handshake");
            if line == "ok" {
                return said;
            }
            self.wants_legal |= line.trim() == "want legal";
            said.push(line);
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

/// Plays one game of `G` against the engine, which sits in seat `seat` (from 0), from the
/// game's seed `seed`; the host plays its first legal move each turn. Returns the number of
/// moves.
struct HostGame<'a> {
    engine: &'a mut EngineProcess,
    seat: usize,
    seed: u64,
    /// The level that plays the host's seats; none: the first legal move (a game against a
    /// seeded engine is then the same every run).
    host: Option<Level>,
}

impl GameVisitor for HostGame<'_> {
    type Output = usize;

    fn visit<G: Engine>(self) -> usize {
        let players = G::INFO.min_players;
        let mut state = G::new(&Setup {
            players,
            options: Options::defaults(G::INFO),
            seed: self.seed,
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
        let mut host = self
            .host
            .map(|level| level.build::<G>(self.seed).expect("a level"));
        let mut told_private: Option<String> = None;
        let limit = G::INFO.max_moves.unwrap_or(2_000);
        while let Some(to_move) = state.to_move() {
            assert!(played < limit, "{}: the game does not end", G::INFO.id);
            let text = if to_move == Player(self.seat as u8) {
                // What the seat alone may see, each time it changed (Q!nto: its hand).
                let private = state.private_text(Player(self.seat as u8));
                if private.is_some() && private != told_private {
                    self.engine
                        .say(&format!("private {}", private.clone().unwrap_or_default()));
                    told_private = private;
                }
                if self.engine.wants_legal {
                    state.legal_moves(&mut moves);
                    let legal: Vec<String> = moves.iter().map(|&m| state.format_move(m)).collect();
                    self.engine.say(&format!("legal {}", legal.join(";")));
                }
                self.engine.say("go 10000");
                let answer = self.engine.answer();
                let Some(text) = answer.strip_prefix("move ") else {
                    panic!("{}: `move …` expected, not `{answer}`", G::INFO.id);
                };
                text.to_owned()
            } else if let Some(host) = &mut host {
                let mv = host.choose(&state.view(to_move)).expect("a move");
                state.format_move(mv)
            } else {
                state.legal_moves(&mut moves);
                state.format_move(moves[0])
            };
            let mv = state
                .parse_move(&text)
                .unwrap_or_else(|e| panic!("{}: the engine's `{text}`: {e}", G::INFO.id));
            // The move as the engine's seat may know it (a trade of hidden tiles only counted).
            let known = state.format_move_for(mv, Some(Player(self.seat as u8)));
            state.play_unchecked(mv);
            self.engine
                .say(&format!("moved {} {known}", usize::from(to_move.0) + 1));
            played += 1;
        }
        self.engine.say("end the game is over");
        played
    }
}

/// Plays a game of each game from each of two seats against `engine` (the host's seats played
/// by `host`, else by their first legal move), then says `quit` and checks that it stops;
/// returns the number of games.
fn play_every_game(mut engine: EngineProcess, host: Option<Level>) -> usize {
    let mut games = 0;
    for info in REGISTRY.games() {
        for seat in 0..2 {
            let played = REGISTRY
                .visit(
                    info.id,
                    HostGame {
                        engine: &mut engine,
                        seat,
                        seed: 7,
                        host,
                    },
                )
                .expect("a game of the registry");
            assert!(played > 0, "{}", info.id);
            games += 1;
        }
    }
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
    games
}

#[test]
fn the_engine_plays_every_game_to_its_end_then_quits() {
    for level in ["random", "easy"] {
        let mut engine = EngineProcess::start(level);
        engine.handshake();
        assert!(!engine.wants_legal, "tabuleiro engine knows the moves");
        assert_eq!(
            play_every_game(engine, None),
            10,
            "five games, each from both seats"
        );
    }
}

#[test]
fn the_engine_follows_qinto_game_after_game_from_what_its_seat_is_told() {
    // Random moves include passes without a trade, after which the host tells no new hand:
    // the engine must keep the one it was told (a regression: it once forgot it, and played
    // tiles it did not hold).
    let mut engine = EngineProcess::start("random");
    engine.handshake();
    for seed in 0..16 {
        let played = REGISTRY
            .visit(
                "qinto",
                HostGame {
                    engine: &mut engine,
                    seat: (seed % 2) as usize,
                    seed,
                    host: None,
                },
            )
            .expect("Q!nto is in the registry");
        assert!(played > 0);
    }
}

#[test]
#[ignore = "needs python3: scripts/test runs it"]
fn the_python_example_plays_every_game_from_the_legal_moves() {
    let script = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/engines/random_player.py"
    );
    let mut command = Command::new("python3");
    command.arg(script);
    let mut engine = EngineProcess::spawn(command);
    let said = engine.handshake();
    assert!(engine.wants_legal, "{said:?}");
    // Against a player at random, the first legal move can shuffle a Nudge game for ever:
    // the host plays `greedy`, which ends it.
    assert_eq!(
        play_every_game(engine, Some(Level::Greedy)),
        10,
        "five games, each from both seats"
    );
}

#[test]
fn the_engine_names_itself_and_refuses_a_game_it_cannot_play() {
    let mut engine = EngineProcess::start("easy");
    let named = engine.handshake();
    assert!(
        named.contains(&"id name tabuleiro easy".to_owned()),
        "{named:?}"
    );
    engine.say("game qinto players 2 seat 1 first=random");
    let refused = engine.lines.recv_timeout(PATIENCE).expect("an answer");
    assert!(
        refused.starts_with("info error:") && refused.contains("is `random`"),
        "{refused}"
    );
    // Closing its input stops it too.
    drop(engine.input);
    let status = engine.child.wait().expect("it stops");
    assert!(status.success(), "{status}");
}
