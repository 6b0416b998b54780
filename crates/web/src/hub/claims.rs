//! Games left by a player: once a player of a real-time game between two people has had no
//! page of the game open for the time its clock gives ([`crate::clock::TimeControl::claim_after_ms`]),
//! the other player may claim it ([`Command::Claim`]): the win (the player who left forfeits)
//! or a draw, rated as that result. A game whose players have not both moved is aborted
//! instead (by either player, or by itself when a first move is not made in time:
//! [`crate::clock`]); a correspondence game is ended by its deadline.

use std::sync::Arc;

use super::agreements::{ending, player_of_two};
use super::command::{Command, Decision};
use super::{Hub, SharedRoom};
use crate::clock::{TimeControl, now_ms};
use crate::error::{HubError, Refusal};
use crate::room::Room;
use crate::store::StoredEnding;

/// A claim by the connection's seat over the other player, who left: the win, or a `draw`.
pub(crate) fn decide_claim(room: &Room, seats: &[usize], draw: bool) -> Result<Decision, HubError> {
    let seat = player_of_two(room, seats)?;
    let other = 1 - seat;
    if matches!(
        room.clock().map(|c| c.control),
        Some(TimeControl::Correspondence { .. })
    ) {
        return Err(Refusal::ClaimCorrespondence.into());
    }
    if !room.every_seat_moved() {
        return Err(Refusal::ClaimBeforeStart.into());
    }
    let after = room.claim_after_ms().ok_or(Refusal::ClaimCorrespondence)?;
    match room.away_ms(other, now_ms()) {
        None => Err(Refusal::ClaimOpponentHere.into()),
        Some(away) if away < after => Err(Refusal::ClaimTooSoon {
            seconds: (after - away).div_ceil(1000),
        }
        .into()),
        Some(_) => Ok(ending(room, StoredEnding::Claimed { seat: other, draw })),
    }
}

impl Hub {
    /// Claims the game over the other player, who left: the win, or a `draw`
    /// ([`Command::Claim`]).
    ///
    /// # Errors
    /// Why the game may not be claimed (the other player is here, has not been away long
    /// enough, …), or a storage failure; nothing changed.
    pub async fn claim(
        self: &Arc<Self>,
        room: &SharedRoom,
        seats: &[usize],
        draw: bool,
    ) -> Result<(), HubError> {
        self.transact(room, Command::Claim { seats, draw })
            .await
            .map(drop)
    }
}
