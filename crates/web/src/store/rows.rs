//! What each stored change writes, said once for both databases: [`writes`] maps a
//! [`Change`] to the columns of the game's row it sets, the conditions under which it may be
//! made, the moves it adds or forgets, the seat it names and the game it creates. Each
//! database runs that in its own dialect (`sqlite/games.rs`, `postgres/games.rs`: one
//! statement each for every kind of change), so a change means the same thing on both — which
//! `crates/cli/tests/nodes/same.rs` checks on random sequences of changes.

use super::{Change, StoreError, StoredGame, StoredSeat};

/// The rows a change writes (besides the game's revision, one more with every change).
#[derive(Debug, Default)]
pub(crate) struct Writes<'a> {
    /// Made only while the game is not over (no resignation, no ending).
    pub only_open: bool,
    /// Made only while the game has no rematch.
    pub only_without_rematch: bool,
    /// Whether the game is over now.
    pub finished: Option<bool>,
    /// The seat that resigned.
    pub resigned: Option<i64>,
    /// The offer waiting (JSON), or none.
    pub offer: Set<String>,
    /// How the game ended (JSON).
    pub ending: Option<String>,
    /// The game's clock (JSON).
    pub clock: Option<String>,
    /// When the player to move runs out of time, or none (no time runs).
    pub deadline: Set<i64>,
    /// Every seat (JSON).
    pub seats: Option<String>,
    /// The id of the rematch.
    pub rematch: Option<&'a str>,
    /// A move added as number `ply` (made only if exactly `ply` moves are stored).
    pub add_move: Option<(i64, &'a str)>,
    /// The moves from this ply on forgotten.
    pub forget_from: Option<i64>,
    /// A seat's player, kept in the index of every player's games.
    pub seat_player: Option<(i64, &'a str)>,
    /// Whether a computer move queued for the game is dropped (a database nodes share).
    pub clears_computer: bool,
    /// A game created with the change (a rematch), in the same transaction.
    pub new_game: Option<&'a StoredGame>,
}

/// A column a change may leave as it is, or set to a value or to nothing.
#[derive(Clone, Debug, Default)]
pub(crate) enum Set<T> {
    /// Left as it is.
    #[default]
    Keep,
    /// Set to this (`None`: null).
    To(Option<T>),
}

impl<T: Clone> Set<T> {
    /// Whether the change sets the column.
    pub fn written(&self) -> bool {
        matches!(self, Set::To(_))
    }

    /// The value it is set to (none: null, or left as it is).
    pub fn value(&self) -> Option<T> {
        match self {
            Set::To(value) => value.clone(),
            Set::Keep => None,
        }
    }
}

/// The rows `change` writes.
///
/// # Errors
/// A JSON column that cannot be written.
pub(crate) fn writes(change: &Change) -> Result<Writes<'_>, StoreError> {
    Ok(match change {
        Change::Move {
            ply,
            notation,
            finished,
            clock,
        } => Writes {
            only_open: true,
            finished: Some(*finished),
            clock: clock.as_ref().map(|t| json(&t.clock)).transpose()?,
            deadline: clock.as_ref().map_or(Set::Keep, |t| Set::To(t.deadline)),
            add_move: Some((*ply as i64, notation.as_str())),
            clears_computer: true,
            ..Writes::default()
        },
        Change::Truncate { from, clock } => Writes {
            finished: Some(false),
            offer: Set::To(None),
            clock: clock.as_ref().map(|t| json(&t.clock)).transpose()?,
            deadline: clock.as_ref().map_or(Set::Keep, |t| Set::To(t.deadline)),
            forget_from: Some(*from as i64),
            clears_computer: true,
            ..Writes::default()
        },
        Change::Resign { seat } => Writes {
            only_open: true,
            finished: Some(true),
            resigned: Some(*seat as i64),
            offer: Set::To(None),
            deadline: Set::To(None),
            clears_computer: true,
            ..Writes::default()
        },
        Change::Offer { offer } => {
            // A rematch is offered (and answered) once the game is over, until it has one.
            let rematch = offer
                .as_ref()
                .is_some_and(|o| o.kind == super::OfferKind::Rematch);
            Writes {
                only_open: !rematch,
                only_without_rematch: rematch,
                offer: Set::To(offer.as_ref().map(json).transpose()?),
                ..Writes::default()
            }
        }
        Change::End { ending, clock } => Writes {
            only_open: true,
            finished: Some(true),
            ending: Some(json(ending)?),
            offer: Set::To(None),
            clock: clock.as_deref().map(json).transpose()?,
            deadline: Set::To(None),
            clears_computer: true,
            ..Writes::default()
        },
        Change::Sit { seat, seats, clock } => Writes {
            seats: Some(json(seats)?),
            clock: clock.as_ref().map(|t| json(&t.clock)).transpose()?,
            deadline: clock.as_ref().map_or(Set::Keep, |t| Set::To(t.deadline)),
            seat_player: match seats.get(*seat) {
                Some(StoredSeat::Human {
                    player: Some(player),
                    ..
                }) => Some((*seat as i64, player.id.as_str())),
                _ => None,
            },
            ..Writes::default()
        },
        Change::Rematch { game } => Writes {
            only_without_rematch: true,
            rematch: Some(game.id.as_str()),
            new_game: Some(game),
            ..Writes::default()
        },
    })
}

/// A value as its JSON column holds it.
fn json<T: serde::Serialize + ?Sized>(value: &T) -> Result<String, StoreError> {
    Ok(serde_json::to_string(value)?)
}
