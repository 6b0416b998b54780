//! Moves and their notation: a play `RH@0,0 RS@1,0`, a swap `swap RH@2,1`, a pass `pass` or a
//! pass with a trade `pass RH GS`.

use std::fmt;

use super::grid::{Cell, LIMIT};
use super::tile::Tile;

/// Marks an offset of a play that receives no tile (a tile already on the grid, or the end).
pub const NONE: u8 = u8::MAX;

/// A play: tiles put on empty cells of one row or column.
///
/// `tiles[i]` is the code of the tile put on the cell `i` steps from `start` to the right
/// (or down when `vertical`), or [`NONE`]; `tiles[0]` is always a tile. A play of one tile
/// is always stored as a row play. The cells skipped between placed tiles must hold tiles.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Play {
    /// The first cell that receives a tile.
    pub start: Cell,
    /// Along a column instead of a row.
    pub vertical: bool,
    /// Tile codes by offset from `start`.
    pub tiles: [u8; 5],
}

impl Play {
    /// The placed tiles with their cells, from `start` on.
    pub fn placements(&self) -> impl Iterator<Item = (Cell, Tile)> + '_ {
        self.tiles.iter().enumerate().filter_map(|(i, &code)| {
            let tile = Tile::from_code(code)?;
            let cell = self.start.offset(self.vertical, i as i32)?;
            Some((cell, tile))
        })
    }

    /// Number of tiles placed.
    pub fn count(&self) -> usize {
        self.tiles.iter().filter(|&&c| c != NONE).count()
    }
}

/// A swap: hand tiles put in place of wild tiles on the grid (sorted by cell, no cell twice).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Swap {
    /// The cells of the wilds taken.
    pub cells: [Cell; 5],
    /// The hand tiles put there (codes).
    pub tiles: [u8; 5],
    /// How many pairs are used.
    pub count: u8,
}

impl Swap {
    /// The `(cell, hand tile)` pairs.
    pub fn pairs(&self) -> impl Iterator<Item = (Cell, Tile)> + '_ {
        (0..self.count as usize)
            .filter_map(|i| Tile::from_code(self.tiles[i]).map(|t| (self.cells[i], t)))
    }
}

/// A pass, trading the listed hand tiles (sorted codes; none for a plain pass).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Trade {
    /// The traded tiles (codes).
    pub tiles: [u8; 5],
    /// How many.
    pub count: u8,
}

impl Trade {
    /// The traded tiles.
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        self.tiles[..self.count as usize]
            .iter()
            .filter_map(|&c| Tile::from_code(c))
    }
}

/// One turn's action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum QintoMove {
    /// Put tiles on the grid.
    Play(Play),
    /// Give hand tiles for wilds on the grid.
    Swap(Swap),
    /// Pass, putting some tiles (perhaps none) under the own pile and drawing as many.
    Pass(Trade),
}

impl fmt::Display for QintoMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            QintoMove::Play(play) => {
                let parts: Vec<String> = play
                    .placements()
                    .map(|(cell, tile)| format!("{tile}@{cell}"))
                    .collect();
                f.write_str(&parts.join(" "))
            }
            QintoMove::Swap(swap) => {
                f.write_str("swap")?;
                for (cell, tile) in swap.pairs() {
                    write!(f, " {tile}@{cell}")?;
                }
                Ok(())
            }
            QintoMove::Pass(trade) => {
                f.write_str("pass")?;
                for tile in trade.tiles() {
                    write!(f, " {tile}")?;
                }
                Ok(())
            }
        }
    }
}

/// What a move looks like, for error messages.
pub const SYNTAX: &str = "a play is tiles on cells, e.g. `RH@0,0 RS@1,0` (tile = colour R G B Y K \
     or * and shape S X D H C or *; cell = column,row); a swap is `swap RH@2,1` (a hand tile \
     for the wild on that cell); a pass is `pass`, or `pass RH GS` to trade those tiles";

/// Reads a move.
///
/// # Errors
/// A sentence saying what is wrong.
pub fn parse_move(text: &str) -> Result<QintoMove, String> {
    let mut words = text.split_whitespace().peekable();
    let Some(&first) = words.peek() else {
        return Err(format!("empty move: {SYNTAX}"));
    };
    if first.eq_ignore_ascii_case("pass") {
        words.next();
        let mut tiles = Vec::new();
        for word in words {
            tiles.push(Tile::parse(word)?);
        }
        if tiles.len() > 5 {
            return Err("a pass trades at most the 5 tiles of a hand".to_owned());
        }
        tiles.sort_unstable();
        let mut trade = Trade {
            tiles: [NONE; 5],
            count: tiles.len() as u8,
        };
        for (slot, t) in trade.tiles.iter_mut().zip(&tiles) {
            *slot = t.code();
        }
        return Ok(QintoMove::Pass(trade));
    }
    if first.eq_ignore_ascii_case("swap") {
        words.next();
        let mut pairs = Vec::new();
        for word in words {
            pairs.push(parse_placement(word)?);
        }
        if pairs.is_empty() {
            return Err(
                "a swap names a hand tile and the cell of a wild, e.g. `swap RH@2,1`".to_owned(),
            );
        }
        if pairs.len() > 5 {
            return Err("a swap gives at most the 5 tiles of a hand".to_owned());
        }
        pairs.sort_unstable_by_key(|&(cell, _)| cell);
        if let Some(w) = pairs.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(format!("cell {} is named twice", w[0].0));
        }
        let mut swap = Swap {
            cells: [Cell::ORIGIN; 5],
            tiles: [NONE; 5],
            count: pairs.len() as u8,
        };
        for (i, (cell, tile)) in pairs.into_iter().enumerate() {
            swap.cells[i] = cell;
            swap.tiles[i] = tile.code();
        }
        return Ok(QintoMove::Swap(swap));
    }
    let mut placements = Vec::new();
    for word in words {
        placements.push(parse_placement(word)?);
    }
    play_from(&mut placements).map(QintoMove::Play)
}

/// Builds a play from tiles on cells (in any order).
///
/// # Errors
/// When the cells are not in one row or column within 5 cells, or a cell is named twice.
pub fn play_from(placements: &mut [(Cell, Tile)]) -> Result<Play, String> {
    if placements.is_empty() {
        return Err(format!("no tile given: {SYNTAX}"));
    }
    if placements.len() > 5 {
        return Err("a play puts at most the 5 tiles of a hand".to_owned());
    }
    placements.sort_unstable_by_key(|&(cell, _)| (cell.y, cell.x));
    if let Some(w) = placements.windows(2).find(|w| w[0].0 == w[1].0) {
        return Err(format!("cell {} is named twice", w[0].0));
    }
    let start = placements[0].0;
    let same_row = placements.iter().all(|(c, _)| c.y == start.y);
    let same_column = placements.iter().all(|(c, _)| c.x == start.x);
    let vertical = match (same_row, same_column) {
        (true, _) => false,
        (false, true) => true,
        (false, false) => {
            return Err("the tiles of a play must all be in one row or all in one column".into());
        }
    };
    let mut play = Play {
        start,
        vertical,
        tiles: [NONE; 5],
    };
    for &(cell, tile) in placements.iter() {
        let offset = if vertical {
            i32::from(cell.y) - i32::from(start.y)
        } else {
            i32::from(cell.x) - i32::from(start.x)
        };
        let slot = play.tiles.get_mut(offset as usize).ok_or_else(|| {
            "the tiles of a play must lie within 5 neighbouring cells (a line has at most 5 tiles)"
                .to_owned()
        })?;
        *slot = tile.code();
    }
    Ok(play)
}

/// Reads `TT@x,y`.
fn parse_placement(word: &str) -> Result<(Cell, Tile), String> {
    let (tile, cell) = word
        .split_once('@')
        .ok_or_else(|| format!("`{word}` is not a tile on a cell such as RH@0,0"))?;
    Ok((parse_cell(cell)?, Tile::parse(tile)?))
}

/// Reads a cell `x,y` (column, row), each within ±62.
///
/// # Errors
/// A sentence saying what is wrong.
pub fn parse_cell(text: &str) -> Result<Cell, String> {
    let (x, y) = text
        .split_once(',')
        .ok_or_else(|| format!("`{text}` is not a cell: write column,row, e.g. 0,0 or -2,1"))?;
    let coordinate = |s: &str| -> Result<i8, String> {
        s.trim()
            .parse::<i8>()
            .ok()
            .filter(|v| (-LIMIT..=LIMIT).contains(v))
            .ok_or_else(|| {
                format!("`{s}` in `{text}` is not a coordinate from -{LIMIT} to {LIMIT}")
            })
    };
    Ok(Cell {
        x: coordinate(x)?,
        y: coordinate(y)?,
    })
}
