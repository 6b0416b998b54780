//! Quantik's fixed action space and observation, for programs that learn to play it
//! ([`tabuleiro_core::actions`]).
//!
//! - **Actions**: 64, one per shape and cell: `shape × 16 + cell`, shapes in the order cube
//!   `C`, cylinder `Y`, cone `O`, sphere `S` (0–3), cells `row × 4 + column` from `a1` (0) to
//!   `d4` (15). `Ca1` is 0, `Sd4` is 63.
//! - **Observation**: 16 planes of 4×4, from the observing seat's side: planes 0–3 its own
//!   pieces of each shape (1 where one stands), 4–7 the opponent's; planes 8–11 its pieces of
//!   each shape still in hand, 12–15 the opponent's (0, 0.5 or 1 for none, one or both, over
//!   the whole plane). Nothing is hidden in Quantik: both seats see the same position.

use tabuleiro_core::actions::{fill_plane, mark_cells};
use tabuleiro_core::{ActionSpace, Player};

use super::{Quantik, QuantikMove, Shape};

/// Quantik's action space (see the module's documentation).
pub struct QuantikActions;

/// Cells of the board.
const CELLS: usize = 16;

impl ActionSpace<Quantik> for QuantikActions {
    fn count(&self, _: &Quantik) -> usize {
        4 * CELLS
    }

    fn action(&self, _: &Quantik, mv: QuantikMove) -> usize {
        mv.shape as usize * CELLS + mv.cell as usize
    }

    fn move_of(&self, _: &Quantik, action: usize) -> Option<QuantikMove> {
        (action < 4 * CELLS).then(|| QuantikMove {
            shape: Shape::from_index(action / CELLS),
            cell: (action % CELLS) as u8,
        })
    }

    fn observation_shape(&self, _: &Quantik) -> [usize; 3] {
        [16, 4, 4]
    }

    fn observe(&self, state: &Quantik, seat: Player, out: &mut [f32]) {
        out.fill(0.0);
        let me = seat.index() & 1;
        for (side, owner) in [me, 1 - me].into_iter().enumerate() {
            for shape in 0..4 {
                let cells = state.shapes[shape] & state.colours[owner];
                mark_cells(out, side * 4 + shape, CELLS, u128::from(cells));
                let left = f32::from(state.left[owner][shape]) / 2.0;
                fill_plane(out, 8 + side * 4 + shape, CELLS, left);
            }
        }
    }
}
