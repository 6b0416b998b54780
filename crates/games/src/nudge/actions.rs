//! Nudge's fixed action space and observation, for programs that learn to play it
//! ([`tabuleiro_core::actions`]).
//!
//! - **Actions**: 100, one per tail disc's square and direction: `square × 4 + direction`,
//!   squares `row × 5 + column` from `a1` (0) to `e5` (24), directions up `u`, down `d`, left
//!   `l`, right `r` (0–3). `a1u` is 0, `e5r` is 99. A turn is two moves, so two actions.
//! - **Observation**: 5 planes of 5×5, from the observing seat's side: plane 0 its own discs,
//!   1 the opponent's, 2 all ones on the second move of a turn, 3 and 4 its own and the
//!   opponent's discs at the start of the turn (which tell the one move the second move may not
//!   be: the first played backwards). How often earlier positions came up (for the repetition
//!   rule) is not in it. Nothing is hidden in Nudge.

use tabuleiro_core::actions::{fill_plane, mark_cells};
use tabuleiro_core::{ActionSpace, Player};

use super::{Direction, Nudge, NudgeMove};

/// Nudge's action space (see the module's documentation).
pub struct NudgeActions;

/// Squares of the board.
const SQUARES: usize = 25;

impl ActionSpace<Nudge> for NudgeActions {
    fn count(&self, _: &Nudge) -> usize {
        SQUARES * 4
    }

    fn action(&self, _: &Nudge, mv: NudgeMove) -> usize {
        mv.tail() * 4 + mv.direction() as usize
    }

    fn move_of(&self, _: &Nudge, action: usize) -> Option<NudgeMove> {
        (action < SQUARES * 4).then(|| NudgeMove::new(action / 4, Direction::ALL[action % 4]))
    }

    fn observation_shape(&self, _: &Nudge) -> [usize; 3] {
        [5, 5, 5]
    }

    fn observe(&self, state: &Nudge, seat: Player, out: &mut [f32]) {
        out.fill(0.0);
        let me = seat.index() & 1;
        for (side, owner) in [me, 1 - me].into_iter().enumerate() {
            mark_cells(out, side, SQUARES, u128::from(state.discs[owner]));
            mark_cells(out, 3 + side, SQUARES, u128::from(state.turn_start[owner]));
        }
        if state.second {
            fill_plane(out, 2, SQUARES, 1.0);
        }
    }
}
