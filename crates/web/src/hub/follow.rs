//! Following the changes other nodes make to the games of a database they share: a changed
//! game held here is read again, in its order, and every connection here is shown it.

use std::sync::Arc;

use tracing::Instrument as _;

use super::{Hub, SharedRoom, lock};
use crate::room::Followed;
use crate::store::{Changed, EVERY_GAME, StoreError};

/// How long a page joining a game waits for the stored revision ([`Hub::catch_up`]).
pub const CATCH_UP_WITHIN: std::time::Duration = std::time::Duration::from_millis(250);

/// How often a node checks the games it holds against a shared database ([`Hub::verify`]).
pub const VERIFY_INTERVAL: std::time::Duration = std::time::Duration::from_secs(2);

/// How long after a check a room found behind its stored revision waits for the announcement
/// of the change before it is read again ([`Hub::verify`]).
pub const HEARD_WITHIN: std::time::Duration = std::time::Duration::from_millis(500);

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
        let order = lock(room).order();
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

    /// Brings `room` up to the stored game if another node changed it and this node has not
    /// heard of it yet (on a database nodes share; nothing otherwise): a page joining here
    /// after its own node stopped is never shown a game older than it was shown there. A
    /// database that does not answer within [`CATCH_UP_WITHIN`] leaves the room as it is (in
    /// an outage a game in memory is still shown at once).
    pub async fn catch_up(self: &Arc<Self>, room: &SharedRoom) {
        if !self.queued {
            return;
        }
        let (id, now) = {
            let guard = lock(room);
            (guard.id().to_owned(), guard.revision())
        };
        let asked = tokio::time::timeout(CATCH_UP_WITHIN, self.store.revisions(vec![id])).await;
        let Ok(Ok(stored)) = asked else {
            return;
        };
        if stored.first().is_some_and(|&(_, s)| s > now) {
            self.refresh_room(room, None).await;
        }
    }

    /// Checks the games held here against the stored revisions once, and brings up to date
    /// those that changed without this node hearing of it (a missed announcement); returns how
    /// many were behind at the check. A room behind is read again only if it is still behind
    /// [`HEARD_WITHIN`] later: under load, many games have a move stored a moment ago whose
    /// announcement is on its way, and reading each of them again would cost the node and the
    /// database more than the moves. Nothing on a database of one node.
    pub async fn verify(self: &Arc<Self>) -> usize {
        let held: Vec<(String, SharedRoom)> = lock(&self.rooms)
            .iter()
            .map(|(id, room)| (id.clone(), Arc::clone(room)))
            .collect();
        if held.is_empty() || !self.queued {
            return 0;
        }
        let ids = held.iter().map(|(id, _)| id.clone()).collect();
        let Ok(stored) = self.stored(self.store.revisions(ids)).await else {
            return 0;
        };
        let stored: std::collections::HashMap<String, u64> = stored.into_iter().collect();
        let mut behind = Vec::new();
        for (id, room) in held {
            // Revisions only grow: a room at or past the stored revision (its own changes made
            // meanwhile) is up to date.
            if let Some(&revision) = stored.get(&id)
                && revision > lock(&room).revision()
            {
                behind.push((id, room, revision));
            }
        }
        let count = behind.len();
        if count > 0 {
            let hub = Arc::clone(self);
            tokio::spawn(async move {
                tokio::time::sleep(HEARD_WITHIN).await;
                hub.read_missed(behind);
            });
        }
        count
    }

    /// Reads again each room of `behind` (its id, the room, the revision stored at the check)
    /// that is still behind, in a task of its own: its announcement never came.
    fn read_missed(self: &Arc<Self>, behind: Vec<(String, SharedRoom, u64)>) {
        for (id, room, revision) in behind {
            // A room whose order is held has a change of its own in flight, which may be
            // stored and not yet applied: the next check sees it settled.
            let order = lock(&room).order();
            let Ok(_turn) = order.try_lock() else {
                continue;
            };
            if lock(&room).revision() >= revision {
                continue;
            }
            tracing::warn!(game = %id, "a game changed elsewhere without an announcement");
            let hub = Arc::clone(self);
            let span = tracing::info_span!("verify", game = %id);
            tokio::spawn(async move { hub.refresh_room(&room, None).await }.instrument(span));
        }
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
        // A safety net for announcements that never came: every game held here is checked
        // against its stored revision every few seconds.
        let checker = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(VERIFY_INTERVAL);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                ticks.tick().await;
                let Some(hub) = checker.upgrade() else {
                    return;
                };
                let behind = hub.verify().await;
                if behind > 0 {
                    tracing::debug!(behind, "games behind their stored revision");
                }
            }
        });
        let hub = Arc::downgrade(self);
        tokio::spawn(async move {
            while let Some(changed) = changes.recv().await {
                let Some(hub) = hub.upgrade() else {
                    return;
                };
                if let (Some(metrics), Some(sent)) = (hub.metrics(), changed.sent_ms) {
                    let after = crate::clock::now_ms().saturating_sub(sent);
                    metrics.notification_heard(std::time::Duration::from_millis(
                        u64::try_from(after).unwrap_or(0),
                    ));
                }
                if let Some((player, event)) = &changed.told {
                    hub.sites().tell(player, event);
                    continue;
                }
                if let Some((node, seats)) = changed.presence {
                    hub.heard_presence(&changed.id, &node, seats);
                    continue;
                }
                let span = tracing::info_span!("follow", game = %changed.id);
                tokio::spawn(async move { hub.refresh(&changed).await }.instrument(span));
            }
        });
        Ok(())
    }
}
