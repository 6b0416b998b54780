//! Following the changes other nodes make to the games of a database they share: a changed
//! game held here is read again, in its order, and every connection here is shown it.

use std::sync::Arc;

use tracing::Instrument as _;

use super::{Hub, SharedRoom, lock};
use crate::store::{EVERY_GAME, StoreError};

impl Hub {
    /// Brings the room of game `id`, if this node holds it, up to the stored game when
    /// another node changed it (a move, an undo, a resignation, a rematch): the game is rebuilt
    /// from its stored moves off the runtime, every connection here is sent the new state, and
    /// a computer to move is started. [`EVERY_GAME`] checks every room. Nothing happens to a
    /// room already at the stored revision (this node's own changes).
    pub async fn refresh(self: &Arc<Self>, id: &str) {
        let rooms: Vec<SharedRoom> = {
            let rooms = lock(&self.rooms);
            if id == EVERY_GAME {
                rooms.values().cloned().collect()
            } else {
                rooms.get(id).cloned().into_iter().collect()
            }
        };
        for room in rooms {
            self.refresh_room(&room).await;
        }
    }

    /// [`Hub::refresh`] of one room.
    pub(crate) async fn refresh_room(self: &Arc<Self>, room: &SharedRoom) {
        let order = lock(room).order.clone();
        {
            let _turn = order.lock().await;
            if let Err(e) = self.reload(room).await {
                tracing::warn!(error = %e, "a game changed elsewhere cannot be read");
                return;
            }
        }
        self.schedule_computer(room).await;
    }

    /// Follows the changes other nodes make to the games in a database they share (nothing
    /// for a database of this node only): each changed game held here is refreshed
    /// ([`Hub::refresh`]) in a task of its own. Call it on the runtime that serves.
    ///
    /// # Errors
    /// When the database cannot be listened to.
    pub fn follow_changes(self: &Arc<Self>) -> Result<(), StoreError> {
        let Some(mut changes) = self.store.changes()? else {
            return Ok(());
        };
        let hub = Arc::downgrade(self);
        tokio::spawn(async move {
            while let Some(id) = changes.recv().await {
                let Some(hub) = hub.upgrade() else {
                    return;
                };
                let span = tracing::info_span!("follow", game = %id);
                tokio::spawn(async move { hub.refresh(&id).await }.instrument(span));
            }
        });
        Ok(())
    }
}
