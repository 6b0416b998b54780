//! The `perfect` level: exact play from the solver.
//!
//! The agent keeps one [`Solver`] for its whole life, so what one move solved speeds up the
//! next (its first move from the empty Quantik board solves the game: tens of milliseconds).
//! It plays a move that wins at once if there is one; otherwise it solves the moves in the
//! order the game's evaluation likes best (equal ones in seeded random order) and plays the
//! first that wins. When none wins it plays the first that draws, else the first in that
//! order, so a lost position is defended as stubbornly as the evaluation allows.

use tabuleiro_core::{Engine, GameRng, rng_from_seed};

use crate::agent::Agent;
use crate::solver::{Solver, Value};

/// Plays perfectly using an exact solver.
#[derive(Debug)]
pub struct PerfectAgent<G: Engine> {
    solver: Solver<G>,
    rng: GameRng,
}

impl<G: Engine> PerfectAgent<G> {
    /// A perfect player breaking ties with a generator seeded by `seed`.
    pub fn new(seed: u64) -> Self {
        PerfectAgent {
            solver: Solver::new(),
            rng: rng_from_seed(seed),
        }
    }

    /// The exact value of every legal move in `state`, for the player to move.
    pub fn rate_moves(&mut self, state: &G) -> Vec<(G::Move, Value)> {
        let Some(me) = state.to_move() else {
            return Vec::new();
        };
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

impl<G: Engine> Agent<G> for PerfectAgent<G> {
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
        if let Some(mv) = state.winning_move() {
            return Some(mv);
        }
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        crate::alphabeta::shuffle(&mut moves, &mut self.rng);
        let mut children: Vec<(i32, G::Move, G)> = moves
            .into_iter()
            .map(|mv| {
                let mut child = state.clone();
                child.play_unchecked(mv);
                (child.evaluate(me), mv, child)
            })
            .collect();
        // Stable: equal evaluations keep their shuffled order.
        children.sort_by_key(|(score, _, _)| -score);
        let mut best: Option<(Value, G::Move)> = None;
        for (_, mv, child) in &children {
            let value = self.solver.value_after(child, me);
            if value == Value::Win {
                return Some(*mv);
            }
            if best.is_none_or(|(v, _)| value > v) {
                best = Some((value, *mv));
            }
        }
        best.map(|(_, mv)| mv)
    }
}
