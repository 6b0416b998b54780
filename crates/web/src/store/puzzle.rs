//! Puzzle attempts as stored, and what an attempt changes: the one decision both stores
//! apply ([`decide`]), so that an attempt means the same on SQLite and on PostgreSQL.
//!
//! As on lichess, only a player's first attempt at a puzzle is rated: it is a Glicko-2 game
//! between the player (their puzzle rating in that game, apart from their rating in games)
//! and the puzzle ([`tabuleiro_ai::puzzles::rating::after_attempt`]). Later attempts, and
//! every attempt of a guest, are stored or answered unrated.

use tabuleiro_ai::glicko::Glicko;
use tabuleiro_ai::puzzles::rating::{after_attempt, new_puzzle};

/// An attempt at a puzzle by a player.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleAttempt {
    /// The player's id.
    pub player: String,
    /// The puzzle's game (`quantik`).
    pub game: String,
    /// The puzzle's id.
    pub puzzle: String,
    /// The puzzle's first rating, for a puzzle nobody has tried yet.
    pub first_rating: f64,
    /// Whether the player solved it.
    pub solved: bool,
    /// When, in ms since 1970.
    pub at: i64,
}

/// What an attempt changed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct AttemptRated {
    /// Whether it was rated (the player's first attempt at this puzzle).
    pub rated: bool,
    /// The player's puzzle rating in the game before it.
    pub player_before: Glicko,
    /// … and after it (the same when not rated).
    pub player_after: Glicko,
    /// The puzzle's rating after it.
    pub puzzle_after: Glicko,
}

/// One attempt in a player's puzzle history.
#[derive(Clone, Debug, PartialEq)]
pub struct PastAttempt {
    /// The puzzle's id.
    pub puzzle: String,
    /// Its game.
    pub game: String,
    /// Whether it was solved.
    pub solved: bool,
    /// Whether it was rated.
    pub rated: bool,
    /// The player's puzzle rating after it.
    pub rating_after: f64,
    /// When, in ms since 1970.
    pub at: i64,
}

/// A player's puzzle rating in one game.
#[derive(Clone, Debug, PartialEq)]
pub struct PuzzleRating {
    /// The game.
    pub game: String,
    /// The rating.
    pub glicko: Glicko,
    /// Rated attempts.
    pub attempts: i64,
}

/// What an attempt changes, from what is stored before it: the player's rating in the game
/// (`None`: never rated there), the puzzle's (`None`: never tried) and whether the player has
/// tried this puzzle before.
pub fn decide(
    attempt: &PuzzleAttempt,
    player: Option<Glicko>,
    puzzle: Option<Glicko>,
    tried_before: bool,
) -> AttemptRated {
    let player = player.unwrap_or_default();
    let puzzle = puzzle.unwrap_or_else(|| new_puzzle(attempt.first_rating));
    if tried_before {
        return AttemptRated {
            rated: false,
            player_before: player,
            player_after: player,
            puzzle_after: puzzle,
        };
    }
    let (player_after, puzzle_after) = after_attempt(player, puzzle, attempt.solved);
    AttemptRated {
        rated: true,
        player_before: player,
        player_after,
        puzzle_after,
    }
}
