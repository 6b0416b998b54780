//! A game's [`Picture`] drawn in the terminal, for any game: one glyph per shape and ink,
//! readable without colour (filled or outlined shapes, letters), a gap between cells that
//! joins a tile's two halves or marks a region's edge, and the marks of the position (the last
//! turn, the cells that decided the game) and of the move being made. Also the reserves and
//! the legend, whose glyphs are the board's own.

use std::collections::HashMap;

use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use tabuleiro_core::picture::Shape;
use tabuleiro_core::{Cell, Facing, Ink, Key, Picture, Piece, Reserve};

use crate::tui::layout::GLUE;

/// How big a cell is drawn: characters across and lines down, and whether grid lines go
/// around it. The smallest size draws the board compactly, cells apart by a one-character
/// gap; the others draw grid lines around the cells, heavy where a region ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellSize {
    /// Characters across.
    pub width: usize,
    /// Lines down.
    pub height: usize,
    /// Whether the cells are drawn inside grid lines.
    pub grid: bool,
}

impl CellSize {
    /// Three characters on one line, no grid lines.
    pub const COMPACT: CellSize = CellSize::new(3, 1, false);

    /// Every size, smallest first; from three lines down, each about as tall as wide on a
    /// terminal, whose characters are about twice as tall as wide.
    pub const ALL: [CellSize; 6] = [
        CellSize::COMPACT,
        CellSize::new(5, 1, true),
        CellSize::new(5, 2, true),
        CellSize::new(7, 3, true),
        CellSize::new(9, 4, true),
        CellSize::new(11, 5, true),
    ];

    const fn new(width: usize, height: usize, grid: bool) -> Self {
        CellSize {
            width,
            height,
            grid,
        }
    }

    /// The line of a cell that holds its piece.
    fn middle(self) -> usize {
        (self.height - 1) / 2
    }
}

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

/// A piece as text (at most three characters) and its style.
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
    /// Characters before the first cell's gap (or grid line).
    left: usize,
    /// Characters a cell takes across.
    width: usize,
    /// Lines a cell takes down.
    height: usize,
    /// The first column's coordinate and how many columns.
    columns: (i32, usize),
    /// For each drawn line of a row: the line and the row's coordinate.
    rows: Vec<(usize, i32)>,
}

impl Geometry {
    /// The cell drawn at character `x` of line `y`, if any.
    pub fn cell_at(&self, x: usize, y: usize) -> Option<Cell> {
        let &(_, row) = self.rows.iter().find(|&&(line, _)| line == y)?;
        let offset = x.checked_sub(self.left)?;
        let column = offset / (self.width + 1);
        (column < self.columns.1).then(|| Cell::new(self.columns.0 + column as i32, row))
    }

    /// Where `cell`'s piece is drawn (the middle of the cell): character and line.
    #[cfg(test)]
    pub fn position(&self, cell: Cell) -> Option<(usize, usize)> {
        let &(line, _) = self.rows.iter().find(|&&(_, row)| row == cell.y)?;
        let column = usize::try_from(cell.x - self.columns.0).ok()?;
        let middle = (self.height.max(1) - 1) / 2;
        (column < self.columns.1).then_some((
            self.left + column * (self.width + 1) + 1 + (self.width - 1) / 2,
            line + middle,
        ))
    }

    /// Characters across and lines down of a cell.
    #[cfg(test)]
    pub fn cell_size(&self) -> (usize, usize) {
        (self.width, self.height)
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
pub fn board_width(picture: &Picture, size: CellSize) -> usize {
    label_width(picture) + 2 + picture.board.columns.len() * (size.width + 1)
}

/// Lines the board of `picture` takes down, as [`board_lines`] draws it.
pub fn board_height(picture: &Picture, size: CellSize) -> usize {
    let rows = picture.board.rows.len();
    if size.grid {
        return 2 + rows * (size.height + 1);
    }
    let ys: Vec<i32> = picture.board.rows.coordinates_iter().collect();
    let xs: Vec<i32> = picture.board.columns.coordinates_iter().collect();
    let splits = ys
        .windows(2)
        .filter(|pair| {
            xs.iter().any(|&x| {
                picture.region_of(Cell::new(x, pair[0])) != picture.region_of(Cell::new(x, pair[1]))
            })
        })
        .count();
    1 + rows + splits
}

/// `text` centred in `width` characters (cut to them if longer).
fn centred(text: &str, width: usize) -> String {
    let n = text.chars().count();
    if n >= width {
        return text.chars().take(width).collect();
    }
    let left = (width - n).div_ceil(2);
    format!("{}{text}{}", " ".repeat(left), " ".repeat(width - n - left))
}

/// What the board's cells hold, looked up once.
struct Contents<'a> {
    picture: &'a Picture,
    marks: &'a HashMap<Cell, CellMark>,
    pieces: HashMap<Cell, &'a Piece>,
    values: HashMap<Cell, i64>,
    xs: Vec<i32>,
    ys: Vec<i32>,
}

impl<'a> Contents<'a> {
    fn new(picture: &'a Picture, marks: &'a HashMap<Cell, CellMark>) -> Self {
        Contents {
            picture,
            marks,
            pieces: picture.pieces.iter().map(|p| (p.cell, &p.piece)).collect(),
            values: picture.values.iter().map(|v| (v.cell, v.value)).collect(),
            xs: picture.board.columns.coordinates_iter().collect(),
            ys: picture.board.rows.coordinates_iter().collect(),
        }
    }

    fn region(&self, cell: Cell) -> Option<usize> {
        self.picture.region_of(cell)
    }

    fn mark(&self, cell: Cell) -> CellMark {
        self.marks.get(&cell).copied().unwrap_or_default()
    }
}

/// The column labels over the cells.
fn header(picture: &Picture, left: usize, size: CellSize) -> Line<'static> {
    let mut header = " ".repeat(left);
    for label in &picture.board.columns.labels {
        header.push(' ');
        header.push_str(&centred(label, size.width));
    }
    Line::from(Span::styled(header, Style::default().fg(Color::DarkGray)))
}

/// The board of `picture` as styled lines, its cells `size` big, with `marks` on cells; and
/// where it was drawn.
pub fn board_lines(
    picture: &Picture,
    marks: &HashMap<Cell, CellMark>,
    size: CellSize,
) -> (Vec<Line<'static>>, Geometry) {
    let label_width = label_width(picture);
    let left = label_width + 1;
    let mut geometry = Geometry {
        left,
        width: size.width,
        height: size.height,
        columns: (picture.board.columns.first, picture.board.columns.len()),
        rows: Vec::new(),
    };
    let contents = Contents::new(picture, marks);
    let mut lines = vec![header(picture, left, size)];
    if size.grid {
        grid_lines(&contents, size, &mut lines, &mut geometry);
    } else {
        compact_lines(&contents, &mut lines, &mut geometry);
    }
    (lines, geometry)
}

/// The compact board: cells three characters wide on one line, apart by a gap that shows the
/// cursor's brackets, a tile's joint or a region's edge; a line between rows where a region
/// ends.
fn compact_lines(contents: &Contents<'_>, lines: &mut Vec<Line<'static>>, geometry: &mut Geometry) {
    let picture = contents.picture;
    let (xs, ys) = (&contents.xs, &contents.ys);
    let label_width = geometry.left - 1;
    for (r, &y) in ys.iter().enumerate() {
        let mut spans: Vec<Span<'static>> = vec![Span::styled(
            format!("{:>label_width$} ", picture.board.rows.labels[r]),
            Style::default().fg(Color::DarkGray),
        )];
        for (c, &x) in xs.iter().enumerate() {
            let cell = Cell::new(x, y);
            let before = (c > 0).then(|| Cell::new(xs[c - 1], y));
            spans.push(gap(contents, before, Some(cell)));
            let (text, style) = cell_content(contents, cell, true);
            spans.push(Span::styled(centred(&text, CellSize::COMPACT.width), style));
        }
        let last = xs.last().map(|&x| Cell::new(x, y));
        spans.push(gap(contents, last, None));
        geometry.rows.push((lines.len(), y));
        lines.push(Line::from(spans));
        // A line between rows where a region ends.
        if let Some(&below) = ys.get(r + 1)
            && xs
                .iter()
                .any(|&x| contents.region(Cell::new(x, y)) != contents.region(Cell::new(x, below)))
        {
            let mut text = " ".repeat(geometry.left);
            for &x in xs {
                let split =
                    contents.region(Cell::new(x, y)) != contents.region(Cell::new(x, below));
                text.push(' ');
                text.push_str(if split { "───" } else { "   " });
            }
            lines.push(Line::from(Span::styled(
                text,
                Style::default().fg(Color::DarkGray),
            )));
        }
    }
}

/// How a grid line between two cells is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stroke {
    /// Not at all: the two halves of one tile.
    Blank,
    /// Between cells of one region, and around the board.
    Light,
    /// Where a region ends.
    Heavy,
}

impl Stroke {
    fn index(self) -> usize {
        match self {
            Stroke::Blank => 0,
            Stroke::Light => 1,
            Stroke::Heavy => 2,
        }
    }

    fn style(self) -> Style {
        match self {
            Stroke::Heavy => Style::default().fg(Color::Gray),
            _ => Style::default().fg(Color::DarkGray),
        }
    }
}

/// Box-drawing characters by their arms (up, down, left, right; each blank, light or heavy),
/// indexed `up × 27 + down × 9 + left × 3 + right`.
const JUNCTIONS: &str =
    " ╶╺╴─╼╸╾━╷┌┍┐┬┮┑┭┯╻┎┏┒┰┲┓┱┳╵└┕┘┴┶┙┵┷│├┝┤┼┾┥┽┿╽┟┢┧╁╆┪╅╈╹┖┗┚┸┺┛┹┻╿┞┡┦╀╄┩╃╇┃┠┣┨╂╊┫╉╋";

/// The character where grid lines with these arms meet.
fn junction(up: Stroke, down: Stroke, left: Stroke, right: Stroke) -> char {
    let index = up.index() * 27 + down.index() * 9 + left.index() * 3 + right.index();
    JUNCTIONS.chars().nth(index).unwrap_or(' ')
}

/// The stroke between cells `a` and `b` (either may be off the board).
fn stroke(contents: &Contents<'_>, a: Option<Cell>, b: Option<Cell>) -> Stroke {
    match (a, b) {
        (Some(a), Some(b)) if contents.picture.linked(a) == Some(b) => Stroke::Blank,
        (Some(a), Some(b)) if contents.region(a) != contents.region(b) => Stroke::Heavy,
        (None, None) => Stroke::Blank,
        _ => Stroke::Light,
    }
}

/// The gridded board: each cell inside lines, heavy where a region ends, none between a
/// tile's two halves (a joint instead); the cursor's cell reversed, its brackets inside.
fn grid_lines(
    contents: &Contents<'_>,
    size: CellSize,
    lines: &mut Vec<Line<'static>>,
    geometry: &mut Geometry,
) {
    let picture = contents.picture;
    let (xs, ys) = (&contents.xs, &contents.ys);
    let cell = |c: usize, r: usize| -> Option<Cell> {
        Some(Cell::new(
            *xs.get(c.checked_sub(1)?)?,
            *ys.get(r.checked_sub(1)?)?,
        ))
    };
    // Columns and rows counted from 1, 0 and n + 1 being off the board.
    let vertical = |c: usize, r: usize| stroke(contents, cell(c, r + 1), cell(c + 1, r + 1));
    let horizontal = |r: usize, c: usize| stroke(contents, cell(c + 1, r), cell(c + 1, r + 1));
    let (columns, rows) = (xs.len(), ys.len());
    let label_width = geometry.left - 1;
    for r in 0..=rows {
        // The line above row r (below the last row when r = rows).
        let mut spans = vec![Span::raw(" ".repeat(geometry.left))];
        for c in 0..=columns {
            let up = if r > 0 {
                vertical(c, r - 1)
            } else {
                Stroke::Blank
            };
            let down = if r < rows {
                vertical(c, r)
            } else {
                Stroke::Blank
            };
            let left = if c > 0 {
                horizontal(r, c - 1)
            } else {
                Stroke::Blank
            };
            let right = if c < columns {
                horizontal(r, c)
            } else {
                Stroke::Blank
            };
            let heavy = [up, down, left, right].contains(&Stroke::Heavy);
            let style = if heavy { Stroke::Heavy } else { Stroke::Light }.style();
            spans.push(Span::styled(
                junction(up, down, left, right).to_string(),
                style,
            ));
            if c < columns {
                let text = match right {
                    Stroke::Blank => centred("┃", size.width),
                    Stroke::Light => "─".repeat(size.width),
                    Stroke::Heavy => "━".repeat(size.width),
                };
                spans.push(Span::styled(text, right.style()));
            }
        }
        lines.push(Line::from(spans));
        let (Some(&y), Some(row_label)) = (ys.get(r), picture.board.rows.labels.get(r)) else {
            break;
        };
        for line in 0..size.height {
            let label = if line == size.middle() {
                row_label.as_str()
            } else {
                ""
            };
            let mut spans: Vec<Span<'static>> = vec![Span::styled(
                format!("{label:>label_width$} "),
                Style::default().fg(Color::DarkGray),
            )];
            for c in 0..=columns {
                let between = vertical(c, r);
                let text = match between {
                    Stroke::Blank if line == size.middle() && c > 0 && c < columns => "━",
                    Stroke::Blank => " ",
                    Stroke::Light => "│",
                    Stroke::Heavy => "┃",
                };
                let style = if between == Stroke::Blank {
                    Style::default().fg(Color::Gray)
                } else {
                    between.style()
                };
                spans.push(Span::styled(text, style));
                if let Some(here) = cell(c + 1, r + 1) {
                    let (text, style) = cell_content(contents, here, false);
                    if line == size.middle() && contents.mark(here).cursor {
                        // The cursor's brackets, inside its cell.
                        let inside = centred(&text, size.width - 2);
                        spans.push(Span::styled(format!("[{inside}]"), style));
                    } else if line == size.middle() {
                        spans.push(Span::styled(centred(&text, size.width), style));
                    } else {
                        let style = style.remove_modifier(Modifier::UNDERLINED);
                        spans.push(Span::styled(" ".repeat(size.width), style));
                    }
                }
            }
            geometry.rows.push((lines.len(), y));
            lines.push(Line::from(spans));
        }
    }
}

/// The character between cells `before` and `after` (either may be off the board) on the
/// compact board: a bracket of the cursor, a joint of a tile laid across, a region's edge, or
/// a space.
fn gap(contents: &Contents<'_>, before: Option<Cell>, after: Option<Cell>) -> Span<'static> {
    let cursor = |cell: Option<Cell>| cell.is_some_and(|c| contents.mark(c).cursor);
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
        if contents.picture.linked(a) == Some(b) {
            return Span::styled("━", Style::default().fg(Color::Gray));
        }
        if contents.region(a) != contents.region(b) {
            return Span::styled("│", Style::default().fg(Color::DarkGray));
        }
    }
    Span::raw(" ")
}

/// One cell's text (not yet centred): its piece (with its value, if any), or its value, or a
/// dot; styled by the position's marks (last turn, deciding) and the move being made. On the
/// compact board, bars beside a half join it to the other half of its tile, laid down.
fn cell_content(contents: &Contents<'_>, cell: Cell, compact: bool) -> (String, Style) {
    let picture = contents.picture;
    let mark = contents.mark(cell);
    let value = contents.values.get(&cell).map(i64::to_string);
    let (text, mut style) = if let Some(piece) = contents.pieces.get(&cell) {
        let (mut text, style) = glyph(piece);
        if let Some(v) = &value {
            text.push_str(v);
        }
        // A half whose tile is laid down: bars beside it join it to the other half.
        if compact
            && picture
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
    (text, style)
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

/// The legend: each key's glyph, as the board draws it, and its meaning (joined by
/// [`GLUE`], for [`crate::tui::layout::wrap`]); the keys in a seat's ink on a line of their
/// own after the seat's name (`names`), as the reserves name it; then the marks.
pub fn legend_lines(picture: &Picture, names: &dyn Fn(usize) -> String) -> Vec<Line<'static>> {
    let whose = |key: &Key| match key.piece.ink {
        Ink::Seat(seat) => Some(seat),
        _ => None,
    };
    let mut lines: Vec<Line<'static>> = Vec::new();
    for group in picture.legend.chunk_by(|a, b| whose(a) == whose(b)) {
        let mut spans = Vec::new();
        if let Some(seat) = whose(&group[0]) {
            spans.push(Span::styled(format!("{}: ", names(seat)), seat_style(seat)));
        }
        for key in group {
            let (text, style) = glyph(&key.piece);
            spans.push(Span::styled(text, style));
            // The glyph stays with the first word of its meaning when the legend is wrapped.
            spans.push(Span::styled(
                format!("{GLUE}{}  ", key.meaning),
                Style::default().fg(Color::DarkGray),
            ));
        }
        lines.push(Line::from(spans));
    }
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
        let (lines, geometry) = board_lines(&picture(), &marks, CellSize::COMPACT);
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
