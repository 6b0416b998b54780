//! The transposition table of the alpha-beta search.

use crate::score::DECIDED;

/// What a stored value means relative to the true value of the position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least this (the search failed high).
    Lower,
    /// The true value is at most this (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry<M> {
    /// The position's key; `0` with `depth == 0` marks an empty slot.
    pub key: u64,
    /// The value, with won and lost scores counted from this position (see [`to_table`]).
    pub value: i32,
    /// Remaining depth the value was searched to.
    pub depth: u8,
    /// What kind of bound the value is.
    pub bound: Bound,
    /// The best move found, to try first next time.
    pub best: Option<M>,
}

/// A fixed-size table indexed by position key, always replacing.
#[derive(Debug)]
pub struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    mask: usize,
}

impl<M: Copy> Table<M> {
    /// A table of `2^bits` slots.
    pub fn new(bits: u32) -> Self {
        let size = 1usize << bits;
        Table {
            slots: vec![None; size],
            mask: size - 1,
        }
    }

    fn index(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & self.mask
    }

    /// The entry for `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<&Entry<M>> {
        self.slots[self.index(key)]
            .as_ref()
            .filter(|e| e.key == key)
    }

    /// Stores an entry (replacing whatever shared its slot).
    pub fn store(&mut self, entry: Entry<M>) {
        let i = self.index(entry.key);
        self.slots[i] = Some(entry);
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        self.slots.fill(None);
    }
}

/// Converts a score measured from the root (`ply` plies down) into one measured from the
/// position itself, so a stored win distance is right wherever the position recurs.
pub fn to_table(value: i32, ply: u32) -> i32 {
    if value >= DECIDED {
        value + ply as i32
    } else if value <= -DECIDED {
        value - ply as i32
    } else {
        value
    }
}

/// The inverse of [`to_table`].
pub fn from_table(value: i32, ply: u32) -> i32 {
    if value >= DECIDED {
        value - ply as i32
    } else if value <= -DECIDED {
        value + ply as i32
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::score::WIN;

    #[test]
    fn win_distances_survive_the_table() {
        let at_root = WIN - 7;
        assert_eq!(from_table(to_table(at_root, 3), 3), at_root);
        assert_eq!(to_table(at_root, 3), WIN - 4);
        assert_eq!(to_table(-at_root, 3), -(WIN - 4));
        assert_eq!(to_table(12, 3), 12);
    }

    #[test]
    fn probe_finds_only_its_key() {
        let mut t: Table<u8> = Table::new(4);
        t.store(Entry {
            key: 5,
            value: 1,
            depth: 2,
            bound: Bound::Exact,
            best: Some(3),
        });
        assert_eq!(t.probe(5).map(|e| e.best), Some(Some(3)));
        assert!(t.probe(6).is_none());
    }
}
