//! A game's [`Picture`] drawn in the terminal, for any game: one glyph per shape and ink,
//! readable without colour (filled or outlined shapes, letters), a gap between cells that
//! joins a tile's two halves or marks a region's edge, and the marks of the position (the last
//! turn, the cells that decided the game) and of the move being made. Also the reserves and
//! the legend, whose glyphs are the board's own.

use std::collections::HashMap;

use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use tabuleiro_core::picture::Shape;
use tabuleiro_core::{Cell, Facing, Ink, Picture, Piece, Reserve};

/// Characters a cell's contents take.
const WIDTH: usize = 3;

/// Colours of the seats, chosen to differ on dark and light terminals.
pub const SEAT_COLOURS: [Color; 4] = [Color::Cyan, Color::Yellow, Color::Green, Color::Magenta];

/// The style of a seat's pieces and names.
pub fn seat_style(seat: usize) -> Style {
    Style::default()
        .fg(SEAT_COLOURS[seat % SEAT_COLOURS.len()])
        .add_modifier(Modifier::BOLD)
}

/// How one cell is marked for the move being made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellMark {
    /// The cursor is here (brackets around the cell).
    pub cursor: bool,
    /// Pointing here goes on with the move.
    pub target: bool,
    /// Already pointed at in the move being made.
    pub chosen: bool,
    /// Part of the hint.
    pub hint: bool,
}

/// The colour of an ink.
fn colour(ink: Ink) -> Color {
    match ink {
        Ink::Seat(seat) => SEAT_COLOURS[seat % SEAT_COLOURS.len()],
        Ink::Light => SEAT_COLOURS[0],
        Ink::Dark => SEAT_COLOURS[1],
        Ink::Red => Color::LightRed,
        Ink::Green => Color::LightGreen,
        Ink::Blue => Color::LightBlue,
        Ink::Yellow => Color::Yellow,
        Ink::Black => Color::Gray,
        Ink::AnyColour => Color::Magenta,
    }
}

/// Whether an ink is drawn with outlined glyphs (the second seat, the light side).
fn outlined(ink: Ink) -> bool {
    matches!(ink, Ink::Light) || matches!(ink, Ink::Seat(s) if s % 2 == 1)
}

/// A piece as text (at most [`WIDTH`] characters) and its style.
pub fn glyph(piece: &Piece) -> (String, Style) {
    let hollow = outlined(piece.ink);
    let pick = |filled: char, open: char| if hollow { open } else { filled };
    let text = match piece.shape {
        Shape::Disc | Shape::Circle | Shape::Half => pick('●', '◯').to_string(),
        Shape::Square => pick('■', '□').to_string(),
        Shape::Triangle => pick('▲', '△').to_string(),
        Shape::Bar => pick('▮', '▯').to_string(),
        Shape::Pusher => {
            let bar = match piece.facing {
                Some(Facing::Vertical) => '┃',
                _ => '━',
            };
            format!("{}{bar}", piece.label)
        }
        suit => {
            let sign = match suit {
                Shape::Spade => '♠',
                Shape::Exclamation => '!',
                Shape::Diamond => '♦',
                Shape::Heart => '♥',
                Shape::Club => '♣',
                _ => '★',
            };
            let letter = piece.label.chars().next().unwrap_or('?');
            format!("{letter}{sign}")
        }
    };
    let style = Style::default()
        .fg(colour(piece.ink))
        .add_modifier(Modifier::BOLD);
    (text, style)
}

/// Where the board's parts were drawn, to find the cell under a mouse click.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Geometry {
    /// Characters before the first cell's gap.
    left: usize,
    /// The first column's coordinate and how many columns.
    columns: (i32, usize),
    /// For each drawn row: its line and the row's coordinate.
    rows: Vec<(usize, i32)>,
}

impl Geometry {
    /// The cell drawn at character `x` of line `y`, if any.
    pub fn cell_at(&self, x: usize, y: usize) -> Option<Cell> {
        let &(_, row) = self.rows.iter().find(|&&(line, _)| line == y)?;
        let offset = x.checked_sub(self.left)?;
        let column = offset / (WIDTH + 1);
        (column < self.columns.1).then(|| Cell::new(self.columns.0 + column as i32, row))
    }

    /// Where `cell`'s contents start: character and line.
    #[cfg(test)]
    pub fn position(&self, cell: Cell) -> Option<(usize, usize)> {
        let &(line, _) = self.rows.iter().find(|&&(_, row)| row == cell.y)?;
        let column = usize::try_from(cell.x - self.columns.0).ok()?;
        (column < self.columns.1).then_some((self.left + column * (WIDTH + 1) + 1, line))
    }
}

/// Characters the row labels take.
fn label_width(picture: &Picture) -> usize {
    picture
        .board
        .rows
        .labels
        .iter()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(1)
}

/// Characters the board of `picture` takes across, as [`board_lines`] draws it.
pub fn board_width(picture: &Picture) -> usize {
    label_width(picture) + 2 + picture.board.columns.len() * (WIDTH + 1)
}

/// `text` centred in [`WIDTH`] characters.
fn centred(text: &str) -> String {
    let n = text.chars().count();
    if n >= WIDTH {
        return text.chars().take(WIDTH).collect();
    }
    let left = (WIDTH - n).div_ceil(2);
    format!("{}{text}{}", " ".repeat(left), " ".repeat(WIDTH - n - left))
}

/// The board of `picture` as styled lines, with `marks` on cells; and where it was drawn.
pub fn board_lines(
    picture: &Picture,
    marks: &HashMap<Cell, CellMark>,
) -> (Vec<Line<'static>>, Geometry) {
    let board = &picture.board;
    let label_width = label_width(picture);
    let left = label_width + 1;
    let mut geometry = Geometry {
        left,
        columns: (board.columns.first, board.columns.len()),
        rows: Vec::new(),
    };
    let mut lines = Vec::new();
    let mut header = " ".repeat(left);
    for label in &board.columns.labels {
        header.push(' ');
        header.push_str(&centred(label));
    }
    lines.push(Line::from(Span::styled(
        header,
        Style::default().fg(Color::DarkGray),
    )));
    let pieces: HashMap<Cell, &Piece> = picture.pieces.iter().map(|p| (p.cell, &p.piece)).collect();
    let values: HashMap<Cell, i64> = picture.values.iter().map(|v| (v.cell, v.value)).collect();
    let region = |cell: Cell| picture.region_of(cell);
    let ys: Vec<i32> = board.rows.coordinates_iter().collect();
    let xs: Vec<i32> = board.columns.coordinates_iter().collect();
    for (r, &y) in ys.iter().enumerate() {
        let mut spans: Vec<Span<'static>> = vec![Span::styled(
            format!("{:>label_width$} ", board.rows.labels[r]),
            Style::default().fg(Color::DarkGray),
        )];
        for (c, &x) in xs.iter().enumerate() {
            let cell = Cell::new(x, y);
            let mark = marks.get(&cell).copied().unwrap_or_default();
            let before = (c > 0).then(|| Cell::new(xs[c - 1], y));
            spans.push(gap(picture, before, Some(cell), marks, region));
            spans.push(cell_span(picture, cell, &pieces, &values, mark));
        }
        let last = xs.last().map(|&x| Cell::new(x, y));
        spans.push(gap(picture, last, None, marks, region));
        geometry.rows.push((lines.len(), y));
        lines.push(Line::from(spans));
        // A line between rows where a region ends.
        if let Some(&below) = ys.get(r + 1)
            && xs
                .iter()
                .any(|&x| region(Cell::new(x, y)) != region(Cell::new(x, below)))
        {
            let mut text = " ".repeat(left);
            for &x in &xs {
                let split = region(Cell::new(x, y)) != region(Cell::new(x, below));
                text.push(' ');
                text.push_str(if split { "───" } else { "   " });
            }
            lines.push(Line::from(Span::styled(
                text,
                Style::default().fg(Color::DarkGray),
            )));
        }
    }
    (lines, geometry)
}

/// The character between cells `before` and `after` (either may be off the board): a
/// bracket of the cursor, a joint of a tile laid across, a region's edge, or a space.
fn gap(
    picture: &Picture,
    before: Option<Cell>,
    after: Option<Cell>,
    marks: &HashMap<Cell, CellMark>,
    region: impl Fn(Cell) -> Option<usize>,
) -> Span<'static> {
    let cursor = |cell: Option<Cell>| cell.is_some_and(|c| marks.get(&c).is_some_and(|m| m.cursor));
    let bracket = Style::default()
        .fg(Color::White)
        .add_modifier(Modifier::BOLD);
    if cursor(after) {
        return Span::styled("[", bracket);
    }
    if cursor(before) {
        return Span::styled("]", bracket);
    }
    if let (Some(a), Some(b)) = (before, after) {
        if picture.linked(a) == Some(b) {
            return Span::styled("━", Style::default().fg(Color::Gray));
        }
        if region(a) != region(b) {
            return Span::styled("│", Style::default().fg(Color::DarkGray));
        }
    }
    Span::raw(" ")
}

/// One cell: its piece (with its value, if any), or its value, or a dot; styled by the
/// position's marks (last turn, deciding) and the move being made.
fn cell_span(
    picture: &Picture,
    cell: Cell,
    pieces: &HashMap<Cell, &Piece>,
    values: &HashMap<Cell, i64>,
    mark: CellMark,
) -> Span<'static> {
    let value = values.get(&cell).map(i64::to_string);
    let (mut text, mut style) = if let Some(piece) = pieces.get(&cell) {
        let (mut text, style) = glyph(piece);
        if let Some(v) = &value {
            text.push_str(v);
        }
        // A half whose tile is laid down: bars beside it join it to the other half.
        if picture
            .linked(cell)
            .is_some_and(|other| other.x == cell.x && text.chars().count() == 1)
        {
            text = format!("│{text}│");
        }
        (text, style)
    } else {
        let text = match &value {
            Some(v) if mark.target => format!("+{v}"),
            Some(v) => v.clone(),
            None if mark.target => "+".to_owned(),
            None => "·".to_owned(),
        };
        let style = if mark.target {
            Style::default().fg(Color::LightGreen)
        } else {
            Style::default().fg(Color::DarkGray)
        };
        (text, style)
    };
    text = centred(&text);
    if picture.last.contains(&cell) {
        style = style
            .bg(Color::Rgb(0, 40, 110))
            .add_modifier(Modifier::UNDERLINED);
    }
    if picture.deciding.contains(&cell) {
        style = style
            .bg(Color::Rgb(140, 30, 0))
            .add_modifier(Modifier::BOLD);
    }
    if mark.target {
        style = style.bg(Color::Rgb(0, 95, 0));
    }
    if mark.hint {
        style = style.bg(Color::Rgb(110, 0, 110));
    }
    if mark.chosen {
        style = style.bg(Color::Rgb(135, 95, 0));
    }
    if mark.cursor {
        style = style.add_modifier(Modifier::REVERSED);
    }
    Span::styled(text, style)
}

/// One line per reserve: the seat, its visible pieces with how many (the picked ones
/// marked), its hidden ones as `▒`, and its note.
pub fn reserve_lines(
    picture: &Picture,
    names: &dyn Fn(usize) -> String,
    picked: &[String],
) -> Vec<Line<'static>> {
    picture
        .reserves
        .iter()
        .map(|reserve| reserve_line(reserve, names, picked))
        .collect()
}

fn reserve_line(
    reserve: &Reserve,
    names: &dyn Fn(usize) -> String,
    picked: &[String],
) -> Line<'static> {
    let mut spans = vec![Span::styled(
        format!("{}: ", names(reserve.seat)),
        seat_style(reserve.seat),
    )];
    for item in &reserve.items {
        let (text, mut style) = glyph(&item.piece);
        if item.count == 0 {
            style = Style::default().fg(Color::DarkGray);
        }
        if picked.contains(&item.token) {
            style = style.bg(Color::Rgb(135, 95, 0));
        }
        spans.push(Span::styled(text, style));
        let count = if item.count == 1 {
            " ".to_owned()
        } else {
            format!("×{} ", item.count)
        };
        spans.push(Span::raw(count));
    }
    if reserve.hidden > 0 {
        spans.push(Span::styled(
            "▒".repeat(reserve.hidden.min(8)),
            Style::default().fg(Color::DarkGray),
        ));
        spans.push(Span::raw(" "));
    }
    if !reserve.note.is_empty() {
        spans.push(Span::styled(
            format!("({})", reserve.note),
            Style::default().fg(Color::DarkGray),
        ));
    }
    Line::from(spans)
}

/// The legend: each key's glyph, as the board draws it, and its meaning; then the marks.
pub fn legend_lines(picture: &Picture) -> Vec<Line<'static>> {
    let mut spans = Vec::new();
    for key in &picture.legend {
        let (text, style) = glyph(&key.piece);
        spans.push(Span::styled(text, style));
        spans.push(Span::styled(
            format!(" {}  ", key.meaning),
            Style::default().fg(Color::DarkGray),
        ));
    }
    let mut lines = vec![Line::from(spans)];
    let mark = |text: &'static str, style: Style| Span::styled(text, style);
    lines.push(Line::from(vec![
        mark(
            " last turn ",
            Style::default()
                .bg(Color::Rgb(0, 40, 110))
                .add_modifier(Modifier::UNDERLINED),
        ),
        Span::raw(" "),
        mark(
            " decided ",
            Style::default()
                .bg(Color::Rgb(140, 30, 0))
                .add_modifier(Modifier::BOLD),
        ),
        Span::raw(" "),
        mark(" + legal ", Style::default().bg(Color::Rgb(0, 95, 0))),
        Span::raw(" "),
        mark(" chosen ", Style::default().bg(Color::Rgb(135, 95, 0))),
    ]));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabuleiro_core::{Axis, Board, Placed};

    fn picture() -> Picture {
        let mut p = Picture::new(Board {
            columns: Axis::letters(3),
            rows: Axis::numbers(2),
            open: false,
        });
        p.pieces.push(Placed {
            cell: Cell::new(0, 0),
            piece: Piece::new(Shape::Half, Ink::Light, "O"),
        });
        p.pieces.push(Placed {
            cell: Cell::new(1, 0),
            piece: Piece::new(Shape::Half, Ink::Dark, "#"),
        });
        p.links.push([Cell::new(0, 0), Cell::new(1, 0)]);
        p
    }

    fn text(lines: &[Line<'_>]) -> Vec<String> {
        lines
            .iter()
            .map(|l| l.to_string().trim_end().to_owned())
            .collect()
    }

    #[test]
    fn a_tile_laid_across_is_joined_and_the_cursor_bracketed() {
        let mut marks = HashMap::new();
        marks.insert(
            Cell::new(2, 1),
            CellMark {
                cursor: true,
                target: true,
                ..CellMark::default()
            },
        );
        let (lines, geometry) = board_lines(&picture(), &marks);
        assert_eq!(
            text(&lines),
            ["    a   b   c", "1   ◯ ━ ●   ·", "2   ·   · [ + ]"]
        );
        assert_eq!(geometry.cell_at(12, 2), Some(Cell::new(2, 1)));
        assert_eq!(geometry.cell_at(5, 1), Some(Cell::new(0, 0)));
        assert_eq!(geometry.cell_at(5, 0), None, "the header");
    }

    #[test]
    fn glyphs_tell_seats_apart_without_colour() {
        let first = glyph(&Piece::new(Shape::Square, Ink::Seat(0), "C")).0;
        let second = glyph(&Piece::new(Shape::Square, Ink::Seat(1), "c")).0;
        assert_eq!((first.as_str(), second.as_str()), ("■", "□"));
        let tile = glyph(&Piece::new(Shape::Heart, Ink::Red, "RH")).0;
        assert_eq!(tile, "R♥");
    }
}
