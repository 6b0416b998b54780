//! Q!nto's fixed action space and observation, for programs that learn to play it
//! ([`tabuleiro_core::actions`]).
//!
//! A play puts up to five tiles anywhere on the grid, so Q!nto's moves are too many to number
//! one by one: **a move is a short sequence of actions** (a prefix-free code; the seat to move
//! takes them one after the other, and the move is played with its last).
//!
//! - **Actions** (15,667): `0`–`15,624` a cell `x,y` (both −62..62, the whole reachable grid):
//!   `(y + 62) × 125 + (x + 62)`; `15,625 + code` a tile, code = colour × 6 + shape with
//!   colours `R G B Y K *` and shapes `S X D H C *` (0–5; `RS` is 15,625, `**` 15,660; the codes
//!   of `*X` and `K*` name no tile and are never legal); `15,661` *across* (along a row),
//!   `15,662` *down* (along a column), `15,663` *gap* (no tile at this step of a play: a tile
//!   already on the grid), `15,664` *swap*, `15,665` *pass*, `15,666` *end*.
//! - **Sequences**: a play is its first cell, across or down (a play of one tile is always
//!   across), the tile put there, then for each next cell along the line up to its last tile,
//!   a tile or *gap*, and *end*: `RH@0,0 RS@1,0` is `0,0 across RH RS end`. A swap is *swap*,
//!   then each cell (in the order the move writes them) and the hand tile put there, and
//!   *end*: `swap GS@2,1` is `swap 2,1 GS end`. A pass is *pass*, the traded tiles (sorted by
//!   code), and *end*: `pass RH` is `pass RH end`.
//! - **Observation**: 14 planes of 125 × 125 cells (`x` across, `y` down, `0,0` at the centre),
//!   from the observing seat's side: planes 0–4 a tile's colour `R G B Y K` and 5 a wild
//!   colour; 6–10 its shape `S X D H C` and 11 a wild shape (1 where it holds, 0 on empty
//!   cells); the move the seat is building drawn on them where its tiles go (a swap's tile in
//!   place of the wild it takes), and plane 12 marks that move: 1 on its cells, 0.5 on the
//!   cell its next tile goes to. Plane 13 holds numbers in its first 87 values, row by row:
//!   0–35 the seat's own hand by tile code (count / 2), not counting the tiles of the move it
//!   is building, which are 36–71 (count / 2); 72–75 the tiles in each seat's hand (/ 5) and
//!   76–79 in each pile (/ 30), the observing seat first, then in turn order (0 past the last
//!   seat); 80, 81, 82 whether the move built is a play, a swap or a pass; 83, 84 whether that
//!   play goes across or down; 85 moves played / `max_turns`; 86 passes in a row without a
//!   trade / (2 × players). Nothing else: no other hand, no pile's order, and another seat's
//!   move in the building is not shown (a pass being built names the tiles traded).

use tabuleiro_core::{ActionSpace, Player};

use super::grid::{Cell, LIMIT};
use super::notation::{NONE, Play, QintoMove};
use super::state::{HAND, Qinto};
use super::tile::Tile;

/// Q!nto's action space (see the module's documentation).
pub struct QintoActions;

/// Cells along a side of the observed window.
const SIDE: usize = 2 * LIMIT as usize + 1;
/// Cells of the observed window, and the cell actions.
const CELLS: usize = SIDE * SIDE;
/// The action of tile code 0.
const TILE: usize = CELLS;
/// Along a row.
const ACROSS: usize = TILE + Tile::CODES;
/// Along a column.
const DOWN: usize = ACROSS + 1;
/// No tile at this step of a play.
const GAP: usize = ACROSS + 2;
/// A swap begins.
const SWAP: usize = ACROSS + 3;
/// A pass begins.
const PASS: usize = ACROSS + 4;
/// The move ends.
const END: usize = ACROSS + 5;
/// Number of actions.
const COUNT: usize = END + 1;
/// Planes of the observation.
const PLANES: usize = 14;
/// The plane marking the move being built.
const BUILDING: usize = 12;
/// The plane of numbers.
const NUMBERS: usize = 13;

/// The action of a cell.
fn cell_action(cell: Cell) -> usize {
    (cell.y as isize + LIMIT as isize) as usize * SIDE + (cell.x as isize + LIMIT as isize) as usize
}

/// The cell of a cell action.
fn action_cell(action: usize) -> Option<Cell> {
    (action < CELLS).then(|| Cell {
        x: ((action % SIDE) as isize - LIMIT as isize) as i8,
        y: ((action / SIDE) as isize - LIMIT as isize) as i8,
    })
}

/// The tile of a tile action.
fn action_tile(action: usize) -> Option<Tile> {
    action
        .checked_sub(TILE)
        .filter(|&code| code < Tile::CODES)
        .and_then(|code| Tile::from_code(code as u8))
}

/// A move as far as it is built: where its tiles go and which hand tiles it uses.
#[derive(Default)]
struct Built {
    /// The kind: 0 a play, 1 a swap, 2 a pass (`None` before the first action).
    kind: Option<usize>,
    /// A play's direction, once chosen.
    vertical: Option<bool>,
    /// Tiles and the cells they go to (a pass's have none).
    tiles: Vec<(Option<Cell>, Tile)>,
    /// The cell the next tile goes to.
    next: Option<Cell>,
}

impl Built {
    /// Reads the actions taken so far of a move (legal ones: anything else is left out).
    fn read(chosen: &[usize]) -> Built {
        let mut built = Built::default();
        let Some(&first) = chosen.first() else {
            return built;
        };
        if let Some(start) = action_cell(first) {
            built.kind = Some(0);
            built.next = Some(start);
            let mut at = start;
            for (step, &action) in chosen[1..].iter().enumerate() {
                if step == 0 {
                    built.vertical = Some(action == DOWN);
                    continue;
                }
                if let Some(tile) = action_tile(action) {
                    built.tiles.push((Some(at), tile));
                }
                let vertical = built.vertical.unwrap_or(false);
                built.next = at.offset(vertical, 1);
                at = built.next.unwrap_or(at);
            }
        } else if first == SWAP {
            built.kind = Some(1);
            for &action in &chosen[1..] {
                if let Some(cell) = action_cell(action) {
                    built.next = Some(cell);
                } else if let Some(tile) = action_tile(action) {
                    built.tiles.push((built.next.take(), tile));
                }
            }
        } else if first == PASS {
            built.kind = Some(2);
            built.tiles.extend(
                chosen[1..]
                    .iter()
                    .filter_map(|&a| action_tile(a))
                    .map(|t| (None, t)),
            );
        }
        built
    }
}

/// Writes 1 on `plane` at `cell`.
fn mark(out: &mut [f32], plane: usize, cell: Cell, value: f32) {
    out[plane * CELLS + cell_action(cell)] = value;
}

/// Draws `tile` at `cell` on the colour and shape planes.
fn draw(out: &mut [f32], cell: Cell, tile: Tile) {
    for plane in 0..12 {
        out[plane * CELLS + cell_action(cell)] = 0.0;
    }
    mark(out, tile.colour().map_or(5, usize::from), cell, 1.0);
    mark(out, 6 + tile.shape().map_or(5, usize::from), cell, 1.0);
}

impl ActionSpace<Qinto> for QintoActions {
    fn count(&self, _: &Qinto) -> usize {
        COUNT
    }

    /// The first action of the move's sequence.
    fn action(&self, state: &Qinto, mv: QintoMove) -> usize {
        let mut sequence = Vec::with_capacity(8);
        self.sequence(state, mv, &mut sequence);
        sequence[0]
    }

    /// No single action names a Q!nto move.
    fn move_of(&self, _: &Qinto, _: usize) -> Option<QintoMove> {
        None
    }

    fn observation_shape(&self, _: &Qinto) -> [usize; 3] {
        [PLANES, SIDE, SIDE]
    }

    fn observe(&self, state: &Qinto, seat: Player, out: &mut [f32]) {
        self.observe_partial(state, seat, &[], out);
    }

    fn sequential(&self) -> bool {
        true
    }

    fn sequence(&self, _: &Qinto, mv: QintoMove, out: &mut Vec<usize>) {
        match mv {
            QintoMove::Play(play) => play_sequence(play, out),
            QintoMove::Swap(swap) => {
                out.push(SWAP);
                for (cell, tile) in swap.pairs() {
                    out.push(cell_action(cell));
                    out.push(TILE + usize::from(tile.code()));
                }
            }
            QintoMove::Pass(trade) => {
                out.push(PASS);
                out.extend(trade.tiles().map(|tile| TILE + usize::from(tile.code())));
            }
        }
        out.push(END);
    }

    fn action_name(&self, _: &Qinto, action: usize) -> Option<String> {
        if let Some(cell) = action_cell(action) {
            return Some(cell.to_string());
        }
        if let Some(tile) = action_tile(action) {
            return Some(tile.to_string());
        }
        let word = match action {
            ACROSS => "across",
            DOWN => "down",
            GAP => "gap",
            SWAP => "swap",
            PASS => "pass",
            END => "end",
            _ => return None,
        };
        Some(word.to_owned())
    }

    fn action_named(&self, _: &Qinto, name: &str) -> Option<usize> {
        let name = name.trim();
        let words = [
            ("across", ACROSS),
            ("down", DOWN),
            ("gap", GAP),
            ("swap", SWAP),
            ("pass", PASS),
            ("end", END),
        ];
        if let Some(&(_, action)) = words.iter().find(|(w, _)| w.eq_ignore_ascii_case(name)) {
            return Some(action);
        }
        if let Some((x, y)) = name.split_once(',') {
            let cell = Cell {
                x: x.trim().parse().ok()?,
                y: y.trim().parse().ok()?,
            };
            return cell.in_range().then(|| cell_action(cell));
        }
        Tile::parse(name)
            .ok()
            .map(|tile| TILE + usize::from(tile.code()))
    }

    fn observe_partial(&self, state: &Qinto, seat: Player, chosen: &[usize], out: &mut [f32]) {
        out.fill(0.0);
        for (cell, tile) in state.grid().tiles() {
            draw(out, cell, tile);
        }
        // Only the seat building a move knows it.
        let built = if seat == state.mover() && state.ending().is_none() {
            Built::read(chosen)
        } else {
            Built::default()
        };
        for &(cell, tile) in &built.tiles {
            if let Some(cell) = cell {
                draw(out, cell, tile);
                mark(out, BUILDING, cell, 1.0);
            }
        }
        if let Some(next) = built.next {
            mark(out, BUILDING, next, 0.5);
        }
        let numbers = &mut out[NUMBERS * CELLS..];
        let hand = state.hand(seat);
        for code in 0..Tile::CODES {
            let used = built
                .tiles
                .iter()
                .filter(|(_, t)| usize::from(t.code()) == code)
                .count();
            let held = hand.count(code as u8).saturating_sub(used);
            numbers[code] = held as f32 / 2.0;
            numbers[Tile::CODES + code] = used as f32 / 2.0;
        }
        let players = state.player_count();
        for step in 0..players {
            let other = Player(((seat.index() + step) % players) as u8);
            numbers[72 + step] = state.hand(other).len() as f32 / HAND as f32;
            numbers[76 + step] = (state.pile(other).len() as f32 / 30.0).min(1.0);
        }
        if let Some(kind) = built.kind {
            numbers[80 + kind] = 1.0;
        }
        if let Some(vertical) = built.vertical {
            numbers[83 + usize::from(vertical)] = 1.0;
        }
        numbers[85] = (state.turn() as f32 / state.max_turns() as f32).min(1.0);
        numbers[86] = (state.idle_passes() as f32 / (2 * players) as f32).min(1.0);
    }
}

/// A play's actions but its *end*.
fn play_sequence(play: Play, out: &mut Vec<usize>) {
    out.push(cell_action(play.start));
    out.push(if play.vertical { DOWN } else { ACROSS });
    let last = play.tiles.iter().rposition(|&c| c != NONE).unwrap_or(0);
    for &code in &play.tiles[..=last] {
        out.push(if code == NONE {
            GAP
        } else {
            TILE + usize::from(code)
        });
    }
}
