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

use tabuleiro_core::{ActionSpace, Player};

use super::{Quantik, QuantikMove, Shape};

/// Quantik's action space (see the module's documentation).
pub struct QuantikActions;

/// Cells of the board.
const CELLS: usize = 16;

/// The four values of each four bits of a mask, `one` for a set bit and `zero` for another (bit
/// `k` of `n` is `table[n][k]`): a plane or a mask is written four cells at a time.
const fn nibbles<T: Copy>(zero: T, one: T) -> [[T; 4]; 16] {
    let mut table = [[zero; 4]; 16];
    let mut n = 0;
    while n < 16 {
        let mut k = 0;
        while k < 4 {
            if (n >> k) & 1 == 1 {
                table[n][k] = one;
            }
            k += 1;
        }
        n += 1;
    }
    table
}

/// Observation values of four cells.
const BITS: [[f32; 4]; 16] = nibbles(0.0, 1.0);

/// Mask bytes of four cells.
const BYTES: [[i8; 4]; 16] = nibbles(0, 1);

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

    /// Every value written once, each plane from its bitboard (no clearing first).
    fn observe(&self, state: &Quantik, seat: Player, out: &mut [f32]) {
        let me = seat.index() & 1;
        let (pieces, hands) = out[..16 * CELLS].split_at_mut(8 * CELLS);
        for (side, owner) in [me, 1 - me].into_iter().enumerate() {
            for shape in 0..4 {
                let plane = side * 4 + shape;
                let cells = state.shapes[shape] & state.colours[owner];
                for (quarter, values) in pieces[plane * CELLS..(plane + 1) * CELLS]
                    .chunks_exact_mut(4)
                    .enumerate()
                {
                    values.copy_from_slice(&BITS[usize::from((cells >> (4 * quarter)) & 15)]);
                }
                let left = f32::from(state.left[owner][shape]) / 2.0;
                hands[plane * CELLS..(plane + 1) * CELLS].fill(left);
            }
        }
    }

    /// From the bitboards: the cells where the player to move may put each shape.
    fn legal_mask(&self, state: &Quantik, out: &mut [i8]) {
        let over = state.won.is_some();
        let player = Player(state.to_move);
        for (shape, mask) in out[..4 * CELLS].chunks_exact_mut(CELLS).enumerate() {
            let targets = if over {
                0
            } else {
                state.targets(player, Shape::from_index(shape))
            };
            for (quarter, values) in mask.chunks_exact_mut(4).enumerate() {
                values.copy_from_slice(&BYTES[usize::from((targets >> (4 * quarter)) & 15)]);
            }
        }
    }
}
