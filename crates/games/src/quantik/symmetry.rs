//! The symmetries of Quantik and canonical keys that fold symmetric positions together.
//!
//! The board's rows fall in two bands (1–2, 3–4) and so do its columns (a–b, c–d); regions are
//! the crossings of a row band and a column band. Any permutation of rows that keeps bands
//! together (swap within either band, swap the bands: 8 ways), the same for columns (8 ways),
//! and optionally a transposition (2 ways) maps rows, columns and regions onto rows, columns
//! and regions: 128 geometric symmetries, which include the 8 rotations and reflections.
//! Permuting the four shapes (24 ways) for both players is a symmetry too. Keys are taken
//! from the point of view of the player to move ("own" and "opponent" pieces), since both
//! players have the same pieces and rules.

use std::sync::LazyLock;

use super::geometry::Mask;

/// Number of geometric symmetries.
pub const GEOMETRIC: usize = 128;

/// For each symmetry, where each cell goes.
pub static CELL_MAPS: LazyLock<Vec<[u8; 16]>> = LazyLock::new(|| {
    let mut maps = Vec::with_capacity(GEOMETRIC);
    for transpose in [false, true] {
        for rows in 0..8 {
            for cols in 0..8 {
                let mut map = [0u8; 16];
                for (cell, slot) in map.iter_mut().enumerate() {
                    let (r, c) = (permute_line(cell / 4, rows), permute_line(cell % 4, cols));
                    let (r, c) = if transpose { (c, r) } else { (r, c) };
                    *slot = (r * 4 + c) as u8;
                }
                maps.push(map);
            }
        }
    }
    maps
});

/// Image of row (or column) `i` under band permutation `code`: bit 0 swaps the bands, bit 1
/// swaps within the first band, bit 2 within the second.
fn permute_line(i: usize, code: usize) -> usize {
    let band = i / 2;
    let within = (i % 2) ^ ((code >> (1 + band)) & 1);
    let band = band ^ (code & 1);
    band * 2 + within
}

/// Lookup tables mapping each byte of a mask under each symmetry.
struct MaskTables {
    low: Vec<[Mask; 256]>,
    high: Vec<[Mask; 256]>,
}

static TABLES: LazyLock<MaskTables> = LazyLock::new(|| {
    let mut low = vec![[0; 256]; GEOMETRIC];
    let mut high = vec![[0; 256]; GEOMETRIC];
    for (t, map) in CELL_MAPS.iter().enumerate() {
        for byte in 0..256usize {
            for bit in 0..8 {
                if byte & (1 << bit) != 0 {
                    low[t][byte] |= 1 << map[bit];
                    high[t][byte] |= 1 << map[bit + 8];
                }
            }
        }
    }
    MaskTables { low, high }
});

/// The image of `mask` under symmetry `t`.
pub fn transform(t: usize, mask: Mask) -> Mask {
    let tables = &*TABLES;
    tables.low[t][(mask & 0xFF) as usize] | tables.high[t][(mask >> 8) as usize]
}

/// Spreads the 16 bits of a mask to the low bit of 16 nibbles.
fn spread(mask: Mask) -> u64 {
    let mut out = 0u64;
    let mut m = mask;
    while m != 0 {
        let i = m.trailing_zeros();
        out |= 1 << (4 * i);
        m &= m - 1;
    }
    out
}

/// An exact 64-bit code of a board given per-shape (own, opponent) masks: each cell's nibble is
/// 0 when empty, `1 + s` for an own piece of shape `s`, `5 + s` for an opponent's.
pub fn nibble_code(own: [Mask; 4], opponent: [Mask; 4]) -> u64 {
    let mut code = 0;
    for s in 0..4 {
        code |= spread(own[s]) * (1 + s as u64);
        code |= spread(opponent[s]) * (5 + s as u64);
    }
    code
}

/// The smallest code of the position over all 128 geometric symmetries and all shape
/// permutations: equal for symmetric positions, different otherwise.
pub fn canonical_code(own: [Mask; 4], opponent: [Mask; 4]) -> u64 {
    let mut best = u128::MAX;
    for t in 0..GEOMETRIC {
        let mut pairs = [0u32; 4];
        for s in 0..4 {
            pairs[s] =
                (u32::from(transform(t, own[s])) << 16) | u32::from(transform(t, opponent[s]));
        }
        sort4(&mut pairs);
        let packed = (u128::from(pairs[0]) << 96)
            | (u128::from(pairs[1]) << 64)
            | (u128::from(pairs[2]) << 32)
            | u128::from(pairs[3]);
        best = best.min(packed);
    }
    let mut own_sorted = [0; 4];
    let mut opp_sorted = [0; 4];
    for i in 0..4 {
        let pair = (best >> (96 - 32 * i)) as u32;
        own_sorted[i] = (pair >> 16) as Mask;
        opp_sorted[i] = pair as Mask;
    }
    nibble_code(own_sorted, opp_sorted)
}

/// Sorts four values with a sorting network.
fn sort4(v: &mut [u32; 4]) {
    for (a, b) in [(0, 1), (2, 3), (0, 2), (1, 3), (1, 2)] {
        if v[a] > v[b] {
            v.swap(a, b);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::geometry::{ALL_UNITS, ZONE};
    use super::*;

    #[test]
    fn symmetries_are_distinct_permutations_that_keep_units() {
        let mut seen = std::collections::HashSet::new();
        for (t, map) in CELL_MAPS.iter().enumerate() {
            let mut cells: Vec<u8> = map.to_vec();
            cells.sort_unstable();
            assert_eq!(
                cells,
                (0..16).collect::<Vec<u8>>(),
                "symmetry {t} is a permutation"
            );
            assert!(seen.insert(*map), "symmetry {t} is new");
            for unit in ALL_UNITS {
                assert!(
                    ALL_UNITS.contains(&transform(t, unit)),
                    "symmetry {t} keeps units"
                );
            }
            for (cell, zone) in ZONE.iter().enumerate() {
                assert_eq!(transform(t, *zone), ZONE[map[cell] as usize]);
            }
        }
        assert_eq!(seen.len(), GEOMETRIC);
    }

    #[test]
    fn the_eight_rotations_and_reflections_are_included() {
        let rotate = |cell: usize| (cell % 4) * 4 + (3 - cell / 4);
        let mut map = [0u8; 16];
        for (cell, slot) in map.iter_mut().enumerate() {
            *slot = rotate(cell) as u8;
        }
        assert!(CELL_MAPS.contains(&map));
    }

    #[test]
    fn nibble_code_is_exact() {
        let own = [0b1, 0, 0, 0];
        let opp = [0, 0b10, 0, 0];
        assert_eq!(nibble_code(own, opp), 0x61);
    }
}
