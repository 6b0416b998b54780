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

    /// The action of `mv`, a move of `state` (the first of its sequence, for a game whose moves
    /// take several actions).
    fn action(&self, state: &G, mv: G::Move) -> usize;

    /// The move `action` names in `state`, legal or not (check it with [`Game::check_move`]);
    /// `None` when it names none there (beyond the count, or off the board; always, for a
    /// game whose moves take several actions). For every legal move `mv` of a game of one
    /// action a move, `move_of(state, action(state, mv))` is `Some(mv)`.
    fn move_of(&self, state: &G, action: usize) -> Option<G::Move>;

    /// The shape of the observation: `[planes, rows, columns]`, the same in every position of
    /// games set up as `state` is.
    fn observation_shape(&self, state: &G) -> [usize; 3];

    /// Writes what `seat` may know of `state` into `out` (`planes × rows × columns` values,
    /// plane by plane, row by row; every value between 0 and 1). The planes are laid out from
    /// `seat`'s side: its own pieces first, whoever is to move.
    fn observe(&self, state: &G, seat: Player, out: &mut [f32]);

    /// Writes the legal-action mask of `state` into `out` (`count` values): 1 for the action of
    /// each legal move, 0 for every other action (all 0 once the game is over). The default
    /// lists the legal moves; a game may write it from its own tables (Quantik's bitboards).
    /// For a game whose moves take several actions, the first actions of the legal moves
    /// ([`Partial::next_actions`] gives the next ones of a move being built).
    fn legal_mask(&self, state: &G, out: &mut [i8]) {
        out.fill(0);
        if state.outcome().is_some() {
            return;
        }
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        for mv in moves {
            if let Some(slot) = out.get_mut(self.action(state, mv)) {
                *slot = 1;
            }
        }
    }

    /// Whether a move takes several actions ([`ActionSpace::sequence`]); `false` by default.
    fn sequential(&self) -> bool {
        false
    }

    /// Appends to `out` the actions that name `mv`, a legal move of `state`, in order: for a
    /// game of one action a move (the default), `action(state, mv)` alone. The sequences of two
    /// legal moves of one position are never equal and neither begins the other.
    fn sequence(&self, state: &G, mv: G::Move, out: &mut Vec<usize>) {
        out.push(self.action(state, mv));
    }

    /// The short name of `action` in `state`, for games whose moves take several actions (for
    /// the others a move's notation names its action, and this is `None`).
    fn action_name(&self, _state: &G, _action: usize) -> Option<String> {
        None
    }

    /// The action named `name` ([`ActionSpace::action_name`]), for games whose moves take
    /// several actions; `None` where no action has that name.
    fn action_named(&self, _state: &G, _name: &str) -> Option<usize> {
        None
    }

    /// As [`ActionSpace::observe`], while the seat to move has taken the actions `chosen` of
    /// the move it is building (always empty for a game of one action a move, the default).
    fn observe_partial(&self, state: &G, seat: Player, chosen: &[usize], out: &mut [f32]) {
        let _ = chosen;
        self.observe(state, seat, out);
    }
}

/// A move being built action by action (see the module's documentation): the actions taken so
/// far of a move of the seat to move.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Partial {
    chosen: Vec<usize>,
    /// The key of the position the move is built in and its legal moves' sequences, in the
    /// order of [`Game::legal_moves`]: listed at the move's first action and kept until the
    /// move is played, so that its next actions do not list them again.
    listed: Option<(u64, Vec<Vec<usize>>)>,
}

/// An action that begins no legal move from the move built so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotLegal;

/// The sequences of the legal moves of `state`, in the order of [`Game::legal_moves`].
fn sequences<G: Game>(space: &dyn ActionSpace<G>, state: &G) -> Vec<Vec<usize>> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut sequence = Vec::new();
            space.sequence(state, mv, &mut sequence);
            sequence
        })
        .collect()
}

impl Partial {
    /// The actions taken so far (empty between moves).
    pub fn chosen(&self) -> &[usize] {
        &self.chosen
    }

    /// Forgets the actions taken (the position changed under it).
    pub fn clear(&mut self) {
        self.chosen.clear();
        self.listed = None;
    }

    /// The legal moves' sequences kept for `state`, if they were listed in it.
    fn listed_for<G: Game>(&self, state: &G) -> Option<&[Vec<usize>]> {
        self.listed
            .as_ref()
            .filter(|(key, _)| *key == state.position_key())
            .map(|(_, listed)| listed.as_slice())
    }

    /// Writes into `out` the legal actions that may come next, ascending and each once: for a
    /// game of one action a move, the legal moves' actions.
    pub fn next_actions<G: Game>(
        &self,
        space: &dyn ActionSpace<G>,
        state: &G,
        out: &mut Vec<usize>,
    ) {
        out.clear();
        if state.outcome().is_some() {
            return;
        }
        let fresh;
        let listed = if let Some(listed) = self.listed_for(state) {
            listed
        } else {
            fresh = sequences(space, state);
            &fresh
        };
        let depth = self.chosen.len();
        for sequence in listed {
            if sequence.len() > depth && sequence.starts_with(&self.chosen) {
                out.push(sequence[depth]);
            }
        }
        out.sort_unstable();
        out.dedup();
    }

    /// Takes `action`: `Ok(Some(mv))` when it completes the legal move `mv` (not played: the
    /// caller plays it; the partial move is empty again), `Ok(None)` when a legal move goes on
    /// from it (it is kept).
    ///
    /// # Errors
    /// [`NotLegal`] when no legal move begins with the actions taken and `action`; nothing is
    /// kept.
    pub fn take<G: Game>(
        &mut self,
        space: &dyn ActionSpace<G>,
        state: &G,
        action: usize,
    ) -> Result<Option<G::Move>, NotLegal> {
        if state.outcome().is_some() {
            return Err(NotLegal);
        }
        if !space.sequential() {
            return space
                .move_of(state, action)
                .filter(|&mv| state.check_move(mv).is_ok())
                .map(Some)
                .ok_or(NotLegal);
        }
        if self.listed_for(state).is_none() {
            self.listed = Some((state.position_key(), sequences(space, state)));
        }
        let listed = self.listed_for(state).ok_or(NotLegal)?;
        let depth = self.chosen.len();
        let mut begun = false;
        let mut completed = None;
        for (i, sequence) in listed.iter().enumerate() {
            if sequence.len() > depth
                && sequence[depth] == action
                && sequence.starts_with(&self.chosen)
            {
                if sequence.len() == depth + 1 {
                    completed = Some(i);
                    break;
                }
                begun = true;
            }
        }
        if let Some(i) = completed {
            // The move is the i-th legal move: listed once more, in the same order.
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            let mv = moves.get(i).copied().ok_or(NotLegal)?;
            self.clear();
            return Ok(Some(mv));
        }
        if begun {
            self.chosen.push(action);
            Ok(None)
        } else {
            Err(NotLegal)
        }
    }
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
