//! What the players of a game between people agree on: a draw offered and accepted, a turn
//! taken back at the other player's request, and a game aborted before every player moved.
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
        Change::Offer { offer: Some(offer) } => match offer.kind {
            OfferKind::Draw => "the draw offer",
            OfferKind::Takeback => "the takeback request",
        },
        Change::Offer { offer: None } => match answered {
            Some(OfferKind::Draw) => "the declined draw",
            Some(OfferKind::Takeback) => "the declined takeback",
            None => "the answer",
        },
        Change::End { ending, .. } => match ending {
            StoredEnding::Agreed => "the agreed draw",
            StoredEnding::Aborted { .. } => "the abort",
            StoredEnding::Timeout { .. } => "the loss on time",
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
fn player_of_two(room: &Room, seats: &[usize]) -> Result<usize, HubError> {
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

/// A draw offered for the connection's seat, or the other player's offer accepted (then the
/// game ends in a draw by agreement).
pub(crate) fn decide_draw(room: &Room, seats: &[usize]) -> Result<Decision, HubError> {
    let seat = player_of_two(room, seats)?;
    Ok(match room.open_offer() {
        Some(o) if o.kind == OfferKind::Draw && o.seat != seat => {
            ending(room, StoredEnding::Agreed)
        }
        Some(o) if o.seat == seat => return Err(Refusal::OfferWaiting.into()),
        _ => agreed(
            room,
            Change::Offer {
                offer: Some(Offer {
                    kind: OfferKind::Draw,
                    seat,
                    ply: room.game().ply(),
                }),
            },
        ),
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
    room.game().undo_count()?;
    let offer = Offer {
        kind: OfferKind::Takeback,
        seat,
        ply: room.game().ply(),
    };
    Ok(agreed(room, Change::Offer { offer: Some(offer) }))
}

/// The other player's offer answered: accepted, a draw by agreement or their turn taken
/// back; declined, the offer is gone.
pub(crate) fn decide_answer(
    room: &Room,
    seats: &[usize],
    accept: bool,
) -> Result<Decision, HubError> {
    let seat = player_of_two(room, seats)?;
    let Some(offer) = room.open_offer().filter(|o| o.seat != seat) else {
        return Err(Refusal::NoOffer.into());
    };
    let change = match (accept, offer.kind) {
        (false, _) => Change::Offer { offer: None },
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

    /// Answers the other player's offer: [`Command::Answer`].
    ///
    /// # Errors
    /// No offer of the other player waiting, or a storage failure.
    pub async fn answer(
        self: &Arc<Self>,
        room: &SharedRoom,
        seats: &[usize],
        accept: bool,
    ) -> Result<(), HubError> {
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
            offer: Some(Offer {
                kind,
                seat: 0,
                ply: 3,
            }),
        };
        let end = |ending| Change::End {
            ending,
            clock: None,
        };
        vec![
            (offer(OfferKind::Draw), None),
            (offer(OfferKind::Takeback), None),
            (Change::Offer { offer: None }, Some(OfferKind::Draw)),
            (Change::Offer { offer: None }, Some(OfferKind::Takeback)),
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
            // Only an offer of a draw says "offer" (a takeback is asked for).
            let draw_offer = matches!(
                change,
                Change::Offer {
                    offer: Some(Offer {
                        kind: OfferKind::Draw,
                        ..
                    })
                }
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
