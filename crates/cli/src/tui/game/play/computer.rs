//! Computer players and hints: started on background threads, their answers collected on
//! ticks and dropped when the history changed meanwhile.

use std::time::Duration;

use tabuleiro_ai::{Level, agent_seed};
use tabuleiro_core::{Engine, Player};

use super::{GamePlay, HINT_THINK, SPEEDS, capital};
use crate::tui::game::worker::{Job, JobTag, Poll};
use crate::tui::targets::split;

impl<G: Engine> GamePlay<G> {
    pub(super) fn ask_hint(&mut self) {
        let Some(player) = self.human_to_move() else {
            self.message = self.not_your_turn();
            return;
        };
        if self.hint_job.is_some() {
            return;
        }
        let seed = agent_seed(self.config.setup.seed, player) ^ self.generation;
        match Level::strong_with(HINT_THINK).build::<G>(seed) {
            Ok(agent) => {
                let view = self.session.state().view(player);
                let tag = self.tag(player.index());
                self.hint_job = Some(Job::start(agent, view, tag));
                self.say("Looking for a good move…");
            }
            Err(e) => self.message = format!("No hint: {e}"),
        }
    }

    pub(super) fn tag(&self, seat: usize) -> JobTag {
        JobTag {
            seat,
            moves: self.session.moves().len(),
            generation: self.generation,
        }
    }

    pub(super) fn poll_hint(&mut self) {
        let Some(job) = &self.hint_job else {
            return;
        };
        let tag = job.tag;
        match job.poll() {
            Poll::Thinking => {}
            Poll::Lost => {
                self.hint_job = None;
                self.say("The hint search stopped.");
            }
            Poll::Done(_, mv) => {
                self.hint_job = None;
                if tag.generation != self.generation {
                    return;
                }
                let Some(mv) = mv else {
                    self.say("No hint: no move found.");
                    return;
                };
                // The hint is the seat's own move, found from its own view only.
                let text = self.session.state().format_move(mv);
                let placed = split(&text, &self.picture)
                    .filter(|(anchor, template)| self.targets.find(template, *anchor).is_some());
                if let Some((anchor, template)) = placed {
                    self.cursor = Some(anchor);
                    self.template = Some(template);
                    self.hint_move = None;
                } else {
                    self.hint_move = Some(mv);
                }
                self.message = format!("Hint: {text} — Enter plays it.");
                self.hint = Some(text);
            }
        }
    }

    pub(super) fn poll_thinking(&mut self) {
        let Some(job) = &self.thinking else {
            return;
        };
        let tag = job.tag;
        match job.poll() {
            Poll::Thinking => {}
            Poll::Lost => {
                self.thinking = None;
                self.paused = true;
                self.message = format!(
                    "The computer player of player {} stopped; n starts a new game.",
                    tag.seat + 1
                );
            }
            Poll::Done(agent, mv) => {
                self.thinking = None;
                let name = agent.name();
                self.agents[tag.seat] = Some(agent);
                if tag.generation != self.generation {
                    return;
                }
                let player = Player(tag.seat as u8);
                let Some(mv) = mv else {
                    self.paused = true;
                    self.message = format!("{player} ({name}) found no move.");
                    return;
                };
                let text = self.eyes().move_text(self.session.state(), mv);
                match self.session.play(mv) {
                    Ok(()) => {
                        self.redo.clear();
                        self.history_changed();
                        let text = self.last_move_text().unwrap_or(text);
                        self.message = format!("{} ({name}) played {text}.", capital(player));
                    }
                    Err(e) => {
                        self.paused = true;
                        self.message = format!("{player} ({name}) chose an illegal {text}: {e}");
                    }
                }
            }
        }
    }

    /// Starts the computer player to move, when it is its turn and play is not paused.
    pub(super) fn start_computer(&mut self) {
        if self.thinking.is_some() {
            return;
        }
        let state = self.session.state();
        let Some(player) = state.to_move() else {
            return;
        };
        if self.is_human(player) {
            return;
        }
        let delay = Duration::from_millis(SPEEDS[self.speed].0);
        if !self.step && (self.paused || self.last_move_at.elapsed() < delay) {
            return;
        }
        let Some(agent) = self.agents[player.index()].take() else {
            return;
        };
        self.step = false;
        let view = state.view(player);
        let tag = self.tag(player.index());
        self.thinking = Some(Job::start(agent, view, tag));
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
