//! The `perfect` level: exact play from the solver.
//!
//! The agent keeps one [`Solver`] for its whole life. Its first move solves whatever the
//! position needs (the whole game from the empty board: about a second for Quantik); later
//! moves are answered almost entirely from the solver's memory. Among moves of the best value
//! it prefers one that ends the game at once, then the one the game's evaluation likes best,
//! then a seeded random one — so a lost position is defended as stubbornly as the evaluation
//! allows.

use tabuleiro_core::{Evaluate, GameRng, rng_from_seed};

use crate::agent::Agent;
use crate::solver::{Solver, Value};

/// Plays perfectly using an exact solver.
#[derive(Debug)]
pub struct PerfectAgent<G: Evaluate> {
    solver: Solver<G>,
    rng: GameRng,
}

impl<G: Evaluate> PerfectAgent<G> {
    /// A perfect player breaking ties with a generator seeded by `seed`.
    pub fn new(seed: u64) -> Self {
        PerfectAgent { solver: Solver::new(), rng: rng_from_seed(seed) }
    }

    /// The exact value of every legal move in `state`, for the player to move.
    pub fn rate_moves(&mut self, state: &G) -> Vec<(G::Move, Value)> {
        let Some(me) = state.to_move() else { return Vec::new() };
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| {
                let mut child = state.clone();
                child.play_unchecked(mv);
                (mv, self.solver.value_after(&child, me))
            })
            .collect()
    }
}

impl<G: Evaluate> Agent<G> for PerfectAgent<G> {
    fn name(&self) -> String {
        "perfect".to_owned()
    }

    /// Keeps the solved positions: they are exact, so they cannot change a decision.
    fn new_game(&mut self, seed: u64) {
        self.rng = rng_from_seed(seed);
    }

    fn choose(&mut self, view: &G::View) -> Option<G::Move> {
        let state = G::sample_from_view(view, &mut self.rng);
        let me = state.to_move()?;
        let rated = self.rate_moves(&state);
        let best_value = rated.iter().map(|(_, v)| *v).max()?;
        let mut best: Vec<(G::Move, (bool, i32))> = Vec::new();
        for (mv, value) in rated {
            if value != best_value {
                continue;
            }
            let mut child = state.clone();
            child.play_unchecked(mv);
            let rank = (value == Value::Win && child.outcome().is_some(), child.evaluate(me));
            if best.first().is_some_and(|(_, r)| rank > *r) {
                best.clear();
            }
            if best.first().is_none_or(|(_, r)| rank == *r) {
                best.push((mv, rank));
            }
        }
        let i = tabuleiro_core::rng::random_index(&mut self.rng, best.len());
        Some(best[i].0)
    }
}
