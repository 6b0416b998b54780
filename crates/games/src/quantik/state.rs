//! The Quantik position and its rules, on bitboards.

use tabuleiro_core::{IllegalMove, Outcome, Player};

use super::geometry::{ALL, ALL_UNITS, Mask, UNIT_MASKS, ZONE, cell_name, units_of};
use super::pieces::{QuantikMove, Shape};

/// How many pieces of each shape a player starts with.
pub const PIECES_PER_SHAPE: u8 = 2;

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// The winner's move completed the unit with these cells.
    FourShapes(Mask),
    /// The player to move had no legal placement (the other player wins).
    NoMove,
}

/// A Quantik position.
///
/// Held as bitboards: one mask per shape and one per player, the cells where each player may
/// not place each shape (kept up to date move by move), and the pieces each player has left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Quantik {
    /// Cells holding each shape (either player).
    pub(super) shapes: [Mask; 4],
    /// Cells holding each player's pieces.
    pub(super) colours: [Mask; 2],
    /// Cells holding any piece (the union of `colours`, kept apart so that reading it after a
    /// move never waits on the two narrower writes).
    pub(super) filled: Mask,
    /// For each player and shape, the cells where the player may put that shape if they are
    /// empty: none once the player has no piece of the shape left, else every cell outside the
    /// rows, columns and regions of the opponent's pieces of that shape.
    pub(super) allowed: [[Mask; 4]; 2],
    /// Pieces of each shape each player has not placed.
    pub(super) left: [[u8; 4]; 2],
    /// The player to move (or who would move, once the game is over).
    pub(super) to_move: u8,
    /// The seat that moved first.
    pub(super) first: u8,
    /// Set when a move completed a unit: the winner and the unit. (A player left without a
    /// placement is found when asked, see [`Quantik::ending`], which keeps moves cheap.)
    pub(super) won: Option<(u8, Mask)>,
}

impl Quantik {
    /// The empty board with `first` to move.
    pub fn start(first: Player) -> Self {
        Quantik {
            shapes: [0; 4],
            colours: [0; 2],
            filled: 0,
            allowed: [[ALL; 4]; 2],
            left: [[PIECES_PER_SHAPE; 4]; 2],
            to_move: first.0,
            first: first.0,
            won: None,
        }
    }

    /// Occupied cells.
    pub fn occupied(&self) -> Mask {
        self.filled
    }

    /// Empty cells.
    pub fn empty(&self) -> Mask {
        !self.occupied() & ALL
    }

    /// The seat that moved first.
    pub fn first_player(&self) -> Player {
        Player(self.first)
    }

    /// The piece on `cell`, if any: owner and shape.
    pub fn piece_at(&self, cell: usize) -> Option<(Player, Shape)> {
        let bit = 1 << cell;
        let owner = (0..2).find(|&p| self.colours[p] & bit != 0)?;
        let shape = (0..4).find(|&s| self.shapes[s] & bit != 0)?;
        Some((Player(owner as u8), Shape::from_index(shape)))
    }

    /// How many pieces of `shape` `player` has not placed.
    pub fn pieces_left(&self, player: Player, shape: Shape) -> u8 {
        self.left[player.index()][shape.index()]
    }

    /// The cells where `player` may place `shape` now (ignoring whose turn it is); empty when
    /// the player has none of that shape left.
    pub fn targets(&self, player: Player, shape: Shape) -> Mask {
        self.empty() & self.allowed[player.index()][shape.index()]
    }

    /// How many placements `player` could make now (whoever is to move).
    pub fn mobility(&self, player: Player) -> u32 {
        Shape::ALL
            .iter()
            .map(|&s| self.targets(player, s).count_ones())
            .sum()
    }

    /// How the game ended, if it is over: the winner and the ending.
    pub fn ending(&self) -> Option<(Player, Ending)> {
        if let Some((p, unit)) = self.won {
            Some((Player(p), Ending::FourShapes(unit)))
        } else if self.has_move(self.to_move as usize) {
            None
        } else {
            Some((Player(self.to_move ^ 1), Ending::NoMove))
        }
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        self.won.is_some() || !self.has_move(self.to_move as usize)
    }

    /// Why `mv` is illegal for the player to move, or `Ok` when it is legal.
    pub(super) fn check(&self, mv: QuantikMove) -> Result<(), IllegalMove> {
        if self.is_over() {
            return Err(IllegalMove::new("the game is over"));
        }
        let p = self.to_move as usize;
        let cell = mv.cell as usize;
        let s = mv.shape.index();
        if cell >= 16 {
            return Err(IllegalMove::new("no such cell"));
        }
        if self.occupied() & (1 << cell) != 0 {
            return Err(IllegalMove::new(format!("{} is occupied", cell_name(cell))));
        }
        if self.left[p][s] == 0 {
            return Err(IllegalMove::new(format!("you have no {} left", mv.shape)));
        }
        let opponent_shape = self.colours[1 - p] & self.shapes[s];
        for unit in units_of(cell) {
            if unit.mask & opponent_shape != 0 {
                return Err(IllegalMove::new(format!(
                    "opponent has a {} in {}",
                    mv.shape,
                    unit.name()
                )));
            }
        }
        Ok(())
    }

    /// Places a piece known to be legal, then decides whether the game is over.
    ///
    /// Written with few branches: this is the inner loop of playouts and searches.
    #[inline]
    pub(super) fn place(&mut self, mv: QuantikMove) {
        debug_assert!(self.check(mv).is_ok(), "illegal move {mv} in {self:?}");
        let p = (self.to_move & 1) as usize;
        let cell = (mv.cell & 15) as usize;
        let s = mv.shape.index();
        let bit: Mask = 1 << cell;
        self.shapes[s] |= bit;
        self.colours[p] |= bit;
        let occupied = self.filled | bit;
        self.filled = occupied;
        self.left[p][s] -= 1;
        self.allowed[p][s] &= Mask::from(self.left[p][s] > 0).wrapping_neg();
        self.allowed[p ^ 1][s] &= !ZONE[cell];
        self.to_move = (p ^ 1) as u8;
        let [row, column, region] = UNIT_MASKS[cell];
        if self.completes(occupied, row)
            || self.completes(occupied, column)
            || self.completes(occupied, region)
        {
            let unit = [row, column, region]
                .into_iter()
                .find(|&u| self.completes(occupied, u))
                .unwrap_or(row);
            self.won = Some((p as u8, unit));
        }
    }

    /// Whether `unit` is full and holds four different shapes.
    fn completes(&self, occupied: Mask, unit: Mask) -> bool {
        // Every shape present: the smallest of the four masks within the unit is not empty.
        let fewest = (self.shapes[0] & unit)
            .min(self.shapes[1] & unit)
            .min(self.shapes[2] & unit)
            .min(self.shapes[3] & unit);
        occupied & unit == unit && fewest != 0
    }

    /// A placement that completes a unit with four different shapes for the player to move.
    pub(super) fn completing_move(&self) -> Option<QuantikMove> {
        if self.won.is_some() {
            return None;
        }
        let p = self.to_move as usize;
        let occupied = self.occupied();
        for unit in ALL_UNITS {
            let gap = unit & !occupied;
            if gap.count_ones() != 1 {
                continue;
            }
            let (mut missing, mut count) = (0, 0);
            for s in 0..4 {
                if self.shapes[s] & unit == 0 {
                    missing = s;
                    count += 1;
                }
            }
            let s = missing;
            if count == 1 && self.allowed[p][s] & gap != 0 {
                return Some(QuantikMove {
                    shape: Shape::from_index(s),
                    cell: gap.trailing_zeros() as u8,
                });
            }
        }
        None
    }

    /// Whether seat `p` has any legal placement.
    fn has_move(&self, p: usize) -> bool {
        let empty = self.empty();
        let mut any = 0;
        for s in 0..4 {
            any |= empty & self.allowed[p][s];
        }
        any != 0
    }

    /// The outcome, when the game is over.
    pub(super) fn outcome(&self) -> Option<Outcome> {
        let (winner, ending) = self.ending()?;
        let reason = match ending {
            Ending::FourShapes(mask) => {
                let unit = ALL_UNITS
                    .iter()
                    .position(|&u| u == mask)
                    .map_or_else(String::new, unit_name);
                format!("{unit} holds four different shapes")
            }
            Ending::NoMove => format!("{} has no legal move", Player(1 - winner.0)),
        };
        Some(Outcome::win(winner, 2, reason))
    }

    /// Number of pieces on the board.
    pub fn pieces_placed(&self) -> u32 {
        self.occupied().count_ones()
    }
}

/// The name of unit `i` of [`ALL_UNITS`].
fn unit_name(i: usize) -> String {
    let first_cell = match i / 4 {
        0 => (i % 4) * 4,
        1 => i % 4,
        _ => ((i % 4) / 2) * 8 + (i % 2) * 2,
    };
    let unit = units_of(first_cell)[i / 4];
    unit.name()
}
