//! The rules of one game, scrollable.

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Stylize;
use ratatui::text::Line;
use ratatui::widgets::{Block, Paragraph, Wrap};
use tabuleiro_core::GameInfo;

/// The rules screen's state.
#[derive(Clone, Copy, Debug)]
pub struct Rules {
    /// The game whose rules are shown.
    pub info: &'static GameInfo,
    scroll: u16,
}

impl Rules {
    /// The rules of `info`, from the top.
    pub fn new(info: &'static GameInfo) -> Self {
        Rules { info, scroll: 0 }
    }

    /// Applies one key; returns `false` when the screen should close.
    pub fn handle_key(&mut self, key: KeyEvent) -> bool {
        match key.code {
            KeyCode::Esc | KeyCode::Char('q') | KeyCode::Enter | KeyCode::Backspace => {
                return false;
            }
            KeyCode::Down | KeyCode::Char('j') => self.scroll = self.scroll.saturating_add(1),
            KeyCode::Up | KeyCode::Char('k') => self.scroll = self.scroll.saturating_sub(1),
            KeyCode::PageDown | KeyCode::Char(' ') => self.scroll = self.scroll.saturating_add(10),
            KeyCode::PageUp => self.scroll = self.scroll.saturating_sub(10),
            KeyCode::Home => self.scroll = 0,
            _ => {}
        }
        true
    }

    /// Draws the rules.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect) {
        let [body, footer] =
            Layout::vertical([Constraint::Min(3), Constraint::Length(1)]).areas(area);
        let mut lines: Vec<Line<'static>> = vec![
            Line::from(format!("Moves: {}", self.info.move_syntax)).bold(),
            Line::from(""),
        ];
        lines.extend(self.info.rules.lines().map(|l| Line::from(l.to_owned())));
        frame.render_widget(
            Paragraph::new(lines)
                .wrap(Wrap { trim: false })
                .scroll((self.scroll, 0))
                .block(Block::bordered().title(format!(" Rules of {} ", self.info.name))),
            body,
        );
        frame.render_widget(
            Line::from("↑↓ PgUp PgDn scroll · Esc back").dark_gray(),
            footer,
        );
    }
}
