//! What the players of a game between people agree on: a draw offered and accepted, a turn
//! taken back at the other player's request, and a game aborted before every player moved.
//! Each offer and answer is a change stored with the game, so it holds on every node and
//! through a restart; an offer lapses with the next move.

use std::sync::Arc;

use super::{Hub, SharedRoom, lock};
use crate::clock::now_ms;
use crate::error::{HubError, Refusal};
use crate::room::Room;
use crate::store::{Change, Offer, OfferKind, StoredEnding, Timed};

/// The change that ends `room`'s game with `ending`, its clock stopped now.
pub(crate) fn end(room: &Room, ending: StoredEnding) -> Change {
    Change::End {
        ending,
        clock: room
            .clock
            .as_ref()
            .map(|c| Box::new(c.stopped(room.to_move(), now_ms()))),
    }
}

/// What a change made through [`Hub::agree`] is called when it cannot be stored ("could not
/// store the abort"); `answered` is the kind of the offer waiting, which a declined answer
/// (an offer of `None`) answers.
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

/// The one seat of a player in a game of two between people, checked for an offer.
fn player_of_two(room: &Room, seats: &[usize]) -> Result<usize, HubError> {
    if !room.mode.between_people() || room.seats.len() != 2 {
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

impl Hub {
    /// Offers a draw for the connection's seat, or accepts the other player's offer (then
    /// the game ends in a draw by agreement).
    ///
    /// # Errors
    /// Not a game of two between people, the game over, a spectator, or a storage failure.
    pub async fn offer_draw(
        self: &Arc<Self>,
        room: &SharedRoom,
        seats: &[usize],
    ) -> Result<(), HubError> {
        self.decide(room, |guard| {
            let seat = player_of_two(guard, seats)?;
            Ok(match guard.open_offer() {
                Some(o) if o.kind == OfferKind::Draw && o.seat != seat => {
                    end(guard, StoredEnding::Agreed)
                }
                Some(o) if o.seat == seat => return Err(Refusal::OfferWaiting.into()),
                _ => Change::Offer {
                    offer: Some(Offer {
                        kind: OfferKind::Draw,
                        seat,
                        ply: guard.game.ply(),
                    }),
                },
            })
        })
        .await
    }

    /// Asks the other player to take back the connection's last turn, while it is the other
    /// player's turn (and the turn drew no hidden tiles).
    ///
    /// # Errors
    /// Not a game of two between people, not the moment, a turn that cannot be taken back,
    /// or a storage failure.
    pub async fn ask_takeback(
        self: &Arc<Self>,
        room: &SharedRoom,
        seats: &[usize],
    ) -> Result<(), HubError> {
        self.decide(room, |guard| {
            let seat = player_of_two(guard, seats)?;
            let last = guard.game.shown(Some(seat)).moves.last().map(|m| m.seat);
            if guard.to_move() == Some(seat) || last != Some(seat) {
                return Err(Refusal::TakebackNotNow.into());
            }
            if guard.open_offer().is_some_and(|o| o.seat == seat) {
                return Err(Refusal::OfferWaiting.into());
            }
            guard.game.undo_count()?;
            Ok(Change::Offer {
                offer: Some(Offer {
                    kind: OfferKind::Takeback,
                    seat,
                    ply: guard.game.ply(),
                }),
            })
        })
        .await
    }

    /// Answers the other player's offer: accepted, a draw by agreement or their turn taken
    /// back; declined, the offer is gone.
    ///
    /// # Errors
    /// No offer of the other player waiting, or a storage failure.
    pub async fn answer(
        self: &Arc<Self>,
        room: &SharedRoom,
        seats: &[usize],
        accept: bool,
    ) -> Result<(), HubError> {
        self.decide(room, |guard| {
            let seat = player_of_two(guard, seats)?;
            let Some(offer) = guard.open_offer().filter(|o| o.seat != seat) else {
                return Err(Refusal::NoOffer.into());
            };
            Ok(match (accept, offer.kind) {
                (false, _) => Change::Offer { offer: None },
                (true, OfferKind::Draw) => end(guard, StoredEnding::Agreed),
                (true, OfferKind::Takeback) => {
                    let taken = guard.game.undo_count()?;
                    let clock = guard.clock.as_ref().map(|c| {
                        let clock =
                            c.after_takeback(taken, guard.to_move(), Some(offer.seat), now_ms());
                        let deadline = clock.deadline(Some(offer.seat));
                        Box::new(Timed { clock, deadline })
                    });
                    Change::Truncate {
                        from: guard.game.ply() - taken,
                        clock,
                    }
                }
            })
        })
        .await
    }

    /// Calls the game off before every player has moved: no result, no rating change.
    ///
    /// # Errors
    /// Not a game between people, every player has moved, a spectator, or a storage failure.
    pub async fn abort(
        self: &Arc<Self>,
        room: &SharedRoom,
        seats: &[usize],
    ) -> Result<(), HubError> {
        self.decide(room, |guard| {
            if !guard.mode.between_people() {
                return Err(Refusal::AbortNotOnline.into());
            }
            if guard.over() {
                return Err(Refusal::GameOver.into());
            }
            let Some(&seat) = seats.first() else {
                return Err(Refusal::SpectatorResign.into());
            };
            if guard.every_seat_moved() {
                return Err(Refusal::AbortTooLate.into());
            }
            Ok(end(guard, StoredEnding::Aborted { seat }))
        })
        .await
    }

    /// In the game's order, with the room read again if stale: the change `decide` makes of
    /// the room as it stands (or its refusal), stored and shown by [`Hub::agree`].
    async fn decide(
        self: &Arc<Self>,
        room: &SharedRoom,
        decide: impl FnOnce(&Room) -> Result<Change, HubError>,
    ) -> Result<(), HubError> {
        let order = lock(room).order.clone();
        let _turn = order.lock().await;
        self.fresh(room).await?;
        let change = decide(&lock(room))?;
        self.agree(room, change).await
    }

    /// Stores `change` (an offer, an answer, an ending or a takeback) and shows it. The
    /// caller holds the game's order.
    pub(crate) async fn agree(
        self: &Arc<Self>,
        room: &SharedRoom,
        change: Change,
    ) -> Result<(), HubError> {
        let answered = lock(room).offer.map(|o| o.kind);
        let what = words(&change, answered);
        let revision = self.store_change(room, what, change.clone()).await?;
        {
            let mut guard = lock(room);
            match change {
                Change::Offer { offer } => guard.offer = offer,
                Change::End { ending, clock } => {
                    guard.ending = Some(ending);
                    guard.offer = None;
                    guard.game.stop_thinking();
                    if let Some(clock) = clock {
                        guard.clock = Some(*clock);
                    }
                }
                Change::Truncate { clock, .. } => {
                    guard.game.undo_turn().map_err(|e| {
                        HubError::Internal(format!("a checked takeback failed: {e}"))
                    })?;
                    guard.offer = None;
                    if let Some(timed) = clock {
                        guard.clock = Some(timed.clock);
                    }
                }
                _ => {}
            }
            guard.revision = revision;
            guard.version += 1;
            guard.broadcast();
        }
        self.settle(room);
        Ok(())
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
