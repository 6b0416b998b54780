//! What the players of a game do: moves, undo, resignation (each a [`Command`] decided here and
//! made on the one road, [`Hub::transact`]), and hints, looking back at a position, analysis
//! and records, which change nothing.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use tokio::sync::mpsc::Sender;

use super::command::Timing;
use super::command::{Command, Decision};
use super::{Hub, SharedRoom, lock};
use crate::asking::Reply;
use crate::error::{HubError, MAX_MOVE_TEXT, Refusal};
use crate::protocol::{Mode, ServerMessage};
use crate::room::{Outgoing, Room};
use crate::store::{Change, StoredEnding, Timed};

/// A move from a connection playing `seats`, decided against the room: read and checked
/// once, with the clock after it. A move that arrived after its player's time ran out ends
/// the game on time instead (and is refused).
pub(crate) fn decide_move(
    room: &Room,
    seats: &[usize],
    text: &str,
    timing: Timing,
) -> Result<Decision, HubError> {
    if text.len() > MAX_MOVE_TEXT {
        return Err(Refusal::MoveTooLong.into());
    }
    let Some(to_move) = room.to_move() else {
        return Err(Refusal::GameOver.into());
    };
    if seats.is_empty() {
        return Err(Refusal::SpectatorMove.into());
    }
    if !seats.contains(&to_move) {
        return Err(Refusal::NotYourTurn(to_move).into());
    }
    if room.thinking().is_some() {
        return Err(Refusal::ComputerThinking.into());
    }
    if !room.seated() {
        return Err(Refusal::WaitingForPlayers.into());
    }
    let late = room
        .clock()
        .is_some_and(|c| c.out_of_time(Some(to_move), timing.arrived));
    if late && let Some(mut flag) = super::clocks::decide_flag(room) {
        flag.then_refuse = Some(Refusal::OutOfTime.into());
        return Ok(flag);
    }
    checked_move(room, text, timing)
}

/// The change a move makes, read and checked once against the room (whoever makes it).
pub(crate) fn checked_move(room: &Room, text: &str, timing: Timing) -> Result<Decision, HubError> {
    let checked = room.game().check(text)?;
    let clock = match (room.clock(), room.to_move()) {
        (Some(clock), Some(mover)) => {
            // A first move was due, or this is the game's first: the next player's first
            // move is due if they have not moved yet (a turn of several moves goes on).
            let due = (clock.first_move_by.is_some() || clock.since.is_none())
                && room.mode().between_people()
                && checked
                    .next
                    .is_some_and(|next| next != mover && !room.has_moved(next));
            let clock = clock
                .after_move(
                    mover,
                    checked.next,
                    timing.arrived,
                    timing.shown_at,
                    timing.thought,
                )
                .first_move_due(due, timing.arrived);
            let deadline = clock.deadline(checked.next);
            Some(Box::new(Timed { clock, deadline }))
        }
        _ => None,
    };
    let change = Change::Move {
        ply: room.game().ply(),
        notation: checked.notation.clone(),
        finished: checked.ends,
        clock,
    };
    Ok(Decision {
        checked: Some(checked),
        ..Decision::new("the move", change)
    })
}

/// Taking back a turn (against the computer, or on one screen), decided against the room.
pub(crate) fn decide_undo(room: &Room, seats: &[usize]) -> Result<Decision, HubError> {
    if room.mode().between_people() {
        return Err(Refusal::OnlineUndo.into());
    }
    if room.over() {
        return Err(Refusal::Finished.into());
    }
    if !room.may_undo(seats) {
        return Err(Refusal::NothingToTakeBack.into());
    }
    let from = room.game().ply() - room.game().undo_count()?;
    Ok(Decision::new(
        "the undo",
        Change::Truncate { from, clock: None },
    ))
}

/// A resignation for a connection playing `seats` (the seat to move if it plays it),
/// decided against the room. Resigned before every player moved, a rated game never began:
/// it is aborted, and nobody's rating changes (two names of one person cannot farm wins by
/// resigning at once).
pub(crate) fn decide_resign(room: &Room, seats: &[usize]) -> Result<Decision, HubError> {
    if room.over() {
        return Err(Refusal::GameOver.into());
    }
    let Some(seat) = room.perspective(seats).or(seats.first().copied()) else {
        return Err(Refusal::SpectatorResign.into());
    };
    if room.mode() == Mode::Rated && !room.every_seat_moved() {
        return Ok(super::agreements::ending(
            room,
            StoredEnding::Aborted { seat },
        ));
    }
    Ok(Decision::new("the resignation", Change::Resign { seat }))
}

impl Hub {
    /// Plays a move for a connection playing `seats` ([`Command::Move`]).
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
        let command = Command::Move {
            seats,
            text,
            timing,
        };
        self.transact(room, command).await.map(drop)
    }

    /// Takes back a turn (against the computer, or in hotseat): [`Command::Undo`].
    ///
    /// # Errors
    /// When this connection may not, or there is nothing to take back.
    pub async fn undo(
        self: &Arc<Self>,
        room: &SharedRoom,
        seats: &[usize],
    ) -> Result<(), HubError> {
        self.transact(room, Command::Undo { seats }).await.map(drop)
    }

    /// Resigns for a connection playing `seats`: [`Command::Resign`].
    ///
    /// # Errors
    /// When the game is over or the connection plays no seat.
    pub async fn resign(
        self: &Arc<Self>,
        room: &SharedRoom,
        seats: &[usize],
    ) -> Result<(), HubError> {
        self.transact(room, Command::Resign { seats })
            .await
            .map(drop)
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
        if !guard.mode().hints() {
            return Err(Refusal::HintBetweenPeople.into());
        }
        match guard.to_move() {
            Some(s) if seats.contains(&s) => {}
            _ => return Err(Refusal::HintNotYourTurn.into()),
        }
        let job = guard.game().hint_job().ok_or(Refusal::NoHint)?;
        let game = guard.asking().start().ok_or(Refusal::GameAsking)?;
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
        let at = at.min(guard.game().ply());
        let picture = guard.game().picture_at(guard.perspective(seats), at);
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
        if guard.game().info().hidden_information {
            return Err(Refusal::AnalysisHidden.into());
        }
        if !guard.over() || at > guard.game().ply() {
            return Err(Refusal::AnalysisNotNow.into());
        }
        let job = guard.game().analysis_job(at);
        let game = guard.asking().start().ok_or(Refusal::GameAsking)?;
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
