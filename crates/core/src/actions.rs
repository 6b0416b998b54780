//! A game's moves as numbered actions and its positions as planes of numbers: the fixed
//! action space and the observation that programs learning to play need (reinforcement
//! learning libraries such as PettingZoo and OpenSpiel; the Python module of `crates/python`).
//!
//! A game offers them through [`crate::Engine::action_space`]; its module documents the
//! layout of both. The action space is fixed for a game's setup: every move of every position
//! of the game has its number below [`ActionSpace::count`], and two moves of one position never
//! share a number.

use crate::{Game, Player};

/// A game's fixed action space and its observation planes.
pub trait ActionSpace<G: Game>: Sync {
    /// How many actions the game has, the same in every position of games set up as `state`
    /// is (a board size option may change it).
    fn count(&self, state: &G) -> usize;

    /// The action of `mv`, a move of `state`.
    fn action(&self, state: &G, mv: G::Move) -> usize;

    /// The move `action` names in `state`, legal or not (check it with [`Game::check_move`]);
    /// `None` when it names none there (beyond the count, or off the board). For every legal
    /// move `mv`, `move_of(state, action(state, mv))` is `Some(mv)`.
    fn move_of(&self, state: &G, action: usize) -> Option<G::Move>;

    /// The shape of the observation: `[planes, rows, columns]`, the same in every position of
    /// games set up as `state` is.
    fn observation_shape(&self, state: &G) -> [usize; 3];

    /// Writes what `seat` may know of `state` into `out` (`planes × rows × columns` values,
    /// plane by plane, row by row; every value between 0 and 1). The planes are laid out from
    /// `seat`'s side: its own pieces first, whoever is to move.
    fn observe(&self, state: &G, seat: Player, out: &mut [f32]);
}

/// The actions of every legal move of `state`, each with its move, in the order of
/// [`Game::legal_moves`].
pub fn legal_actions<G: Game>(space: &dyn ActionSpace<G>, state: &G) -> Vec<(usize, G::Move)> {
    let mut moves = Vec::new();
    if state.outcome().is_none() {
        state.legal_moves(&mut moves);
    }
    moves
        .into_iter()
        .map(|mv| (space.action(state, mv), mv))
        .collect()
}

/// Sets `out[plane][cell] = 1` for each cell of `mask` (bit `i` = cell `i`, row by row), on
/// planes of `cells` values each.
pub fn mark_cells(out: &mut [f32], plane: usize, cells: usize, mut mask: u128) {
    let base = plane * cells;
    while mask != 0 {
        let i = mask.trailing_zeros() as usize;
        if i < cells {
            out[base + i] = 1.0;
        }
        mask &= mask - 1;
    }
}

/// Fills plane `plane` (of `cells` values) with `value`.
pub fn fill_plane(out: &mut [f32], plane: usize, cells: usize, value: f32) {
    out[plane * cells..(plane + 1) * cells].fill(value);
}
