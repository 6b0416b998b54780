//! One game on screen, generic over the game: the session, the computer players, the cursor
//! and the chosen piece, undo and redo, hints, saving, and the hotseat cover for games with
//! hidden information. Drawing is in [`view`].
//!
//! Hidden information: the board, the move list and the messages are seen through
//! `GamePlay::eyes` (the only human's own view; with several humans, the view of the seat to
//! move once it has taken the keyboard, else the public one), so another seat's trade reads
//! `pass (traded 3)`. Undo never goes back over a move that showed its player hidden things
//! ([`tabuleiro_core::Game::reveals_hidden`]); the hint is searched from the seat's own view.
//! The seed of such a game, which decides everything hidden, is never on screen (not in the
//! title, nor in the default name of a saved file), not even at the end, which undo can reopen
//! ([`tabuleiro_core::GameInfo::shows_seed`]). A saved file does hold the seed: it is the
//! player's own file, for resuming on the same machine.

mod choice;
mod computer;
mod framing;
mod history;
mod view;

pub use framing::Framing;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Result;
use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use tabuleiro_ai::GameTable;
use tabuleiro_core::{Cell, Engine, Game, GameRecord, Gesture, Picture, Player, Session};

use super::worker::Job;
use super::{GameAction, GameScreen};
use crate::play::{Eyes, GameConfig};
use crate::tui::drawing::Geometry;
use crate::tui::pointing::{Pick, Pointing};
use crate::tui::prompt::{Prompt, PromptEvent};

/// Pauses between computer moves, fastest first, with their names.
pub const SPEEDS: [(u64, &str); 5] = [
    (0, "instant"),
    (150, "fast"),
    (500, "normal"),
    (1200, "slow"),
    (3000, "very slow"),
];

/// Thinking time of the hint.
pub const HINT_THINK: Duration = Duration::from_millis(300);

/// What a prompt at the bottom is asking for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asking {
    /// A move in notation (or several, for a turn of several moves).
    Move,
    /// A file to save the record to.
    Save,
    /// A file to load a record from.
    Load,
}

/// A game being played on screen.
pub struct GamePlay<G: Engine> {
    config: GameConfig,
    /// The seats, the computer players and the game so far.
    table: GameTable<G>,
    /// The human seats.
    humans: Vec<Player>,
    /// Turns taken back, most recent last, for redo.
    redo: Vec<Vec<G::Move>>,
    /// The position as the screen may show it, the last turn marked.
    picture: Picture,
    /// Where the board was last drawn.
    geometry: Geometry,
    /// The legal moves of the human to move (none at other times) and their gestures.
    legal: Vec<G::Move>,
    gestures: Vec<Gesture>,
    /// The move being made by pointing.
    pointing: Pointing,
    /// The piece or choice that Enter puts on the cursor's cell (Tab changes it).
    pick: Option<Pick>,
    cursor: Option<Cell>,
    hint: Option<String>,
    /// The hint's move: Enter plays it while nothing else is pointed at and the cursor is on
    /// its first cell ([`GamePlay::enter`]).
    hint_move: Option<G::Move>,
    hint_job: Option<Job<G>>,
    thinking: Option<Job<G>>,
    paused: bool,
    step: bool,
    speed: usize,
    last_move_at: Instant,
    prompt: Option<(Asking, Prompt)>,
    message: String,
    /// The human whose view is shown, in hotseat games with hidden information.
    viewer: Option<Player>,
    /// The human who must take the keyboard before the board is shown again.
    handover: Option<Player>,
    /// Whether the details are shown over the board: reserves, legend, keys, moves (the `i`
    /// key; any key closes them).
    details: bool,
    /// Where the board picture's top-left corner was drawn, for mouse clicks.
    board_origin: Option<(u16, u16)>,
    last_file: Option<String>,
    /// The title, status line and keys of a screen built on this one (puzzle play), which
    /// plays the other seats itself: no computer moves while it is set.
    framing: Option<Framing>,
}

impl<G: Engine> GamePlay<G> {
    /// A new game from `config`.
    pub fn new(config: GameConfig) -> Result<Self> {
        let table = GameTable::<G>::new(config.setup.clone(), config.seats.clone())?;
        Ok(Self::with_table(config, table))
    }

    /// The game saved in `record`, at its last move, with the seats it names.
    pub fn from_record(record: &GameRecord) -> Result<Self> {
        let table = GameTable::<G>::from_record(record)?;
        let config = GameConfig {
            setup: table.setup().clone(),
            seats: table.seats().to_vec(),
            save: None,
        };
        let mut play = Self::with_table(config, table);
        play.message = format!(
            "Loaded a game of {} at move {}.",
            G::INFO.name,
            play.table.session().moves().len()
        );
        Ok(play)
    }

    fn with_table(config: GameConfig, table: GameTable<G>) -> Self {
        let humans = table.humans();
        let speed = if humans.is_empty() { 2 } else { 0 };
        let mut play = GamePlay {
            config,
            table,
            humans,
            redo: Vec::new(),
            picture: Picture::new(tabuleiro_core::Board {
                columns: tabuleiro_core::Axis::letters(0),
                rows: tabuleiro_core::Axis::numbers(0),
                open: false,
            }),
            geometry: Geometry::default(),
            legal: Vec::new(),
            gestures: Vec::new(),
            pointing: Pointing::default(),
            pick: None,
            cursor: None,
            hint: None,
            hint_move: None,
            hint_job: None,
            thinking: None,
            paused: false,
            step: false,
            speed,
            last_move_at: Instant::now(),
            prompt: None,
            message: String::new(),
            viewer: None,
            handover: None,
            details: false,
            board_origin: None,
            last_file: None,
            framing: None,
        };
        play.refresh();
        play
    }
}

/// Read access for tests.
#[cfg(test)]
impl<G: Engine> GamePlay<G> {
    /// The cell under the cursor.
    pub fn cursor(&self) -> Option<Cell> {
        self.cursor
    }

    /// The piece or choice Enter puts down, as its label (`cube`, `RH`).
    pub fn pick_label(&self) -> Option<String> {
        self.pick.as_ref().map(|p| p.label.clone())
    }

    /// The position as drawn.
    pub fn picture(&self) -> &Picture {
        &self.picture
    }

    /// The human who must take the keyboard before the board is shown, in hotseat games with
    /// hidden information.
    pub fn handover(&self) -> Option<Player> {
        self.handover
    }

    /// Whether computer play is paused.
    pub fn paused(&self) -> bool {
        self.paused
    }
}

impl<G: Engine> GamePlay<G> {
    fn is_human(&self, player: Player) -> bool {
        self.humans.contains(&player)
    }

    /// The human to move, when the board is theirs to play on.
    fn human_to_move(&self) -> Option<Player> {
        self.table
            .state()
            .to_move()
            .filter(|&p| self.is_human(p) && self.handover.is_none())
            .filter(|_| !self.framing.as_ref().is_some_and(|f| f.frozen))
    }

    /// Through whose eyes the screen shows the game (see [`Eyes`]): in a game with hidden
    /// information, the only human's own view; with several humans, the view of the seat to
    /// move once it has taken the keyboard, and the public view at any other time (a computer
    /// moving, the keyboard being passed, the end of the game).
    pub(super) fn eyes(&self) -> Eyes {
        self.table.screen_eyes(self.viewer)
    }

    /// Move `index` of the game (from 0) as the screen may show it now.
    pub(super) fn move_text(&self, index: usize) -> String {
        self.eyes().move_text(
            &self.table.session().positions()[index],
            self.table.session().moves()[index],
        )
    }

    /// The last move played, as the screen may show it now.
    pub(super) fn last_move_text(&self) -> Option<String> {
        let index = self.table.session().moves().len().checked_sub(1)?;
        Some(self.move_text(index))
    }

    /// Recomputes what the board shows after the position or the viewer changed.
    fn refresh(&mut self) {
        let state = self.table.session().state();
        if G::INFO.hidden_information && self.humans.len() > 1 {
            self.handover = state
                .to_move()
                .filter(|&p| self.humans.contains(&p) && self.viewer != Some(p));
        }
        if state.outcome().is_some() {
            self.viewer = None;
            self.handover = None;
        }
        let session = self.table.session();
        self.picture = session.picture(self.eyes(), session.moves().len());
        self.legal.clear();
        if self.human_to_move().is_some() {
            self.table.state().legal_moves(&mut self.legal);
        }
        let state = self.table.state();
        self.gestures = self.legal.iter().map(|&mv| state.gesture(mv)).collect();
        self.pointing.clear();
        let picks = self.pointing.picks(&self.gestures);
        if !self.pick.as_ref().is_some_and(|p| picks.contains(p)) {
            self.pick = picks.first().cloned();
        }
        if !self.cursor.is_some_and(|c| self.picture.board.contains(c)) {
            self.cursor = self.first_cell();
        }
    }

    /// Where the cursor starts: the first cell a move can start from, else the middle of
    /// the board.
    fn first_cell(&self) -> Option<Cell> {
        let board = &self.picture.board;
        if let Some(&cell) = self.with_pick().targets(&self.gestures).first() {
            return Some(cell);
        }
        if board.columns.is_empty() || board.rows.is_empty() {
            return None;
        }
        Some(Cell::new(
            board.columns.first + (board.columns.len() / 2) as i32,
            board.rows.first + (board.rows.len() / 2) as i32,
        ))
    }

    fn handle_prompt(&mut self, asking: Asking, key: KeyEvent) -> GameAction {
        let Some((_, prompt)) = self.prompt.as_mut() else {
            return GameAction::None;
        };
        match prompt.handle_key(key) {
            PromptEvent::Editing => GameAction::None,
            PromptEvent::Cancelled => {
                self.prompt = None;
                GameAction::None
            }
            PromptEvent::Done(text) => {
                self.prompt = None;
                match asking {
                    Asking::Move => {
                        self.play_typed(&text);
                        GameAction::None
                    }
                    Asking::Save if !text.is_empty() => {
                        match save(self.table.session(), Path::new(&text)) {
                            Ok(()) => self.message = format!("Saved to {text}."),
                            Err(e) => {
                                self.message =
                                    format!("Could not save: {}", crate::describe::describe(&e));
                            }
                        }
                        self.last_file = Some(text);
                        GameAction::None
                    }
                    Asking::Load if !text.is_empty() => {
                        self.last_file = Some(text.clone());
                        GameAction::Load(PathBuf::from(text))
                    }
                    Asking::Save | Asking::Load => GameAction::None,
                }
            }
        }
    }

    fn default_file(&self) -> String {
        self.last_file.clone().unwrap_or_else(|| {
            if G::INFO.shows_seed(false) {
                format!(
                    "tabuleiro-{}-{}.json",
                    G::INFO.id,
                    self.config.setup.seed % 100_000
                )
            } else {
                // Even part of the seed narrows the search for the deal.
                format!("tabuleiro-{}.json", G::INFO.id)
            }
        })
    }
}

/// Writes the session's record as JSON.
fn save<G: Game>(session: &Session<G>, path: &Path) -> Result<()> {
    crate::play::save(session, path)
}

impl<G: Engine> GameScreen for GamePlay<G> {
    fn handle_key(&mut self, key: KeyEvent) -> GameAction {
        if let Some((asking, _)) = &self.prompt {
            let asking = *asking;
            return self.handle_prompt(asking, key);
        }
        if let Some(player) = self.handover {
            match key.code {
                KeyCode::Enter | KeyCode::Char(' ') => {
                    self.viewer = Some(player);
                    self.handover = None;
                    self.message.clear();
                    self.refresh();
                }
                KeyCode::Char('q') => return GameAction::Quit,
                KeyCode::Esc => return GameAction::Menu,
                _ => {}
            }
            return GameAction::None;
        }
        if self.details {
            self.details = false;
            return GameAction::None;
        }
        match key.code {
            // A capital letter chooses a piece by its letter (other keys are lower case).
            KeyCode::Char(c) if c.is_ascii_uppercase() && !self.choose_by_letter(c) => {
                self.message = format!("No piece or choice here starts with {c}.");
            }
            KeyCode::Char('q') => return GameAction::Quit,
            KeyCode::Esc => return GameAction::Menu,
            KeyCode::Char('n') => return GameAction::NewGame,
            KeyCode::F(1) => return GameAction::Rules(G::INFO),
            KeyCode::Left | KeyCode::Char('h') => self.move_cursor(-1, 0),
            KeyCode::Right | KeyCode::Char('l') => self.move_cursor(1, 0),
            KeyCode::Up | KeyCode::Char('k') => self.move_cursor(0, -1),
            KeyCode::Down | KeyCode::Char('j') => self.move_cursor(0, 1),
            KeyCode::Tab | KeyCode::Char(']') => self.cycle_pick(true),
            KeyCode::BackTab | KeyCode::Char('[') => self.cycle_pick(false),
            KeyCode::Char('t') => self.take_pick(),
            KeyCode::Char('x') => self.play_whole(),
            KeyCode::Backspace => {
                self.pointing.clear();
                self.say("Start the move again.");
            }
            KeyCode::Char(' ') if self.humans.is_empty() => self.toggle_pause(),
            KeyCode::Enter | KeyCode::Char(' ') => self.play_selected(),
            KeyCode::Char(':' | 'm') => {
                if self.human_to_move().is_some() {
                    self.prompt = Some((Asking::Move, Prompt::new("Move:", "")));
                } else {
                    self.message = self.not_your_turn();
                }
            }
            KeyCode::Char('u') => self.undo(),
            KeyCode::Char('r') => self.redo(),
            KeyCode::Char('?') => self.ask_hint(),
            KeyCode::Char('i') => self.details = true,
            KeyCode::Char('s') => {
                self.prompt = Some((Asking::Save, Prompt::new("Save to:", self.default_file())));
            }
            KeyCode::Char('o') => {
                self.prompt = Some((Asking::Load, Prompt::new("Load:", self.default_file())));
            }
            KeyCode::Char('p') => self.toggle_pause(),
            KeyCode::Char('.') => {
                self.step = true;
                self.paused = true;
            }
            KeyCode::Char('+' | '=') => {
                self.speed = self.speed.saturating_sub(1);
                self.message = format!("Computer speed: {}.", SPEEDS[self.speed].1);
            }
            KeyCode::Char('-') => {
                self.speed = (self.speed + 1).min(SPEEDS.len() - 1);
                self.message = format!("Computer speed: {}.", SPEEDS[self.speed].1);
            }
            _ => {}
        }
        GameAction::None
    }

    fn handle_mouse(&mut self, mouse: MouseEvent) -> GameAction {
        if self.prompt.is_some() || self.handover.is_some() {
            return GameAction::None;
        }
        match mouse.kind {
            MouseEventKind::Down(MouseButton::Left) => {
                let Some((ox, oy)) = self.board_origin else {
                    return GameAction::None;
                };
                let (Some(x), Some(y)) = (mouse.column.checked_sub(ox), mouse.row.checked_sub(oy))
                else {
                    return GameAction::None;
                };
                if let Some(cell) = self.geometry.cell_at(usize::from(x), usize::from(y)) {
                    // A click points at the cell, as Enter does at the cursor.
                    self.cursor = Some(cell);
                    self.play_selected();
                }
            }
            MouseEventKind::ScrollDown => self.cycle_pick(true),
            MouseEventKind::ScrollUp => self.cycle_pick(false),
            _ => {}
        }
        GameAction::None
    }

    fn tick(&mut self) {
        self.poll_thinking();
        self.poll_hint();
        self.start_computer();
    }

    fn render(&mut self, frame: &mut Frame<'_>, area: Rect) {
        view::render(self, frame, area);
    }

    fn in_progress(&self) -> bool {
        !self.table.session().moves().is_empty() && self.table.session().outcome().is_none()
    }

    fn new_game(&mut self) {
        let mut config = self.config.clone();
        config.setup.seed = match tabuleiro_core::fresh_seed() {
            Ok(seed) => seed,
            Err(e) => {
                self.message = format!("Could not start a new game: {e}");
                return;
            }
        };
        match GamePlay::<G>::new(config) {
            Ok(mut fresh) => {
                fresh.speed = self.speed;
                fresh.last_file = self.last_file.take();
                fresh.message = format!("New game of {}.", G::INFO.name);
                *self = fresh;
            }
            Err(e) => {
                self.message = format!(
                    "Could not start a new game: {}",
                    crate::describe::describe(&e)
                );
            }
        }
    }

    fn set_message(&mut self, text: String) {
        self.message = text;
    }
}

impl<G: Engine> GamePlay<G> {
    /// Shows `text` on the line under the status.
    fn say(&mut self, text: &str) {
        text.clone_into(&mut self.message);
    }
}

#[cfg(test)]
mod tests;
