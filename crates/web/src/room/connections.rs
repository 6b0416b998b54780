//! The connections watching a room: what is queued for each connection's writer (typed, so
//! the writer knows a state from other messages), and the broadcast of a room's state.

use std::collections::HashMap;
use std::sync::Arc;

use tokio::sync::{Notify, mpsc};

use super::Room;

pub use crate::outgoing::{Outgoing, QUEUE};

/// A connection watching a room.
pub struct Subscriber {
    /// The connection's number.
    pub id: u64,
    /// The seats it plays (from 0); empty for spectators.
    pub seats: Vec<usize>,
    /// The token it joined with (to write its link to a rematch, where its player keeps the
    /// same token); `None` for spectators.
    pub token: Option<String>,
    /// Where its messages go.
    pub tx: mpsc::Sender<Outgoing>,
    /// Told when the connection falls too far behind: it is then closed (the browser
    /// reconnects and gets the current state).
    pub kick: Arc<Notify>,
}

impl Room {
    /// Adds a connection to those watching: it is sent every state from now on. Returns
    /// whether a seat's player is now here who was not ([`Room::broadcast_presence`]).
    pub fn subscribe(&mut self, subscriber: Subscriber) -> bool {
        let changed = self.count_presence(&subscriber.seats, true);
        self.subscribers.push(subscriber);
        changed
    }

    /// Sends each connection its state; drops connections that are gone, and closes those
    /// too slow to keep up.
    ///
    /// Each different view is written once (every spectator sees the same message), and the
    /// message is shared, not copied: with thousands of spectators, the room is held for a
    /// few writes and a pointer per connection.
    pub fn broadcast(&mut self) {
        let mut written: HashMap<&[usize], Outgoing> = HashMap::new();
        let mut messages = Vec::with_capacity(self.subscribers.len());
        let mut text = super::state_text::StateText::new(self);
        for subscriber in &self.subscribers {
            let message = written
                .entry(subscriber.seats.as_slice())
                .or_insert_with(|| text.of(&subscriber.seats, subscriber.token.as_deref()));
            messages.push(message.clone());
        }
        drop(written);
        drop(text);
        let mut kept = Vec::with_capacity(self.subscribers.len());
        let mut dropped: Vec<usize> = Vec::new();
        for (subscriber, message) in self.subscribers.drain(..).zip(messages) {
            if subscriber.tx.try_send(message).is_ok() {
                kept.push(subscriber);
            } else {
                subscriber.kick.notify_one();
                dropped.extend(&subscriber.seats);
            }
        }
        self.subscribers = kept;
        if !dropped.is_empty() && self.count_presence(&dropped, false) {
            self.broadcast_presence();
        }
    }

    /// Sends `message` to every connection (one too slow for it is closed by the next state's
    /// broadcast).
    pub fn tell_all(&self, message: &Outgoing) {
        for subscriber in &self.subscribers {
            let _ = subscriber.tx.try_send(message.clone());
        }
    }

    /// The number of connections watching that play no seat.
    pub fn spectators(&self) -> usize {
        self.subscribers
            .iter()
            .filter(|s| s.seats.is_empty())
            .count()
    }

    /// Stops sending to connection `id`. Returns whether a seat's player is now away
    /// ([`Room::broadcast_presence`]).
    pub fn unsubscribe(&mut self, id: u64) -> bool {
        let Some(at) = self.subscribers.iter().position(|s| s.id == id) else {
            return false;
        };
        let gone = self.subscribers.remove(at);
        self.count_presence(&gone.seats, false)
    }
}
