//! Whether the player to move can win before the turn passes: an engine hint for greedy play
//! and searches ([`tabuleiro_core::Engine::win_this_turn`]), not a rule.
//!
//! A player wins by emptying hand and pile. With tiles left in the pile that needs a chain of
//! Q!ntos laying every tile of hand and pile, rare enough not to be looked for. With an empty
//! pile the hand is not refilled, so the player wins this turn exactly when some play lays
//! the whole hand, or lays part of it completing a Q!nto and the rest can be laid the same way
//! in the extra turn. Only those plays are filled: windows of move generation with as many
//! empty cells as the hand has tiles, and windows whose filling completes a Q!nto (5 cells
//! along the play, or a cell whose crossing run holds 4 tiles); the full move list is never
//! built.
//!
//! Greedy play asks the question after each of its moves, in positions that differ by a few
//! tiles, and a play that laid the whole hand in one of them usually does in the next: the
//! last such play found (per thread) is tried first. It only shortens the search for a yes;
//! every answer stays exact.

use std::cell::Cell;
use std::ops::ControlFlow;

use tabuleiro_core::Player;

use crate::qinto::generate::{Kinds, Window, fill_from};
use crate::qinto::grid::Cell as GridCell;
use crate::qinto::notation::{NONE, Play, QintoMove};
use crate::qinto::state::{Ending, Qinto};
use crate::qinto::tile::RunSummary;

/// How many plays that started a finish are tried first.
const WITNESS_ROOM: usize = 4;

thread_local! {
    /// The last plays found to start a finish, newest first (see the module docs).
    static WITNESSES: Cell<[Option<Play>; WITNESS_ROOM]> = const { Cell::new([None; WITNESS_ROOM]) };
}

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
        if WITNESSES
            .get()
            .into_iter()
            .flatten()
            .any(|play| self.finishes_with(play, hand.len()))
        {
            return true;
        }
        let kinds = Kinds::of(hand.codes());
        // Laying the whole hand in one play puts every tile in one run.
        let mut all = RunSummary::default();
        for tile in hand.tiles() {
            all.add(tile);
        }
        let mut chains: Vec<Play> = Vec::new();
        let whole = self.try_for_each_window(|found| {
            let window = &found.window;
            let lays_all = window.len == hand.len() && {
                let mut run = found.fixed;
                run.merge(all);
                run.is_line()
            };
            let qinto = found.len == 5 || window.across[..window.len].iter().any(|a| a.len() == 4);
            if !(lays_all || qinto) {
                return ControlFlow::Continue(());
            }
            let mut kinds = kinds;
            let start = GridCell::from_index(window.cells[0]);
            if lays_all {
                let mut tiles = [NONE; 5];
                return if fills(0, found.fixed, window, &mut kinds, &mut tiles) {
                    remember(Play {
                        start,
                        vertical: found.vertical,
                        tiles,
                    });
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                };
            }
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
            ControlFlow::Continue(())
        });
        whole.is_break()
            || chains.into_iter().any(|play| {
                let mut next = self.clone();
                next.apply(QintoMove::Play(play));
                let finished = next.ending == Some(Ending::Emptied(Player(p as u8)))
                    || (next.to_move as usize == p && next.can_finish_this_turn());
                if finished {
                    remember(play);
                }
                finished
            })
    }
}

impl Qinto {
    /// Whether `play`, by the player to move (holding `hand` tiles, with an empty pile), is
    /// legal and starts a finish: it lays the whole hand, or completes a Q!nto and the rest
    /// can be laid in the turn it earns.
    fn finishes_with(&self, play: Play, hand: usize) -> bool {
        let Ok(effect) = self.check_play(&play) else {
            return false;
        };
        // The play checked lays tiles of the hand only, so laying as many lays it all.
        if play.count() == hand {
            return true;
        }
        if !effect.qinto {
            return false;
        }
        let mut next = self.clone();
        next.apply(QintoMove::Play(play));
        next.to_move == self.to_move && next.can_finish_this_turn()
    }
}

/// Keeps `play` among the [`WITNESSES`], first, dropping the oldest.
fn remember(play: Play) {
    WITNESSES.with(|w| {
        let mut list = w.get();
        if list[0] == Some(play) {
            return;
        }
        list.copy_within(0..WITNESS_ROOM - 1, 1);
        list[0] = Some(play);
        w.set(list);
    });
}

/// Whether the window's empty cells from `slot` on can all be filled from `kinds` (the first
/// filling found ends the search, its tile codes left in `tiles` by offset from the window's
/// first empty cell).
fn fills(
    slot: usize,
    run: RunSummary,
    window: &Window,
    kinds: &mut Kinds,
    tiles: &mut [u8; 5],
) -> bool {
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
        tiles[window.offsets[slot] as usize] = tile.code();
        let found = fills(slot + 1, grown, window, kinds, tiles);
        kinds.counts[k] += 1;
        if found {
            return true;
        }
    }
    false
}
