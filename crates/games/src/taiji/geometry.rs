//! The board as 128-bit masks, for every size at once.
//!
//! Cell (row `r`, column `c`), counted from 0 at the top left, is bit `r * 11 + c` whatever the
//! board's size: a 7×7 or 9×9 board uses the top-left corner of the 11×11 layout. So the
//! shifts that step to a neighbour are the same constants on every board, and only the mask of
//! the board's cells depends on its size.

use std::fmt;

/// A set of cells, one bit per cell (see the module documentation for the layout).
pub type Mask = u128;

/// Bits from one row to the next: the width of the largest board.
pub const STRIDE: u32 = 11;

/// The board sizes the rules allow.
pub const SIZES: [usize; 3] = [7, 9, 11];

/// The largest board side.
pub const MAX_SIZE: usize = 11;

/// Column `c` of the 11×11 layout.
const fn column(c: u32) -> Mask {
    let mut mask = 0;
    let mut r = 0;
    while r < STRIDE {
        mask |= 1 << (r * STRIDE + c);
        r += 1;
    }
    mask
}

/// The leftmost column: stepping right from the last column of the layout lands here.
pub const FIRST_COLUMN: Mask = column(0);

/// The last column of the layout: stepping left from the first column lands here.
pub const LAST_COLUMN: Mask = column(STRIDE - 1);

/// Every cell of a `size`×`size` board.
pub const fn board(size: usize) -> Mask {
    let mut mask = 0;
    let mut r = 0;
    while r < size {
        let mut c = 0;
        while c < size {
            mask |= 1 << (r * STRIDE as usize + c);
            c += 1;
        }
        r += 1;
    }
    mask
}

/// Of the cells in `empty`, those whose right-hand neighbour is also in `empty`: each stands
/// for one horizontal pair (the cell and the cell to its right).
#[inline]
pub const fn horizontal_pairs(empty: Mask) -> Mask {
    empty & (empty >> 1) & !LAST_COLUMN
}

/// Of the cells in `empty`, those whose neighbour below is also in `empty`: each stands for
/// one vertical pair (the cell and the cell below it).
#[inline]
pub const fn vertical_pairs(empty: Mask) -> Mask {
    empty & (empty >> STRIDE)
}

/// `cells` and their orthogonal neighbours. Bits outside the board may be set for cells on
/// the right or bottom edge of a smaller board; intersect with a subset of the board.
#[inline]
pub const fn spread(cells: Mask) -> Mask {
    cells
        | ((cells << 1) & !FIRST_COLUMN)
        | ((cells >> 1) & !LAST_COLUMN)
        | (cells << STRIDE)
        | (cells >> STRIDE)
}

/// Calls `f` with each orthogonally connected group of the cells of `cells`, lowest cell's
/// group first (flood fill over masks).
#[inline]
pub fn for_each_group(cells: Mask, mut f: impl FnMut(Mask)) {
    let mut rest = cells;
    while rest != 0 {
        let mut group = rest & rest.wrapping_neg();
        loop {
            let grown = spread(group) & rest;
            if grown == group {
                break;
            }
            group = grown;
        }
        f(group);
        rest &= !group;
    }
}

/// The position of the `n`-th set bit of `mask` (counting from 0, lowest first); `n` must be
/// below `mask.count_ones()`. Halves the word three times, then looks up the last byte.
#[inline]
pub fn nth_bit(mask: Mask, n: u32) -> u32 {
    let low = mask as u64;
    let below = low.count_ones();
    let high = u32::from(n >= below);
    let mut word = if high == 1 { (mask >> 64) as u64 } else { low };
    let mut n = n - below * high;
    let mut base = 64 * high;
    for width in [32u32, 16, 8] {
        let part = word & ((1u64 << width) - 1);
        let count = part.count_ones();
        let up = u32::from(n >= count);
        word >>= width * up;
        n -= count * up;
        base += width * up;
    }
    base + u32::from(crate::bits::nth_bit_of_byte(word, n))
}

/// A cell named by its column and row, counted from 0 (column `a`, row `1` at the top).
///
/// Any letter `a`–`z` and row `1`–`99` can be named, so that a cell off the board is an
/// illegal move with a reason rather than unreadable text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    /// Column from 0 (`a`).
    pub column: u8,
    /// Row from 0 (`1`, drawn at the top).
    pub row: u8,
}

impl Cell {
    /// The cell at `column`, `row` (both from 0).
    pub const fn new(column: u8, row: u8) -> Self {
        Cell { column, row }
    }

    /// Whether the cell lies on a `size`×`size` board.
    pub const fn on_board(self, size: usize) -> bool {
        (self.column as usize) < size && (self.row as usize) < size
    }

    /// Its bit in the mask layout; only meaningful for a cell on the largest board.
    #[inline]
    pub const fn bit(self) -> u32 {
        self.row as u32 * STRIDE + self.column as u32
    }

    /// The cell of bit `bit` of the layout (below 121).
    #[inline]
    pub const fn from_bit(bit: u32) -> Self {
        Cell {
            column: (bit % STRIDE) as u8,
            row: (bit / STRIDE) as u8,
        }
    }

    /// Its mask (one bit); only meaningful for a cell on the largest board.
    #[inline]
    pub const fn mask(self) -> Mask {
        1 << self.bit()
    }

    /// Whether the two cells are orthogonal neighbours.
    pub const fn is_adjacent(self, other: Cell) -> bool {
        self.column.abs_diff(other.column) + self.row.abs_diff(other.row) == 1
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            char::from(b'a' + self.column),
            u32::from(self.row) + 1
        )
    }
}

/// Reads a cell name from the start of `text` (letter `a`–`z` in either case, then a row
/// number `1`–`99`); returns the cell and the rest of the text.
pub fn read_cell(text: &str) -> Option<(Cell, &str)> {
    let bytes = text.as_bytes();
    let letter = *bytes.first()?;
    if !letter.is_ascii_alphabetic() {
        return None;
    }
    let digits = bytes[1..].iter().take_while(|b| b.is_ascii_digit()).count();
    if digits == 0 || digits > 2 {
        return None;
    }
    let row: u8 = text[1..=digits].parse().ok()?;
    if row == 0 {
        return None;
    }
    let cell = Cell::new(letter.to_ascii_lowercase() - b'a', row - 1);
    Some((cell, &text[1 + digits..]))
}

/// Reads a whole text as one cell name, e.g. `c4` (case-insensitive).
pub fn parse_cell(text: &str) -> Option<Cell> {
    match read_cell(text.trim()) {
        Some((cell, "")) => Some(cell),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_have_the_right_number_of_cells() {
        for n in SIZES {
            assert_eq!(board(n).count_ones() as usize, n * n);
        }
        assert_eq!(board(MAX_SIZE) >> 121, 0);
    }

    #[test]
    fn pairs_of_the_empty_boards() {
        for n in SIZES {
            let all = board(n);
            let pairs = horizontal_pairs(all).count_ones() + vertical_pairs(all).count_ones();
            assert_eq!(pairs as usize, 2 * n * (n - 1), "{n}x{n}");
        }
    }

    #[test]
    fn nth_bit_walks_the_set_bits_in_order() {
        let masks: [Mask; 5] = [1, 1 << 120, board(11), board(7) ^ (1 << 70), 0xF0F0 << 60];
        for mask in masks {
            let bits: Vec<u32> = (0..128).filter(|&i| mask & (1 << i) != 0).collect();
            for (n, &bit) in bits.iter().enumerate() {
                assert_eq!(nth_bit(mask, n as u32), bit, "mask {mask:#x} n {n}");
            }
        }
    }

    #[test]
    fn groups_are_found_by_flood_fill() {
        // Row 0: a1 b1 . d1; row 1: a2 . . d2 — two groups: {a1, b1, a2} and {d1, d2}.
        let cells = [(0, 0), (1, 0), (3, 0), (0, 1), (3, 1)]
            .iter()
            .fold(0, |m, &(c, r)| m | Cell::new(c, r).mask());
        let mut sizes = Vec::new();
        for_each_group(cells, |g| sizes.push(g.count_ones()));
        assert_eq!(sizes, [3, 2]);
        // The last column and the next row's first column are not neighbours.
        let wrap = Cell::new(10, 0).mask() | Cell::new(0, 1).mask();
        let mut count = 0;
        for_each_group(wrap, |_| count += 1);
        assert_eq!(count, 2);
    }

    #[test]
    fn cell_names_round_trip() {
        for bit in 0..121 {
            let cell = Cell::from_bit(bit);
            assert_eq!(cell.bit(), bit);
            assert_eq!(parse_cell(&cell.to_string()), Some(cell));
        }
        assert_eq!(parse_cell("C12"), Some(Cell::new(2, 11)));
        assert_eq!(parse_cell("a0"), None);
        assert_eq!(parse_cell("a100"), None);
        assert_eq!(parse_cell("4c"), None);
        assert!(Cell::new(3, 3).is_adjacent(Cell::new(3, 4)));
        assert!(!Cell::new(3, 3).is_adjacent(Cell::new(4, 4)));
        assert!(!Cell::new(3, 3).is_adjacent(Cell::new(3, 3)));
    }
}
