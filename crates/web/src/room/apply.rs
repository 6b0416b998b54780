//! How a stored change changes a room: the one place where a room's game, seats, offer,
//! ending, clock and revision follow a change ([`Room::apply`]), the game read again
//! ([`Room::replace_with`], [`Room::catch_up`]), or a move another node announced
//! ([`Room::follow`]); each sends every connection its new state.

use super::{Followed, Room};
use crate::clock::now_ms;
use crate::dyngame::Checked;
use crate::protocol::Mode;
use crate::store::{Change, Rating, RatingChange, StoredEnding, StoredGame};

impl Room {
    /// Applies `change`, stored as revision `revision`, and sends every connection its new
    /// state. `checked`: the move the change stores, as its command read and checked it
    /// (played as it is); without it a move is read from its notation.
    ///
    /// # Errors
    /// A move or takeback that cannot be made here (the room must then be read again).
    pub fn apply(
        &mut self,
        change: Change,
        revision: u64,
        checked: Option<Checked>,
        rated: Vec<RatingChange>,
    ) -> Result<(), String> {
        match change {
            Change::Move {
                ply,
                notation,
                clock,
                ..
            } => {
                if self.game.ply() != ply {
                    return Err(format!("move {} is not the next here", ply + 1));
                }
                match checked {
                    Some(checked) => self.game.play_checked(checked)?,
                    None => {
                        self.game.play(&notation).map_err(|e| e.to_string())?;
                    }
                }
                if let Some(timed) = clock {
                    let mut clock = timed.clock;
                    // The next turn starts when the move is stored and shown, not when it
                    // arrived: the write's time is nobody's (as stored, the turn started a
                    // little earlier, which only a node reading the game again sees).
                    if clock.since.is_some() {
                        clock.since = Some(now_ms());
                    }
                    self.clock = Some(clock);
                }
                self.thinking = None;
            }
            Change::Truncate { from, clock } => {
                while self.game.ply() > from {
                    self.game.undo_turn().map_err(|e| e.to_string())?;
                }
                if self.game.ply() != from {
                    return Err(format!("the takeback went past move {from}"));
                }
                self.offer = None;
                if let Some(timed) = clock {
                    self.clock = Some(timed.clock);
                }
                self.thinking = None;
            }
            Change::Resign { seat } => {
                self.resigned = Some(seat);
                self.offer = None;
                self.thinking = None;
                self.game.stop_thinking();
            }
            Change::Offer { offer } => self.offer = offer,
            Change::End { ending, clock } => {
                self.ending = Some(ending);
                self.offer = None;
                self.thinking = None;
                self.game.stop_thinking();
                if let Some(clock) = clock {
                    self.clock = Some(*clock);
                }
            }
            Change::Sit { seats, clock, .. } => {
                self.seats = seats;
                if let Some(timed) = clock {
                    self.clock = Some(timed.clock);
                }
            }
            Change::Rematch { game } => self.rematch = Some(game.id),
        }
        if !rated.is_empty() {
            self.rating_changes = rated;
        }
        self.revision = revision;
        self.version += 1;
        self.broadcast();
        Ok(())
    }

    /// How `change` rates the game, when it ends a rated game (not aborted) whose every seat
    /// has its player, not rated yet: stored with the change, in its transaction. `checked`:
    /// the move the change makes, with its result.
    pub fn rating_after(&self, change: &Change, checked: Option<&Checked>) -> Option<Rating> {
        if self.mode != Mode::Rated || !self.rating_changes.is_empty() || self.over() {
            return None;
        }
        let outcome = match change {
            Change::Move { finished: true, .. } => checked?.outcome.clone()?,
            Change::Resign { seat } => self.outcome_with(Some(*seat), None)?,
            Change::End {
                ending:
                    ending @ (StoredEnding::Timeout { .. }
                    | StoredEnding::Agreed
                    | StoredEnding::Claimed { .. }),
                ..
            } => self.outcome_with(None, Some(*ending))?,
            _ => return None,
        };
        let seated = self
            .seats
            .iter()
            .map(|s| s.player().map(|p| p.id.clone()))
            .collect::<Option<Vec<String>>>()?;
        Some(Rating {
            game: self.game.info().id.to_owned(),
            seated,
            places: crate::ratings::places(&outcome),
        })
    }

    /// Shows how the game, once over, changed its players' ratings (as stored).
    pub fn rated(&mut self, changes: Vec<RatingChange>) {
        self.rating_changes = changes;
        self.version += 1;
        self.broadcast();
    }

    /// Takes the state of `fresh` (the same game read again from storage), keeping this
    /// room's connections and order, and sends every connection its new state.
    pub fn replace_with(&mut self, fresh: Room) {
        self.game.stop_thinking();
        self.game = fresh.game;
        self.seats = fresh.seats;
        self.resigned = fresh.resigned;
        self.offer = fresh.offer;
        self.ending = fresh.ending;
        self.clock = fresh.clock;
        self.revision = fresh.revision;
        self.rematch = fresh.rematch;
        self.thinking = None;
        self.stale = false;
        self.version += 1;
        self.broadcast();
    }

    /// Brings the room up to `stored` (the same game read again) when `stored` only adds moves
    /// to the room's: plays them, takes its revision and rematch, and sends every connection
    /// its new state. Returns false, changing nothing that [`Room::replace_with`] would not
    /// set again, when it is any other change (an undo, a resignation) or a move fails.
    pub fn catch_up(&mut self, stored: &StoredGame) -> bool {
        if self.stale || stored.resigned != self.resigned || stored.ending != self.ending {
            return false;
        }
        let played = self.game.record().moves;
        if stored.moves.len() < played.len() || stored.moves[..played.len()] != played[..] {
            return false;
        }
        for notation in &stored.moves[played.len()..] {
            if self.game.play(notation).is_err() {
                return false;
            }
        }
        self.revision = stored.revision;
        self.rematch.clone_from(&stored.rematch);
        self.seats.clone_from(&stored.seats);
        self.offer = stored.offer;
        self.clock.clone_from(&stored.clock);
        self.thinking = None;
        self.version += 1;
        self.broadcast();
        true
    }

    /// Follows a move another node announced (`revision` after it, its number, its notation):
    /// applied here ([`Room::apply`]) when it follows this room's revision, so that the game
    /// need not be read.
    pub fn follow(&mut self, moved: &(u64, usize, String)) -> Followed {
        let (revision, ply, notation) = moved;
        if self.stale {
            return Followed::Unknown;
        }
        if self.revision >= *revision {
            return Followed::Already;
        }
        // An announced move carries no clock: a game on a clock is read again.
        if self.revision + 1 != *revision || self.clock.is_some() || self.over() {
            return Followed::Unknown;
        }
        let change = Change::Move {
            ply: *ply,
            notation: notation.clone(),
            finished: false,
            clock: None,
        };
        match self.apply(change, *revision, None, Vec::new()) {
            Ok(()) => Followed::Played,
            Err(_) => Followed::Unknown,
        }
    }
}
