//! The board as a picture: each cell's value, the pieces turned the way they push, the
//! pushes of the last move, and at the end the pieces whose cells scored for the winner.

use tabuleiro_core::picture::Shape;
use tabuleiro_core::{
    Axis, Board, Cell as PictureCell, CellValue, Choice, Facing, Gesture, Ink, Item, Key, Picture,
    Piece, Placed, Player, Reserve,
};

use super::notation::{Cell, Orientation, PusheeMove};
use super::state::{Piece as Pusher, Pushee};

/// The picture's cell of a board cell.
fn cell(c: Cell) -> PictureCell {
    PictureCell::new(i32::from(c.column), i32::from(c.row))
}

/// A piece of `owner` turned to `orientation`, labelled `A` (player 1) or `b` (player 2).
fn piece(owner: Player, orientation: Orientation) -> Piece {
    let facing = match orientation {
        Orientation::Horizontal => Facing::Horizontal,
        Orientation::Vertical => Facing::Vertical,
    };
    let label = if owner.0 == 0 { "A" } else { "b" };
    Piece::new(Shape::Pusher, Ink::Seat(owner.index()), label).facing(facing)
}

/// The token and name of an orientation, as moves choose it.
fn orientation_token(orientation: Orientation) -> (String, &'static str) {
    let name = match orientation {
        Orientation::Horizontal => "horizontal",
        Orientation::Vertical => "vertical",
    };
    (orientation.letter().to_string(), name)
}

/// The picture of `p` (Pushee hides nothing).
pub fn picture(p: &Pushee) -> Picture {
    let mut picture = Picture::new(Board {
        columns: Axis::letters(p.width()),
        rows: Axis::numbers(p.height()),
        open: false,
    });
    for row in 0..p.height() {
        for column in 0..p.width() {
            let c = Cell::new(column as u8, row as u8);
            picture.values.push(CellValue {
                cell: cell(c),
                value: i64::from(p.value(c)),
            });
            if let Some(Pusher { owner, orientation }) = p.at(c) {
                picture.pieces.push(Placed {
                    cell: cell(c),
                    piece: piece(owner, orientation),
                });
            }
        }
    }
    for seat in 0..2u8 {
        let owner = Player(seat);
        let left = p.pieces_left(owner);
        picture.reserves.push(Reserve {
            seat: owner.index(),
            items: [Orientation::Horizontal, Orientation::Vertical]
                .into_iter()
                .map(|orientation| Item {
                    piece: piece(owner, orientation),
                    count: left,
                    token: orientation_token(orientation).0,
                })
                .collect(),
            hidden: 0,
            note: format!("{left} pieces in hand, each placed either way round"),
        });
    }
    for step in p.last_pushes() {
        for c in std::iter::once(step.from).chain(step.to) {
            if !picture.last.contains(&cell(c)) {
                picture.last.push(cell(c));
            }
        }
    }
    if let Some(outcome) = p.result() {
        let winners: Vec<Player> = (0..2u8)
            .map(Player)
            .filter(|&seat| outcome.results[seat.index()] != tabuleiro_core::PlayerResult::Loss)
            .collect();
        picture.deciding = picture
            .pieces
            .iter()
            .filter(|placed| matches!(placed.piece.ink, Ink::Seat(s) if winners.iter().any(|w| w.index() == s)))
            .map(|placed| placed.cell)
            .collect();
    }
    picture.legend = legend();
    let [a, b] = p.both_scores();
    picture
        .notes
        .push(format!("Score: Player 1 (A) {a}, Player 2 (b) {b}"));
    let chains = p
        .chains()
        .map_or_else(|| "unlimited".to_owned(), |c| c.to_string());
    picture.notes.push(format!(
        "A piece pushes the way its bar points. Walls {}, chain tiers {chains}; each cell's \
         number is what a piece on it scores",
        if p.walls() { "on" } else { "off" }
    ));
    picture
}

/// Every seat's pieces both ways round, each drawn as on the board (its ink and letter say
/// whose it is): `horizontal piece`, `vertical piece`.
fn legend() -> Vec<Key> {
    [Player(0), Player(1)]
        .into_iter()
        .flat_map(|owner| {
            [Orientation::Horizontal, Orientation::Vertical]
                .into_iter()
                .map(move |orientation| Key {
                    piece: piece(owner, orientation),
                    meaning: format!("{} piece", orientation_token(orientation).1),
                })
        })
        .collect()
}

/// A placement: the cell, and the orientation as the choice.
pub fn gesture(p: &Pushee, mv: PusheeMove) -> Gesture {
    let (token, name) = orientation_token(mv.orientation);
    Gesture::cells(vec![cell(mv.cell)]).with_choice(Choice {
        token,
        label: name.to_owned(),
        piece: Some(piece(p.mover(), mv.orientation)),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_legend_names_both_seats_pieces_both_ways_round() {
        let legend = legend();
        let drawn: Vec<(Ink, Option<Facing>, &str)> = legend
            .iter()
            .map(|k| (k.piece.ink, k.piece.facing, k.meaning.as_str()))
            .collect();
        assert_eq!(
            drawn,
            [
                (Ink::Seat(0), Some(Facing::Horizontal), "horizontal piece"),
                (Ink::Seat(0), Some(Facing::Vertical), "vertical piece"),
                (Ink::Seat(1), Some(Facing::Horizontal), "horizontal piece"),
                (Ink::Seat(1), Some(Facing::Vertical), "vertical piece"),
            ]
        );
        assert_eq!(legend[3].piece.label, "b");
    }
}
