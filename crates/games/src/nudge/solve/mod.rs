//! Nudge solved: the exact value of every position while both players have all their discs,
//! by retrograde analysis over whole turns.
//!
//! # What is solved
//!
//! A game of Nudge is decided the moment a disc leaves the board, so only positions with
//! three discs a side need solving. At the start of a turn such a position is the mover's
//! discs and the opponent's: the rules treat both colours alike, so the table is kept from
//! the mover's side, `C(25,3) × C(22,3) = 3,542,000` positions (half the 7.1 million with a
//! colour to move). A turn is two moves; the no-return rule compares only with the start of
//! the same turn, so whole turns are listed from start-of-turn positions
//! ([`geometry`]), and the table is solved over them
//! ([`retrograde`]): every position is a win, loss or draw for the player to
//! move, with the number of moves (plies) until a disc is pushed off when the winner hurries
//! and the loser holds out. In turns, a start-of-turn position decided in `p` plies ends
//! after `⌈p / 2⌉` turns (its own included).
//!
//! The board size is a parameter ([`Geometry`]) so that a 4×4 board with two discs a side is
//! solved in the tests and compared there, position by position, with a plain search.
//!
//! # Draws, the repetition rule and `max_turns`
//!
//! The table is a value of the game graph without its two project additions. A *draw* there
//! means that neither side can force a push-off: the side to move has a turn to a position
//! that is not lost, and so on forever. In a real game:
//!
//! - **Repetition** (third time the same start-of-turn position, a draw) never changes a win:
//!   the winner's distance shrinks every turn, so no position repeats from the moment a side
//!   is winning — the perfect player wins every won position it meets, even after earlier
//!   repetitions. A drawn position stays drawn: the drawing side keeps to drawn positions,
//!   and the game ends by repetition. (Only history could differ: if a game *already* passed
//!   twice through a position on the winner's path before someone was winning, the loser may
//!   steer into it for a third time. The table ignores history.)
//! - **`max_turns`**: a limit turns decided positions whose distance is longer than the turns
//!   left into draws; the oracle applies this exactly (a win within `r` turns is a distance
//!   of at most `r` turns, because distances are those of the fastest win and slowest loss).
//!
//! # Files and the oracle
//!
//! [`SolvedTable`] is saved and loaded with a version and a checksum (see
//! [`table_file`]); a damaged or foreign file is refused. The game offers
//! the table to the generic front ends through [`Engine::oracle`](tabuleiro_core::Engine::oracle)
//! ([`oracle`]): built on first use, or loaded from `--table FILE` or the
//! default file `nudge-5x5.table` in the tables folder
//! ([`default_table_dir`](tabuleiro_core::oracle::default_table_dir)).

pub mod geometry;
mod index;
pub mod oracle;
pub mod retrograde;
mod stored;
pub mod table_file;
#[cfg(test)]
mod tests;

use std::path::Path;

use tabuleiro_core::ExactValue;
use tabuleiro_core::oracle::{OracleSummary, Progress};

pub use geometry::Geometry;
pub use table_file::TableFileError;

use super::board::Mask;
use index::Indexer;
use stored::Stored;

/// The solved positions of one [`Geometry`].
#[derive(Clone, Debug)]
pub struct SolvedTable {
    geometry: Geometry,
    indexer: Indexer,
    values: Vec<Stored>,
}

impl SolvedTable {
    /// Solves every position of `geometry`, telling `progress` how far it got.
    pub fn solve(geometry: Geometry, progress: &mut dyn FnMut(Progress)) -> SolvedTable {
        let values = retrograde::solve(geometry, progress);
        SolvedTable {
            geometry,
            indexer: Indexer::new(geometry),
            values,
        }
    }

    /// The board it solves.
    pub fn geometry(&self) -> Geometry {
        self.geometry
    }

    /// Number of positions.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether the table has no positions (never: every geometry has some).
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value for the player to move, at the start of a turn, of the position where that
    /// player has discs `own` and the other `opponent`; `None` when the masks are not a
    /// position of the table (wrong number of discs, overlapping, off the board).
    pub fn value(&self, own: Mask, opponent: Mask) -> Option<ExactValue> {
        let i = self.indexer.index(own, opponent)?;
        Some(stored::decode(self.values[i]))
    }

    /// Every position with its value: `(own, opponent, value)`.
    pub fn positions(&self) -> impl Iterator<Item = (Mask, Mask, ExactValue)> + '_ {
        self.values.iter().enumerate().map(|(i, &v)| {
            let (own, opponent) = self.indexer.position(i);
            (own, opponent, stored::decode(v))
        })
    }

    /// Positions by value, and the longest distance.
    pub fn summary(&self) -> OracleSummary {
        let mut summary = OracleSummary {
            positions: self.values.len() as u64,
            ..OracleSummary::default()
        };
        for &v in &self.values {
            match stored::decode(v) {
                ExactValue::Win { plies } => {
                    summary.wins += 1;
                    summary.longest_plies = summary.longest_plies.max(plies);
                }
                ExactValue::Draw => summary.draws += 1,
                ExactValue::Loss { plies } => {
                    summary.losses += 1;
                    summary.longest_plies = summary.longest_plies.max(plies);
                }
            }
        }
        summary
    }

    /// The table as the bytes of a file.
    pub fn to_bytes(&self) -> Vec<u8> {
        table_file::encode(self.geometry, &self.values)
    }

    /// A table of `geometry` read from the bytes of a file.
    ///
    /// # Errors
    /// [`TableFileError`] saying what is wrong: not a table, another version or board, wrong
    /// length, or a checksum that does not match.
    pub fn from_bytes(bytes: &[u8], geometry: Geometry) -> Result<SolvedTable, TableFileError> {
        let indexer = Indexer::new(geometry);
        let values = table_file::decode(bytes, geometry, indexer.len())?;
        Ok(SolvedTable {
            geometry,
            indexer,
            values,
        })
    }

    /// Writes the table to `path`.
    ///
    /// # Errors
    /// When the file cannot be written.
    pub fn save(&self, path: &Path) -> Result<(), TableFileError> {
        Ok(table_file::save(path, self.geometry, &self.values)?)
    }

    /// Reads a table of `geometry` from `path`.
    ///
    /// # Errors
    /// As [`SolvedTable::from_bytes`], or when the file cannot be read.
    pub fn load(path: &Path, geometry: Geometry) -> Result<SolvedTable, TableFileError> {
        let bytes = std::fs::read(path)?;
        SolvedTable::from_bytes(&bytes, geometry)
    }
}
