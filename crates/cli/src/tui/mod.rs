//! The full-screen terminal interface (ratatui): a menu, a rules screen, a game screen that
//! works for every game in the registry, and puzzle play built on the game screen
//! ([`puzzle`]).
//!
//! The application is state plus key handling plus drawing ([`app::App`]); this module only
//! runs it on a real terminal. Games are never named here: the menu reads their
//! [`tabuleiro_core::GameInfo`], the game screen is generic over [`tabuleiro_core::Game`] and
//! draws the board from the game's own picture ([`drawing`]) and makes moves by pointing at
//! the cells and pieces of their gestures ([`pointing`]).

pub mod app;
pub mod drawing;
pub mod game;
pub mod layout;
pub mod menu;
pub mod pointing;
pub mod prompt;
pub mod puzzle;
pub mod rules;
mod terminal;
pub mod window;

use std::time::Duration;

use anyhow::Result;
use ratatui::DefaultTerminal;
use ratatui::crossterm::event;

use app::App;

/// How long to wait for input before redrawing (the thinking indicator moves meanwhile).
const FRAME: Duration = Duration::from_millis(80);

/// Runs the application on the terminal until the user quits; the terminal is restored
/// whatever happens.
pub fn run() -> Result<()> {
    let mut terminal = terminal::enter()?;
    let result = event_loop(&mut terminal, &mut App::new());
    terminal::leave();
    result
}

fn event_loop(terminal: &mut DefaultTerminal, app: &mut App) -> Result<()> {
    loop {
        app.tick();
        terminal.draw(|frame| app.render(frame))?;
        if app.should_quit() {
            return Ok(());
        }
        if event::poll(FRAME)? {
            app.handle_event(&event::read()?);
            // Take whatever else is already waiting before the next redraw.
            while !app.should_quit() && event::poll(Duration::ZERO)? {
                app.handle_event(&event::read()?);
            }
        }
    }
}
