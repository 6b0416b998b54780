//! Seats at the table.

use std::fmt;

/// A seat at the table, counted from zero: `Player(0)` is "player 1" for humans.
///
/// Seats are fixed for the whole game; who *moves first* is a game option and does not
/// renumber the seats.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Player(pub u8);

impl Player {
    /// The seat index, for indexing per-player arrays.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The next seat in turn order among `players` seats.
    pub const fn next(self, players: usize) -> Player {
        Player(((self.0 as usize + 1) % players) as u8)
    }
}

impl fmt::Display for Player {
    /// Players are shown to humans counted from one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", self.0 + 1)
    }
}
