//! Scores shared by the searching players: won and lost positions far outside any heuristic.

use tabuleiro_core::{Outcome, Player, PlayerResult};

/// The score of a win reached right now; a win `n` plies away scores `WIN - n`.
pub const WIN: i32 = 1_000_000_000;

/// Scores beyond this magnitude are wins or losses, not heuristics.
pub const DECIDED: i32 = WIN - 10_000;

/// The score of a finished game for `player`, `ply` plies from the search root.
pub fn terminal(outcome: &Outcome, player: Player, ply: u32) -> i32 {
    match outcome.result(player) {
        PlayerResult::Win => WIN - ply as i32,
        PlayerResult::Loss => -(WIN - ply as i32),
        PlayerResult::Draw => 0,
    }
}
