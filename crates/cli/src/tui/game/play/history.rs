//! Moves in and out of the history: playing, typed moves, undo and redo.

use std::time::Instant;

use tabuleiro_core::{Engine, UndoError};

use super::GamePlay;

impl<G: Engine> GamePlay<G> {
    /// Records that the history changed: answers computed for the old one are dropped.
    pub(super) fn history_changed(&mut self) {
        self.hint = None;
        self.hint_move = None;
        self.hint_job = None;
        self.last_move_at = Instant::now();
        self.refresh();
    }

    /// Plays a human's move.
    pub(super) fn play_move(&mut self, mv: G::Move) -> bool {
        let text = self.table.session().state().format_move(mv);
        match self.table.play(mv) {
            Ok(()) => {
                self.redo.clear();
                self.history_changed();
                // Written as the screen may show it now: the keyboard may be passed on next.
                let text = self.last_move_text().unwrap_or(text);
                self.message = format!("You played {text}.");
                true
            }
            Err(e) => {
                self.message = format!("{text}: {e}");
                false
            }
        }
    }

    /// Plays the moves typed in a prompt, one after the other (a whole turn may be typed).
    pub(super) fn play_typed(&mut self, text: &str) {
        let parts: Vec<&str> = text
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|p| !p.is_empty())
            .collect();
        if parts.is_empty() {
            return;
        }
        // A move whose notation has spaces (`d4 d5`) is tried whole first.
        let pieces: Vec<String> = if self.table.session().state().parse_notation(text).is_ok() {
            vec![text.to_owned()]
        } else {
            parts.iter().map(|p| (*p).to_owned()).collect()
        };
        for (i, piece) in pieces.iter().enumerate() {
            if self.human_to_move().is_none() {
                self.message = format!("`{piece}` was not played: {}", self.not_your_turn());
                return;
            }
            match self.table.session().state().parse_move(piece) {
                Ok(mv) => {
                    if !self.play_move(mv) {
                        return;
                    }
                }
                Err(e) => {
                    let kept = if i > 0 {
                        " (the moves before it were played)"
                    } else {
                        ""
                    };
                    self.message = format!("{e}{kept}");
                    return;
                }
            }
        }
    }

    /// Takes back the last turn (against computers: back to the human's own turn), unless a
    /// move to take back showed its player hidden things; the refusal says why.
    pub(super) fn undo(&mut self) {
        let taken = match self.table.undo_turn() {
            Ok(taken) => taken,
            Err(UndoError::Nothing) => {
                self.say("Nothing to undo.");
                return;
            }
            Err(e) => {
                self.message = format!("Cannot undo: {e}.");
                return;
            }
        };
        let undone = taken.len();
        self.redo.push(taken);
        if self.humans.is_empty() {
            self.paused = true;
        }
        self.message = format!("Took back {undone} move(s); r plays them again.");
        self.history_changed();
    }

    pub(super) fn redo(&mut self) {
        let Some(moves) = self.redo.pop() else {
            self.say("Nothing to redo.");
            return;
        };
        let mut played = 0;
        for mv in moves {
            if self.table.play(mv).is_err() {
                self.redo.clear();
                break;
            }
            played += 1;
        }
        self.message = format!("Played {played} move(s) again.");
        self.history_changed();
    }
}
