//! What the server queues for a connection's writer, its kind known where it is made (so the
//! writer tells a state from other messages by its type, not its text).

use axum::extract::ws::Utf8Bytes;

use crate::protocol::ServerMessage;

/// How many messages may wait for a slow connection before it is dropped.
pub const QUEUE: usize = 64;

/// What the server sends a connection, its kind known where it is made: a game's state, any
/// other JSON message (either shared by every connection that sees the same thing, so a
/// broadcast copies no text, and handed to the WebSocket as it is), or a ping.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outgoing {
    /// A [`ServerMessage::State`] as JSON: the writer notes when it reached the socket, since
    /// a move's clock counts the turn from then.
    State(Utf8Bytes),
    /// Any other JSON message.
    Text(Utf8Bytes),
    /// A WebSocket ping: a browser answers it by itself, which shows the connection alive.
    Ping,
}

impl Outgoing {
    /// `message` as JSON, a state told from the others by its type (not by its text).
    pub fn message(message: &ServerMessage) -> Self {
        let json = message.to_json().into();
        match message {
            ServerMessage::State { .. } => Outgoing::State(json),
            _ => Outgoing::Text(json),
        }
    }
}
