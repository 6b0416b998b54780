//! A plain negamax without pruning or tables: slow, obviously right, and the yardstick the
//! fast search is tested against.

use tabuleiro_core::Engine;

use crate::score::terminal;

/// The value of `state` for the player to move, searched `depth` plies with no pruning, scored
/// exactly as [`crate::AlphaBeta`] scores (wins `WIN - ply`, the evaluation at the horizon).
/// `state` must not be finished and `depth` must be at least 1.
pub fn negamax<G: Engine>(state: &G, depth: u32, ply: u32) -> i32 {
    let Some(me) = state.to_move() else {
        return 0;
    };
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut best = i32::MIN;
    for mv in moves {
        let mut child = state.clone();
        child.play_unchecked(mv);
        let score = if let Some(outcome) = child.outcome() {
            terminal(&outcome, me, ply + 1)
        } else if depth <= 1 {
            child.evaluate(me)
        } else if child.to_move() == Some(me) {
            negamax(&child, depth - 1, ply + 1)
        } else {
            -negamax(&child, depth - 1, ply + 1)
        };
        best = best.max(score);
    }
    best
}
