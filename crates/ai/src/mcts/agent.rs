//! The MCTS player and the limits of its search.

use std::time::Duration;

use tabuleiro_core::{Engine, GameRng, rng_from_seed};

use super::search;
use crate::agent::Agent;
use crate::alphabeta::Limits;

/// How long an MCTS player thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MctsLimits {
    /// Stop after this long.
    pub time: Option<Duration>,
    /// Stop after this many iterations (over all threads).
    pub iterations: Option<u64>,
    /// Threads to search on; `None`: the process's default ([`crate::threads::default`]).
    pub threads: Option<usize>,
}

impl From<Limits> for MctsLimits {
    /// Keeps the time and iteration budgets; a depth alone means nothing to MCTS, so without
    /// either budget it thinks for the default second.
    fn from(limits: Limits) -> Self {
        let time = match (limits.time, limits.iterations) {
            (None, None) => Some(crate::strong::DEFAULT_THINK),
            (time, _) => time,
        };
        MctsLimits {
            time,
            iterations: limits.iterations,
            threads: limits.threads,
        }
    }
}

/// The `strong` level for games whose [`tabuleiro_core::EngineInfo::search`] is Monte Carlo.
#[derive(Debug)]
pub struct MctsAgent {
    limits: MctsLimits,
    rng: GameRng,
    name: String,
}

impl MctsAgent {
    /// An MCTS player with the given limits and seed; `name` is how it is listed.
    pub fn new(limits: MctsLimits, seed: u64, name: String) -> Self {
        MctsAgent {
            limits,
            rng: rng_from_seed(seed),
            name,
        }
    }
}

impl<G: Engine> Agent<G> for MctsAgent {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = rng_from_seed(seed);
    }

    fn choose(&mut self, view: &G::View) -> Option<G::Move> {
        search::<G>(view, &self.limits, &mut self.rng).0
    }
}
