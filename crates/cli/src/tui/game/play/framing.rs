//! The game screen lent to a screen built on it (puzzle play): that screen's title, status
//! line and keys in place of the game's, the other seats' moves played by it, and the history
//! taken back to where it says. Drawing and move input (pointing, keys, typed notation) stay
//! the game screen's own.

use anyhow::Result;
use tabuleiro_ai::GameTable;
use tabuleiro_core::{Engine, GameRecord, Session};

use super::GamePlay;
use crate::play::GameConfig;

/// What a screen built on the game screen shows in place of the game's own title, status
/// line and keys. While it is set no computer player moves: the screen plays the other seats'
/// moves itself ([`GamePlay::play_answer`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Framing {
    /// The headline after the game's name.
    pub title: String,
    /// The status line.
    pub status: String,
    /// The keys, each with what it does.
    pub keys: Vec<(&'static str, &'static str)>,
    /// Whether the board takes no moves now (a puzzle over, or its solution played out):
    /// no targets are marked and nothing says what Enter would play.
    pub frozen: bool,
}

impl<G: Engine> GamePlay<G> {
    /// The game of `record` at its last move, framed by `framing`: its seats as the record
    /// names them (`human` for those the keyboard plays).
    ///
    /// # Errors
    /// When the record does not replay or names a seat that is no level.
    pub(crate) fn framed(record: &GameRecord, framing: Framing) -> Result<Self> {
        let table = GameTable::<G>::from_record(record)?;
        let config = GameConfig {
            setup: table.setup().clone(),
            seats: table.seats().to_vec(),
            save: None,
        };
        let mut play = Self::with_table(config, table);
        play.framing = Some(framing);
        Ok(play)
    }

    /// Replaces the title, status line and keys.
    pub(crate) fn set_framing(&mut self, framing: Framing) {
        self.framing = Some(framing);
    }

    /// The game so far.
    pub(crate) fn session(&self) -> &Session<G> {
        self.table.session()
    }

    /// The status-line message.
    #[cfg(test)]
    pub(crate) fn message(&self) -> &str {
        &self.message
    }

    /// Whether keys go to something over the board first: a prompt being typed, or the
    /// details (`i`), which any key closes.
    pub(crate) fn is_busy(&self) -> bool {
        self.prompt.is_some() || self.details
    }

    /// Plays `moves` for whoever is to move (the screen's own answer for another seat);
    /// stops at the first the rules refuse and returns whether all were played.
    pub(crate) fn play_answer(&mut self, moves: &[G::Move]) -> bool {
        let mut all = true;
        for &mv in moves {
            if self.table.play(mv).is_err() {
                all = false;
                break;
            }
        }
        self.redo.clear();
        self.history_changed();
        all
    }

    /// Takes back turns until at most `moves` moves are left; returns whether exactly that
    /// many are (a turn that cannot be taken back stops it).
    pub(crate) fn take_back_to(&mut self, moves: usize) -> bool {
        while self.table.session().moves().len() > moves {
            if self.table.undo_turn().is_err() {
                break;
            }
        }
        self.redo.clear();
        self.pointing.clear();
        self.history_changed();
        self.table.session().moves().len() == moves
    }
}
