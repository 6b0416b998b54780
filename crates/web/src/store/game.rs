//! What a stored game is: its seats, the offer waiting, how it ended when not by its rules,
//! its clock after a change, the changes made to it, and its row as a database reads it.

use serde::{Deserialize, Serialize};

use super::{SeatPlayer, StoreError};
use crate::clock::Clock;

/// Who sits in a seat, as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StoredSeat {
    /// A person, who proves it with the token whose hash is kept here.
    Human {
        /// SHA-256 of the seat's token, hex.
        token_hash: String,
        /// The player who sits here: the first player who opened the seat's link (none
        /// until one did, in hotseat games and for visitors without a name).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        player: Option<SeatPlayer>,
    },
    /// A computer player of this level (as [`tabuleiro_ai::Level`] reads it).
    Computer {
        /// The level, e.g. `medium` or `strong:think=200`.
        level: String,
    },
}

impl StoredSeat {
    /// A person's seat, opened by the token whose hash is `token_hash`, nobody sitting yet.
    pub fn human(token_hash: String) -> Self {
        StoredSeat::Human {
            token_hash,
            player: None,
        }
    }

    /// The player sitting here, if a player does.
    pub fn player(&self) -> Option<&SeatPlayer> {
        match self {
            StoredSeat::Human { player, .. } => player.as_ref(),
            StoredSeat::Computer { .. } => None,
        }
    }
}

/// What a player of a game of two proposes to the other, until the other answers or a move
/// is made; once declined, kept as declined, so that the same player cannot make it again
/// at once ([`OfferKind::again_after`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Offer {
    /// A draw, or taking back the asking player's last turn.
    pub kind: OfferKind,
    /// The seat that asks, from 0.
    pub seat: usize,
    /// The number of moves played when it was made: it lapses with the next move.
    pub ply: usize,
    /// The other player declined it (absent: it waits for its answer, or lapsed unanswered).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub declined: bool,
    /// When it was made, or declined once it is (ms since 1970; absent in offers stored
    /// before it was kept): a declined rematch waits [`REMATCH_AGAIN_MS`] from then.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub at: i64,
}

/// How long a player whose rematch offer was declined waits before offering it again, ms: a
/// minute, enough not to be pestered, short enough for a second thought.
pub const REMATCH_AGAIN_MS: i64 = 60_000;

// Serde's `skip_serializing_if` passes a reference.
#[allow(clippy::trivially_copy_pass_by_ref)]
fn is_zero(at: &i64) -> bool {
    *at == 0
}

impl Offer {
    /// An offer of `kind` by `seat`, made at `at` (ms since 1970) after `ply` moves, waiting
    /// for its answer.
    pub fn new(kind: OfferKind, seat: usize, ply: usize, at: i64) -> Self {
        Offer {
            kind,
            seat,
            ply,
            declined: false,
            at,
        }
    }

    /// The same offer, declined at `at` (ms since 1970).
    #[must_use]
    pub fn declined(self, at: i64) -> Self {
        Offer {
            declined: true,
            at,
            ..self
        }
    }

    /// How many more moves must be played, once `played` moves are, before the player whose
    /// declined draw or takeback this was may make it again (0: they may; an offer not
    /// declined holds nobody back, nor a rematch, which waits for time: [`Offer::ms_until_again`]).
    pub fn moves_until_again(&self, played: usize) -> usize {
        match (self.declined, self.kind.again_after()) {
            (true, Some(after)) => (self.ply + after).saturating_sub(played),
            _ => 0,
        }
    }

    /// How long, at `now`, the player whose rematch offer was declined still waits before
    /// offering it again, ms (0: they may).
    pub fn ms_until_again(&self, now: i64) -> i64 {
        if self.declined && self.kind == OfferKind::Rematch {
            (self.at + REMATCH_AGAIN_MS - now).max(0)
        } else {
            0
        }
    }
}

/// What an [`Offer`] proposes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OfferKind {
    /// A draw by agreement.
    Draw,
    /// Taking back the asking player's last turn.
    Takeback,
    /// Another game once this one is over, the seats turned (between two people: the other
    /// player accepts it).
    Rematch,
}

impl OfferKind {
    /// How many moves must be played after an offer of this kind was declined before its
    /// player may make it again: a draw, 4 (each player has moved twice since, as lichess
    /// lets a draw be offered again only some moves later: these games are short, and a
    /// position worth a draw four moves on is a new question); a takeback, 1 (never twice
    /// for the same move: after the next move, a request would be about another one); none for
    /// a rematch, which is offered once the game is over and waits [`REMATCH_AGAIN_MS`].
    pub fn again_after(self) -> Option<usize> {
        match self {
            OfferKind::Draw => Some(4),
            OfferKind::Takeback => Some(1),
            OfferKind::Rematch => None,
        }
    }
}

/// How a game ended other than by its rules or a resignation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StoredEnding {
    /// The players agreed to a draw.
    Agreed,
    /// A player called the game off before every player had moved: no result, no rating.
    Aborted {
        /// The seat that aborted, from 0.
        seat: usize,
    },
    /// A player's clock ran out: they lose, as if they had resigned.
    Timeout {
        /// The seat, from 0.
        seat: usize,
    },
    /// A player left the game and the other claimed it: the one who left loses (they forfeit),
    /// or, `draw`, the game is drawn.
    Claimed {
        /// The seat of the player who left, from 0.
        seat: usize,
        /// Called a draw rather than won.
        draw: bool,
    },
}

/// One stored game: everything needed to rebuild it, with its moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// Public id.
    pub id: String,
    /// Game id (`quantik`).
    pub game: String,
    /// Number of seats.
    pub players: usize,
    /// Options by name.
    pub options: std::collections::BTreeMap<String, String>,
    /// Seed of the game.
    pub seed: u64,
    /// `computer`, `hotseat` or `online`.
    pub mode: String,
    /// The seats.
    pub seats: Vec<StoredSeat>,
    /// The seat that resigned, if one did.
    pub resigned: Option<usize>,
    /// The moves so far, in notation.
    pub moves: Vec<String>,
    /// The stored revision: 0 when created, one more with every change.
    pub revision: u64,
    /// The id of the rematch created from this game, once one was.
    pub rematch: Option<String>,
    /// A draw offer or takeback request waiting for its answer.
    pub offer: Option<Offer>,
    /// How the game ended, when it ended by agreement, abort or time.
    pub ending: Option<StoredEnding>,
    /// The game's clock, for a game played on one.
    pub clock: Option<Clock>,
}

/// A game's clock after a change, with the moment its player's time runs out (none when no
/// time runs): stored together, so any node finds the games whose time ran out
/// ([`GameStore::expired`](super::GameStore::expired)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timed {
    /// The clock.
    pub clock: Clock,
    /// The deadline, ms since 1970.
    pub deadline: Option<i64>,
}

/// A change to a stored game, made only if the game is still at the revision the node read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A move, number `ply` (counted from 0, the number of moves stored), in notation.
    Move {
        /// Its number.
        ply: usize,
        /// Its notation.
        notation: String,
        /// Whether it ends the game (informational: games are rebuilt from their moves).
        finished: bool,
        /// The game's clock after it, for a game on a clock.
        clock: Option<Box<Timed>>,
    },
    /// An undo: the moves from ply `from` on are forgotten, which reopens the game.
    Truncate {
        /// The first ply forgotten.
        from: usize,
        /// The game's clock after it, for a game on a clock.
        clock: Option<Box<Timed>>,
    },
    /// `seat` resigned.
    Resign {
        /// The seat, from 0.
        seat: usize,
    },
    /// An offer made (`Some`), or answered or withdrawn (`None`).
    Offer {
        /// The offer now waiting, if any.
        offer: Option<Offer>,
    },
    /// The game ended by agreement, abort or time (only while it is not over).
    End {
        /// How.
        ending: StoredEnding,
        /// The game's clock, stopped, for a game on a clock.
        clock: Option<Box<Clock>>,
    },
    /// A player sat down: the game's seats become `seats`, where seat `seat` now names its
    /// player (kept too in an index of every player's games).
    Sit {
        /// The seat, from 0.
        seat: usize,
        /// Every seat after the change.
        seats: Vec<StoredSeat>,
        /// The game's clock after it, when the last seat taken puts a game on a clock under
        /// way (its first move due).
        clock: Option<Box<Timed>>,
    },
    /// A rematch was created: `game` is stored (with no moves) and named this game's rematch,
    /// in the same transaction.
    Rematch {
        /// The new game.
        game: Box<StoredGame>,
    },
}

/// How a rated game that a change ends is rated, in the change's own transaction
/// ([`GameStore::change_rated`](super::GameStore::change_rated)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rating {
    /// The game's id in the registry (`quantik`): ratings are kept per game.
    pub game: String,
    /// The player of each seat, by id.
    pub seated: Vec<String>,
    /// Each seat's place (0 first; equal places draw), as [`crate::ratings::places`] reads an
    /// outcome.
    pub places: Vec<usize>,
}

/// Reads the JSON columns of a stored game.
pub(super) fn decode(id: &str, row: Row, moves: Vec<String>) -> Result<StoredGame, StoreError> {
    let Row {
        game,
        players,
        options,
        seed,
        mode,
        seats,
        resigned,
        revision,
        rematch,
        offer,
        ending,
        clock,
    } = row;
    let corrupt = |column: &'static str| move |error| StoreError::Corrupt { column, error };
    Ok(StoredGame {
        id: id.to_owned(),
        game,
        players: usize::try_from(players).unwrap_or(0),
        options: serde_json::from_str(&options).map_err(corrupt("options"))?,
        seed: seed as u64,
        mode,
        seats: serde_json::from_str(&seats).map_err(corrupt("seats"))?,
        resigned: resigned.and_then(|s| usize::try_from(s).ok()),
        moves,
        revision: u64::try_from(revision).unwrap_or(0),
        rematch,
        offer: offer
            .map(|o| serde_json::from_str(&o))
            .transpose()
            .map_err(corrupt("offer"))?,
        ending: ending
            .map(|e| serde_json::from_str(&e))
            .transpose()
            .map_err(corrupt("ending"))?,
        clock: clock
            .map(|c| serde_json::from_str(&c))
            .transpose()
            .map_err(corrupt("clock"))?,
    })
}

/// The columns of a stored game's row, as read.
pub(super) struct Row {
    pub(super) game: String,
    pub(super) players: i64,
    pub(super) options: String,
    pub(super) seed: i64,
    pub(super) mode: String,
    pub(super) seats: String,
    pub(super) resigned: Option<i64>,
    pub(super) revision: i64,
    pub(super) rematch: Option<String>,
    pub(super) offer: Option<String>,
    pub(super) ending: Option<String>,
    pub(super) clock: Option<String>,
}
