//! The game screen, for any game: [`GameScreen`] is what the app sees of it (keys, mouse,
//! ticks, drawing), written once as [`play::GamePlay`] generic over the game, and built for a
//! game chosen at run time through the registry ([`StartGame`], [`LoadGame`]).

mod play;
mod worker;

use std::path::PathBuf;

use anyhow::Result;
use ratatui::Frame;
use ratatui::crossterm::event::{KeyEvent, MouseEvent};
use ratatui::layout::Rect;
use tabuleiro_core::{Engine, GameInfo, GameRecord, GameVisitor};

use crate::play::GameConfig;

pub use play::{Framing, GamePlay};

/// What the game screen asks of the app after a key or a click.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameAction {
    /// Nothing beyond the screen itself.
    None,
    /// Leave the program (the app asks for confirmation while a game is in progress).
    Quit,
    /// Back to the main menu (confirmed likewise).
    Menu,
    /// A new game with the same settings (confirmed likewise).
    NewGame,
    /// Show the rules of this game, then come back to it.
    Rules(&'static GameInfo),
    /// Load the game saved in this file, replacing this one.
    Load(PathBuf),
}

/// A game screen as the app sees it, whatever the game.
pub trait GameScreen {
    /// Applies one key press.
    fn handle_key(&mut self, key: KeyEvent) -> GameAction;
    /// Applies one mouse event.
    fn handle_mouse(&mut self, mouse: MouseEvent) -> GameAction;
    /// Lets time pass: collects computer moves and hints, starts computer players.
    fn tick(&mut self);
    /// Draws the screen into `area`.
    fn render(&mut self, frame: &mut Frame<'_>, area: Rect);
    /// Whether a game is under way (moves played and not over): leaving asks first.
    fn in_progress(&self) -> bool;
    /// Starts a new game with the same settings and a new seed.
    fn new_game(&mut self);
    /// Shows a message on the status line.
    fn set_message(&mut self, text: String);
}

/// Builds the game screen of a new game for the game chosen at run time.
pub struct StartGame(pub GameConfig);

impl GameVisitor for StartGame {
    type Output = Result<Box<dyn GameScreen>>;
    fn visit<G: Engine>(self) -> Self::Output {
        Ok(Box::new(GamePlay::<G>::new(self.0)?))
    }
}

/// Builds the game screen of a saved game, at its last move.
pub struct LoadGame(pub GameRecord);

impl GameVisitor for LoadGame {
    type Output = Result<Box<dyn GameScreen>>;
    fn visit<G: Engine>(self) -> Self::Output {
        Ok(Box::new(GamePlay::<G>::from_record(&self.0)?))
    }
}
