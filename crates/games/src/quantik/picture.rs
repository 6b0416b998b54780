//! The board as a picture: four shapes in each seat's colour, the four regions outlined, the
//! pieces each player has left, and at the end the row, column or region that won.

use tabuleiro_core::picture::Shape as Outline;
use tabuleiro_core::{
    Axis, Board, Cell, Choice, Gesture, Ink, Item, Key, Picture, Piece, Placed, Player, Reserve,
};

use super::geometry::{Mask, region};
use super::pieces::{QuantikMove, Shape};
use super::state::{Ending, Quantik};

/// The cell of board index `i` (`row * 4 + column`).
fn cell(i: usize) -> Cell {
    Cell::new((i % 4) as i32, (i / 4) as i32)
}

/// The cells of a mask.
fn cells(mask: Mask) -> Vec<Cell> {
    (0..16).filter(|i| mask & (1 << i) != 0).map(cell).collect()
}

/// How `shape` of `owner` is drawn: its outline in the seat's colour, its letter (upper case
/// for the first player, lower case for the second).
pub fn piece(owner: Player, shape: Shape) -> Piece {
    let outline = match shape {
        Shape::Cube => Outline::Square,
        Shape::Cylinder => Outline::Bar,
        Shape::Cone => Outline::Triangle,
        Shape::Sphere => Outline::Circle,
    };
    let letter = if owner.0 == 0 {
        shape.letter()
    } else {
        shape.letter().to_ascii_lowercase()
    };
    Piece::new(outline, Ink::Seat(owner.index()), letter.to_string())
}

/// The picture of `q` (Quantik hides nothing).
pub fn picture(q: &Quantik) -> Picture {
    let mut picture = Picture::new(Board {
        columns: Axis::letters(4),
        rows: Axis::numbers(4),
        open: false,
    });
    for i in 0..16 {
        if let Some((owner, shape)) = q.piece_at(i) {
            picture.pieces.push(Placed {
                cell: cell(i),
                piece: piece(owner, shape),
            });
        }
    }
    picture.regions = (0..4).map(|r| cells(region(r))).collect();
    for seat in 0..2u8 {
        let owner = Player(seat);
        picture.reserves.push(Reserve {
            seat: owner.index(),
            items: Shape::ALL
                .iter()
                .map(|&shape| Item {
                    piece: piece(owner, shape),
                    count: usize::from(q.pieces_left(owner, shape)),
                    token: shape.letter().to_string(),
                })
                .collect(),
            hidden: 0,
            note: String::new(),
        });
    }
    if let Some((_, Ending::FourShapes(unit))) = q.ending() {
        picture.deciding = cells(unit);
    }
    picture.legend = legend();
    picture
}

/// Every seat's four shapes, each drawn as on the board (its ink says whose it is: the first
/// seat's filled, the second's outlined) and named with its letter: `cube (C)` for the first
/// seat's, `cube (c)` for the second's.
fn legend() -> Vec<Key> {
    [Player(0), Player(1)]
        .into_iter()
        .flat_map(|owner| {
            Shape::ALL.iter().map(move |&shape| {
                let piece = piece(owner, shape);
                Key {
                    meaning: format!("{shape} ({})", piece.label),
                    piece,
                }
            })
        })
        .collect()
}

/// A placement: the cell, and the shape as the choice.
pub fn gesture(q: &Quantik, mv: QuantikMove) -> Gesture {
    let owner = Player(q.to_move);
    Gesture::cells(vec![cell(usize::from(mv.cell))]).with_choice(Choice {
        token: mv.shape.letter().to_string(),
        label: mv.shape.name().to_owned(),
        piece: Some(piece(owner, mv.shape)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_legend_names_both_seats_pieces_as_the_board_draws_them() {
        let legend = legend();
        assert_eq!(legend.len(), 8);
        for (seat, keys) in legend.chunks(4).enumerate() {
            for (key, &shape) in keys.iter().zip(&Shape::ALL) {
                assert_eq!(key.piece, piece(Player(seat as u8), shape));
                assert!(
                    key.meaning.starts_with(&shape.to_string()),
                    "{}",
                    key.meaning
                );
            }
        }
        assert_eq!(legend[0].meaning, "cube (C)");
        assert_eq!(legend[4].meaning, "cube (c)");
        assert_eq!(legend[4].piece.ink, Ink::Seat(1));
    }
}
