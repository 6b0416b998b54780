//! `tabuleiro perft GAME DEPTH`: move sequences of each length.

use std::time::Instant;

use crate::args::PerftArgs;
use anyhow::Result;
use serde_json::json;
use tabuleiro_core::{Engine, Game, GameVisitor, Setup};

/// Counts, for each length 1..=depth, the move sequences from the start (a finished game
/// has no continuations).
pub struct Perft {
    /// Where to start.
    pub setup: Setup,
    /// Longest sequence to count.
    pub depth: u32,
}

/// Counts and time taken.
pub struct PerftResult {
    /// Count at each length, from 1.
    pub counts: Vec<u64>,
    /// Seconds taken.
    pub seconds: f64,
}

impl GameVisitor for Perft {
    type Output = Result<PerftResult>;
    fn visit<G: Engine>(self) -> Result<PerftResult> {
        let start = Instant::now();
        let state = G::new(&self.setup)?;
        let mut counts = vec![0; self.depth as usize];
        let mut buffers = vec![Vec::new(); self.depth as usize];
        count(&state, 0, &mut counts, &mut buffers);
        Ok(PerftResult {
            counts,
            seconds: start.elapsed().as_secs_f64(),
        })
    }
}

/// Adds the sequences below `state` (at `level`) to `counts`.
pub fn count<G: Game>(state: &G, level: usize, counts: &mut [u64], buffers: &mut [Vec<G::Move>]) {
    let mut moves = std::mem::take(&mut buffers[level]);
    state.legal_moves(&mut moves);
    counts[level] += moves.len() as u64;
    if level + 1 < counts.len() {
        for &mv in &moves {
            let mut child = state.clone();
            child.play_unchecked(mv);
            count(&child, level + 1, counts, buffers);
        }
    }
    buffers[level] = moves;
}

/// `tabuleiro perft`: prints the counts, as text or JSON.
///
/// # Errors
/// A bad game or option, or a failure to write.
pub fn run(args: &PerftArgs, output: &mut dyn std::io::Write) -> Result<()> {
    let (info, setup) = super::setup_from(&args.game, 0)?;
    let depth = args.depth;
    let result = super::visit(info.id, Perft { setup, depth })??;
    if args.json {
        let value = json!({"game": info.id, "depth": depth, "counts": result.counts, "seconds": result.seconds});
        writeln!(output, "{value}")?;
    } else {
        for (i, c) in result.counts.iter().enumerate() {
            writeln!(output, "depth {:>2}: {c}", i + 1)?;
        }
        writeln!(output, "({:.3} s)", result.seconds)?;
    }
    Ok(())
}
