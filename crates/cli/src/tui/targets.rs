//! Which moves touch which cells, learnt from the legal moves and their notation.
//!
//! A move's notation names cells the way the board does (`Ca1`, `c2d`, `d4-d5`, `hc4`). The
//! first cell named is the move's *anchor* (where the cursor must be); the rest of the notation,
//! with other cells written relative to the anchor, is its [`Template`] — the piece, shape,
//! direction or orientation: `C·` in Quantik, `·d` in Nudge, `·-↓` in Taiji, `h·` in Pushee.
//! The cursor chooses the anchor, the player cycles through templates, and the move is the
//! template put at the anchor. Nothing here knows any game.

use tabuleiro_core::Game;

use super::board::{BoardPicture, Cell, Naming};

/// One part of a move's notation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Part {
    /// Text kept as it is.
    Text(String),
    /// The anchor cell.
    Anchor,
    /// Another cell, `(columns, rows)` away from the anchor.
    Offset(i32, i32),
}

/// A move with its anchor cell taken out: what stays the same when the move is played
/// elsewhere (a piece, a shape, a direction).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Template(pub Vec<Part>);

impl Template {
    /// The notation of this template put at `anchor`, or `None` when another of its cells
    /// would fall off the board.
    pub fn at(&self, anchor: Cell, picture: &BoardPicture) -> Option<String> {
        let mut text = String::new();
        for part in &self.0 {
            match part {
                Part::Text(t) => text.push_str(t),
                Part::Anchor => text.push_str(&picture.name(anchor)),
                Part::Offset(dc, dr) => {
                    let cell = Cell {
                        column: anchor.column.checked_add(*dc)?,
                        row: anchor.row.checked_add(*dr)?,
                    };
                    if !picture.contains(cell) {
                        return None;
                    }
                    text.push_str(&picture.name(cell));
                }
            }
        }
        Some(text)
    }

    /// The first letter of the template's text (`C` of `C·`, `d` of `·d`), if any.
    pub fn letter(&self) -> Option<char> {
        self.0.iter().find_map(|part| match part {
            Part::Text(t) => t.chars().find(char::is_ascii_alphabetic),
            Part::Anchor | Part::Offset(..) => None,
        })
    }

    /// A short label: the anchor as `·`, other cells as arrows from it (`·-↓`).
    pub fn label(&self, picture: &BoardPicture) -> String {
        let down = if picture.rows_grow_down() { 1 } else { -1 };
        self.0
            .iter()
            .map(|part| match part {
                Part::Text(t) => t.clone(),
                Part::Anchor => "·".to_owned(),
                Part::Offset(dc, dr) => match (dc, dr * down) {
                    (0, 1) => "↓".to_owned(),
                    (0, -1) => "↑".to_owned(),
                    (1, 0) => "→".to_owned(),
                    (-1, 0) => "←".to_owned(),
                    (dc, dr) => format!("({dc:+},{dr:+})"),
                },
            })
            .collect()
    }
}

/// The cells named in `text` that are on the board, as the board names them (`c4` or
/// `3,-1`), each with its byte range in `text`.
pub fn cells_in(text: &str, picture: &BoardPicture) -> Vec<(std::ops::Range<usize>, Cell)> {
    let found = match picture.naming() {
        Naming::LetterNumber => letter_number_cells(text),
        Naming::NumberPair => number_pair_cells(text),
    };
    found
        .into_iter()
        .filter(|(_, cell)| picture.contains(*cell))
        .collect()
}

/// `c4`: a lowercase letter followed by digits.
fn letter_number_cells(text: &str) -> Vec<(std::ops::Range<usize>, Cell)> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_lowercase() && bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
            let end = digits_end(bytes, i + 1);
            if let Ok(row) = text[i + 1..end].parse::<i32>() {
                let column = i32::from(c - b'a');
                found.push((i..end, Cell { column, row }));
                i = end;
                continue;
            }
        }
        i += 1;
    }
    found
}

/// `3,-1`: two whole numbers separated by a comma, not inside a longer number.
fn number_pair_cells(text: &str) -> Vec<(std::ops::Range<usize>, Cell)> {
    let bytes = text.as_bytes();
    let number_at = |i: usize| -> Option<(i32, usize)> {
        let start = if bytes.get(i) == Some(&b'-') {
            i + 1
        } else {
            i
        };
        if !bytes.get(start).is_some_and(u8::is_ascii_digit) {
            return None;
        }
        let end = digits_end(bytes, start);
        Some((text[i..end].parse().ok()?, end))
    };
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let boundary = i == 0 || !bytes[i - 1].is_ascii_digit();
        if boundary
            && let Some((column, comma)) = number_at(i)
            && bytes.get(comma) == Some(&b',')
            && let Some((row, end)) = number_at(comma + 1)
        {
            found.push((i..end, Cell { column, row }));
            i = end;
            continue;
        }
        i += 1;
    }
    found
}

fn digits_end(bytes: &[u8], from: usize) -> usize {
    let mut end = from;
    while end < bytes.len() && bytes[end].is_ascii_digit() {
        end += 1;
    }
    end
}

/// The anchor and template of a move's notation, or `None` when it names no cell.
pub fn split(text: &str, picture: &BoardPicture) -> Option<(Cell, Template)> {
    let cells = cells_in(text, picture);
    let (_, anchor) = cells.first()?.clone();
    let mut parts = Vec::new();
    let mut last = 0;
    for (i, (range, cell)) in cells.iter().enumerate() {
        if range.start > last {
            parts.push(Part::Text(text[last..range.start].to_owned()));
        }
        parts.push(if i == 0 {
            Part::Anchor
        } else {
            Part::Offset(cell.column - anchor.column, cell.row - anchor.row)
        });
        last = range.end;
    }
    if last < text.len() {
        parts.push(Part::Text(text[last..].to_owned()));
    }
    Some((anchor, Template(parts)))
}

/// One legal move with its notation and, when it names cells, its anchor and template.
#[derive(Clone, Debug)]
pub struct Target<M> {
    /// The move.
    pub mv: M,
    /// Its notation.
    pub text: String,
    /// Its first cell and the rest, when the notation names a cell of the board.
    pub place: Option<(Cell, Template)>,
    /// Every cell the notation names.
    pub cells: Vec<Cell>,
}

/// The legal moves of a position, indexed by anchor and template.
#[derive(Clone, Debug)]
pub struct MoveTargets<M> {
    targets: Vec<Target<M>>,
    templates: Vec<Template>,
}

impl<M: Copy> MoveTargets<M> {
    /// No moves (while it is not a human's turn).
    pub fn empty() -> Self {
        MoveTargets {
            targets: Vec::new(),
            templates: Vec::new(),
        }
    }

    /// The legal moves of `state`, read against `picture`.
    pub fn new<G: Game<Move = M>>(state: &G, picture: &BoardPicture) -> Self {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let mut templates: Vec<Template> = Vec::new();
        let targets = moves
            .into_iter()
            .map(|mv| {
                let text = state.format_move(mv);
                let place = split(&text, picture);
                if let Some((_, template)) = &place
                    && !templates.contains(template)
                {
                    templates.push(template.clone());
                }
                let cells = cells_in(&text, picture)
                    .into_iter()
                    .map(|(_, c)| c)
                    .collect();
                Target {
                    mv,
                    text,
                    place,
                    cells,
                }
            })
            .collect();
        MoveTargets { targets, templates }
    }

    /// The distinct templates, in the order of the game's move list.
    pub fn templates(&self) -> &[Template] {
        &self.templates
    }

    /// Every legal move.
    pub fn all(&self) -> &[Target<M>] {
        &self.targets
    }

    /// The legal move of `template` at `anchor`.
    pub fn find(&self, template: &Template, anchor: Cell) -> Option<&Target<M>> {
        self.targets.iter().find(|t| {
            t.place
                .as_ref()
                .is_some_and(|(a, tp)| *a == anchor && tp == template)
        })
    }

    /// The legal moves anchored at `cell`.
    pub fn at(&self, cell: Cell) -> impl Iterator<Item = &Target<M>> {
        self.targets
            .iter()
            .filter(move |t| t.place.as_ref().is_some_and(|(a, _)| *a == cell))
    }

    /// The anchors where `template` is legal.
    pub fn anchors<'a>(&'a self, template: &'a Template) -> impl Iterator<Item = Cell> + 'a {
        self.targets.iter().filter_map(move |t| match &t.place {
            Some((a, tp)) if tp == template => Some(*a),
            _ => None,
        })
    }

    /// Legal moves that name no cell of the board (typed only).
    pub fn off_board(&self) -> impl Iterator<Item = &Target<M>> {
        self.targets.iter().filter(|t| t.place.is_none())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture() -> BoardPicture {
        BoardPicture::parse("    a b c\n 1  . . .\n 2  . . .\n 3  . . .\n")
    }

    #[test]
    fn anchors_and_templates_of_each_notation_style() {
        let p = picture();
        let (anchor, t) = split("Ca1", &p).unwrap();
        assert_eq!(p.name(anchor), "a1");
        assert_eq!(t.label(&p), "C·");
        assert_eq!(t.at(Cell { column: 2, row: 3 }, &p).as_deref(), Some("Cc3"));

        let (anchor, t) = split("b2-b3", &p).unwrap();
        assert_eq!(p.name(anchor), "b2");
        assert_eq!(t.label(&p), "·-↓");
        assert_eq!(
            t.at(Cell { column: 0, row: 1 }, &p).as_deref(),
            Some("a1-a2")
        );
        assert_eq!(t.at(Cell { column: 0, row: 3 }, &p), None, "off the board");

        let (anchor, t) = split("hc2", &p).unwrap();
        assert_eq!(p.name(anchor), "c2");
        assert_eq!(t.label(&p), "h·");

        let (_, t) = split("c2d", &p).unwrap();
        assert_eq!(t.label(&p), "·d");
    }

    #[test]
    fn numbered_cells_in_a_play_of_several_tiles() {
        let p = BoardPicture::parse(
            "      -1   0   1
  -1   .   .   .
   0   .  RH   .
   1   .   .   .
",
        );
        let (anchor, t) = split("GS@-1,1 GX@0,1", &p).unwrap();
        assert_eq!(anchor, Cell { column: -1, row: 1 });
        assert_eq!(t.label(&p), "GS@· GX@→");
        assert_eq!(
            t.at(Cell { column: 0, row: -1 }, &p).as_deref(),
            Some("GS@0,-1 GX@1,-1")
        );
        assert_eq!(split("pass RH GS", &p), None);
        assert_eq!(split("RH@5,5", &p), None, "off the drawn grid");
    }

    #[test]
    fn notation_without_a_board_cell_has_no_anchor() {
        let p = picture();
        assert_eq!(split("pass", &p), None);
        assert_eq!(split("z9", &p), None, "not on this board");
    }
}
