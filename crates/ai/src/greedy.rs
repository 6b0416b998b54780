//! The `greedy` level: one move ahead with the game's evaluation.

use tabuleiro_core::{Evaluate, Game, GameRng, rng_from_seed};

use crate::agent::Agent;
use crate::score::{WIN, terminal};

/// Looks one move ahead: takes a move that wins at once, avoids moves after which the
/// opponent can win at once, and otherwise picks the move the game's evaluation likes best
/// (ties broken at random).
#[derive(Debug)]
pub struct GreedyAgent {
    rng: GameRng,
}

impl GreedyAgent {
    /// A greedy player breaking ties with a generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        GreedyAgent {
            rng: rng_from_seed(seed),
        }
    }
}

/// Whether the player to move in `state` has a move that wins at once.
pub fn has_immediate_win<G: Game>(state: &G, moves: &mut Vec<G::Move>) -> bool {
    let Some(player) = state.to_move() else {
        return false;
    };
    state.legal_moves(moves);
    moves.iter().any(|&mv| {
        let mut next = state.clone();
        next.play_unchecked(mv);
        next.outcome().is_some_and(|o| o.winner() == Some(player))
    })
}

impl<G: Evaluate> Agent<G> for GreedyAgent {
    fn name(&self) -> String {
        "greedy".to_owned()
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = rng_from_seed(seed);
    }

    fn choose(&mut self, view: &G::View) -> Option<G::Move> {
        let state = G::sample_from_view(view, &mut self.rng);
        let me = state.to_move()?;
        let mut moves = Vec::new();
        let mut replies = Vec::new();
        state.legal_moves(&mut moves);
        let mut best: Vec<G::Move> = Vec::new();
        let mut best_score = i32::MIN;
        for &mv in &moves {
            let mut next = state.clone();
            next.play_unchecked(mv);
            let score = match next.outcome() {
                Some(outcome) => terminal(&outcome, me, 1),
                None if next.to_move() != Some(me) && has_immediate_win(&next, &mut replies) => {
                    -(WIN - 2)
                }
                None => next.evaluate(me),
            };
            if score > best_score {
                best_score = score;
                best.clear();
            }
            if score == best_score {
                best.push(mv);
            }
        }
        if best.is_empty() {
            None
        } else {
            Some(best[tabuleiro_core::rng::random_index(&mut self.rng, best.len())])
        }
    }
}
