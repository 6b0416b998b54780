//! The picture of a `state` message as it travels: as [`Picture`] says, but for its numbers
//! on cells, one flat list `[x, y, value, x, y, value, …]` (a 12x12 Pushee board's 144 values
//! took 4.8 KB as objects, 1 KB so). The page widens them back as it receives them
//! (`assets/js/connection.js`).

use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;
use tabuleiro_core::{Board, Cell, CellValue, Key, Picture, Placed, Reserve};

/// A picture as it travels: [`Picture`]'s fields in its order (the page compares pieces by
/// their JSON text), its values flat.
#[derive(Serialize)]
struct Wire<'a> {
    board: &'a Board,
    pieces: &'a [Placed],
    links: &'a [[Cell; 2]],
    regions: &'a [Vec<Cell>],
    values: Vec<i64>,
    reserves: &'a [Reserve],
    last: &'a [Cell],
    deciding: &'a [Cell],
    #[serde(skip_serializing_if = "<[Key]>::is_empty")]
    legend: &'a [Key],
    notes: &'a [String],
}

/// Writes `picture` with its values flat (for `#[serde(with)]`).
///
/// # Errors
/// Those of the serializer.
#[allow(clippy::borrowed_box)]
pub fn serialize<S: Serializer>(picture: &Box<Picture>, serializer: S) -> Result<S::Ok, S::Error> {
    let Picture {
        board,
        pieces,
        links,
        regions,
        values,
        reserves,
        last,
        deciding,
        legend,
        notes,
    } = picture.as_ref();
    Wire {
        board,
        pieces,
        links,
        regions,
        values: values
            .iter()
            .flat_map(|v| [i64::from(v.cell.x), i64::from(v.cell.y), v.value])
            .collect(),
        reserves,
        last,
        deciding,
        legend,
        notes,
    }
    .serialize(serializer)
}

/// Reads a picture whose values are flat (for `#[serde(with)]`).
///
/// # Errors
/// Not a picture, or values not in threes.
pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Box<Picture>, D::Error> {
    let mut value = Value::deserialize(deserializer)?;
    let flat: Vec<i64> =
        serde_json::from_value(value["values"].take()).map_err(de::Error::custom)?;
    if !flat.len().is_multiple_of(3) {
        return Err(de::Error::custom("values need an x, a y and a number each"));
    }
    let values = flat
        .chunks(3)
        .map(|v| {
            let coordinate =
                |n: i64| i32::try_from(n).map_err(|_| de::Error::custom("a cell too far"));
            Ok(CellValue {
                cell: Cell::new(coordinate(v[0])?, coordinate(v[1])?),
                value: v[2],
            })
        })
        .collect::<Result<Vec<_>, D::Error>>()?;
    value["values"] = Value::Array(Vec::new());
    let mut picture: Picture = serde_json::from_value(value).map_err(de::Error::custom)?;
    picture.values = values;
    Ok(Box::new(picture))
}

#[cfg(test)]
mod tests {
    use tabuleiro_ai::Seat;
    use tabuleiro_core::{Options, Registry, Setup};
    use tabuleiro_games::REGISTRY;

    use super::*;
    use crate::dyngame::build;

    #[derive(Serialize, Deserialize)]
    struct Wrapped {
        #[serde(with = "super")]
        picture: Box<Picture>,
    }

    #[test]
    fn a_picture_reads_back_whole_with_its_fields_in_order() {
        let info = REGISTRY
            .games()
            .iter()
            .find(|g| g.id == "pushee")
            .expect("pushee");
        let setup = Setup {
            players: 2,
            options: Options::defaults(info),
            seed: 1,
        };
        let mut game = build("pushee", setup, &[Seat::Human; 2], &[]).expect("a game");
        let first = game.legal_moves()[0].notation.clone();
        game.play(&first).expect("a move");
        let picture = Box::new(game.shown(Some(0)).picture);
        assert!(!picture.values.is_empty() && !picture.pieces.is_empty());
        let text = serde_json::to_string(&Wrapped {
            picture: picture.clone(),
        })
        .expect("json");
        let back: Wrapped = serde_json::from_str(&text).expect("read back");
        assert_eq!(back.picture, picture);
        // Every field as the picture's own JSON writes it, in its order, but the values.
        let own = serde_json::to_string(&picture).expect("json");
        let cut = |json: &str| {
            let start = json.find(r#""values":"#).expect("values");
            let end = json[start..].find(r#","reserves""#).expect("reserves") + start;
            format!("{}{}", &json[..start], &json[end..])
        };
        assert_eq!(
            cut(&text[r#"{"picture":"#.len()..text.len() - 1]),
            cut(&own)
        );
    }
}
