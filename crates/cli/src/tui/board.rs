//! The board picture: a game's own text rendering ([`tabuleiro_core::Game::render`]) read as a
//! grid of named cells, so that the UI can put a cursor and highlights on any game without
//! knowing it.
//!
//! A board is drawn with a header line of column labels and each row starting with its label;
//! a cell's symbol ends under its column's label. Two ways of naming cells are read, as the
//! games' notations name them: column letters and row numbers (`a b c` over rows `1 2 3`,
//! cells `c4`), or numbers both ways (`-1 0 1`, cells `x,y` such as `0,-1`). A rendering
//! without such a grid is shown as plain text (moves can still be typed).

use std::collections::HashMap;

use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};

use super::skin::Skin;

/// One cell of the grid: its column and row labels as numbers (column `a` is 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    /// Column label: 0 for `a`, 1 for `b` …, or the printed number.
    pub column: i32,
    /// Row label as printed.
    pub row: i32,
}

/// How the board names its cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Naming {
    /// Column letter then row number: `c4`.
    #[default]
    LetterNumber,
    /// Column number, comma, row number: `3,-1`.
    NumberPair,
}

/// How one cell is to be drawn on top of its symbol.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellMark {
    /// The cursor is here (drawn with brackets, readable without colour).
    pub cursor: bool,
    /// The chosen piece or direction may be played here.
    pub legal: bool,
    /// The chosen piece or direction is refused here.
    pub illegal: bool,
    /// Another cell of the move under the cursor (for example Taiji's dark half).
    pub partner: bool,
    /// Part of the move suggested by a hint.
    pub hint: bool,
    /// Part of the last move played.
    pub last: bool,
}

/// A game's text rendering with the positions of its cells.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardPicture {
    lines: Vec<Vec<char>>,
    naming: Naming,
    /// Each column's label and the character offset where its label ends on the header line,
    /// left to right.
    columns: Vec<(i32, usize)>,
    /// The line index and label of each row, top to bottom.
    rows: Vec<(usize, i32)>,
}

/// Style of each seat's pieces: colours chosen to differ on dark and light terminals.
pub const SEAT_COLOURS: [Color; 4] = [Color::Cyan, Color::Yellow, Color::Green, Color::Magenta];

impl BoardPicture {
    /// Reads a rendering. Never fails: without a recognisable grid, the picture has no cells.
    pub fn parse(text: &str) -> Self {
        let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
        let mut picture = BoardPicture {
            lines,
            ..BoardPicture::default()
        };
        let Some((header, naming, columns)) =
            picture.lines.iter().enumerate().find_map(|(i, line)| {
                column_letters(line)
                    .map(|c| (i, Naming::LetterNumber, c))
                    .or_else(|| column_numbers(line).map(|c| (i, Naming::NumberPair, c)))
            })
        else {
            return picture;
        };
        let mut rows = Vec::new();
        for (i, line) in picture.lines.iter().enumerate().skip(header + 1) {
            let text: String = line.iter().collect();
            let Some(first) = text.split_whitespace().next() else {
                continue;
            };
            let digits: String = first
                .chars()
                .enumerate()
                .take_while(|&(k, c)| c.is_ascii_digit() || (k == 0 && c == '-'))
                .map(|(_, c)| c)
                .collect();
            let Ok(label) = digits.parse::<i32>() else {
                break;
            };
            rows.push((i, label));
        }
        if rows.is_empty() {
            return picture;
        }
        picture.naming = naming;
        picture.columns = columns;
        picture.rows = rows;
        picture
    }

    /// Whether the rendering has a grid of cells.
    pub fn has_grid(&self) -> bool {
        !self.columns.is_empty() && !self.rows.is_empty()
    }

    /// How the board names its cells.
    pub fn naming(&self) -> Naming {
        self.naming
    }

    /// The name of `cell` as the notation writes it: `c4` or `3,-1`.
    pub fn name(&self, cell: Cell) -> String {
        match self.naming {
            Naming::LetterNumber => {
                let letter = u8::try_from(cell.column)
                    .ok()
                    .filter(|c| *c < 26)
                    .map_or('?', |c| char::from(b'a' + c));
                format!("{letter}{}", cell.row)
            }
            Naming::NumberPair => format!("{},{}", cell.column, cell.row),
        }
    }

    /// Width in characters of the widest line.
    pub fn width(&self) -> usize {
        self.lines.iter().map(Vec::len).max().unwrap_or(0)
    }

    /// Every cell, row by row from the top.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.rows.iter().flat_map(|&(_, row)| {
            self.columns
                .iter()
                .map(move |&(column, _)| Cell { column, row })
        })
    }

    /// Whether `cell` is on the board.
    pub fn contains(&self, cell: Cell) -> bool {
        self.column_index(cell.column).is_some() && self.row_index(cell.row).is_some()
    }

    /// The top-left cell, where the cursor starts.
    pub fn first_cell(&self) -> Option<Cell> {
        self.cells().next()
    }

    fn row_index(&self, row: i32) -> Option<usize> {
        self.rows.iter().position(|&(_, r)| r == row)
    }

    fn column_index(&self, column: i32) -> Option<usize> {
        self.columns.iter().position(|&(c, _)| c == column)
    }

    /// The cell `columns` to the right and `rows` down from `cell` (on screen), stopping at
    /// the edges.
    pub fn step(&self, cell: Cell, columns: i32, rows: i32) -> Cell {
        let (Some(row), Some(column)) = (self.row_index(cell.row), self.column_index(cell.column))
        else {
            return cell;
        };
        let last_row = self.rows.len().saturating_sub(1) as i32;
        let last_column = self.columns.len().saturating_sub(1) as i32;
        let row = (row as i32 + rows).clamp(0, last_row) as usize;
        let column = (column as i32 + columns).clamp(0, last_column) as usize;
        Cell {
            column: self.columns[column].0,
            row: self.rows[row].1,
        }
    }

    /// Whether printed row labels grow downwards (so that `+1` in a row label is "down").
    pub fn rows_grow_down(&self) -> bool {
        match self.rows.as_slice() {
            [(_, a), (_, b), ..] => b > a,
            _ => true,
        }
    }

    /// Distance in characters between neighbouring columns.
    fn spacing(&self) -> usize {
        match self.columns.as_slice() {
            [(_, a), (_, b), ..] => b - a,
            _ => 2,
        }
    }

    /// Where a cell's symbol is drawn: line index and the first and last character offsets
    /// (the run of non-blank characters around the column's label position, kept between
    /// the neighbouring columns).
    pub fn span(&self, cell: Cell) -> Option<(usize, usize, usize)> {
        let column = self.column_index(cell.column)?;
        let x = self.columns[column].1;
        let (line_index, _) = self.rows[self.row_index(cell.row)?];
        let line = &self.lines[line_index];
        let spacing = self.spacing();
        let low = if column == 0 {
            x.saturating_sub(spacing - 1)
        } else {
            self.columns[column - 1].1 + 1
        };
        let high = self
            .columns
            .get(column + 1)
            .map_or(x + spacing - 1, |&(_, n)| n - 1);
        let blank = |i: usize| line.get(i).is_none_or(|c| c.is_whitespace());
        if blank(x) {
            return Some((line_index, x, x));
        }
        let mut start = x;
        while start > low && !blank(start - 1) {
            start -= 1;
        }
        let mut end = x;
        while end < high && !blank(end + 1) {
            end += 1;
        }
        Some((line_index, start, end))
    }

    /// Whether `cell` shows the empty-cell symbol `.` alone.
    pub fn is_empty_cell(&self, cell: Cell) -> bool {
        self.span(cell)
            .is_some_and(|(y, start, end)| start == end && self.lines[y].get(start) == Some(&'.'))
    }

    /// The cell drawn at character `x` of line `y`, if any (a click near a cell counts).
    pub fn cell_at(&self, x: usize, y: usize) -> Option<Cell> {
        let &(_, row) = self.rows.iter().find(|&&(line, _)| line == y)?;
        let spacing = self.spacing();
        let (column, distance) = self
            .columns
            .iter()
            .map(|&(label, cx)| (label, cx.abs_diff(x)))
            .min_by_key(|&(_, d)| d)?;
        (distance < spacing.max(2)).then_some(Cell { column, row })
    }

    /// The rendering as styled lines: pieces coloured and drawn with `skin`'s glyphs, empty
    /// cells as `·`, and each cell's mark (cursor brackets, legal `+`, illegal `×`, hint and
    /// last move colours).
    pub fn styled_lines(&self, marks: &HashMap<Cell, CellMark>, skin: &Skin) -> Vec<Line<'static>> {
        let mut styles: Vec<Vec<(char, Style)>> = self
            .lines
            .iter()
            .map(|l| l.iter().map(|&c| (c, Style::default())).collect())
            .collect();
        for cell in self.cells() {
            let Some((y, start, end)) = self.span(cell) else {
                continue;
            };
            let mark = marks.get(&cell).copied().unwrap_or_default();
            let line = &mut styles[y];
            while line.len() <= end + 1 {
                line.push((' ', Style::default()));
            }
            // A piece mark with one letter belongs to a seat by its case (`A-`, `b|`); longer
            // words (tiles, names) are no one's.
            let mut letters = line[start..=end].iter().filter(|(c, _)| c.is_alphabetic());
            let owner = match (letters.next(), letters.next()) {
                (Some((c, _)), None) => Some(usize::from(!c.is_uppercase())),
                _ => None,
            };
            for entry in &mut line[start..=end] {
                let (c, style) = entry;
                if *c == '.' {
                    *c = if mark.illegal {
                        '×'
                    } else if mark.legal {
                        '+'
                    } else if mark.partner || mark.hint {
                        '•'
                    } else {
                        '·'
                    };
                    *style = Style::default().fg(Color::DarkGray);
                } else if let Some((glyph, seat)) = skin.glyph(*c) {
                    *c = glyph;
                    *style = piece_style(seat);
                } else if !c.is_ascii_digit()
                    && let Some(seat) = owner
                {
                    *style = piece_style(seat);
                }
                *style = mark_style(*style, mark);
            }
            if mark.cursor {
                let bracket = Style::default()
                    .fg(Color::White)
                    .add_modifier(Modifier::BOLD);
                if start > 0 && line[start - 1].0 == ' ' {
                    line[start - 1] = ('[', bracket);
                }
                if line[end + 1].0 == ' ' {
                    line[end + 1] = (']', bracket);
                }
            }
        }
        styles
            .into_iter()
            .map(|line| {
                let mut spans: Vec<Span<'static>> = Vec::new();
                let mut text = String::new();
                let mut current = Style::default();
                for (c, style) in line {
                    if style != current && !text.is_empty() {
                        spans.push(Span::styled(std::mem::take(&mut text), current));
                    }
                    current = style;
                    text.push(c);
                }
                if !text.is_empty() {
                    spans.push(Span::styled(text, current));
                }
                Line::from(spans)
            })
            .collect()
    }
}

/// The style of a seat's pieces.
pub fn piece_style(seat: usize) -> Style {
    Style::default()
        .fg(SEAT_COLOURS[seat % SEAT_COLOURS.len()])
        .add_modifier(Modifier::BOLD)
}

fn mark_style(style: Style, mark: CellMark) -> Style {
    let mut style = style;
    if mark.last {
        style = style.add_modifier(Modifier::UNDERLINED);
    }
    if mark.illegal {
        style = style.fg(Color::Red);
    }
    if mark.legal {
        style = style.bg(Color::Rgb(0, 95, 0));
        if style.fg == Some(Color::DarkGray) {
            style = style.fg(Color::LightGreen);
        }
    }
    if mark.partner {
        style = style.bg(Color::Rgb(95, 0, 95));
    }
    if mark.hint {
        style = style.bg(Color::Rgb(135, 95, 0));
    }
    if mark.cursor {
        style = style.add_modifier(Modifier::BOLD | Modifier::REVERSED);
    }
    style
}

/// The columns if `line` is a header of column letters `a b c …` (at least two).
fn column_letters(line: &[char]) -> Option<Vec<(i32, usize)>> {
    let mut columns = Vec::new();
    for (i, &c) in line.iter().enumerate() {
        if c.is_whitespace() {
            continue;
        }
        let expected = char::from(b'a' + u8::try_from(columns.len()).ok().filter(|n| *n < 26)?);
        let alone = line.get(i + 1).is_none_or(|n| n.is_whitespace());
        if c != expected || !alone {
            return None;
        }
        columns.push((columns.len() as i32, i));
    }
    (columns.len() >= 2).then_some(columns)
}

/// The columns if `line` is a header of consecutive numbers `-1 0 1 …` (at least two), each
/// column at the last character of its number.
fn column_numbers(line: &[char]) -> Option<Vec<(i32, usize)>> {
    let text: String = line.iter().collect();
    let mut columns: Vec<(i32, usize)> = Vec::new();
    let mut offset = 0;
    for token in text.split_whitespace() {
        // Offsets in characters: the line was read from chars, and numbers are ASCII.
        let start = text[offset..].find(token)? + offset;
        offset = start + token.len();
        let label: i32 = token.parse().ok()?;
        if columns
            .last()
            .is_some_and(|&(previous, _)| label != previous + 1)
        {
            return None;
        }
        let chars_before = text[..start].chars().count();
        columns.push((label, chars_before + token.len() - 1));
    }
    (columns.len() >= 2).then_some(columns)
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUANTIK: &str = "     a b   c d\n  1  C .   . .\n  2  . .   . .\n\n  3  . .   . .\n  4  . .   . s\n\n  Player 1 to move\n";

    const PUSHEE: &str = "       a   b\n   1 A-8   6\n   2   1 b|5\n\n  score";

    fn cell(name: &str) -> Cell {
        let b = name.as_bytes();
        Cell {
            column: i32::from(b[0] - b'a'),
            row: name[1..].parse().unwrap(),
        }
    }

    #[test]
    fn reads_the_grid_of_a_quantik_board_with_a_gap_between_regions() {
        let p = BoardPicture::parse(QUANTIK);
        assert!(p.has_grid());
        assert_eq!(p.cells().count(), 16);
        assert_eq!(p.span(cell("a1")), Some((1, 5, 5)));
        assert_eq!(p.span(cell("d4")), Some((5, 13, 13)));
        assert_eq!(p.cell_at(11, 4), Some(cell("c3")));
        assert_eq!(p.cell_at(11, 3), None, "the blank line between regions");
        assert_eq!(p.step(cell("a1"), -1, 5), cell("a4"));
        assert!(p.rows_grow_down());
    }

    #[test]
    fn a_cell_spans_its_piece_mark_and_value() {
        let p = BoardPicture::parse(PUSHEE);
        assert_eq!(p.span(cell("a1")), Some((1, 5, 7)));
        assert_eq!(p.span(cell("b1")), Some((1, 11, 11)));
        assert_eq!(p.span(cell("b2")), Some((2, 9, 11)));
    }

    #[test]
    fn numbered_columns_and_rows_name_cells_by_pairs() {
        let text = "      -1   0   1
  -1   .   .   .
   0   .  RH   .
   1   .  GS   .
> Player 1";
        let p = BoardPicture::parse(text);
        assert_eq!(p.naming(), Naming::NumberPair);
        assert_eq!(p.cells().count(), 9);
        let centre = Cell { column: 0, row: 0 };
        assert_eq!(p.name(centre), "0,0");
        assert_eq!(p.span(centre), Some((2, 10, 11)));
        assert_eq!(p.first_cell().map(|c| p.name(c)).as_deref(), Some("-1,-1"));
        assert_eq!(p.step(centre, 1, 1), Cell { column: 1, row: 1 });
        assert!(p.is_empty_cell(Cell { column: 1, row: -1 }));
    }

    #[test]
    fn text_without_a_grid_has_no_cells() {
        let p = BoardPicture::parse("hand: 3 cards\npile: 12\n");
        assert!(!p.has_grid());
        assert_eq!(p.cells().count(), 0);
        assert_eq!(p.first_cell(), None);
    }

    #[test]
    fn marks_are_readable_without_colour() {
        let p = BoardPicture::parse(QUANTIK);
        let mut marks = HashMap::new();
        marks.insert(
            cell("b1"),
            CellMark {
                cursor: true,
                legal: true,
                ..CellMark::default()
            },
        );
        marks.insert(
            cell("a2"),
            CellMark {
                illegal: true,
                ..CellMark::default()
            },
        );
        let lines = p.styled_lines(&marks, &Skin::default());
        let text: Vec<String> = lines
            .iter()
            .map(|l| l.to_string().trim_end().to_owned())
            .collect();
        assert_eq!(text[1], "  1  C[+]  · ·");
        assert_eq!(text[2], "  2  × ·   · ·");
    }
}
