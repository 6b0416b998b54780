//! How often each start-of-turn position has come up, for the repetition draw.
//!
//! The first [`INLINE`] distinct positions are kept in the state itself (the searches copy a
//! state for every move they try, and a copy then allocates nothing); past that, a small
//! open-addressing hash table of exact position codes with their counts: adding a position
//! and learning how often it came up stays O(1), where scanning a list of every earlier turn
//! would make long games quadratic.

/// Bits of a slot that hold the position code; the count is above them.
const CODE_BITS: u32 = 56;

/// The mask of the code in a slot.
const CODE_MASK: u64 = (1 << CODE_BITS) - 1;

/// Distinct codes kept in the state itself, before they move to a hash table on the heap:
/// enough for the first dozen turns of a game and a search below them, so that copying a
/// state there (the searches copy one per move tried) allocates nothing.
const INLINE: usize = 16;

/// Slots in a new hash table (a power of two, at least twice [`INLINE`]).
const INITIAL_SLOTS: usize = 64;

/// A multiset of position codes (non-zero, below 2^56).
#[derive(Clone, Debug, Eq)]
pub(super) struct Seen {
    /// While at most [`INLINE`] distinct codes have come up: `code | count << CODE_BITS` for
    /// each, in the order they first came up (the first `used`), then zeros.
    inline: [u64; INLINE],
    /// Distinct codes stored.
    used: usize,
    /// Once more than [`INLINE`] distinct codes have come up: all of them, in a hash table.
    spilled: Option<Box<Spilled>>,
}

impl Seen {
    /// An empty multiset.
    pub(super) fn new() -> Self {
        Seen {
            inline: [0; INLINE],
            used: 0,
            spilled: None,
        }
    }

    /// Counts one more occurrence of `code` (non-zero, below 2^56); returns how many times
    /// it has come up, this time included.
    #[inline]
    pub(super) fn add(&mut self, code: u64) -> u64 {
        debug_assert!(
            code != 0 && code <= CODE_MASK,
            "bad position code {code:#x}"
        );
        if let Some(table) = &mut self.spilled {
            let count = table.add(code);
            self.used = table.used;
            return count;
        }
        let used = &mut self.inline[..self.used];
        if let Some(slot) = used.iter_mut().find(|s| **s & CODE_MASK == code) {
            *slot += 1 << CODE_BITS;
            return *slot >> CODE_BITS;
        }
        if self.used < INLINE {
            self.inline[self.used] = code | (1 << CODE_BITS);
            self.used += 1;
            return 1;
        }
        let mut table = Spilled::new();
        for &slot in &self.inline {
            table.insert(slot);
        }
        self.inline = [0; INLINE];
        let count = table.add(code);
        self.used = table.used;
        self.spilled = Some(Box::new(table));
        count
    }

    /// How many times `code` has come up.
    pub(super) fn count(&self, code: u64) -> u64 {
        match &self.spilled {
            Some(table) => table.count(code),
            None => self.inline[..self.used]
                .iter()
                .find(|&&s| s & CODE_MASK == code)
                .map_or(0, |&s| s >> CODE_BITS),
        }
    }

    /// Every stored `code | count << CODE_BITS`.
    fn slots(&self) -> impl Iterator<Item = u64> + '_ {
        let (inline, table): (&[u64], &[u64]) = match &self.spilled {
            Some(table) => (&[], &table.slots),
            None => (&self.inline[..self.used], &[]),
        };
        inline.iter().chain(table).copied().filter(|&s| s != 0)
    }

    /// Number of positions counted (with repeats).
    #[cfg(test)]
    pub(super) fn total(&self) -> u64 {
        self.slots().map(|s| s >> CODE_BITS).sum()
    }
}

/// Equal when the same codes came up equally often, however they are stored.
impl PartialEq for Seen {
    fn eq(&self, other: &Self) -> bool {
        self.used == other.used
            && self
                .slots()
                .all(|s| other.count(s & CODE_MASK) == s >> CODE_BITS)
    }
}

/// The codes of a long game: a small open-addressing hash table (linear probing) with their
/// counts, so that adding a position and learning how often it came up stays O(1).
#[derive(Clone, Debug, PartialEq, Eq)]
struct Spilled {
    /// `code | count << CODE_BITS`, or 0 for an empty slot. The length is a power of two and
    /// at most half of the slots are used, so that a search probes about two slots.
    slots: Vec<u64>,
    /// Distinct codes stored.
    used: usize,
}

impl Spilled {
    /// An empty table.
    fn new() -> Self {
        Spilled {
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

    /// Counts one more occurrence of `code`; returns how many times it has come up.
    fn add(&mut self, code: u64) -> u64 {
        if (self.used + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        let mut i = Spilled::home(code, self.slots.len());
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
    fn count(&self, code: u64) -> u64 {
        let mask = self.slots.len() - 1;
        let mut i = Spilled::home(code, self.slots.len());
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

    /// Puts a slot of a code not yet stored (with its count) into a free slot (the table
    /// has room).
    fn insert(&mut self, slot: u64) {
        let mask = self.slots.len() - 1;
        let mut i = Spilled::home(slot & CODE_MASK, self.slots.len());
        while self.slots[i] != 0 {
            i = (i + 1) & mask;
        }
        self.slots[i] = slot;
        self.used += 1;
    }

    /// Doubles the number of slots.
    fn grow(&mut self) {
        let doubled = vec![0; self.slots.len() * 2];
        let old = std::mem::replace(&mut self.slots, doubled);
        self.used = 0;
        for slot in old.into_iter().filter(|&s| s != 0) {
            self.insert(slot);
        }
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

    #[test]
    fn counts_carry_over_when_the_codes_leave_the_state() {
        let mut seen = Seen::new();
        let codes: Vec<u64> = (1..=INLINE as u64 + 1).map(|i| i << 30 | i).collect();
        for (k, &c) in codes[..INLINE].iter().enumerate() {
            for time in 1..=(k as u64 % 3 + 1) {
                assert_eq!(seen.add(c), time);
            }
        }
        assert!(seen.spilled.is_none(), "{INLINE} codes stay in the state");
        assert_eq!(seen.add(codes[INLINE]), 1);
        assert!(seen.spilled.is_some(), "one more goes to the heap");
        for (k, &c) in codes[..INLINE].iter().enumerate() {
            assert_eq!(seen.count(c), k as u64 % 3 + 1, "code {k}");
            assert_eq!(seen.add(c), k as u64 % 3 + 2, "code {k}");
        }
        assert_eq!(seen.count(codes[INLINE]), 1);
        assert_eq!(seen.count(12_345), 0);
    }
}
