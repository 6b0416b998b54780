//! Numbering start-of-turn positions densely: `(own, opponent)` — the discs of the player to
//! move and of the other — to `0..len`, and back.
//!
//! Both players have [`Geometry::discs`] discs. A set of `k` squares is numbered in
//! colexicographic order (`C(c0, 1) + C(c1, 2) + …` for its squares `c0 < c1 < …`), which is
//! also the numeric order of the masks. The opponent's discs are numbered among the squares
//! the mover leaves free, so no number is wasted: `len = C(n, k) × C(n − k, k)`.

use crate::nudge::board::Mask;

use super::geometry::Geometry;

/// Binomial coefficients `C(n, r)` for `n <= 25`, `r <= 3`.
const fn binomials() -> [[u32; 4]; 26] {
    let mut table = [[0; 4]; 26];
    let mut n = 0;
    while n < 26 {
        table[n][0] = 1;
        let mut r = 1;
        while r < 4 {
            table[n][r] = if n == 0 {
                0
            } else {
                table[n - 1][r - 1] + table[n - 1][r]
            };
            r += 1;
        }
        n += 1;
    }
    table
}

/// `C(n, r)`.
const BINOMIAL: [[u32; 4]; 26] = binomials();

/// The numbering of one geometry's positions.
#[derive(Clone, Debug)]
pub(crate) struct Indexer {
    geometry: Geometry,
    /// Every set of the mover's discs, in numbering order.
    movers: Vec<Mask>,
    /// Every set of `k` among the `n − k` free squares (as a mask of free-square ranks).
    others: Vec<Mask>,
}

impl Indexer {
    /// The numbering for `geometry`.
    pub(crate) fn new(geometry: Geometry) -> Indexer {
        let k = geometry.discs();
        let n = geometry.squares();
        Indexer {
            geometry,
            movers: subsets(n, k),
            others: subsets(n - k, k),
        }
    }

    /// Number of positions.
    pub(crate) fn len(&self) -> usize {
        self.movers.len() * self.others.len()
    }

    /// The number of the position, or `None` when the masks do not make one (wrong number of
    /// discs, overlapping, or off the board).
    #[inline]
    pub(crate) fn index(&self, own: Mask, opponent: Mask) -> Option<usize> {
        let k = self.geometry.discs();
        let full = self.geometry.full();
        if own.count_ones() != k
            || opponent.count_ones() != k
            || own & opponent != 0
            || (own | opponent) & !full != 0
        {
            return None;
        }
        Some(self.index_unchecked(own, opponent))
    }

    /// [`Indexer::index`] for masks known to make a position.
    #[inline]
    pub(crate) fn index_unchecked(&self, own: Mask, opponent: Mask) -> usize {
        let mut compressed = 0;
        let mut rest = opponent;
        while rest != 0 {
            let square = rest.trailing_zeros();
            rest &= rest - 1;
            let below = own & ((1 << square) - 1);
            compressed |= 1 << (square - below.count_ones());
        }
        rank(own) as usize * self.others.len() + rank(compressed) as usize
    }

    /// The position numbered `index` (below [`Indexer::len`]): `(own, opponent)`.
    #[inline]
    pub(crate) fn position(&self, index: usize) -> (Mask, Mask) {
        let own = self.movers[index / self.others.len()];
        (own, expand(self.others[index % self.others.len()], own))
    }

    /// Every set of the mover's discs, in numbering order (positions `i * others ..`).
    pub(crate) fn movers(&self) -> &[Mask] {
        &self.movers
    }

    /// Number of opponent sets per mover set.
    pub(crate) fn others_len(&self) -> usize {
        self.others.len()
    }

    /// The `j`-th opponent set (in numbering order) beside the mover's discs `own`.
    #[inline]
    pub(crate) fn other(&self, j: usize, own: Mask) -> Mask {
        expand(self.others[j], own)
    }
}

/// The colexicographic rank of a set of squares.
#[inline]
fn rank(set: Mask) -> u32 {
    let mut rest = set;
    let mut r = 0;
    let mut i = 1;
    while rest != 0 {
        r += BINOMIAL[rest.trailing_zeros() as usize][i];
        rest &= rest - 1;
        i += 1;
    }
    r
}

/// Every mask of `k` bits below bit `n`, in increasing order (Gosper's hack).
fn subsets(n: u32, k: u32) -> Vec<Mask> {
    let mut all = Vec::with_capacity(BINOMIAL[n as usize][k as usize] as usize);
    let mut set: Mask = (1 << k) - 1;
    while set < (1 << n) {
        all.push(set);
        let low = set & set.wrapping_neg();
        let ripple = set + low;
        set = (((ripple ^ set) >> 2) / low) | ripple;
    }
    all
}

/// Puts bit `j` of `compressed` on the `j`-th square not in `taken`.
#[inline]
fn expand(compressed: Mask, taken: Mask) -> Mask {
    let mut out = 0;
    let mut rest = compressed;
    while rest != 0 {
        let j = rest.trailing_zeros();
        rest &= rest - 1;
        // The j-th free square: skip the taken squares at or below it.
        let mut square = j;
        let mut counted = 0;
        loop {
            let taken_below = (taken & ((2 << square) - 1)).count_ones();
            if taken_below == counted {
                break;
            }
            square = j + taken_below;
            counted = taken_below;
        }
        out |= 1 << square;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_is_a_bijection() {
        for geometry in [Geometry::new(4, 2).unwrap(), Geometry::new(3, 1).unwrap()] {
            let indexer = Indexer::new(geometry);
            for i in 0..indexer.len() {
                let (own, opponent) = indexer.position(i);
                assert_eq!(indexer.index(own, opponent), Some(i));
            }
        }
        let indexer = Indexer::new(Geometry::STANDARD);
        assert_eq!(indexer.len(), 2300 * 1540);
        for i in (0..indexer.len()).step_by(997) {
            let (own, opponent) = indexer.position(i);
            assert_eq!(indexer.index(own, opponent), Some(i));
        }
        assert_eq!(indexer.index(0b111, 0b110_000), None);
    }
}
