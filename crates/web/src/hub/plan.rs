//! A new game planned before it is stored: its row (a fresh seed and id, its seats, its
//! clock) and the room that will play it.

use tabuleiro_ai::Seat;
use tabuleiro_core::{GameInfo, Options, Setup};

use crate::clock::{Clock, TimeControl};
use crate::dyngame::build;
use crate::error::HubError;
use crate::protocol::Mode;
use crate::room::Room;
use crate::store::{StoredGame, StoredSeat};
use crate::token::new_game_id;

/// A game about to be stored: its row, and the room that will play it.
pub(super) struct Planned {
    /// The row to store.
    pub(super) stored: StoredGame,
    /// How it is played.
    pub(super) mode: Mode,
    /// The game, built.
    pub(super) game: Box<dyn crate::dyngame::DynGame>,
}

impl Planned {
    /// The room of the planned game, as stored (its seats as seated since it was planned): a
    /// game between people on a clock whose every seat has its player is under way, its first
    /// move due ([`Clock::first_move_due`]).
    pub(super) fn room(mut self) -> (StoredGame, Room) {
        let under_way =
            self.mode.between_people() && self.stored.seats.iter().all(|s| s.player().is_some());
        self.stored.clock = self
            .stored
            .clock
            .take()
            .map(|c| c.first_move_due(under_way, crate::clock::now_ms()));
        let room = Room::restored(&self.stored, self.mode, self.game);
        (self.stored, room)
    }
}

/// Plans a game of `info` with checked `options`, played in `mode` with these seats (each
/// with the name stored for it) and, for each person's seat, the hash of its token: a fresh
/// seed and id, the game built off the async runtime.
pub(super) async fn plan(
    info: &'static GameInfo,
    options: Options,
    mode: Mode,
    plans: &[(Seat, String)],
    hashes: &[Option<String>],
    control: Option<TimeControl>,
) -> Result<Planned, HubError> {
    let players = plans.len();
    let random = |e: getrandom::Error| HubError::Random(e.to_string());
    let seed = tabuleiro_core::fresh_seed().map_err(|e| HubError::Random(e.to_string()))?;
    let setup = Setup {
        players,
        options: options.clone(),
        seed,
    };
    let game_id = info.id;
    let built_seats: Vec<Seat> = plans.iter().map(|(seat, _)| *seat).collect();
    let game = tokio::task::spawn_blocking(move || build(game_id, setup, &built_seats, &[]))
        .await
        .map_err(|e| HubError::Internal(format!("building the game failed: {e}")))??;
    let seats: Vec<StoredSeat> = plans
        .iter()
        .zip(hashes)
        .map(|((seat, name), hash)| match seat {
            Seat::Computer(_) => StoredSeat::Computer {
                level: name.clone(),
            },
            Seat::Human => StoredSeat::human(hash.clone().unwrap_or_default()),
        })
        .collect();
    let id = new_game_id().map_err(random)?;
    let stored = StoredGame {
        id: id.clone(),
        game: info.id.to_owned(),
        players,
        options: stored_options(&options),
        seed,
        mode: mode.name().to_owned(),
        seats: seats.clone(),
        resigned: None,
        moves: Vec::new(),
        revision: 0,
        rematch: None,
        offer: None,
        ending: None,
        clock: control.map(|c| Clock::new(c, players)),
    };
    Ok(Planned { stored, mode, game })
}

/// Checked options as a game or a challenge stores them: each value by its option's name.
pub(super) fn stored_options(options: &Options) -> std::collections::BTreeMap<String, String> {
    options
        .iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect()
}
