//! Exact values proved by search, for games too large to solve whole (Taiji, Pushee Pieces):
//! an alpha-beta search within a time budget whose answer counts only when it is *proven*
//! (every line searched to the end of the game, or a forced win or loss found). Near the end
//! of these games the search proves its positions in milliseconds, so a puzzle found there is
//! proved as surely as one from a solver; a position the budget does not prove is no puzzle.
//!
//! The margin a search puzzle asks of its solution is thus the largest there is: the solution's
//! turn is a proven win (or the only proven draw) and every other turn is proven worse. The
//! generator asks it at two thinking times ([`SHORT_THINK`], [`LONG_THINK`]), and the line must
//! also be the one the strongest level of the ladder plays.

use std::time::Duration;

use tabuleiro_core::{Engine, ExactValue, GameRng, rng_from_seed};

use super::ExactSource;
use crate::alphabeta::{AlphaBeta, Limits};
use crate::score::{DECIDED, WIN};

/// The first thinking time a search puzzle is proved with, per position searched.
pub const SHORT_THINK: Duration = Duration::from_millis(50);

/// The second thinking time: the same puzzle must come out of a search ten times longer.
pub const LONG_THINK: Duration = Duration::from_millis(500);

/// Exact values from a time-limited alpha-beta search, given only when proven.
#[derive(Debug)]
pub struct SearchProver<G: Engine> {
    search: AlphaBeta<G>,
    think: Duration,
    rng: GameRng,
    /// Positions whose value the search could not prove within its time.
    pub unproven: u64,
}

impl<G: Engine> SearchProver<G> {
    /// A prover searching each position for at most `think`, on one thread.
    pub fn new(think: Duration) -> Self {
        SearchProver {
            search: AlphaBeta::default(),
            think,
            rng: rng_from_seed(0),
            unproven: 0,
        }
    }
}

impl<G: Engine> ExactSource<G> for SearchProver<G> {
    fn value(&mut self, state: &G) -> Option<ExactValue> {
        state.to_move()?;
        let limits = Limits {
            threads: Some(1),
            ..Limits::time(self.think)
        };
        let result = self.search.search(state, limits, &mut self.rng);
        if !result.proven {
            self.unproven += 1;
            return None;
        }
        let plies = |score: i32| u32::try_from(WIN - score.abs()).unwrap_or(u32::MAX);
        Some(if result.value >= DECIDED {
            ExactValue::Win {
                plies: plies(result.value),
            }
        } else if result.value <= -DECIDED {
            ExactValue::Loss {
                plies: plies(result.value),
            }
        } else {
            ExactValue::Draw
        })
    }
}
