//! Which moves touch which cells, learnt from the legal moves and their notation.
//!
//! A move's notation names cells the way the board does (`Ca1`, `c2d`, `d4-d5`, `hc4`). The
//! first cell named is the move's *anchor* (where the cursor must be); the rest of the notation,
//! with other cells written relative to the anchor, is its [`Template`] — the piece, shape,
//! direction or orientation: `C·` in Quantik, `·d` in Nudge, `·-↓` in Taiji, `h·` in Pushee.
//! The cursor chooses the anchor, the player cycles through templates, and the move is the
//! template put at the anchor. Nothing here knows any game.

use tabuleiro_core::Game;

use super::board::{BoardPicture, Cell};

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
                Part::Anchor => text.push_str(&anchor.name()),
                Part::Offset(dc, dr) => {
                    let column = u8::try_from(i32::from(anchor.column) + dc).ok()?;
                    let row = u16::try_from(i32::from(anchor.row) + dr).ok()?;
                    let cell = Cell { column, row };
                    if !picture.contains(cell) {
                        return None;
                    }
                    text.push_str(&cell.name());
                }
            }
        }
        Some(text)
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

/// The cells named in `text` that are on the board: a lowercase letter followed by digits.
/// Returns each cell with its byte range in `text`.
pub fn cells_in(text: &str, picture: &BoardPicture) -> Vec<(std::ops::Range<usize>, Cell)> {
    let bytes = text.as_bytes();
    let mut found = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_lowercase() && bytes.get(i + 1).is_some_and(u8::is_ascii_digit) {
            let mut end = i + 1;
            while end < bytes.len() && bytes[end].is_ascii_digit() {
                end += 1;
            }
            if let Ok(row) = text[i + 1..end].parse::<u16>() {
                let cell = Cell {
                    column: c - b'a',
                    row,
                };
                if picture.contains(cell) {
                    found.push((i..end, cell));
                    i = end;
                    continue;
                }
            }
        }
        i += 1;
    }
    found
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
            Part::Offset(
                i32::from(cell.column) - i32::from(anchor.column),
                i32::from(cell.row) - i32::from(anchor.row),
            )
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
        assert_eq!(anchor.name(), "a1");
        assert_eq!(t.label(&p), "C·");
        assert_eq!(t.at(Cell { column: 2, row: 3 }, &p).as_deref(), Some("Cc3"));

        let (anchor, t) = split("b2-b3", &p).unwrap();
        assert_eq!(anchor.name(), "b2");
        assert_eq!(t.label(&p), "·-↓");
        assert_eq!(
            t.at(Cell { column: 0, row: 1 }, &p).as_deref(),
            Some("a1-a2")
        );
        assert_eq!(t.at(Cell { column: 0, row: 3 }, &p), None, "off the board");

        let (anchor, t) = split("hc2", &p).unwrap();
        assert_eq!(anchor.name(), "c2");
        assert_eq!(t.label(&p), "h·");

        let (_, t) = split("c2d", &p).unwrap();
        assert_eq!(t.label(&p), "·d");
    }

    #[test]
    fn notation_without_a_board_cell_has_no_anchor() {
        let p = picture();
        assert_eq!(split("pass", &p), None);
        assert_eq!(split("z9", &p), None, "not on this board");
    }
}
