//! Hints and analyses asked for: one at a time per connection and per game, and where the
//! answer goes. The computer pool's threads are the server's scarcest resource: a request
//! holds them only while its search runs, never while its answer waits for a slow client, and
//! a request whose connection is gone before its turn comes is dropped without a search.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::sync::mpsc::Sender;

use crate::limits::WRITE_TIMEOUT;
use crate::outgoing::Outgoing;
use crate::protocol::ServerMessage;

/// The mark of a request under way, for a connection or a game.
#[derive(Clone, Debug, Default)]
pub struct Asking(Arc<AtomicBool>);

impl Asking {
    /// Marks a request as under way until the returned [`Pending`] is dropped; `None` when
    /// one already is.
    pub fn start(&self) -> Option<Pending> {
        if self.0.swap(true, Ordering::AcqRel) {
            None
        } else {
            Some(Pending(Arc::clone(&self.0)))
        }
    }

    /// Whether a request is under way.
    pub fn busy(&self) -> bool {
        self.0.load(Ordering::Acquire)
    }
}

/// A request under way: its mark is cleared when this is dropped (answered, refused, or
/// abandoned).
#[derive(Debug)]
pub struct Pending(Arc<AtomicBool>);

impl Drop for Pending {
    fn drop(&mut self) {
        self.0.store(false, Ordering::Release);
    }
}

/// Where the answer to a connection's hint or analysis goes.
#[derive(Debug)]
pub struct Reply {
    /// The connection's outgoing queue.
    pub tx: Sender<Outgoing>,
    /// The connection's mark, held until the answer is sent.
    pub pending: Pending,
    /// The client's address, whose share of the computers the search counts against.
    pub address: std::net::IpAddr,
}

impl Reply {
    /// Whether nobody waits for the answer any more (the connection closed).
    pub fn abandoned(&self) -> bool {
        self.tx.is_closed()
    }

    /// Sends the answer, waiting at most [`WRITE_TIMEOUT`] for room in the connection's
    /// queue (a client that does not read is closed by then, and the answer dropped).
    pub async fn send(self, message: ServerMessage) {
        let _ = self
            .tx
            .send_timeout(Outgoing::message(&message), WRITE_TIMEOUT)
            .await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_request_at_a_time_and_the_next_once_it_is_done() {
        let asking = Asking::default();
        let first = asking.start().expect("the first request");
        assert!(asking.busy());
        assert!(asking.start().is_none(), "a second one is refused");
        drop(first);
        assert!(!asking.busy());
        assert!(asking.start().is_some(), "and taken once the first is done");
    }
}
