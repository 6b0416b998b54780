//! The [`Agent`] trait: a computer player.

use tabuleiro_core::Game;

/// A computer player. It sees only what its seat may see ([`Game::view`]) and draws every
/// random choice from its own seeded generator, so the same view and seed give the same move.
pub trait Agent<G: Game>: Send {
    /// A short name for tables and records, e.g. `strong` or `strong:think=200`.
    fn name(&self) -> String;

    /// Chooses a move for the player to move in `view`; `None` when the game is over.
    fn choose(&mut self, view: &G::View) -> Option<G::Move>;

    /// Starts a new game: reseeds the player's generator and forgets anything that could make
    /// its choices depend on earlier games (knowledge that is exact, such as solved values,
    /// may be kept).
    fn new_game(&mut self, seed: u64);
}
