//! Puzzles proved by perfect play (issue 53): positions where the side to move has exactly one
//! turn that keeps the best result it can reach, found and proved with exact values rather
//! than an engine's estimate.
//!
//! - [`ExactSource`]: exact values of positions, from a game's solved table (Nudge's oracle) or from
//!   [`distance::DistanceSolver`], a search that counts the moves to the end in games without
//!   cycles (Quantik).
//! - [`classify()`]: the puzzle a position makes, if any: the only winning turn ("only move"), a
//!   win in N turns with a single winning turn at each of them against the longest defence
//!   ("win in N"), or the only turn that does not lose ("hold the draw"), tagged with the game's
//!   motifs.
//! - [`generate()`]: puzzles found in games of the ladder's levels (or finished games), each
//!   proved by the method the game allows ([`Method`]), as [`PuzzleEntry`] lines of a file.
//! - [`attempt`]: one attempt at a puzzle, turn by turn, judged against its solution (the
//!   terminal's puzzles and the server's judge the same way).
//! - [`rating`]: puzzles and players rated by Glicko-2, an attempt being a game between them;
//!   [`practice`]: the ladder's levels rated by solving puzzles.

pub mod attempt;
pub mod classify;
pub mod distance;
pub mod entry;
pub mod generate;
pub mod practice;
pub mod rating;
pub mod search;

use tabuleiro_core::{ExactValue, Oracle};

pub use classify::{Puzzle, Theme, classify, turns};
pub use distance::DistanceSolver;
pub use entry::{Loaded, PuzzleEntry, read_lines, shipped};
pub use generate::{Method, Settings, generate, ladder_games, record_games};
pub use search::SearchProver;

/// Exact values of positions.
pub trait ExactSource<G> {
    /// The exact value of `state` for its player to move; `None` when the game is over or the
    /// source does not cover the position.
    fn value(&mut self, state: &G) -> Option<ExactValue>;
}

impl<G> ExactSource<G> for &dyn Oracle<G> {
    fn value(&mut self, state: &G) -> Option<ExactValue> {
        Oracle::value(*self, state)
    }
}
