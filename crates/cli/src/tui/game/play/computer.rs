//! Computer players and hints: started on background threads, their answers collected on
//! ticks and dropped when the history changed meanwhile.

use std::time::Duration;

use tabuleiro_core::Engine;

use super::{GamePlay, HINT_THINK, SPEEDS};
use crate::names;
use crate::tui::game::worker::{Job, Poll};

impl<G: Engine> GamePlay<G> {
    pub(super) fn ask_hint(&mut self) {
        if self.human_to_move().is_none() {
            self.message = self.not_your_turn();
            return;
        }
        if self.hint_job.is_some() {
            return;
        }
        match self.table.hint(HINT_THINK) {
            Some(Ok(turn)) => {
                self.hint_job = Some(Job::start(turn));
                self.say("Looking for a good move…");
            }
            Some(Err(e)) => self.message = format!("No hint: {e}"),
            None => self.message = self.not_your_turn(),
        }
    }

    pub(super) fn poll_hint(&mut self) {
        let Some(job) = &self.hint_job else {
            return;
        };
        match job.poll() {
            Poll::Thinking => {}
            Poll::Lost => {
                self.hint_job = None;
                self.say("The hint search stopped.");
            }
            Poll::Done(thought) => {
                self.hint_job = None;
                if !self.table.is_current(&thought) {
                    return;
                }
                let Some(mv) = thought.chosen() else {
                    self.say("No hint: no move found.");
                    return;
                };
                // The hint is the seat's own move, found from its own view only.
                let text = self.table.state().format_move(mv);
                let gesture = self.table.state().gesture(mv);
                if let Some(&anchor) = gesture.all_cells().first() {
                    self.cursor = Some(anchor);
                }
                self.pointing.clear();
                self.hint_move = Some(mv);
                // The line under the status says whether Enter plays it (not once the cursor left it).
                self.message = format!("Hint: {text}.");
                self.hint = Some(text);
            }
        }
    }

    pub(super) fn poll_thinking(&mut self) {
        let Some(job) = &self.thinking else {
            return;
        };
        let seat = job.seat();
        match job.poll() {
            Poll::Thinking => {}
            Poll::Lost => {
                self.thinking = None;
                self.paused = true;
                self.message = format!(
                    "The computer player of {} stopped; n starts a new game.",
                    names::seat(seat)
                );
            }
            Poll::Done(thought) => {
                self.thinking = None;
                match self.table.accept(thought) {
                    // The game changed while it thought: its answer is dropped.
                    Ok(None) => {}
                    Ok(Some(_)) => {
                        self.redo.clear();
                        self.history_changed();
                        let text = self.last_move_text().unwrap_or_default();
                        // The seat's level as the ladder names it, not the program's name.
                        let who = names::seat_and_who(seat, &self.config.seats[seat.index()]);
                        self.message = format!("{who} played {text}.");
                    }
                    Err(e) => {
                        self.paused = true;
                        self.message = format!("{e}.");
                    }
                }
            }
        }
    }

    /// Starts the computer player to move, when it is its turn and play is not paused; a
    /// screen built on this one ([`super::Framing`]) plays the other seats itself.
    pub(super) fn start_computer(&mut self) {
        if self.thinking.is_some()
            || self.framing.is_some()
            || self.table.computer_to_move().is_none()
        {
            return;
        }
        let delay = Duration::from_millis(SPEEDS[self.speed].0);
        if !self.step && (self.paused || self.last_move_at.elapsed() < delay) {
            return;
        }
        let Some(turn) = self.table.computer_turn() else {
            return;
        };
        self.step = false;
        self.thinking = Some(Job::start(turn));
    }

    pub(super) fn toggle_pause(&mut self) {
        self.paused = !self.paused;
        self.message = if self.paused {
            "Paused: p or Space resumes, . plays one move.".to_owned()
        } else {
            "Resumed.".to_owned()
        };
    }
}
