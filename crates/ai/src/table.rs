//! The transposition table of the alpha-beta search, shared without locks by every thread of
//! one search.
//!
//! Each slot is two 64-bit words written and read with relaxed atomic operations: the entry's
//! data (value, depth, bound, best move) packed into one word, and the position's key
//! exclusive-or'ed with that data in the other. A reader takes both words and accepts the
//! entry only if they still agree with the key it looks for; when two threads write a slot at
//! once, a reader may see one word of each write, and that mismatch (not a wrong entry) is
//! what it sees. This is the classic lock-less hashing of chess engines (Hyatt and Mann).
//!
//! The best move is kept as its index in the position's list of legal moves
//! ([`tabuleiro_core::Game::legal_moves`], whose order is fixed for a position), so one table
//! serves every game.

use std::sync::atomic::{AtomicU64, Ordering};

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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The position's key.
    pub key: u64,
    /// The value, with won and lost scores counted from this position (see [`to_table`]).
    pub value: i32,
    /// Remaining depth the value was searched to, at least 1 (an entry of depth 0 is not
    /// stored).
    pub depth: u8,
    /// What kind of bound the value is.
    pub bound: Bound,
    /// The best move found, to try first next time: its index in the position's list of legal
    /// moves (a move past index 65534 is not kept).
    pub best: Option<u16>,
}

/// The largest move index an entry keeps.
const MAX_BEST: u16 = u16::MAX - 1;

impl Entry {
    /// The data word: value in bits 0–31, depth 32–39, bound 40–41, best move + 1 in 42–57
    /// (0: none). Never 0 for an entry of depth at least 1.
    fn pack(&self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        let best = self
            .best
            .filter(|&i| i <= MAX_BEST)
            .map_or(0, |i| u64::from(i) + 1);
        u64::from(self.value as u32) | u64::from(self.depth) << 32 | bound << 40 | best << 42
    }

    /// The entry of `key` whose data word is `data`.
    fn unpack(key: u64, data: u64) -> Self {
        let bound = match (data >> 40) & 3 {
            0 => Bound::Exact,
            1 => Bound::Lower,
            _ => Bound::Upper,
        };
        let best = ((data >> 42) & 0xFFFF) as u16;
        Entry {
            key,
            value: data as u32 as i32,
            depth: (data >> 32) as u8,
            bound,
            best: best.checked_sub(1),
        }
    }
}

/// One slot: the data word and the key exclusive-or'ed with it.
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// A fixed-size table indexed by position key, always replacing, safe to share between
/// threads (`&Table` is all a thread needs to read and write it).
#[derive(Debug)]
pub struct Table {
    slots: Box<[Slot]>,
    mask: usize,
}

impl Table {
    /// A table of `2^bits` slots (16 bytes each).
    pub fn new(bits: u32) -> Self {
        let size = 1usize << bits;
        Table {
            slots: (0..size).map(|_| Slot::default()).collect(),
            mask: size - 1,
        }
    }

    fn index(&self, key: u64) -> usize {
        (key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize & self.mask
    }

    /// The entry for `key`, if stored (and not being overwritten by another thread at this
    /// moment).
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let slot = &self.slots[self.index(key)];
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        (data != 0 && check ^ data == key).then(|| Entry::unpack(key, data))
    }

    /// Stores an entry (replacing whatever shared its slot). An entry of depth 0 is ignored.
    pub fn store(&self, entry: Entry) {
        if entry.depth == 0 {
            return;
        }
        let slot = &self.slots[self.index(entry.key)];
        let data = entry.pack();
        let check = entry.key ^ data;
        // A slot that holds this very entry already is left as it is: another thread reading
        // it keeps its copy of the slot's memory, which a write would take from it.
        if slot.data.load(Ordering::Relaxed) == data && slot.check.load(Ordering::Relaxed) == check
        {
            return;
        }
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(check, Ordering::Relaxed);
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        for slot in &mut self.slots {
            *slot.check.get_mut() = 0;
            *slot.data.get_mut() = 0;
        }
    }

    /// How many slots the table has.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether the table has no slots (never: it has at least one).
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
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
        let t = Table::new(4);
        let entry = Entry {
            key: 5,
            value: 1,
            depth: 2,
            bound: Bound::Exact,
            best: Some(3),
        };
        t.store(entry);
        assert_eq!(t.probe(5), Some(entry));
        assert!(t.probe(6).is_none());
        assert!(t.probe(0).is_none(), "an empty slot is no entry of key 0");
    }

    #[test]
    fn entries_pack_and_unpack_exactly() {
        let t = Table::new(6);
        for (i, (value, bound)) in [
            (0, Bound::Exact),
            (-1, Bound::Lower),
            (i32::MAX, Bound::Upper),
            (-i32::MAX, Bound::Exact),
            (WIN - 3, Bound::Lower),
        ]
        .into_iter()
        .enumerate()
        {
            for best in [None, Some(0), Some(1), Some(MAX_BEST)] {
                let entry = Entry {
                    key: 0xDEAD_BEEF_0000 + i as u64,
                    value,
                    depth: 255 - i as u8,
                    bound,
                    best,
                };
                t.store(entry);
                assert_eq!(t.probe(entry.key), Some(entry));
            }
        }
        let far = Entry {
            key: 1,
            value: 0,
            depth: 1,
            bound: Bound::Exact,
            best: Some(u16::MAX),
        };
        t.store(far);
        assert_eq!(t.probe(1).map(|e| e.best), Some(None), "too far to keep");
    }

    #[test]
    fn storing_again_replaces_what_differs_and_keeps_what_is_equal() {
        let t = Table::new(2);
        let first = Entry {
            key: 9,
            value: 4,
            depth: 3,
            bound: Bound::Lower,
            best: Some(2),
        };
        t.store(first);
        t.store(first);
        assert_eq!(t.probe(9), Some(first));
        let deeper = Entry { depth: 4, ..first };
        t.store(deeper);
        assert_eq!(t.probe(9), Some(deeper));
        // Another key sharing the slot (of 4).
        let other = (10..1000)
            .find(|&k| t.index(k) == t.index(9))
            .expect("a key sharing a slot with 9");
        let rival = Entry {
            key: other,
            ..first
        };
        t.store(rival);
        assert_eq!(t.probe(other), Some(rival));
        assert!(t.probe(9).is_none(), "the slot was replaced");
        t.store(deeper);
        assert_eq!(t.probe(9), Some(deeper), "and replaced again");
    }

    #[test]
    fn clearing_forgets_everything() {
        let mut t = Table::new(3);
        for key in 1..20 {
            t.store(Entry {
                key,
                value: 7,
                depth: 3,
                bound: Bound::Upper,
                best: None,
            });
        }
        t.clear();
        assert!((1..20).all(|key| t.probe(key).is_none()));
    }

    /// The entry every writer of the stress test stores for `key`: each field a function of
    /// the key, so a reader can tell an entry put together from two writes.
    fn entry_of(key: u64) -> Entry {
        let mix = key.wrapping_mul(0xD6E8_FEB8_6659_FD93).rotate_left(29);
        Entry {
            key,
            value: mix as i32,
            depth: (mix >> 32) as u8 | 1,
            bound: match (mix >> 40) % 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            best: Some((mix >> 48) as u16 % 60_000),
        }
    }

    #[test]
    fn many_threads_on_a_small_table_never_read_a_torn_entry() {
        // 16 slots, 8 threads, 256 keys: every slot is written by every thread all the time.
        let table = Table::new(4);
        let threads = 8;
        let hits: u64 = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..threads)
                .map(|t| {
                    let table = &table;
                    scope.spawn(move || {
                        let mut hits = 0u64;
                        let mut x = 0x1234_5678_u64 + t;
                        for _ in 0..200_000 {
                            x ^= x << 13;
                            x ^= x >> 7;
                            x ^= x << 17;
                            let key = 1 + (x % 256);
                            table.store(entry_of(key));
                            let probe = 1 + ((x >> 20) % 256);
                            if let Some(found) = table.probe(probe) {
                                assert_eq!(found, entry_of(probe), "torn entry for key {probe}");
                                hits += 1;
                            }
                        }
                        hits
                    })
                })
                .collect();
            workers
                .into_iter()
                .map(|w| w.join().expect("a stress thread panicked"))
                .sum()
        });
        assert!(hits > 1000, "the probes found entries ({hits} hits)");
    }
}
