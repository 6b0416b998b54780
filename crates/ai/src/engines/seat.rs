//! [`EngineSeat`]: a seat played by an engine process through the engine protocol.

use std::fmt::Write as _;
use std::marker::PhantomData;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tabuleiro_core::{Game, Outcome, Player, rng_from_seed};

use super::log::EngineLog;
use super::process::{EngineProcess, ReadError};
use super::{EngineSpec, MARGIN_MS, START_MS};
use crate::agent::{Agent, GameSoFar};

/// The protocol's version, as the host announces it.
const PROTOCOL: &str = "protocol 1";

/// A started engine that has answered the handshake.
struct Running {
    process: EngineProcess,
    wants_legal: bool,
    /// The last `info` line, quoted when the engine fails (it often says why).
    last_info: Option<String>,
}

/// A seat played by a registered engine: one process, started at the seat's first turn, told
/// the game as its seat may know it (`game`, `moved`, `private`, `legal` if it asked), asked
/// for each move with `go`. Any failure loses the game for the seat and stops the process;
/// the next game starts it again.
pub struct EngineSeat<G: Game> {
    spec: Arc<EngineSpec>,
    name: String,
    think_ms: u64,
    running: Option<Running>,
    /// The moves the engine was told in this game.
    told: Vec<(Player, String)>,
    /// The private text it was told last.
    private: Option<String>,
    in_game: bool,
    seed: u64,
    game: PhantomData<fn() -> G>,
}

impl<G: Game> EngineSeat<G> {
    /// A seat for engine `spec`, named `name` in records (`mine`, `mine:think=200`), given
    /// `think_ms` for each move.
    pub fn new(spec: Arc<EngineSpec>, name: String, think_ms: u64, seed: u64) -> Self {
        EngineSeat {
            spec,
            name,
            think_ms,
            running: None,
            told: Vec::new(),
            private: None,
            in_game: false,
            seed,
            game: PhantomData,
        }
    }

    /// Starts and greets the engine if it is not running.
    fn start(&mut self) -> Result<(), String> {
        if self.running.as_mut().is_some_and(|r| r.process.exited()) {
            self.running = None;
        }
        if self.running.is_none() {
            self.in_game = false;
            let log = EngineLog::named(&self.spec.name);
            let process = EngineProcess::start(&self.spec.argv, &log)?;
            let mut running = Running {
                process,
                wants_legal: false,
                last_info: None,
            };
            running.handshake()?;
            self.running = Some(running);
        }
        Ok(())
    }

    /// One turn; on error the caller stops the engine.
    fn turn(&mut self, view: &G::View, game: &GameSoFar) -> Result<G::Move, String> {
        let restart = !self.in_game || !game.moves.starts_with(&self.told);
        if self.in_game
            && restart
            && let Some(running) = &mut self.running
        {
            // The game was taken back to before what the engine was told: start it again.
            running.process.send("end the game was taken back");
        }
        self.start()?;
        let Some(running) = &mut self.running else {
            return Err("the engine is not running".to_owned());
        };
        if restart {
            running.process.send(&game_line(game));
            running.expect_ok("the `game` line")?;
            self.told.clear();
            self.private = None;
            self.in_game = true;
        }
        for (mover, text) in &game.moves[self.told.len()..] {
            running
                .process
                .send(&format!("moved {} {text}", mover.index() + 1));
        }
        self.told.clone_from(&game.moves);
        if game.private != self.private {
            if let Some(text) = &game.private {
                running.process.send(&format!("private {text}"));
            }
            self.private.clone_from(&game.private);
        }
        let mut rng = rng_from_seed(self.seed ^ game.moves.len() as u64);
        let position = G::sample_from_view(view, &mut rng);
        if running.wants_legal {
            let mut legal = Vec::new();
            position.legal_moves(&mut legal);
            let texts: Vec<String> = legal.iter().map(|mv| position.format_move(*mv)).collect();
            running.process.send(&format!("legal {}", texts.join(";")));
        }
        let think_ms = game
            .clock_ms
            .map_or(self.think_ms, |left| left.min(self.think_ms));
        running.process.reset_budget();
        running.process.send(&format!("go {think_ms}"));
        let deadline = Instant::now() + Duration::from_millis(think_ms + MARGIN_MS);
        loop {
            let line = running.process.read_line(deadline).map_err(|e| match e {
                ReadError::Timeout(_) => {
                    format!("no move within {think_ms} ms (and {MARGIN_MS} ms of margin)")
                }
                other => other.to_string(),
            })?;
            let line = line.trim();
            if line.is_empty() {
                continue;
            }
            if let Some(info) = line.strip_prefix("info ") {
                running.last_info = Some(info.to_owned());
                continue;
            }
            let Some(text) = line.strip_prefix("move ") else {
                return Err(format!(
                    "answered `go` with `{}`, which is neither `move …` nor `info …`",
                    shorten(line)
                ));
            };
            return position
                .parse_move(text)
                .map_err(|e| format!("played `{}`: {e}", shorten(text.trim())));
        }
    }
}

impl Running {
    /// `protocol 1`, then the engine's `id` and `want` lines up to its `ok`.
    fn handshake(&mut self) -> Result<(), String> {
        self.process.send(PROTOCOL);
        let deadline = Instant::now() + Duration::from_millis(START_MS);
        loop {
            let line = self.read(deadline, "`protocol 1`")?;
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.as_slice() {
                ["ok"] => return Ok(()),
                ["want", "legal"] => self.wants_legal = true,
                [] | ["id" | "want", ..] => {}
                _ => {
                    return Err(format!("answered `protocol 1` with `{}`", shorten(&line)));
                }
            }
        }
    }

    /// Waits for `ok` to `what`.
    fn expect_ok(&mut self, what: &str) -> Result<(), String> {
        let deadline = Instant::now() + Duration::from_millis(START_MS);
        loop {
            let line = self.read(deadline, what)?;
            match line.trim() {
                "ok" => return Ok(()),
                "" => {}
                other => return Err(format!("answered {what} with `{}`", shorten(other))),
            }
        }
    }

    /// The next line that is not `info`, by `deadline`.
    fn read(&mut self, deadline: Instant, what: &str) -> Result<String, String> {
        loop {
            let line = self.process.read_line(deadline).map_err(|e| {
                let said = self
                    .last_info
                    .as_ref()
                    .map(|info| format!(" (it said: {})", shorten(info)))
                    .unwrap_or_default();
                match e {
                    ReadError::Timeout(_) => {
                        format!("did not answer {what} within {START_MS} ms{said}")
                    }
                    other => format!("{other}{said}"),
                }
            })?;
            if let Some(info) = line.trim().strip_prefix("info ") {
                self.last_info = Some(info.to_owned());
                continue;
            }
            return Ok(line);
        }
    }
}

impl<G: Game> Agent<G> for EngineSeat<G> {
    fn name(&self) -> String {
        self.name.clone()
    }

    /// An engine must be told the game ([`Agent::play_turn`]): from a view alone it offers
    /// no move.
    fn choose(&mut self, _view: &G::View) -> Option<G::Move> {
        None
    }

    fn new_game(&mut self, seed: u64) {
        if self.in_game
            && let Some(running) = &mut self.running
        {
            running.process.send("end the game was abandoned");
        }
        self.in_game = false;
        self.told.clear();
        self.private = None;
        self.seed = seed;
    }

    fn follows_game(&self) -> bool {
        true
    }

    fn play_turn(&mut self, view: &G::View, game: Option<&GameSoFar>) -> Result<G::Move, String> {
        let game = game.ok_or_else(|| "the host did not say what game is played".to_owned())?;
        let answer = self.turn(view, game);
        if let Err(reason) = &answer {
            if let Some(running) = &self.running {
                running.process.note(&format!("forfeits: {reason}"));
            }
            // Stopped now, so that it cannot answer late; the next game starts it again.
            self.running = None;
            self.in_game = false;
        }
        answer
    }

    fn game_over(&mut self, outcome: &Outcome) {
        if self.in_game
            && let Some(running) = &mut self.running
        {
            running.process.send(&format!("end {outcome}"));
        }
        self.in_game = false;
    }
}

/// The `game` line for `game`: its id, players, seat from 1 and every option's value.
fn game_line(game: &GameSoFar) -> String {
    let mut line = format!(
        "game {} players {} seat {}",
        game.game,
        game.players,
        game.seat.index() + 1
    );
    for (name, value) in &game.options {
        let _ = write!(line, " {name}={value}");
    }
    line
}

/// At most 200 characters of an engine's line, for a reason shown to people.
fn shorten(text: &str) -> String {
    const MAX: usize = 200;
    match text.char_indices().nth(MAX) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_owned(),
    }
}
