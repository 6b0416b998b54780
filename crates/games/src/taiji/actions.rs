//! Taiji's fixed action space and observation, for programs that learn to play it
//! ([`tabuleiro_core::actions`]). On an n×n board (option `size`: 7, 9 or 11):
//!
//! - **Actions**: 4n² (196, 324 or 484), one per light cell and side of it where the dark half
//!   lies: `side × n² + light cell`, sides right, below, left, above (0–3), cells `row × n +
//!   column` from `a1` (0). On 9×9, `a1-b1` is 0, `a1-a2` is 81.
//! - **Observation**: 3 planes of n×n, from the observing seat's side: plane 0 the cells of
//!   the colour it scores (Light for the first seat, Dark for the second), 1 the other colour's,
//!   2 the empty cells. Nothing is hidden in Taiji.

use tabuleiro_core::{ActionSpace, Player};

use super::geometry::{Cell, Mask};
use super::{Taiji, TaijiMove};

/// Taiji's action space (see the module's documentation).
pub struct TaijiActions;

impl TaijiActions {
    /// Cells of the board of `state`.
    fn cells(state: &Taiji) -> usize {
        usize::from(state.size) * usize::from(state.size)
    }
}

impl ActionSpace<Taiji> for TaijiActions {
    fn count(&self, state: &Taiji) -> usize {
        4 * Self::cells(state)
    }

    fn action(&self, state: &Taiji, mv: TaijiMove) -> usize {
        let (light, dark) = (mv.light, mv.dark);
        let side = if dark.column > light.column {
            0
        } else if dark.row > light.row {
            1
        } else if dark.column < light.column {
            2
        } else {
            3
        };
        let n = usize::from(state.size);
        side * Self::cells(state) + usize::from(light.row) * n + usize::from(light.column)
    }

    fn move_of(&self, state: &Taiji, action: usize) -> Option<TaijiMove> {
        let n = usize::from(state.size);
        let cells = Self::cells(state);
        if action >= 4 * cells {
            return None;
        }
        let (side, at) = (action / cells, action % cells);
        let (column, row) = (at % n, at / n);
        let (dark_column, dark_row) = match side {
            0 => (column + 1, row),
            1 => (column, row + 1),
            2 => (column.checked_sub(1)?, row),
            _ => (column, row.checked_sub(1)?),
        };
        if dark_column >= n || dark_row >= n {
            return None;
        }
        Some(TaijiMove {
            light: Cell::new(column as u8, row as u8),
            dark: Cell::new(dark_column as u8, dark_row as u8),
        })
    }

    fn observation_shape(&self, state: &Taiji) -> [usize; 3] {
        let n = usize::from(state.size);
        [3, n, n]
    }

    fn observe(&self, state: &Taiji, seat: Player, out: &mut [f32]) {
        let n = state.size;
        let cells = Self::cells(state);
        let (own, other): (Mask, Mask) = if seat.index() == 0 {
            (state.light, state.dark)
        } else {
            (state.dark, state.light)
        };
        for row in 0..n {
            for column in 0..n {
                let bit = Cell::new(column, row).mask();
                let at = usize::from(row) * usize::from(n) + usize::from(column);
                out[at] = f32::from(u8::from(own & bit != 0));
                out[cells + at] = f32::from(u8::from(other & bit != 0));
                out[2 * cells + at] = f32::from(u8::from((own | other) & bit == 0));
            }
        }
    }
}
