//! The `random` level: uniform among legal moves.

use tabuleiro_core::{Game, GameRng, rng_from_seed};

use crate::agent::Agent;

/// Plays a uniformly random legal move.
#[derive(Debug)]
pub struct RandomAgent {
    rng: GameRng,
}

impl RandomAgent {
    /// A random player drawing from a generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        RandomAgent {
            rng: rng_from_seed(seed),
        }
    }
}

impl<G: Game> Agent<G> for RandomAgent {
    fn name(&self) -> String {
        "random".to_owned()
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = rng_from_seed(seed);
    }

    fn choose(&mut self, view: &G::View) -> Option<G::Move> {
        let state = G::sample_from_view(view, &mut self.rng);
        state.random_move(&mut self.rng)
    }
}
