//! Pushee Pieces' fixed action space and observation, for programs that learn to play it
//! ([`tabuleiro_core::actions`]). On a board of W columns × H rows (option `size`):
//!
//! - **Actions**: 2WH (72 on 6×6), one per orientation and cell: `orientation × WH + cell`,
//!   orientations `h` (pushes left and right) then `v` (0, 1), cells `row × W + column` from
//!   `a1` (0). On 6×6, `ha1` is 0 and `va1` is 36.
//! - **Observation**: 7 planes of H×W, from the observing seat's side: planes 0 and 1 its own
//!   `h` and `v` pieces, 2 and 3 the opponent's, 4 each cell's value / 9, 5 and 6 its own and
//!   the opponent's pieces in hand / 72 (over the whole plane). Nothing is hidden.

use tabuleiro_core::actions::fill_plane;
use tabuleiro_core::{ActionSpace, Player};

use super::{Cell, Orientation, Pushee, PusheeMove};

/// Pushee's action space (see the module's documentation).
pub struct PusheeActions;

impl ActionSpace<Pushee> for PusheeActions {
    fn count(&self, state: &Pushee) -> usize {
        2 * state.width() * state.height()
    }

    fn action(&self, state: &Pushee, mv: PusheeMove) -> usize {
        let orientation = match mv.orientation {
            Orientation::Horizontal => 0,
            Orientation::Vertical => 1,
        };
        let cell = usize::from(mv.cell.row) * state.width() + usize::from(mv.cell.column);
        orientation * state.width() * state.height() + cell
    }

    fn move_of(&self, state: &Pushee, action: usize) -> Option<PusheeMove> {
        let cells = state.width() * state.height();
        if action >= 2 * cells {
            return None;
        }
        let at = action % cells;
        Some(PusheeMove {
            orientation: if action < cells {
                Orientation::Horizontal
            } else {
                Orientation::Vertical
            },
            cell: Cell {
                column: (at % state.width()) as u8,
                row: (at / state.width()) as u8,
            },
        })
    }

    fn observation_shape(&self, state: &Pushee) -> [usize; 3] {
        [7, state.height(), state.width()]
    }

    fn observe(&self, state: &Pushee, seat: Player, out: &mut [f32]) {
        out.fill(0.0);
        let (w, h) = (state.width(), state.height());
        let cells = w * h;
        let me = Player((seat.index() & 1) as u8);
        let other = Player(1 - me.0);
        for row in 0..h {
            for column in 0..w {
                let cell = Cell {
                    column: column as u8,
                    row: row as u8,
                };
                let at = row * w + column;
                if let Some(piece) = state.at(cell) {
                    let side = usize::from(piece.owner != me);
                    let turn = usize::from(piece.orientation == Orientation::Vertical);
                    out[(side * 2 + turn) * cells + at] = 1.0;
                }
                out[4 * cells + at] = f32::from(state.value(cell)) / 9.0;
            }
        }
        let hand = |p: Player| state.pieces_left(p) as f32 / super::MAX_PIECES as f32;
        fill_plane(out, 5, cells, hand(me));
        fill_plane(out, 6, cells, hand(other));
    }
}
