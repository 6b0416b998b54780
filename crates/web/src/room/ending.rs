//! How a game ended: its result, whether by its rules, a resignation, an agreement, an
//! abort, a clock or a claim over a player who left, and its record once it is over.

use tabuleiro_core::{Outcome, Player};

use super::Room;
use crate::store::StoredEnding;

impl Room {
    /// The result: a resignation, an agreement, an abort or a clock that ran out, else the
    /// game's own. A player out of time loses as if they had resigned: in a Q!nto game of 3 or
    /// 4 the game ends there, and every other player shares the win. An aborted game has no
    /// result: everyone is level ("draw"), and it is not rated.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_with(self.resigned, self.ending)
            .or_else(|| self.game.outcome())
    }

    /// The result of the game as it stands if `resigned` had resigned or it had ended as
    /// `ending`; none when neither is given.
    pub fn outcome_with(
        &self,
        resigned: Option<usize>,
        ending: Option<StoredEnding>,
    ) -> Option<Outcome> {
        let players = self.game.players();
        let scores = self.game.scores();
        match (resigned, ending) {
            (Some(seat), _) => Some(Outcome::resignation(Player(seat as u8), players, scores)),
            (None, Some(StoredEnding::Timeout { seat })) => {
                let mut outcome = Outcome::resignation(Player(seat as u8), players, scores);
                outcome.reason = format!("{} ran out of time", Player(seat as u8));
                Some(outcome)
            }
            (None, Some(StoredEnding::Agreed)) => Some(Outcome::agreed_draw(players, scores)),
            (None, Some(StoredEnding::Aborted { seat })) => {
                Some(Outcome::aborted(Player(seat as u8), players, scores))
            }
            (None, Some(StoredEnding::Claimed { seat, draw: true })) => {
                Some(Outcome::left_drawn(Player(seat as u8), players, scores))
            }
            (None, Some(StoredEnding::Claimed { seat, draw: false })) => {
                Some(Outcome::forfeit(&left_the_game(seat), players, scores))
            }
            (None, None) => None,
        }
    }

    /// The record of the game once it is over (none before: the record holds the seed), each
    /// seat a player sat in named by the player's name and tag.
    pub fn finished_record(&self) -> Option<tabuleiro_core::GameRecord> {
        if !self.over() {
            return None;
        }
        let mut record = self.game.record();
        if self.resigned.is_some() {
            record.resigned = self.resigned;
            record.result = self.outcome();
        } else if let Some(StoredEnding::Timeout { seat }) = self.ending {
            // A seat out of time forfeits: the record says so, and replays to that result.
            let forfeit = tabuleiro_core::Forfeit {
                seat,
                reason: "ran out of time".to_owned(),
            };
            record.result = Some(Outcome::forfeit(
                &forfeit,
                self.game.players(),
                self.game.scores(),
            ));
            record.forfeit = Some(forfeit);
        } else if let Some(StoredEnding::Agreed) = self.ending {
            record.agreed_draw = true;
            record.result = self.outcome();
        } else if let Some(StoredEnding::Aborted { seat }) = self.ending {
            record.aborted = Some(seat);
            record.result = self.outcome();
        } else if let Some(StoredEnding::Claimed { seat, draw }) = self.ending {
            if draw {
                record.left_drawn = Some(seat);
            } else {
                record.forfeit = Some(left_the_game(seat));
            }
            record.result = self.outcome();
        }
        if let Some(clock) = &self.clock {
            record.clocks.clone_from(&clock.after_moves);
        }
        for (agent, seat) in record.agents.iter_mut().zip(&self.seats) {
            if let Some(player) = seat.player() {
                *agent = format!("{}#{}", player.name, crate::players::tag(&player.id));
            }
        }
        Some(record)
    }
}

/// The forfeit of `seat`, whose player left a game the other player claimed.
fn left_the_game(seat: usize) -> tabuleiro_core::Forfeit {
    tabuleiro_core::Forfeit {
        seat,
        reason: "left the game".to_owned(),
    }
}
