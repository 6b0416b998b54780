//! The 4×4 board as 16-bit masks: cells, rows, columns, regions and their names.
//!
//! Cell `i` is at row `i / 4` and column `i % 4`; row 0 is row `1`, column 0 is column `a`.

/// A set of cells, one bit per cell.
pub type Mask = u16;

/// Every cell.
pub const ALL: Mask = 0xFFFF;

/// The mask of row `r` (0-based).
pub const fn row(r: usize) -> Mask {
    0x000F << (4 * r)
}

/// The mask of column `c` (0-based).
pub const fn column(c: usize) -> Mask {
    0x1111 << c
}

/// The mask of region `q` (0 = a1–b2, 1 = c1–d2, 2 = a3–b4, 3 = c3–d4).
pub const fn region(q: usize) -> Mask {
    let top = (q / 2) * 2;
    let left = (q % 2) * 2;
    let two = 0b11 << left;
    (two << (4 * top)) | (two << (4 * (top + 1)))
}

/// The region of a cell.
pub const fn region_of(cell: usize) -> usize {
    (cell / 8) * 2 + (cell % 4) / 2
}

/// Kinds of unit: a row, a column or a region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnitKind {
    /// A row `1`..`4`.
    Row,
    /// A column `a`..`d`.
    Column,
    /// A 2×2 quadrant.
    Region,
}

/// A row, column or region: four cells that win when they hold four different shapes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Unit {
    /// Row, column or region.
    pub kind: UnitKind,
    /// Its index (0..4).
    pub index: usize,
    /// Its cells.
    pub mask: Mask,
}

impl Unit {
    /// The unit's name, for messages: `row 2`, `column c`, `region a1-b2`.
    pub fn name(&self) -> String {
        match self.kind {
            UnitKind::Row => format!("row {}", self.index + 1),
            UnitKind::Column => format!("column {}", char::from(b'a' + self.index as u8)),
            UnitKind::Region => {
                let first = (self.index / 2) * 8 + (self.index % 2) * 2;
                format!("region {}-{}", cell_name(first), cell_name(first + 5))
            }
        }
    }
}

/// The three units through a cell: its row, column and region, in that order.
pub const fn units_of(cell: usize) -> [Unit; 3] {
    [
        Unit {
            kind: UnitKind::Row,
            index: cell / 4,
            mask: row(cell / 4),
        },
        Unit {
            kind: UnitKind::Column,
            index: cell % 4,
            mask: column(cell % 4),
        },
        Unit {
            kind: UnitKind::Region,
            index: region_of(cell),
            mask: region(region_of(cell)),
        },
    ]
}

/// For each cell, every cell sharing its row, column or region (itself included).
pub const ZONE: [Mask; 16] = {
    let mut z = [0; 16];
    let mut i = 0;
    while i < 16 {
        z[i] = row(i / 4) | column(i % 4) | region(region_of(i));
        i += 1;
    }
    z
};

/// For each cell, the masks of its row, column and region.
pub const UNIT_MASKS: [[Mask; 3]; 16] = {
    let mut u = [[0; 3]; 16];
    let mut i = 0;
    while i < 16 {
        u[i] = [row(i / 4), column(i % 4), region(region_of(i))];
        i += 1;
    }
    u
};

/// All twelve units: four rows, four columns, four regions.
pub const ALL_UNITS: [Mask; 12] = [
    row(0),
    row(1),
    row(2),
    row(3),
    column(0),
    column(1),
    column(2),
    column(3),
    region(0),
    region(1),
    region(2),
    region(3),
];

/// The cell of the `n`-th set bit of `mask` (counting from 0, lowest cell first); `n` must be
/// below `mask.count_ones()`.
pub fn nth_cell(mask: Mask, n: u32) -> u8 {
    let low = (mask & 0xFF) as usize;
    let below = low.count_ones();
    let high = n >= below;
    let byte = if high { (mask >> 8) as usize } else { low };
    let n = if high { n - below } else { n };
    (8 * u8::from(high)) + crate::bits::nth_bit_of_byte(byte as u64, n)
}

/// The name of cell `i`, e.g. `a1`.
pub fn cell_name(i: usize) -> String {
    format!("{}{}", char::from(b'a' + (i % 4) as u8), i / 4 + 1)
}

/// Reads a cell name such as `b3` (case-insensitive).
pub fn parse_cell(text: &str) -> Option<usize> {
    let bytes = text.as_bytes();
    if bytes.len() != 2 {
        return None;
    }
    let col = bytes[0].to_ascii_lowercase().checked_sub(b'a')?;
    let row = bytes[1].checked_sub(b'1')?;
    (col < 4 && row < 4).then_some(row as usize * 4 + col as usize)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn units_have_four_cells_and_cover_the_board() {
        for u in ALL_UNITS {
            assert_eq!(u.count_ones(), 4);
        }
        for kind in 0..3 {
            let union = ALL_UNITS[kind * 4..kind * 4 + 4]
                .iter()
                .fold(0, |a, m| a | m);
            assert_eq!(union, ALL);
        }
        for (i, zone) in ZONE.iter().enumerate() {
            // Row (4) + column (3 more) + region (1 more cell off both) = 8 cells.
            assert_eq!(zone.count_ones(), 8, "cell {}", cell_name(i));
        }
    }

    #[test]
    fn nth_cell_walks_the_set_bits_in_order() {
        for mask in [0x0001u16, 0x8000, 0xFFFF, 0xA5A5, 0x0F00, 0x1234] {
            let cells: Vec<u8> = (0..16).filter(|&i| mask & (1 << i) != 0).collect();
            for (n, &cell) in cells.iter().enumerate() {
                assert_eq!(nth_cell(mask, n as u32), cell, "mask {mask:#06x} n {n}");
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for i in 0..16 {
            assert_eq!(parse_cell(&cell_name(i)), Some(i));
        }
        assert_eq!(parse_cell("D4"), Some(15));
        assert_eq!(parse_cell("e1"), None);
        assert_eq!(parse_cell("a0"), None);
        assert_eq!(units_of(5)[2].name(), "region a1-b2");
        assert_eq!(units_of(15)[2].name(), "region c3-d4");
        assert_eq!(units_of(6)[1].name(), "column c");
    }
}
