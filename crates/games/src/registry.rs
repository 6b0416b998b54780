//! Every game by id.

use tabuleiro_core::{GameInfo, GameVisitor, Registry};

use crate::nudge::{self, Nudge};
use crate::pushee::{self, Pushee};
use crate::qinto::{self, Qinto};
use crate::quantik::{self, Quantik};
use crate::taiji::{self, Taiji};

/// Facts of every game, in menu order.
pub static GAMES: [&GameInfo; 5] = [
    &quantik::INFO,
    &nudge::INFO,
    &taiji::INFO,
    &pushee::INFO,
    &qinto::INFO,
];

/// The registry of the games in this crate.
#[derive(Clone, Copy, Debug, Default)]
pub struct Games;

/// The one registry value.
pub static REGISTRY: Games = Games;

impl Registry for Games {
    fn games(&self) -> &'static [&'static GameInfo] {
        &GAMES
    }

    fn visit<V: GameVisitor>(&self, id: &str, visitor: V) -> Option<V::Output> {
        let id = id.trim().to_ascii_lowercase();
        match id.as_str() {
            "quantik" => Some(visitor.visit::<Quantik>()),
            "nudge" => Some(visitor.visit::<Nudge>()),
            "taiji" => Some(visitor.visit::<Taiji>()),
            "pushee" => Some(visitor.visit::<Pushee>()),
            "qinto" | "q!nto" => Some(visitor.visit::<Qinto>()),
            _ => None,
        }
    }
}
