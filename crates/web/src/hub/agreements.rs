//! What the players of a game between people agree on: a draw offered and accepted, a turn
//! taken back at the other player's request, a game aborted before every player moved, and a
//! rematch offered and accepted once it is over. A declined offer is kept, declined: its player
//! may not make it again for a while ([`OfferKind::again_after`], [`crate::store::REMATCH_AGAIN_MS`]).
//! Each offer and answer is a [`Command`] decided here and stored with the game on the one
//! road ([`Hub::transact`]), so it holds on every node and through a restart; an offer lapses
//! with the next move.

use std::sync::Arc;

use super::command::{Command, Decision};
use super::{Hub, SharedRoom};
use crate::clock::now_ms;
use crate::error::{HubError, Refusal};
use crate::room::Room;
use crate::store::{Change, Offer, OfferKind, StoredEnding, Timed};

/// The change that ends `room`'s game with `ending`, its clock stopped now.
pub(crate) fn end(room: &Room, ending: StoredEnding) -> Change {
    Change::End {
        ending,
        clock: room
            .clock()
            .map(|c| Box::new(c.stopped(room.to_move(), now_ms()))),
    }
}

/// [`end`] decided, with its words.
pub(crate) fn ending(room: &Room, ending: StoredEnding) -> Decision {
    let change = end(room, ending);
    Decision::new(words(&change, None), change)
}

/// What a change is called when it cannot be stored ("could not store the abort");
/// `answered` is the kind of the offer waiting, which a declined answer (an offer of `None`)
/// answers.
pub(crate) fn words(change: &Change, answered: Option<OfferKind>) -> &'static str {
    match change {
        Change::Offer { offer: Some(offer) } => match (offer.kind, offer.declined) {
            (OfferKind::Draw, false) => "the draw offer",
            (OfferKind::Takeback, false) => "the takeback request",
            (OfferKind::Rematch, false) => "the rematch offer",
            (OfferKind::Draw, true) => "the declined draw",
            (OfferKind::Takeback, true) => "the declined takeback",
            (OfferKind::Rematch, true) => "the declined rematch",
        },
        Change::Offer { offer: None } => match answered {
            Some(OfferKind::Draw) => "the withdrawn draw offer",
            Some(OfferKind::Takeback) => "the withdrawn takeback request",
            Some(OfferKind::Rematch) => "the withdrawn rematch offer",
            None => "the answer",
        },
        Change::End { ending, .. } => match ending {
            StoredEnding::Agreed => "the agreed draw",
            StoredEnding::Aborted { .. } => "the abort",
            StoredEnding::Timeout { .. } => "the loss on time",
            StoredEnding::Claimed { draw: false, .. } => "the claimed win",
            StoredEnding::Claimed { draw: true, .. } => "the claimed draw",
        },
        Change::Truncate { .. } => "the takeback",
        Change::Move { .. } => "the move",
        Change::Resign { .. } => "the resignation",
        Change::Sit { .. } => "the seat",
        Change::Rematch { .. } => "the rematch",
    }
}

/// A change an agreement makes, with its words.
fn agreed(room: &Room, change: Change) -> Decision {
    let answered = room.open_offer().map(|o| o.kind);
    Decision::new(words(&change, answered), change)
}

/// The one seat of a player in a game of two between people, checked for an offer.
pub(crate) fn player_of_two(room: &Room, seats: &[usize]) -> Result<usize, HubError> {
    if !room.mode().between_people() || room.seats().len() != 2 {
        return Err(Refusal::NotBetweenTwo.into());
    }
    if room.over() {
        return Err(Refusal::GameOver.into());
    }
    match seats {
        [seat] => Ok(*seat),
        _ => Err(Refusal::SpectatorMove.into()),
    }
}

/// Refuses an offer of `kind` by `seat` that the other player declined too few moves (a
/// rematch: too little time) ago.
fn not_declined_lately(room: &Room, seat: usize, kind: OfferKind) -> Result<(), HubError> {
    let Some(declined) = room
        .declined_offer()
        .filter(|o| o.seat == seat && o.kind == kind)
    else {
        return Ok(());
    };
    let wait = declined.ms_until_again(now_ms());
    if wait > 0 {
        let seconds = u64::try_from(wait).unwrap_or(0).div_ceil(1000);
        return Err(Refusal::RematchDeclinedLately { seconds }.into());
    }
    match declined.moves_until_again(room.game().ply()) {
        0 => Ok(()),
        moves => Err(Refusal::DeclinedLately { kind, moves }.into()),
    }
}

/// A rematch offered for the connection's seat, in a finished game of two between people
/// (the other player accepts it: [`Hub::rematch`]); none when the game has its rematch
/// already. The other player's rematch offer waiting is refused as a change made elsewhere:
/// the rematch asked is then an acceptance, which [`Hub::rematch`] makes.
pub(crate) fn decide_rematch_offer(
    room: &Room,
    seats: &[usize],
) -> Result<Option<Decision>, HubError> {
    let [seat] = seats else {
        return Err(Refusal::SpectatorRematch.into());
    };
    if !room.over() {
        return Err(Refusal::RematchNotOver.into());
    }
    if room.rematch().is_some() {
        return Ok(None);
    }
    match room.open_offer() {
        Some(o) if o.kind == OfferKind::Rematch && o.seat != *seat => {
            return Err(Refusal::ChangedElsewhere.into());
        }
        Some(o) if o.kind == OfferKind::Rematch => return Err(Refusal::OfferWaiting.into()),
        _ => {}
    }
    not_declined_lately(room, *seat, OfferKind::Rematch)?;
    let offer = Offer::new(OfferKind::Rematch, *seat, room.game().ply(), now_ms());
    Ok(Some(agreed(room, Change::Offer { offer: Some(offer) })))
}

/// A draw offered for the connection's seat, or the other player's offer accepted (then the
/// game ends in a draw by agreement).
pub(crate) fn decide_draw(room: &Room, seats: &[usize]) -> Result<Decision, HubError> {
    let seat = player_of_two(room, seats)?;
    Ok(match room.open_offer() {
        Some(o) if o.kind == OfferKind::Draw && o.seat != seat => {
            ending(room, StoredEnding::Agreed)
        }
        Some(o) if o.seat == seat => return Err(Refusal::OfferWaiting.into()),
        _ => {
            not_declined_lately(room, seat, OfferKind::Draw)?;
            let offer = Offer::new(OfferKind::Draw, seat, room.game().ply(), now_ms());
            agreed(room, Change::Offer { offer: Some(offer) })
        }
    })
}

/// The other player asked to take back the connection's last turn, while it is the other
/// player's turn (and the turn drew no hidden tiles).
pub(crate) fn decide_takeback(room: &Room, seats: &[usize]) -> Result<Decision, HubError> {
    let seat = player_of_two(room, seats)?;
    let last = room.game().shown(Some(seat)).moves.last().map(|m| m.seat);
    if room.to_move() == Some(seat) || last != Some(seat) {
        return Err(Refusal::TakebackNotNow.into());
    }
    if room.open_offer().is_some_and(|o| o.seat == seat) {
        return Err(Refusal::OfferWaiting.into());
    }
    not_declined_lately(room, seat, OfferKind::Takeback)?;
    room.game().undo_count()?;
    let offer = Offer::new(OfferKind::Takeback, seat, room.game().ply(), now_ms());
    Ok(agreed(room, Change::Offer { offer: Some(offer) }))
}

/// The other player's offer answered: accepted, a draw by agreement or their turn taken
/// back; declined, the offer is kept as declined (its player may not make it again for
/// [`OfferKind::again_after`] moves).
pub(crate) fn decide_answer(
    room: &Room,
    seats: &[usize],
    accept: bool,
) -> Result<Decision, HubError> {
    let offer = room.open_offer();
    let seat = if offer.is_some_and(|o| o.kind == OfferKind::Rematch) {
        // Answered once the game is over.
        match seats {
            [seat] => *seat,
            _ => return Err(Refusal::SpectatorMove.into()),
        }
    } else {
        player_of_two(room, seats)?
    };
    let Some(offer) = offer.filter(|o| o.seat != seat) else {
        return Err(Refusal::NoOffer.into());
    };
    let change = match (accept, offer.kind) {
        (false, _) => Change::Offer {
            offer: Some(offer.declined(now_ms())),
        },
        // Accepted by making it (`Hub::answer`): here only when it was answered meanwhile.
        (true, OfferKind::Rematch) => return Err(Refusal::ChangedElsewhere.into()),
        (true, OfferKind::Draw) => end(room, StoredEnding::Agreed),
        (true, OfferKind::Takeback) => {
            let taken = room.game().undo_count()?;
            let clock = room.clock().map(|c| {
                let clock = c.after_takeback(taken, room.to_move(), Some(offer.seat), now_ms());
                let deadline = clock.deadline(Some(offer.seat));
                Box::new(Timed { clock, deadline })
            });
            Change::Truncate {
                from: room.game().ply() - taken,
                clock,
            }
        }
    };
    Ok(agreed(room, change))
}

/// The game called off before every player has moved: no result, no rating change.
pub(crate) fn decide_abort(room: &Room, seats: &[usize]) -> Result<Decision, HubError> {
    if !room.mode().between_people() {
        return Err(Refusal::AbortNotOnline.into());
    }
    if room.over() {
        return Err(Refusal::GameOver.into());
    }
    let Some(&seat) = seats.first() else {
        return Err(Refusal::SpectatorResign.into());
    };
    if room.every_seat_moved() {
        return Err(Refusal::AbortTooLate.into());
    }
    Ok(ending(room, StoredEnding::Aborted { seat }))
}

impl Hub {
    /// Offers a draw for the connection's seat, or accepts the other player's offer:
    /// [`Command::OfferDraw`].
    ///
    /// # Errors
    /// Not a game of two between people, the game over, a spectator, or a storage failure.
    pub async fn offer_draw(
        self: &Arc<Self>,
        room: &SharedRoom,
        seats: &[usize],
    ) -> Result<(), HubError> {
        self.transact(room, Command::OfferDraw { seats })
            .await
            .map(drop)
    }

    /// Asks the other player to take back the connection's last turn: [`Command::Takeback`].
    ///
    /// # Errors
    /// Not a game of two between people, not the moment, a turn that cannot be taken back,
    /// or a storage failure.
    pub async fn ask_takeback(
        self: &Arc<Self>,
        room: &SharedRoom,
        seats: &[usize],
    ) -> Result<(), HubError> {
        self.transact(room, Command::Takeback { seats })
            .await
            .map(drop)
    }

    /// Answers the other player's offer: [`Command::Answer`]; a rematch accepted is made
    /// ([`Hub::rematch`], counted against `address`'s new games).
    ///
    /// # Errors
    /// No offer of the other player waiting, or a storage failure.
    pub async fn answer(
        self: &Arc<Self>,
        room: &SharedRoom,
        seats: &[usize],
        accept: bool,
        address: std::net::IpAddr,
    ) -> Result<(), HubError> {
        let rematch = crate::sync::lock(room)
            .open_offer()
            .is_some_and(|o| o.kind == OfferKind::Rematch && !seats.contains(&o.seat));
        if accept && rematch {
            return self.rematch(room, seats, address).await;
        }
        self.transact(room, Command::Answer { seats, accept })
            .await
            .map(drop)
    }

    /// Calls the game off before every player has moved: [`Command::Abort`].
    ///
    /// # Errors
    /// Not a game between people, every player has moved, a spectator, or a storage failure.
    pub async fn abort(
        self: &Arc<Self>,
        room: &SharedRoom,
        seats: &[usize],
    ) -> Result<(), HubError> {
        self.transact(room, Command::Abort { seats })
            .await
            .map(drop)
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use super::*;

    /// Every kind of change the players agree on, with the kind of the offer waiting.
    fn agreements() -> Vec<(Change, Option<OfferKind>)> {
        let offer = |kind| Change::Offer {
            offer: Some(Offer::new(kind, 0, 3, 1_000)),
        };
        let declined = |kind| Change::Offer {
            offer: Some(Offer::new(kind, 0, 3, 1_000).declined(2_000)),
        };
        let end = |ending| Change::End {
            ending,
            clock: None,
        };
        vec![
            (offer(OfferKind::Draw), None),
            (offer(OfferKind::Takeback), None),
            (offer(OfferKind::Rematch), None),
            (declined(OfferKind::Draw), Some(OfferKind::Draw)),
            (declined(OfferKind::Takeback), Some(OfferKind::Takeback)),
            (declined(OfferKind::Rematch), Some(OfferKind::Rematch)),
            (Change::Offer { offer: None }, Some(OfferKind::Draw)),
            (Change::Offer { offer: None }, Some(OfferKind::Takeback)),
            (Change::Offer { offer: None }, Some(OfferKind::Rematch)),
            (end(StoredEnding::Agreed), None),
            (end(StoredEnding::Aborted { seat: 1 }), None),
            (end(StoredEnding::Timeout { seat: 1 }), None),
            (
                Change::Truncate {
                    from: 2,
                    clock: None,
                },
                Some(OfferKind::Takeback),
            ),
        ]
    }

    #[test]
    fn each_agreement_has_its_own_words() {
        let all = agreements();
        let said: HashSet<&str> = all.iter().map(|(c, a)| words(c, *a)).collect();
        assert_eq!(said.len(), all.len(), "two kinds share words: {said:?}");
        for (change, answered) in &all {
            let said = words(change, *answered);
            // Only an offer of a draw or a rematch says "offer" (a takeback is asked for), and
            // a withdrawn one.
            let draw_offer = matches!(
                change,
                Change::Offer {
                    offer: Some(Offer {
                        kind: OfferKind::Draw | OfferKind::Rematch,
                        declined: false,
                        ..
                    })
                }
            ) || matches!(
                (change, answered),
                (
                    Change::Offer { offer: None },
                    Some(OfferKind::Draw | OfferKind::Rematch)
                )
            );
            assert_eq!(said.contains("offer"), draw_offer, "{change:?}: {said}");
            let refused = HubError::Store {
                what: said,
                source: crate::store::StoreError::Timeout(std::time::Duration::ZERO),
            };
            assert!(
                refused
                    .to_string()
                    .starts_with(&format!("could not store {said}"))
            );
        }
        // Neither the game's other changes nor a takeback share an agreement's words.
        for other in ["the move", "the undo", "the resignation", "the seat"] {
            assert!(!said.contains(other), "{other}");
        }
    }
}
