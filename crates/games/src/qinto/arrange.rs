//! Building a position by hand (for tests, puzzles and examples), checked like a real one.

use tabuleiro_core::{Player, SetupError};

use super::grid::{Cell, DOWN, Grid, RIGHT};
use super::hand::{Hand, Pile};
use super::knowledge::Knowledge;
use super::notation::parse_cell;
use super::state::{HAND, Qinto};
use super::tile::{Tile, deck};

impl Qinto {
    /// A position of `players` seats with `mover` to move: tiles on the grid written as in a
    /// play (`"RS@-2,0 RD@-1,0 **@0,0"`), and each seat's hand and pile (top first) as tiles
    /// separated by spaces. Tiles not named anywhere are out of the game.
    ///
    /// # Errors
    /// For a bad player count, an unreadable tile or cell, more copies of a tile than the deck
    /// has, a hand of more than 5 tiles, a cell named twice, or a run on the grid that is not
    /// a line.
    pub fn arranged(
        players: usize,
        mover: Player,
        grid: &str,
        hands: &[&str],
        piles: &[&str],
    ) -> Result<Qinto, SetupError> {
        let bad = SetupError::Position;
        if !(2..=4).contains(&players) || mover.index() >= players {
            return Err(bad(format!("{players} players with {mover} to move")));
        }
        if hands.len() != players || piles.len() != players {
            return Err(bad("one hand and one pile per player".to_owned()));
        }
        let mut left = [0i32; Tile::CODES];
        for tile in deck() {
            left[tile.code() as usize] += 1;
        }
        let mut take = |tile: Tile| -> Result<u8, SetupError> {
            left[tile.code() as usize] -= 1;
            if left[tile.code() as usize] < 0 {
                return Err(bad(format!("more {tile} tiles than the deck has")));
            }
            Ok(tile.code())
        };
        let mut state = Qinto {
            grid: Grid::default(),
            hands: [Hand::default(); 4],
            piles: [Pile::default(); 4],
            players: players as u8,
            to_move: mover.0,
            turn: 0,
            idle: 0,
            max_turns: 1000,
            ending: None,
            log: Vec::new(),
            knowledge: Knowledge::default(),
        };
        for word in grid.split_whitespace() {
            let (tile, cell) = word
                .split_once('@')
                .ok_or_else(|| bad(format!("`{word}` is not a tile on a cell")))?;
            let tile = Tile::parse(tile).map_err(bad)?;
            let cell: Cell = parse_cell(cell).map_err(bad)?;
            if state.grid.get(cell).is_some() {
                return Err(bad(format!("cell {cell} is named twice")));
            }
            take(tile)?;
            state.grid.place(cell.index(), tile);
        }
        for (index, tile) in state.grid.tiles().map(|(c, t)| (c.index(), t)) {
            for step in [RIGHT, DOWN] {
                let (run, _) = state.grid.run_with(index, tile, step, &[]);
                if !run.is_line() {
                    return Err(bad(format!(
                        "the run through {} is not a line",
                        Cell::from_index(index)
                    )));
                }
            }
        }
        for p in 0..players {
            for word in hands[p].split_whitespace() {
                let tile = Tile::parse(word).map_err(bad)?;
                if state.hands[p].len() == HAND {
                    return Err(bad(format!("player {} holds more than 5 tiles", p + 1)));
                }
                state.hands[p].push(take(tile)?);
            }
            for word in piles[p].split_whitespace() {
                let tile = Tile::parse(word).map_err(bad)?;
                state.piles[p].push_bottom(take(tile)?);
            }
        }
        Ok(state)
    }
}
