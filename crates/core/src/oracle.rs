//! Exact values from a game's own solved table: the optional hook [`Engine::oracle`].
//!
//! The generic solver of the AI crate searches a game tree with a memory, which suits games
//! that always end (Quantik). A game whose positions repeat (Nudge) is solved instead by a
//! game-specific retrograde analysis over all its positions; such a game offers an
//! [`OracleSource`] through [`Engine::oracle`]. Opening the source loads the table from a file
//! or builds it (minutes at most), and gives an [`Oracle`]: the exact value of any position
//! it covers. The `perfect` level, analysis and `tabuleiro solve` use it when a game has one,
//! and the generic solver otherwise.
//!
//! Where tables live: a file given by the front end (the command line's `--table FILE`,
//! through [`set_default_table`]), else a file named by the game in [`default_table_dir`]
//! (`$TABULEIRO_TABLES`, else `$XDG_CACHE_HOME/tabuleiro`, else `~/.cache/tabuleiro`). A
//! table built on first use is saved there for next time. A file that is not a table of the
//! right version, or is damaged, is refused with an error, never read into wrong answers.
//!
//! [`Engine::oracle`]: crate::Engine::oracle

use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

/// The exact value of a position for the player to move, with the number of moves (plies,
/// counting both sides) until the game ends when the winner hurries and the loser holds out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ExactValue {
    /// The player to move wins; the game ends after `plies` more moves.
    Win {
        /// Moves until the game ends.
        plies: u32,
    },
    /// Neither side can force a win.
    Draw,
    /// The player to move loses; the game ends after `plies` more moves.
    Loss {
        /// Moves until the game ends.
        plies: u32,
    },
}

impl ExactValue {
    /// The value of the position before a move of `plies` moves (1 for a single move) that
    /// reached a position of this value: for the same player when `same_player`, else for
    /// the other one.
    pub fn before(self, plies: u32, same_player: bool) -> ExactValue {
        match (self, same_player) {
            (ExactValue::Draw, _) => ExactValue::Draw,
            (ExactValue::Win { plies: p }, true) | (ExactValue::Loss { plies: p }, false) => {
                ExactValue::Win { plies: p + plies }
            }
            (ExactValue::Loss { plies: p }, true) | (ExactValue::Win { plies: p }, false) => {
                ExactValue::Loss { plies: p + plies }
            }
        }
    }

    /// How good this is for the player, larger is better: quicker wins beat slower ones, and
    /// slower losses beat quicker ones.
    pub fn rank(self) -> i64 {
        match self {
            ExactValue::Win { plies } => 1_000_000 - i64::from(plies),
            ExactValue::Draw => 0,
            ExactValue::Loss { plies } => -1_000_000 + i64::from(plies),
        }
    }
}

impl fmt::Display for ExactValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExactValue::Win { plies } => write!(f, "win in {plies}"),
            ExactValue::Draw => f.write_str("draw"),
            ExactValue::Loss { plies } => write!(f, "loss in {plies}"),
        }
    }
}

/// How many positions of a solved table have each value (for the player to move).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct OracleSummary {
    /// Positions in the table.
    pub positions: u64,
    /// Won by the player to move.
    pub wins: u64,
    /// Drawn.
    pub draws: u64,
    /// Lost by the player to move.
    pub losses: u64,
    /// The longest win or loss, in moves.
    pub longest_plies: u32,
}

/// Exact values of a game's positions, from a solved table.
pub trait Oracle<G>: Send + Sync {
    /// The exact value of `state` for its player to move; `None` when the game is over or the
    /// table does not cover the position.
    fn value(&self, state: &G) -> Option<ExactValue>;

    /// Positions by value.
    fn summary(&self) -> OracleSummary;

    /// Writes the table to `path`.
    ///
    /// # Errors
    /// When the file cannot be written.
    fn save(&self, path: &Path) -> Result<(), OracleError>;
}

/// Where a game's oracle comes from: loads or builds it.
pub trait OracleSource<G>: Send + Sync {
    /// What the table holds, in a few words (for messages).
    fn describe(&self) -> String;

    /// The file the table is read from and saved to when the request names none.
    fn default_file(&self) -> Option<PathBuf>;

    /// The oracle: computed afresh when `request.compute`, else the one already open, else
    /// loaded from the request's file (or [`OracleSource::default_file`]) if it exists, else
    /// built and saved there.
    ///
    /// # Errors
    /// When the file exists but is not a valid table (with what is wrong), or cannot be read.
    fn open(&self, request: &OracleRequest) -> Result<Arc<dyn Oracle<G>>, OracleError>;
}

/// A table that cannot be loaded, saved or built.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OracleError {
    /// The table is of another board than the one played.
    #[error("the table is not of {expected}")]
    WrongTable {
        /// The board the table should be of, e.g. "the 5x5 board".
        expected: &'static str,
    },
    /// The table file exists but cannot be used (unreadable, damaged, another format).
    #[error("cannot use the table {path}: {reason}")]
    Unusable {
        /// The file.
        path: String,
        /// What is wrong with it, and what to do.
        reason: String,
    },
    /// The table cannot be written.
    #[error("cannot write {path}: {reason}")]
    Unwritable {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
    /// This oracle keeps no table that could be saved.
    #[error("this oracle has no table to save")]
    NothingToSave,
}

/// Progress of a long table build: `done` of `total` units in the named stage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// What is being done, e.g. "counting turns".
    pub stage: &'static str,
    /// Units done.
    pub done: u64,
    /// Units in the stage.
    pub total: u64,
}

/// Called now and then during a build.
pub type ProgressFn = Arc<dyn Fn(Progress) + Send + Sync>;

/// How to open an oracle.
#[derive(Clone, Default)]
pub struct OracleRequest {
    /// Read from (and save to) this file instead of the default one.
    pub file: Option<PathBuf>,
    /// Compute the table even if a file or an open table exists.
    pub compute: bool,
    /// Told about the progress of a build.
    pub progress: Option<ProgressFn>,
}

impl fmt::Debug for OracleRequest {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OracleRequest")
            .field("file", &self.file)
            .field("compute", &self.compute)
            .field("progress", &self.progress.is_some())
            .finish()
    }
}

/// The front end's choices for ordinary requests (see [`set_default_table`]).
static DEFAULTS: Mutex<Option<(Option<PathBuf>, Option<ProgressFn>)>> = Mutex::new(None);

/// Sets the table file and the progress reporter of the requests made by
/// [`OracleRequest::from_defaults`] (the `perfect` level, analysis): a front end calls this
/// once, from its `--table FILE` option.
pub fn set_default_table(file: Option<PathBuf>, progress: Option<ProgressFn>) {
    *DEFAULTS.lock().unwrap_or_else(PoisonError::into_inner) = Some((file, progress));
}

impl OracleRequest {
    /// A request to open the table with the front end's defaults (see [`set_default_table`]):
    /// loaded or built on first use, never recomputed.
    pub fn from_defaults() -> Self {
        let defaults = DEFAULTS.lock().unwrap_or_else(PoisonError::into_inner);
        let (file, progress) = defaults.clone().unwrap_or_default();
        OracleRequest {
            file,
            compute: false,
            progress,
        }
    }
}

/// The folder for solved tables: `$TABULEIRO_TABLES`, else `$XDG_CACHE_HOME/tabuleiro`, else
/// `$HOME/.cache/tabuleiro`; `None` when none of these is set.
pub fn default_table_dir() -> Option<PathBuf> {
    let var = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty());
    if let Some(dir) = var("TABULEIRO_TABLES") {
        return Some(PathBuf::from(dir));
    }
    if let Some(cache) = var("XDG_CACHE_HOME") {
        return Some(PathBuf::from(cache).join("tabuleiro"));
    }
    var("HOME").map(|home| PathBuf::from(home).join(".cache").join("tabuleiro"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn values_before_a_move() {
        let win = ExactValue::Win { plies: 3 };
        assert_eq!(win.before(1, false), ExactValue::Loss { plies: 4 });
        assert_eq!(win.before(1, true), ExactValue::Win { plies: 4 });
        assert_eq!(ExactValue::Draw.before(2, false), ExactValue::Draw);
        assert!(ExactValue::Win { plies: 1 }.rank() > win.rank());
        assert!(ExactValue::Loss { plies: 9 }.rank() > ExactValue::Loss { plies: 2 }.rank());
        assert!(ExactValue::Draw.rank() > ExactValue::Loss { plies: 99 }.rank());
        assert_eq!(win.to_string(), "win in 3");
    }
}
