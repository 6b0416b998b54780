//! The puzzle screen: the game screen framed with the puzzle (its task on the status line;
//! its id, rating, themes and the streak in the headline) and the keys of puzzle play; what
//! they lead to (turns judged, answers played, the solution shown, the next puzzle) is in
//! [`flow`].

mod flow;

use std::fmt::Write as _;
use std::time::{Duration, Instant};

use anyhow::{Result, anyhow};
use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseEvent};
use ratatui::layout::Rect;
use tabuleiro_ai::puzzles::{Loaded, PuzzleEntry, shipped};
use tabuleiro_core::Engine;

use super::SharedMemory;
use crate::names;
use crate::tui::game::{Framing, GameAction, GamePlay, GameScreen};
use crate::tui::layout::GLUE;
use flow::set_up;
use tabuleiro_ai::puzzles::attempt::{Attempt, Stage};

/// The pause between the moves of a solution being shown.
pub const SHOW_PACE: Duration = Duration::from_millis(700);

/// The keys of puzzle play.
const KEYS: [(&str, &str); 8] = [
    ("←↑↓→ hjkl", "cursor"),
    ("⏎ Space", "point (or click)"),
    ("Tab A-Z", "piece or choice"),
    ("t x ⌫", "take / play / again"),
    (":", "type a move"),
    ("s n", "solution / next puzzle"),
    ("i F1", "more / rules"),
    ("Esc q", "menu / quit"),
];

/// A puzzle, as shipped and as loaded.
struct Puzzle<G: Engine> {
    entry: PuzzleEntry,
    loaded: Loaded<G>,
}

/// Puzzles of one game being solved on screen.
pub struct PuzzlePlay<G: Engine> {
    /// The game's puzzles, the easiest first.
    puzzles: Vec<Puzzle<G>>,
    /// The puzzle on the board.
    index: usize,
    /// The board, with the game screen's drawing and move input.
    board: GamePlay<G>,
    attempt: Attempt<G>,
    memory: SharedMemory,
    /// When the last move of the solution being shown was played.
    shown_at: Instant,
    /// The pause between the moves of a solution being shown.
    pace: Duration,
}

impl<G: Engine> PuzzlePlay<G> {
    /// Puzzle play on the game's easiest puzzle not yet solved in this session (the easiest
    /// of all when every one is); `None` when the game ships no puzzles.
    ///
    /// # Errors
    /// When the game's puzzle file cannot be read, or its puzzles cannot be set up.
    pub fn open(memory: SharedMemory) -> Result<Option<Self>> {
        let entries =
            shipped::<G>().map_err(|e| anyhow!("the puzzles of {}: {e}", G::INFO.name))?;
        // A puzzle that does not load is left out (a test keeps the shipped files right).
        let mut puzzles: Vec<Puzzle<G>> = entries
            .into_iter()
            .filter_map(|entry| {
                let loaded = entry.load::<G>().ok()?;
                Some(Puzzle { entry, loaded })
            })
            .collect();
        if puzzles.is_empty() {
            return Ok(None);
        }
        puzzles.sort_by(|a, b| a.entry.rating.total_cmp(&b.entry.rating));
        let first = {
            let memory = memory.borrow();
            puzzles.iter().position(|p| !memory.is_solved(&p.entry.id))
        };
        let (board, attempt) = set_up(&puzzles[first.unwrap_or(0)])?;
        let mut play = PuzzlePlay {
            puzzles,
            index: first.unwrap_or(0),
            board,
            attempt,
            memory,
            shown_at: Instant::now(),
            pace: SHOW_PACE,
        };
        play.say(&match first {
            Some(_) => play.task_hint(),
            None => format!(
                "Every puzzle of {} is solved in this session: here is the easiest again.",
                G::INFO.name
            ),
        });
        Ok(Some(play))
    }

    /// The puzzle on the board.
    fn entry(&self) -> &PuzzleEntry {
        &self.puzzles[self.index].entry
    }

    /// Whether the puzzle keeps a win (else it holds a draw).
    fn win(&self) -> bool {
        self.entry().value != "draw"
    }

    /// Shows `text` on the message line.
    fn say(&mut self, text: &str) {
        self.board.set_message(text.to_owned());
    }

    /// What to do, said when a puzzle comes up.
    fn task_hint(&self) -> String {
        format!(
            "Puzzle {} of {}: play your turn (point, or : and a move); s shows the solution.",
            self.index + 1,
            self.puzzles.len()
        )
    }

    /// The status line: what to find, or how the attempt ended.
    fn status(&self) -> String {
        let state = self.board.session().state();
        let over = state
            .outcome()
            .map_or_else(String::new, |o| format!(" · Game over: {o}"));
        match self.attempt.stage() {
            Stage::Solving => {
                let find = if self.win() {
                    "find the only winning turn"
                } else {
                    "find the only turn that holds the draw"
                };
                let mut text = format!("{} to move: {find}", names::seat(self.attempt.solver()));
                let (k, n) = state.move_in_turn();
                if n > 1 {
                    let _ = write!(text, " · move {k} of {n}");
                }
                text
            }
            Stage::Solved => format!("Solved!{over}"),
            Stage::Showing => format!(
                "The solution, move by move: {} more to come",
                self.attempt.left_to_show()
            ),
            Stage::Shown => format!("Solution shown (the puzzle counts as failed){over}"),
        }
    }

    /// The headline: the puzzle's id, rating and themes, and the streak.
    fn title(&self) -> String {
        let entry = self.entry();
        // Each name kept with its value when the headline wraps.
        format!(
            "Puzzle{GLUE}{} · rating{GLUE}{:.0} · {} · streak{GLUE}{}",
            entry.id,
            entry.rating,
            entry.themes.join(", "),
            self.memory.borrow().streak(G::INFO.id)
        )
    }

    /// The status line, for tests.
    #[cfg(test)]
    pub fn status_text(&self) -> String {
        self.status()
    }

    /// The board under the puzzle, for tests.
    #[cfg(test)]
    pub fn board(&self) -> &GamePlay<G> {
        &self.board
    }

    /// The attempt at the puzzle on the board, for tests.
    #[cfg(test)]
    pub fn attempt(&self) -> &Attempt<G> {
        &self.attempt
    }

    /// The puzzle on the board, for tests.
    #[cfg(test)]
    pub fn puzzle(&self) -> &PuzzleEntry {
        self.entry()
    }

    /// Sets the pause between the moves of a solution being shown, for tests.
    #[cfg(test)]
    pub fn set_pace(&mut self, pace: Duration) {
        self.pace = pace;
    }
}

impl<G: Engine> GameScreen for PuzzlePlay<G> {
    fn handle_key(&mut self, key: KeyEvent) -> GameAction {
        if self.board.is_busy() {
            let action = self.board.handle_key(key);
            self.judge();
            return action;
        }
        let solving = self.attempt.stage() == Stage::Solving;
        match key.code {
            KeyCode::Esc => GameAction::Menu,
            KeyCode::Char('q') => GameAction::Quit,
            KeyCode::Char('n') => {
                self.next();
                GameAction::None
            }
            KeyCode::Char('s') => {
                self.show_solution();
                GameAction::None
            }
            // Undo, redo, hints, saving, loading and the computer's pace are the game's.
            KeyCode::Char('u' | 'r' | '?' | 'o' | 'p' | '.' | '+' | '=' | '-') => {
                self.say("In a puzzle: s shows the solution, n brings the next puzzle.");
                GameAction::None
            }
            KeyCode::Char('i') | KeyCode::F(1) => self.board.handle_key(key),
            _ if solving => {
                let action = self.board.handle_key(key);
                self.judge();
                action
            }
            _ => {
                self.say("This puzzle is over: n brings the next one, Esc the menu.");
                GameAction::None
            }
        }
    }

    fn handle_mouse(&mut self, mouse: MouseEvent) -> GameAction {
        if self.attempt.stage() != Stage::Solving {
            return GameAction::None;
        }
        let action = self.board.handle_mouse(mouse);
        self.judge();
        action
    }

    fn tick(&mut self) {
        self.board.tick();
        if self.attempt.stage() == Stage::Showing && self.shown_at.elapsed() >= self.pace {
            self.show_next();
        }
    }

    fn render(&mut self, frame: &mut Frame<'_>, area: Rect) {
        self.board.set_framing(Framing {
            title: self.title(),
            status: self.status(),
            keys: KEYS.to_vec(),
            frozen: self.attempt.stage() != Stage::Solving,
        });
        self.board.render(frame, area);
    }

    /// Nothing is lost by leaving: what was solved is remembered.
    fn in_progress(&self) -> bool {
        false
    }

    fn new_game(&mut self) {
        self.next();
    }

    fn set_message(&mut self, text: String) {
        self.board.set_message(text);
    }
}
