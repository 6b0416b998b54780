//! The position as a picture: the grid's tiles as coloured shapes with their letters, the
//! hands each viewer may see (other hands only counted), and at the end the play that emptied
//! the winner's hand.

use tabuleiro_core::picture::Shape;
use tabuleiro_core::{
    Axis, Board, Cell as PictureCell, Choice, Gesture, Ink, Item, Key, Picture, Piece, Placed,
    Placement, Player, Reserve,
};

use super::grid::{Cell, LIMIT};
use super::notation::QintoMove;
use super::state::{Ending, Qinto};
use super::tile::Tile;

/// The picture's cell of a grid cell.
fn cell(c: Cell) -> PictureCell {
    PictureCell::new(i32::from(c.x), i32::from(c.y))
}

/// A tile as drawn: its shape in its colour, labelled with its two letters (`RH`, `**`).
pub fn piece(tile: Tile) -> Piece {
    let ink = match tile.colour() {
        Some(0) => Ink::Red,
        Some(1) => Ink::Green,
        Some(2) => Ink::Blue,
        Some(3) => Ink::Yellow,
        Some(_) => Ink::Black,
        None => Ink::AnyColour,
    };
    let shape = match tile.shape() {
        Some(0) => Shape::Spade,
        Some(1) => Shape::Exclamation,
        Some(2) => Shape::Diamond,
        Some(3) => Shape::Heart,
        Some(_) => Shape::Club,
        None => Shape::AnyShape,
    };
    Piece::new(shape, ink, tile.to_string())
}

/// Whose hands a picture shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// Every hand (replays, the end, computers only).
    All,
    /// This seat's own hand only.
    Own(Player),
    /// No hand (spectators of a game in progress).
    None,
}

/// The picture of `state` showing the hands `shown` allows. The drawn rectangle holds every
/// tile and room around it for the longest play the player to move could make.
pub fn picture(state: &Qinto, shown: Shown) -> Picture {
    let reach = if state.ending().is_some() {
        1
    } else {
        state.hand(state.mover()).len().clamp(1, 5) as i32
    };
    let (low, high) = match state.grid().bounds() {
        Some((low, high)) => (
            (i32::from(low.x) - reach, i32::from(low.y) - reach),
            (i32::from(high.x) + reach, i32::from(high.y) + reach),
        ),
        None => ((1 - reach, 1 - reach), (reach - 1, reach - 1)),
    };
    let limit = i32::from(LIMIT);
    let mut picture = Picture::new(Board {
        columns: Axis::coordinates(low.0.max(-limit), high.0.min(limit)),
        rows: Axis::coordinates(low.1.max(-limit), high.1.min(limit)),
        open: true,
    });
    for (c, tile) in state.grid().tiles() {
        picture.pieces.push(Placed {
            cell: cell(c),
            piece: piece(tile),
        });
    }
    for seat in 0..state.player_count() {
        let player = Player(seat as u8);
        let hand = state.hand(player);
        let visible = match shown {
            Shown::All => true,
            Shown::Own(own) => own == player,
            Shown::None => false,
        };
        let mut items: Vec<Item> = Vec::new();
        if visible {
            for tile in hand.tiles() {
                match items.iter_mut().find(|i| i.token == tile.to_string()) {
                    Some(item) => item.count += 1,
                    None => items.push(Item {
                        piece: piece(tile),
                        count: 1,
                        token: tile.to_string(),
                    }),
                }
            }
        }
        picture.reserves.push(Reserve {
            seat,
            items,
            hidden: if visible { 0 } else { hand.len() },
            note: format!(
                "{} in hand, {} in the face-down pile",
                hand.len(),
                state.pile(player).len()
            ),
        });
    }
    if let (Some(Ending::Emptied(_)), Some(last)) = (state.ending(), state.history().last())
        && let QintoMove::Play(play) = last.mv
    {
        picture.deciding = play.placements().map(|(c, _)| cell(c)).collect();
    }
    picture.legend = ["RS", "GX", "BD", "YH", "KC", "**"]
        .iter()
        .filter_map(|t| Tile::parse(t).ok())
        .map(|tile| Key {
            piece: piece(tile),
            meaning: match tile.to_string().as_str() {
                "RS" => "R red, S spade".to_owned(),
                "GX" => "G green, X exclamation mark".to_owned(),
                "BD" => "B blue, D diamond".to_owned(),
                "YH" => "Y yellow, H heart".to_owned(),
                "KC" => "K black, C club".to_owned(),
                _ => "* wild: any colour, any shape".to_owned(),
            },
        })
        .collect();
    picture.notes.push(match state.ending() {
        Some(_) => format!("Game over after {} turns", state.turn()),
        None => format!(
            "Turn {} of at most {}{}",
            state.turn() + 1,
            state.max_turns(),
            if state.idle_passes() > 0 {
                format!(
                    "; {} pass(es) in a row without a trade",
                    state.idle_passes()
                )
            } else {
                String::new()
            }
        ),
    });
    if state.grid().is_empty() && state.ending().is_none() {
        picture
            .notes
            .push("The first play must cover the centre cell 0,0".to_owned());
    }
    picture
}

/// A placement of hand tile `tile` on `at` (none: traded).
fn placement(tile: Tile, at: Option<Cell>) -> Placement {
    Placement {
        token: tile.to_string(),
        cell: at.map(cell),
    }
}

/// A play or a swap: each hand tile with its cell; a trade: the tiles with no cell; a plain
/// pass: the choice `pass`.
pub fn gesture(mv: QintoMove) -> Gesture {
    let pieces = match mv {
        QintoMove::Play(play) => play
            .placements()
            .map(|(c, tile)| placement(tile, Some(c)))
            .collect(),
        QintoMove::Swap(swap) => swap
            .pairs()
            .map(|(c, tile)| placement(tile, Some(c)))
            .collect(),
        QintoMove::Pass(trade) => trade.tiles().map(|tile| placement(tile, None)).collect(),
    };
    let gesture = Gesture {
        cells: Vec::new(),
        pieces,
        choice: None,
    };
    match mv {
        QintoMove::Pass(trade) if trade.count == 0 => gesture.with_choice(Choice {
            token: "pass".to_owned(),
            label: "pass".to_owned(),
            piece: None,
        }),
        // Tiles picked from the hand and traded: said so on the button, not "Play pass …".
        QintoMove::Pass(trade) => gesture.with_choice(Choice {
            token: "trade".to_owned(),
            label: format!(
                "Trade {}",
                trade
                    .tiles()
                    .map(|t| t.to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            piece: None,
        }),
        _ => gesture,
    }
}
