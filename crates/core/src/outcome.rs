//! How a game ended, for each player.

use std::fmt;

use crate::player::Player;

/// The result of a finished game for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlayerResult {
    /// This player won.
    Win,
    /// This player lost.
    Loss,
    /// This player drew (shared the result).
    Draw,
}

impl PlayerResult {
    /// Points in the usual tournament scale: 1 for a win, ½ for a draw, 0 for a loss.
    pub fn points(self) -> f64 {
        match self {
            PlayerResult::Win => 1.0,
            PlayerResult::Draw => 0.5,
            PlayerResult::Loss => 0.0,
        }
    }
}

/// A seat that lost by failing to play (see [`Outcome::forfeit`]), as a record keeps it.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Forfeit {
    /// The seat, from 0.
    pub seat: usize,
    /// What went wrong, in words: "played `a5`, which is not a legal move here".
    pub reason: String,
}

/// The result of a finished game: one [`PlayerResult`] per seat, scores where the game has
/// them, and the reason in words.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Outcome {
    /// Result of each seat, indexed by [`Player::index`].
    pub results: Vec<PlayerResult>,
    /// Final score of each seat, for games that keep score.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scores: Option<Vec<i64>>,
    /// Why the game ended, e.g. "row 2 holds four different shapes".
    pub reason: String,
}

impl Outcome {
    /// `winner` wins and every other of `players` seats loses.
    pub fn win(winner: Player, players: usize, reason: impl Into<String>) -> Self {
        let results = (0..players)
            .map(|p| {
                if p == winner.index() {
                    PlayerResult::Win
                } else {
                    PlayerResult::Loss
                }
            })
            .collect();
        Outcome {
            results,
            scores: None,
            reason: reason.into(),
        }
    }

    /// Every one of `players` seats draws.
    pub fn draw(players: usize, reason: impl Into<String>) -> Self {
        Outcome {
            results: vec![PlayerResult::Draw; players],
            scores: None,
            reason: reason.into(),
        }
    }

    /// `resigned` gave up a game of `players` seats: it loses and every other seat wins
    /// (the scores so far are kept, for games that keep score).
    pub fn resignation(resigned: Player, players: usize, scores: Option<Vec<i64>>) -> Self {
        let results = (0..players)
            .map(|p| {
                if p == resigned.index() {
                    PlayerResult::Loss
                } else {
                    PlayerResult::Win
                }
            })
            .collect();
        Outcome {
            results,
            scores,
            reason: format!("{resigned} resigned"),
        }
    }

    /// `seat` forfeited a game of `players` seats (a computer player that failed: an illegal
    /// move, no answer in time, a crash): it loses and every other seat wins, as in a
    /// resignation, and the reason says why (`Player 2 forfeits: no move within 1100 ms`).
    pub fn forfeit(forfeit: &Forfeit, players: usize, scores: Option<Vec<i64>>) -> Self {
        let seat = Player(forfeit.seat as u8);
        let mut outcome = Outcome::resignation(seat, players, scores);
        outcome.reason = format!("{seat} forfeits: {}", forfeit.reason);
        outcome
    }

    /// The players of a game of `players` seats agreed to a draw: every seat draws (the scores
    /// so far are kept, for games that keep score).
    pub fn agreed_draw(players: usize, scores: Option<Vec<i64>>) -> Self {
        Outcome {
            results: vec![PlayerResult::Draw; players],
            scores,
            reason: "the players agreed to a draw".to_owned(),
        }
    }

    /// `seat` aborted a game of `players` seats before every player had moved: the game has no
    /// result, and every seat is level ("draw"; a rated game is not rated).
    pub fn aborted(seat: Player, players: usize, scores: Option<Vec<i64>>) -> Self {
        Outcome {
            results: vec![PlayerResult::Draw; players],
            scores,
            reason: format!("{seat} aborted the game before every player had moved: no result"),
        }
    }

    /// `seat`'s player left a game of `players` seats and the others called it a draw: every
    /// seat draws, as in an agreed draw, and the reason says why.
    pub fn left_drawn(seat: Player, players: usize, scores: Option<Vec<i64>>) -> Self {
        Outcome {
            results: vec![PlayerResult::Draw; players],
            scores,
            reason: format!("{seat} left the game, and it was called a draw"),
        }
    }

    /// The result of `player`.
    pub fn result(&self, player: Player) -> PlayerResult {
        self.results[player.index()]
    }

    /// The single winner, if exactly one seat won.
    pub fn winner(&self) -> Option<Player> {
        let mut winners = self
            .results
            .iter()
            .enumerate()
            .filter(|(_, r)| **r == PlayerResult::Win)
            .map(|(i, _)| Player(i as u8));
        match (winners.next(), winners.next()) {
            (Some(p), None) => Some(p),
            _ => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner() {
            Some(p) => write!(f, "{} wins: {}", capitalise(&p.to_string()), self.reason)?,
            None if self.results.iter().all(|r| *r == PlayerResult::Draw) => {
                write!(f, "Draw: {}", self.reason)?;
            }
            None => {
                let drawn: Vec<String> = self
                    .results
                    .iter()
                    .enumerate()
                    .filter(|(_, r)| **r == PlayerResult::Draw)
                    .map(|(i, _)| Player(i as u8).to_string())
                    .collect();
                write!(
                    f,
                    "Shared result between {}: {}",
                    drawn.join(", "),
                    self.reason
                )?;
            }
        }
        if let Some(scores) = &self.scores {
            let parts: Vec<String> = scores.iter().map(i64::to_string).collect();
            write!(f, " (scores {})", parts.join(" : "))?;
        }
        Ok(())
    }
}

fn capitalise(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|first| first.to_uppercase().chain(c).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn win_and_draw() {
        let o = Outcome::win(Player(1), 3, "no tiles left");
        assert_eq!(o.winner(), Some(Player(1)));
        assert_eq!(o.result(Player(0)), PlayerResult::Loss);
        assert_eq!(o.to_string(), "Player 2 wins: no tiles left");
        let d = Outcome::draw(2, "third repetition");
        assert_eq!(d.winner(), None);
        assert_eq!(d.to_string(), "Draw: third repetition");
        assert!((PlayerResult::Draw.points() - 0.5).abs() < f64::EPSILON);
    }
}
