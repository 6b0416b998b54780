//! How often each start-of-turn position has come up, for the repetition draw.
//!
//! A small open-addressing hash table (linear probing) of exact position codes with their
//! counts: adding a position and learning how often it came up is O(1), where scanning a list
//! of every earlier turn would make long games quadratic.

/// Bits of a slot that hold the position code; the count is above them.
const CODE_BITS: u32 = 56;

/// The mask of the code in a slot.
const CODE_MASK: u64 = (1 << CODE_BITS) - 1;

/// Slots in a new table (a power of two).
const INITIAL_SLOTS: usize = 32;

/// A multiset of position codes (non-zero, below 2^56).
#[derive(Clone, Debug, Eq)]
pub(super) struct Seen {
    /// `code | count << CODE_BITS`, or 0 for an empty slot. The length is a power of two and
    /// at most half of the slots are used, so that a search probes about two slots.
    slots: Vec<u64>,
    /// Distinct codes stored.
    used: usize,
}

impl Seen {
    /// An empty table.
    pub(super) fn new() -> Self {
        Seen {
            slots: vec![0; INITIAL_SLOTS],
            used: 0,
        }
    }

    /// The first slot to try for `code` in a table of `len` slots (a power of two): the top
    /// bits of a Fibonacci hash.
    #[inline]
    fn home(code: u64, len: usize) -> usize {
        (code.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - len.trailing_zeros())) as usize
    }

    /// Counts one more occurrence of `code` (non-zero, below 2^56); returns how many times
    /// it has come up, this time included.
    #[inline]
    pub(super) fn add(&mut self, code: u64) -> u64 {
        debug_assert!(
            code != 0 && code <= CODE_MASK,
            "bad position code {code:#x}"
        );
        if (self.used + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = Seen::home(code, self.slots.len());
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                self.slots[i] = code | (1 << CODE_BITS);
                self.used += 1;
                return 1;
            }
            if slot & CODE_MASK == code {
                self.slots[i] = slot + (1 << CODE_BITS);
                return (slot >> CODE_BITS) + 1;
            }
            i = (i + 1) & mask;
        }
    }

    /// How many times `code` has come up.
    pub(super) fn count(&self, code: u64) -> u64 {
        let mask = self.slots.len() - 1;
        let mut i = Seen::home(code, self.slots.len());
        loop {
            let slot = self.slots[i];
            if slot == 0 {
                return 0;
            }
            if slot & CODE_MASK == code {
                return slot >> CODE_BITS;
            }
            i = (i + 1) & mask;
        }
    }

    /// Doubles the number of slots.
    fn grow(&mut self) {
        let doubled = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        let mask = self.slots.len() - 1;
        for slot in old.into_iter().filter(|&s| s != 0) {
            let mut i = Seen::home(slot & CODE_MASK, self.slots.len());
            while self.slots[i] != 0 {
                i = (i + 1) & mask;
            }
            self.slots[i] = slot;
        }
    }

    /// Number of positions counted (with repeats).
    #[cfg(test)]
    pub(super) fn total(&self) -> u64 {
        self.slots.iter().map(|s| s >> CODE_BITS).sum()
    }
}

/// Equal when the same codes came up equally often, however the slots are laid out.
impl PartialEq for Seen {
    fn eq(&self, other: &Self) -> bool {
        self.used == other.used
            && self
                .slots
                .iter()
                .filter(|&&s| s != 0)
                .all(|&s| other.count(s & CODE_MASK) == s >> CODE_BITS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_survive_growth_and_order() {
        let mut a = Seen::new();
        let mut b = Seen::new();
        let codes: Vec<u64> = (1..=500u64).map(|i| i * 0x1_0001 % CODE_MASK).collect();
        for &c in &codes {
            assert_eq!(a.add(c), 1);
        }
        for &c in codes.iter().rev() {
            b.add(c);
        }
        assert_eq!(a, b, "the same codes in another order");
        assert_eq!(a.add(codes[7]), 2);
        assert_ne!(a, b);
        assert_eq!(a.add(codes[7]), 3);
        assert_eq!(a.count(codes[7]), 3);
        assert_eq!(a.count(codes[8]), 1);
        assert_eq!(a.count(12_345_678), 0);
        assert_eq!(a.total(), 502);
    }
}
