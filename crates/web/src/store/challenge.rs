//! The lobby's rows as every node stores and reads them: open challenges, and the games each
//! node is playing (shared so that any node's lobby lists them all). The lobby's rules about
//! them are in `lobby.rs`.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::clock::TimeControl;
use crate::protocol::Mode;
use crate::store::SeatPlayer;

/// A game being played now, as a node that serves it sees it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Playing {
    /// The game's id.
    pub id: String,
    /// Its game (`quantik`).
    pub game: String,
    /// Its seats with their players.
    pub seats: Vec<crate::protocol::SeatInfo>,
    /// Spectators connected to this node.
    pub spectators: usize,
    /// Its time control ("3+2", "none").
    pub clock: String,
    /// The position as a spectator sees it, for the most watched games of a node (the
    /// lobby's `PLAYING_PICTURED`: small live boards).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub picture: Option<tabuleiro_core::Picture>,
}

/// A challenge as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Challenge {
    /// Public id.
    pub id: String,
    /// Game id (`quantik`).
    pub game: String,
    /// Number of seats.
    pub players: usize,
    /// Option values by name.
    pub options: BTreeMap<String, String>,
    /// Rated, or casual (`online`: between people, no hints, no rating).
    pub rated: bool,
    /// Whether a bot may take a seat (a player a program plays for, `tabuleiro bot`); a
    /// challenge is for people only unless its creator welcomes bots.
    #[serde(default)]
    pub bots: bool,
    /// The time control, if any.
    pub clock: Option<TimeControl>,
    /// The players who took a seat so far, the creator first.
    pub seated: Vec<SeatPlayer>,
    /// The game, once every seat is taken.
    pub game_id: Option<String>,
    /// Raised by every change: a seat is taken only if nobody took one meanwhile.
    pub revision: u64,
    /// The client network its creator posted it from (never shown): for the cap per network.
    #[serde(default)]
    pub network: String,
}

impl Challenge {
    /// The mode of its game: rated, or casual (`online`).
    pub fn mode(&self) -> Mode {
        if self.rated {
            Mode::Rated
        } else {
            Mode::Online
        }
    }

    /// The creator's id.
    pub fn creator(&self) -> &str {
        self.seated.first().map_or("", |p| p.id.as_str())
    }
}

/// The most games being played a lobby shows.
pub const PLAYING_SHOWN: usize = 50;

/// How many of the games being played (the most watched) a lobby shows as small live boards.
pub const PLAYING_PICTURED: usize = 6;

/// Sorts games being played the most watched first (then by id) and keeps the first
/// [`PLAYING_SHOWN`].
pub fn most_watched(playing: &mut Vec<Playing>) {
    playing.sort_by(|a, b| b.spectators.cmp(&a.spectators).then(a.id.cmp(&b.id)));
    playing.truncate(PLAYING_SHOWN);
}
