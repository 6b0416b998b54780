//! `tabuleiro moves GAME [--record FILE] [--json]`: the legal moves at the start of a game or
//! after a record's moves, one per line in the game's notation (a move may hold spaces, as
//! Q!nto's plays of several tiles do), or with `--json` one JSON list of strings.

use std::io::Write;

use anyhow::Result;
use tabuleiro_core::{Engine, GameRecord, GameVisitor, Setup};

use crate::args::MovesArgs;
use crate::commands::{find_game, read_record, setup_from, visit};

/// Lists the moves the arguments ask for to `output`.
pub fn run(args: &MovesArgs, output: &mut dyn Write) -> Result<()> {
    let moves = if let Some(path) = &args.record {
        let record = read_record(path)?;
        let info = find_game(&record.game)?;
        visit(info.id, Moves::After(&record))??
    } else {
        let (info, setup) = setup_from(&args.game, 0)?;
        visit(info.id, Moves::Start(setup))??
    };
    if args.json {
        writeln!(output, "{}", serde_json::to_string(&moves)?)?;
    } else {
        for mv in &moves {
            writeln!(output, "{mv}")?;
        }
    }
    Ok(())
}

/// Lists the legal moves at the start of a game or after a record's moves.
pub enum Moves<'a> {
    /// At the start of a game with this setup.
    Start(Setup),
    /// After every move of this record.
    After(&'a GameRecord),
}

impl GameVisitor for Moves<'_> {
    type Output = Result<Vec<String>>;
    fn visit<G: Engine>(self) -> Result<Vec<String>> {
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
