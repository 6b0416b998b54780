//! Positions from a text diagram or from disc masks, for tests and analysis, and why one
//! cannot be read.

use std::fmt;

use tabuleiro_core::Player;

use super::board::{FULL, Mask, square_name};
use super::state::{DISCS, Nudge, colour_name};

impl Nudge {
    /// A position from a board diagram, at the start of `to_move`'s turn, with no turns played
    /// and no turn limit: for tests and analysis.
    ///
    /// The diagram has five rows, top (row `1`) first, separated by new lines or `/`; each row
    /// has five squares, left (column `a`) first: `W` (or `○`) a white disc, `B` (or `●`) a
    /// black disc, `.` an empty square. Spaces are ignored, and so are blank lines. Each
    /// player has one to three discs: every unfinished game has three a side (the first disc
    /// pushed off ends it), but fewer make positions that the rules still cover, such as a
    /// player left without a legal move, which three discs a side never are.
    ///
    /// ```
    /// use tabuleiro_core::Game;
    /// use tabuleiro_games::nudge::{BLACK, Nudge};
    ///
    /// let state = Nudge::from_diagram("...../.WWW./...../.BBB./.....", BLACK).unwrap();
    /// assert_eq!(state.to_move(), Some(BLACK));
    /// ```
    ///
    /// # Errors
    /// [`DiagramError`] saying what is wrong with the diagram.
    pub fn from_diagram(diagram: &str, to_move: Player) -> Result<Self, DiagramError> {
        if to_move.0 > 1 {
            return Err(DiagramError::NoSuchPlayer(to_move));
        }
        let rows: Vec<&str> = diagram
            .split(['\n', '/'])
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .collect();
        if rows.len() != 5 {
            return Err(DiagramError::Rows(rows.len()));
        }
        let mut discs: [Mask; 2] = [0; 2];
        for (r, text) in rows.iter().enumerate() {
            let squares: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
            if squares.len() != 5 {
                return Err(DiagramError::RowLength {
                    row: r + 1,
                    squares: squares.len(),
                });
            }
            for (c, &symbol) in squares.iter().enumerate() {
                let bit = 1 << (r * 5 + c);
                match symbol {
                    'W' | 'w' | '○' => discs[0] |= bit,
                    'B' | 'b' | '●' => discs[1] |= bit,
                    '.' => {}
                    _ => return Err(DiagramError::Symbol { row: r + 1, symbol }),
                }
            }
        }
        Nudge::from_discs(discs, to_move)
    }

    /// A position from the squares of each colour's discs (`[white, black]`, bit `i` is square
    /// `i`), at the start of `to_move`'s turn, with no turns played and no turn limit: for
    /// tests and analysis, like [`Nudge::from_diagram`].
    ///
    /// # Errors
    /// [`DiagramError`] when a player does not have one to three discs on the board, a square
    /// holds discs of both colours, or `to_move` is not a seat.
    pub fn from_discs(discs: [Mask; 2], to_move: Player) -> Result<Self, DiagramError> {
        if to_move.0 > 1 {
            return Err(DiagramError::NoSuchPlayer(to_move));
        }
        let overlap = discs[0] & discs[1];
        if overlap != 0 {
            return Err(DiagramError::Overlap(overlap.trailing_zeros() as usize));
        }
        for (colour, &mask) in discs.iter().enumerate() {
            if !(1..=DISCS).contains(&mask.count_ones()) || mask & !FULL != 0 {
                return Err(DiagramError::Discs {
                    player: Player(colour as u8),
                    count: mask.count_ones(),
                });
            }
        }
        Ok(Nudge::at_turn_start(discs, to_move, None))
    }
}

/// Why a board diagram cannot be read (see [`Nudge::from_diagram`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DiagramError {
    /// The diagram does not have five rows.
    Rows(usize),
    /// A row does not have five squares.
    RowLength {
        /// The row, from 1.
        row: usize,
        /// How many squares it has.
        squares: usize,
    },
    /// A square is not `W`, `B` or `.`.
    Symbol {
        /// The row, from 1.
        row: usize,
        /// The symbol found.
        symbol: char,
    },
    /// A player does not have one to three discs (on the board).
    Discs {
        /// Whose discs.
        player: Player,
        /// How many there are.
        count: u32,
    },
    /// The player to move is not White (`Player(0)`) or Black (`Player(1)`).
    NoSuchPlayer(Player),
    /// A square (0..25) holds discs of both colours.
    Overlap(usize),
}

impl fmt::Display for DiagramError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DiagramError::Rows(n) => write!(f, "a Nudge diagram has 5 rows, not {n}"),
            DiagramError::RowLength { row, squares } => {
                write!(f, "row {row} has {squares} squares, not 5")
            }
            DiagramError::Symbol { row, symbol } => write!(
                f,
                "row {row}: `{symbol}` is not a square (W white, B black, . empty)"
            ),
            DiagramError::Discs { player, count } => {
                write!(
                    f,
                    "{} has {count} discs, not 1 to {DISCS}",
                    colour_name(*player)
                )
            }
            DiagramError::NoSuchPlayer(p) => write!(f, "Nudge has no {p}"),
            DiagramError::Overlap(square) => {
                write!(f, "{} holds a white and a black disc", square_name(*square))
            }
        }
    }
}

impl std::error::Error for DiagramError {}
