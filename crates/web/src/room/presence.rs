//! Who is here, in games between people: whether each seat's player has a connection open to
//! the game on any node, and since when they have been away, and so when a game may be claimed
//! against a player who left ([`Room::claim_after_ms`]). A change is sent to every connection
//! as a `presence` message (not a state: a state would restart the clock's count of when the
//! mover was shown their turn), and every state carries the presence as it is.
//!
//! On a database that nodes share, each node tells the others which seats of a game it has a
//! connection of, when that changes and again every [`BEAT`] ([`Room::beat_presence`]); what
//! another node said counts until [`FORGET_AFTER`] without word from it (a node that died),
//! so a seat whose player is connected elsewhere shows here, and a game is claimed only against
//! a player connected nowhere. A node's first word about a game is answered at once by the
//! nodes that have its players ([`Room::heard_presence`]): a node that opens a game shows the
//! others' players here from its first moments, not from their next beat.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use super::{Outgoing, Room};
use crate::clock::now_ms;
use crate::protocol::{SeatPresence as Shown, ServerMessage};
use crate::store::StoredSeat;

/// How often a node tells the others the seats it has connections of, on a shared database.
pub const BEAT: Duration = Duration::from_secs(5);

/// How long what another node said counts without word from it: two beats missed and more.
pub const FORGET_AFTER: Duration = Duration::from_secs(12);

/// Where a room tells the other nodes which of its seats have a connection here: the game's
/// id and, seat by seat, whether one does.
pub type PresenceOut = Arc<dyn Fn(&str, &[bool]) + Send + Sync>;

/// A seat's presence on this node.
#[derive(Clone, Copy, Debug)]
struct SeatPresence {
    /// The connections open here that play the seat.
    connections: usize,
    /// When the seat's player was last seen coming or leaving (on any node), ms since 1970.
    since: i64,
}

/// Who is here: the connections of each seat on this node, and what other nodes said.
pub(crate) struct Presence {
    seats: Vec<SeatPresence>,
    /// What each other node said last, by node: the seats it has connections of, and when it
    /// said so (ms since 1970).
    elsewhere: HashMap<String, (Vec<bool>, i64)>,
    /// Where this node tells the others, on a shared database.
    out: Option<PresenceOut>,
}

impl Presence {
    /// `seats` seats, nobody here yet: away since now (the room was opened).
    pub(crate) fn new(seats: usize) -> Self {
        let now = now_ms();
        Presence {
            seats: vec![
                SeatPresence {
                    connections: 0,
                    since: now,
                };
                seats
            ],
            elsewhere: HashMap::new(),
            out: None,
        }
    }

    /// Whether `seat`'s player has a connection open on this node or, as another node said
    /// (until it is forgotten, at a beat), on that one.
    fn here(&self, seat: usize) -> bool {
        self.seats.get(seat).is_some_and(|p| p.connections > 0)
            || self
                .elsewhere
                .values()
                .any(|(seats, _)| seats.get(seat).copied().unwrap_or(false))
    }

    /// Each seat's presence now.
    fn all_here(&self) -> Vec<bool> {
        (0..self.seats.len()).map(|s| self.here(s)).collect()
    }

    /// Each seat: whether it has a connection on this node.
    fn local(&self) -> Vec<bool> {
        self.seats.iter().map(|p| p.connections > 0).collect()
    }

    /// Marks the seats whose presence differs from `before` as changed now; whether any did.
    fn settle(&mut self, before: &[bool], now: i64) -> bool {
        let after = self.all_here();
        let mut changed = false;
        for (seat, (was, is)) in before.iter().zip(&after).enumerate() {
            if was != is
                && let Some(p) = self.seats.get_mut(seat)
            {
                p.since = now;
                changed = true;
            }
        }
        changed
    }
}

impl Room {
    /// On a database that nodes share: tells the other nodes through `out` which seats have a
    /// connection here whenever that changes (and at each [`Room::beat_presence`]).
    pub fn share_presence(&mut self, out: PresenceOut) {
        self.presence.out = Some(out);
    }

    /// A connection playing `seats` came (`+1`) or left (`-1`); whether any seat's presence
    /// changed (its player's first connection came, or their last left, on every node).
    pub(super) fn count_presence(&mut self, seats: &[usize], came: bool) -> bool {
        let now = now_ms();
        let before = self.presence.all_here();
        let local = self.presence.local();
        for &seat in seats {
            if let Some(p) = self.presence.seats.get_mut(seat) {
                p.connections = if came {
                    p.connections + 1
                } else {
                    p.connections.saturating_sub(1)
                };
            }
        }
        let now_local = self.presence.local();
        if now_local != local
            && self.mode.between_people()
            && let Some(out) = &self.presence.out
        {
            out(&self.id, &now_local);
        }
        self.presence.settle(&before, now) && self.mode.between_people()
    }

    /// Another node said which seats of this game it has connections of; whether any seat's
    /// presence changed.
    ///
    /// The first word from a node about this game is answered with this node's seats (when it
    /// has any): the node may have opened the game after this one last said them, and would
    /// otherwise show this node's players away until the next [`BEAT`].
    pub fn heard_presence(&mut self, node: &str, seats: Vec<bool>) -> bool {
        let now = now_ms();
        let before = self.presence.all_here();
        let first = self
            .presence
            .elsewhere
            .insert(node.to_owned(), (seats, now))
            .is_none();
        let local = self.presence.local();
        if first
            && local.iter().any(|&here| here)
            && self.mode.between_people()
            && let Some(out) = &self.presence.out
        {
            out(&self.id, &local);
        }
        self.presence.settle(&before, now) && self.mode.between_people()
    }

    /// Every [`BEAT`] on a shared database: tells the other nodes again which seats have a
    /// connection here (when any does), and forgets what a silent node said; whether any
    /// seat's presence changed.
    pub fn beat_presence(&mut self) -> bool {
        let now = now_ms();
        let local = self.presence.local();
        if local.iter().any(|&here| here)
            && self.mode.between_people()
            && let Some(out) = &self.presence.out
        {
            out(&self.id, &local);
        }
        let forget = i64::try_from(FORGET_AFTER.as_millis()).unwrap_or(i64::MAX);
        // A silent node's seats counted until now: a seat it alone held is away from now on.
        let before = self.presence.all_here();
        self.presence
            .elsewhere
            .retain(|_, (_, said)| now - *said < forget);
        self.presence.settle(&before, now) && self.mode.between_people()
    }

    /// How long `seat`'s player has been away at `now`, ms; none while they are here (a
    /// computer's seat always is), or for a seat the game does not have.
    pub fn away_ms(&self, seat: usize, now: i64) -> Option<u64> {
        let p = self.presence.seats.get(seat)?;
        let computer = matches!(self.seats.get(seat)?, StoredSeat::Computer { .. });
        (!computer && !self.presence.here(seat)).then(|| u64::try_from(now - p.since).unwrap_or(0))
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
    /// none elsewhere.
    pub fn shown_presence(&self) -> Option<Vec<Shown>> {
        if !self.mode.between_people() {
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

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use tabuleiro_ai::Seat;
    use tabuleiro_core::{Options, Registry, Setup};
    use tabuleiro_games::REGISTRY;
    use tokio::sync::{Notify, mpsc};

    use super::*;
    use crate::dyngame::build;
    use crate::protocol::Mode;
    use crate::room::Subscriber;
    use crate::token::hash_token;

    #[test]
    fn a_node_new_to_a_game_is_told_who_is_here() {
        let info = REGISTRY.games()[0];
        let setup = Setup {
            players: 2,
            options: Options::defaults(info),
            seed: 1,
        };
        let game = build(info.id, setup, &[Seat::Human, Seat::Human], &[]).expect("a game");
        let seats = ["a", "b"]
            .iter()
            .map(|t| StoredSeat::human(hash_token(t)))
            .collect();
        let mut room = Room::new("g".to_owned(), Mode::Online, seats, game, None);
        let said: Arc<Mutex<Vec<Vec<bool>>>> = Arc::default();
        let heard = Arc::clone(&said);
        room.share_presence(Arc::new(move |_, seats| {
            heard.lock().expect("not poisoned").push(seats.to_vec());
        }));
        let told = || said.lock().expect("not poisoned").clone();
        // Nobody here: nothing to answer.
        room.heard_presence("other", vec![false, true]);
        assert!(told().is_empty());
        let (tx, _rx) = mpsc::channel(4);
        room.subscribe(Subscriber {
            id: 1,
            seats: vec![0],
            token: None,
            tx,
            kick: Arc::new(Notify::new()),
        });
        assert_eq!(told(), vec![vec![true, false]]);
        // A node already heard from is not answered again; a new one is.
        room.heard_presence("other", vec![false, true]);
        assert_eq!(told().len(), 1);
        assert!(room.away_ms(1, now_ms()).is_none());
        room.heard_presence("third", vec![false, false]);
        assert_eq!(told(), vec![vec![true, false], vec![true, false]]);
        room.heard_presence("third", vec![false, false]);
        assert_eq!(told().len(), 2);
    }
}
