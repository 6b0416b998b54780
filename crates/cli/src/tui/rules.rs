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
        lines.extend(reflow(self.info.rules).into_iter().map(Line::from));
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

/// The rules text with each paragraph on one line, so that it wraps to the window: lines of a
/// paragraph are joined; blank lines, indented lines and list items (`- `, `* `, `1.`) keep
/// their own line.
fn reflow(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut joining = false;
    for line in text.lines() {
        let line = line.trim_end();
        if line.is_empty() {
            out.push(String::new());
            joining = false;
            continue;
        }
        let numbered = line
            .split_once(['.', ')'])
            .is_some_and(|(n, _)| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()));
        let item = line.starts_with(char::is_whitespace)
            || line.starts_with("- ")
            || line.starts_with("* ")
            || numbered;
        match out.last_mut() {
            Some(last) if joining && !item => {
                last.push(' ');
                last.push_str(line);
            }
            _ => out.push(line.to_owned()),
        }
        joining = true;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paragraphs_are_joined_and_lists_kept() {
        let text =
            "TITLE\n\nOne line\nand its end.\n- an item\n- another\n  indented\n2. second\n\nLast.";
        assert_eq!(
            reflow(text),
            [
                "TITLE",
                "",
                "One line and its end.",
                "- an item",
                "- another",
                "  indented",
                "2. second",
                "",
                "Last."
            ]
        );
    }
}
