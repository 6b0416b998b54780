//! `tabuleiro solve GAME`: the value of the starting position with perfect play.
//!
//! Games solved by the generic solver (Quantik) report who wins from the start of the
//! options given. Games with their own solved table ([`tabuleiro_core::Engine::oracle`], Nudge)
//! compute the whole table, save it, and report the value of every starting position their
//! options allow (each value of each choice option, `random` left out): for Nudge the four
//! layouts (`start`) with each colour first (`first`).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Result, anyhow, bail};
use serde_json::{Map, Value as Json, json};
use tabuleiro_ai::oracle_play::principal_line;
use tabuleiro_ai::{Solver, Value};
use tabuleiro_core::oracle::{OracleRequest, OracleSource, OracleSummary, ProgressFn};
use tabuleiro_core::{Engine, ExactValue, GameVisitor, OptionKind, Options, Oracle, Setup};

use crate::args::SolveArgs;

/// What the generic solver found from one start.
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

/// The value of one starting position from a game's solved table.
#[derive(Debug)]
pub struct StartValue {
    /// The choice options that make this start, e.g. `start=1`, `first=white`.
    pub options: Vec<(&'static str, String)>,
    /// The value for the player who moves first.
    pub value: ExactValue,
    /// Turns (of both players) until the game ends with perfect play, for a decided start.
    pub turns: Option<u32>,
}

/// What a table solve found.
#[derive(Debug)]
pub struct TableSolved {
    /// The game's id.
    pub game: &'static str,
    /// Each starting position.
    pub results: Vec<StartValue>,
    /// Positions by value.
    pub summary: OracleSummary,
    /// Wall-clock seconds of the solve.
    pub seconds: f64,
    /// Peak resident memory of the process, in bytes (Linux), if known.
    pub peak_bytes: Option<u64>,
    /// Where the table was saved.
    pub saved: Option<PathBuf>,
}

/// What `solve` reports.
#[derive(Debug)]
pub enum SolveReport {
    /// From the generic solver.
    Start(Solved),
    /// From a game's own table.
    Table(TableSolved),
}

/// Solves the starting position of a setup, or a game's whole table.
pub struct Solve {
    /// The game's setup (for the generic solver).
    pub setup: Setup,
    /// Where to save a solved table (default: the game's table file).
    pub out: Option<PathBuf>,
    /// Told how a table build goes.
    pub progress: Option<ProgressFn>,
}

impl GameVisitor for Solve {
    type Output = Result<SolveReport>;
    fn visit<G: Engine>(self) -> Result<SolveReport> {
        if let Some(source) = G::oracle() {
            return solve_table::<G>(source, self).map(SolveReport::Table);
        }
        if !G::ENGINE.solvable {
            bail!("{} is too large to solve here", G::INFO.name);
        }
        let state = G::new(&self.setup)?;
        let start = Instant::now();
        let mut solver = Solver::<G>::new();
        let value = solver.solve(&state);
        let seconds = start.elapsed().as_secs_f64();
        Ok(SolveReport::Start(Solved {
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
        }))
    }
}

/// Computes the game's table, saves it, and rates every start.
fn solve_table<G: Engine>(source: &dyn OracleSource<G>, solve: Solve) -> Result<TableSolved> {
    let clock = Instant::now();
    let oracle = source.open(&OracleRequest {
        file: None,
        compute: true,
        progress: solve.progress,
    })?;
    let seconds = clock.elapsed().as_secs_f64();
    let peak_bytes = peak_memory_bytes();
    let saved = solve.out.or_else(|| source.default_file());
    if let Some(path) = &saved {
        oracle.save(path)?;
    }
    let mut results = Vec::new();
    for options in start_choices(G::INFO) {
        let pairs: Vec<(&str, &str)> = options.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let setup = Setup {
            players: G::INFO.min_players,
            options: Options::new(G::INFO, pairs)?,
            seed: 0,
        };
        let state = G::new(&setup)?;
        let value = oracle
            .value(&state)
            .ok_or_else(|| anyhow!("the table does not cover the start {options:?}"))?;
        results.push(StartValue {
            turns: turns_of_perfect_play(&*oracle, &state),
            options,
            value,
        });
    }
    Ok(TableSolved {
        game: G::INFO.id,
        results,
        summary: oracle.summary(),
        seconds,
        peak_bytes,
        saved,
    })
}

/// Every combination of the values of the game's choice options (`random` left out).
fn start_choices(info: &tabuleiro_core::GameInfo) -> Vec<Vec<(&'static str, String)>> {
    let mut combos: Vec<Vec<(&'static str, String)>> = vec![Vec::new()];
    for spec in info.options {
        let OptionKind::Choice(values) = spec.kind else {
            continue;
        };
        combos = combos
            .into_iter()
            .flat_map(|combo| {
                values
                    .iter()
                    .filter(|v| !v.eq_ignore_ascii_case("random"))
                    .map(move |v| {
                        let mut next = combo.clone();
                        next.push((spec.name, (*v).to_owned()));
                        next
                    })
            })
            .collect();
    }
    combos
}

/// The turns (of both players) of perfect play from `state` to the end, by playing it out;
/// `None` for a draw.
fn turns_of_perfect_play<G: Engine>(oracle: &dyn Oracle<G>, state: &G) -> Option<u32> {
    let line = principal_line(oracle, state);
    if line.is_empty() {
        return None;
    }
    let mut state = state.clone();
    let mut turns = 1;
    for mv in line {
        let mover = state.to_move();
        state.play_unchecked(mv);
        if state.to_move().is_some() && state.to_move() != mover {
            turns += 1;
        }
    }
    state.outcome().map(|_| turns)
}

impl SolveReport {
    /// The report as one JSON object.
    pub fn json(&self) -> Json {
        match self {
            SolveReport::Start(solved) => serde_json::to_value(solved).unwrap_or(Json::Null),
            SolveReport::Table(t) => {
                let results: Vec<Json> = t
                    .results
                    .iter()
                    .map(|r| {
                        let mut entry = Map::new();
                        for (name, value) in &r.options {
                            let v = value
                                .parse::<u64>()
                                .map_or_else(|_| json!(value), |n| json!(n));
                            entry.insert((*name).to_owned(), v);
                        }
                        let value = match r.value {
                            ExactValue::Win { .. } => "win",
                            ExactValue::Draw => "draw",
                            ExactValue::Loss { .. } => "loss",
                        };
                        entry.insert("value".to_owned(), json!(value));
                        entry.insert("turns".to_owned(), json!(r.turns));
                        Json::Object(entry)
                    })
                    .collect();
                json!({
                    "game": t.game,
                    "results": results,
                    "positions": t.summary.positions,
                    "seconds": t.seconds,
                    "peak_bytes": t.peak_bytes,
                })
            }
        }
    }

    /// The report for people.
    pub fn text(&self, name: &str) -> String {
        let memory = |b: Option<u64>| {
            b.map_or("unknown".to_owned(), |b| {
                format!("{:.1} MiB", b as f64 / 1_048_576.0)
            })
        };
        match self {
            SolveReport::Start(solved) => format!(
                "{name}: the {} player wins with perfect play.\n  positions stored: {}\n  positions searched: {}\n  time: {:.3} s\n  peak memory: {}\n",
                solved.winner,
                solved.positions,
                solved.nodes,
                solved.seconds,
                memory(solved.peak_bytes)
            ),
            SolveReport::Table(t) => {
                let s = t.summary;
                let mut text = format!(
                    "{name} solved: {} positions at the start of a turn (player to move: {} win, {} draw, {} lose; longest {} moves).\n",
                    s.positions, s.wins, s.draws, s.losses, s.longest_plies
                );
                text.push_str("With perfect play, for the player who moves first:\n");
                for r in &t.results {
                    let options: Vec<String> =
                        r.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
                    let value = match (r.value, r.turns) {
                        (ExactValue::Draw, _) => "draw (neither side can force a win)".to_owned(),
                        (ExactValue::Win { .. }, Some(n)) => format!("win in {n} turns"),
                        (ExactValue::Loss { .. }, Some(n)) => format!("loss in {n} turns"),
                        (v, None) => v.to_string(),
                    };
                    let _ = writeln!(text, "  {:<24} {value}", options.join(" "));
                }
                let _ = writeln!(
                    text,
                    "  time: {:.1} s\n  peak memory: {}",
                    t.seconds,
                    memory(t.peak_bytes)
                );
                if let Some(path) = &t.saved {
                    let _ = writeln!(text, "  table saved to {}", path.display());
                }
                text
            }
        }
    }
}

/// The process's peak resident memory (`VmHWM`), where the system reports it.
pub fn peak_memory_bytes() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// `tabuleiro solve`: solves a game (or builds its table) and prints the report.
///
/// # Errors
/// A game that cannot be solved here, a bad option, or a failure to write.
pub fn run(args: SolveArgs, table: Option<PathBuf>, output: &mut dyn std::io::Write) -> Result<()> {
    let (info, setup) = super::setup_from(&args.game, 0)?;
    let solve = Solve {
        setup,
        out: args.out.or(table),
        progress: crate::progress::table_progress(),
    };
    let report = super::visit(info.id, solve)??;
    if args.json {
        writeln!(output, "{}", report.json())?;
    } else {
        write!(output, "{}", report.text(info.name))?;
    }
    Ok(())
}
