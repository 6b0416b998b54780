//! Choosing a game at run time without matching on game names in every front end.
//!
//! Front ends write their work once as a generic [`GameVisitor`]; a registry (in the games
//! crate) calls it with the concrete game type for an id.

use crate::engine::{Engine, EngineInfo};
use crate::info::GameInfo;

/// Work to do with a game whose type is chosen at run time.
pub trait GameVisitor {
    /// What the work returns.
    type Output;
    /// Does the work with game `G`.
    fn visit<G: Engine>(self) -> Self::Output;
}

/// A registry of games: their facts and a way to run a visitor on one of them.
pub trait Registry {
    /// Facts of every game, in menu order.
    fn games(&self) -> &'static [&'static GameInfo];
    /// Runs `visitor` on the game `id`; `None` when no game has that id.
    fn visit<V: GameVisitor>(&self, id: &str, visitor: V) -> Option<V::Output>;

    /// What computer players know of game `id` ([`Engine::ENGINE`]: its search, whether it
    /// is solved here); `None` when no game has that id.
    fn engine(&self, id: &str) -> Option<EngineInfo> {
        self.visit(id, EngineFacts)
    }
}

/// The visitor behind [`Registry::engine`].
struct EngineFacts;

impl GameVisitor for EngineFacts {
    type Output = EngineInfo;
    fn visit<G: Engine>(self) -> EngineInfo {
        G::ENGINE
    }
}
