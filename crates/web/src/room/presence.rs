//! Who is here, in games between people: whether each seat's player has a connection open to
//! the game on this node, and since when they have been away. A change is sent to every connection as a `presence`
//! message (not a state: a state would restart the clock's count of when the mover was shown
//! their turn), and every state carries the presence as it is.

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

    /// Each seat's presence as a page is shown it (a computer's seat is always here), in a
    /// game between people; none elsewhere, and where presence is not shown.
    pub fn shown_presence(&self) -> Option<Vec<Shown>> {
        if !self.presence_shown || !self.mode.between_people() {
            return None;
        }
        let now = now_ms();
        Some(
            self.seats
                .iter()
                .zip(&self.presence)
                .map(|(seat, p)| {
                    let here = matches!(seat, StoredSeat::Computer { .. }) || p.connections > 0;
                    Shown {
                        connected: here,
                        away_ms: (!here).then(|| u64::try_from(now - p.since).unwrap_or(0)),
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
