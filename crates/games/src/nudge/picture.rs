//! The board as a picture: white and black discs, the turn count, and at the end the square
//! whose disc was pushed off.

use tabuleiro_core::picture::Shape;
use tabuleiro_core::{Axis, Board, Cell, Gesture, Ink, Key, Picture, Piece, Placed, Player};

use super::board::{Direction, NudgeMove};
use super::state::{Ending, Nudge};

/// The cell of square `i` (`row * 5 + column`).
fn cell(i: usize) -> Cell {
    Cell::new((i % 5) as i32, (i / 5) as i32)
}

/// A disc of `colour`: white (`W`) for player 1, black (`B`) for player 2.
fn disc(colour: Player) -> Piece {
    if colour.0 == 0 {
        Piece::new(Shape::Disc, Ink::Light, "W")
    } else {
        Piece::new(Shape::Disc, Ink::Dark, "B")
    }
}

/// The picture of `state` (Nudge hides nothing).
pub fn picture(state: &Nudge) -> Picture {
    let mut picture = Picture::new(Board {
        columns: Axis::letters(5),
        rows: Axis::numbers(5),
        open: false,
    });
    for square in 0..25 {
        if let Some(colour) = state.disc_at(square) {
            picture.pieces.push(Placed {
                cell: cell(square),
                piece: disc(colour),
            });
        }
    }
    if let Some(Ending::PushedOff { from, .. }) = state.ending() {
        picture.deciding.push(cell(usize::from(from)));
    }
    picture.legend = vec![
        Key {
            piece: disc(Player(0)),
            meaning: "White (Player 1)".to_owned(),
        },
        Key {
            piece: disc(Player(1)),
            meaning: "Black (Player 2)".to_owned(),
        },
    ];
    let limit = state
        .max_turns()
        .map_or_else(String::new, |m| format!(" of {m}"));
    picture.notes.push(format!(
        "Turn {}{limit}; a turn is two moves",
        state.turns_played() + u32::from(state.ending().is_none())
    ));
    picture
}

/// A move: the tail disc, then the square it moves to.
pub fn gesture(mv: NudgeMove) -> Gesture {
    let from = cell(mv.tail());
    let to = match mv.direction() {
        Direction::Up => Cell::new(from.x, from.y - 1),
        Direction::Down => Cell::new(from.x, from.y + 1),
        Direction::Left => Cell::new(from.x - 1, from.y),
        Direction::Right => Cell::new(from.x + 1, from.y),
    };
    Gesture::cells(vec![from, to])
}
