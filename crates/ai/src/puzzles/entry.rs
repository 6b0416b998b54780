//! A puzzle as it is stored and shipped: one JSON object per line of a puzzle file, holding
//! the position as a game record (the game up to the puzzle, which `tabuleiro replay` reads),
//! the solution in the game's notation, the themes, how it was proved, and its first rating.

use tabuleiro_core::{Engine, GameRecord, RecordError};

use super::{Puzzle, Theme};
use tabuleiro_core::ExactValue;

/// One puzzle of a puzzle file.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleEntry {
    /// Stable id within its game's file: `quantik-0042`.
    pub id: String,
    /// The game's id.
    pub game: String,
    /// The game up to the puzzle's position (no result): the puzzle is for the player to move.
    pub position: GameRecord,
    /// The solution, turn by turn, each turn its moves in notation: the solver's turn, then
    /// for a win in N the defender's longest answer, the solver's next turn, and so on.
    pub solution: Vec<Vec<String>>,
    /// The themes' names ([`Theme::name`]).
    pub themes: Vec<String>,
    /// `win` or `draw`: what the solution keeps.
    pub value: String,
    /// How the puzzle was proved, in words.
    pub proof: String,
    /// The puzzle's first rating ([`super::rating::first_rating`]).
    pub rating: f64,
    /// Where the position came from: the players of its game and the move it was taken at.
    pub source: String,
}

/// Why a puzzle file's entry cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum EntryError {
    /// The position's record does not replay.
    #[error("puzzle {id}: {error}")]
    Record {
        /// The puzzle.
        id: String,
        /// Why.
        error: RecordError,
    },
    /// A move of the solution is not legal where it is played.
    #[error("puzzle {id}: move {text:?} of the solution: {reason}")]
    Solution {
        /// The puzzle.
        id: String,
        /// The move.
        text: String,
        /// Why it is refused.
        reason: String,
    },
    /// The puzzle's position is over, or its solution empty.
    #[error("puzzle {id}: {reason}")]
    Shape {
        /// The puzzle.
        id: String,
        /// What is wrong.
        reason: &'static str,
    },
}

/// A line of a puzzle file that is not a puzzle.
#[derive(Debug, thiserror::Error)]
#[error("line {line}: {reason}")]
pub struct LineError {
    /// The line, from 1.
    pub line: usize,
    /// Why it is refused.
    pub reason: String,
}

/// Reads puzzle lines (blank lines skipped): every puzzle of the text, all of game `game`.
///
/// # Errors
/// The first line that is not a puzzle of that game.
pub fn read_lines(text: &str, game: &str) -> Result<Vec<PuzzleEntry>, LineError> {
    let mut entries = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        let fail = |reason: String| LineError {
            line: i + 1,
            reason,
        };
        let entry: PuzzleEntry =
            serde_json::from_str(line).map_err(|e| fail(format!("not a puzzle: {e}")))?;
        if entry.game != game {
            return Err(fail(format!(
                "a {} puzzle among {game} puzzles",
                entry.game
            )));
        }
        entries.push(entry);
    }
    Ok(entries)
}

/// The puzzles shipped with game `G` ([`Engine::puzzles`]).
///
/// # Errors
/// A line that is not a puzzle of the game (a test keeps the shipped files right).
pub fn shipped<G: Engine>() -> Result<Vec<PuzzleEntry>, LineError> {
    read_lines(G::puzzles(), G::INFO.id)
}

/// A puzzle read back: its position and its solution's moves.
#[derive(Clone, Debug)]
pub struct Loaded<G: Engine> {
    /// The position of the puzzle.
    pub state: G,
    /// The solution's turns.
    pub solution: Vec<Vec<G::Move>>,
}

impl PuzzleEntry {
    /// The entry for `puzzle` found at the end of `position` (a record of the game so far).
    pub fn new<G: Engine>(
        id: String,
        state: &G,
        mut position: GameRecord,
        puzzle: &Puzzle<G::Move>,
        proof: &str,
        source: String,
    ) -> PuzzleEntry {
        position.result = None;
        let mut shown = state.clone();
        let solution = puzzle
            .solution
            .iter()
            .map(|turn| {
                turn.iter()
                    .map(|&mv| {
                        let text = shown.format_move(mv);
                        shown.play_unchecked(mv);
                        text
                    })
                    .collect()
            })
            .collect();
        PuzzleEntry {
            id,
            game: G::INFO.id.to_owned(),
            position,
            solution,
            themes: puzzle.themes.iter().map(|t| t.name()).collect(),
            value: match puzzle.value {
                ExactValue::Draw => "draw",
                _ => "win",
            }
            .to_owned(),
            proof: proof.to_owned(),
            rating: super::rating::first_rating(puzzle, state),
            source,
        }
    }

    /// The puzzle's position and solution, every move checked.
    ///
    /// # Errors
    /// When the record does not replay, a move of the solution is illegal, or the position is
    /// over.
    pub fn load<G: Engine>(&self) -> Result<Loaded<G>, EntryError> {
        let positions = self
            .position
            .replay::<G>()
            .map_err(|error| EntryError::Record {
                id: self.id.clone(),
                error,
            })?;
        let Some(state) = positions.last().cloned() else {
            return Err(self.shape("the record has no position"));
        };
        if state.to_move().is_none() {
            return Err(self.shape("the position is over"));
        }
        if self.solution.is_empty() {
            return Err(self.shape("the solution is empty"));
        }
        let mut position = state.clone();
        let mut solution = Vec::with_capacity(self.solution.len());
        for turn in &self.solution {
            let mut moves = Vec::with_capacity(turn.len());
            for text in turn {
                let mv = position
                    .parse_move(text)
                    .map_err(|e| EntryError::Solution {
                        id: self.id.clone(),
                        text: text.clone(),
                        reason: e.to_string(),
                    })?;
                position.play_unchecked(mv);
                moves.push(mv);
            }
            solution.push(moves);
        }
        Ok(Loaded { state, solution })
    }

    fn shape(&self, reason: &'static str) -> EntryError {
        EntryError::Shape {
            id: self.id.clone(),
            reason,
        }
    }

    /// Whether the puzzle has the theme named `name`.
    pub fn has_theme(&self, name: &str) -> bool {
        self.themes.iter().any(|t| t == name)
    }
}

/// The theme that says what kind of puzzle it is, for balancing a set: its win in N, else
/// only move or hold the draw.
pub fn kind(puzzle: &Puzzle<impl Copy>) -> Theme {
    puzzle
        .themes
        .iter()
        .copied()
        .find(|t| matches!(t, Theme::WinIn(_)))
        .or_else(|| puzzle.themes.first().copied())
        .unwrap_or(Theme::OnlyMove)
}
