//! Every game by id, declared once: the list below makes the menu order, the ids the command
//! line and records accept, and the games every front end and the conformance suite see.

use tabuleiro_core::{Game, GameInfo, GameVisitor, Registry};

use crate::nudge::Nudge;
use crate::pushee::Pushee;
use crate::qinto::Qinto;
use crate::quantik::Quantik;
use crate::taiji::Taiji;

/// The registry of the games in this crate.
#[derive(Clone, Copy, Debug, Default)]
pub struct Games;

/// The one registry value.
pub static REGISTRY: Games = Games;

/// Declares the games, in menu order, each by its type (whose [`Game::INFO`] gives its id),
/// with any other names it is found by: [`GAMES`] and the [`Registry`] implementation both
/// come from this one list.
macro_rules! games {
    ($($game:ty $(, also $alias:literal)*);+ $(;)?) => {
        /// Facts of every game, in menu order.
        pub static GAMES: [&GameInfo; [$(stringify!($game)),+].len()] =
            [$(<$game as Game>::INFO),+];

        impl Registry for Games {
            fn games(&self) -> &'static [&'static GameInfo] {
                &GAMES
            }

            fn visit<V: GameVisitor>(&self, id: &str, visitor: V) -> Option<V::Output> {
                let id = id.trim().to_ascii_lowercase();
                $(
                    if id == <$game as Game>::INFO.id $(|| id == $alias)* {
                        return Some(visitor.visit::<$game>());
                    }
                )+
                None
            }
        }
    };
}

games! {
    Quantik;
    Nudge;
    Taiji;
    Pushee;
    Qinto, also "q!nto";
}
