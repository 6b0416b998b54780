//! The `strong` level of games searched by alpha-beta: alpha-beta search within a time (or
//! depth) budget, on one thread or several ([`crate::alphabeta::AlphaBeta`]). Other games'
//! `strong` level is Monte Carlo tree search ([`crate::MctsAgent`]) or sampled rollouts
//! ([`crate::RolloutAgent`]), as [`crate::Level::build`] chooses.

use std::time::Duration;

use tabuleiro_core::{Engine, GameRng, rng_from_seed};

use crate::agent::Agent;
use crate::alphabeta::{AlphaBeta, Limits};

/// Default thinking time per move.
pub const DEFAULT_THINK: Duration = Duration::from_secs(1);

/// Searches with [`AlphaBeta`] until its time (or depth) budget runs out.
#[derive(Debug)]
pub struct StrongAgent<G: Engine> {
    search: AlphaBeta<G>,
    limits: Limits,
    rng: GameRng,
}

impl<G: Engine> StrongAgent<G> {
    /// A strong player with the given limits, breaking ties with a generator seeded by `seed`.
    pub fn new(limits: Limits, seed: u64) -> Self {
        StrongAgent {
            search: AlphaBeta::default(),
            limits,
            rng: rng_from_seed(seed),
        }
    }
}

impl<G: Engine> Agent<G> for StrongAgent<G> {
    fn name(&self) -> String {
        let name = match (self.limits.time, self.limits.max_depth) {
            (Some(t), _) if t == DEFAULT_THINK => "strong".to_owned(),
            (Some(t), _) => format!("strong:think={}", t.as_millis()),
            (None, d) => format!("strong:depth={d}"),
        };
        match self.limits.threads {
            Some(threads) => format!("{name}:threads={threads}"),
            None => name,
        }
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = rng_from_seed(seed);
        self.search.clear();
    }

    fn choose(&mut self, view: &G::View) -> Option<G::Move> {
        let state = G::sample_from_view(view, &mut self.rng);
        self.search.search(&state, self.limits, &mut self.rng).best
    }

    fn release_memory(&mut self) {
        self.search.release();
    }
}
