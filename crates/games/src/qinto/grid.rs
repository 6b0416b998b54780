//! The unbounded square grid, stored as a window of 128 × 128 cells around the origin, the
//! runs through a cell, and the *frontier*: the empty cells next to a tile, kept up to date as
//! tiles are placed so that move generation never searches for them.
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

/// Whether an index is within ±[`LIMIT`] on both axes.
#[inline]
pub fn index_in_range(index: usize) -> bool {
    Cell::from_index(index).in_range()
}

/// The tiles on the grid.
///
/// Each stored cell holds a tile code (below [`Tile::CODES`]), [`EMPTY`], or `FRONTIER + k`
/// for the `k`-th cell of the frontier list.
#[derive(Clone, PartialEq, Eq)]
pub struct Grid {
    cells: Box<[u8; AREA]>,
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
            cells: Box::new([EMPTY; AREA]),
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
        let code = self.cells[index];
        if (code as usize) < Tile::CODES {
            Some(Tile::from_code_unchecked(code))
        } else {
            None
        }
    }

    /// Whether the cell of `index` holds a tile.
    #[inline]
    pub fn is_occupied(&self, index: usize) -> bool {
        (self.cells[index] as usize) < Tile::CODES
    }

    /// The place in [`Grid::frontier`] of the cell of `index`, if it is on the frontier.
    #[inline]
    pub fn frontier_slot(&self, index: usize) -> Option<usize> {
        let code = self.cells[index];
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

    /// Puts `tile` on the empty cell of `index`.
    pub fn place(&mut self, index: usize, tile: Tile) {
        debug_assert!(!self.is_occupied(index), "placing on an occupied cell");
        let code = self.cells[index];
        if code != EMPTY {
            // Take the cell off the frontier: the last frontier cell takes its place.
            let k = (code - FRONTIER) as usize;
            self.frontier_len -= 1;
            let last = self.frontier[self.frontier_len as usize];
            self.frontier[k] = last;
            if k != self.frontier_len as usize {
                self.cells[last as usize] = FRONTIER + k as u8;
            }
        }
        self.cells[index] = tile.code();
        self.occupied[self.count as usize] = index as u16;
        self.count += 1;
        self.hash ^= cell_hash(index, tile);
        for n in [index - 1, index + 1, index - SIDE, index + SIDE] {
            if self.cells[n] == EMPTY && index_in_range(n) {
                let k = self.frontier_len;
                self.frontier[k as usize] = n as u16;
                self.cells[n] = FRONTIER + k;
                self.frontier_len += 1;
            }
        }
    }

    /// Replaces the tile on the cell of `index` (which must hold one) by `tile`; returns the
    /// tile taken away.
    pub fn replace(&mut self, index: usize, tile: Tile) -> Option<Tile> {
        let old = self.at(index)?;
        self.cells[index] = tile.code();
        self.hash ^= cell_hash(index, old) ^ cell_hash(index, tile);
        Some(old)
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

    /// The tiles next to the cell of `index` along `step`, on both sides (not the cell itself),
    /// as a summary: the run the cell would join if it took a tile, without that tile.
    #[inline]
    pub fn neighbours_run(&self, index: usize, step: isize) -> RunSummary {
        let mut summary = RunSummary::default();
        let mut i = index;
        while summary.len() <= 6 {
            i = i.wrapping_add_signed(-step);
            match self.at(i) {
                Some(t) => summary.add(t),
                None => break,
            }
        }
        let mut i = index;
        while summary.len() <= 6 {
            i = i.wrapping_add_signed(step);
            match self.at(i) {
                Some(t) => summary.add(t),
                None => break,
            }
        }
        summary
    }

    /// Like [`Grid::neighbours_run`] (without its cap on length), also giving the first and
    /// last cells of the run the cell would join (the cell itself when it has no neighbour on
    /// that side).
    #[inline]
    pub fn neighbours_span(&self, index: usize, step: isize) -> (RunSummary, usize, usize) {
        let mut summary = RunSummary::default();
        let mut low = index;
        while let Some(t) = self.at(low.wrapping_add_signed(-step)) {
            summary.add(t);
            low = low.wrapping_add_signed(-step);
        }
        let mut high = index;
        while let Some(t) = self.at(high.wrapping_add_signed(step)) {
            summary.add(t);
            high = high.wrapping_add_signed(step);
        }
        (summary, low, high)
    }

    /// Whether the cell of `index` has an occupied orthogonal neighbour.
    #[inline]
    pub fn touches(&self, index: usize) -> bool {
        let code = self.cells[index];
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
