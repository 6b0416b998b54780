//! Listing the legal moves: plays by window, swaps, and passes.
//!
//! **Plays** are listed by their final run: for each empty cell `f` next to the grid (the
//! *anchor*) and each direction, every window of at most 5 cells containing `f` whose cells
//! beyond both ends stay empty; `f` must be the first anchor among the window's empty cells,
//! so that each play is listed once. The window's empty cells are then filled with hand tiles
//! by a depth-first search that checks the run and each crossing run as it goes (adding tiles
//! never turns a non-line into a line, so a dead branch is cut at once). Hands hold at most
//! 5 tiles, so the search is bounded by 5! arrangements per window; a single tile is listed
//! once, as a row play. **Swaps** are listed by a search over the wild tiles on the grid in
//! cell order, each kept or given a hand tile; a run is judged when its last wild has been
//! decided, with all the move's replacements in place (a swap may be legal only as a whole).
//! **Passes** are every sub-multiset of the hand (at most 32).

use std::ops::ControlFlow;

use super::grid::{Cell, DOWN, FRONTIER_ROOM, RIGHT, index_in_range};
use super::notation::{NONE, Play, QintoMove, Swap, Trade};
use super::state::{HAND, Qinto};
use super::tile::{RunSummary, Tile};

/// The distinct tiles of a hand with their counts.
#[derive(Clone, Copy, Debug)]
pub(super) struct Kinds {
    pub(super) tiles: [Tile; HAND],
    pub(super) counts: [u8; HAND],
    pub(super) len: usize,
}

impl Kinds {
    pub(super) fn of(codes: &[u8]) -> Kinds {
        let mut kinds = Kinds {
            tiles: [Tile::QINTO; HAND],
            counts: [0; HAND],
            len: 0,
        };
        for &code in codes {
            let Some(tile) = Tile::from_code(code) else {
                continue;
            };
            if kinds.len > 0 && kinds.tiles[kinds.len - 1] == tile {
                kinds.counts[kinds.len - 1] += 1;
            } else {
                kinds.tiles[kinds.len] = tile;
                kinds.counts[kinds.len] = 1;
                kinds.len += 1;
            }
        }
        kinds
    }
}

/// The empty cells of one window, with what must hold there.
#[derive(Clone, Copy)]
pub(super) struct Window {
    /// Window index of each empty cell, in order.
    pub(super) cells: [usize; 5],
    /// Offset of each empty cell from the first.
    pub(super) offsets: [u8; 5],
    /// The crossing run each empty cell would join (without its own tile).
    pub(super) across: [RunSummary; 5],
    /// Number of empty cells.
    pub(super) len: usize,
}

/// A window found by [`Qinto::for_each_window`].
#[derive(Clone, Copy)]
pub(super) struct FoundWindow {
    /// Cells from the first to the last (tiles already there included): the length of the
    /// run along the play once it is filled.
    pub(super) len: usize,
    /// Along a column.
    pub(super) vertical: bool,
    /// The tiles already in the window.
    pub(super) fixed: RunSummary,
    /// Its empty cells.
    pub(super) window: Window,
}

impl Qinto {
    /// Every legal move: plays (by anchor, direction and window), swaps, then passes.
    pub(super) fn list(&self, out: &mut Vec<QintoMove>) {
        out.clear();
        if self.ending.is_some() {
            return;
        }
        self.list_plays(out);
        self.list_swaps(out);
        self.list_trades(out);
    }

    /// The anchors: empty cells next to a tile (or the origin on an empty grid), in order.
    fn anchors(&self) -> Vec<usize> {
        if self.grid.is_empty() {
            return vec![Cell::ORIGIN.index()];
        }
        let mut anchors: Vec<usize> = self.grid.frontier().iter().map(|&i| i as usize).collect();
        anchors.sort_unstable();
        anchors
    }

    fn is_anchor(&self, index: usize) -> bool {
        if self.grid.is_empty() {
            index == Cell::ORIGIN.index()
        } else {
            !self.grid.is_occupied(index) && self.grid.touches(index)
        }
    }

    fn list_plays(&self, out: &mut Vec<QintoMove>) {
        let kinds = Kinds::of(self.hands[self.to_move as usize].codes());
        self.for_each_window(|found| {
            let start = Cell::from_index(found.window.cells[0]);
            let mut kinds = kinds;
            let mut tiles = [NONE; 5];
            fill_from(
                0,
                found.fixed,
                &found.window,
                &mut kinds,
                &mut tiles,
                &mut |tiles: &[u8; 5]| {
                    out.push(QintoMove::Play(Play {
                        start,
                        vertical: found.vertical,
                        tiles: *tiles,
                    }));
                },
            );
        });
    }

    /// Calls `visit` for every window a play of the mover could fill: each is listed once
    /// (see the module docs), its tiles already on the grid form a line, and the hand holds
    /// enough tiles for its empty cells (whether they fit is for the filling to find out).
    pub(super) fn for_each_window(&self, mut visit: impl FnMut(&FoundWindow)) {
        let _ = self.try_for_each_window(|found| {
            visit(found);
            ControlFlow::<()>::Continue(())
        });
    }

    /// [`Qinto::for_each_window`], stopping at the first window for which `visit` breaks
    /// (and returning what it broke with).
    pub(super) fn try_for_each_window<B>(
        &self,
        mut visit: impl FnMut(&FoundWindow) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let hand = &self.hands[self.to_move as usize];
        if hand.is_empty() {
            return ControlFlow::Continue(());
        }
        let anchors = self.anchors();
        let mut crossing = [RunSummary::default(); FRONTIER_ROOM];
        for (vertical, step) in [(false, RIGHT), (true, DOWN)] {
            // The crossing run of every frontier cell (other empty cells have none).
            let across = if vertical { RIGHT } else { DOWN };
            for (slot, &cell) in self.grid.frontier().iter().enumerate() {
                crossing[slot] = self.grid.joined_run(cell as usize, across);
            }
            for &anchor in &anchors {
                for back in 0..5isize {
                    let first = anchor.wrapping_add_signed(-back * step);
                    if !index_in_range(first)
                        || self.grid.is_occupied(first.wrapping_add_signed(-step))
                    {
                        continue;
                    }
                    for len in (back + 1)..=5 {
                        let last = first.wrapping_add_signed((len - 1) * step);
                        if !index_in_range(last)
                            || self.grid.is_occupied(last.wrapping_add_signed(step))
                        {
                            continue;
                        }
                        let Some(window) =
                            self.window(first, len as usize, step, anchor, hand.len(), &crossing)
                        else {
                            continue;
                        };
                        if vertical && window.len == 1 {
                            continue;
                        }
                        let mut fixed = RunSummary::default();
                        for k in 0..len {
                            if let Some(t) = self.grid.at(first.wrapping_add_signed(k * step)) {
                                fixed.add(t);
                            }
                        }
                        if fixed.is_line() {
                            visit(&FoundWindow {
                                len: len as usize,
                                vertical,
                                fixed,
                                window,
                            })?;
                        }
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// The empty cells of the window `first`, `len` cells along `step`, if `anchor` is its
    /// first anchor and the hand can fill it; `crossing` holds the crossing run of each
    /// frontier cell.
    fn window(
        &self,
        first: usize,
        len: usize,
        step: isize,
        anchor: usize,
        hand: usize,
        crossing: &[RunSummary],
    ) -> Option<Window> {
        let mut window = Window {
            cells: [0; 5],
            offsets: [0; 5],
            across: [RunSummary::default(); 5],
            len: 0,
        };
        let mut first_empty = None;
        for k in 0..len {
            let i = first.wrapping_add_signed(k as isize * step);
            if self.grid.is_occupied(i) {
                continue;
            }
            if i != anchor && i < anchor && self.is_anchor(i) {
                return None;
            }
            if window.len == hand {
                return None;
            }
            let base = *first_empty.get_or_insert(k);
            window.cells[window.len] = i;
            window.offsets[window.len] = (k - base) as u8;
            window.across[window.len] = self
                .grid
                .frontier_slot(i)
                .map_or_else(RunSummary::default, |slot| crossing[slot]);
            window.len += 1;
        }
        (window.len > 0).then_some(window)
    }

    /// Every swap: for the wilds on the grid in cell order, each is kept or given a hand tile
    /// (any tile but the very one already there); a run through a wild is judged once its
    /// last wild is decided, with every replacement of the move in place, so a swap whose
    /// parts are only legal together is listed too.
    pub(super) fn list_swaps(&self, out: &mut Vec<QintoMove>) {
        let hand = &self.hands[self.to_move as usize];
        if hand.is_empty() {
            return;
        }
        let mut kinds = Kinds::of(hand.codes());
        let mut wilds: Vec<usize> = self
            .grid
            .occupied()
            .iter()
            .map(|&i| i as usize)
            .filter(|&i| self.grid.at(i).is_some_and(Tile::is_wild))
            .collect();
        if wilds.is_empty() {
            return;
        }
        wilds.sort_unstable_by_key(|&i| Cell::from_index(i));
        // For each wild and direction: whether it is the last wild (in cell order) of its run
        // there, where that run gets judged.
        let closes: Vec<[bool; 2]> = (0..wilds.len())
            .map(|w| [RIGHT, DOWN].map(|step| self.last_wild_of_run(&wilds, w, step)))
            .collect();
        let mut chosen: Vec<(usize, Tile)> = Vec::with_capacity(HAND);
        let search = SwapSearch {
            wilds: &wilds,
            closes: &closes,
        };
        self.swap_from(0, &search, &mut kinds, &mut chosen, out);
    }

    /// Whether `wilds[w]` is the last of `wilds` on its run along `step`.
    fn last_wild_of_run(&self, wilds: &[usize], w: usize, step: isize) -> bool {
        let later = |i: usize| wilds.iter().position(|&c| c == i).is_some_and(|v| v > w);
        [step, -step].into_iter().all(|dir| {
            let mut i = wilds[w];
            loop {
                i = i.wrapping_add_signed(dir);
                match self.grid.at(i) {
                    None => return true,
                    Some(tile) if tile.is_wild() && later(i) => return false,
                    Some(_) => {}
                }
            }
        })
    }

    fn swap_from(
        &self,
        w: usize,
        search: &SwapSearch<'_>,
        kinds: &mut Kinds,
        chosen: &mut Vec<(usize, Tile)>,
        out: &mut Vec<QintoMove>,
    ) {
        if w == search.wilds.len() {
            if !chosen.is_empty() {
                let mut swap = Swap {
                    cells: [Cell::ORIGIN; 5],
                    tiles: [NONE; 5],
                    count: chosen.len() as u8,
                };
                for (slot, &(i, t)) in chosen.iter().enumerate() {
                    swap.cells[slot] = Cell::from_index(i);
                    swap.tiles[slot] = t.code();
                }
                out.push(QintoMove::Swap(swap));
            }
            return;
        }
        let index = search.wilds[w];
        let Some(there) = self.grid.at(index) else {
            return;
        };
        // The runs that close at this wild stay lines with the choices made so far.
        let closed_fine = |tile: Tile, chosen: &[(usize, Tile)]| {
            [RIGHT, DOWN]
                .into_iter()
                .zip(search.closes[w])
                .all(|(step, closes)| {
                    !closes || {
                        let (run, _) = self.grid.run_with(index, tile, step, chosen);
                        run.len() < 2 || run.is_line()
                    }
                })
        };
        // Keep the wild.
        if closed_fine(there, chosen) {
            self.swap_from(w + 1, search, kinds, chosen, out);
        }
        // Give a hand tile for it.
        for k in 0..kinds.len {
            let tile = kinds.tiles[k];
            if kinds.counts[k] == 0 || tile == there {
                continue;
            }
            chosen.push((index, tile));
            if closed_fine(tile, chosen) {
                kinds.counts[k] -= 1;
                self.swap_from(w + 1, search, kinds, chosen, out);
                kinds.counts[k] += 1;
            }
            chosen.pop();
        }
    }

    pub(super) fn list_trades(&self, out: &mut Vec<QintoMove>) {
        let hand = &self.hands[self.to_move as usize];
        let kinds = Kinds::of(hand.codes());
        let mut counts = [0u8; HAND];
        loop {
            let mut trade = Trade {
                tiles: [NONE; 5],
                count: 0,
            };
            for (tile, &n) in kinds.tiles.iter().zip(&counts).take(kinds.len) {
                for _ in 0..n {
                    trade.tiles[trade.count as usize] = tile.code();
                    trade.count += 1;
                }
            }
            out.push(QintoMove::Pass(trade));
            // Next combination of counts (an odometer).
            let mut k = 0;
            loop {
                if k == kinds.len {
                    return;
                }
                if counts[k] < kinds.counts[k] {
                    counts[k] += 1;
                    break;
                }
                counts[k] = 0;
                k += 1;
            }
        }
    }
}

/// The wilds on the grid, in cell order, and for each (by direction: row, column) whether its
/// run there is judged once it is decided.
struct SwapSearch<'a> {
    wilds: &'a [usize],
    closes: &'a [[bool; 2]],
}

/// Fills the window's empty cells from `slot` on with hand tiles, calling `emit` for each
/// complete legal filling.
pub(super) fn fill_from(
    slot: usize,
    run: RunSummary,
    window: &Window,
    kinds: &mut Kinds,
    tiles: &mut [u8; 5],
    emit: &mut impl FnMut(&[u8; 5]),
) {
    if slot == window.len {
        emit(tiles);
        return;
    }
    let offset = window.offsets[slot] as usize;
    for k in 0..kinds.len {
        if kinds.counts[k] == 0 {
            continue;
        }
        let tile = kinds.tiles[k];
        let grown = run.with(tile);
        if !grown.is_line() {
            continue;
        }
        let across = window.across[slot];
        if !across.is_empty() && !across.with(tile).is_line() {
            continue;
        }
        kinds.counts[k] -= 1;
        tiles[offset] = tile.code();
        fill_from(slot + 1, grown, window, kinds, tiles, emit);
        tiles[offset] = NONE;
        kinds.counts[k] += 1;
    }
}
