//! A one-line text field at the bottom of the screen: typed moves, file names, option values.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// What a key did to a prompt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PromptEvent {
    /// The text changed or the key was ignored; keep editing.
    Editing,
    /// Enter: the text is given.
    Done(String),
    /// Escape: the prompt is closed without an answer.
    Cancelled,
}

/// A question and the answer being typed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Prompt {
    /// The question, e.g. `Move:`.
    pub label: String,
    /// The text typed so far.
    pub text: String,
}

impl Prompt {
    /// A prompt asking `label`, with `text` already typed.
    pub fn new(label: impl Into<String>, text: impl Into<String>) -> Self {
        Prompt {
            label: label.into(),
            text: text.into(),
        }
    }

    /// Applies one key.
    pub fn handle_key(&mut self, key: KeyEvent) -> PromptEvent {
        match key.code {
            KeyCode::Enter => PromptEvent::Done(self.text.trim().to_owned()),
            KeyCode::Esc => PromptEvent::Cancelled,
            KeyCode::Backspace => {
                self.text.pop();
                PromptEvent::Editing
            }
            KeyCode::Char('u') if key.modifiers.contains(KeyModifiers::CONTROL) => {
                self.text.clear();
                PromptEvent::Editing
            }
            KeyCode::Char('c') if key.modifiers.contains(KeyModifiers::CONTROL) => {
                PromptEvent::Cancelled
            }
            KeyCode::Char(c) if !key.modifiers.contains(KeyModifiers::CONTROL) => {
                self.text.push(c);
                PromptEvent::Editing
            }
            _ => PromptEvent::Editing,
        }
    }

    /// The prompt as shown: label, text and a cursor block.
    pub fn display(&self) -> String {
        format!("{} {}█", self.label, self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(code: KeyCode) -> KeyEvent {
        KeyEvent::new(code, KeyModifiers::NONE)
    }

    #[test]
    fn typing_editing_and_answering() {
        let mut p = Prompt::new("Move:", "");
        for c in "Cb2x".chars() {
            assert_eq!(p.handle_key(key(KeyCode::Char(c))), PromptEvent::Editing);
        }
        p.handle_key(key(KeyCode::Backspace));
        assert_eq!(p.display(), "Move: Cb2█");
        assert_eq!(
            p.handle_key(key(KeyCode::Enter)),
            PromptEvent::Done("Cb2".into())
        );
        assert_eq!(p.handle_key(key(KeyCode::Esc)), PromptEvent::Cancelled);
    }
}
