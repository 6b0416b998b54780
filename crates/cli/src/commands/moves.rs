//! `tabuleiro moves GAME [--record FILE]`.

use anyhow::Result;
use tabuleiro_core::{Evaluate, GameRecord, GameVisitor, Setup};

/// Lists the legal moves at the start of a game or after a record's moves.
pub enum Moves<'a> {
    /// At the start of a game with this setup.
    Start(Setup),
    /// After every move of this record.
    After(&'a GameRecord),
}

impl GameVisitor for Moves<'_> {
    type Output = Result<Vec<String>>;
    fn visit<G: Evaluate>(self) -> Result<Vec<String>> {
        let state = match self {
            Moves::Start(setup) => G::new(&setup)?,
            Moves::After(record) => record
                .replay::<G>()?
                .pop()
                .ok_or_else(|| anyhow::anyhow!("empty replay"))?,
        };
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        Ok(moves.iter().map(|&m| state.format_move(m)).collect())
    }
}
