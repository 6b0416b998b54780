//! A game in progress: its setup, every position so far, undo, and its record.

use crate::game::{Game, IllegalMove, Setup, SetupError};
use crate::player::Player;
use crate::record::{GameRecord, RECORD_FORMAT, RecordError};

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
}

impl<G: Game> Session<G> {
    /// A new game from `setup`, with `agents` naming who plays each seat.
    ///
    /// # Errors
    /// When the game cannot start from the setup.
    pub fn new(setup: Setup, agents: Vec<String>) -> Result<Self, SetupError> {
        if agents.len() != setup.players {
            return Err(SetupError(format!(
                "{} players named for {} seats",
                agents.len(),
                setup.players
            )));
        }
        let start = G::new(&setup)?;
        Ok(Session {
            setup,
            agents,
            positions: vec![start],
            moves: Vec::new(),
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

    /// Who plays each seat.
    pub fn agents(&self) -> &[String] {
        &self.agents
    }

    /// Plays a move after checking it; on error nothing changes.
    ///
    /// # Errors
    /// When the move is illegal here (or the game is over).
    pub fn play(&mut self, mv: G::Move) -> Result<(), IllegalMove> {
        if self.state().to_move().is_none() {
            return Err(IllegalMove::new("the game is over"));
        }
        let mut next = self.state().clone();
        next.play(mv)?;
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Takes back moves to the most recent earlier start of a turn whose player satisfies
    /// `wanted` (at least one move back). With `wanted` true for human seats only, against a
    /// computer this takes back the computer's reply and the human's own turn; between humans,
    /// the last turn. Returns the number of moves taken back; `0` (and no change) when there
    /// is no such earlier turn.
    pub fn undo_turn(&mut self, wanted: impl Fn(Player) -> bool) -> usize {
        let target = (0..self.positions.len() - 1).rev().find(|&i| {
            let p = &self.positions[i];
            p.move_in_turn().0 == 1 && p.to_move().is_some_and(&wanted)
        });
        match target {
            Some(i) => {
                let undone = self.moves.len() - i;
                self.positions.truncate(i + 1);
                self.moves.truncate(i);
                undone
            }
            None => 0,
        }
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
            result: self.state().outcome(),
        }
    }
}
