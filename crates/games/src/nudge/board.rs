//! The 5×5 board as 25-bit masks, the four directions, and moves.
//!
//! Square `i` is at row `i / 5` and column `i % 5`; row 0 is row `1` (drawn at the top),
//! column 0 is column `a` (at the left). Bit `i` of a [`Mask`] is square `i`.

use std::fmt;

/// A set of squares, one bit per square (bits 0..25).
pub type Mask = u32;

/// Number of squares.
pub const SQUARES: usize = 25;

/// Every square.
pub const FULL: Mask = (1 << SQUARES) - 1;

/// Column `a`.
const COLUMN_A: Mask = 0x0010_8421;

/// Column `e`.
const COLUMN_E: Mask = COLUMN_A << 4;

/// Row `1`, the top row.
const ROW_1: Mask = 0x1F;

/// Row `5`, the bottom row.
const ROW_5: Mask = ROW_1 << 20;

/// The squares on the edge of the board.
pub const EDGE: Mask = COLUMN_A | COLUMN_E | ROW_1 | ROW_5;

/// The name of square `square` (0..25), e.g. `c2`.
pub fn square_name(square: usize) -> String {
    format!(
        "{}{}",
        char::from(b'a' + (square % 5) as u8),
        square / 5 + 1
    )
}

/// The square named `column letter a–e, row digit 1–5` (case-insensitive), e.g. `C2`.
pub fn parse_square(text: &str) -> Option<usize> {
    let mut chars = text.chars();
    let (Some(c), Some(r), None) = (chars.next(), chars.next(), chars.next()) else {
        return None;
    };
    let column = "abcde".find(c.to_ascii_lowercase())?;
    let row = "12345".find(r)?;
    Some(row * 5 + column)
}

/// One of the four orthogonal directions a line moves in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    /// Towards row `1` (the top), letter `u`.
    Up = 0,
    /// Towards row `5` (the bottom), letter `d`.
    Down = 1,
    /// Towards column `a`, letter `l`.
    Left = 2,
    /// Towards column `e`, letter `r`.
    Right = 3,
}

impl Direction {
    /// All directions, in index order.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// The direction with index `i` (0..4).
    pub const fn from_index(i: usize) -> Direction {
        Direction::ALL[i & 3]
    }

    /// Its index (0..4).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The opposite direction.
    pub const fn opposite(self) -> Direction {
        Direction::ALL[self as usize ^ 1]
    }

    /// Its letter in move notation, lower case.
    pub const fn letter(self) -> char {
        ['u', 'd', 'l', 'r'][self as usize]
    }

    /// The direction for a letter `u`, `d`, `l`, `r` (case-insensitive).
    pub fn from_letter(c: char) -> Option<Direction> {
        match c.to_ascii_lowercase() {
            'u' => Some(Direction::Up),
            'd' => Some(Direction::Down),
            'l' => Some(Direction::Left),
            'r' => Some(Direction::Right),
            _ => None,
        }
    }

    /// Its name in English.
    pub const fn name(self) -> &'static str {
        ["up", "down", "left", "right"][self as usize]
    }

    /// Every square of `squares` moved one step this way; squares that would leave the board
    /// are dropped.
    #[inline]
    pub const fn shift(self, squares: Mask) -> Mask {
        match self {
            Direction::Up => squares >> 5,
            Direction::Down => (squares << 5) & FULL,
            Direction::Left => (squares >> 1) & !COLUMN_E,
            Direction::Right => (squares << 1) & FULL & !COLUMN_A,
        }
    }

    /// `(left, right, keep)` such that `((m << left) >> right) & keep` is
    /// [`Direction::shift`]`(m)`: the same step without a branch on the direction.
    #[inline]
    pub const fn shift_parts(self) -> (u32, u32, Mask) {
        const PARTS: [(u32, u32, Mask); 4] = [
            (0, 5, FULL),
            (5, 0, FULL),
            (0, 1, FULL & !COLUMN_E),
            (1, 0, FULL & !COLUMN_A),
        ];
        PARTS[self as usize]
    }

    /// The squares whose next square this way is off the board (the rim the direction
    /// faces).
    #[inline]
    pub const fn rim(self) -> Mask {
        match self {
            Direction::Up => ROW_1,
            Direction::Down => ROW_5,
            Direction::Left => COLUMN_A,
            Direction::Right => COLUMN_E,
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A move: the tail disc's square and the direction the line moves in. Written `c2d`.
///
/// Any square and direction make a well-formed move; whether it is legal depends on the
/// position (see [`Nudge::check_move`](tabuleiro_core::Game::check_move)).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct NudgeMove {
    tail: u8,
    direction: Direction,
}

impl NudgeMove {
    /// The move of the line whose tail is on `tail` (0..25) towards `direction`.
    ///
    /// # Panics
    /// When `tail` is not a square (25 or more).
    pub fn new(tail: usize, direction: Direction) -> Self {
        assert!(tail < SQUARES, "no square {tail} on a 5x5 board");
        NudgeMove {
            tail: tail as u8,
            direction,
        }
    }

    /// The tail disc's square (0..25).
    pub const fn tail(self) -> usize {
        self.tail as usize
    }

    /// The direction the line moves in.
    pub const fn direction(self) -> Direction {
        self.direction
    }

    /// A number below 100 that tells moves apart: `tail * 4 + direction`.
    pub(super) const fn code(self) -> u8 {
        self.tail * 4 + self.direction as u8
    }
}

impl fmt::Display for NudgeMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", square_name(self.tail()), self.direction.letter())
    }
}
