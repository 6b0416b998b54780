//! What each seat knows of hidden tiles beyond its own hand, kept up to date as moves are
//! played so that a computer's guesses ([`super::view::QintoView::sample`]) respect it.
//!
//! - **The bottom of the own pile**: traded tiles go under the own pile in a known order, and
//!   the pile is drawn from the top, so the owner knows its bottom tiles for as long as they
//!   stay in the pile (the count is `min(known, pile size)` after every draw).
//! - **Wilds taken by a swap**: a swap is public, so every seat knows that the wilds it took
//!   are in the swapper's hand until that seat plays them or gives them in another swap. A
//!   pass with a trade hides which tiles went under the pile, so it clears what others knew
//!   of that hand.

use super::hand::Hand;
use super::tile::Tile;

/// The public and private facts about hidden tiles (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Knowledge {
    /// How many tiles at the bottom of each pile its owner put there and so knows.
    pile_bottom: [u8; 4],
    /// Tiles every seat knows to be in each hand (wilds taken by a swap).
    shown: [Hand; 4],
}

impl Knowledge {
    /// How many bottom tiles of `p`'s pile `p` knows.
    pub(super) fn pile_bottom(&self, p: usize) -> usize {
        self.pile_bottom[p] as usize
    }

    /// The tiles everyone knows to be in `p`'s hand.
    pub(super) fn shown(&self, p: usize) -> &Hand {
        &self.shown[p]
    }

    /// `p` put `tile` from the hand on the grid.
    pub(super) fn played(&mut self, p: usize, tile: Tile) {
        self.shown[p].remove(tile.code());
    }

    /// `p` gave `given` for the wild `taken` of the grid.
    pub(super) fn swapped(&mut self, p: usize, given: Tile, taken: Tile) {
        self.shown[p].remove(given.code());
        self.shown[p].push(taken.code());
    }

    /// `p` put `count` tiles under the own pile, which holds `pile` tiles after the trade.
    pub(super) fn traded(&mut self, p: usize, count: usize, pile: usize) {
        if count > 0 {
            self.shown[p] = Hand::default();
            self.pile_bottom[p] = (self.pile_bottom[p] as usize + count).min(pile) as u8;
        }
    }

    /// `p` drew from the pile, which now holds `pile` tiles.
    pub(super) fn drew(&mut self, p: usize, pile: usize) {
        self.pile_bottom[p] = self.pile_bottom[p].min(pile as u8);
    }
}
