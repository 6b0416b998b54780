//! Moves: one tile, its light half on one cell and its dark half on the other; and their
//! notation.

use std::fmt;

use super::geometry::{Cell, read_cell};

/// The two colours of a tile's halves. Light belongs to the first player (seat 0), Dark to
/// the second (seat 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Colour {
    /// The first player's colour, drawn `O`.
    Light = 0,
    /// The second player's colour, drawn `#`.
    Dark = 1,
}

impl Colour {
    /// Its index: 0 for Light, 1 for Dark (also the seat that scores it).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The colour of seat `index` (0 or 1).
    pub const fn of_seat(index: usize) -> Colour {
        if index == 0 {
            Colour::Light
        } else {
            Colour::Dark
        }
    }

    /// The other colour.
    pub const fn other(self) -> Colour {
        match self {
            Colour::Light => Colour::Dark,
            Colour::Dark => Colour::Light,
        }
    }

    /// Its name, capitalised.
    pub const fn name(self) -> &'static str {
        match self {
            Colour::Light => "Light",
            Colour::Dark => "Dark",
        }
    }

    /// The character a cell of this colour is drawn with.
    pub const fn symbol(self) -> char {
        match self {
            Colour::Light => 'O',
            Colour::Dark => '#',
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A move: a tile whose light half goes on `light` and dark half on `dark`. Written with the
/// light cell first: `d4-d5`.
///
/// Any two cell names make a move value; [`Game::check_move`](tabuleiro_core::Game) decides
/// whether they are two adjacent empty cells of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TaijiMove {
    /// The cell that gets the light half.
    pub light: Cell,
    /// The cell that gets the dark half.
    pub dark: Cell,
}

impl TaijiMove {
    /// The cell that gets the half of `colour`.
    pub const fn cell(self, colour: Colour) -> Cell {
        match colour {
            Colour::Light => self.light,
            Colour::Dark => self.dark,
        }
    }
}

impl fmt::Display for TaijiMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}-{}", self.light, self.dark)
    }
}

/// Reads `light-dark` (a hyphen, spaces, or nothing between the cells; any case). On failure,
/// says what is wrong.
pub fn parse_tile(text: &str) -> Result<TaijiMove, &'static str> {
    let text = text.trim();
    if text.is_empty() {
        return Err("empty move; give the light cell then the dark cell, e.g. d4-d5");
    }
    let (light, rest) = read_cell(text)
        .ok_or("a move starts with a cell: a column letter and a row number, e.g. d4-d5")?;
    let rest = rest.trim_start();
    let rest = rest.strip_prefix('-').unwrap_or(rest).trim_start();
    if rest.is_empty() {
        return Err("a move names two cells, the light one then the dark one, e.g. d4-d5");
    }
    let (dark, rest) = read_cell(rest)
        .ok_or("the second cell must be a column letter and a row number, e.g. d4-d5")?;
    if !rest.is_empty() {
        return Err("unexpected text after the two cells; a move looks like d4-d5");
    }
    Ok(TaijiMove { light, dark })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separators_and_case() {
        let expected = TaijiMove {
            light: Cell::new(3, 3),
            dark: Cell::new(3, 4),
        };
        for text in ["d4-d5", "D4-D5", "d4 d5", "d4d5", " d4 - d5 ", "d4-  d5"] {
            assert_eq!(parse_tile(text), Ok(expected), "`{text}`");
        }
        assert_eq!(expected.to_string(), "d4-d5");
        let wide = parse_tile("k11k10").unwrap();
        assert_eq!(wide.to_string(), "k11-k10");
        for text in [
            "", "d4", "d4-", "d4--d5", "d4-d5-", "4d-5d", "d4,d5", "d4-d5 e1", "-",
        ] {
            assert!(parse_tile(text).is_err(), "`{text}`");
        }
    }
}
