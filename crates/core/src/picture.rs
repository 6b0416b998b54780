//! A position as a picture, as data: what a front end draws, and how a move is made by
//! pointing. Each game builds its own [`Picture`] ([`Game::picture`]) and says which cells and
//! choices each move uses ([`Game::gesture`]); front ends draw from these alone, with no
//! per-game code, and never read the text rendering back.
//!
//! The vocabulary is generic: a piece is a [`Shape`] in an [`Ink`], maybe turned
//! ([`Facing`]) and labelled. Front ends give every shape and ink one look for all games, and
//! show shapes, outlines or letters besides colour, so that colour is never the only signal.
//!
//! [`Game::picture`]: crate::Game::picture
//! [`Game::gesture`]: crate::Game::gesture

use serde::{Deserialize, Serialize};

/// A cell of the board in the game's own coordinates: `x` grows to the right (columns), `y`
/// downwards on screen (rows as drawn from the top). Both may be negative on an open grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Cell {
    /// Column.
    pub x: i32,
    /// Row, top to bottom.
    pub y: i32,
}

impl Cell {
    /// The cell at column `x` and row `y`.
    pub const fn new(x: i32, y: i32) -> Self {
        Cell { x, y }
    }
}

/// One axis of the board: the coordinate of its first cell and a label for each cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Axis {
    /// The coordinate of the first (leftmost or topmost) cell.
    pub first: i32,
    /// The label printed beside each cell along the axis (`a`, `b` … or `1`, `2` … or `-3`).
    pub labels: Vec<String>,
}

impl Axis {
    /// An axis of `count` cells from 0, labelled `a`, `b`, `c` …
    pub fn letters(count: usize) -> Self {
        Axis {
            first: 0,
            labels: (0..count)
                .map(|i| {
                    u8::try_from(i)
                        .ok()
                        .filter(|i| *i < 26)
                        .map_or_else(|| i.to_string(), |i| char::from(b'a' + i).to_string())
                })
                .collect(),
        }
    }

    /// An axis of `count` cells from 0, labelled `1`, `2`, `3` …
    pub fn numbers(count: usize) -> Self {
        Axis {
            first: 0,
            labels: (1..=count).map(|i| i.to_string()).collect(),
        }
    }

    /// An axis of the cells `low..=high`, each labelled with its coordinate (an open grid).
    pub fn coordinates(low: i32, high: i32) -> Self {
        Axis {
            first: low,
            labels: (low..=high).map(|i| i.to_string()).collect(),
        }
    }

    /// Number of cells along the axis.
    pub fn len(&self) -> usize {
        self.labels.len()
    }

    /// Whether the axis has no cell.
    pub fn is_empty(&self) -> bool {
        self.labels.is_empty()
    }

    /// Whether coordinate `i` is on the axis.
    pub fn contains(&self, i: i32) -> bool {
        i >= self.first && i64::from(i) < i64::from(self.first) + self.labels.len() as i64
    }

    /// The coordinates along the axis, in order.
    pub fn coordinates_iter(&self) -> impl Iterator<Item = i32> + '_ {
        (0..self.labels.len()).map(|i| self.first + i as i32)
    }
}

/// The board's cells: a rectangle of columns and rows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Board {
    /// Columns, left to right.
    pub columns: Axis,
    /// Rows, top to bottom.
    pub rows: Axis,
    /// Whether the grid goes on beyond these cells (Q!nto): the rectangle shown is the part
    /// in use, with room around it for any move.
    pub open: bool,
}

impl Board {
    /// Whether `cell` is on the board as drawn.
    pub fn contains(&self, cell: Cell) -> bool {
        self.columns.contains(cell.x) && self.rows.contains(cell.y)
    }

    /// Every cell, row by row from the top left.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.rows
            .coordinates_iter()
            .flat_map(|y| self.columns.coordinates_iter().map(move |x| Cell { x, y }))
    }
}

/// The outline of a piece. Front ends draw each shape one way for every game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Shape {
    /// A round disc filling the cell (Nudge).
    Disc,
    /// A square (Quantik's cube).
    Square,
    /// A circle (Quantik's sphere).
    Circle,
    /// An upright triangle (Quantik's cone).
    Triangle,
    /// A narrow upright bar (Quantik's cylinder).
    Bar,
    /// A square filling the cell: one half of a domino-like tile (Taiji).
    Half,
    /// A block that pushes along its [`Facing`] (Pushee).
    Pusher,
    /// A spade.
    Spade,
    /// An exclamation mark.
    Exclamation,
    /// A diamond.
    Diamond,
    /// A heart.
    Heart,
    /// A club.
    Club,
    /// Any shape (a wild): a star.
    AnyShape,
}

/// What a piece is coloured with: a seat's colour, a light or dark side, or one of the
/// colours of a set of tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Ink {
    /// The colour of this seat (from 0): first seat filled, second outlined, …
    Seat(usize),
    /// The light side (white discs, light halves).
    Light,
    /// The dark side (black discs, dark halves).
    Dark,
    /// Red.
    Red,
    /// Green.
    Green,
    /// Blue.
    Blue,
    /// Yellow.
    Yellow,
    /// Black.
    Black,
    /// Any colour (a wild): every colour at once.
    AnyColour,
}

/// Which way a piece points (Pushee: the way it pushes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Facing {
    /// Along the row.
    Horizontal,
    /// Along the column.
    Vertical,
}

/// One piece as drawn.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    /// Its outline.
    pub shape: Shape,
    /// Its colour.
    pub ink: Ink,
    /// Which way it points, for pieces that point (left out of JSON when none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub facing: Option<Facing>,
    /// A short text written on or beside it, readable without colour (`C`, `RH`, `A`).
    pub label: String,
}

impl Piece {
    /// A piece of `shape` in `ink` labelled `label`, pointing nowhere.
    pub fn new(shape: Shape, ink: Ink, label: impl Into<String>) -> Self {
        Piece {
            shape,
            ink,
            facing: None,
            label: label.into(),
        }
    }

    /// The piece turned to `facing`.
    #[must_use]
    pub fn facing(mut self, facing: Facing) -> Self {
        self.facing = Some(facing);
        self
    }
}

/// A piece on a cell.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Placed {
    /// Where.
    pub cell: Cell,
    /// What.
    pub piece: Piece,
}

/// A number shown on a cell (Pushee's cell values).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellValue {
    /// Where.
    pub cell: Cell,
    /// The number.
    pub value: i64,
}

/// A kind of piece a seat holds off the board, with how many.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Item {
    /// What it looks like.
    pub piece: Piece,
    /// How many the seat holds.
    pub count: usize,
    /// The token that names it in a [`Gesture`] (a choice or a placed piece), so that
    /// pointing at it in a hand or reserve chooses it.
    pub token: String,
}

/// What a seat holds off the board, as the viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reserve {
    /// The seat, from 0.
    pub seat: usize,
    /// The pieces the viewer may see.
    pub items: Vec<Item>,
    /// How many more pieces the seat holds face down (hidden from the viewer).
    pub hidden: usize,
    /// A line about the seat's holdings that the items do not show ("12 tiles in the pile").
    pub note: String,
}

/// One line of the legend: a piece and what it means.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Key {
    /// The piece as drawn.
    pub piece: Piece,
    /// What it is ("cube of player 1").
    pub meaning: String,
}

/// A position as one viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Picture {
    /// The cells.
    pub board: Board,
    /// Every piece on the board.
    pub pieces: Vec<Placed>,
    /// Pairs of cells whose pieces are one tile (Taiji's two halves).
    pub links: Vec<[Cell; 2]>,
    /// Groups of cells outlined together (Quantik's regions).
    pub regions: Vec<Vec<Cell>>,
    /// A number on each cell that has one (Pushee's values).
    pub values: Vec<CellValue>,
    /// What each seat holds off the board, as far as the viewer may see it.
    pub reserves: Vec<Reserve>,
    /// The cells the last turn used or changed (both of a Nudge turn's moves, every push).
    pub last: Vec<Cell>,
    /// At the end, the cells that decided the game (the completed line, the counted groups).
    pub deciding: Vec<Cell>,
    /// What the pieces mean (left out of JSON when empty: the web server sends a game's
    /// legend once, in its welcome).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub legend: Vec<Key>,
    /// Lines about the position that the board does not show (scoring rule, turn count).
    pub notes: Vec<String>,
}

impl Picture {
    /// An empty picture of `board`: no pieces, marks or notes.
    pub fn new(board: Board) -> Self {
        Picture {
            board,
            pieces: Vec::new(),
            links: Vec::new(),
            regions: Vec::new(),
            values: Vec::new(),
            reserves: Vec::new(),
            last: Vec::new(),
            deciding: Vec::new(),
            legend: Vec::new(),
            notes: Vec::new(),
        }
    }

    /// The pieces on `cell` (most cells hold at most one).
    pub fn pieces_at(&self, cell: Cell) -> impl Iterator<Item = &Piece> + '_ {
        self.pieces
            .iter()
            .filter(move |p| p.cell == cell)
            .map(|p| &p.piece)
    }

    /// The value on `cell`, if it has one.
    pub fn value_at(&self, cell: Cell) -> Option<i64> {
        self.values.iter().find(|v| v.cell == cell).map(|v| v.value)
    }

    /// The region `cell` is in, by index into [`Picture::regions`].
    pub fn region_of(&self, cell: Cell) -> Option<usize> {
        self.regions.iter().position(|r| r.contains(&cell))
    }

    /// The cell linked to `cell` (the other half of its tile), if any.
    pub fn linked(&self, cell: Cell) -> Option<Cell> {
        self.links.iter().find_map(|&[a, b]| {
            if a == cell {
                Some(b)
            } else if b == cell {
                Some(a)
            } else {
                None
            }
        })
    }
}

/// A piece taken from the mover's hand or reserve (by its [`Item::token`]) and where it goes
/// (none: it leaves the hand without going on the board, as a traded tile).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Placement {
    /// The token of the piece, as its [`Item`] names it.
    pub token: String,
    /// The cell it goes to.
    pub cell: Option<Cell>,
}

/// A choice a move needs beyond cells: a piece, a direction, an orientation, or a word.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Choice {
    /// What names it among the moves (an [`Item::token`] when it is a piece of the reserve).
    pub token: String,
    /// The words on its button ("cube", "horizontal", "pass").
    pub label: String,
    /// The piece it puts down, drawn on its button, if it is one.
    pub piece: Option<Piece>,
}

/// How a player makes a move by pointing: the cells in the order pointed at, the pieces taken
/// from the hand with where each goes, and the one choice left, if any. Front ends find the
/// move whose gesture equals what was pointed at ([`Gesture::fits`], [`Gesture::same`]).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Gesture {
    /// Cells in the order a player points at them (a disc, then where it goes; a tile's
    /// light half, then its dark half).
    pub cells: Vec<Cell>,
    /// Pieces from the hand, each with its cell (in any order).
    pub pieces: Vec<Placement>,
    /// The choice beyond cells and pieces.
    pub choice: Option<Choice>,
}

impl Gesture {
    /// A gesture of `cells` and nothing else.
    pub fn cells(cells: Vec<Cell>) -> Self {
        Gesture {
            cells,
            pieces: Vec::new(),
            choice: None,
        }
    }

    /// The gesture with `choice` added.
    #[must_use]
    pub fn with_choice(mut self, choice: Choice) -> Self {
        self.choice = Some(choice);
        self
    }

    /// Every cell the gesture points at: its cells, then the cells of its pieces.
    pub fn all_cells(&self) -> Vec<Cell> {
        let mut all = self.cells.clone();
        all.extend(self.pieces.iter().filter_map(|p| p.cell));
        all
    }

    /// Whether `self`, a gesture being made, can still grow into `full`: its cells start
    /// `full`'s, its choice (if made) is `full`'s, and each of its pieces is one of `full`'s
    /// (same token, and the same cell if it has been put on one).
    pub fn fits(&self, full: &Gesture) -> bool {
        if !full.cells.starts_with(&self.cells) {
            return false;
        }
        if let Some(choice) = &self.choice
            && full.choice.as_ref().is_none_or(|c| c.token != choice.token)
        {
            return false;
        }
        let mut unused: Vec<&Placement> = full.pieces.iter().collect();
        // Pieces on a cell first, so that a piece still in hand never takes the place that
        // a placed one needs.
        let mut mine: Vec<&Placement> = self.pieces.iter().collect();
        mine.sort_by_key(|p| p.cell.is_none());
        for piece in mine {
            let found = unused.iter().position(|u| {
                u.token == piece.token && (piece.cell.is_none() || u.cell == piece.cell)
            });
            match found {
                Some(i) => {
                    unused.swap_remove(i);
                }
                None => return false,
            }
        }
        true
    }

    /// Whether `self` is exactly `other`: the same cells in order, the same pieces on the
    /// same cells (in any order) and the same choice.
    pub fn same(&self, other: &Gesture) -> bool {
        let mut a = self.pieces.clone();
        let mut b = other.pieces.clone();
        a.sort();
        b.sort();
        self.cells == other.cells
            && a == b
            && self.choice.as_ref().map(|c| &c.token) == other.choice.as_ref().map(|c| &c.token)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placement(token: &str, cell: Option<(i32, i32)>) -> Placement {
        Placement {
            token: token.to_owned(),
            cell: cell.map(|(x, y)| Cell::new(x, y)),
        }
    }

    #[test]
    fn a_gesture_fits_the_moves_it_can_grow_into() {
        let full = Gesture {
            cells: vec![],
            pieces: vec![placement("RH", Some((0, 0))), placement("RS", Some((1, 0)))],
            choice: None,
        };
        let held = Gesture {
            cells: vec![],
            pieces: vec![placement("RS", None)],
            choice: None,
        };
        assert!(held.fits(&full));
        let wrong_cell = Gesture {
            pieces: vec![placement("RS", Some((0, 0)))],
            ..held.clone()
        };
        assert!(!wrong_cell.fits(&full));
        let twice = Gesture {
            pieces: vec![placement("RS", None), placement("RS", None)],
            ..held.clone()
        };
        assert!(!twice.fits(&full), "one RS cannot stand for two");
        assert!(!held.same(&full));
        let mut reversed = full.clone();
        reversed.pieces.reverse();
        assert!(reversed.same(&full), "pieces in any order");
    }

    #[test]
    fn cells_are_pointed_at_in_order() {
        let full = Gesture::cells(vec![Cell::new(2, 1), Cell::new(2, 2)]);
        assert!(Gesture::cells(vec![Cell::new(2, 1)]).fits(&full));
        assert!(!Gesture::cells(vec![Cell::new(2, 2)]).fits(&full));
        let chosen = Gesture::cells(vec![]).with_choice(Choice {
            token: "C".into(),
            label: "cube".into(),
            piece: None,
        });
        assert!(!chosen.fits(&full), "a choice the move does not make");
    }

    #[test]
    fn axes_hold_their_coordinates() {
        let axis = Axis::coordinates(-2, 1);
        assert_eq!(axis.labels, ["-2", "-1", "0", "1"]);
        assert!(axis.contains(-2) && axis.contains(1) && !axis.contains(2));
        assert_eq!(Axis::letters(3).labels, ["a", "b", "c"]);
        let board = Board {
            columns: Axis::letters(2),
            rows: Axis::numbers(2),
            open: false,
        };
        assert_eq!(board.cells().count(), 4);
        assert!(!board.contains(Cell::new(2, 0)));
    }
}
