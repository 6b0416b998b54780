//! The board as a picture: light and dark halves joined into tiles, both scores with the
//! groups that make them, and at the end the groups that were counted.

use tabuleiro_core::picture::Shape;
use tabuleiro_core::{Axis, Board, Cell as PictureCell, Gesture, Ink, Key, Picture, Piece, Placed};

use super::geometry::Cell;
use super::state::Taiji;
use super::tile::{Colour, TaijiMove};

/// The picture's cell of a board cell.
fn cell(c: Cell) -> PictureCell {
    PictureCell::new(i32::from(c.column), i32::from(c.row))
}

/// A half of `colour`: light (`O`) or dark (`#`), as the text board writes them.
fn half(colour: Colour) -> Piece {
    let ink = match colour {
        Colour::Light => Ink::Light,
        Colour::Dark => Ink::Dark,
    };
    Piece::new(Shape::Half, ink, colour.symbol().to_string())
}

/// The picture of `t` (Taiji hides nothing).
pub fn picture(t: &Taiji) -> Picture {
    let n = t.size();
    let mut picture = Picture::new(Board {
        columns: Axis::letters(n),
        rows: Axis::numbers(n),
        open: false,
    });
    for row in 0..n {
        for column in 0..n {
            let c = Cell::new(column as u8, row as u8);
            if let Some(colour) = t.at(c) {
                picture.pieces.push(Placed {
                    cell: cell(c),
                    piece: half(colour),
                });
            }
        }
    }
    picture.links = t
        .tiles()
        .into_iter()
        .map(|(a, b)| [cell(a), cell(b)])
        .collect();
    if t.is_over() {
        for colour in [Colour::Light, Colour::Dark] {
            picture
                .deciding
                .extend(t.counted_cells(colour).into_iter().map(cell));
        }
    }
    picture.legend = [Colour::Light, Colour::Dark]
        .into_iter()
        .map(|colour| Key {
            piece: half(colour),
            meaning: format!("{colour} half (Player {})", colour.index() + 1),
        })
        .collect();
    let rule = super::render::rule(t);
    picture.notes.push(format!(
        "{}, {} ({rule})",
        t.score_text(Colour::Light),
        t.score_text(Colour::Dark)
    ));
    picture
}

/// A tile's two halves where it goes, to show before it is played.
pub fn preview(mv: TaijiMove) -> Vec<Placed> {
    vec![
        Placed {
            cell: cell(mv.light),
            piece: half(Colour::Light),
        },
        Placed {
            cell: cell(mv.dark),
            piece: half(Colour::Dark),
        },
    ]
}

/// A tile: its light half's cell, then its dark half's.
pub fn gesture(mv: TaijiMove) -> Gesture {
    Gesture::cells(vec![cell(mv.light), cell(mv.dark)])
}
