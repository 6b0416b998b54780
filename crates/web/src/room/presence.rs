//! Who is here, in games between people: whether each seat's player has a connection open to
//! the game on this node, and since when they have been away, and so when a game may be
//! claimed against a player who left ([`Room::claim_after_ms`]). A change is sent to every
//! connection as a `presence` message (not a state: a state would restart the clock's count of
//! when the mover was shown their turn), and every state carries the presence as it is.

use super::{Outgoing, Room};
use crate::clock::now_ms;
use crate::protocol::{SeatPresence as Shown, ServerMessage};
use crate::store::StoredSeat;

/// A seat's presence on this node.
#[derive(Clone, Copy, Debug)]
pub(crate) struct SeatPresence {
    /// The connections open that play the seat.
    connections: usize,
    /// When the seat was last left by its last connection, or last joined, ms since 1970.
    since: i64,
}

impl SeatPresence {
    /// `seats` seats, nobody here yet: away since now (the room was opened).
    pub(crate) fn away_all(seats: usize) -> Vec<SeatPresence> {
        let now = now_ms();
        vec![
            SeatPresence {
                connections: 0,
                since: now,
            };
            seats
        ]
    }
}

impl Room {
    /// Stops showing presence: on a database that nodes share, a player may be connected to
    /// another node, which this one does not see.
    pub fn hide_presence(&mut self) {
        self.presence_shown = false;
    }

    /// A connection playing `seats` came (`+1`) or left (`-1`); whether any seat's presence
    /// changed (its first connection came, or its last left).
    pub(super) fn count_presence(&mut self, seats: &[usize], came: bool) -> bool {
        let now = now_ms();
        let mut changed = false;
        for &seat in seats {
            let Some(p) = self.presence.get_mut(seat) else {
                continue;
            };
            let before = p.connections > 0;
            p.connections = if came {
                p.connections + 1
            } else {
                p.connections.saturating_sub(1)
            };
            if before != (p.connections > 0) {
                p.since = now;
                changed = true;
            }
        }
        changed && self.presence_shown && self.mode.between_people()
    }

    /// Whether this node knows who is here: not on a database nodes share.
    pub fn presence_known(&self) -> bool {
        self.presence_shown
    }

    /// How long `seat`'s player has been away at `now`, ms; none while they are here (a
    /// computer's seat always is), or for a seat the game does not have.
    pub fn away_ms(&self, seat: usize, now: i64) -> Option<u64> {
        let p = self.presence.get(seat)?;
        let computer = matches!(self.seats.get(seat)?, StoredSeat::Computer { .. });
        (!computer && p.connections == 0).then(|| u64::try_from(now - p.since).unwrap_or(0))
    }

    /// How long a player must have been away before the other may claim the game (ms), in a
    /// game that may be claimed: between two people, not over, every player has moved, and
    /// not by correspondence ([`crate::clock::TimeControl::claim_after_ms`]).
    pub fn claim_after_ms(&self) -> Option<u64> {
        if !self.mode.between_people() || self.seats.len() != 2 || self.over() {
            return None;
        }
        let after =
            crate::clock::TimeControl::claim_after_ms(self.clock.as_ref().map(|c| &c.control))?;
        self.every_seat_moved().then_some(after)
    }

    /// Each seat's presence as a page is shown it (a computer's seat is always here), with
    /// when the game may be claimed against a player who left, in a game between people;
    /// none elsewhere, and where presence is not shown.
    pub fn shown_presence(&self) -> Option<Vec<Shown>> {
        if !self.presence_shown || !self.mode.between_people() {
            return None;
        }
        let now = now_ms();
        // Asked only once somebody is away (it looks through the moves).
        let mut claim_after = None;
        Some(
            (0..self.seats.len())
                .map(|seat| {
                    let away_ms = self.away_ms(seat, now);
                    let claim_in_ms = away_ms.and_then(|away| {
                        let after = *claim_after.get_or_insert_with(|| self.claim_after_ms());
                        after.map(|after| after.saturating_sub(away))
                    });
                    Shown {
                        connected: away_ms.is_none(),
                        away_ms,
                        claim_in_ms,
                    }
                })
                .collect(),
        )
    }

    /// Tells every connection the seats' presence, after a change.
    pub fn broadcast_presence(&mut self) {
        let Some(seats) = self.shown_presence() else {
            return;
        };
        let message = Outgoing::message(&ServerMessage::Presence { seats });
        for subscriber in &self.subscribers {
            // A connection too slow for this is closed by the next state's broadcast.
            let _ = subscriber.tx.try_send(message.clone());
        }
    }
}
