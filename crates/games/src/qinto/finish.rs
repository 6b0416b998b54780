//! Whether the player to move can win before the turn passes: an engine hint for greedy play
//! and searches ([`tabuleiro_core::Game::win_this_turn`]), not a rule.
//!
//! A player wins by emptying hand and pile. With tiles left in the pile that needs a chain of
//! Q!ntos laying every tile of hand and pile, rare enough not to be looked for. With an empty
//! pile the hand is not refilled, so the player wins this turn exactly when some play lays
//! the whole hand, or lays part of it completing a Q!nto and the rest can be laid the same way
//! in the extra turn. Only those plays are filled: windows of move generation with as many
//! empty cells as the hand has tiles, and windows whose filling completes a Q!nto (5 cells
//! along the play, or a cell whose crossing run holds 4 tiles); the full move list is never
//! built.

use super::generate::{Kinds, Window, fill_from};
use super::grid::Cell;
use super::notation::{NONE, Play, QintoMove};
use super::state::{Ending, Qinto};
use super::tile::RunSummary;
use tabuleiro_core::Player;

impl Qinto {
    /// Whether the player to move can empty hand and pile before the turn passes, looked at
    /// only when the pile is already empty (see the module docs).
    pub(super) fn can_finish_this_turn(&self) -> bool {
        let p = self.to_move as usize;
        if self.ending.is_some() || !self.piles[p].is_empty() {
            return false;
        }
        let hand = self.hands[p];
        if hand.is_empty() {
            return false;
        }
        let kinds = Kinds::of(hand.codes());
        // Laying the whole hand in one play puts every tile in one run.
        let mut all = RunSummary::default();
        for tile in hand.tiles() {
            all.add(tile);
        }
        let mut whole = false;
        let mut chains: Vec<Play> = Vec::new();
        self.for_each_window(|found| {
            let window = &found.window;
            let lays_all = window.len == hand.len() && {
                let mut run = found.fixed;
                run.merge(all);
                run.is_line()
            };
            let qinto = found.len == 5 || window.across[..window.len].iter().any(|a| a.len() == 4);
            if whole || !(lays_all || qinto) {
                return;
            }
            let mut kinds = kinds;
            if lays_all {
                whole = fills(0, found.fixed, window, &mut kinds);
                return;
            }
            let start = Cell::from_index(window.cells[0]);
            let mut tiles = [NONE; 5];
            fill_from(
                0,
                found.fixed,
                window,
                &mut kinds,
                &mut tiles,
                &mut |tiles| {
                    chains.push(Play {
                        start,
                        vertical: found.vertical,
                        tiles: *tiles,
                    });
                },
            );
        });
        whole
            || chains.into_iter().any(|play| {
                let mut next = self.clone();
                next.apply(QintoMove::Play(play));
                next.ending == Some(Ending::Emptied(Player(p as u8)))
                    || (next.to_move as usize == p && next.can_finish_this_turn())
            })
    }
}

/// Whether the window's empty cells from `slot` on can all be filled from `kinds` (the first
/// filling found ends the search).
fn fills(slot: usize, run: RunSummary, window: &Window, kinds: &mut Kinds) -> bool {
    if slot == window.len {
        return true;
    }
    for k in 0..kinds.len {
        if kinds.counts[k] == 0 {
            continue;
        }
        let tile = kinds.tiles[k];
        let grown = run.with(tile);
        let across = window.across[slot];
        if !grown.is_line() || (!across.is_empty() && !across.with(tile).is_line()) {
            continue;
        }
        kinds.counts[k] -= 1;
        let found = fills(slot + 1, grown, window, kinds);
        kinds.counts[k] += 1;
        if found {
            return true;
        }
    }
    false
}
