//! The engine side of the engine protocol (`docs/engine-protocol.md`): a computer level that
//! answers a host over lines of text, so that any program that speaks the protocol can use it.
//!
//! The engine keeps its own position: it starts each game from the host's `game` line (the
//! game, the number of players, its seat and every option with its value) and plays each
//! `moved` line on it; `go` asks its level for a move of its seat (a `strong` level thinks at
//! most half the time `go` leaves, see [`think_for`]). In a game with hidden information
//! (Q!nto) it keeps the moves as its seat was told them and its `private` text, and rebuilds
//! its seat's view from them ([`tabuleiro_core::Game::view_from_told`]); its level plays from
//! that view as it always does. A game it cannot set up (an unknown game, an option still
//! `random`) is refused in an `info` line, without `ok`.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use tabuleiro_core::{Engine, GameVisitor, Options, Player, Registry, Setup};

use crate::agent::Agent;
use crate::level::Level;

/// The version of the protocol this module speaks.
pub const VERSION: u32 = 1;

/// Of the time `go` gives, what is kept for the answer's way back to the host, ms.
pub const MARGIN_MS: u64 = 50;

/// How long a level thinks when `go` leaves `left` ms for the move: a `strong` level whose own
/// time is longer than half of `left` (less [`MARGIN_MS`]) thinks that half; `None`: as the
/// level says (other levels, levels bounded by depth or iterations, and enough time).
pub fn think_for(level: Level, left: Option<u64>) -> Option<Duration> {
    let (Level::Strong(limits), Some(left)) = (level, left) else {
        return None;
    };
    let own = limits.time?;
    let share = Duration::from_millis((left.saturating_sub(MARGIN_MS) / 2).max(1));
    (share < own).then_some(share)
}

/// One game being played: moves told by the host, moves asked of the level.
trait Table {
    /// Plays `text`, the move of seat `seat` (from 0), on the engine's position.
    fn moved(&mut self, seat: usize, text: &str) -> Result<(), String>;
    /// The level's move for the engine's seat, in notation, with `left` ms for it if the host
    /// said.
    fn go(&mut self, left: Option<u64>) -> Result<String, String>;
    /// What the seat alone may see (a game with hidden information); ignored by the others.
    fn private(&mut self, text: &str) -> Result<(), String> {
        let _ = text;
        Ok(())
    }
}

/// Chooses the level's move from `view`, rebuilding the agent when [`think_for`] changes its
/// time.
struct Chooser<G: Engine> {
    agent: Box<dyn Agent<G>>,
    level: Level,
    seed: u64,
    /// The thinking time the agent was built with, when [`think_for`] shortened it.
    capped: Option<Duration>,
}

impl<G: Engine> Chooser<G> {
    fn new(level: Level, seed: u64) -> Result<Self, String> {
        let mut agent = level.build::<G>(seed).map_err(|e| e.to_string())?;
        agent.new_game(seed);
        Ok(Chooser {
            agent,
            level,
            seed,
            capped: None,
        })
    }

    fn choose(&mut self, view: &G::View, left: Option<u64>) -> Result<G::Move, String> {
        let cap = think_for(self.level, left);
        if cap != self.capped {
            let level = cap.map_or(self.level, |t| self.level.with_think(t));
            self.agent = level.build::<G>(self.seed).map_err(|e| e.to_string())?;
            self.agent.new_game(self.seed);
            self.capped = cap;
        }
        self.agent
            .choose(view)
            .ok_or_else(|| "no move: the game is over".to_owned())
    }
}

/// A game of `G` with hidden information: the seat's view is rebuilt from the moves as the seat
/// was told them and its private text ([`tabuleiro_core::Game::view_from_told`]).
struct Told<G: Engine> {
    setup: Setup,
    seat: Player,
    moves: Vec<String>,
    private: Option<String>,
    chooser: Chooser<G>,
}

impl<G: Engine> Told<G> {
    fn view(&self) -> Result<G::View, String> {
        G::view_from_told(&self.setup, self.seat, &self.moves, self.private.as_deref())
    }
}

impl<G: Engine> Table for Told<G> {
    fn moved(&mut self, seat: usize, text: &str) -> Result<(), String> {
        let view = self.view()?;
        let mut rng = tabuleiro_core::rng_from_seed(self.chooser.seed);
        match G::sample_from_view(&view, &mut rng).to_move() {
            None => return Err(format!("the game is over: no move `{text}`")),
            Some(mover) if mover.index() != seat => {
                return Err(format!(
                    "player {} is to move, not player {}",
                    mover.index() + 1,
                    seat + 1
                ));
            }
            Some(_) => {}
        }
        self.moves.push(text.trim().to_owned());
        if self.view().is_ok() {
            // The hand told before still fits: the host tells it again only if it changed
            // (a pass without a trade keeps it; a play's new hand comes before the next `go`).
            return Ok(());
        }
        // A hand that no longer fits (the move took tiles and the pile gave none back) is
        // forgotten until the next `private`.
        let private = self.private.take();
        if let Err(e) = self.view() {
            self.moves.pop();
            self.private = private;
            return Err(e);
        }
        Ok(())
    }

    fn private(&mut self, text: &str) -> Result<(), String> {
        let before = self.private.replace(text.trim().to_owned());
        if let Err(e) = self.view() {
            self.private = before;
            return Err(e);
        }
        Ok(())
    }

    fn go(&mut self, left: Option<u64>) -> Result<String, String> {
        let view = self.view()?;
        let mut rng = tabuleiro_core::rng_from_seed(self.chooser.seed ^ self.moves.len() as u64);
        let state = G::sample_from_view(&view, &mut rng);
        if state.to_move() != Some(self.seat) {
            return Err(format!("player {} is not to move", self.seat.0 + 1));
        }
        let mv = self.chooser.choose(&view, left)?;
        Ok(state.format_move(mv))
    }
}

/// A game of `G` without hidden information, followed move by move.
struct Live<G: Engine> {
    state: G,
    seat: Player,
    chooser: Chooser<G>,
}

impl<G: Engine> Table for Live<G> {
    fn moved(&mut self, seat: usize, text: &str) -> Result<(), String> {
        let Some(to_move) = self.state.to_move() else {
            return Err(format!("the game is over: no move `{text}`"));
        };
        if usize::from(to_move.0) != seat {
            return Err(format!(
                "player {} is to move, not player {}",
                to_move.0 + 1,
                seat + 1
            ));
        }
        let mv = self.state.parse_move(text).map_err(|e| e.to_string())?;
        self.state.play_unchecked(mv);
        Ok(())
    }

    fn go(&mut self, left: Option<u64>) -> Result<String, String> {
        if self.state.to_move() != Some(self.seat) {
            return Err(format!("player {} is not to move", self.seat.0 + 1));
        }
        let view = self.state.view(self.seat);
        let mv = self.chooser.choose(&view, left)?;
        Ok(self.state.format_move(mv))
    }
}

/// Builds a [`Live`] game for the game chosen at run time.
struct Starter<'a> {
    players: usize,
    seat: usize,
    options: &'a [String],
    level: Level,
    seed: u64,
}

impl GameVisitor for Starter<'_> {
    type Output = Result<Box<dyn Table>, String>;

    fn visit<G: Engine>(self) -> Self::Output {
        if self.seat >= self.players {
            return Err(format!(
                "seat {} of {} players",
                self.seat + 1,
                self.players
            ));
        }
        let options = Options::parse(G::INFO, self.options).map_err(|e| e.to_string())?;
        if options.iter().any(|(_, value)| value == "random") {
            return Err(
                "an option is `random`: the host sends every option as the game settled it"
                    .to_owned(),
            );
        }
        let setup = Setup {
            players: self.players,
            options,
            seed: self.seed,
        };
        let seat = Player(u8::try_from(self.seat).map_err(|_| "too many seats".to_owned())?);
        let chooser = Chooser::new(self.level, self.seed)?;
        if G::INFO.hidden_information {
            let told = Told {
                setup,
                seat,
                moves: Vec::new(),
                private: None,
                chooser,
            };
            told.view()?;
            return Ok(Box::new(told));
        }
        let state = G::new(&setup).map_err(|e| e.to_string())?;
        Ok(Box::new(Live {
            state,
            seat,
            chooser,
        }))
    }
}

/// `game <id> players <n> seat <k> [name=value …]`, read.
fn start<R: Registry>(
    registry: &R,
    words: &[&str],
    level: Level,
    seed: u64,
) -> Result<Box<dyn Table>, String> {
    let [id, "players", players, "seat", seat, options @ ..] = words else {
        return Err("expected `game <id> players <n> seat <k> [name=value …]`".to_owned());
    };
    let players: usize = players
        .parse()
        .map_err(|_| format!("`{players}` is not a number of players"))?;
    let seat: usize = seat
        .parse()
        .ok()
        .filter(|&s| s >= 1)
        .ok_or_else(|| format!("`{seat}` is not a seat (they are numbered from 1)"))?;
    let options: Vec<String> = options.iter().map(|&o| o.to_owned()).collect();
    registry
        .visit(
            id,
            Starter {
                players,
                seat: seat - 1,
                options: &options,
                level,
                seed,
            },
        )
        .unwrap_or_else(|| Err(format!("no game `{id}`")))
}

/// The longest line [`serve_engine`] reads, in bytes (1 MiB: far more than any line a host
/// sends, a whole game's moves included); a longer line is skipped with an `info error`.
pub const MAX_INPUT_LINE: usize = 1024 * 1024;

/// Answers the protocol as an engine playing `level` (named `name` in its `id` line), reading
/// `input` and writing `output`, until the host says `quit` or closes the input. Lines it does
/// not know are ignored; a line it cannot follow (a move that is not legal, a game it does not
/// know) is answered by an `info` line that says why, and the game goes on as it was.
///
/// # Errors
/// When `output` cannot be written.
pub fn serve_engine<R: Registry>(
    registry: &R,
    level: Level,
    name: &str,
    mut input: impl BufRead,
    mut output: impl Write,
) -> io::Result<()> {
    let mut table: Option<Box<dyn Table>> = None;
    let mut games = 0u64;
    let mut raw = Vec::new();
    loop {
        raw.clear();
        // One byte over the cap tells a line that is too long; the rest of it is skipped.
        if io::Read::take(&mut input, MAX_INPUT_LINE as u64 + 1).read_until(b'\n', &mut raw)? == 0 {
            break;
        }
        if raw.last() != Some(&b'\n') && raw.len() > MAX_INPUT_LINE {
            input.skip_until(b'\n')?;
            writeln!(
                output,
                "info error: a line longer than {MAX_INPUT_LINE} bytes was ignored"
            )?;
            output.flush()?;
            continue;
        }
        let Ok(line) = std::str::from_utf8(&raw) else {
            writeln!(output, "info error: a line that is not UTF-8 was ignored")?;
            output.flush()?;
            continue;
        };
        let line = line.trim_end_matches(['\n', '\r']);
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["protocol", version] => {
                if *version != VERSION.to_string() {
                    writeln!(
                        output,
                        "info error: this engine speaks protocol {VERSION}, not {version}"
                    )?;
                }
                writeln!(output, "id name tabuleiro {name}")?;
                writeln!(output, "id author the tabuleiro developers")?;
                writeln!(output, "ok")?;
            }
            ["game", rest @ ..] => {
                games += 1;
                match start(registry, rest, level, games) {
                    Ok(started) => {
                        table = Some(started);
                        writeln!(output, "ok")?;
                    }
                    Err(e) => {
                        table = None;
                        writeln!(output, "info error: {e}")?;
                    }
                }
            }
            ["moved", seat, mv @ ..] => {
                let result = match (&mut table, seat.parse::<usize>()) {
                    (None, _) => Err("no game: `game` comes first".to_owned()),
                    (Some(_), Err(_) | Ok(0)) => {
                        Err(format!("`{seat}` is not a seat (they are numbered from 1)"))
                    }
                    (Some(t), Ok(seat)) => t.moved(seat - 1, &mv.join(" ")),
                };
                if let Err(e) = result {
                    writeln!(output, "info error: {e}")?;
                }
            }
            ["go", rest @ ..] => {
                let left = rest.first().and_then(|ms| ms.parse::<u64>().ok());
                let answer = match &mut table {
                    None => Err("no game: `game` comes first".to_owned()),
                    Some(t) => t.go(left),
                };
                match answer {
                    Ok(mv) => writeln!(output, "move {mv}")?,
                    Err(e) => writeln!(output, "info error: {e}")?,
                }
            }
            ["private", rest @ ..] => {
                let result = match &mut table {
                    None => Err("no game: `game` comes first".to_owned()),
                    Some(t) => t.private(&rest.join(" ")),
                };
                if let Err(e) = result {
                    writeln!(output, "info error: {e}")?;
                }
            }
            ["end", ..] => table = None,
            ["quit", ..] => {
                output.flush()?;
                return Ok(());
            }
            // `legal` (this engine knows the moves), and anything else: ignored, as the
            // protocol asks.
            _ => {}
        }
        output.flush()?;
    }
    output.flush()
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabuleiro_core::Game;
    use tabuleiro_games::REGISTRY;

    /// What the engine answers to `input`, line by line.
    fn answers(level: &str, input: &str) -> Vec<String> {
        let mut output = Vec::new();
        let level: Level = level.parse().expect("a level");
        serve_engine(&REGISTRY, level, "test", input.as_bytes(), &mut output).expect("served");
        String::from_utf8(output)
            .expect("UTF-8")
            .lines()
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn a_line_past_the_cap_is_skipped_with_a_reason_and_the_next_lines_are_answered() {
        let long = "x".repeat(2 * MAX_INPUT_LINE + 17);
        let input = format!("{long}\nprotocol 1\n");
        let said = answers("random", &input);
        assert_eq!(
            said,
            vec![
                format!("info error: a line longer than {MAX_INPUT_LINE} bytes was ignored"),
                "id name tabuleiro test".to_owned(),
                "id author the tabuleiro developers".to_owned(),
                "ok".to_owned(),
            ]
        );
        // A line of exactly the cap (its line ending aside) is read.
        let mut exact = "protocol 1".to_owned();
        exact.push_str(&" ".repeat(MAX_INPUT_LINE - exact.len()));
        assert_eq!(answers("random", &format!("{exact}\n")).len(), 3);
    }

    #[test]
    fn the_handshake_names_the_engine_then_says_ok() {
        assert_eq!(
            answers("random", "protocol 1\n"),
            vec![
                "id name tabuleiro test",
                "id author the tabuleiro developers",
                "ok"
            ]
        );
    }

    #[test]
    fn a_game_is_followed_move_by_move_and_go_answers_a_legal_move() {
        let said = answers(
            "greedy",
            "protocol 1\ngame quantik players 2 seat 2 first=1\nmoved 1 Ca1\ngo 5000\nquit\n",
        );
        let Some(mv) = said.last().and_then(|l| l.strip_prefix("move ")) else {
            panic!("a move: {said:?}");
        };
        let mut state = tabuleiro_games::quantik::Quantik::new(&Setup {
            players: 2,
            options: Options::defaults(tabuleiro_games::quantik::Quantik::INFO),
            seed: 0,
        })
        .expect("a game");
        let first = state.parse_move("Ca1").expect("legal");
        state.play_unchecked(first);
        assert!(state.parse_move(mv).is_ok(), "`{mv}` is legal after Ca1");
    }

    #[test]
    fn a_strong_level_thinks_at_most_half_the_time_go_leaves() {
        let hard: Level = "hard".parse().expect("a level");
        assert_eq!(
            think_for(hard, None),
            None,
            "no time said: as the level says"
        );
        assert_eq!(
            think_for(hard, Some(10_000)),
            None,
            "a second is less than 5 s"
        );
        assert_eq!(
            think_for(hard, Some(1_050)),
            Some(Duration::from_millis(500))
        );
        assert_eq!(think_for(hard, Some(10)), Some(Duration::from_millis(1)));
        let greedy: Level = "greedy".parse().expect("a level");
        assert_eq!(think_for(greedy, Some(10)), None, "greedy does not search");
        let deep: Level = "strong:depth=3".parse().expect("a level");
        assert_eq!(
            think_for(deep, Some(10)),
            None,
            "bounded by depth, not time"
        );
        // And the move comes, a legal one.
        let said = answers(
            "strong:think=60000",
            "game quantik players 2 seat 1 first=1\ngo 300\nquit\n",
        );
        assert!(
            said.last().is_some_and(|l| l.starts_with("move ")),
            "{said:?}"
        );
    }

    #[test]
    fn what_cannot_be_followed_is_explained_and_changes_nothing() {
        let said = answers(
            "random",
            "moved 1 Ca1\ngame nosuch players 2 seat 1\ngame qinto players 2 seat 1 first=random\n\
             game quantik players 2 seat 1\nmoved 2 Ca1\nmoved 1 Zz9\nbanana split\n\
             moved 1 Ca1\ngo 100\nquit\nprotocol 1\n",
        );
        assert!(said[0].contains("`game` comes first"), "{said:?}");
        assert!(said[1].contains("no game `nosuch`"), "{said:?}");
        assert!(said[2].contains("is `random`"), "{said:?}");
        assert_eq!(said[3], "ok");
        assert!(said[4].contains("player 1 is to move"), "{said:?}");
        assert!(said[5].starts_with("info error:"), "{said:?}");
        // The unknown line is ignored; the engine's seat is not to move after Ca1.
        assert!(said[6].contains("player 1 is not to move"), "{said:?}");
        assert_eq!(said.len(), 7, "nothing after `quit`: {said:?}");
    }
}
