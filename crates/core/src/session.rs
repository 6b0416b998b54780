//! A game in progress: its setup, every position so far, undo, and its record.

use crate::eyes::Eyes;
use crate::game::{Game, IllegalMove, Setup, SetupError};
use crate::options::Options;
use crate::outcome::{Forfeit, Outcome};
use crate::picture::Picture;
use crate::player::Player;
use crate::record::{GameRecord, RECORD_FORMAT, RecordError};

/// Why [`Session::undo_turn`] took nothing back.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum UndoError {
    /// There is no earlier turn to go back to.
    #[error("there is nothing to take back")]
    Nothing,
    /// A move that would be taken back showed its mover something that was hidden (see
    /// [`Game::reveals_hidden`]).
    #[error("{reason}; it cannot be taken back (move {number})")]
    Revealed {
        /// The move, counted from 1.
        number: usize,
        /// What it revealed, e.g. "the tiles drawn by that move are now known".
        reason: &'static str,
    },
}

/// A move checked against a position ([`Session::check`]), with the position after it.
#[derive(Clone, Debug)]
pub struct CheckedMove<G: Game> {
    mv: G::Move,
    next: G,
    at: usize,
}

impl<G: Game> CheckedMove<G> {
    /// The move.
    pub fn mv(&self) -> G::Move {
        self.mv
    }

    /// The position after it.
    pub fn next(&self) -> &G {
        &self.next
    }
}

/// A game being played: the setup, the moves so far and every position they passed through.
///
/// Front ends keep one `Session` per game; undo truncates the history, so nothing is ever
/// recomputed or lost, and [`Session::record`] turns it into a [`GameRecord`] at any time.
#[derive(Clone, Debug)]
pub struct Session<G: Game> {
    setup: Setup,
    agents: Vec<String>,
    positions: Vec<G>,
    moves: Vec<G::Move>,
    forfeit: Option<Forfeit>,
}

impl<G: Game> Session<G> {
    /// A new game from `setup`, with `agents` naming who plays each seat. The session's
    /// [`Session::setup`] (and so its record) holds the options the game settled by chance
    /// as literal values ([`Game::settled_options`]: a generated board's grid in place of
    /// `random`).
    ///
    /// # Errors
    /// When the game cannot start from the setup.
    pub fn new(mut setup: Setup, agents: Vec<String>) -> Result<Self, SetupError> {
        if agents.len() != setup.players {
            return Err(SetupError::Seats {
                named: agents.len(),
                seats: setup.players,
            });
        }
        let start = G::new(&setup)?;
        let settled = start.settled_options();
        if !settled.is_empty() {
            let given = setup.options.iter();
            let drawn = settled.iter().map(|(name, value)| (*name, value.as_str()));
            setup.options = Options::new(G::INFO, given.chain(drawn))?;
        }
        Ok(Session {
            setup,
            agents,
            positions: vec![start],
            moves: Vec::new(),
            forfeit: None,
        })
    }

    /// The game stored in a record, replayed to its last move.
    ///
    /// # Errors
    /// The first problem in the record.
    pub fn from_record(record: &GameRecord) -> Result<Self, RecordError> {
        let positions = record.replay::<G>()?;
        let setup = record.setup::<G>()?;
        // `replay` has read and checked every move already; reading them again cannot fail, but
        // an error would still name the move.
        let moves = positions
            .iter()
            .zip(&record.moves)
            .enumerate()
            .map(|(i, (p, text))| {
                p.parse_notation(text).map_err(|e| RecordError::Move {
                    number: i + 1,
                    text: text.clone(),
                    error: e.into(),
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Session {
            setup,
            agents: record.agents.clone(),
            positions,
            moves,
            forfeit: record.forfeit.clone(),
        })
    }

    /// The current position.
    pub fn state(&self) -> &G {
        // `positions` always holds at least the starting position.
        &self.positions[self.positions.len() - 1]
    }

    /// Every position so far, from the start to the current one.
    pub fn positions(&self) -> &[G] {
        &self.positions
    }

    /// The moves played so far.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The setup the game started from.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// Every option with the value the game was played with: the setup's values, with a first
    /// player drawn by chance (`first=random`) written as the seat that moved first
    /// (`first=2`, Nudge's `first=black`). What an engine of the engine protocol is told in
    /// its `game` line.
    pub fn options_as_played(&self) -> Vec<(String, String)> {
        let first = self.positions[0].to_move();
        self.setup
            .options
            .iter()
            .map(|(name, value)| match (name, value, first) {
                ("first", "random", Some(seat)) => (
                    name.to_owned(),
                    self.setup
                        .options
                        .first_value(seat)
                        .unwrap_or_else(|| value.to_owned()),
                ),
                _ => (name.to_owned(), value.to_owned()),
            })
            .collect()
    }

    /// Who plays each seat.
    pub fn agents(&self) -> &[String] {
        &self.agents
    }

    /// The seat to move, unless the game is over (by its rules or a forfeit).
    pub fn to_move(&self) -> Option<Player> {
        if self.forfeit.is_some() {
            None
        } else {
            self.state().to_move()
        }
    }

    /// How the game ended: a forfeit, else the game's own result; `None` while it goes on.
    pub fn outcome(&self) -> Option<Outcome> {
        match &self.forfeit {
            Some(forfeit) => Some(Outcome::forfeit(
                forfeit,
                self.setup.players,
                self.state().scores(),
            )),
            None => self.state().outcome(),
        }
    }

    /// The forfeit that ended the game, if one did.
    pub fn forfeited(&self) -> Option<&Forfeit> {
        self.forfeit.as_ref()
    }

    /// Ends the game here: `seat` failed to play (`reason` says how) and loses, every other
    /// seat wins. A computer player that failed — an illegal move, no answer in time, a
    /// crash — forfeits this way, and the record keeps it.
    ///
    /// # Errors
    /// When the game is already over, or has no such seat; nothing changes.
    pub fn forfeit(&mut self, seat: Player, reason: impl Into<String>) -> Result<(), IllegalMove> {
        if self.to_move().is_none() {
            return Err(IllegalMove::new("the game is over"));
        }
        if seat.index() >= self.setup.players {
            return Err(IllegalMove::new(format!("the game has no {seat}")));
        }
        self.forfeit = Some(Forfeit {
            seat: seat.index(),
            reason: reason.into(),
        });
        Ok(())
    }

    /// Plays a move after checking it; on error nothing changes.
    ///
    /// # Errors
    /// When the move is illegal here (or the game is over).
    pub fn play(&mut self, mv: G::Move) -> Result<(), IllegalMove> {
        let checked = self.check(mv)?;
        self.play_checked(checked)
    }

    /// Checks a move against the position, and works out the position after it, changing
    /// nothing: [`Session::play_checked`] then plays it without checking it again (a server
    /// checks a move, stores it, and only then plays it).
    ///
    /// # Errors
    /// When the move is illegal here (or the game is over).
    pub fn check(&self, mv: G::Move) -> Result<CheckedMove<G>, IllegalMove> {
        if self.to_move().is_none() {
            return Err(IllegalMove::new("the game is over"));
        }
        let mut next = self.state().clone();
        next.play(mv)?;
        Ok(CheckedMove {
            mv,
            next,
            at: self.moves.len(),
        })
    }

    /// Plays a move [`Session::check`] checked against this position.
    ///
    /// # Errors
    /// When moves were played or taken back since it was checked (nothing changes then).
    pub fn play_checked(&mut self, checked: CheckedMove<G>) -> Result<(), IllegalMove> {
        if checked.at != self.moves.len() {
            return Err(IllegalMove::new(
                "the position changed since the move was checked",
            ));
        }
        self.positions.push(checked.next);
        self.moves.push(checked.mv);
        Ok(())
    }

    /// How many moves [`Session::undo_turn`] would take back with the same `wanted`, without
    /// changing anything.
    ///
    /// # Errors
    /// As [`Session::undo_turn`].
    pub fn undo_count(&self, wanted: impl Fn(Player) -> bool) -> Result<usize, UndoError> {
        let target = (0..self.positions.len() - 1).rev().find(|&i| {
            let p = &self.positions[i];
            p.move_in_turn().0 == 1 && p.to_move().is_some_and(&wanted)
        });
        let Some(target) = target else {
            return Err(UndoError::Nothing);
        };
        let revealing = (target..self.moves.len())
            .rev()
            .find_map(|i| Some((i, self.positions[i].reveals_hidden(self.moves[i])?)));
        match revealing {
            Some((i, reason)) => Err(UndoError::Revealed {
                number: i + 1,
                reason,
            }),
            None => Ok(self.moves.len() - target),
        }
    }

    /// Takes back moves to the most recent earlier start of a turn whose player satisfies
    /// `wanted` (at least one move back). With `wanted` true for human seats only, against a
    /// computer this takes back the computer's reply and the human's own turn; between humans,
    /// the last turn. Returns the number of moves taken back.
    ///
    /// # Errors
    /// Nothing changes when there is no such earlier turn ([`UndoError::Nothing`]), or when a
    /// move to take back showed its mover something hidden ([`UndoError::Revealed`], see
    /// [`Game::reveals_hidden`]): what it revealed cannot be forgotten.
    pub fn undo_turn(&mut self, wanted: impl Fn(Player) -> bool) -> Result<usize, UndoError> {
        let undone = self.undo_count(wanted)?;
        let keep = self.moves.len() - undone;
        self.positions.truncate(keep + 1);
        self.moves.truncate(keep);
        self.forfeit = None;
        Ok(undone)
    }

    /// The picture of position `at` (0: the start, `positions().len() - 1`: now; later
    /// ones are taken as now) through `eyes`, with the cells of the turn that led to it added
    /// to its [`Picture::last`]: every move of that turn, as its gesture points at them.
    pub fn picture(&self, eyes: Eyes, at: usize) -> Picture {
        let at = at.min(self.positions.len() - 1);
        let mut picture = eyes.picture(&self.positions[at]);
        for i in last_turn(&self.positions[..=at]) {
            for cell in self.positions[i].gesture(self.moves[i]).all_cells() {
                if !picture.last.contains(&cell) {
                    picture.last.push(cell);
                }
            }
        }
        picture
    }

    /// The game so far as a record.
    pub fn record(&self) -> GameRecord {
        let mut texts = Vec::with_capacity(self.moves.len());
        for (position, mv) in self.positions.iter().zip(&self.moves) {
            texts.push(position.format_move(*mv));
        }
        GameRecord {
            format: RECORD_FORMAT,
            game: G::INFO.id.to_owned(),
            players: self.setup.players,
            options: self
                .setup
                .options
                .iter()
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect(),
            seed: self.setup.seed,
            agents: self.agents.clone(),
            moves: texts,
            result: self.outcome(),
            resigned: None,
            forfeit: self.forfeit.clone(),
            agreed_draw: false,
            aborted: None,
            left_drawn: None,
            clocks: Vec::new(),
        }
    }
}

/// The indices of the moves of the turn that ended in the last of `positions` (a prefix of a
/// session's positions): back from the last move to the first move of its turn.
fn last_turn<G: Game>(positions: &[G]) -> std::ops::Range<usize> {
    let Some(last) = positions.len().checked_sub(2) else {
        return 0..0;
    };
    let mut first = last;
    while first > 0 && positions[first].move_in_turn().0 > 1 {
        first -= 1;
    }
    first..last + 1
}
