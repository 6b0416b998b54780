//! Clocks running out: every node looks, several times a second, for stored games whose
//! deadline passed (whichever node served them, or none: a node that died), and ends each on
//! time, once (the change is made at the game's revision: of two nodes ending it at once, one
//! stores it). A move that arrives after its player's deadline ends the game the same way.

use std::sync::Arc;
use std::time::Duration;

use super::agreements::end;
use super::{Hub, SharedRoom, lock};
use crate::clock::now_ms;
use crate::error::HubError;
use crate::store::StoredEnding;

/// How often the store is asked for games out of time.
pub const LOOK_EVERY: Duration = Duration::from_millis(200);

/// The most games ended on time at one look.
const AT_ONCE: usize = 64;

impl Hub {
    /// Looks for games out of time every [`LOOK_EVERY`] and ends them, for as long as the
    /// hub lives or until the returned task is aborted.
    pub fn watch_clocks(self: &Arc<Self>) -> tokio::task::JoinHandle<()> {
        let hub = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(LOOK_EVERY);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                ticks.tick().await;
                let Some(hub) = hub.upgrade() else {
                    return;
                };
                let expired = match hub.stored(hub.store.expired(now_ms(), AT_ONCE)).await {
                    Ok(ids) => ids,
                    Err(e) => {
                        tracing::warn!(error = %e, "cannot look for games out of time");
                        continue;
                    }
                };
                for id in expired {
                    match hub.room(&id).await {
                        Ok(Some(room)) => {
                            if let Err(e) = hub.flag(&room).await {
                                tracing::info!(game = %id, error = %e, "not ended on time");
                            }
                        }
                        Ok(None) => {}
                        Err(e) => tracing::warn!(game = %id, error = %e, "cannot open the game"),
                    }
                }
            }
        })
    }

    /// Ends the room's game if its player to move is out of time; returns whether it did.
    ///
    /// # Errors
    /// A storage failure.
    pub async fn flag(self: &Arc<Self>, room: &SharedRoom) -> Result<bool, HubError> {
        let order = lock(room).order.clone();
        let _turn = order.lock().await;
        self.flag_held(room).await
    }

    /// [`Hub::flag`] for a caller that holds the game's order.
    pub(crate) async fn flag_held(self: &Arc<Self>, room: &SharedRoom) -> Result<bool, HubError> {
        self.fresh(room).await?;
        let change = {
            let guard = lock(room);
            let Some(seat) = guard.out_of_time() else {
                return Ok(false);
            };
            // A rated game out of time before every player moved never began: it is aborted
            // (not lost: no rating is won against a player who never sat down to play).
            if guard.mode == crate::protocol::Mode::Rated && !guard.every_seat_moved() {
                end(&guard, StoredEnding::Aborted { seat })
            } else {
                let mut change = end(&guard, StoredEnding::Timeout { seat });
                // The flagged player's time is all gone, not what the look found left.
                if let crate::store::Change::End {
                    clock: Some(clock), ..
                } = &mut change
                    && let Some(left) = clock.remaining.get_mut(seat)
                {
                    *left = 0;
                }
                change
            }
        };
        self.agree(room, change).await?;
        Ok(true)
    }
}
