//! Players as stored: who sits in a seat, a browser's session, a rating as stored and as
//! shown, how a rated game changed it, and the games a player sat down in.

use serde::{Deserialize, Serialize};
use tabuleiro_ai::glicko::Glicko;

/// A player as stored: the public id (in links and the API) and the name chosen. Browsers
/// hold a session's secret in a cookie; the store keeps only its hash, as it keeps only the
/// hash of the player's key (the link that moves the identity to another browser).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredPlayer {
    /// Public id: 64 random bits as hex.
    pub id: String,
    /// The display name, checked ([`crate::players::check_name`]).
    pub name: String,
    /// Whether a program plays for this player (`tabuleiro bot` claimed its key).
    pub bot: bool,
}

/// A browser's session of a player, as the player may see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredSession {
    /// The hash of the session's secret (the cookie holds the secret).
    pub hash: String,
    /// When it was made, in seconds since 1970.
    pub created: i64,
    /// Whether a key made it (else the player's name did, in its first browser).
    pub by_key: bool,
}

/// A player sitting in a seat, as the game keeps them: their id, their name and their rating
/// in this game when they sat down (what the game's page shows, whatever happens later).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatPlayer {
    /// The player's public id.
    pub id: String,
    /// Their name when they sat down.
    pub name: String,
    /// Their rating in this game when they sat down, in games between people.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<ShownRating>,
    /// Whether a program plays for them (a bot).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
}

impl SeatPlayer {
    /// `player` in a seat, with no rating shown.
    pub fn of(player: &StoredPlayer) -> Self {
        SeatPlayer {
            id: player.id.clone(),
            name: player.name.clone(),
            rating: None,
            bot: player.bot,
        }
    }
}

/// A rating as players see it: rounded, and whether it is still provisional.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShownRating {
    /// The rating, rounded.
    pub value: i64,
    /// The rating deviation, rounded.
    pub deviation: i64,
    /// Whether the deviation is still too high for the rating to mean much
    /// ([`tabuleiro_ai::glicko::PROVISIONAL_DEVIATION`]).
    pub provisional: bool,
}

impl From<&Glicko> for ShownRating {
    fn from(g: &Glicko) -> Self {
        ShownRating {
            value: g.rating.round() as i64,
            deviation: g.deviation.round() as i64,
            provisional: g.provisional(),
        }
    }
}

/// A player's Glicko-2 rating in one game, as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerRating {
    /// The game id (`quantik`).
    pub game: String,
    /// The rating.
    pub glicko: Glicko,
    /// How many rated games of this game the player finished.
    pub games: u32,
}

/// How a rated game changed one seat's rating.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatingChange {
    /// The seat, from 0.
    pub seat: usize,
    /// The player's id.
    pub player: String,
    /// The rating before the game.
    pub before: f64,
    /// The rating after it.
    pub after: f64,
    /// The deviation after it.
    pub deviation: f64,
}

/// A game a player sat down in, as the index of every player's games finds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedGame {
    /// The game's public id.
    pub id: String,
    /// The player's seat, from 0.
    pub seat: usize,
    /// When the game was created, in seconds since 1970.
    pub created: i64,
}
