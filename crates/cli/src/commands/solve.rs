//! `tabuleiro solve GAME`: the value of the starting position with perfect play.

use std::time::Instant;

use anyhow::{Result, bail};
use tabuleiro_ai::{Solver, Value};
use tabuleiro_core::{Evaluate, GameVisitor, Setup};

/// What the solve found.
#[derive(Debug, serde::Serialize)]
pub struct Solved {
    /// The game's id.
    pub game: &'static str,
    /// Who wins with perfect play: `first` (the player who moves first), `second`, or `draw`.
    pub winner: &'static str,
    /// Positions the solver stored.
    pub positions: usize,
    /// Positions it searched.
    pub nodes: u64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// Peak resident memory of the process, in bytes (Linux), if known.
    pub peak_bytes: Option<u64>,
}

/// Solves the starting position of a setup.
pub struct Solve(pub Setup);

impl GameVisitor for Solve {
    type Output = Result<Solved>;
    fn visit<G: Evaluate>(self) -> Result<Solved> {
        if !G::INFO.solvable {
            bail!("{} is too large to solve here", G::INFO.name);
        }
        let state = G::new(&self.0)?;
        let start = Instant::now();
        let mut solver = Solver::<G>::new();
        let value = solver.solve(&state);
        let seconds = start.elapsed().as_secs_f64();
        Ok(Solved {
            game: G::INFO.id,
            winner: match value {
                Value::Win => "first",
                Value::Loss => "second",
                Value::Draw => "draw",
            },
            positions: solver.positions(),
            nodes: solver.nodes,
            seconds,
            peak_bytes: peak_memory_bytes(),
        })
    }
}

/// The process's peak resident memory (`VmHWM`), where the system reports it.
pub fn peak_memory_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}
