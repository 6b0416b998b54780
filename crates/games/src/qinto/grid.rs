//! The unbounded square grid, stored as a window of 128 × 128 cells around the origin, the
//! runs through a cell, and the *frontier*: the empty cells next to a tile, kept up to date as
//! tiles are placed so that move generation never searches for them.
//!
//! Each frontier cell also keeps its four *sides*: the summaries of the tiles next to it to the
//! left, right, above and below (each side up to the first empty cell). Placing a tile changes
//! the sides of only the four empty cells at the ends of its row and column, so they are kept
//! up to date at once, and the run a cell would join is read without walking the grid.
//!
//! Every play after the first touches the tiles already placed and the first covers the origin,
//! so with 60 tiles no tile can lie more than 59 cells from the origin: cells with a coordinate
//! outside ±[`LIMIT`] can never take a tile, and the stored window holds every cell that can.

use std::fmt;

use super::tile::{RunSummary, Tile};

/// Coordinates run from `-LIMIT` to `LIMIT` (both axes).
pub const LIMIT: i8 = 62;

const SIDE: usize = 128;
const AREA: usize = SIDE * SIDE;
/// The code of an empty cell that touches no tile.
const EMPTY: u8 = u8::MAX;
/// Codes from this up (below [`EMPTY`]) mark an empty cell on the frontier: the code minus
/// this is its place in [`Grid::frontier`].
const FRONTIER: u8 = 128;
/// Room for the frontier: each tile adds at most 4 cells to it and takes one away, so 60 tiles
/// leave at most 2 × 60 + 2 cells.
pub const FRONTIER_ROOM: usize = 124;

/// One step to the right (along a row).
pub const RIGHT: isize = 1;
/// One step down (along a column).
pub const DOWN: isize = SIDE as isize;

/// The place in a cell's sides of the side towards `-step` (`forward == false`) or `step`:
/// left, right, above, below.
#[inline]
const fn side_slot(step: isize, forward: bool) -> usize {
    (if step == RIGHT { 0 } else { 2 }) + forward as usize
}

/// A cell: column `x` (growing to the right) and row `y` (growing downwards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Cell {
    /// Column.
    pub x: i8,
    /// Row.
    pub y: i8,
}

impl Cell {
    /// The origin `0,0`, which the first play must cover.
    pub const ORIGIN: Cell = Cell { x: 0, y: 0 };

    /// Whether both coordinates are within ±[`LIMIT`].
    pub const fn in_range(self) -> bool {
        self.x >= -LIMIT && self.x <= LIMIT && self.y >= -LIMIT && self.y <= LIMIT
    }

    /// The index in the stored window (the cell must be in range).
    #[inline]
    pub const fn index(self) -> usize {
        ((self.y as isize + 64) as usize) * SIDE + (self.x as isize + 64) as usize
    }

    /// The cell of a window index.
    #[inline]
    pub const fn from_index(index: usize) -> Cell {
        Cell {
            x: ((index % SIDE) as isize - 64) as i8,
            y: ((index / SIDE) as isize - 64) as i8,
        }
    }

    /// The cell `steps` cells away along a row (`vertical == false`) or a column.
    pub fn offset(self, vertical: bool, steps: i32) -> Option<Cell> {
        let (x, y) = if vertical {
            (i32::from(self.x), i32::from(self.y) + steps)
        } else {
            (i32::from(self.x) + steps, i32::from(self.y))
        };
        let cell = Cell {
            x: i8::try_from(x).ok()?,
            y: i8::try_from(y).ok()?,
        };
        cell.in_range().then_some(cell)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// Whether an index is within ±[`LIMIT`] on both axes (and within the window).
#[inline]
pub fn index_in_range(index: usize) -> bool {
    // Column and row counted from the window's corner, where the coordinate -LIMIT is 2.
    const LOW: usize = (64 - LIMIT) as usize;
    const SPAN: usize = 2 * LIMIT as usize;
    (index % SIDE).wrapping_sub(LOW) <= SPAN && (index / SIDE).wrapping_sub(LOW) <= SPAN
}

/// What is kept for every cell of the window, on the heap (a position moves cheaply).
#[derive(Clone, PartialEq, Eq)]
struct Board {
    /// The code of each cell.
    codes: [u8; AREA],
    /// The sides of each frontier cell (by its place in [`Grid::frontier`]): the tiles next to
    /// it to the left, right, above and below.
    sides: [[RunSummary; 4]; FRONTIER_ROOM],
}

/// The tiles on the grid.
///
/// Each stored cell holds a tile code (below [`Tile::CODES`]), `EMPTY`, or `FRONTIER + k`
/// for the `k`-th cell of the frontier list.
#[derive(Clone, PartialEq, Eq)]
pub struct Grid {
    board: Box<Board>,
    /// Occupied cells in the order their tiles were placed.
    occupied: [u16; 60],
    count: u8,
    /// Empty cells next to a tile, in no particular order.
    frontier: [u16; FRONTIER_ROOM],
    frontier_len: u8,
    hash: u64,
}

impl fmt::Debug for Grid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let tiles: Vec<String> = self.tiles().map(|(c, t)| format!("{t}@{c}")).collect();
        write!(f, "Grid[{}]", tiles.join(" "))
    }
}

impl Default for Grid {
    fn default() -> Self {
        Grid {
            board: Box::new(Board {
                codes: [EMPTY; AREA],
                sides: [[RunSummary::default(); 4]; FRONTIER_ROOM],
            }),
            occupied: [0; 60],
            count: 0,
            frontier: [0; FRONTIER_ROOM],
            frontier_len: 0,
            hash: 0,
        }
    }
}

/// The hash contribution of `tile` on the cell of `index`.
fn cell_hash(index: usize, tile: Tile) -> u64 {
    tabuleiro_core::derive_seed(0x51_4E70, (index as u64) << 6 | u64::from(tile.code()))
}

impl Grid {
    /// The tile at a window index.
    #[inline]
    pub fn at(&self, index: usize) -> Option<Tile> {
        let code = self.board.codes[index];
        if (code as usize) < Tile::CODES {
            Some(Tile::from_code_unchecked(code))
        } else {
            None
        }
    }

    /// Whether the cell of `index` holds a tile.
    #[inline]
    pub fn is_occupied(&self, index: usize) -> bool {
        (self.board.codes[index] as usize) < Tile::CODES
    }

    /// The place in [`Grid::frontier`] of the cell of `index`, if it is on the frontier.
    #[inline]
    pub fn frontier_slot(&self, index: usize) -> Option<usize> {
        let code = self.board.codes[index];
        (FRONTIER..EMPTY)
            .contains(&code)
            .then(|| (code - FRONTIER) as usize)
    }

    /// The empty cells next to a tile (window indices within range), in no particular order.
    #[inline]
    pub fn frontier(&self) -> &[u16] {
        &self.frontier[..self.frontier_len as usize]
    }

    /// The tile on `cell`.
    pub fn get(&self, cell: Cell) -> Option<Tile> {
        if cell.in_range() {
            self.at(cell.index())
        } else {
            None
        }
    }

    /// Number of tiles on the grid.
    pub fn len(&self) -> usize {
        self.count as usize
    }

    /// Whether no tile has been placed.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The occupied window indices, in the order the tiles were placed.
    pub fn occupied(&self) -> &[u16] {
        &self.occupied[..self.count as usize]
    }

    /// Every tile with its cell, in the order they were placed.
    pub fn tiles(&self) -> impl Iterator<Item = (Cell, Tile)> + '_ {
        self.occupied().iter().filter_map(|&i| {
            let i = i as usize;
            self.at(i).map(|t| (Cell::from_index(i), t))
        })
    }

    /// A hash of the tiles and their cells.
    pub fn hash(&self) -> u64 {
        self.hash
    }

    /// Puts `tile` on the empty cell of `index`; returns the row and the column through it
    /// once placed (their summaries, the tile included).
    pub fn place(&mut self, index: usize, tile: Tile) -> [RunSummary; 2] {
        debug_assert!(!self.is_occupied(index), "placing on an occupied cell");
        let own = self.sides_of(index);
        let code = self.board.codes[index];
        if code != EMPTY {
            // Take the cell off the frontier: the last frontier cell takes its place.
            let k = (code - FRONTIER) as usize;
            self.frontier_len -= 1;
            let last = self.frontier_len as usize;
            self.frontier[k] = self.frontier[last];
            self.board.sides[k] = self.board.sides[last];
            if k != last {
                self.board.codes[self.frontier[k] as usize] = FRONTIER + k as u8;
            }
        }
        self.board.codes[index] = tile.code();
        self.occupied[self.count as usize] = index as u16;
        self.count += 1;
        self.hash ^= cell_hash(index, tile);
        for n in [index - 1, index + 1, index - SIDE, index + SIDE] {
            if self.board.codes[n] == EMPTY && index_in_range(n) {
                let k = self.frontier_len;
                self.frontier[k as usize] = n as u16;
                self.board.sides[k as usize] = [RunSummary::default(); 4];
                self.board.codes[n] = FRONTIER + k;
                self.frontier_len += 1;
            }
        }
        // The tile joins the tiles on either side into one run along each axis; the empty
        // cells at the run's ends now see all of it on their side facing it.
        [RIGHT, DOWN].map(|step| {
            let (back, forward) = (own[side_slot(step, false)], own[side_slot(step, true)]);
            let mut run = back.with(tile);
            run.merge(forward);
            let low = index.wrapping_add_signed(-(back.len() as isize + 1) * step);
            let high = index.wrapping_add_signed((forward.len() as isize + 1) * step);
            self.set_side(low, side_slot(step, true), run);
            self.set_side(high, side_slot(step, false), run);
            run
        })
    }

    /// The four sides of the empty cell of `index` (all empty off the frontier: no tile
    /// touches it).
    #[inline]
    fn sides_of(&self, index: usize) -> [RunSummary; 4] {
        self.frontier_slot(index)
            .map_or([RunSummary::default(); 4], |k| self.board.sides[k])
    }

    /// Sets one side of the cell of `index` if it is on the frontier.
    #[inline]
    fn set_side(&mut self, index: usize, side: usize, run: RunSummary) {
        if let Some(k) = self.frontier_slot(index) {
            self.board.sides[k][side] = run;
        }
    }

    /// The tiles next to the empty cell of `index` towards `step` (`forward`) or `-step`, up
    /// to the first empty cell, read from the kept sides.
    #[inline]
    pub fn side(&self, index: usize, step: isize, forward: bool) -> RunSummary {
        self.frontier_slot(index)
            .map_or_else(RunSummary::default, |k| {
                self.board.sides[k][side_slot(step, forward)]
            })
    }

    /// Replaces the tile on the cell of `index` (which must hold one) by `tile`; returns the
    /// tile taken away.
    pub fn replace(&mut self, index: usize, tile: Tile) -> Option<Tile> {
        let old = self.at(index)?;
        self.board.codes[index] = tile.code();
        self.hash ^= cell_hash(index, old) ^ cell_hash(index, tile);
        // The empty cells at the ends of the row and the column through it see the new tile.
        for step in [RIGHT, DOWN] {
            let (run, low, high) = self.run_span(index, step);
            self.set_side(low.wrapping_add_signed(-step), side_slot(step, true), run);
            self.set_side(high.wrapping_add_signed(step), side_slot(step, false), run);
        }
        Some(old)
    }

    /// The run of tiles through the occupied cell of `index` along `step`, walked on the grid:
    /// its summary and its first and last cells.
    fn run_span(&self, index: usize, step: isize) -> (RunSummary, usize, usize) {
        let mut summary = RunSummary::default();
        let mut low = index;
        while let Some(t) = self.at(low.wrapping_add_signed(-step)) {
            summary.add(t);
            low = low.wrapping_add_signed(-step);
        }
        let mut high = index;
        while let Some(t) = self.at(high) {
            summary.add(t);
            high = high.wrapping_add_signed(step);
        }
        (summary, low, high.wrapping_add_signed(-step))
    }

    /// The run through the cell of `index` along `step` ([`RIGHT`] or [`DOWN`]) as it would
    /// be with the cell holding `tile` and the cells of `extra` holding theirs (cells of the
    /// grid itself are read where `extra` says nothing); returns the summary and the index of
    /// the first cell of the run.
    pub fn run_with(
        &self,
        index: usize,
        tile: Tile,
        step: isize,
        extra: &[(usize, Tile)],
    ) -> (RunSummary, usize) {
        let look = |i: usize| -> Option<Tile> {
            extra
                .iter()
                .find(|(c, _)| *c == i)
                .map(|&(_, t)| t)
                .or_else(|| self.at(i))
        };
        let mut summary = RunSummary::default().with(tile);
        let mut first = index;
        let mut i = index;
        while summary.len() <= 6 {
            i = i.wrapping_add_signed(-step);
            match look(i) {
                Some(t) => {
                    summary.add(t);
                    first = i;
                }
                None => break,
            }
        }
        let mut i = index;
        while summary.len() <= 6 {
            i = i.wrapping_add_signed(step);
            match look(i) {
                Some(t) => summary.add(t),
                None => break,
            }
        }
        (summary, first)
    }

    /// The tiles next to the empty cell of `index` along `step`, on both sides, read from the
    /// kept sides: the run the cell would join if it took a tile, without that tile.
    #[inline]
    pub fn joined_run(&self, index: usize, step: isize) -> RunSummary {
        let mut run = self.side(index, step, false);
        run.merge(self.side(index, step, true));
        run
    }

    /// Like [`Grid::joined_run`], also giving the first and last cells of the run the empty
    /// cell of `index` would join (the cell itself when it has no neighbour on that side).
    #[inline]
    pub fn neighbours_span(&self, index: usize, step: isize) -> (RunSummary, usize, usize) {
        let (back, forward) = (self.side(index, step, false), self.side(index, step, true));
        let low = index.wrapping_add_signed(-(back.len() as isize) * step);
        let high = index.wrapping_add_signed(forward.len() as isize * step);
        let mut run = back;
        run.merge(forward);
        (run, low, high)
    }

    /// Whether the cell of `index` has an occupied orthogonal neighbour.
    #[inline]
    pub fn touches(&self, index: usize) -> bool {
        let code = self.board.codes[index];
        (FRONTIER..EMPTY).contains(&code)
            || (self.is_occupied(index)
                && (self.is_occupied(index - 1)
                    || self.is_occupied(index + 1)
                    || self.is_occupied(index - SIDE)
                    || self.is_occupied(index + SIDE)))
    }

    /// The smallest and largest occupied columns and rows, if any tile is placed.
    pub fn bounds(&self) -> Option<(Cell, Cell)> {
        let mut cells = self
            .occupied()
            .iter()
            .map(|&i| Cell::from_index(i as usize));
        let first = cells.next()?;
        let (mut low, mut high) = (first, first);
        for c in cells {
            low.x = low.x.min(c.x);
            low.y = low.y.min(c.y);
            high.x = high.x.max(c.x);
            high.y = high.y.max(c.y);
        }
        Some((low, high))
    }
}

#[cfg(test)]
mod tests {
    use tabuleiro_core::{Game, Setup, rng_from_seed};

    use super::super::{Qinto, QintoMove};
    use super::*;

    /// The tiles next to the cell of `index` towards `dir`, walked on the grid.
    fn walked(grid: &Grid, index: usize, dir: isize) -> RunSummary {
        let mut summary = RunSummary::default();
        let mut i = index.wrapping_add_signed(dir);
        while let Some(t) = grid.at(i) {
            summary.add(t);
            i = i.wrapping_add_signed(dir);
        }
        summary
    }

    /// Every frontier cell's kept sides are the tiles a walk finds, and every empty cell off
    /// the frontier touches no tile.
    fn check_sides(grid: &Grid, context: &str) {
        for &cell in grid.frontier() {
            let cell = cell as usize;
            for step in [RIGHT, DOWN] {
                for forward in [false, true] {
                    let dir = if forward { step } else { -step };
                    assert_eq!(
                        grid.side(cell, step, forward),
                        walked(grid, cell, dir),
                        "{context}: side {dir} of {}",
                        Cell::from_index(cell)
                    );
                }
            }
        }
        for index in 0..AREA {
            if index_in_range(index) && !grid.is_occupied(index) {
                assert_eq!(
                    grid.frontier_slot(index).is_some(),
                    grid.touches(index),
                    "{context}: {} on the frontier",
                    Cell::from_index(index)
                );
            }
        }
    }

    #[test]
    fn kept_sides_agree_with_walking_the_grid_through_random_games() {
        let (mut swaps, mut placed) = (0, 0);
        for seed in 0..40 {
            let mut state = Qinto::new(&Setup {
                seed,
                players: 2 + (seed % 3) as usize,
                ..Setup::default_for(Qinto::INFO)
            })
            .expect("default setup");
            let mut rng = rng_from_seed(seed);
            let mut moves = Vec::new();
            for turn in 0..400 {
                // Swaps are rare among random moves: play one whenever there is one.
                state.legal_moves(&mut moves);
                let swap = moves
                    .iter()
                    .copied()
                    .find(|m| matches!(m, QintoMove::Swap(_)));
                let Some(mv) = swap.or_else(|| state.random_move(&mut rng)) else {
                    break;
                };
                match mv {
                    QintoMove::Swap(_) => swaps += 1,
                    QintoMove::Play(_) => placed += 1,
                    QintoMove::Pass(_) => {}
                }
                state.play_unchecked(mv);
                check_sides(&state.grid, &format!("seed {seed}, turn {turn}"));
            }
        }
        assert!(swaps > 20 && placed > 500, "{swaps} swaps, {placed} plays");
    }

    #[test]
    fn an_index_is_in_range_exactly_when_its_cell_is() {
        for index in 0..AREA {
            assert_eq!(
                index_in_range(index),
                Cell::from_index(index).in_range(),
                "{}",
                Cell::from_index(index)
            );
        }
        assert!(!index_in_range(AREA + 64));
        assert!(!index_in_range(usize::MAX));
    }

    #[test]
    fn placing_reports_the_row_and_column_through_the_tile() {
        let mut grid = Grid::default();
        let tile = |code| Tile::from_code_unchecked(code);
        let origin = Cell::ORIGIN.index();
        grid.place(origin - 1, tile(0));
        grid.place(origin + 1, tile(1));
        grid.place(origin - DOWN as usize, tile(2));
        let [row, column] = grid.place(origin, tile(3));
        assert_eq!((row.len(), column.len()), (3, 2));
        assert_eq!(grid.joined_run(origin + 2, RIGHT).len(), 3);
        let (run, low, high) = grid.neighbours_span(origin - 2, RIGHT);
        assert_eq!((run.len(), low, high), (3, origin - 2, origin + 1));
    }
}
