//! Ratings of puzzles and of the players who solve them, as lichess rates its puzzles: every
//! attempt is a rated game between the player and the puzzle, both with a Glicko-2 rating
//! ([`crate::glicko`]): solving it is a win for the player, a mistake a win for the puzzle. A
//! player has a puzzle rating of their own for each game, apart from their rating in games.
//!
//! A new puzzle's rating is estimated from what makes it hard ([`first_rating`]), with the
//! deviation of a new player, so that its first attempts move it quickly to where it belongs.

use tabuleiro_core::Engine;

use super::{Puzzle, Theme, turns};
use crate::agent::Agent;
use crate::glicko::{Glicko, Outcome, TAU};

/// The rating of the simplest puzzle: a win in one turn chosen among two.
pub const BASE_RATING: f64 = 1000.0;
/// Added for each turn of the solver after the first: each is another move to find.
pub const PER_EXTRA_TURN: f64 = 250.0;
/// Added for each doubling of the turns to choose from at the first turn.
pub const PER_DOUBLING: f64 = 60.0;
/// Added when the win is proved but its line is not a single forced one (an "only move"
/// without "win in N"): the player must see a win the puzzle does not spell out.
pub const LONG_WIN: f64 = 300.0;
/// Added for holding the draw: seeing every threat of the other side.
pub const HOLD_THE_DRAW: f64 = 200.0;
/// Added for each motif of the game beyond the first: a turn that does two things.
pub const PER_MOTIF: f64 = 50.0;
/// The lowest and highest first ratings.
pub const FIRST_RANGE: (f64, f64) = (600.0, 2400.0);

/// A new puzzle's rating, from its length and themes: [`BASE_RATING`], plus
/// [`PER_EXTRA_TURN`] for every turn of the solver after the first, [`PER_DOUBLING`] for
/// every doubling of the turns the first position offers beyond two, [`LONG_WIN`] for an only
/// move without its line, [`HOLD_THE_DRAW`], and [`PER_MOTIF`] for each motif past the first;
/// kept within [`FIRST_RANGE`].
pub fn first_rating<G: Engine>(puzzle: &Puzzle<G::Move>, state: &G) -> f64 {
    let solver_turns = puzzle.solution.len().div_ceil(2);
    let choices = turns(state).len().max(2) as f64;
    let mut rating = BASE_RATING
        + PER_EXTRA_TURN * (solver_turns.saturating_sub(1)) as f64
        + PER_DOUBLING * (choices / 2.0).log2();
    let line = puzzle.themes.iter().any(|t| matches!(t, Theme::WinIn(_)));
    if puzzle.themes.contains(&Theme::OnlyMove) && !line {
        rating += LONG_WIN;
    }
    if puzzle.themes.contains(&Theme::HoldTheDraw) {
        rating += HOLD_THE_DRAW;
    }
    let motifs = puzzle
        .themes
        .iter()
        .filter(|t| matches!(t, Theme::Motif(_)))
        .count();
    rating += PER_MOTIF * motifs.saturating_sub(1) as f64;
    rating.clamp(FIRST_RANGE.0, FIRST_RANGE.1).round()
}

/// A new puzzle's Glicko-2 rating: [`first_rating`] with a new player's deviation.
pub fn new_puzzle(rating: f64) -> Glicko {
    Glicko {
        rating,
        ..Glicko::default()
    }
}

/// The player's and the puzzle's ratings after one attempt (`solved` or not), each from the
/// other's rating before it: one Glicko-2 rating period each.
pub fn after_attempt(player: Glicko, puzzle: Glicko, solved: bool) -> (Glicko, Glicko) {
    let score = if solved { 1.0 } else { 0.0 };
    let player_after = player.after(
        &[Outcome {
            opponent: puzzle,
            score,
        }],
        TAU,
    );
    let puzzle_after = puzzle.after(
        &[Outcome {
            opponent: player,
            score: 1.0 - score,
        }],
        TAU,
    );
    (player_after, puzzle_after)
}

/// Whether `agent` solves the puzzle: from `state`, at each of the solver's turns of
/// `solution` it plays its own moves, which must reach the position the solution's turn
/// reaches (the same moves, or the same turn in another order); the defender's turns are
/// played from the solution.
pub fn solves<G: Engine>(agent: &mut dyn Agent<G>, state: &G, solution: &[Vec<G::Move>]) -> bool {
    let Some(solver) = state.to_move() else {
        return false;
    };
    let mut position = state.clone();
    for (i, turn) in solution.iter().enumerate() {
        let mut wanted = position.clone();
        for &mv in turn {
            wanted.play_unchecked(mv);
        }
        if i % 2 == 0 {
            let mut played = 0;
            while position.to_move() == Some(solver) && played < turn.len().max(1) * 4 {
                let Some(mv) = agent.choose(&position.view(solver)) else {
                    return false;
                };
                if position.check_move(mv).is_err() {
                    return false;
                }
                position.play_unchecked(mv);
                played += 1;
                if position.outcome().is_some() {
                    break;
                }
            }
            if position.position_key() != wanted.position_key()
                || position.outcome().is_some() != wanted.outcome().is_some()
            {
                return false;
            }
        }
        position = wanted;
    }
    true
}
