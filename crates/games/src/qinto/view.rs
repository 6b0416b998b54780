//! What one player sees, and sampling the hidden tiles from it.

use tabuleiro_core::{GameRng, Player};

use super::state::{HIDDEN, Hand, Qinto, shuffle};
use super::tile::{Tile, deck};

/// One player's view: the grid, the own hand, the size of every hand and pile, and the public
/// history (a pass shows how many tiles were traded, not which). Every other tile is hidden.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QintoView {
    viewer: Player,
    /// The position with every tile the viewer cannot see replaced by a hidden marker.
    known: Qinto,
}

impl QintoView {
    /// The view of `viewer` of `state`.
    pub fn of(state: &Qinto, viewer: Player) -> QintoView {
        let mut known = state.clone();
        for p in 0..known.player_count() {
            if p != viewer.index() {
                known.hands[p] = Hand::hidden(known.hands[p].len());
            }
            known.piles[p].codes_mut().fill(HIDDEN);
        }
        QintoView { viewer, known }
    }

    /// Whose view this is.
    pub fn viewer(&self) -> Player {
        self.viewer
    }

    /// The position as the viewer knows it; hidden tiles have no [`Tile`]
    /// (`Hand::tiles` and pile codes skip or mark them).
    pub fn known(&self) -> &Qinto {
        &self.known
    }

    /// The tiles the viewer cannot see: the deck without the grid and the own hand.
    pub fn unseen(&self) -> Vec<u8> {
        let mut counts = [0u8; Tile::CODES];
        for tile in deck() {
            counts[tile.code() as usize] += 1;
        }
        for (_, tile) in self.known.grid.tiles() {
            counts[tile.code() as usize] = counts[tile.code() as usize].saturating_sub(1);
        }
        for tile in self.known.hands[self.viewer.index()].tiles() {
            counts[tile.code() as usize] = counts[tile.code() as usize].saturating_sub(1);
        }
        let mut unseen = Vec::with_capacity(60);
        for (code, &n) in counts.iter().enumerate() {
            for _ in 0..n {
                unseen.push(code as u8);
            }
        }
        unseen
    }

    /// A full position consistent with the view: the unseen tiles shuffled with `rng` and dealt
    /// into the other hands and every pile, by their sizes.
    pub fn sample(&self, rng: &mut GameRng) -> Qinto {
        let mut unseen = self.unseen();
        shuffle(&mut unseen, rng);
        let mut next = unseen.into_iter();
        let mut state = self.known.clone();
        for p in 0..state.player_count() {
            if p != self.viewer.index() {
                let mut hand = Hand::default();
                for _ in 0..state.hands[p].len() {
                    hand.push(next.next().unwrap_or(Tile::QINTO.code()));
                }
                state.hands[p] = hand;
            }
        }
        for p in 0..state.player_count() {
            for slot in state.piles[p].codes_mut() {
                *slot = next.next().unwrap_or(Tile::QINTO.code());
            }
        }
        state
    }
}
