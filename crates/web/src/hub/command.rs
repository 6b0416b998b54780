//! What can be asked of a live game ([`Command`]), what a command decides ([`Decision`]), and
//! when a move arrived ([`Timing`]): the words of the one road ([`super::road`]), shared by
//! the handlers that decide each kind of change.

use crate::clock::now_ms;
use crate::dyngame::Checked;
use crate::error::HubError;
use crate::store::{Change, SeatPlayer, StoredGame};

/// When a move arrived at the server, and when the state before it was last written to the
/// connection that sent it (ms since 1970).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// When the move was read from its connection.
    pub arrived: i64,
    /// When that connection was last sent a state, if it was.
    pub shown_at: Option<i64>,
    /// How long the player thought, as their page measured it, if it says (ms): the rest of
    /// the time the server measured is lag, compensated within a quota
    /// ([`crate::clock::Clock::after_move`]).
    pub thought: Option<u64>,
}

impl Timing {
    /// A move arriving now from nobody's connection (a computer's, a test's).
    pub fn now() -> Self {
        Timing {
            arrived: now_ms(),
            shown_at: None,
            thought: None,
        }
    }
}

/// What someone asks of a live game: every change to a game is one of these, handled by
/// [`super::Hub::transact`].
#[derive(Debug)]
pub enum Command<'a> {
    /// A player's move, in notation, from a connection playing `seats`.
    Move {
        /// The seats the connection plays.
        seats: &'a [usize],
        /// The move as typed or sent.
        text: &'a str,
        /// When it arrived, for the clock.
        timing: Timing,
    },
    /// The move a computer player chose for the room's `version`.
    Computer {
        /// The room's version the computer thought about.
        version: u64,
        /// Its move.
        text: String,
    },
    /// Taking back a turn (against the computer, or on one screen).
    Undo {
        /// The seats the connection plays.
        seats: &'a [usize],
    },
    /// A resignation.
    Resign {
        /// The seats the connection plays.
        seats: &'a [usize],
    },
    /// A draw offered, or the other player's offer accepted.
    OfferDraw {
        /// The seats the connection plays.
        seats: &'a [usize],
    },
    /// A rematch offered to the other player of a finished game between two people.
    OfferRematch {
        /// The seats the connection plays.
        seats: &'a [usize],
    },
    /// A takeback asked of the other player.
    Takeback {
        /// The seats the connection plays.
        seats: &'a [usize],
    },
    /// The other player's offer answered.
    Answer {
        /// The seats the connection plays.
        seats: &'a [usize],
        /// Accepted or declined.
        accept: bool,
    },
    /// The game called off before every player moved.
    Abort {
        /// The seats the connection plays.
        seats: &'a [usize],
    },
    /// The game claimed over the other player, who left: the win, or a draw.
    Claim {
        /// The seats the connection plays.
        seats: &'a [usize],
        /// A draw rather than the win.
        draw: bool,
    },
    /// The game ended on time, if its player to move is out of it.
    Flag,
    /// A player sitting down in `seat`, shown as `player`.
    Sit {
        /// The seat, from 0.
        seat: usize,
        /// The player as the seat shows them (their rating looked up beforehand).
        player: SeatPlayer,
    },
    /// A rematch, created as `game`, named the game's rematch.
    Rematch {
        /// The new game, planned (not stored yet).
        game: Box<StoredGame>,
    },
}

/// What a [`Command`] decided against the room: the change to store and apply.
pub struct Decision {
    /// What the change is called when it cannot be stored ("could not store the move").
    pub what: &'static str,
    /// The change.
    pub change: Change,
    /// The move it makes, read and checked once, played as it is once stored.
    pub checked: Option<Checked>,
    /// The refusal the command ends with once the change is stored (a move that came after
    /// its player's time ran out ends the game on time, and is refused).
    pub then_refuse: Option<HubError>,
}

impl Decision {
    /// A change called `what`.
    pub fn new(what: &'static str, change: Change) -> Self {
        Decision {
            what,
            change,
            checked: None,
            then_refuse: None,
        }
    }
}
