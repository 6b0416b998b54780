//! The legal moves of a `state` message as they travel: lean, because they are most of its
//! bytes (Quantik's 64 opening moves took 11 KB as full JSON, each repeating its piece; a Q!nto
//! hand with wild tiles can be laid in thousands of ways).
//!
//! ```text
//! "legal": {
//!   "choices": [[token, label, (piece)], …],  each choice once (absent when none)
//!   "pieces": [Piece, …],                     each previewed piece once (absent when none)
//!   "tokens": [token, …],                     each hand piece's token once (absent when none)
//!   "forms": [template, …],                   the notation forms (absent when none)
//!   "graph": "…",                             the moves' steps, equal parts once
//!   "moves": [[notation, cells, …], …]        any other move in full (absent when none)
//! }
//! ```
//!
//! Moves are written as steps and a notation form: the steps of a move's gesture (cells from the
//! cell before) make a tree whose equal subtrees are written once, as one string of numbers,
//! each move ending with the template that makes its notation out of its own parts (Quantik's
//! `Ca1` is the choice's token, then the cell's name). Module `graph` says how. Nothing in it
//! names a game: a move whose notation is made of no part is a form of its own. The moves come
//! back in the graph's order, not the game's.
//!
//! A move written in full (one with a preview of its own, or the same move twice) is an array:
//! its notation; its gesture's cells as one flat list `[x, y, x, y, …]`; then, only where the
//! move has them, the pieces it takes from the hand (an array, each `[token, x, y]`, or
//! `[token]` for a piece that goes nowhere), the index of its choice in `choices` (a number;
//! -1: none, written only before a preview), and its preview (an array, each `[x, y, piece]`
//! with `piece` an index in `pieces`). Everything else in the message is as
//! [`super::ServerMessage`] says. The page widens all of it back to full moves as it receives
//! it (`assets/js/legal.js`).

mod digits;
mod graph;

use rustc_hash::FxHashMap;
use serde::de::{self, SeqAccess, Visitor};
use serde::ser::SerializeSeq;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use tabuleiro_core::{Cell, Choice, Gesture, Piece, Placed, Placement};

use self::graph::{Bit, Graph, Tree};
use super::Legal;

/// Most nodes a reader visits in a position's graph (Q!nto's largest positions have about
/// 30,000 moves, each a path of a few nodes).
const MOST_VISITS: usize = 2_000_000;

/// Writes `legal` in the lean form (for `#[serde(with)]`).
///
/// # Errors
/// Those of the serializer.
pub fn serialize<S: Serializer>(legal: &[Legal], serializer: S) -> Result<S::Ok, S::Error> {
    let mut choices: Vec<&Choice> = Vec::new();
    let mut pieces: Vec<&Piece> = Vec::new();
    let mut tokens: Vec<&str> = Vec::new();
    let mut forms: Vec<Vec<Bit>> = Vec::new();
    let mut form_of: FxHashMap<Vec<Bit>, usize> = FxHashMap::default();
    let mut tree = Tree::new();
    let mut full: Vec<LeanMove<'_>> = Vec::new();
    for l in legal {
        let steps = graph::steps(
            &l.gesture,
            |t| index_of(&mut tokens, t),
            |c| index_of(&mut choices, c),
        );
        if let (true, Some(steps)) = (l.preview.is_empty(), steps) {
            let template = graph::template(&l.notation, &graph::parts(&l.gesture));
            let form = *form_of.entry(template.clone()).or_insert_with(|| {
                forms.push(template);
                forms.len() - 1
            });
            if tree.add(&steps, form) {
                continue;
            }
        }
        let choice = l.gesture.choice.as_ref().map(|c| index_of(&mut choices, c));
        let preview = l
            .preview
            .iter()
            .map(|p| (p.cell, index_of(&mut pieces, &p.piece)))
            .collect();
        full.push(LeanMove {
            legal: l,
            choice,
            preview,
        });
    }
    let graph = if forms.is_empty() {
        String::new()
    } else {
        Graph::write(&tree)
    };
    Lean {
        choices: choices.into_iter().map(LeanChoice).collect(),
        pieces,
        tokens,
        forms,
        graph,
        moves: full,
    }
    .serialize(serializer)
}

/// Reads the lean form back into full moves (for `#[serde(with)]`): the moves of each form in
/// turn, then those written in full.
///
/// # Errors
/// Not the lean form, or an index out of its list.
pub fn deserialize<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<Legal>, D::Error> {
    let lean = Read::deserialize(deserializer)?;
    let choices: Vec<Choice> = lean.choices.into_iter().map(|c| c.0).collect();
    let nodes = graph::read(&lean.graph).map_err(de::Error::custom)?;
    let mut legal = Vec::new();
    let mut each = |steps: &[graph::Step], form: usize| {
        let template = lean
            .forms
            .get(form)
            .ok_or_else(|| format!("no form {form}"))?;
        let gesture = graph::gesture(steps, &lean.tokens, &choices)?;
        let notation = graph::render(template, &graph::parts(&gesture))?;
        legal.push(Legal {
            notation,
            gesture,
            preview: Vec::new(),
        });
        Ok(())
    };
    graph::walk(&nodes, MOST_VISITS, &mut each).map_err(de::Error::custom)?;
    for m in lean.moves {
        let choice = match m.choice {
            None => None,
            Some(k) => Some(
                choices
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
        legal.push(Legal {
            notation: m.notation,
            gesture: Gesture {
                cells: m.cells,
                pieces: m.placements,
                choice,
            },
            preview,
        });
    }
    Ok(legal)
}

/// Only the notations of the lean form's moves, in the order [`deserialize`] gives them: what a
/// scripted player needs, read without building anything else of a move (its cells, its
/// preview) nor the message's JSON as values first.
///
/// # Errors
/// As [`deserialize`].
pub fn notations<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    struct Names {
        #[serde(default)]
        choices: Vec<ReadChoice>,
        #[serde(default)]
        tokens: Vec<String>,
        #[serde(default)]
        forms: Vec<Vec<Bit>>,
        #[serde(default)]
        graph: String,
        #[serde(default)]
        moves: Vec<NotationOnly>,
        // `pieces` (the previews' pieces) is skipped unread.
    }
    let names = Names::deserialize(deserializer)?;
    let choices: Vec<Choice> = names.choices.into_iter().map(|c| c.0).collect();
    let nodes = graph::read(&names.graph).map_err(de::Error::custom)?;
    let mut found = Vec::new();
    let mut each = |steps: &[graph::Step], form: usize| {
        let template = names
            .forms
            .get(form)
            .ok_or_else(|| format!("no form {form}"))?;
        let gesture = graph::gesture(steps, &names.tokens, &choices)?;
        found.push(graph::render(template, &graph::parts(&gesture))?);
        Ok(())
    };
    graph::walk(&nodes, MOST_VISITS, &mut each).map_err(de::Error::custom)?;
    found.extend(names.moves.into_iter().map(|m| m.0));
    Ok(found)
}

/// A move written in full, of which only its notation (the first item) is kept.
struct NotationOnly(String);

impl<'de> Deserialize<'de> for NotationOnly {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct First;
        impl<'de> Visitor<'de> for First {
            type Value = NotationOnly;

            fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str("a move: [notation, …]")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<NotationOnly, A::Error> {
                let notation: String = seq
                    .next_element()?
                    .ok_or_else(|| de::Error::invalid_length(0, &self))?;
                while seq.next_element::<de::IgnoredAny>()?.is_some() {}
                Ok(NotationOnly(notation))
            }
        }
        deserializer.deserialize_seq(First)
    }
}

/// The index of `item` in `list`, added at its end if it is not there yet (the lists are a
/// few entries long: a reserve's kinds of pieces, a hand's tokens).
fn index_of<'a, T: PartialEq + ?Sized>(list: &mut Vec<&'a T>, item: &'a T) -> usize {
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
    choices: Vec<LeanChoice<'a>>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pieces: Vec<&'a Piece>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    tokens: Vec<&'a str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    forms: Vec<Vec<Bit>>,
    #[serde(skip_serializing_if = "String::is_empty")]
    graph: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    moves: Vec<LeanMove<'a>>,
}

/// A choice as `[token, label]`, or `[token, label, piece]` for one that puts a piece down.
struct LeanChoice<'a>(&'a Choice);

impl Serialize for LeanChoice<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let c = self.0;
        match &c.piece {
            Some(piece) => (&c.token, &c.label, piece).serialize(serializer),
            None => (&c.token, &c.label).serialize(serializer),
        }
    }
}

/// `[token, label]` or `[token, label, piece]`, read.
struct ReadChoice(Choice);

impl<'de> Deserialize<'de> for ReadChoice {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Items {
            Plain((String, String)),
            Piece((String, String, Piece)),
        }
        let (token, label, piece) = match Items::deserialize(deserializer)? {
            Items::Plain((token, label)) => (token, label, None),
            Items::Piece((token, label, piece)) => (token, label, Some(piece)),
        };
        Ok(ReadChoice(Choice {
            token,
            label,
            piece,
        }))
    }
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
    choices: Vec<ReadChoice>,
    #[serde(default)]
    pieces: Vec<Piece>,
    #[serde(default)]
    tokens: Vec<String>,
    #[serde(default)]
    forms: Vec<Vec<Bit>>,
    #[serde(default)]
    graph: String,
    #[serde(default)]
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
mod tests;
