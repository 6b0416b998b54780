//! Following the changes other nodes make to the games of a database they share: a changed
//! game held here is read again, in its order, and every connection here is shown it.

use std::sync::Arc;

use tracing::Instrument as _;

use super::{Hub, SharedRoom, lock};
use crate::room::Followed;
use crate::store::{Changed, EVERY_GAME, StoreError};

impl Hub {
    /// Brings the room of the game `changed` names, if this node holds it, up to the stored
    /// game when another node changed it (a move, an undo, a resignation, a rematch): an
    /// announced move that follows the room's revision is played here; any other change is read
    /// from storage and the game rebuilt off the runtime. Every connection here is sent the new
    /// state, and a computer to move is started. [`EVERY_GAME`] checks every room. Nothing
    /// happens to a room already at the announced revision or past it.
    pub async fn refresh(self: &Arc<Self>, changed: &Changed) {
        let rooms: Vec<SharedRoom> = {
            let rooms = lock(&self.rooms);
            if changed.id == EVERY_GAME {
                rooms.values().cloned().collect()
            } else {
                rooms.get(&changed.id).cloned().into_iter().collect()
            }
        };
        for room in rooms {
            self.refresh_room(&room, changed.moved.as_ref()).await;
        }
    }

    /// [`Hub::refresh`] of one room; `moved`: the announced move (revision after it, its
    /// number, its notation), if the change was one.
    pub(crate) async fn refresh_room(
        self: &Arc<Self>,
        room: &SharedRoom,
        moved: Option<&(u64, usize, String)>,
    ) {
        let order = lock(room).order.clone();
        {
            let turn = order.lock().await;
            if let Some(moved) = moved {
                let followed = lock(room).follow(moved);
                match followed {
                    Followed::Already => return,
                    Followed::Played => {
                        drop(turn);
                        self.schedule_computer(room).await;
                        return;
                    }
                    Followed::Unknown => {}
                }
            }
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
            while let Some(changed) = changes.recv().await {
                let Some(hub) = hub.upgrade() else {
                    return;
                };
                let span = tracing::info_span!("follow", game = %changed.id);
                tokio::spawn(async move { hub.refresh(&changed).await }.instrument(span));
            }
        });
        Ok(())
    }
}
