//! Shapes and moves.

use std::fmt;

/// One of the four shapes; each player has two of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Shape {
    /// Cube, letter `C`.
    Cube = 0,
    /// Cylinder, letter `Y`.
    Cylinder = 1,
    /// Cone, letter `O`.
    Cone = 2,
    /// Sphere, letter `S`.
    Sphere = 3,
}

impl Shape {
    /// All shapes, in index order.
    pub const ALL: [Shape; 4] = [Shape::Cube, Shape::Cylinder, Shape::Cone, Shape::Sphere];

    /// The shape with index `i` (0..4).
    pub const fn from_index(i: usize) -> Shape {
        Shape::ALL[i & 3]
    }

    /// Its index (0..4).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Its letter, upper case.
    pub const fn letter(self) -> char {
        ['C', 'Y', 'O', 'S'][self as usize]
    }

    /// Its name in English.
    pub const fn name(self) -> &'static str {
        ["cube", "cylinder", "cone", "sphere"][self as usize]
    }

    /// The shape for a letter (case-insensitive).
    pub fn from_letter(c: char) -> Option<Shape> {
        match c.to_ascii_uppercase() {
            'C' => Some(Shape::Cube),
            'Y' => Some(Shape::Cylinder),
            'O' => Some(Shape::Cone),
            'S' => Some(Shape::Sphere),
            _ => None,
        }
    }
}

impl fmt::Display for Shape {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A placement: a shape onto a cell (0..16). Written `Ca1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct QuantikMove {
    /// The shape placed.
    pub shape: Shape,
    /// The cell, `row * 4 + column`.
    pub cell: u8,
}

impl fmt::Display for QuantikMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            self.shape.letter(),
            super::geometry::cell_name(self.cell as usize)
        )
    }
}
