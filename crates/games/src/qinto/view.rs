//! What one player sees, and sampling the hidden tiles from it.

use tabuleiro_core::{GameRng, Player};

use super::hand::Hand;
use super::state::{HIDDEN, Qinto, shuffle};
use super::tile::{Tile, deck};

/// One player's view: the grid, the own hand, the size of every hand and pile, and the public
/// history (a pass shows how many tiles were traded, not which). Every other tile is hidden.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QintoView {
    viewer: Player,
    /// The position with every tile the viewer cannot see replaced by a hidden marker.
    pub(super) known: Qinto,
}

impl QintoView {
    /// The view of `viewer` of `state`: another seat's hand shows only the tiles everyone
    /// knows it holds (wilds taken by a swap), the own pile only the tiles the viewer traded
    /// under it (see module `knowledge`); every other hand and pile tile is hidden.
    pub fn of(state: &Qinto, viewer: Player) -> QintoView {
        let mut known = state.clone();
        for p in 0..known.player_count() {
            if p != viewer.index() {
                let mut hand = *known.knowledge.shown(p);
                for _ in hand.len()..known.hands[p].len() {
                    hand.push(HIDDEN);
                }
                known.hands[p] = hand;
            }
            let visible = if p == viewer.index() {
                known.knowledge.pile_bottom(p)
            } else {
                0
            };
            let codes = known.piles[p].codes_mut();
            let hidden = codes.len() - visible;
            codes[..hidden].fill(HIDDEN);
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

    /// The tiles the viewer cannot place: the deck without the grid, the own hand, the known
    /// bottom of the own pile and the tiles known to be in other hands.
    pub fn unseen(&self) -> Vec<u8> {
        let mut counts = [0u8; Tile::CODES];
        for tile in deck() {
            counts[tile.code() as usize] += 1;
        }
        let placed = self.known.grid.tiles().map(|(_, t)| t);
        let in_hands = self.known.hands[..self.known.player_count()]
            .iter()
            .flat_map(Hand::tiles);
        let in_piles = self.known.piles[..self.known.player_count()]
            .iter()
            .flat_map(|pile| pile.codes().iter().filter_map(|&c| Tile::from_code(c)));
        for tile in placed.chain(in_hands).chain(in_piles) {
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
    /// into every hidden place of the hands and piles (hands keep their known tiles, the own
    /// pile its known bottom).
    pub fn sample(&self, rng: &mut GameRng) -> Qinto {
        let mut unseen = self.unseen();
        shuffle(&mut unseen, rng);
        let mut next = unseen.into_iter();
        let mut fill = |code: u8| {
            if code == HIDDEN {
                next.next().unwrap_or(Tile::QINTO.code())
            } else {
                code
            }
        };
        let mut state = self.known.clone();
        for p in 0..state.player_count() {
            let mut hand = Hand::default();
            for &code in state.hands[p].codes() {
                hand.push(fill(code));
            }
            state.hands[p] = hand;
        }
        for p in 0..state.player_count() {
            for slot in state.piles[p].codes_mut() {
                *slot = fill(*slot);
            }
        }
        state
    }
}
