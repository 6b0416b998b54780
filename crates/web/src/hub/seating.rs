//! Players at the table: a seat is taken by the first player who opens its link (the seat
//! then shows their name and rating), and a rated game, once over, is rated once.

use std::sync::Arc;

use super::command::{Command, Decision};
use super::{Hub, SharedRoom, lock};
use crate::error::{HubError, Refusal};
use crate::protocol::Mode;
use crate::room::Room;
use crate::store::{
    Change, SeatPlayer, ShownRating, StoredEnding, StoredPlayer, StoredSeat, Timed,
};

/// `player` sitting down in `seat`, decided against the room: none when the seat is theirs
/// already, or the connection's screen plays no such seat; in a game between people a seat
/// belongs to the player sitting in it, and in a rated game a player takes one seat only.
pub(crate) fn decide_sit(
    room: &Room,
    seat: usize,
    player: &SeatPlayer,
) -> Result<Option<Decision>, HubError> {
    match room.seats().get(seat).and_then(|s| s.player()) {
        // A seat of a game between people is its player's alone.
        Some(sitting) if sitting.id != player.id && room.mode().between_people() => {
            return Err(HubError::SeatTaken(crate::players::shown_name(
                &sitting.name,
                &sitting.id,
            )));
        }
        Some(_) => return Ok(None),
        None if room.seats().get(seat).is_none() => return Ok(None),
        None => {}
    }
    let elsewhere = room
        .seats()
        .iter()
        .position(|s| s.player().is_some_and(|p| p.id == player.id));
    match elsewhere {
        Some(other) if room.mode() == Mode::Rated => {
            return Err(Refusal::RatedOneSeat(other).into());
        }
        Some(_) => return Ok(None),
        None => {}
    }
    let mut seats = room.seats().to_vec();
    if let Some(StoredSeat::Human { player: seated, .. }) = seats.get_mut(seat) {
        *seated = Some(player.clone());
    }
    // The last seat taken puts a game between people on a clock under way: its first move
    // is due (`crate::clock`).
    let under_way = room.mode().between_people()
        && room.game().ply() == 0
        && !room.over()
        && seats.iter().all(|s| s.player().is_some());
    let clock = room
        .clock()
        .filter(|c| under_way && c.first_move_by.is_none())
        .map(|c| {
            let clock = c.clone().first_move_due(true, crate::clock::now_ms());
            let deadline = clock.deadline(room.to_move());
            Box::new(Timed { clock, deadline })
        });
    Ok(Some(Decision::new(
        "the seat",
        Change::Sit { seat, seats, clock },
    )))
}

impl Hub {
    /// Seats `player` in the one seat a connection opened (`seats`), unless somebody sits
    /// there already ([`Command::Sit`]): stored with the game, then shown to everyone
    /// watching. Screens that play several seats (hotseat) seat nobody. In a game between
    /// people the seat shows the player's rating at the game, looked up first.
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
        let plain = SeatPlayer {
            rating: None,
            ..SeatPlayer::of(player)
        };
        let (mode, game) = {
            let guard = lock(room);
            // Nothing to look up for a seat that is already this player's (or refused).
            if decide_sit(&guard, seat, &plain)?.is_none() {
                return Ok(());
            }
            (guard.mode(), guard.game().info().id)
        };
        let sitting = if mode.between_people() {
            self.seat_player(player, game).await?
        } else {
            plain
        };
        let command = Command::Sit {
            seat,
            player: sitting,
        };
        self.transact(room, command).await.map(drop)
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
        Ok(SeatPlayer {
            rating: Some(self.current_rating(&player.id, game).await?),
            ..SeatPlayer::of(player)
        })
    }

    /// Player `id`'s rating at `game` as it is now, as a seat shows it.
    ///
    /// # Errors
    /// The store failing.
    pub(crate) async fn current_rating(
        &self,
        id: &str,
        game: &str,
    ) -> Result<ShownRating, HubError> {
        let ratings = self
            .stored(self.store.player_ratings(id.to_owned()))
            .await
            .map_err(|e| crate::hub::store_error("the player's rating", e))?;
        let glicko = ratings
            .into_iter()
            .find(|r| r.game == game)
            .map(|r| r.glicko)
            .unwrap_or_default();
        Ok(ShownRating::from(&glicko))
    }

    /// Rates the room's game once it is over, if it is rated and not rated yet (in the
    /// background: the store rates each game once, whichever node asks and however often),
    /// then shows everyone the changes. A change that ends a rated game rates it in its own
    /// transaction ([`crate::store::GameStore::change_rated`]); this is for a game found over
    /// and unrated (stored by a version that rated afterwards, or left so by an outage).
    pub(crate) fn settle(self: &Arc<Self>, room: &SharedRoom) {
        let (id, game, seated, places) = {
            let guard = lock(room);
            let aborted = matches!(guard.ending(), Some(StoredEnding::Aborted { .. }));
            if guard.mode() != Mode::Rated || !guard.rating_changes().is_empty() || aborted {
                return;
            }
            let Some(outcome) = guard.outcome() else {
                return;
            };
            let seated: Option<Vec<String>> = guard
                .seats()
                .iter()
                .map(|s| s.player().map(|p| p.id.clone()))
                .collect();
            // A rated game ends only once every seat is taken (nobody moves before).
            let Some(seated) = seated else {
                return;
            };
            (
                guard.id().to_owned(),
                guard.game().info().id.to_owned(),
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
                Ok(changes) => lock(&room).rated(changes),
                Err(e) => {
                    tracing::warn!(game = %id, error = %e, "the game could not be rated now");
                }
            }
        });
    }
}
