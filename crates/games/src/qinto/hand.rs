//! A hand of up to 5 tiles and a face-down pile, as small fixed arrays of tile codes.

use super::notation::NONE;
use super::state::HAND;
use super::tile::Tile;

/// Most tiles a pile can hold (a whole deck, with room to spare).
const PILE: usize = 64;

/// A hand of up to 5 tiles, kept sorted (so equal hands compare equal).
#[derive(Clone, Copy, Debug, Default)]
pub struct Hand {
    codes: [u8; HAND],
    len: u8,
}

/// Hands are equal when they hold the same tiles (what lies past the end does not count).
impl PartialEq for Hand {
    fn eq(&self, other: &Hand) -> bool {
        self.codes() == other.codes()
    }
}

impl Eq for Hand {}

impl std::hash::Hash for Hand {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.codes().hash(state);
    }
}

impl Hand {
    /// The tile codes, sorted.
    pub fn codes(&self) -> &[u8] {
        &self.codes[..self.len as usize]
    }

    /// The tiles (hidden ones left out).
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        self.codes().iter().filter_map(|&c| Tile::from_code(c))
    }

    /// Number of tiles.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the hand is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many tiles of code `code` the hand holds.
    pub fn count(&self, code: u8) -> usize {
        self.codes()
            .iter()
            .filter(|&&c| c == code)
            .fold(0, |n, _| n + 1)
    }

    /// The codes padded to 5 (only the first [`Hand::len`] mean anything).
    pub(super) fn padded(self) -> [u8; HAND] {
        self.codes
    }

    pub(super) fn push(&mut self, code: u8) {
        debug_assert!((self.len as usize) < HAND, "hand overflow");
        let mut i = self.len as usize;
        while i > 0 && self.codes[i - 1] > code {
            self.codes[i] = self.codes[i - 1];
            i -= 1;
        }
        self.codes[i] = code;
        self.len += 1;
    }

    pub(super) fn remove(&mut self, code: u8) -> bool {
        let Some(pos) = self.codes().iter().position(|&c| c == code) else {
            return false;
        };
        self.codes.copy_within(pos + 1..self.len as usize, pos);
        self.len -= 1;
        true
    }

    /// Whether the hand holds every tile of `codes` (counted with repetition).
    pub fn contains_all(&self, codes: &[u8]) -> bool {
        let mut copy = *self;
        codes.iter().all(|&c| copy.remove(c))
    }
}

/// A face-down pile: tiles are drawn from the top and traded tiles go to the bottom.
///
/// The tiles are `codes[top..top + len]`, top first, so drawing moves no tile; a trade that
/// finds no room at the end moves the pile to the front first.
#[derive(Clone, Copy, Debug)]
pub struct Pile {
    codes: [u8; PILE],
    top: u8,
    len: u8,
}

impl Default for Pile {
    fn default() -> Self {
        Pile {
            codes: [NONE; PILE],
            top: 0,
            len: 0,
        }
    }
}

impl PartialEq for Pile {
    fn eq(&self, other: &Pile) -> bool {
        self.codes() == other.codes()
    }
}

impl Eq for Pile {}

impl std::hash::Hash for Pile {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.codes().hash(state);
    }
}

impl Pile {
    /// The codes from the top down.
    pub fn codes(&self) -> &[u8] {
        &self.codes[self.top as usize..(self.top + self.len) as usize]
    }

    /// Number of tiles.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the pile is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub(super) fn push_bottom(&mut self, code: u8) {
        if (self.top + self.len) as usize == PILE {
            self.codes
                .copy_within(self.top as usize..(self.top + self.len) as usize, 0);
            self.top = 0;
        }
        self.codes[(self.top + self.len) as usize] = code;
        self.len += 1;
    }

    pub(super) fn draw(&mut self, n: usize) -> &[u8] {
        let n = n.min(self.len as usize) as u8;
        let top = self.top as usize;
        self.top += n;
        self.len -= n;
        &self.codes[top..top + n as usize]
    }

    pub(super) fn codes_mut(&mut self) -> &mut [u8] {
        &mut self.codes[self.top as usize..(self.top + self.len) as usize]
    }
}
