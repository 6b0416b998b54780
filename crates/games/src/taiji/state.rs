//! The Taiji position and its rules, on bitboards.

use std::fmt::Write as _;

use tabuleiro_core::{IllegalMove, OptionError, Outcome, Player, SetupError};

use super::geometry::{
    self, Cell, Mask, SIZES, for_each_group, horizontal_pairs, spread, vertical_pairs,
};
use super::tile::{Colour, TaijiMove};

/// How a colour's groups make its score.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// The sum of the sizes of the N largest groups (all of them when there are fewer).
    Standard,
    /// The product of the sizes of all the groups (`scoring=omega`); 0 for a colour with no
    /// cells yet.
    Omega,
}

/// How many of the largest groups count by default on a board of `size`: 1 on 7×7, 2 on 9×9,
/// 3 on 11×11.
pub const fn default_groups(size: usize) -> usize {
    match size {
        7 => 1,
        9 => 2,
        _ => 3,
    }
}

/// Room for the groups of one colour: at most 60 cells, so at most 60 groups.
const MAX_GROUPS: usize = 64;

/// The group sizes of one colour, largest first, in a fixed array.
#[derive(Clone, Copy, Debug)]
pub(super) struct GroupSizes {
    sizes: [u8; MAX_GROUPS],
    len: usize,
}

impl GroupSizes {
    /// The sizes, largest first.
    pub(super) fn as_slice(&self) -> &[u8] {
        &self.sizes[..self.len]
    }
}

/// A Taiji position.
///
/// Two masks hold the light and the dark cells; the board's own mask and the scoring rules
/// travel with it. Whose turn it is follows from the number of tiles down (one light cell per
/// tile): Light moves when it is even. Which cells were paired into one tile is kept only for
/// the picture (two masks of each tile's top-left half); nothing in the rules depends on it,
/// and [`Game::position_key`](tabuleiro_core::Game::position_key) leaves it out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Taiji {
    /// Cells holding a light half.
    pub(super) light: Mask,
    /// Cells holding a dark half.
    pub(super) dark: Mask,
    /// The top-left halves of the tiles laid across (their other half is to the right).
    pub(super) across: Mask,
    /// The top halves of the tiles laid down (their other half is below).
    pub(super) down: Mask,
    /// The board's cells.
    pub(super) board: Mask,
    /// Board side: 7, 9 or 11.
    pub(super) size: u8,
    /// N: how many of the largest groups count under [`Scoring::Standard`].
    pub(super) groups: u8,
    /// How groups are scored.
    pub(super) scoring: Scoring,
}

impl Taiji {
    /// The empty board of `size` (7, 9 or 11) where the `groups` largest groups (1, 2 or 3)
    /// count, or all groups multiply under [`Scoring::Omega`]; Light to move.
    ///
    /// # Errors
    /// When the size or the number of groups is not one the rules allow.
    pub fn start(size: usize, groups: usize, scoring: Scoring) -> Result<Self, SetupError> {
        let invalid = |name: &str, reason: String| OptionError::Invalid {
            name: name.to_owned(),
            reason,
        };
        if !SIZES.contains(&size) {
            return Err(invalid(
                "size",
                format!("Taiji is played on 7x7, 9x9 or 11x11, not {size}x{size}"),
            )
            .into());
        }
        if !(1..=3).contains(&groups) {
            return Err(invalid(
                "groups",
                format!("the 1, 2 or 3 largest groups may count, not {groups}"),
            )
            .into());
        }
        Ok(Taiji {
            light: 0,
            dark: 0,
            across: 0,
            down: 0,
            board: geometry::board(size),
            size: size as u8,
            groups: groups as u8,
            scoring,
        })
    }

    /// The board's side.
    pub fn size(&self) -> usize {
        usize::from(self.size)
    }

    /// N: how many of the largest groups count under [`Scoring::Standard`].
    pub fn groups_counted(&self) -> usize {
        usize::from(self.groups)
    }

    /// How groups are scored.
    pub fn scoring(&self) -> Scoring {
        self.scoring
    }

    /// The colour on `cell`, if a tile covers it (`None` also off the board).
    pub fn at(&self, cell: Cell) -> Option<Colour> {
        if !cell.on_board(self.size()) {
            return None;
        }
        let bit = cell.mask();
        if self.light & bit != 0 {
            Some(Colour::Light)
        } else if self.dark & bit != 0 {
            Some(Colour::Dark)
        } else {
            None
        }
    }

    /// The cells of `colour`.
    pub fn cells(&self, colour: Colour) -> Mask {
        match colour {
            Colour::Light => self.light,
            Colour::Dark => self.dark,
        }
    }

    /// The empty cells.
    #[inline]
    pub fn empty(&self) -> Mask {
        self.board & !(self.light | self.dark)
    }

    /// Tiles on the board.
    pub fn tiles_placed(&self) -> u32 {
        self.light.count_ones()
    }

    /// Horizontal and vertical pairs of adjacent empty cells, each marked by its left or top
    /// cell.
    #[inline]
    pub(super) fn pairs(&self) -> (Mask, Mask) {
        let empty = self.empty();
        (horizontal_pairs(empty), vertical_pairs(empty))
    }

    /// How many pairs of orthogonally adjacent empty cells remain; each takes a tile in two
    /// orientations.
    pub fn open_pairs(&self) -> u32 {
        let (h, v) = self.pairs();
        h.count_ones() + v.count_ones()
    }

    /// Whether the game is over: no two orthogonally adjacent empty cells remain.
    #[inline]
    pub fn is_over(&self) -> bool {
        let (h, v) = self.pairs();
        h | v == 0
    }

    /// The colour (and seat) to move, whether or not the game is over.
    #[inline]
    pub(super) fn mover(&self) -> u8 {
        (self.light.count_ones() & 1) as u8
    }

    /// Sizes of every group of `colour`, largest first.
    pub fn group_sizes(&self, colour: Colour) -> Vec<u32> {
        self.sizes(colour)
            .as_slice()
            .iter()
            .map(|&s| u32::from(s))
            .collect()
    }

    /// The sizes of the groups of `colour` that make its score, largest first: the N largest
    /// under [`Scoring::Standard`], all under [`Scoring::Omega`].
    pub fn counted_groups(&self, colour: Colour) -> Vec<u32> {
        let mut sizes = self.group_sizes(colour);
        if self.scoring == Scoring::Standard {
            sizes.truncate(self.groups_counted());
        }
        sizes
    }

    /// The group sizes of `colour`, largest first, without allocating.
    pub(super) fn sizes(&self, colour: Colour) -> GroupSizes {
        let mut sizes = GroupSizes {
            sizes: [0; MAX_GROUPS],
            len: 0,
        };
        for_each_group(self.cells(colour), |g| {
            sizes.sizes[sizes.len] = g.count_ones() as u8;
            sizes.len += 1;
        });
        sizes.sizes[..sizes.len].sort_unstable_by(|a, b| b.cmp(a));
        sizes
    }

    /// The score that group sizes (largest first) make under this game's rules.
    fn score_of(&self, sizes: &[u8]) -> i64 {
        match self.scoring {
            Scoring::Standard => sizes
                .iter()
                .take(self.groups_counted())
                .map(|&s| i64::from(s))
                .sum(),
            Scoring::Omega if sizes.is_empty() => 0,
            Scoring::Omega => sizes
                .iter()
                .fold(1i64, |p, &s| p.saturating_mul(i64::from(s))),
        }
    }

    /// Writes "Light 12 (7+5)": the score of `colour` and the groups that make it.
    fn write_score(&self, out: &mut String, colour: Colour, sizes: &[u8]) {
        let _ = write!(out, "{colour} {} (", self.score_of(sizes));
        let (counted, joint) = match self.scoring {
            Scoring::Standard => (&sizes[..sizes.len().min(self.groups_counted())], '+'),
            Scoring::Omega => (sizes, 'x'),
        };
        if counted.is_empty() {
            out.push_str("no groups");
        }
        for (i, size) in counted.iter().enumerate() {
            if i > 0 {
                out.push(joint);
            }
            let _ = write!(out, "{size}");
        }
        out.push(')');
    }

    /// The score of `colour` now: see [`Scoring`].
    pub fn score(&self, colour: Colour) -> i64 {
        self.counted(colour).0
    }

    /// Both scores, Light first (also given by [`Game::scores`](tabuleiro_core::Game::scores)).
    pub fn both_scores(&self) -> [i64; 2] {
        [self.score(Colour::Light), self.score(Colour::Dark)]
    }

    /// The score of `colour` and the cells of the groups that make it, without allocating.
    ///
    /// Under omega the product cannot overflow: a colour has at most 60 cells, and the largest
    /// product of sizes adding up to 60 is 3^20 (about 3.5 × 10^9); it saturates all the same.
    pub(super) fn counted(&self, colour: Colour) -> (i64, Mask) {
        let cells = self.cells(colour);
        match self.scoring {
            Scoring::Omega => {
                if cells == 0 {
                    return (0, 0);
                }
                let mut product: i64 = 1;
                for_each_group(cells, |g| {
                    product = product.saturating_mul(i64::from(g.count_ones()));
                });
                (product, cells)
            }
            Scoring::Standard => {
                // The largest groups so far, largest first: (size, cells).
                let mut top = [(0u32, 0 as Mask); 3];
                for_each_group(cells, |g| {
                    let mut entry = (g.count_ones(), g);
                    for slot in &mut top {
                        if entry.0 > slot.0 {
                            std::mem::swap(slot, &mut entry);
                        }
                    }
                });
                let counted = &top[..self.groups_counted()];
                let score = counted.iter().map(|&(s, _)| i64::from(s)).sum();
                let mask = counted.iter().fold(0, |m, &(_, g)| m | g);
                (score, mask)
            }
        }
    }

    /// Empty cells next to the groups of `colour` that count: room for them to grow.
    pub(super) fn room(&self, counted: Mask) -> u32 {
        (spread(counted) & self.empty()).count_ones()
    }

    /// "Light 12 (7+5)": the score of `colour` and the groups that make it.
    pub fn score_text(&self, colour: Colour) -> String {
        let mut out = String::new();
        self.write_score(&mut out, colour, self.sizes(colour).as_slice());
        out
    }

    /// Why `mv` is illegal for the player to move, or `Ok` when it is legal.
    pub(super) fn check(&self, mv: TaijiMove) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::new("the game is over"));
        }
        let n = self.size();
        for cell in [mv.light, mv.dark] {
            if !cell.on_board(n) {
                return Err(IllegalMove::new(format!("{cell} is off the {n}x{n} board")));
            }
        }
        if mv.light == mv.dark {
            return Err(IllegalMove::new(format!(
                "both halves name {}: a tile covers two adjacent cells",
                mv.light
            )));
        }
        if !mv.light.is_adjacent(mv.dark) {
            return Err(IllegalMove::new(format!(
                "cells {} and {} are not adjacent",
                mv.light, mv.dark
            )));
        }
        let empty = self.empty();
        for cell in [mv.light, mv.dark] {
            if empty & cell.mask() == 0 {
                return Err(IllegalMove::new(format!("{cell} is taken")));
            }
        }
        Ok(())
    }

    /// Places a tile known to be legal.
    #[inline]
    pub(super) fn place(&mut self, mv: TaijiMove) {
        debug_assert!(self.check(mv).is_ok(), "illegal move {mv} in {self:?}");
        self.light |= mv.light.mask();
        self.dark |= mv.dark.mask();
        let first = mv.light.min(mv.dark);
        if mv.light.row == mv.dark.row {
            self.across |= first.mask();
        } else {
            self.down |= first.mask();
        }
    }

    /// Every tile on the board as its two cells, the top-left one first.
    pub fn tiles(&self) -> Vec<(Cell, Cell)> {
        let mut tiles = Vec::new();
        for (mut starts, step) in [(self.across, 1), (self.down, geometry::STRIDE)] {
            while starts != 0 {
                let bit = starts.trailing_zeros();
                tiles.push((Cell::from_bit(bit), Cell::from_bit(bit + step)));
                starts &= starts - 1;
            }
        }
        tiles
    }

    /// The cells of the groups that make `colour`'s score.
    pub fn counted_cells(&self, colour: Colour) -> Vec<Cell> {
        let (_, mask) = self.counted(colour);
        (0..u128::BITS)
            .filter(|&bit| mask & (1 << bit) != 0)
            .map(Cell::from_bit)
            .collect()
    }

    /// The outcome, when the game is over: the higher score wins and a tie goes to Dark.
    pub(super) fn outcome(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let light_sizes = self.sizes(Colour::Light);
        let dark_sizes = self.sizes(Colour::Dark);
        let light = self.score_of(light_sizes.as_slice());
        let dark = self.score_of(dark_sizes.as_slice());
        let winner = if light > dark { Player(0) } else { Player(1) };
        let mut reason = String::with_capacity(96);
        reason.push_str("no two adjacent empty cells remain; ");
        self.write_score(&mut reason, Colour::Light, light_sizes.as_slice());
        reason.push_str(", ");
        self.write_score(&mut reason, Colour::Dark, dark_sizes.as_slice());
        if light == dark {
            reason.push_str("; a tie goes to Dark");
        }
        let mut outcome = Outcome::win(winner, 2, reason);
        outcome.scores = Some(vec![light, dark]);
        Some(outcome)
    }
}
