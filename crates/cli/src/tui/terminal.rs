//! Entering and leaving full-screen mode: raw mode, the alternate screen and mouse capture,
//! undone on quit, on error and on panic.

use std::io::{self, stdout};

use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{DisableMouseCapture, EnableMouseCapture};
use ratatui::crossterm::execute;

/// Switches the terminal to full-screen mode. A panic afterwards first restores the terminal,
/// then prints its message as usual.
pub fn enter() -> io::Result<DefaultTerminal> {
    // `try_init` installs a panic hook that leaves raw mode and the alternate screen; ours runs
    // before it and releases the mouse.
    let terminal = ratatui::try_init()?;
    let restore_then_report = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = execute!(stdout(), DisableMouseCapture);
        restore_then_report(info);
    }));
    if let Err(e) = execute!(stdout(), EnableMouseCapture) {
        leave();
        return Err(e);
    }
    Ok(terminal)
}

/// Gives the terminal back as it was.
pub fn leave() {
    let _ = execute!(stdout(), DisableMouseCapture);
    ratatui::restore();
}
