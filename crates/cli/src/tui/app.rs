//! The whole application: which screen is shown, confirmations (before quitting, leaving,
//! starting or loading over a game in progress), loading games, and opening puzzles (what
//! was solved is remembered from one visit to the next). Key and mouse events go
//! in, [`App::render`] draws (without colour when `NO_COLOR` asks so); no terminal is needed,
//! so tests drive it directly.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, anyhow};
use ratatui::Frame;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use ratatui::style::{Color, Stylize};
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph};
use tabuleiro_core::{GameRecord, Registry};
use tabuleiro_games::REGISTRY;

use super::game::{GameAction, GameScreen, LoadGame, StartGame};
use super::layout::centered;
use super::menu::{Menu, MenuAction};
use super::puzzle::{OpenPuzzles, SharedMemory};
use super::rules::Rules;
use crate::console::colour_wanted;
use crate::play::GameConfig;

/// The screen on show.
pub enum Screen {
    /// The main menu.
    Menu,
    /// A game's rules; Esc goes back to the game they were opened from, or to the menu.
    Rules(Rules, Option<Box<dyn GameScreen>>),
    /// A game, or puzzles solved on the game screen.
    Game(Box<dyn GameScreen>),
}

/// Something that needs a yes before it happens, because it would end a game in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Confirm {
    /// Leave the program.
    Quit,
    /// Back to the menu.
    Menu,
    /// A new game.
    NewGame,
    /// The game saved in this file, in place of this one.
    Load(PathBuf),
}

/// The application's state.
pub struct App {
    /// The menu, kept while a game is played so that its choices stay.
    pub menu: Menu,
    /// The screen on show.
    pub screen: Screen,
    /// A question waiting for y or n.
    pub confirm: Option<Confirm>,
    /// Whether colours may be drawn: not when `NO_COLOR` is set (<https://no-color.org>); the
    /// screen keeps bold, reversed and underlined text, and the cursor's brackets.
    pub colour: bool,
    /// The puzzles solved in this session and each game's streak, shared with the puzzle
    /// screens opened.
    puzzles: SharedMemory,
    quit: bool,
}

impl Default for App {
    fn default() -> Self {
        App::new()
    }
}

impl App {
    /// The app on its main menu.
    pub fn new() -> Self {
        App {
            menu: Menu::new(),
            screen: Screen::Menu,
            confirm: None,
            colour: colour_wanted(),
            puzzles: SharedMemory::default(),
            quit: false,
        }
    }

    /// Whether the program should end.
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Applies a terminal event (key presses and mouse events; a resize needs only a redraw).
    pub fn handle_event(&mut self, event: &Event) {
        match event {
            Event::Key(key) if key.kind != KeyEventKind::Release => self.handle_key(*key),
            Event::Mouse(mouse) => {
                if self.confirm.is_none()
                    && let Screen::Game(game) = &mut self.screen
                {
                    let action = game.handle_mouse(*mouse);
                    self.game_action(action);
                }
            }
            _ => {}
        }
    }

    /// Applies one key press.
    pub fn handle_key(&mut self, key: KeyEvent) {
        if let Some(confirm) = self.confirm.clone() {
            match key.code {
                KeyCode::Char('y' | 'Y') | KeyCode::Enter => {
                    self.confirm = None;
                    self.carry_out(confirm);
                }
                KeyCode::Char('n' | 'N') | KeyCode::Esc => self.confirm = None,
                _ => {}
            }
            return;
        }
        if key.modifiers.contains(KeyModifiers::CONTROL) && key.code == KeyCode::Char('c') {
            self.ask(Confirm::Quit);
            return;
        }
        match &mut self.screen {
            Screen::Menu => match self.menu.handle_key(key) {
                MenuAction::None => {}
                MenuAction::Quit => self.quit = true,
                MenuAction::Rules(info) => self.screen = Screen::Rules(Rules::new(info), None),
                MenuAction::Start(config) => self.start(*config),
                MenuAction::Puzzles(info) => self.open_puzzles(info.id),
                MenuAction::Load(path) => match load(Path::new(&path)) {
                    Ok(game) => self.screen = Screen::Game(game),
                    Err(e) => self.menu.message = crate::describe::describe(&e),
                },
            },
            Screen::Rules(rules, game) => {
                if !rules.handle_key(key) {
                    self.screen = game.take().map_or(Screen::Menu, Screen::Game);
                }
            }
            Screen::Game(game) => {
                let action = game.handle_key(key);
                self.game_action(action);
            }
        }
    }

    fn game_action(&mut self, action: GameAction) {
        match action {
            GameAction::None => {}
            GameAction::Quit => self.ask(Confirm::Quit),
            GameAction::Menu => self.ask(Confirm::Menu),
            GameAction::NewGame => self.ask(Confirm::NewGame),
            GameAction::Rules(info) => {
                let screen = std::mem::replace(&mut self.screen, Screen::Menu);
                if let Screen::Game(game) = screen {
                    self.screen = Screen::Rules(Rules::new(info), Some(game));
                }
            }
            GameAction::Load(path) => self.ask(Confirm::Load(path)),
        }
    }

    /// Carries `what` out at once when no game is in progress, else asks first.
    fn ask(&mut self, what: Confirm) {
        let in_progress = matches!(&self.screen, Screen::Game(game) if game.in_progress());
        if in_progress {
            self.confirm = Some(what);
        } else {
            self.carry_out(what);
        }
    }

    fn carry_out(&mut self, what: Confirm) {
        match what {
            Confirm::Quit => self.quit = true,
            Confirm::Menu => self.screen = Screen::Menu,
            Confirm::NewGame => {
                if let Screen::Game(game) = &mut self.screen {
                    game.new_game();
                }
            }
            // A file that cannot be loaded leaves the game as it was.
            Confirm::Load(path) => match load(&path) {
                Ok(game) => self.screen = Screen::Game(game),
                Err(e) => {
                    if let Screen::Game(game) = &mut self.screen {
                        game.set_message(crate::describe::describe(&e));
                    }
                }
            },
        }
    }

    /// Starts a game from the menu's settings.
    pub fn start(&mut self, config: GameConfig) {
        let id = self.menu.info().id;
        match REGISTRY.visit(id, StartGame(config)) {
            Some(Ok(game)) => self.screen = Screen::Game(game),
            Some(Err(e)) => self.menu.message = crate::describe::describe(&e),
            None => self.menu.message = format!("unknown game `{id}`"),
        }
    }

    /// Opens the puzzles of game `id`, from the easiest not yet solved in this session; a
    /// game without puzzles says so on the menu.
    pub fn open_puzzles(&mut self, id: &str) {
        match REGISTRY.visit(id, OpenPuzzles(self.puzzles.clone())) {
            Some(Ok(puzzles)) => self.screen = Screen::Game(puzzles),
            Some(Err(e)) => self.menu.message = crate::describe::describe(&e),
            None => self.menu.message = format!("unknown game `{id}`"),
        }
    }

    /// Lets time pass on the game screen (computer players, hints).
    pub fn tick(&mut self) {
        if let Screen::Game(game) = &mut self.screen {
            game.tick();
        }
    }

    /// Draws the screen.
    pub fn render(&mut self, frame: &mut Frame<'_>) {
        let area = frame.area();
        match &mut self.screen {
            Screen::Menu => self.menu.render(frame, area),
            Screen::Rules(rules, _) => rules.render(frame, area),
            Screen::Game(game) => game.render(frame, area),
        }
        if let Some(confirm) = &self.confirm {
            let question = match confirm {
                Confirm::Quit => "Quit tabuleiro?",
                Confirm::Menu => "Leave this game for the menu?",
                Confirm::NewGame => "Start a new game?",
                Confirm::Load(_) => "Load the saved game?",
            };
            let popup = centered(area, 44, 5);
            frame.render_widget(Clear, popup);
            frame.render_widget(
                Paragraph::new(vec![
                    Line::from(question).bold(),
                    Line::from("The game in progress will be lost."),
                    Line::from("y: yes    n: no").dark_gray(),
                ])
                .block(Block::bordered().title(" Are you sure? ").light_red()),
                popup,
            );
        }
        if !self.colour {
            without_colour(frame.buffer_mut());
        }
    }
}

/// Takes every colour off the drawn screen, keeping the characters and their modifiers
/// (bold, reversed, underlined), which show the cursor and the marks without colour.
pub fn without_colour(buffer: &mut Buffer) {
    for cell in &mut buffer.content {
        cell.set_fg(Color::Reset);
        cell.set_bg(Color::Reset);
    }
}

/// The game saved in `path`, ready to play on.
pub fn load(path: &Path) -> Result<Box<dyn GameScreen>> {
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let record =
        GameRecord::from_json(&text).with_context(|| format!("cannot load {}", path.display()))?;
    let id = record.game.clone();
    REGISTRY
        .visit(&id, LoadGame(record))
        .ok_or_else(|| anyhow!("{}: unknown game `{id}`", path.display()))?
        .with_context(|| format!("cannot load {}", path.display()))
}

#[cfg(test)]
mod tests;
