//! Drawing a random legal move quickly, without listing them all ([`Game::random_move`]'s
//! fast path; not uniform, but every legal move can come out).
//!
//! [`Game::random_move`]: tabuleiro_core::Game::random_move

use tabuleiro_core::GameRng;
use tabuleiro_core::rng::below;

use super::grid::{Cell, DOWN, RIGHT, index_in_range};
use super::notation::{NONE, Play, QintoMove, Swap, Trade};
use super::state::{HAND, Qinto};
use super::tile::{RunSummary, Tile};

impl Qinto {
    /// A random legal move, quickly; every legal move can come out, but the draw is not
    /// uniform.
    ///
    /// - On the empty grid, 7 times in 8 a play: every (direction, window covering the origin,
    ///   arrangement of hand tiles) is equally likely, so every opening play comes out about
    ///   equally often; else a uniformly random pass.
    /// - Later, 9 times in 10 a play grown from a random cell of the frontier (the empty cells
    ///   next to a tile): a random hand tile that fits there, then, 3 times in 4, one more
    ///   tile at a random end of the run, and so on (every run that is a line is reached this
    ///   way, since part of a line is a line). When 12 such tries find no tile that fits, 1
    ///   time in 32 a uniformly
    ///   random move of the full list (so that every move, multiple swaps included, can come
    ///   out).
    /// - Otherwise a swap of one random hand tile for a random wild when it fits (half the
    ///   time), else a pass trading a random part of the hand (each tile with probability ½).
    pub(super) fn random(&self, rng: &mut GameRng) -> Option<QintoMove> {
        if self.ending.is_some() {
            return None;
        }
        let opening = self.grid.is_empty();
        let odds = if opening { 8 } else { 10 };
        if below(rng, odds) != 0 {
            for _ in 0..if opening { 200 } else { 12 } {
                let play = if opening {
                    self.random_opening(rng)
                } else {
                    self.grown_play(rng)
                };
                if let Some(play) = play {
                    return Some(QintoMove::Play(play));
                }
            }
            if below(rng, 32) == 0 {
                let mut moves = Vec::new();
                self.list(&mut moves);
                return moves
                    .get(below(rng, moves.len().max(1) as u32) as usize)
                    .copied();
            }
        }
        if below(rng, 2) == 0
            && let Some(swap) = self.random_swap(rng)
        {
            return Some(QintoMove::Swap(swap));
        }
        Some(QintoMove::Pass(self.random_trade(rng)))
    }

    /// A pass trading a random part of the hand (each tile with probability ½).
    fn random_trade(&self, rng: &mut GameRng) -> Trade {
        let hand = &self.hands[self.to_move as usize];
        let mut trade = Trade {
            tiles: [NONE; 5],
            count: 0,
        };
        let mask = below(rng, 1 << hand.len());
        for (k, &code) in hand.codes().iter().enumerate() {
            if mask & (1 << k) != 0 {
                trade.tiles[trade.count as usize] = code;
                trade.count += 1;
            }
        }
        trade
    }

    /// A swap of one random hand tile for one random (different) wild on the grid, if it fits.
    fn random_swap(&self, rng: &mut GameRng) -> Option<Swap> {
        let hand = &self.hands[self.to_move as usize];
        let occupied = self.grid.occupied();
        let index = *occupied.get(below(rng, occupied.len().max(1) as u32) as usize)? as usize;
        if !self.grid.at(index).is_some_and(Tile::is_wild) || hand.is_empty() {
            return None;
        }
        let tile = Tile::from_code(hand.codes()[below(rng, hand.len() as u32) as usize])?;
        if self.grid.at(index) == Some(tile) {
            return None;
        }
        let fits = [RIGHT, DOWN].into_iter().all(|step| {
            let (run, _) = self.grid.run_with(index, tile, step, &[]);
            run.len() < 2 || run.is_line()
        });
        fits.then(|| {
            let mut swap = Swap {
                cells: [Cell::ORIGIN; 5],
                tiles: [NONE; 5],
                count: 1,
            };
            swap.cells[0] = Cell::from_index(index);
            swap.tiles[0] = tile.code();
            swap
        })
    }

    /// A random play grown tile by tile from a random frontier cell (see
    /// [`Qinto::random`]), or `None` when the first tile finds no place.
    fn grown_play(&self, rng: &mut GameRng) -> Option<Play> {
        let hand = self.hands[self.to_move as usize];
        let mut avail = hand.padded();
        let mut left = hand.len();
        let frontier = self.grid.frontier();
        let anchor = *frontier.get(below(rng, frontier.len() as u32) as usize)? as usize;
        let vertical = below(rng, 2) == 1;
        let (step, across) = if vertical {
            (DOWN, RIGHT)
        } else {
            (RIGHT, DOWN)
        };
        // The run along `step` through the placed tiles: its ends and its summary.
        let (mut run, mut low, mut high) = self.grid.neighbours_span(anchor, step);
        let mut placed = [(0usize, Tile::QINTO); 5];
        let mut count = 0;
        let mut cell = anchor;
        // `beyond`: the tiles past `cell` that join the run when `cell` is filled; `pending`:
        // which end `cell` extends and the run's new end there.
        let mut beyond = RunSummary::default();
        let mut pending: Option<(bool, usize)> = None;
        let mut retried = false;
        loop {
            // Pick a fitting tile for `cell`.
            // (With no crossing run the tile alone is one, and a tile is a line.)
            let cross = self.grid.joined_run(cell, across);
            // The run and the tiles past `cell`, without the tile (adding is commutative).
            let joined = merge(run, beyond);
            let allowed = joined.fitting_codes() & cross.fitting_codes();
            let mut fitting = [0usize; 5];
            let mut fits = 0;
            for (k, &code) in avail.iter().enumerate().take(left) {
                // Written every time, counted when it fits: no branch to mispredict.
                fitting[fits] = k;
                fits += (allowed >> code & 1) as usize;
            }
            if fits == 0 {
                // Nothing fits here: try the other end once, then stop.
                let Some((forward, _)) = pending.filter(|_| !retried) else {
                    break;
                };
                retried = true;
                let (dir, end) = if forward { (-step, low) } else { (step, high) };
                let Some((next, past, far)) = self.extension(end, dir) else {
                    break;
                };
                (cell, beyond, pending) = (next, past, Some((!forward, far)));
                continue;
            }
            let k = fitting[below(rng, fits as u32) as usize];
            let tile = Tile::from_code_unchecked(avail[k]);
            run = merge(run.with(tile), beyond);
            avail.swap(k, left - 1);
            left -= 1;
            placed[count] = (cell, tile);
            count += 1;
            match pending {
                Some((true, far)) => high = far,
                Some((false, far)) => low = far,
                None => {}
            }
            retried = false;
            if left == 0 || run.len() >= 5 || below(rng, 4) == 0 {
                break;
            }
            // Grow at a random end: the empty cell past it, and the tiles past that.
            let forward = below(rng, 2) == 1;
            let (dir, end) = if forward { (step, high) } else { (-step, low) };
            let Some((next, past, far)) = self.extension(end, dir).or_else(|| {
                retried = true;
                let (dir, end) = if forward { (-step, low) } else { (step, high) };
                self.extension(end, dir)
            }) else {
                break;
            };
            let forward = if retried { !forward } else { forward };
            (cell, beyond, pending) = (next, past, Some((forward, far)));
        }
        if count == 0 {
            return None;
        }
        let placed = &mut placed[..count];
        placed.sort_unstable_by_key(|&(i, _)| i);
        let start = placed[0].0;
        let mut tiles = [NONE; 5];
        for &(i, t) in placed.iter() {
            // `step` is `RIGHT` (1) or `DOWN` (a power of two): a shift, not a division.
            let offset = (i - start) >> step.unsigned_abs().trailing_zeros();
            *tiles.get_mut(offset)? = t.code();
        }
        let play = Play {
            start: Cell::from_index(start),
            vertical: vertical && count > 1,
            tiles,
        };
        debug_assert!(
            self.check_play(&play).is_ok(),
            "grown play {play:?} is illegal"
        );
        Some(play)
    }

    /// A random first play: a direction, a window covering the origin and an arrangement of
    /// hand tiles, each (direction, window, arrangement) equally likely; `None` when the
    /// arrangement is not a line.
    fn random_opening(&self, rng: &mut GameRng) -> Option<Play> {
        let hand = self.hands[self.to_move as usize];
        let n = hand.len();
        if n == 0 {
            return None;
        }
        let vertical = below(rng, 2) == 1;
        // A length in proportion to its arrangements, then a position covering the origin.
        let len = opening_length(n, rng);
        let back = below(rng, len as u32) as i8;
        let start = if vertical {
            Cell { x: 0, y: -back }
        } else {
            Cell { x: -back, y: 0 }
        };
        let mut order: [u8; HAND] = hand.padded();
        let mut tiles = [NONE; 5];
        let mut run = RunSummary::default();
        for (used, slot) in tiles.iter_mut().enumerate().take(len) {
            let pick = used + below(rng, (n - used) as u32) as usize;
            order.swap(used, pick);
            run.add(Tile::from_code_unchecked(order[used]));
            if !run.is_line() {
                return None;
            }
            *slot = order[used];
        }
        let play = Play {
            start,
            vertical: vertical && len > 1,
            tiles,
        };
        debug_assert!(
            self.check_play(&play).is_ok(),
            "opening {play:?} is illegal"
        );
        Some(play)
    }
}

impl Qinto {
    /// The empty cell past `end` along `dir` (when in reach), the tiles past it that join the
    /// run when it is filled, and the run's new end.
    fn extension(&self, end: usize, dir: isize) -> Option<(usize, RunSummary, usize)> {
        let cell = end.wrapping_add_signed(dir);
        if !index_in_range(cell) {
            return None;
        }
        let (step, forward) = if dir > 0 { (dir, true) } else { (-dir, false) };
        let beyond = self.grid.side(cell, step, forward);
        let far = cell.wrapping_add_signed(beyond.len() as isize * dir);
        Some((cell, beyond, far))
    }
}

/// Two parts of one run, joined.
fn merge(mut a: RunSummary, b: RunSummary) -> RunSummary {
    a.merge(b);
    a
}

/// A window length for the first play with a hand of `n` tiles, drawn in proportion to
/// `len × n!/(n-len)!` (positions of the window times arrangements).
fn opening_length(n: usize, rng: &mut GameRng) -> usize {
    let weights = &OPENING_WEIGHTS[n.min(HAND)];
    let mut r = below(rng, OPENING_TOTALS[n.min(HAND)]);
    for (len, &weight) in weights.iter().enumerate().take(n + 1).skip(1) {
        if r < weight {
            return len;
        }
        r -= weight;
    }
    n
}

/// `OPENING_WEIGHTS[n][len]`: `len × n!/(n-len)!` for a window of `len` cells and a hand of
/// `n` tiles (0 past the hand).
const OPENING_WEIGHTS: [[u32; HAND + 1]; HAND + 1] = {
    let mut table = [[0; HAND + 1]; HAND + 1];
    let mut n = 1;
    while n <= HAND {
        let mut len = 1;
        while len <= n {
            let mut arrangements = 1;
            let mut k = n + 1 - len;
            while k <= n {
                arrangements *= k as u32;
                k += 1;
            }
            table[n][len] = len as u32 * arrangements;
            len += 1;
        }
        n += 1;
    }
    table
};

/// `OPENING_TOTALS[n]`: the sum of [`OPENING_WEIGHTS`]`[n]`.
const OPENING_TOTALS: [u32; HAND + 1] = {
    let mut totals = [0; HAND + 1];
    let mut n = 0;
    while n <= HAND {
        let mut len = 0;
        while len <= HAND {
            totals[n] += OPENING_WEIGHTS[n][len];
            len += 1;
        }
        n += 1;
    }
    totals
};
