//! Players at the table: a seat is taken by the first player who opens its link (the seat
//! then shows their name and rating), and a rated game, once over, is rated once.

use std::sync::Arc;

use super::{Hub, SharedRoom, lock};
use crate::error::{HubError, Refusal};
use crate::protocol::Mode;
use crate::store::{Change, SeatPlayer, ShownRating, StoredEnding, StoredPlayer, StoredSeat};

impl Hub {
    /// Seats `player` in the one seat a connection opened (`seats`), unless somebody sits
    /// there already: stored with the game, then shown to everyone watching. Screens that play
    /// several seats (hotseat) seat nobody. In a rated game a player takes one seat only. In a
    /// game between people a seat belongs to the player sitting in it: anyone else opening its
    /// link is refused (a game's creator holds every link).
    ///
    /// # Errors
    /// A second seat of a rated game, another player's seat, or a storage failure.
    pub async fn sit(
        self: &Arc<Self>,
        room: &SharedRoom,
        seats: &[usize],
        player: &StoredPlayer,
    ) -> Result<(), HubError> {
        let &[seat] = seats else {
            return Ok(());
        };
        let order = lock(room).order.clone();
        let _turn = order.lock().await;
        self.fresh(room).await?;
        let (mode, game) = {
            let guard = lock(room);
            match guard.seats.get(seat).and_then(|s| s.player()) {
                // A seat of a game between people is its player's alone.
                Some(sitting) if sitting.id != player.id && guard.mode.between_people() => {
                    return Err(HubError::SeatTaken(crate::players::shown_name(
                        &sitting.name,
                        &sitting.id,
                    )));
                }
                Some(_) => return Ok(()),
                None if guard.seats.get(seat).is_none() => return Ok(()),
                None => {}
            }
            let elsewhere = guard
                .seats
                .iter()
                .position(|s| s.player().is_some_and(|p| p.id == player.id));
            match elsewhere {
                Some(other) if guard.mode == Mode::Rated => {
                    return Err(Refusal::RatedOneSeat(other).into());
                }
                Some(_) => return Ok(()),
                None => {}
            }
            (guard.mode, guard.game.info().id.to_owned())
        };
        let sitting = if mode.between_people() {
            self.seat_player(player, &game).await?
        } else {
            SeatPlayer {
                rating: None,
                ..SeatPlayer::of(player)
            }
        };
        let mut new_seats = lock(room).seats.clone();
        if let Some(StoredSeat::Human { player: seated, .. }) = new_seats.get_mut(seat) {
            *seated = Some(sitting);
        }
        let change = Change::Sit {
            seat,
            seats: new_seats.clone(),
        };
        let revision = self.store_change(room, "the seat", change).await?;
        let mut guard = lock(room);
        guard.seats = new_seats;
        guard.revision = revision;
        guard.version += 1;
        guard.broadcast();
        tracing::debug!(game = %guard.id, seat, player = %player.id, "seated");
        Ok(())
    }

    /// `player` as a seat of a game between people shows them: with their rating at `game`.
    ///
    /// # Errors
    /// The store failing.
    pub(crate) async fn seat_player(
        &self,
        player: &StoredPlayer,
        game: &str,
    ) -> Result<SeatPlayer, HubError> {
        let ratings = self
            .stored(self.store.player_ratings(player.id.clone()))
            .await
            .map_err(|e| crate::hub::store_error("the player's rating", e))?;
        let glicko = ratings
            .into_iter()
            .find(|r| r.game == game)
            .map(|r| r.glicko)
            .unwrap_or_default();
        Ok(SeatPlayer {
            rating: Some(ShownRating::from(&glicko)),
            ..SeatPlayer::of(player)
        })
    }

    /// Rates the room's game once it is over, if it is rated and not rated yet (in the
    /// background: the store rates each game once, whichever node asks and however often),
    /// then shows everyone the changes.
    pub(crate) fn settle(self: &Arc<Self>, room: &SharedRoom) {
        let (id, game, seated, places) = {
            let guard = lock(room);
            let aborted = matches!(guard.ending, Some(StoredEnding::Aborted { .. }));
            if guard.mode != Mode::Rated || !guard.rating_changes.is_empty() || aborted {
                return;
            }
            let Some(outcome) = guard.outcome() else {
                return;
            };
            let seated: Option<Vec<String>> = guard
                .seats
                .iter()
                .map(|s| s.player().map(|p| p.id.clone()))
                .collect();
            // A rated game ends only once every seat is taken (nobody moves before).
            let Some(seated) = seated else {
                return;
            };
            (
                guard.id.clone(),
                guard.game.info().id.to_owned(),
                seated,
                crate::ratings::places(&outcome),
            )
        };
        let (hub, room) = (Arc::clone(self), Arc::clone(room));
        Hub::spawn(async move {
            match hub
                .stored(hub.store.rate(id.clone(), game, seated, places))
                .await
            {
                Ok(changes) => {
                    let mut guard = lock(&room);
                    guard.rating_changes = changes;
                    guard.version += 1;
                    guard.broadcast();
                }
                Err(e) => {
                    tracing::warn!(game = %id, error = %e, "the game could not be rated now");
                }
            }
        });
    }
}
