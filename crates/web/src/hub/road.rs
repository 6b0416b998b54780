//! The one road every change to a live game takes.
//!
//! ```text
//!  a page, a computer, a clock, a lobby          another node (a shared database)
//!            │ Command                                  │ announced move / stored game
//!            ▼                                          ▼
//!  Hub::transact ── the game's order (one change at a time, held across the write)
//!            │ 1. fresh: the room read again if a write's outcome was unknown
//!            │ 2. decide: Command::decide(&Room) → Decision (the Change, checked once)
//!            │ 3. store:  GameStore::change(id, revision decided against, Change),
//!            │            a rated game it ends rated in the same transaction
//!            │ 4. apply:  Room::apply(Change, new revision)   (room/apply.rs)
//!            │ 5. send:   Room::broadcast, each connection its own view
//!            ▼
//!  after the order is let go: start a computer to move (and rate a rated game that ended
//!  unrated, stored before this node could rate it)
//! ```
//!
//! A command is decided against the room under its (blocking) lock, which is let go before
//! the write: no lock but the game's order is held across an `.await`. A change that lost a
//! race with another node is refused with "the game changed", and the room is read again.
//! Adding a kind of change is one [`Command`] (in [`super::command`]) and its handler (a
//! function from the room to a [`Decision`], beside the others of its kind), named in
//! [`Command::decide`]; how the change reads when it cannot be stored is [`Decision::what`].

use std::sync::Arc;

use super::command::{Command, Decision};
use super::{Hub, SharedRoom, lock, store_error};
use crate::error::{HubError, Refusal};
use crate::room::Room;
use crate::store::{Change, Rating, RatingChange, StoreError};

impl Command<'_> {
    /// Decides the command against the room as it stands: the change to make, none when
    /// there is nothing to change (a seat already taken by its own player, a clock not run
    /// out), or the refusal.
    ///
    /// # Errors
    /// Why the command is refused; nothing changes.
    pub fn decide(&self, room: &Room) -> Result<Option<Decision>, HubError> {
        match self {
            Command::Move {
                seats,
                text,
                timing,
            } => super::actions::decide_move(room, seats, text, *timing).map(Some),
            Command::Computer { version, text } => {
                super::computer::decide_move(room, *version, text)
            }
            Command::Undo { seats } => super::actions::decide_undo(room, seats).map(Some),
            Command::Resign { seats } => super::actions::decide_resign(room, seats).map(Some),
            Command::OfferDraw { seats } => super::agreements::decide_draw(room, seats).map(Some),
            Command::Takeback { seats } => {
                super::agreements::decide_takeback(room, seats).map(Some)
            }
            Command::Answer { seats, accept } => {
                super::agreements::decide_answer(room, seats, *accept).map(Some)
            }
            Command::Abort { seats } => super::agreements::decide_abort(room, seats).map(Some),
            Command::Claim { seats, draw } => {
                super::claims::decide_claim(room, seats, *draw).map(Some)
            }
            Command::Flag => Ok(super::clocks::decide_flag(room)),
            Command::Sit { seat, player } => super::seating::decide_sit(room, *seat, player),
            Command::Rematch { game } => super::create::decide_rematch(room, game),
            Command::OfferRematch { seats } => super::agreements::decide_rematch_offer(room, seats),
        }
    }
}

impl Hub {
    /// The one road of a change: in the game's order, the room read again if stale, the
    /// command decided against it, the change stored at the revision decided against (a
    /// rated game it ends rated in the same transaction), applied to the room and sent to
    /// every connection; then, the order let go, a computer to move starts. Returns whether
    /// a change was stored.
    ///
    /// # Errors
    /// The command's refusal, "the game changed" when another node's change came first (the
    /// room then shows it), or a storage failure; nothing changed.
    pub async fn transact(
        self: &Arc<Self>,
        room: &SharedRoom,
        command: Command<'_>,
    ) -> Result<bool, HubError> {
        let order = lock(room).order();
        let turn = order.lock().await;
        self.fresh(room).await?;
        let decision = command.decide(&lock(room))?;
        let Some(decision) = decision else {
            return Ok(false);
        };
        let refusal = self.commit(room, decision).await;
        drop(turn);
        self.settle(room);
        self.schedule_computer(room).await;
        refusal.map(|()| true)
    }

    /// Reads the room again from storage if an earlier write's outcome is unknown. The
    /// caller holds the game's order.
    pub(crate) async fn fresh(&self, room: &SharedRoom) -> Result<(), HubError> {
        if lock(room).stale() {
            self.reload(room).await?;
        }
        Ok(())
    }

    /// Stores `change` at the room's revision, rated as `rating` says in the same transaction
    /// when it ends a rated game. On success returns the new revision and the rating changes;
    /// on a conflict, reads the game again (it is shown as stored) and refuses with "the game
    /// changed"; when the outcome is unknown, marks the room to be read again. The caller
    /// holds the game's order.
    pub(crate) async fn store_change(
        self: &Arc<Self>,
        room: &SharedRoom,
        what: &'static str,
        change: Change,
        rating: Option<Rating>,
    ) -> Result<(u64, Vec<RatingChange>), HubError> {
        let (id, revision) = {
            let guard = lock(room);
            (guard.id().to_owned(), guard.revision())
        };
        let began = std::time::Instant::now();
        let stored = match rating {
            Some(rating) => {
                self.stored(self.store.change_rated(&id, revision, change, rating))
                    .await
            }
            None => self
                .stored(self.store.change(&id, revision, change))
                .await
                .map(|revision| (revision, Vec::new())),
        };
        if let Some(metrics) = self.metrics() {
            metrics.store_write(began.elapsed());
        }
        match stored {
            Ok(revision) => Ok(revision),
            Err(StoreError::Conflict { expected, stored }) => {
                tracing::info!(game = %id, expected, stored, "{what} lost a race: the game changed");
                self.reload(room).await?;
                Err(Refusal::ChangedElsewhere.into())
            }
            Err(e) => {
                // The write may or may not have reached the database: read it again first.
                self.heal(room);
                Err(store_error(what, e))
            }
        }
    }

    /// Stores a decided change at the room's revision and applies it to the room (sent to
    /// every connection). The caller holds the game's order; the decision was made against
    /// the room as it stands. Returns the decision's refusal once stored, if it had one.
    async fn commit(
        self: &Arc<Self>,
        room: &SharedRoom,
        decision: Decision,
    ) -> Result<(), HubError> {
        let Decision {
            what,
            change,
            checked,
            then_refuse,
        } = decision;
        let rating = lock(room).rating_after(&change, checked.as_ref());
        let told = crate::site::Told::of(&change);
        let (revision, rated) = self
            .store_change(room, what, change.clone(), rating)
            .await?;
        if let Change::Move { ply, notation, .. } = &change {
            tracing::debug!(ply, %notation, revision, "move stored");
            if let Some(metrics) = self.metrics() {
                metrics.move_stored(lock(room).game().info().id);
            }
        } else {
            tracing::debug!(revision, "{what} stored");
        }
        let applied = lock(room).apply(change, revision, checked, rated);
        if let Err(e) = applied {
            // Stored but not applied here: the room is read again from storage.
            tracing::error!(error = %e, "a stored change could not be applied");
            self.heal(room);
            return Err(HubError::Internal(format!(
                "{what} was stored but not shown: {e}"
            )));
        }
        // The players are told on every page of theirs (an offer, an end, their turn by post).
        if let Some(told) = told {
            let events = told.events(&lock(room));
            for (player, event) in events {
                self.tell(&player, &event);
            }
        }
        then_refuse.map_or(Ok(()), Err)
    }
}
