//! A whole random game in one loop: the fast path of [`Game::play_random_moves`], drawing
//! exactly the moves that [`Game::random_move`] draws one at a time (the same numbers from the
//! generator) and leaving exactly the position that [`Game::play_unchecked`] leaves.
//!
//! The position is held in a few machine words for the whole game instead of being stored and
//! read back at every move: the masks of the four shapes side by side in one `u64` (16 bits a
//! shape, cube lowest), the cells where each player may put each shape likewise, and the
//! pieces left to both players as the eight bytes of one `u64`. The loop is a chain of
//! dependent steps (the targets, their count, the number drawn, the cell, the next targets), so
//! it is written to keep that chain short: the empty cells are kept in every lane at once
//! rather than broadcast at each move, the targets below each lane are counted while the
//! number is drawn, and one table lookup gives both the cell and the cells it bars.
//!
//! [`Game::play_random_moves`]: tabuleiro_core::Game::play_random_moves
//! [`Game::random_move`]: tabuleiro_core::Game::random_move
//! [`Game::play_unchecked`]: tabuleiro_core::Game::play_unchecked

use tabuleiro_core::GameRng;
use tabuleiro_core::rng::below;

use super::geometry::{Mask, UNIT_MASKS, ZONE};
use super::state::Quantik;
use crate::bits::SELECT;

/// A 16-bit mask copied into each shape's lane.
const LANES: u64 = 0x0001_0001_0001_0001;

/// For each half of a lane (low eight cells, high eight), each byte of that half and each
/// `n < 8`: the cell of the byte's `n`-th set bit (bits 16 and up) and that cell's
/// [`ZONE`] (the low 16 bits), so that one load gives both. Entries past a byte's set bits
/// are not used.
const PICK: [[[u32; 8]; 256]; 2] = {
    let mut table = [[[0; 8]; 256]; 2];
    let mut half = 0;
    while half < 2 {
        let mut byte = 0;
        while byte < 256 {
            let mut n = 0;
            while n < 8 {
                let cell = 8 * half + SELECT[byte][n] as usize;
                table[half][byte][n] = (cell as u32) << 16 | ZONE[cell] as u32;
                n += 1;
            }
            byte += 1;
        }
        half += 1;
    }
    table
};

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
        // The empty cells in every shape's lane.
        let mut empty = u64::from(!self.filled) * LANES;
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
            let targets = allowed[p] & empty;
            let total = targets.count_ones();
            if total == 0 {
                break;
            }
            let pick = below(&mut random, total);
            // The `pick`-th set bit of `targets`: which lane (shape), counting the targets of
            // the lanes below each one while the number is drawn.
            let below_1 = (targets & 0xFFFF).count_ones();
            let below_2 = (targets & 0xFFFF_FFFF).count_ones();
            let below_3 = (targets & 0xFFFF_FFFF_FFFF).count_ones();
            let s = usize::from(pick >= below_1)
                + usize::from(pick >= below_2)
                + usize::from(pick >= below_3);
            let before = if pick >= below_3 {
                below_3
            } else if pick >= below_2 {
                below_2
            } else if pick >= below_1 {
                below_1
            } else {
                0
            };
            let lane = (targets >> (16 * s)) as u32 & 0xFFFF;
            let pick = pick - before;
            // The `pick`-th set bit of the lane: which byte, then the table.
            let low = lane & 0xFF;
            let below_byte = low.count_ones();
            let high_byte = pick >= below_byte;
            let (lane_byte, pick) = if high_byte {
                ((lane >> 8) & 0xFF, pick - below_byte)
            } else {
                (low, pick)
            };
            let entry = PICK[usize::from(high_byte)][lane_byte as usize][(pick & 7) as usize];
            let cell = (entry >> 16) as usize & 15;
            let zone = u64::from(entry as Mask);
            // `Quantik::place`, on the packed words.
            let bit: Mask = 1 << cell;
            let lane_shift = 16 * s;
            shapes |= u64::from(bit) << lane_shift;
            colours[p] |= bit;
            empty &= !(LANES << cell);
            let byte = 8 * (4 * p + s);
            left -= 1 << byte;
            let none_left = (left >> byte) as u8 == 0;
            allowed[p] &= !((u64::from(none_left) * 0xFFFF) << lane_shift);
            allowed[p ^ 1] &= !(zone << lane_shift);
            let mover = p;
            p ^= 1;
            to_move = p as u8;
            played += 1;
            // Rarely is a unit through the cell full: only then are its shapes looked at.
            let [row, column, region] = UNIT_MASKS[cell];
            let filled = !(empty as Mask);
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
            filled: !(empty as Mask),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pick_gives_each_set_bit_and_its_zone() {
        for (half, bytes) in PICK.iter().enumerate() {
            for (byte, entries) in bytes.iter().enumerate() {
                let bits = (0..8).filter(|&b| byte & (1 << b) != 0);
                for (bit, &entry) in bits.zip(entries) {
                    let cell = 8 * half + bit;
                    assert_eq!((entry >> 16) as usize, cell, "half {half} byte {byte:#x}");
                    assert_eq!(entry as Mask, ZONE[cell], "half {half} byte {byte:#x}");
                }
            }
        }
    }
}
