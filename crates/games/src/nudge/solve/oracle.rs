//! The solved table behind the core abstraction's [`Oracle`]: exact values of real Nudge
//! positions, at the start of a turn or between its two moves, with the `max_turns` limit
//! applied.
//!
//! The process keeps at most one open table, shared by every player and analysis: opened
//! from the file the request names (or the default one) if it exists, else built and saved
//! there.

use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};

use tabuleiro_core::oracle::{
    OracleError, OracleRequest, OracleSource, OracleSummary, Progress, default_table_dir,
};
use tabuleiro_core::{ExactValue, Oracle};

use super::geometry::{Geometry, Step};
use super::{SolvedTable, TableFileError};
use crate::nudge::Nudge;
use crate::nudge::board::Mask;

/// The name of the table file in the tables folder.
pub const TABLE_FILE_NAME: &str = "nudge-5x5.table";

/// Nudge's source of solved tables (see [`tabuleiro_core::Engine::oracle`]).
#[derive(Debug, Default)]
pub struct NudgeTables;

/// The one source.
pub static SOURCE: NudgeTables = NudgeTables;

/// The open table, with the file it came from or was saved to.
static OPEN: Mutex<Option<Arc<NudgeOracle>>> = Mutex::new(None);

/// Exact values of Nudge positions from the solved 5×5 table.
#[derive(Debug)]
pub struct NudgeOracle {
    table: SolvedTable,
}

impl NudgeOracle {
    /// An oracle over a solved table of the real board.
    ///
    /// # Errors
    /// When the table is not of the 5×5 board with three discs a side.
    pub fn new(table: SolvedTable) -> Result<Self, OracleError> {
        if table.geometry() != Geometry::STANDARD {
            return Err(OracleError::WrongTable {
                expected: "the 5x5 board with three discs a side",
            });
        }
        Ok(NudgeOracle { table })
    }

    /// The table.
    pub fn table(&self) -> &SolvedTable {
        &self.table
    }

    /// The value at the start of a turn with `remaining` turns left before the turn limit
    /// (this one included), if there is a limit.
    fn at_turn_start(
        &self,
        own: Mask,
        opponent: Mask,
        remaining: Option<u32>,
    ) -> Option<ExactValue> {
        Some(within_limit(self.table.value(own, opponent)?, remaining))
    }
}

/// The value at the start of a turn of a position whose value without a turn limit is
/// `value`, when `remaining` turns (this one included) are left before the limit: a win or
/// loss that takes more turns is a draw. Exact, because the distances are those of the
/// fastest win and the slowest loss: a side wins within `r` turns exactly when its fastest
/// win takes at most `r`. A decision in `p` moves takes `⌈p / 2⌉` turns.
fn within_limit(value: ExactValue, remaining: Option<u32>) -> ExactValue {
    match (value, remaining) {
        (ExactValue::Win { plies } | ExactValue::Loss { plies }, Some(r))
            if plies.div_ceil(2) > r =>
        {
            ExactValue::Draw
        }
        _ => value,
    }
}

impl Oracle<Nudge> for NudgeOracle {
    fn value(&self, state: &Nudge) -> Option<ExactValue> {
        if state.ending.is_some() {
            return None;
        }
        let c = state.colour();
        let (own, opponent) = (state.discs[c], state.discs[c ^ 1]);
        let remaining = state.max_turns.map(|m| m.saturating_sub(state.turns));
        if !state.second {
            return self.at_turn_start(own, opponent, remaining);
        }
        // Between the two moves: the best second move. It may not end the turn where it
        // started; a turn that reaches the limit ends the game in a draw.
        let start = (state.turn_start[c], state.turn_start[c ^ 1]);
        let mut best: Option<ExactValue> = None;
        let mut covered = true;
        Geometry::STANDARD.for_each_move(own, opponent, |step| {
            let value = match step {
                Step::PushedOff => ExactValue::Win { plies: 1 },
                Step::Moved(own2, opponent2) if (own2, opponent2) != start => {
                    let next = match remaining {
                        Some(r) if r <= 1 => Some(ExactValue::Draw),
                        _ => self.at_turn_start(opponent2, own2, remaining.map(|r| r - 1)),
                    };
                    let Some(next) = next else {
                        covered = false;
                        return;
                    };
                    next.before(1, false)
                }
                _ => return,
            };
            if best.is_none_or(|b| value.rank() > b.rank()) {
                best = Some(value);
            }
        });
        best.filter(|_| covered)
    }

    fn summary(&self) -> OracleSummary {
        self.table.summary()
    }

    fn save(&self, path: &std::path::Path) -> Result<(), OracleError> {
        self.table.save(path).map_err(|e| OracleError::Unwritable {
            path: path.display().to_string(),
            reason: e.to_string(),
        })
    }
}

impl OracleSource<Nudge> for NudgeTables {
    fn describe(&self) -> String {
        "the solved Nudge table (every position with three discs a side)".to_owned()
    }

    fn default_file(&self) -> Option<PathBuf> {
        default_table_dir().map(|dir| dir.join(TABLE_FILE_NAME))
    }

    fn open(&self, request: &OracleRequest) -> Result<Arc<dyn Oracle<Nudge>>, OracleError> {
        let mut open = OPEN.lock().unwrap_or_else(PoisonError::into_inner);
        let mut progress = |p: Progress| {
            if let Some(report) = &request.progress {
                report(p);
            }
        };
        if request.compute {
            let oracle = Arc::new(NudgeOracle::new(SolvedTable::solve(
                Geometry::STANDARD,
                &mut progress,
            ))?);
            *open = Some(Arc::clone(&oracle));
            return Ok(oracle);
        }
        if let Some(oracle) = open.as_ref() {
            return Ok(Arc::clone(oracle) as Arc<dyn Oracle<Nudge>>);
        }
        let file = request.file.clone().or_else(|| self.default_file());
        let oracle = match &file {
            Some(path) if path.exists() => {
                let table = SolvedTable::load(path, Geometry::STANDARD).map_err(|e| {
                    let hint = match e {
                        TableFileError::Io(_) => "",
                        _ => " (delete it, or write a new one with `tabuleiro solve nudge --out FILE`)",
                    };
                    OracleError::Unusable {
                        path: path.display().to_string(),
                        reason: format!("{e}{hint}"),
                    }
                })?;
                NudgeOracle::new(table)?
            }
            _ => {
                let oracle =
                    NudgeOracle::new(SolvedTable::solve(Geometry::STANDARD, &mut progress))?;
                // Kept for next time; a table that cannot be saved is still used now.
                if let Some(path) = &file {
                    let _ = oracle.table.save(path);
                }
                oracle
            }
        };
        let oracle = Arc::new(oracle);
        *open = Some(Arc::clone(&oracle));
        Ok(oracle)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_limit_draws_what_takes_longer() {
        let win = ExactValue::Win { plies: 5 };
        assert_eq!(within_limit(win, None), win);
        assert_eq!(within_limit(win, Some(3)), win, "turns 1, 2 and 3");
        assert_eq!(within_limit(win, Some(2)), ExactValue::Draw);
        let loss = ExactValue::Loss { plies: 4 };
        assert_eq!(within_limit(loss, Some(2)), loss);
        assert_eq!(within_limit(loss, Some(1)), ExactValue::Draw);
        assert_eq!(
            within_limit(ExactValue::Loss { plies: 0 }, Some(1)),
            ExactValue::Loss { plies: 0 }
        );
        assert_eq!(within_limit(ExactValue::Draw, Some(9)), ExactValue::Draw);
    }
}
