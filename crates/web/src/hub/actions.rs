//! What the players of a game do: moves, undo, resignation (each a change made in the game's
//! order and stored before it is applied), and hints, looking back at a position, analysis and
//! records, which change nothing.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::sync::mpsc::Sender;

use super::{Hub, SharedRoom, lock, store_error};
use crate::asking::Reply;
use crate::clock::now_ms;
use crate::error::{HubError, MAX_MOVE_TEXT, Refusal};
use crate::protocol::ServerMessage;
use crate::room::Outgoing;
use crate::store::{Change, StoreError, StoredEnding, Timed};

/// When a move arrived at the server, and when the state before it was last written to the
/// connection that sent it (ms since 1970).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Timing {
    /// When the move was read from its connection.
    pub arrived: i64,
    /// When that connection was last sent a state, if it was.
    pub shown_at: Option<i64>,
    /// How long the player thought, as their page measured it, if it says (ms): the rest of
    /// the time the server measured is lag, compensated within a quota
    /// ([`crate::clock::Clock::after_move`]).
    pub thought: Option<u64>,
}

impl Timing {
    /// A move arriving now from nobody's connection (a computer's, a test's).
    pub fn now() -> Self {
        Timing {
            arrived: now_ms(),
            shown_at: None,
            thought: None,
        }
    }
}

impl Hub {
    /// Reads the room again from storage if an earlier write's outcome is unknown. The
    /// caller holds the game's order.
    pub(crate) async fn fresh(&self, room: &SharedRoom) -> Result<(), HubError> {
        if lock(room).stale {
            self.reload(room).await?;
        }
        Ok(())
    }

    /// Stores `change` at the room's revision. On success returns the new revision; on a
    /// conflict, reads the game again (it is shown as stored) and refuses with "the game
    /// changed"; when the outcome is unknown, marks the room to be read again. The caller
    /// holds the game's order.
    pub(crate) async fn store_change(
        self: &Arc<Self>,
        room: &SharedRoom,
        what: &'static str,
        change: Change,
    ) -> Result<u64, HubError> {
        let (id, revision) = {
            let guard = lock(room);
            (guard.id.clone(), guard.revision)
        };
        match self.stored(self.store.change(&id, revision, change)).await {
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

    /// Plays a move for a connection playing `seats`: checked, stored, applied, sent.
    ///
    /// # Errors
    /// Why the move is refused; nothing changed.
    pub async fn play(
        self: &Arc<Self>,
        room: &SharedRoom,
        seats: &[usize],
        text: &str,
    ) -> Result<(), HubError> {
        self.play_seen(room, seats, text, Timing::now()).await
    }

    /// [`Hub::play`] with the move's [`Timing`]: on a clock, a player's turn is counted from
    /// when the state that gave it to them left the server to when their move arrived, not
    /// the time the server's own queues took (see [`crate::clock::Clock::after_move`]).
    ///
    /// # Errors
    /// Why the move is refused; nothing changed.
    pub async fn play_seen(
        self: &Arc<Self>,
        room: &SharedRoom,
        seats: &[usize],
        text: &str,
        timing: Timing,
    ) -> Result<(), HubError> {
        if text.len() > MAX_MOVE_TEXT {
            return Err(Refusal::MoveTooLong.into());
        }
        let order = lock(room).order.clone();
        let turn = order.lock().await;
        self.fresh(room).await?;
        let version = {
            let guard = lock(room);
            let Some(to_move) = guard.to_move() else {
                return Err(Refusal::GameOver.into());
            };
            if seats.is_empty() {
                return Err(Refusal::SpectatorMove.into());
            }
            if !seats.contains(&to_move) {
                return Err(Refusal::NotYourTurn(to_move).into());
            }
            if guard.thinking.is_some() {
                return Err(Refusal::ComputerThinking.into());
            }
            if !guard.seated() {
                return Err(Refusal::WaitingForPlayers.into());
            }
            guard.version
        };
        // A move that arrived after its player's time ran out ends the game instead.
        let late = {
            let guard = lock(room);
            let to_move = guard.to_move();
            guard
                .clock
                .as_ref()
                .is_some_and(|c| c.out_of_time(to_move, timing.arrived))
        };
        if late && self.flag_held(room).await? {
            return Err(Refusal::OutOfTime.into());
        }
        self.commit_move(room, version, text, timing).await?;
        drop(turn);
        self.settle(room);
        self.schedule_computer(room).await;
        Ok(())
    }

    /// Checks a move in the room (still at `version`), stores it, applies it and sends the
    /// new state. The caller holds the game's order.
    pub(crate) async fn commit_move(
        self: &Arc<Self>,
        room: &SharedRoom,
        version: u64,
        text: &str,
        timing: Timing,
    ) -> Result<(), HubError> {
        let (checked, ply, timed) = {
            let guard = lock(room);
            if guard.version != version {
                return Err(Refusal::ChangedElsewhere.into());
            }
            let checked = guard.game.check(text)?;
            let timed = match (&guard.clock, guard.to_move()) {
                (Some(clock), Some(mover)) => {
                    let clock = clock.after_move(
                        mover,
                        checked.next,
                        timing.arrived,
                        timing.shown_at,
                        timing.thought,
                    );
                    let deadline = clock.deadline(checked.next);
                    Some(Box::new(Timed { clock, deadline }))
                }
                _ => None,
            };
            (checked, guard.game.ply(), timed)
        };
        let clock = timed.as_ref().map(|t| t.clock.clone());
        let change = Change::Move {
            ply,
            notation: checked.notation.clone(),
            finished: checked.ends,
            clock: timed,
        };
        let revision = self.store_change(room, "the move", change).await?;
        let mut guard = lock(room);
        guard
            .game
            .play(&checked.notation)
            .map_err(|e| HubError::Internal(format!("a checked move failed: {e}")))?;
        guard.revision = revision;
        guard.thinking = None;
        if let Some(mut clock) = clock {
            // The next turn starts when the move is stored and shown, not when it arrived:
            // the write's time is nobody's (as stored, the turn started a little earlier, which
            // only a node reading the game again sees).
            if clock.since.is_some() {
                clock.since = Some(now_ms());
            }
            guard.clock = Some(clock);
        }
        guard.version += 1;
        guard.broadcast();
        tracing::debug!(game = %guard.id, ply, notation = %checked.notation, "move stored");
        Ok(())
    }

    /// Takes back a turn (against the computer, or in hotseat).
    ///
    /// # Errors
    /// When this connection may not, or there is nothing to take back.
    pub async fn undo(
        self: &Arc<Self>,
        room: &SharedRoom,
        seats: &[usize],
    ) -> Result<(), HubError> {
        let order = lock(room).order.clone();
        let turn = order.lock().await;
        self.fresh(room).await?;
        let from = {
            let guard = lock(room);
            if guard.mode.between_people() {
                return Err(Refusal::OnlineUndo.into());
            }
            if guard.over() {
                return Err(Refusal::Finished.into());
            }
            if !guard.may_undo(seats) {
                return Err(Refusal::NothingToTakeBack.into());
            }
            guard.game.ply() - guard.game.undo_count()?
        };
        // Forgotten in storage first: a failure leaves the game as it was.
        let revision = self
            .store_change(room, "the undo", Change::Truncate { from, clock: None })
            .await?;
        {
            let mut guard = lock(room);
            guard
                .game
                .undo_turn()
                .map_err(|e| HubError::Internal(format!("a checked undo failed: {e}")))?;
            guard.revision = revision;
            guard.thinking = None;
            guard.version += 1;
            guard.broadcast();
        }
        drop(turn);
        self.schedule_computer(room).await;
        Ok(())
    }

    /// Resigns for a connection playing `seats` (the seat to move if it plays it).
    ///
    /// # Errors
    /// When the game is over or the connection plays no seat.
    pub async fn resign(
        self: &Arc<Self>,
        room: &SharedRoom,
        seats: &[usize],
    ) -> Result<(), HubError> {
        let order = lock(room).order.clone();
        let _turn = order.lock().await;
        self.fresh(room).await?;
        let (seat, early) = {
            let guard = lock(room);
            if guard.over() {
                return Err(Refusal::GameOver.into());
            }
            let Some(seat) = guard.perspective(seats).or(seats.first().copied()) else {
                return Err(Refusal::SpectatorResign.into());
            };
            // Resigned before every player moved, a rated game never began: it is aborted,
            // and nobody's rating changes (two names of one person cannot farm wins by
            // resigning at once).
            let early = (guard.mode == crate::protocol::Mode::Rated && !guard.every_seat_moved())
                .then(|| super::agreements::end(&guard, StoredEnding::Aborted { seat }));
            (seat, early)
        };
        if let Some(aborted) = early {
            return self.agree(room, aborted).await;
        }
        let revision = self
            .store_change(room, "the resignation", Change::Resign { seat })
            .await?;
        let mut guard = lock(room);
        guard.resigned = Some(seat);
        guard.revision = revision;
        guard.thinking = None;
        guard.game.stop_thinking();
        guard.version += 1;
        guard.broadcast();
        drop(guard);
        self.settle(room);
        Ok(())
    }

    /// Computes a hint off the async runtime and sends it to `reply` only. The search holds
    /// the computer pool's threads while it runs, not while its answer waits for the client;
    /// it is dropped unsearched if the connection closes before its turn.
    ///
    /// # Errors
    /// In an online game that is not casual (between people: the engine's help would be
    /// cheating), when it is not
    /// this connection's turn, or another hint or analysis of the game is under way.
    pub fn hint(
        self: &Arc<Self>,
        room: &SharedRoom,
        seats: &[usize],
        reply: Reply,
    ) -> Result<(), HubError> {
        let guard = lock(room);
        // Hints are for games no other person plays (against the computer, or hotseat, where
        // the players share one screen) and for games created casual, with hints for all.
        if !guard.mode.hints() {
            return Err(Refusal::HintBetweenPeople.into());
        }
        match guard.to_move() {
            Some(s) if seats.contains(&s) => {}
            _ => return Err(Refusal::HintNotYourTurn.into()),
        }
        let job = guard.game.hint_job().ok_or(Refusal::NoHint)?;
        let game = guard.asking.start().ok_or(Refusal::GameAsking)?;
        drop(guard);
        let (computers, permits) = (Arc::clone(&self.computers), self.search_permits());
        let hub = Arc::clone(self);
        Hub::spawn(async move {
            let found = {
                // Hints share the computer players' threads.
                let _share = hub.share(Some(reply.address)).await;
                let Ok(_permit) = computers.acquire_many_owned(permits).await else {
                    return;
                };
                if reply.abandoned() {
                    return;
                }
                tokio::task::spawn_blocking(job).await
            };
            drop(game);
            let message = match found {
                Ok(Some(notation)) => ServerMessage::Hint { notation },
                _ => ServerMessage::error("no hint could be found"),
            };
            reply.send(message).await;
        });
        Ok(())
    }

    /// Sends `reply` the picture of position `at` as this connection may see it; nothing
    /// when its queue is full (the client is not reading).
    pub fn look(&self, room: &SharedRoom, seats: &[usize], at: usize, reply: &Sender<Outgoing>) {
        if reply.capacity() == 0 {
            // A connection that does not read what it asked for gets nothing more drawn.
            return;
        }
        let guard = lock(room);
        let at = at.min(guard.game.ply());
        let picture = guard.game.picture_at(guard.perspective(seats), at);
        drop(guard);
        let _ = reply.try_send(Outgoing::message(&ServerMessage::Look {
            at,
            picture: Box::new(picture),
        }));
    }

    /// Rates every legal move of position `at` of a finished game off the async runtime (on
    /// the computer players' threads, held while the analysis runs) and sends the analysis
    /// to `reply` only; dropped unsearched if the connection closes before its turn, and
    /// given up (between two moves' searches) if it closes during the analysis.
    ///
    /// # Errors
    /// A game still being played or of hidden information, a position past the end, or
    /// another hint or analysis of the game under way.
    pub fn analyse(
        self: &Arc<Self>,
        room: &SharedRoom,
        at: usize,
        reply: Reply,
    ) -> Result<(), HubError> {
        let guard = lock(room);
        if guard.game.info().hidden_information {
            return Err(Refusal::AnalysisHidden.into());
        }
        if !guard.over() || at > guard.game.ply() {
            return Err(Refusal::AnalysisNotNow.into());
        }
        let job = guard.game.analysis_job(at);
        let game = guard.asking.start().ok_or(Refusal::GameAsking)?;
        drop(guard);
        let (computers, permits) = (Arc::clone(&self.computers), self.search_permits());
        let hub = Arc::clone(self);
        Hub::spawn(async move {
            let (moves, source) = match job {
                None => (
                    Vec::new(),
                    "no move to analyse: the game ended here".to_owned(),
                ),
                Some(job) => {
                    let found = {
                        let _share = hub.share(Some(reply.address)).await;
                        let Ok(_permit) = computers.acquire_many_owned(permits).await else {
                            return;
                        };
                        if reply.abandoned() {
                            return;
                        }
                        // Given up as soon as the connection closes: nobody waits for it.
                        let stop = Arc::new(AtomicBool::new(false));
                        let watch = {
                            let (tx, stop) = (reply.tx.clone(), Arc::clone(&stop));
                            Hub::spawn(async move {
                                tx.closed().await;
                                stop.store(true, Ordering::Relaxed);
                            })
                        };
                        let found = tokio::task::spawn_blocking(move || job(&stop)).await;
                        watch.abort();
                        found
                    };
                    match found {
                        Ok(found) => found,
                        Err(e) => {
                            drop(game);
                            let text = ServerMessage::error(format!("the analysis failed: {e}"));
                            reply.send(text).await;
                            return;
                        }
                    }
                }
            };
            drop(game);
            reply
                .send(ServerMessage::Analysis { at, moves, source })
                .await;
        });
        Ok(())
    }

    /// The record of a finished game, as JSON. Never while the game is played: the record
    /// holds the seed, which in a game of hidden information decides everything hidden (and
    /// the tiles each seat traded); a finished game of hidden information cannot be reopened
    /// by undo ([`Hub::undo`]).
    ///
    /// # Errors
    /// When the game is still being played.
    pub fn record(&self, room: &SharedRoom) -> Result<String, HubError> {
        lock(room)
            .finished_record()
            .map(|record| record.to_json())
            .ok_or_else(|| Refusal::NotOver.into())
    }
}
