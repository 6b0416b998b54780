//! Cells, orientations, directions and the move notation (`hc4`, `v a1`).

use std::fmt;

/// A cell: column (0 = `a`) and row (0 = `1`, the top row).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Column from the left, 0 = `a`.
    pub column: u8,
    /// Row from the top, 0 = `1`.
    pub row: u8,
}

impl Cell {
    /// The cell in `column` and `row` (both from 0).
    pub const fn new(column: u8, row: u8) -> Self {
        Cell { column, row }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.column), self.row + 1)
    }
}

/// Which way a piece pushes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Orientation {
    /// `h`: pushes left and right.
    Horizontal,
    /// `v`: pushes up and down.
    Vertical,
}

impl Orientation {
    /// The notation letter, `h` or `v`.
    pub fn letter(self) -> char {
        match self {
            Orientation::Horizontal => 'h',
            Orientation::Vertical => 'v',
        }
    }
}

/// A direction of a push.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards column `a`.
    Left,
    /// Away from column `a`.
    Right,
    /// Towards row 1.
    Up,
    /// Away from row 1.
    Down,
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Direction::Left => "left",
            Direction::Right => "right",
            Direction::Up => "up",
            Direction::Down => "down",
        })
    }
}

/// A move: place a piece of the player to move, in an orientation, on a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PusheeMove {
    /// The placed piece's orientation.
    pub orientation: Orientation,
    /// Where it is placed.
    pub cell: Cell,
}

impl fmt::Display for PusheeMove {
    /// The compact notation: orientation letter then cell, `hc4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.orientation.letter(), self.cell)
    }
}

/// What a move looks like, for error messages.
const SHAPE: &str = "a move is an orientation h or v and a cell, e.g. hc4 or v a1";

/// Reads a cell `a1`..`z99` (any size, so that off-board cells are illegal moves, not bad
/// syntax).
pub fn parse_cell(text: &str) -> Result<Cell, String> {
    let text = text.trim().to_ascii_lowercase();
    let mut chars = text.chars();
    let column = match chars.next() {
        Some(c @ 'a'..='z') => c as u8 - b'a',
        _ => {
            return Err(format!(
                "a cell is a column letter and a row number: {SHAPE}"
            ));
        }
    };
    let digits = chars.as_str();
    if digits.is_empty()
        || digits.len() > 2
        || digits.starts_with('0')
        || !digits.bytes().all(|b| b.is_ascii_digit())
    {
        return Err(format!(
            "a cell is a column letter and a row number 1-99: {SHAPE}"
        ));
    }
    let row: u8 = digits.parse().map_err(|_| SHAPE.to_owned())?;
    Ok(Cell::new(column, row - 1))
}

/// Reads a move `hc4`, `h c4`, `V A1` (case-insensitive, spaces allowed after the letter).
pub fn parse_move(text: &str) -> Result<PusheeMove, String> {
    let text = text.trim();
    let mut chars = text.chars();
    let orientation = match chars.next().map(|c| c.to_ascii_lowercase()) {
        Some('h') => Orientation::Horizontal,
        Some('v') => Orientation::Vertical,
        None => return Err(format!("empty move: {SHAPE}")),
        Some(_) => return Err(format!("orientation must be h or v: {SHAPE}")),
    };
    let cell = parse_cell(chars.as_str())?;
    Ok(PusheeMove { orientation, cell })
}
