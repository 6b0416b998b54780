//! Whether a move is legal, and in words why not: plays (one run, touching the grid, every
//! run through a placed tile a line), swaps and trades.

use tabuleiro_core::IllegalMove;

use super::grid::{Cell, DOWN, RIGHT};
use super::notation::{NONE, Play, QintoMove, Swap, Trade};
use super::state::{HAND, PlayEffect, Qinto};
use super::tile::{LineFault, RunSummary, Tile};

impl Qinto {
    /// Checks a play; on success says whether it completes a Q!nto.
    ///
    /// # Errors
    /// The first rule the play breaks, in words.
    pub fn check_play(&self, play: &Play) -> Result<PlayEffect, IllegalMove> {
        let hand = &self.hands[self.to_move as usize];
        if Tile::from_code(play.tiles[0]).is_none() {
            return Err(IllegalMove::new("a play puts at least one tile"));
        }
        if play.vertical && play.count() == 1 {
            return Err(IllegalMove::new(
                "a play of one tile is written as a row play",
            ));
        }
        let last = play.tiles.iter().rposition(|&c| c != NONE).unwrap_or(0);
        let mut placed_store = [(0usize, Tile::QINTO); 5];
        let mut codes_store = [NONE; 5];
        let mut n = 0;
        for (i, &code) in play.tiles.iter().enumerate().take(last + 1) {
            let cell = play
                .start
                .offset(play.vertical, i as i32)
                .ok_or_else(|| IllegalMove::new("the play runs off the grid's reach"))?;
            if code == NONE {
                if self.grid.get(cell).is_none() {
                    return Err(IllegalMove::new(format!(
                        "cell {cell} between the placed tiles is empty: the tiles must form one \
                         run with no gaps"
                    )));
                }
                continue;
            }
            let tile = Tile::from_code(code)
                .ok_or_else(|| IllegalMove::new("the play names a tile that does not exist"))?;
            if let Some(there) = self.grid.get(cell) {
                return Err(IllegalMove::new(format!(
                    "cell {cell} already holds {there}"
                )));
            }
            placed_store[n] = (cell.index(), tile);
            codes_store[n] = code;
            n += 1;
        }
        let placed = &placed_store[..n];
        if !hand.contains_all(&codes_store[..n]) {
            let have: Vec<String> = hand.tiles().map(|t| t.to_string()).collect();
            return Err(IllegalMove::new(format!(
                "the hand ({}) does not hold all of these tiles",
                have.join(" ")
            )));
        }
        if self.grid.is_empty() {
            if !placed.iter().any(|&(i, _)| i == Cell::ORIGIN.index()) {
                return Err(IllegalMove::new(
                    "the first play of the game must cover cell 0,0",
                ));
            }
        } else if !placed.iter().any(|&(i, _)| self.grid.touches(i)) {
            return Err(IllegalMove::new(
                "at least one placed tile must touch a tile already on the grid",
            ));
        }
        let along = if play.vertical { DOWN } else { RIGHT };
        let across = if play.vertical { RIGHT } else { DOWN };
        let (first_index, first_tile) = placed[0];
        let (run, run_start) = self.grid.run_with(first_index, first_tile, along, placed);
        let mut qinto = run.len() == 5;
        line_error(run, Cell::from_index(run_start), play.vertical)?;
        for &(index, tile) in placed {
            let (run, run_start) = self.grid.run_with(index, tile, across, &[]);
            if run.len() >= 2 {
                line_error(run, Cell::from_index(run_start), !play.vertical)?;
                qinto |= run.len() == 5;
            }
        }
        Ok(PlayEffect { qinto })
    }

    /// Checks a swap.
    ///
    /// # Errors
    /// The first rule the swap breaks, in words.
    pub fn check_swap(&self, swap: &Swap) -> Result<(), IllegalMove> {
        let hand = &self.hands[self.to_move as usize];
        if swap.count == 0 || swap.count > 5 {
            return Err(IllegalMove::new("a swap gives 1 to 5 hand tiles"));
        }
        let mut pairs: Vec<(usize, Tile)> = Vec::with_capacity(5);
        let mut codes = Vec::with_capacity(5);
        for i in 0..swap.count as usize {
            let cell = swap.cells[i];
            let tile = Tile::from_code(swap.tiles[i])
                .ok_or_else(|| IllegalMove::new("the swap names a tile that does not exist"))?;
            if i > 0 && swap.cells[i - 1] >= cell {
                return Err(IllegalMove::new(
                    "the swap's cells must be distinct and in order",
                ));
            }
            let Some(there) = self.grid.get(cell) else {
                return Err(IllegalMove::new(format!(
                    "cell {cell} is empty: no wild to take"
                )));
            };
            if !there.is_wild() {
                return Err(IllegalMove::new(format!(
                    "{there} on cell {cell} is not a wild tile"
                )));
            }
            if tile == there {
                return Err(IllegalMove::new(format!(
                    "{there} is already on cell {cell}: a swap gives a different tile"
                )));
            }
            pairs.push((cell.index(), tile));
            codes.push(tile.code());
        }
        if !hand.contains_all(&codes) {
            let have: Vec<String> = hand.tiles().map(|t| t.to_string()).collect();
            return Err(IllegalMove::new(format!(
                "the hand ({}) does not hold all of these tiles",
                have.join(" ")
            )));
        }
        for &(index, tile) in &pairs {
            for (step, vertical) in [(RIGHT, false), (DOWN, true)] {
                let (run, start) = self.grid.run_with(index, tile, step, &pairs);
                if run.len() >= 2 {
                    line_error(run, Cell::from_index(start), vertical).map_err(|e| {
                        IllegalMove::new(format!(
                            "{tile} cannot take the place of the wild on {}: {}",
                            Cell::from_index(index),
                            e.reason
                        ))
                    })?;
                }
            }
        }
        Ok(())
    }

    /// Checks a pass.
    ///
    /// # Errors
    /// When the hand does not hold the traded tiles.
    pub fn check_trade(&self, trade: &Trade) -> Result<(), IllegalMove> {
        let hand = &self.hands[self.to_move as usize];
        if trade.count as usize > HAND {
            return Err(IllegalMove::new("a pass trades at most 5 tiles"));
        }
        let codes = &trade.tiles[..trade.count as usize];
        if codes.windows(2).any(|w| w[0] > w[1]) {
            return Err(IllegalMove::new("the traded tiles must be in order"));
        }
        if !hand.contains_all(codes) {
            let have: Vec<String> = hand.tiles().map(|t| t.to_string()).collect();
            return Err(IllegalMove::new(format!(
                "the hand ({}) does not hold all of the tiles to trade",
                have.join(" ")
            )));
        }
        Ok(())
    }

    /// Checks any move.
    ///
    /// # Errors
    /// Why the move is not allowed.
    pub fn check(&self, mv: QintoMove) -> Result<(), IllegalMove> {
        if self.ending.is_some() {
            return Err(IllegalMove::new("the game is over"));
        }
        match mv {
            QintoMove::Play(play) => self.check_play(&play).map(|_| ()),
            QintoMove::Swap(swap) => self.check_swap(&swap),
            QintoMove::Pass(trade) => self.check_trade(&trade),
        }
    }
}

/// The error for a run that is not a line, naming the row or column.
fn line_error(run: RunSummary, start: Cell, vertical: bool) -> Result<(), IllegalMove> {
    let Err(fault) = run.check() else {
        return Ok(());
    };
    let place = if vertical {
        format!("column {}", start.x)
    } else {
        format!("row {}", start.y)
    };
    match fault {
        LineFault::TooLong(n) => Err(IllegalMove::new(format!(
            "the run in {place} would hold {n} tiles (a line has at most 5)"
        ))),
        LineFault::Colours => Err(IllegalMove::new(format!(
            "colours in {place} are neither all same nor all different"
        ))),
        LineFault::Shapes => Err(IllegalMove::new(format!(
            "shapes in {place} are neither all same nor all different"
        ))),
    }
}
