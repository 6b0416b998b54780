//! Clocks running out: every node looks, several times a second, for stored games whose
//! deadline passed (whichever node served them, or none: a node that died), and ends each on
//! time, once (the change is made at the game's revision: of two nodes ending it at once, one
//! stores it). A move that arrives after its player's deadline ends the game the same way.
//! Every node also notes that it serves, so that one starting after an outage moves the
//! running clocks on by the time nobody served ([`crate::store::outage`]).

use std::sync::Arc;
use std::time::Duration;

use super::Hub;
use super::SharedRoom;
use super::agreements::ending;
use super::command::{Command, Decision};
use crate::clock::now_ms;
use crate::error::HubError;
use crate::room::Room;
use crate::store::{Change, StoredEnding};

/// How often the store is asked for games out of time.
pub const LOOK_EVERY: Duration = Duration::from_millis(200);

/// The most games ended on time at one look.
const AT_ONCE: usize = 64;

impl Hub {
    /// At the start of serving: when no server served the database for a while, every running
    /// clock is moved on by that time, so that an outage costs nobody time
    /// ([`crate::store::outage`]). Call before [`Hub::watch_clocks`] and before any game is
    /// opened; returns the time nobody served, ms (0: none, or it could not be known).
    pub async fn resume_clocks(self: &Arc<Self>) -> i64 {
        match self.stored(self.store.resume(now_ms())).await {
            Ok(0) => 0,
            Ok(gap) => {
                tracing::info!(
                    seconds = gap as f64 / 1000.0,
                    "no server served for a while: the running clocks resume where they stopped"
                );
                gap
            }
            Err(e) => {
                tracing::warn!(error = %e, "cannot resume the clocks after an outage");
                0
            }
        }
    }

    /// Looks for games out of time every [`LOOK_EVERY`] and ends them, and notes every
    /// [`BEAT_EVERY`](crate::store::outage::BEAT_EVERY) that this server serves, for as long
    /// as the hub lives or until the returned task is aborted.
    pub fn watch_clocks(self: &Arc<Self>) -> tokio::task::JoinHandle<()> {
        let hub = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(LOOK_EVERY);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            let mut beaten: Option<std::time::Instant> = None;
            loop {
                ticks.tick().await;
                let Some(hub) = hub.upgrade() else {
                    return;
                };
                if beaten.is_none_or(|at| at.elapsed() >= crate::store::outage::BEAT_EVERY) {
                    beaten = Some(std::time::Instant::now());
                    if let Err(e) = hub.stored(hub.store.beat(now_ms())).await {
                        tracing::warn!(error = %e, "cannot note that this server serves");
                    }
                }
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

    /// Ends the room's game if its player to move is out of time ([`Command::Flag`]);
    /// returns whether it did.
    ///
    /// # Errors
    /// A storage failure.
    pub async fn flag(self: &Arc<Self>, room: &SharedRoom) -> Result<bool, HubError> {
        self.transact(room, Command::Flag).await
    }
}

/// The game ended on time, decided against the room: none unless its player to move is out
/// of time now.
pub(crate) fn decide_flag(room: &Room) -> Option<Decision> {
    let seat = room.out_of_time()?;
    // A player out of time (or past their first move's due time) before making a first
    // move never began the game: it is aborted, whatever its mode (not lost: no rating is
    // won against a player who never sat down to play); so is a rated game out of time
    // before every player moved.
    let rated = room.mode() == crate::protocol::Mode::Rated;
    if !room.has_moved(seat) || (rated && !room.every_seat_moved()) {
        return Some(ending(room, StoredEnding::Aborted { seat }));
    }
    let mut decision = ending(room, StoredEnding::Timeout { seat });
    // The flagged player's time is all gone, not what the look found left.
    if let Change::End {
        clock: Some(clock), ..
    } = &mut decision.change
        && let Some(left) = clock.remaining.get_mut(seat)
    {
        *left = 0;
    }
    Some(decision)
}
