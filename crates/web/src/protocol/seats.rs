//! What a state says about the seats besides who sits there: an offer declined lately, and
//! whether each seat's player is here.

use serde::{Deserialize, Serialize};

/// An offer the other player declined, shown while its player may not make it again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Declined {
    /// What was offered.
    pub kind: crate::store::OfferKind,
    /// The seat that offered it, from 0.
    pub seat: usize,
    /// The moves still to be played before it may be made again (a draw, a takeback).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub again_in: Option<usize>,
    /// The time still to wait before it may be made again, ms (a rematch).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub again_in_ms: Option<u64>,
}

/// Whether a seat's player has the game open (on a database of one server; absent where
/// nodes share the database).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatPresence {
    /// A connection of theirs is open (a computer's seat: always).
    pub connected: bool,
    /// How long they have been away when the message was written, ms, while they are.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub away_ms: Option<u64>,
    /// While they are away, in a game that may be claimed: the time until the other player may
    /// claim it (`claim`), ms, when the message was written (0: now).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub claim_in_ms: Option<u64>,
}
