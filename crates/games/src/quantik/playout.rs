//! A whole random game in one loop: the fast path of [`Game::play_random_moves`], drawing
//! exactly the moves that [`Game::random_move`] draws one at a time (the same numbers from the
//! generator) and leaving exactly the position that [`Game::play_unchecked`] leaves.
//!
//! The position is held in a few machine words for the whole game instead of being stored and
//! read back at every move: the masks of the four shapes side by side in one `u64` (16 bits a
//! shape, cube lowest), the cells where each player may put each shape likewise, and the
//! pieces left to both players as the eight bytes of one `u64`.
//!
//! [`Game::play_random_moves`]: tabuleiro_core::Game::play_random_moves
//! [`Game::random_move`]: tabuleiro_core::Game::random_move
//! [`Game::play_unchecked`]: tabuleiro_core::Game::play_unchecked

use tabuleiro_core::GameRng;
use tabuleiro_core::rng::below;

use super::geometry::{Mask, UNIT_MASKS, ZONE, nth_cell};
use super::state::Quantik;

/// A 16-bit mask copied into each shape's lane.
const LANES: u64 = 0x0001_0001_0001_0001;

/// The four shape masks side by side, shape 0 lowest.
fn pack(masks: [Mask; 4]) -> u64 {
    masks
        .iter()
        .rev()
        .fold(0, |packed, &m| packed << 16 | u64::from(m))
}

/// The four shape masks of a packed word.
fn unpack(packed: u64) -> [Mask; 4] {
    [0, 1, 2, 3].map(|s| (packed >> (16 * s)) as Mask)
}

/// Whether `unit`, all of whose cells are filled, holds four different shapes (`shapes`
/// packed).
fn four_shapes(shapes: u64, unit: Mask) -> bool {
    unpack(shapes & (u64::from(unit) * LANES))
        .into_iter()
        .all(|m| m != 0)
}

impl Quantik {
    /// Plays random moves until the game ends or `limit` moves are played (see the module
    /// docs); returns the position and the number of moves.
    pub(super) fn random_moves(self, rng: &mut GameRng, limit: usize) -> (Quantik, usize) {
        if self.won.is_some() || limit == 0 {
            return (self, 0);
        }
        let mut random = rng.clone();
        let mut shapes = pack(self.shapes);
        let mut allowed = [pack(self.allowed[0]), pack(self.allowed[1])];
        let mut colours = self.colours;
        let mut filled = self.filled;
        let [mine, theirs] = self.left;
        let mut left = u64::from_le_bytes([
            mine[0], mine[1], mine[2], mine[3], theirs[0], theirs[1], theirs[2], theirs[3],
        ]);
        let mut p = usize::from(self.to_move & 1);
        let mut to_move = self.to_move;
        let mut won = None;
        let mut played = 0;
        while played < limit {
            // The targets of every shape, side by side: the move is their `pick`-th set bit,
            // which is `random_move`'s shape (the lane) and cell (the bit in the lane).
            let targets = allowed[p] & (u64::from(!filled) * LANES);
            let total = targets.count_ones();
            if total == 0 {
                break;
            }
            let pick = below(&mut random, total);
            // The `pick`-th set bit of `targets`: which half, which lane, which cell.
            let low = targets as u32;
            let below_high = low.count_ones();
            let high = pick >= below_high;
            let (half, pick) = if high {
                ((targets >> 32) as u32, pick - below_high)
            } else {
                (low, pick)
            };
            let below_upper = (half & 0xFFFF).count_ones();
            let upper = pick >= below_upper;
            let (lane, pick) = if upper {
                (half >> 16, pick - below_upper)
            } else {
                (half & 0xFFFF, pick)
            };
            let s = 2 * usize::from(high) + usize::from(upper);
            let cell = usize::from(nth_cell(lane as Mask, pick) & 15);
            // `Quantik::place`, on the packed words.
            let bit: Mask = 1 << cell;
            let lane_shift = 16 * s;
            shapes |= u64::from(bit) << lane_shift;
            colours[p] |= bit;
            filled |= bit;
            let byte = 8 * (4 * p + s);
            left -= 1 << byte;
            let none_left = (left >> byte) as u8 == 0;
            allowed[p] &= !((u64::from(none_left) * 0xFFFF) << lane_shift);
            allowed[p ^ 1] &= !(u64::from(ZONE[cell]) << lane_shift);
            let mover = p;
            p ^= 1;
            to_move = p as u8;
            played += 1;
            // Rarely is a unit through the cell full: only then are its shapes looked at.
            let [row, column, region] = UNIT_MASKS[cell];
            let full = |unit: Mask| filled & unit == unit;
            if full(row) || full(column) || full(region) {
                let unit = [row, column, region]
                    .into_iter()
                    .find(|&u| full(u) && four_shapes(shapes, u));
                if let Some(unit) = unit {
                    won = Some((mover as u8, unit));
                    break;
                }
            }
        }
        *rng = random;
        let bytes = left.to_le_bytes();
        let state = Quantik {
            shapes: unpack(shapes),
            colours,
            filled,
            allowed: [unpack(allowed[0]), unpack(allowed[1])],
            left: [
                [bytes[0], bytes[1], bytes[2], bytes[3]],
                [bytes[4], bytes[5], bytes[6], bytes[7]],
            ],
            to_move,
            first: self.first,
            won,
        };
        (state, played)
    }
}
