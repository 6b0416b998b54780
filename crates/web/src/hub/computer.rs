//! Computer players: a search on a blocking thread of the computer pool, its move a
//! [`Command::Computer`] made on the one road like a person's ([`Hub::transact`]). On a database several nodes share, a computer's
//! move is queued in the database and made by whichever node's worker claims it; the workers
//! skip the moves of a client network that already holds its share
//! ([`crate::limits::Limits::computer_share`]) of claims on all nodes together.
//!
//! # A panic costs one search
//! Searches run on blocking threads, where a panic is caught (the release profile unwinds):
//! the server logs it, tells the game's players "the computer player failed", and tries the
//! same move again with a fresh search, at most [`ATTEMPTS`] times in a row. After that the
//! computer stays to move with the error shown, and its next chance comes when someone joins
//! the game (or, on a shared database, when the queued move is claimed again). Every other
//! game goes on: nothing is held while a search runs but its own threads of the pool.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use tracing::Instrument as _;

use super::actions::checked_move;
use super::command::{Command, Decision, Timing};
use super::{CLAIM, Hub, SharedRoom, lock};
use crate::error::{HubError, Refusal};
use crate::room::Room;

/// How many searches in a row one computer move gets when searches panic.
pub const ATTEMPTS: u32 = 3;

/// The move a computer chose for the room's `version`, decided against the room: none when
/// it no longer thinks about that version (the game moved on, was taken back or ended).
pub(crate) fn decide_move(
    room: &Room,
    version: u64,
    text: &str,
) -> Result<Option<Decision>, HubError> {
    if room.thinking() != Some(version) {
        return Ok(None);
    }
    checked_move(room, text, Timing::now()).map(Some)
}

impl Hub {
    /// If a computer is to move and someone has the game open (a player, or a spectator of a
    /// game of computers): on a database nodes share, queues its move for the workers of
    /// every node ([`Hub::work`]); otherwise starts it here. A game nobody has open waits:
    /// the first connection to join it schedules its computer.
    pub async fn schedule_computer(self: &Arc<Self>, room: &SharedRoom) {
        if !lock(room).watched() {
            return;
        }
        if !self.queued {
            drop(self.think(room, 0));
            return;
        }
        let (id, ply, version, visitor) = {
            let guard = lock(room);
            if guard.computer_to_move().is_none() {
                return;
            }
            (
                guard.id().to_owned(),
                guard.game().ply(),
                guard.version(),
                guard.visitor(),
            )
        };
        let queued = self.store.enqueue_computer(&id, ply, visitor);
        if let Err(e) = self.stored(queued).await {
            tracing::warn!(game = %id, error = %e, "the computer's move cannot be queued");
            return;
        }
        // Shown as thinking until the move arrives, from whichever node makes it.
        lock(room).queue_computer(version);
    }

    /// If a computer is to move and not yet thinking, starts it on a blocking thread; its
    /// move is played unless the game changed meanwhile. The task ends once the move is
    /// played (or dropped). `attempt` counts the searches of this move that panicked.
    fn think(
        self: &Arc<Self>,
        room: &SharedRoom,
        attempt: u32,
    ) -> Option<tokio::task::JoinHandle<()>> {
        let mut guard = lock(room);
        guard.computer_to_move()?;
        let version = guard.version();
        if guard.thinking() == Some(version) {
            return None;
        }
        let mut job = guard.game().computer_job()?;
        if self.panic_next.swap(false, Ordering::SeqCst) {
            job = Box::new(|| panic!("a search panicking on purpose (test hook)"));
        }
        guard.start_thinking(version);
        let span = tracing::info_span!("computer", game = %guard.id(), ply = guard.game().ply());
        drop(guard);
        let hub = Arc::clone(self);
        let room = Arc::clone(room);
        Some(tokio::spawn(
            async move {
                // Each search holds as many of the pool's threads as it searches on; a game
                // waits its turn.
                let waiting = hub.metrics().map(|m| m.computer_waits());
                let visitor = lock(&room).visitor();
                let share = hub.share(visitor).await;
                let permits = hub.search_permits();
                let Ok(permit) = Arc::clone(&hub.computers).acquire_many_owned(permits).await
                else {
                    return;
                };
                drop(waiting);
                {
                    // Resigned, taken back or moved on while it waited: nothing to think about.
                    let guard = lock(&room);
                    if guard.thinking() != Some(version) || guard.version() != version {
                        return;
                    }
                }
                hub.searches.fetch_add(1, Ordering::Relaxed);
                hub.running.fetch_add(1, Ordering::Relaxed);
                let began = std::time::Instant::now();
                let chosen = tokio::task::spawn_blocking(job).await;
                hub.running.fetch_sub(1, Ordering::Relaxed);
                if let Some(metrics) = hub.metrics() {
                    metrics.computer_thought(began.elapsed());
                }
                drop(permit);
                drop(share);
                let text = match chosen {
                    Ok(Some(text)) => text,
                    Ok(None) => {
                        Hub::computer_failed(&room, version, "it found no move");
                        return;
                    }
                    Err(e) => {
                        let panicked = e.is_panic();
                        if panicked {
                            hub.panics.fetch_add(1, Ordering::Relaxed);
                            if let Some(metrics) = hub.metrics() {
                                metrics.search_panicked();
                            }
                        }
                        tracing::error!(attempt, panicked, error = %e, "the computer's search failed");
                        Hub::computer_failed(&room, version, "its search crashed");
                        if panicked && attempt + 1 < ATTEMPTS {
                            drop(hub.think(&room, attempt + 1));
                        }
                        return;
                    }
                };
                match hub.transact(&room, Command::Computer { version, text }).await {
                    Ok(_) => {}
                    Err(HubError::Refused(Refusal::ChangedElsewhere)) => {
                        // The game changed meanwhile (a person's undo, another node's move):
                        // the room now shows it; nothing to play.
                        lock(&room).stop_thinking(version, None);
                        hub.schedule_computer(&room).await;
                    }
                    Err(e) => {
                        tracing::warn!(error = %e, "the computer's move was not stored");
                        Hub::computer_failed(&room, version, &e.to_string());
                    }
                }
            }
            .instrument(span),
        ))
    }

    /// Tells a game's connections that its computer failed to move, and stops showing it
    /// as thinking (a connection that joins gives it another chance).
    fn computer_failed(room: &SharedRoom, version: u64, why: &str) {
        let message = HubError::Computer(why.to_owned()).to_string();
        lock(room).stop_thinking(version, Some(&message));
    }

    /// How many of the computer pool's threads one search holds: the threads it searches on
    /// ([`tabuleiro_ai::threads::default`], which `tabuleiro serve --threads` sets), at most
    /// the whole pool.
    pub(crate) fn search_permits(&self) -> u32 {
        let pool = self.limits.computer_threads.max(1);
        u32::try_from(tabuleiro_ai::threads::default().clamp(1, pool)).unwrap_or(1)
    }

    /// Runs `workers` workers for ever (none when 0): each claims a queued computer move of
    /// any game from the shared database ([`crate::store::GameStore::claim_computer`]), opens
    /// the game here, thinks, and plays the move through the same path as a person's. A claim
    /// lasts [`CLAIM`]: a node that dies while thinking leaves its move to another worker
    /// then. Nothing to do on a database no other node shares.
    pub fn work(self: &Arc<Self>, workers: usize) {
        if !self.queued {
            return;
        }
        for n in 0..workers {
            let hub = Arc::downgrade(self);
            let name = format!("{}/{n}", self.node);
            tokio::spawn(async move {
                loop {
                    let Some(hub) = hub.upgrade() else {
                        return;
                    };
                    // A stopping node claims no more (it hands back what it holds).
                    if hub.draining() {
                        return;
                    }
                    if !hub.work_once(&name).await {
                        drop(hub);
                        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
                    }
                }
            });
        }
    }

    /// Hands back the queued computer moves this node's workers claimed (a stopping node):
    /// other nodes' workers take them at once. Returns how many.
    ///
    /// # Errors
    /// When the database cannot be written (the claims then run out by themselves, after
    /// [`CLAIM`]).
    pub async fn hand_back(&self) -> Result<usize, crate::store::StoreError> {
        self.stored(self.store.release_computers(&self.node)).await
    }

    /// Claims and makes one queued computer move; returns whether there was one.
    async fn work_once(self: &Arc<Self>, worker: &str) -> bool {
        let share = self.limits.computer_share;
        let claimed = self
            .stored(self.store.claim_computer(worker, CLAIM, share))
            .await;
        let Ok(Some((id, ply))) = claimed else {
            return false;
        };
        let Ok(Some(room)) = self.room(&id).await else {
            return true;
        };
        // The room may lag behind the stored game (a move made elsewhere, not yet heard of).
        if lock(&room).game().ply() != ply {
            let order = lock(&room).order();
            let _turn = order.lock().await;
            if let Err(e) = self.reload(&room).await {
                tracing::warn!(game = %id, error = %e, "cannot read a queued game");
            }
        }
        if lock(&room).game().ply() != ply {
            return true;
        }
        if let Some(thinking) = self.think(&room, 0) {
            let _ = thinking.await;
        }
        true
    }
}
