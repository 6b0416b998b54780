//! Listing the legal moves, and drawing a random one quickly.
//!
//! **Plays** are listed by their final run: for each empty cell `f` next to the grid (the
//! *anchor*) and each direction, every window of at most 5 cells containing `f` whose cells
//! beyond both ends stay empty; `f` must be the first anchor among the window's empty cells,
//! so that each play is listed once. The window's empty cells are then filled with hand tiles
//! by a depth-first search that checks the run and each crossing run as it goes (adding tiles
//! never turns a non-line into a line, so a dead branch is cut at once). Hands hold at most
//! 5 tiles, so the search is bounded by 5! arrangements per window; a single tile is listed
//! once, as a row play. **Swaps** are listed by a similar search over the wild tiles on the
//! grid, **passes** as every sub-multiset of the hand (at most 32).

use tabuleiro_core::GameRng;
use tabuleiro_core::rng::below;

use super::grid::{Cell, DOWN, RIGHT, index_in_range};
use super::notation::{NONE, Play, QintoMove, Swap, Trade};
use super::state::{HAND, Qinto};
use super::tile::{RunSummary, Tile};

/// The distinct tiles of a hand with their counts.
#[derive(Clone, Copy, Debug)]
struct Kinds {
    tiles: [Tile; HAND],
    counts: [u8; HAND],
    len: usize,
}

impl Kinds {
    fn of(codes: &[u8]) -> Kinds {
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
struct Window {
    /// Window index of each empty cell, in order.
    cells: [usize; 5],
    /// Offset of each empty cell from the first.
    offsets: [u8; 5],
    /// The crossing run each empty cell would join (without its own tile).
    across: [RunSummary; 5],
    len: usize,
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
        let mut anchors: Vec<usize> = Vec::with_capacity(4 * self.grid.len());
        for &i in self.grid.occupied() {
            let i = i as usize;
            for n in [i - 1, i + 1, i - DOWN as usize, i + DOWN as usize] {
                if !self.grid.is_occupied(n) && index_in_range(n) {
                    anchors.push(n);
                }
            }
        }
        anchors.sort_unstable();
        anchors.dedup();
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
        let hand = &self.hands[self.to_move as usize];
        let kinds = Kinds::of(hand.codes());
        if kinds.len == 0 {
            return;
        }
        let anchors = self.anchors();
        for (vertical, step) in [(false, RIGHT), (true, DOWN)] {
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
                        if let Some(window) =
                            self.window(first, len as usize, step, anchor, hand.len())
                        {
                            if vertical && window.len == 1 {
                                continue;
                            }
                            self.fill(first, len as usize, step, vertical, &window, kinds, out);
                        }
                    }
                }
            }
        }
    }

    /// The empty cells of the window `first`, `len` cells along `step`, if `anchor` is its
    /// first anchor and the hand can fill it.
    fn window(
        &self,
        first: usize,
        len: usize,
        step: isize,
        anchor: usize,
        hand: usize,
    ) -> Option<Window> {
        let mut window = Window {
            cells: [0; 5],
            offsets: [0; 5],
            across: [RunSummary::default(); 5],
            len: 0,
        };
        let across = if step == RIGHT { DOWN } else { RIGHT };
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
            window.across[window.len] = self.grid.neighbours_run(i, across);
            window.len += 1;
        }
        (window.len > 0).then_some(window)
    }

    #[allow(clippy::too_many_arguments)]
    fn fill(
        &self,
        first: usize,
        len: usize,
        step: isize,
        vertical: bool,
        window: &Window,
        mut kinds: Kinds,
        out: &mut Vec<QintoMove>,
    ) {
        let mut fixed = RunSummary::default();
        for k in 0..len {
            if let Some(t) = self.grid.at(first.wrapping_add_signed(k as isize * step)) {
                fixed.add(t);
            }
        }
        if !fixed.is_line() {
            return;
        }
        let start = Cell::from_index(window.cells[0]);
        let mut tiles = [NONE; 5];
        fill_from(
            0,
            fixed,
            window,
            &mut kinds,
            &mut tiles,
            &mut |tiles: &[u8; 5]| {
                out.push(QintoMove::Play(Play {
                    start,
                    vertical,
                    tiles: *tiles,
                }));
            },
        );
    }

    fn list_swaps(&self, out: &mut Vec<QintoMove>) {
        let hand = &self.hands[self.to_move as usize];
        let mut kinds = Kinds::of(hand.codes());
        // Only ordinary tiles take a wild's place.
        for k in 0..kinds.len {
            if kinds.tiles[k].is_wild() {
                kinds.counts[k] = 0;
            }
        }
        if kinds.counts.iter().all(|&c| c == 0) {
            return;
        }
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
        let mut chosen: Vec<(usize, Tile)> = Vec::with_capacity(5);
        self.swap_from(0, &wilds, &mut kinds, &mut chosen, out);
    }

    fn swap_from(
        &self,
        next: usize,
        wilds: &[usize],
        kinds: &mut Kinds,
        chosen: &mut Vec<(usize, Tile)>,
        out: &mut Vec<QintoMove>,
    ) {
        for w in next..wilds.len() {
            let index = wilds[w];
            for k in 0..kinds.len {
                if kinds.counts[k] == 0 {
                    continue;
                }
                let tile = kinds.tiles[k];
                chosen.push((index, tile));
                let fits = [RIGHT, DOWN].into_iter().all(|step| {
                    let (run, _) = self.grid.run_with(index, tile, step, chosen);
                    run.len < 2 || run.is_line()
                });
                if fits {
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
                    kinds.counts[k] -= 1;
                    self.swap_from(w + 1, wilds, kinds, chosen, out);
                    kinds.counts[k] += 1;
                }
                chosen.pop();
            }
        }
    }

    fn list_trades(&self, out: &mut Vec<QintoMove>) {
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

    /// A random legal move, quickly: with probability 1/8 a uniformly random swap or pass;
    /// otherwise a play found by drawing a random window next to a random tile and a random
    /// arrangement of hand tiles until one is legal, or, when 24 draws find none, a uniformly
    /// random move from the full list. Every legal move can come out; the draw is not uniform. On the empty grid
    /// every (direction, window covering the origin, arrangement of hand tiles) is equally
    /// likely, so every opening play comes out about equally often.
    pub(super) fn random(&self, rng: &mut GameRng) -> Option<QintoMove> {
        if self.ending.is_some() {
            return None;
        }
        let mut moves = Vec::new();
        if below(rng, 8) == 0 {
            self.list_swaps(&mut moves);
            self.list_trades(&mut moves);
        } else {
            for _ in 0..24 {
                if let Some(play) = self.random_play(rng) {
                    return Some(QintoMove::Play(play));
                }
            }
            self.list(&mut moves);
        }
        if moves.is_empty() {
            None
        } else {
            Some(moves[below(rng, moves.len() as u32) as usize])
        }
    }

    fn random_play(&self, rng: &mut GameRng) -> Option<Play> {
        let hand = self.hands[self.to_move as usize];
        let n = hand.len();
        if n == 0 {
            return None;
        }
        let vertical = below(rng, 2) == 1;
        let step = if vertical { DOWN } else { RIGHT };
        let cell = if self.grid.is_empty() {
            Cell::ORIGIN.index()
        } else {
            let occupied = self.grid.occupied();
            let from = occupied[below(rng, occupied.len() as u32) as usize] as usize;
            let next = match below(rng, 4) {
                0 => from - 1,
                1 => from + 1,
                2 => from - DOWN as usize,
                _ => from + DOWN as usize,
            };
            if self.grid.is_occupied(next) {
                return None;
            }
            next
        };
        // A window of 1..=5 cells containing `cell`: its length and position. On the empty
        // grid a length is drawn in proportion to its arrangements of hand tiles, so that
        // every (direction, window, arrangement) is equally likely.
        let len = if self.grid.is_empty() {
            opening_length(n, rng)
        } else {
            1 + below(rng, 5) as isize
        };
        let back = below(rng, len as u32) as isize;
        let first = cell.wrapping_add_signed(-back * step);
        let last = first.wrapping_add_signed((len - 1) * step);
        if !index_in_range(first)
            || !index_in_range(last)
            || self.grid.is_occupied(first.wrapping_add_signed(-step))
            || self.grid.is_occupied(last.wrapping_add_signed(step))
        {
            return None;
        }
        let mut order: [u8; HAND] = hand.padded();
        let mut tiles = [NONE; 5];
        let mut start = None;
        let mut used = 0;
        for k in 0..len {
            let i = first.wrapping_add_signed(k * step);
            if self.grid.is_occupied(i) {
                continue;
            }
            if used == n {
                return None;
            }
            let pick = used + below(rng, (n - used) as u32) as usize;
            order.swap(used, pick);
            let base = *start.get_or_insert(k);
            tiles[(k - base) as usize] = order[used];
            used += 1;
        }
        let start = Cell::from_index(first.wrapping_add_signed(start? * step));
        let play = Play {
            start,
            vertical: vertical && used > 1,
            tiles,
        };
        self.check_play(&play).ok().map(|_| play)
    }
}

/// A window length for the first play with a hand of `n` tiles, drawn in proportion to
/// `len × n!/(n-len)!` (positions of the window times arrangements).
fn opening_length(n: usize, rng: &mut GameRng) -> isize {
    let weight = |len: usize| len * (n + 1 - len..=n).product::<usize>();
    let total: usize = (1..=n).map(weight).sum();
    let mut r = below(rng, total as u32) as usize;
    for len in 1..=n {
        if r < weight(len) {
            return len as isize;
        }
        r -= weight(len);
    }
    n as isize
}

/// Fills the window's empty cells from `slot` on with hand tiles, calling `emit` for each
/// complete legal filling.
fn fill_from(
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
        if across.len > 0 && !across.with(tile).is_line() {
            continue;
        }
        kinds.counts[k] -= 1;
        tiles[offset] = tile.code();
        fill_from(slot + 1, grown, window, kinds, tiles, emit);
        tiles[offset] = NONE;
        kinds.counts[k] += 1;
    }
}
