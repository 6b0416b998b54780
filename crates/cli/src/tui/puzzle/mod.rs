//! Puzzle play, for any game that ships puzzles ([`tabuleiro_core::Engine::puzzles`]): the
//! menu's Puzzles line opens [`PuzzlePlay`] for the chosen game through the registry
//! ([`OpenPuzzles`]), so nothing here names a game.
//!
//! The board, its drawing and the ways to make a move are the game screen's own
//! ([`super::game::GamePlay`], framed with the puzzle's title, task and keys);
//! [`tabuleiro_ai::puzzles::attempt`] judges each turn of the player against the puzzle's
//! solution. Puzzles come in order of rating from the easiest not yet solved in this session
//! ([`PuzzleMemory`]), each at least as hard as the last: a streak, which a wrong turn, a shown solution or a skipped puzzle ends.

mod screen;

use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

use anyhow::{Result, bail};
use tabuleiro_core::{Engine, GameVisitor};

use super::game::GameScreen;

pub use screen::PuzzlePlay;

/// What this session remembers of puzzles from one visit to the next: the puzzles solved
/// without a miss, and each game's streak. Nothing is kept once the program ends.
#[derive(Clone, Debug, Default)]
pub struct PuzzleMemory {
    solved: HashSet<String>,
    streaks: HashMap<String, u32>,
}

/// The session's memory of puzzles, shared by the app and the puzzle screen it opens.
pub type SharedMemory = Rc<RefCell<PuzzleMemory>>;

impl PuzzleMemory {
    /// Whether the puzzle `id` was solved without a miss in this session.
    pub fn is_solved(&self, id: &str) -> bool {
        self.solved.contains(id)
    }

    /// The streak of game `game`: puzzles solved in a row without a miss.
    pub fn streak(&self, game: &str) -> u32 {
        self.streaks.get(game).copied().unwrap_or(0)
    }

    /// Records puzzle `id` of game `game` solved without a miss; returns the streak.
    pub fn solve(&mut self, game: &str, id: &str) -> u32 {
        self.solved.insert(id.to_owned());
        let streak = self.streaks.entry(game.to_owned()).or_insert(0);
        *streak += 1;
        *streak
    }

    /// Records a miss in game `game`: its streak starts again.
    pub fn miss(&mut self, game: &str) {
        self.streaks.insert(game.to_owned(), 0);
    }
}

/// Opens puzzle play for the game chosen at run time, from the easiest puzzle not yet solved.
pub struct OpenPuzzles(pub SharedMemory);

impl GameVisitor for OpenPuzzles {
    type Output = Result<Box<dyn GameScreen>>;
    fn visit<G: Engine>(self) -> Self::Output {
        match PuzzlePlay::<G>::open(self.0)? {
            Some(play) => Ok(Box::new(play)),
            None if G::INFO.hidden_information => bail!(
                "{} has no puzzles: with hidden hands, a position is not the same puzzle for a player who cannot see them all.",
                G::INFO.name
            ),
            None => bail!("{} has no puzzles.", G::INFO.name),
        }
    }
}

#[cfg(test)]
mod tests;
