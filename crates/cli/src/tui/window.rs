//! The part of a board that fits, when even its smallest cells do not (an open grid grown
//! taller or wider than the terminal): a window of whole rows and columns, with their own
//! labels, that keeps in view what matters most — the cursor always, then the cells of the
//! move being made, then the last turn, then where a move can go, then the pieces — and
//! follows the cursor as it moves, like a scrolled view.

use std::collections::HashMap;
use std::ops::Range;

use tabuleiro_core::{Axis, Cell, Picture};

use crate::tui::drawing::{CellMark, CellSize, board_height, board_width};

/// A board cut to the rows and columns that fit, and which sides have more.
pub struct Window {
    /// The picture with its board cut to the window (pieces and marks elsewhere are simply
    /// not drawn).
    pub picture: Picture,
    /// Sides with cells beyond the window: up, down, left, right.
    pub beyond: [bool; 4],
}

impl Window {
    /// Arrows for the sides with cells beyond the window (`↑↓`), empty when it shows all.
    pub fn arrows(&self) -> String {
        self.beyond
            .iter()
            .zip(['↑', '↓', '←', '→'])
            .filter(|(more, _)| **more)
            .map(|(_, arrow)| arrow)
            .collect()
    }
}

/// The cells that should stay in view, most important first: the cursor; the cells pointed
/// at and the hint's; the last turn's and those that decided the game; where a move can go;
/// every piece.
fn wanted(picture: &Picture, marks: &HashMap<Cell, CellMark>) -> Vec<Vec<Cell>> {
    let marked = |keep: fn(&CellMark) -> bool| -> Vec<Cell> {
        let mut cells: Vec<Cell> = marks
            .iter()
            .filter(|(_, m)| keep(m))
            .map(|(&c, _)| c)
            .collect();
        cells.sort();
        cells
    };
    let mut last = picture.last.clone();
    last.extend(&picture.deciding);
    vec![
        marked(|m| m.cursor),
        marked(|m| m.chosen || m.hint),
        last,
        marked(|m| m.target),
        picture.pieces.iter().map(|p| p.cell).collect(),
    ]
}

/// The first of `count` coordinates of an axis of `len` from `first` that hold the wanted
/// ones (`groups`, most important first) as well as they can: the whole of each group while
/// it fits with those before it, else the part of it nearest them; then centred on them.
fn start(first: i32, len: usize, count: usize, groups: &[Vec<i32>]) -> i32 {
    if len == 0 {
        return first;
    }
    let last = first + len as i32 - 1;
    let count = count.clamp(1, len) as i32;
    let mut span: Option<(i32, i32)> = None;
    for group in groups {
        let (Some(&low), Some(&high)) = (group.iter().min(), group.iter().max()) else {
            continue;
        };
        let (low, high) = (low.clamp(first, last), high.clamp(first, last));
        span = Some(match span {
            None if high - low < count => (low, high),
            // Too wide alone: its middle.
            None => {
                let from = (low + high + 1 - count) / 2;
                (from, from + count - 1)
            }
            Some((from, to)) => {
                let (mut new_from, mut new_to) = (from.min(low), to.max(high));
                // What does not fit goes, the side away from the cells already in.
                if new_to - new_from >= count {
                    if low < from {
                        new_from = new_from.max(to - count + 1);
                    }
                    new_to = new_to.min(new_from + count - 1);
                }
                (new_from, new_to)
            }
        });
    }
    let (from, to) = span.unwrap_or((first, first));
    let spare = count - (to - from + 1);
    (from - spare / 2).clamp(first, last - count + 1)
}

/// `axis` cut to the coordinates `range`.
fn cut(axis: &Axis, range: Range<i32>) -> Axis {
    let skip = usize::try_from(range.start - axis.first).unwrap_or(0);
    Axis {
        first: range.start,
        labels: axis
            .labels
            .iter()
            .skip(skip)
            .take(range.len())
            .cloned()
            .collect(),
    }
}

/// `picture`'s board cut to the rows and columns `size` cells leave room for in `width` ×
/// `height` characters, keeping the cells that matter in view ([`wanted`]); the whole board
/// when it fits.
pub fn window(
    picture: &Picture,
    marks: &HashMap<Cell, CellMark>,
    size: CellSize,
    width: usize,
    height: usize,
) -> Window {
    let board = &picture.board;
    let groups = wanted(picture, marks);
    let along = |pick: fn(&Cell) -> i32| -> Vec<Vec<i32>> {
        groups
            .iter()
            .map(|g| g.iter().map(pick).collect())
            .collect()
    };
    let (xs, ys) = (along(|c| c.x), along(|c| c.y));
    let columns = board.columns.len();
    let rows = board.rows.len();
    // Columns: the label and a cell's width each (the labels of all rows: never narrower
    // than those of the rows shown).
    let fixed = board_width(picture, size) - columns * (size.width + 1);
    let across = (width.saturating_sub(fixed) / (size.width + 1)).clamp(1, columns.max(1));
    let x = start(board.columns.first, columns, across, &xs);
    let mut cropped = picture.clone();
    cropped.board.columns = cut(&board.columns, x..x + across as i32);
    // Rows: as many as fit, lines between regions counted.
    let mut down = rows.min(height.saturating_sub(1)).max(1);
    loop {
        let y = start(board.rows.first, rows, down, &ys);
        cropped.board.rows = cut(&board.rows, y..y + down as i32);
        if down == 1 || board_height(&cropped, size) <= height {
            break;
        }
        down -= 1;
    }
    let shown = |axis: &Axis| (axis.first, axis.first + axis.len() as i32);
    let ((left, right), (top, bottom)) =
        (shown(&cropped.board.columns), shown(&cropped.board.rows));
    let (all_x, all_y) = (shown(&board.columns), shown(&board.rows));
    Window {
        beyond: [
            top > all_y.0,
            bottom < all_y.1,
            left > all_x.0,
            right < all_x.1,
        ],
        picture: cropped,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_window_holds_the_cursor_then_as_much_else_as_fits() {
        // Axis -10..=19 (30 cells), room for 10.
        assert_eq!(start(-10, 30, 10, &[vec![0]]), -4, "centred on it");
        // The last turn far below: the window reaches from the cursor towards it.
        assert_eq!(start(-10, 30, 10, &[vec![0], vec![15, 16]]), 0);
        // Far above: the cursor at the window's bottom.
        assert_eq!(start(-10, 30, 10, &[vec![5], vec![-10, -9]]), -4);
        // Both fit: centred on both.
        assert_eq!(start(-10, 30, 10, &[vec![0], vec![4]]), -2);
        // At the edge of the axis, the window stays on it.
        assert_eq!(start(-10, 30, 10, &[vec![-10]]), -10);
        assert_eq!(start(-10, 30, 10, &[vec![19]]), 10);
        // Nothing wanted: from the first cell.
        assert_eq!(start(-10, 30, 10, &[]), -10);
        // Room for all of it.
        assert_eq!(start(-10, 30, 40, &[vec![0]]), -10);
    }
}
