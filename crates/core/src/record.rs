//! Game records: a finished or unfinished game as JSON, and replaying it.
//!
//! A record holds everything needed to reproduce a game exactly: the game id, the number of
//! seats, the options, the seed (which decides every chance event), who played each seat,
//! the moves in notation, and the result. Replaying parses and checks every move, so a
//! hand-edited record with an illegal move is refused with the move's number and the reason.

use std::collections::BTreeMap;

use crate::game::{Game, MoveError, Setup, SetupError};
use crate::options::{OptionError, Options};
use crate::outcome::{Forfeit, Outcome};
use crate::player::Player;

/// The record format written by this version.
pub const RECORD_FORMAT: u32 = 1;

/// One saved game.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GameRecord {
    /// Format version, [`RECORD_FORMAT`].
    pub format: u32,
    /// Game id, as in [`crate::GameInfo::id`].
    pub game: String,
    /// Number of seats.
    pub players: usize,
    /// Option values by name.
    pub options: BTreeMap<String, String>,
    /// Seed of the game's random number generator.
    pub seed: u64,
    /// Who played each seat: `human`, `random`, `greedy`, `strong`, `perfect`, …
    pub agents: Vec<String>,
    /// The moves, in the game's notation.
    pub moves: Vec<String>,
    /// The result, when the game is over.
    #[serde(default)]
    pub result: Option<Outcome>,
    /// The seat (from 0) that resigned, ending the game after the last move, if one did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resigned: Option<usize>,
    /// The seat that forfeited, ending the game after the last move, and why, if one did (a
    /// computer player that failed to play: see [`Outcome::forfeit`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forfeit: Option<Forfeit>,
    /// Whether the players agreed to a draw after the last move ([`Outcome::agreed_draw`]).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub agreed_draw: bool,
    /// The seat (from 0) that aborted the game after the last move, before every player had
    /// moved, if one did ([`Outcome::aborted`]: no result).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub aborted: Option<usize>,
    /// The seat (from 0) whose player left the game after the last move, when the others
    /// called it a draw ([`Outcome::left_drawn`]); a win claimed over a player who left is a
    /// [`Forfeit`].
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub left_drawn: Option<usize>,
    /// For a game played on a clock: the time the mover had left after each move, in
    /// milliseconds, one per move (empty without a clock).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clocks: Vec<u64>,
}

/// Why a record cannot be read or replayed.
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    /// The text is not a record (bad JSON, missing or mistyped field), with serde's message
    /// naming the field and the line.
    #[error("malformed record: {0}")]
    Json(String),
    /// A format this version does not read.
    #[error("unsupported record format {found} (this version reads format {RECORD_FORMAT})")]
    Format {
        /// The format found in the file.
        found: u32,
    },
    /// The record is of another game.
    #[error("field `game`: the record is of `{found}`, not `{expected}`")]
    WrongGame {
        /// The game the caller expected.
        expected: String,
        /// The game in the record.
        found: String,
    },
    /// An option in the record is unknown or has a bad value.
    #[error("field `options`: {0}")]
    Options(#[from] OptionError),
    /// The game cannot start from the record's setup.
    #[error("field `players`/`options`: {0}")]
    Setup(#[from] SetupError),
    /// The number of agents does not match the number of seats.
    #[error("field `agents`: {found} entries for {players} players")]
    Agents {
        /// Entries in `agents`.
        found: usize,
        /// Seats in `players`.
        players: usize,
    },
    /// A move could not be replayed.
    #[error("field `moves`, move {number} `{text}`: {error}")]
    Move {
        /// The move's number, counted from 1.
        number: usize,
        /// The text of the move.
        text: String,
        /// Why it was refused.
        error: MoveError,
    },
    /// A move follows the end of the game.
    #[error("field `moves`, move {number} `{text}`: the game was already over")]
    AfterEnd {
        /// The move's number, counted from 1.
        number: usize,
        /// The text of the move.
        text: String,
    },
    /// The record says a seat resigned where no seat could: a seat the game does not have, or
    /// after the game had ended.
    #[error("field `resigned`: {0}")]
    Resigned(String),
    /// The record says a seat forfeited where no seat could: a seat the game does not have,
    /// after the game had ended, or in a game that a seat also resigned.
    #[error("field `forfeit`: {0}")]
    Forfeited(String),
    /// The record says the game ended by agreement or abort where it could not: after the
    /// game had ended, with a seat the game does not have, or with another ending named too.
    #[error("field `agreed_draw`/`aborted`/`left_drawn`: {0}")]
    Ended(String),
    /// The stored result is not what the moves lead to.
    #[error("field `result`: the record says {stored:?} but the moves give {actual:?}")]
    ResultMismatch {
        /// The result stored in the record.
        stored: Option<Box<Outcome>>,
        /// The result the replay reaches.
        actual: Option<Box<Outcome>>,
    },
}

impl GameRecord {
    /// Reads a record from JSON text.
    ///
    /// # Errors
    /// [`RecordError::Json`] naming the line and field for malformed text, and
    /// [`RecordError::Format`] for an unknown format version.
    pub fn from_json(text: &str) -> Result<Self, RecordError> {
        let record: GameRecord =
            serde_json::from_str(text).map_err(|e| RecordError::Json(e.to_string()))?;
        if record.format != RECORD_FORMAT {
            return Err(RecordError::Format {
                found: record.format,
            });
        }
        Ok(record)
    }

    /// The record as pretty-printed JSON.
    pub fn to_json(&self) -> String {
        // A record holds only strings, numbers and maps with string keys: serialising it
        // cannot fail.
        serde_json::to_string_pretty(self).unwrap_or_default()
    }

    /// The setup the record's game started from.
    ///
    /// # Errors
    /// When the record is of another game or an option is bad.
    pub fn setup<G: Game>(&self) -> Result<Setup, RecordError> {
        if self.game != G::INFO.id {
            return Err(RecordError::WrongGame {
                expected: G::INFO.id.to_owned(),
                found: self.game.clone(),
            });
        }
        let options = Options::new(
            G::INFO,
            self.options.iter().map(|(k, v)| (k.as_str(), v.as_str())),
        )?;
        Ok(Setup {
            players: self.players,
            options,
            seed: self.seed,
        })
    }

    /// Replays the record: every position from the start to the last move (so the result has
    /// `moves.len() + 1` positions), checking each move and the stored result.
    ///
    /// # Errors
    /// The first problem found, naming the field (and the move's number).
    pub fn replay<G: Game>(&self) -> Result<Vec<G>, RecordError> {
        let setup = self.setup::<G>()?;
        if self.agents.len() != self.players {
            return Err(RecordError::Agents {
                found: self.agents.len(),
                players: self.players,
            });
        }
        let mut state = G::new(&setup)?;
        let mut positions = Vec::with_capacity(self.moves.len() + 1);
        for (i, text) in self.moves.iter().enumerate() {
            if state.to_move().is_none() {
                return Err(RecordError::AfterEnd {
                    number: i + 1,
                    text: text.clone(),
                });
            }
            let mv = state.parse_move(text).map_err(|error| RecordError::Move {
                number: i + 1,
                text: text.clone(),
                error,
            })?;
            positions.push(state.clone());
            state.play_unchecked(mv);
        }
        if let Some(forfeit) = &self.forfeit {
            let problem = if self.resigned.is_some() {
                Some("a seat resigned too".to_owned())
            } else if forfeit.seat >= self.players {
                Some(format!(
                    "there is no seat {} (seats 0 to {})",
                    forfeit.seat,
                    self.players - 1
                ))
            } else if state.outcome().is_some() {
                Some("the game had ended before the forfeit".to_owned())
            } else {
                None
            };
            if let Some(problem) = problem {
                return Err(RecordError::Forfeited(problem));
            }
        }
        if self.agreed_draw || self.aborted.is_some() || self.left_drawn.is_some() {
            let named = [
                self.resigned.is_some(),
                self.forfeit.is_some(),
                self.agreed_draw,
                self.aborted.is_some(),
                self.left_drawn.is_some(),
            ];
            let problem = if named.iter().filter(|n| **n).count() > 1 {
                Some("the record names more than one way the game ended".to_owned())
            } else if let Some(seat) = self
                .aborted
                .or(self.left_drawn)
                .filter(|&seat| seat >= self.players)
            {
                Some(format!(
                    "there is no seat {seat} (seats 0 to {})",
                    self.players - 1
                ))
            } else if state.outcome().is_some() {
                Some("the game had ended before".to_owned())
            } else {
                None
            };
            if let Some(problem) = problem {
                return Err(RecordError::Ended(problem));
            }
        }
        let actual = if self.agreed_draw {
            Some(Outcome::agreed_draw(self.players, state.scores()))
        } else if let Some(seat) = self.aborted {
            Some(Outcome::aborted(
                Player(seat as u8),
                self.players,
                state.scores(),
            ))
        } else if let Some(seat) = self.left_drawn {
            Some(Outcome::left_drawn(
                Player(seat as u8),
                self.players,
                state.scores(),
            ))
        } else {
            self.ended_otherwise(&state)?
        };
        if self.result.is_some() && self.result != actual {
            return Err(RecordError::ResultMismatch {
                stored: self.result.clone().map(Box::new),
                actual: actual.map(Box::new),
            });
        }
        positions.push(state);
        Ok(positions)
    }

    /// The result the last position `state` gives with a resignation or a forfeit, if the
    /// record names one, else the game's own.
    fn ended_otherwise<G: Game>(&self, state: &G) -> Result<Option<Outcome>, RecordError> {
        Ok(match self.resigned {
            None => match &self.forfeit {
                Some(forfeit) => Some(Outcome::forfeit(forfeit, self.players, state.scores())),
                None => state.outcome(),
            },
            Some(seat) if seat >= self.players => {
                return Err(RecordError::Resigned(format!(
                    "there is no seat {seat} (seats 0 to {})",
                    self.players - 1
                )));
            }
            Some(_) if state.outcome().is_some() => {
                return Err(RecordError::Resigned(
                    "the game had ended before the resignation".to_owned(),
                ));
            }
            Some(seat) => Some(Outcome::resignation(
                Player(seat as u8),
                self.players,
                state.scores(),
            )),
        })
    }
}
