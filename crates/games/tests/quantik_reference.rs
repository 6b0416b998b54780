//! A slow, obviously right Quantik, written straight from `shared/rules/quantik.md` and sharing
//! no code with `tabuleiro_games::quantik`: a plain array of cells, and every rule checked by
//! explicit loops over rows, columns and regions. The fast bitboard implementation is tested
//! against it (perft counts, and move lists and endings along random games).

use std::sync::LazyLock;

/// Letters of the four shapes, as the notation writes them: cube, cylinder, cone, sphere.
pub const LETTERS: [char; 4] = ['C', 'Y', 'O', 'S'];

/// Each player owns two pieces of each shape.
const PER_SHAPE: usize = 2;

/// A placement: shape index (into [`LETTERS`]) and cell (`row * 4 + column`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Placement {
    /// The shape.
    pub shape: usize,
    /// The cell.
    pub cell: usize,
}

impl Placement {
    /// The move in notation: shape letter, column letter, row digit (`Ca1`).
    pub fn text(self) -> String {
        let column = char::from(b'a' + (self.cell % 4) as u8);
        format!("{}{}{}", LETTERS[self.shape], column, self.cell / 4 + 1)
    }
}

/// The position: who owns what on each cell, who moves, and who won.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// Each cell: empty, or (owner 0/1, shape).
    pub cells: [Option<(usize, usize)>; 16],
    /// The player to move (or who would move, once the game is over).
    pub to_move: usize,
    /// The winner, once the game is over.
    pub winner: Option<usize>,
}

/// Row of a cell, 0..4 (row `1` is 0).
pub fn row(cell: usize) -> usize {
    cell / 4
}

/// Column of a cell, 0..4 (column `a` is 0).
pub fn column(cell: usize) -> usize {
    cell % 4
}

/// Region of a cell: which 2×2 quadrant, 0..4.
pub fn region(cell: usize) -> usize {
    (row(cell) / 2) * 2 + column(cell) / 2
}

/// Whether two cells share a row, a column or a region (diagonals do not count).
pub fn related(a: usize, b: usize) -> bool {
    row(a) == row(b) || column(a) == column(b) || region(a) == region(b)
}

/// The twelve units (four rows, four columns, four regions), each as its four cells.
pub static UNITS: LazyLock<Vec<[usize; 4]>> = LazyLock::new(|| {
    let mut units = Vec::new();
    for kind in 0..3 {
        for index in 0..4 {
            let cells: Vec<usize> = (0..16)
                .filter(|&c| [row(c), column(c), region(c)][kind] == index)
                .collect();
            units.push([cells[0], cells[1], cells[2], cells[3]]);
        }
    }
    units
});

impl Board {
    /// The empty board, `first` to move.
    pub fn new(first: usize) -> Self {
        Board {
            cells: [None; 16],
            to_move: first,
            winner: None,
        }
    }

    /// How many pieces of `shape` `player` has not placed yet.
    pub fn left(&self, player: usize, shape: usize) -> usize {
        let placed = self
            .cells
            .iter()
            .filter(|c| **c == Some((player, shape)))
            .count();
        PER_SHAPE - placed
    }

    /// Whether `player` may put `shape` on `cell`: the cell is empty, the player has such a
    /// piece left, and no opponent's piece of that shape shares a row, column or region.
    pub fn allowed(&self, player: usize, shape: usize, cell: usize) -> bool {
        if self.cells[cell].is_some() || self.left(player, shape) == 0 {
            return false;
        }
        for other in 0..16 {
            if let Some((owner, s)) = self.cells[other]
                && owner != player
                && s == shape
                && related(cell, other)
            {
                return false;
            }
        }
        true
    }

    /// Every legal placement of the player to move (none once the game is over).
    pub fn moves(&self) -> Vec<Placement> {
        let mut moves = Vec::new();
        if self.winner.is_some() {
            return moves;
        }
        for shape in 0..4 {
            for cell in 0..16 {
                if self.allowed(self.to_move, shape, cell) {
                    moves.push(Placement { shape, cell });
                }
            }
        }
        moves
    }

    /// Whether some row, column or region holds four different shapes.
    pub fn has_complete_unit(&self) -> bool {
        UNITS.iter().any(|unit| {
            let mut seen = [false; 4];
            for &cell in unit {
                if let Some((_, shape)) = self.cells[cell] {
                    seen[shape] = true;
                }
            }
            seen == [true; 4]
        })
    }

    /// Whether the player to move has at least one legal placement.
    pub fn can_move(&self) -> bool {
        (0..4).any(|shape| (0..16).any(|cell| self.allowed(self.to_move, shape, cell)))
    }

    /// Plays a legal placement: the mover wins at once by completing a unit with four
    /// different shapes; otherwise the turn passes, and a player to move with no legal
    /// placement loses.
    pub fn play(&mut self, mv: Placement) {
        assert!(self.winner.is_none(), "the game is over");
        assert!(
            self.allowed(self.to_move, mv.shape, mv.cell),
            "illegal {}",
            mv.text()
        );
        let mover = self.to_move;
        self.cells[mv.cell] = Some((mover, mv.shape));
        self.to_move = 1 - mover;
        // Four different shapes in a unit: the mover wins. Otherwise, if the next player
        // cannot place anything, that player loses: the mover wins too.
        if self.has_complete_unit() || !self.can_move() {
            self.winner = Some(mover);
        }
    }
}

/// Per depth `d` (index `d - 1`): the number of move sequences of length `d`, and how many of
/// them end the game on their last move. A finished game has no continuations.
pub fn perft(board: &Board, depth: usize) -> Vec<(u64, u64)> {
    let mut counts = vec![(0, 0); depth];
    walk(board, depth, 0, &mut counts);
    counts
}

fn walk(board: &Board, depth: usize, ply: usize, counts: &mut [(u64, u64)]) {
    if ply == depth {
        return;
    }
    for mv in board.moves() {
        let mut next = board.clone();
        next.play(mv);
        counts[ply].0 += 1;
        if next.winner.is_some() {
            counts[ply].1 += 1;
        } else {
            walk(&next, depth, ply + 1, counts);
        }
    }
}
