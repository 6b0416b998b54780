//! The legal moves of a `state` message as they travel: lean, because they are most of its
//! bytes (Quantik's 64 opening moves took 11 KB as full JSON, each repeating its piece).
//!
//! ```text
//! "legal": {
//!   "choices": [Choice, …],     each choice once (absent when none)
//!   "pieces": [Piece, …],       each previewed piece once (absent when none)
//!   "moves": [[notation, cells, (placements), (choice), (preview)], …]
//! }
//! ```
//!
//! A move is an array: its notation; its gesture's cells as one flat list `[x, y, x, y, …]`;
//! then, only where the move has them, the pieces it takes from the hand (an array, each
//! `[token, x, y]`, or `[token]` for a piece that goes nowhere: a traded tile), the index of
//! its choice in `choices` (a number; -1: none, written only before a preview), and its
//! preview (an array, each `[x, y, piece]` with `piece` an index in `pieces`). The third item
//! is told by its type: an array is the placements, a number the choice. Nudge's `b2u` is
//! `["b2u", [1, 1, 1, 0]]`, Quantik's `Ca1` `["Ca1", [0, 0], 0]`, Q!nto's `pass RH`
//! `["pass RH", [], [["RH"]]]`. Everything else in the message is as [`super::ServerMessage`]
//! says. The page widens it back to full moves as it receives it (`connection.js`).

use serde::de::{self, SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use tabuleiro_core::{Cell, Choice, Gesture, Piece, Placed, Placement};

use super::Legal;

/// Writes `legal` in the lean form (for `#[serde(with)]`).
///
/// # Errors
/// Those of the serializer.
pub fn serialize<S: Serializer>(legal: &[Legal], serializer: S) -> Result<S::Ok, S::Error> {
    let mut choices: Vec<&Choice> = Vec::new();
    let mut pieces: Vec<&Piece> = Vec::new();
    let moves: Vec<LeanMove<'_>> = legal
        .iter()
        .map(|l| {
            let choice = l.gesture.choice.as_ref().map(|c| index_of(&mut choices, c));
            let preview = l
                .preview
                .iter()
                .map(|p| (p.cell, index_of(&mut pieces, &p.piece)))
                .collect();
            LeanMove {
                legal: l,
                choice,
                preview,
            }
        })
        .collect();
    Lean {
        choices,
        pieces,
        moves,
    }
    .serialize(serializer)
}

/// Reads the lean form back into full moves (for `#[serde(with)]`).
///
/// # Errors
/// Not the lean form, or an index out of its list.
pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Legal>, D::Error> {
    let lean = Read::deserialize(deserializer)?;
    lean.moves
        .into_iter()
        .map(|m| {
            let choice = match m.choice {
                None => None,
                Some(k) => Some(
                    lean.choices
                        .get(k)
                        .cloned()
                        .ok_or_else(|| de::Error::custom(format!("no choice {k}")))?,
                ),
            };
            let preview = m
                .preview
                .into_iter()
                .map(|(cell, k)| {
                    let piece = lean
                        .pieces
                        .get(k)
                        .cloned()
                        .ok_or_else(|| de::Error::custom(format!("no piece {k}")))?;
                    Ok(Placed { cell, piece })
                })
                .collect::<Result<Vec<Placed>, D::Error>>()?;
            Ok(Legal {
                notation: m.notation,
                gesture: Gesture {
                    cells: m.cells,
                    pieces: m.placements,
                    choice,
                },
                preview,
            })
        })
        .collect()
}

/// The index of `item` in `list`, added at its end if it is not there yet (the lists are a
/// few entries long: a reserve's kinds of pieces).
fn index_of<'a, T: PartialEq>(list: &mut Vec<&'a T>, item: &'a T) -> usize {
    if let Some(k) = list.iter().position(|known| *known == item) {
        k
    } else {
        list.push(item);
        list.len() - 1
    }
}

#[derive(Serialize)]
struct Lean<'a> {
    #[serde(skip_serializing_if = "Vec::is_empty")]
    choices: Vec<&'a Choice>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pieces: Vec<&'a Piece>,
    moves: Vec<LeanMove<'a>>,
}

struct LeanMove<'a> {
    legal: &'a Legal,
    choice: Option<usize>,
    preview: Vec<(Cell, usize)>,
}

impl Serialize for LeanMove<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let gesture = &self.legal.gesture;
        let placements = !gesture.pieces.is_empty();
        let preview = !self.preview.is_empty();
        // The choice is written when there is one, or (as -1) to come before a preview.
        let choice = self.choice.is_some() || preview;
        let cells = !gesture.cells.is_empty() || placements || choice;
        let len = 1
            + usize::from(cells)
            + usize::from(placements)
            + usize::from(choice)
            + usize::from(preview);
        let mut seq = serializer.serialize_seq(Some(len))?;
        seq.serialize_element(&self.legal.notation)?;
        if cells {
            seq.serialize_element(&Cells(&gesture.cells))?;
        }
        if placements {
            seq.serialize_element(&Placements(&gesture.pieces))?;
        }
        if choice {
            seq.serialize_element(&self.choice.map_or(-1, |k| i64::try_from(k).unwrap_or(-1)))?;
        }
        if preview {
            seq.serialize_element(&Previews(&self.preview))?;
        }
        seq.end()
    }
}

/// Cells as one flat list of numbers.
struct Cells<'a>(&'a [Cell]);

impl Serialize for Cells<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(2 * self.0.len()))?;
        for cell in self.0 {
            seq.serialize_element(&cell.x)?;
            seq.serialize_element(&cell.y)?;
        }
        seq.end()
    }
}

/// Pieces from the hand: `[token, x, y]`, or `[token]` for one that goes nowhere.
struct Placements<'a>(&'a [Placement]);

impl Serialize for Placements<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for placement in self.0 {
            match placement.cell {
                Some(cell) => seq.serialize_element(&(&placement.token, cell.x, cell.y))?,
                None => seq.serialize_element(&(&placement.token,))?,
            }
        }
        seq.end()
    }
}

/// A preview: `[x, y, piece]` for each piece.
struct Previews<'a>(&'a [(Cell, usize)]);

impl Serialize for Previews<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut seq = serializer.serialize_seq(Some(self.0.len()))?;
        for (cell, piece) in self.0 {
            seq.serialize_element(&(cell.x, cell.y, piece))?;
        }
        seq.end()
    }
}

#[derive(Deserialize)]
struct Read {
    #[serde(default)]
    choices: Vec<Choice>,
    #[serde(default)]
    pieces: Vec<Piece>,
    moves: Vec<ReadMove>,
}

/// A move as read: the five items, those left out at the end empty.
struct ReadMove {
    notation: String,
    cells: Vec<Cell>,
    placements: Vec<Placement>,
    choice: Option<usize>,
    preview: Vec<(Cell, usize)>,
}

impl<'de> Deserialize<'de> for ReadMove {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_seq(ReadMoveVisitor)
    }
}

struct ReadMoveVisitor;

impl<'de> Visitor<'de> for ReadMoveVisitor {
    type Value = ReadMove;

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a move: [notation, cells, (placements), (choice), (preview)]")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<ReadMove, A::Error> {
        let notation: String = seq
            .next_element()?
            .ok_or_else(|| de::Error::invalid_length(0, &self))?;
        let flat: Vec<i32> = seq.next_element()?.unwrap_or_default();
        if !flat.len().is_multiple_of(2) {
            return Err(de::Error::custom("cells need an x and a y each"));
        }
        let cells = flat.chunks(2).map(|xy| Cell::new(xy[0], xy[1])).collect();
        // The third item: placements (an array) or the choice (a number).
        let mut placed: Vec<ReadPlacement> = Vec::new();
        let mut choice: i64 = -1;
        match seq.next_element::<serde_json::Value>()? {
            None => {}
            Some(serde_json::Value::Number(n)) => {
                choice = n
                    .as_i64()
                    .ok_or_else(|| de::Error::custom("a choice is a whole number"))?;
            }
            Some(array @ serde_json::Value::Array(_)) => {
                placed = serde_json::from_value(array).map_err(de::Error::custom)?;
                choice = seq.next_element()?.unwrap_or(-1);
            }
            Some(_) => return Err(de::Error::custom("after the cells: placements or a choice")),
        }
        let preview: Vec<(i32, i32, usize)> = seq.next_element()?.unwrap_or_default();
        Ok(ReadMove {
            notation,
            cells,
            placements: placed.into_iter().map(|p| p.0).collect(),
            choice: usize::try_from(choice).ok(),
            preview: preview
                .into_iter()
                .map(|(x, y, k)| (Cell::new(x, y), k))
                .collect(),
        })
    }
}

/// `[token, x, y]` or `[token]`.
struct ReadPlacement(Placement);

impl<'de> Deserialize<'de> for ReadPlacement {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let items: Vec<serde_json::Value> = Vec::deserialize(deserializer)?;
        let token = items
            .first()
            .and_then(serde_json::Value::as_str)
            .ok_or_else(|| de::Error::custom("a placement begins with its token"))?
            .to_owned();
        let number = |k: usize| {
            items
                .get(k)
                .and_then(serde_json::Value::as_i64)
                .and_then(|n| i32::try_from(n).ok())
        };
        let cell = match (items.len(), number(1), number(2)) {
            (1, _, _) => None,
            (3, Some(x), Some(y)) => Some(Cell::new(x, y)),
            _ => return Err(de::Error::custom("a placement is [token] or [token, x, y]")),
        };
        Ok(ReadPlacement(Placement { token, cell }))
    }
}

#[cfg(test)]
mod tests {
    use tabuleiro_ai::Seat;
    use tabuleiro_core::{Registry, Setup};
    use tabuleiro_games::REGISTRY;

    use super::*;
    use crate::dyngame::build;

    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Wrapped {
        #[serde(with = "super")]
        legal: Vec<Legal>,
    }

    /// Every game's legal moves a few random moves in, and from its start.
    fn positions() -> Vec<(&'static str, Vec<Legal>)> {
        let mut all = Vec::new();
        for info in REGISTRY.games() {
            for seed in 0..6_u64 {
                let mut setup = Setup::default_for(info);
                setup.seed = seed;
                let mut game = build(info.id, setup, &[Seat::Human; 2], &[]).expect("a game");
                for k in 0..seed * 2 {
                    let legal = game.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    let pick = usize::try_from(k * 7 + seed).unwrap_or(0) % legal.len();
                    game.play(&legal[pick].notation).expect("a legal move");
                }
                all.push((info.id, game.legal_moves()));
            }
        }
        all
    }

    #[test]
    fn the_lean_form_reads_back_to_the_very_same_moves() {
        for (game, legal) in positions() {
            let wrapped = Wrapped { legal };
            let text = serde_json::to_string(&wrapped).expect("json");
            let back: Wrapped = serde_json::from_str(&text).expect("read back");
            assert_eq!(back, wrapped, "{game}: {text}");
        }
    }

    #[test]
    fn the_lean_form_is_a_fraction_of_the_full_one() {
        for (game, legal) in positions() {
            if legal.is_empty() {
                continue;
            }
            let full = serde_json::to_string(&legal).expect("json").len();
            let lean = serde_json::to_string(&Wrapped { legal })
                .expect("json")
                .len();
            assert!(lean * 2 < full, "{game}: {lean} bytes against {full}");
        }
    }

    #[test]
    fn moves_leave_out_what_they_do_not_use() {
        let legal = vec![
            Legal {
                notation: "b2u".to_owned(),
                gesture: Gesture::cells(vec![Cell::new(1, 1), Cell::new(1, 0)]),
                preview: Vec::new(),
            },
            Legal {
                notation: "pass RH".to_owned(),
                gesture: Gesture {
                    cells: Vec::new(),
                    pieces: vec![Placement {
                        token: "RH".to_owned(),
                        cell: None,
                    }],
                    choice: None,
                },
                preview: Vec::new(),
            },
        ];
        let text = serde_json::to_string(&Wrapped { legal }).expect("json");
        assert_eq!(
            text,
            r#"{"legal":{"moves":[["b2u",[1,1,1,0]],["pass RH",[],[["RH"]]]]}}"#
        );
    }

    #[test]
    fn a_bad_index_or_an_odd_list_of_numbers_is_refused_in_words() {
        for bad in [
            r#"{"legal":{"moves":[["Ca1",[0,0],3]]}}"#,
            r#"{"legal":{"moves":[["Ca1",[0,0],"C"]]}}"#,
            r#"{"legal":{"moves":[["Ca1",[0]]]}}"#,
            r#"{"legal":{"moves":[["x",[],[["RH",1]]]]}}"#,
            r#"{"legal":{"moves":[[]]}}"#,
        ] {
            assert!(serde_json::from_str::<Wrapped>(bad).is_err(), "{bad}");
        }
    }
}
