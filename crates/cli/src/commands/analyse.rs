//! `tabuleiro analyse GAME [--record FILE] [--ply N] [--think-ms T]`: the best move of a
//! position within a budget and its evaluation, and for games solved here the exact value of
//! every legal move (and, for games with a solved table such as Nudge, of every whole turn).

use std::fmt::Write as _;
use std::time::Duration;

use anyhow::{Result, bail};
use serde_json::json;
use tabuleiro_ai::{Evaluation, analyse};
use tabuleiro_core::{Engine, GameRecord, GameVisitor, Perspective, Setup};

use crate::args::AnalyseArgs;

/// Analyses one position.
pub struct Analyse<'a> {
    /// The game's setup (used when there is no record).
    pub setup: Setup,
    /// The record whose position to analyse.
    pub record: Option<&'a GameRecord>,
    /// Analyse the position after this many moves of the record (default: all of them).
    pub ply: Option<usize>,
    /// The search budget.
    pub think: Duration,
    /// Seeds the search's tie-breaking (and the sampling of hidden information).
    pub seed: u64,
}

/// The analysis as text and as JSON.
pub struct Report {
    /// For people.
    pub text: String,
    /// For programs.
    pub json: serde_json::Value,
}

impl GameVisitor for Analyse<'_> {
    type Output = Result<Report>;
    fn visit<G: Engine>(self) -> Result<Report> {
        let positions = match self.record {
            Some(record) => record.replay::<G>()?,
            None => vec![G::new(&self.setup)?],
        };
        let last = positions.len() - 1;
        let at = self.ply.unwrap_or(last);
        if at > last {
            bail!("the record has {last} moves, so there is no position after {at}");
        }
        let state = &positions[at];
        let mut text = format!("{}, after {at} moves:\n", G::INFO.name);
        text.push_str(&state.render(Perspective::Everyone));
        let Some(player) = state.to_move() else {
            text.push_str("The game is over: nothing to analyse.\n");
            let json = json!({"game": G::INFO.id, "ply": at, "to_move": null});
            return Ok(Report { text, json });
        };
        let analysis = analyse::<G>(&state.view(player), self.think, self.seed);
        if let Some(error) = &analysis.table_error {
            bail!("{error}");
        }
        let best = analysis.best.map(|mv| state.format_move(mv));
        let _ = writeln!(
            text,
            "{} to move. Best move: {} ({})",
            crate::names::seat(player),
            best.as_deref().unwrap_or("none"),
            analysis
                .evaluation
                .map_or("no evaluation".to_owned(), |e| e.to_string())
        );
        if !analysis.moves.is_empty() {
            let _ = writeln!(
                text,
                "Every move, exact (plies until the game ends, both sides counted):"
            );
            for (mv, exact) in &analysis.moves {
                let _ = writeln!(text, "  {:<10} {exact}", state.format_move(*mv));
            }
        }
        let turn_text = |turn: &[G::Move]| {
            let mut at = state.clone();
            let mut words = Vec::new();
            for &mv in turn {
                words.push(at.format_move(mv));
                at.play_unchecked(mv);
            }
            words.join(" ")
        };
        if analysis.turns.iter().any(|(turn, _)| turn.len() > 1) {
            let _ = writeln!(
                text,
                "Every whole turn, exact (plies until the game ends, both sides counted):"
            );
            for (turn, exact) in &analysis.turns {
                let _ = writeln!(text, "  {:<10} {exact}", turn_text(turn));
            }
        }
        let json = json!({
            "game": G::INFO.id,
            "ply": at,
            "to_move": player.index() + 1,
            "best": best,
            "evaluation": analysis.evaluation.map(|e: Evaluation| serde_json::to_value(e).ok()),
            "moves": analysis.moves.iter().map(|(mv, exact)| {
                json!({"move": state.format_move(*mv), "exact": exact})
            }).collect::<Vec<_>>(),
            "turns": analysis.turns.iter().map(|(turn, exact)| {
                json!({"turn": turn_text(turn), "exact": exact})
            }).collect::<Vec<_>>(),
        });
        Ok(Report { text, json })
    }
}

/// `tabuleiro analyse`: prints the analysis of a position, as text or JSON.
///
/// # Errors
/// A bad game, option or record, or a failure to write.
pub fn run(args: &AnalyseArgs, output: &mut dyn std::io::Write) -> Result<()> {
    let (info, setup) = super::setup_from(&args.game, args.seed)?;
    let record = args.record.as_deref().map(super::read_record).transpose()?;
    if let Some(record) = &record
        && record.game != info.id
    {
        bail!("the record is a game of {}, not {}", record.game, info.id);
    }
    let report = super::visit(
        info.id,
        Analyse {
            setup,
            record: record.as_ref(),
            ply: args.ply,
            think: Duration::from_millis(args.think_ms),
            seed: args.seed,
        },
    )??;
    if args.json {
        writeln!(output, "{}", report.json)?;
    } else {
        write!(output, "{}", report.text)?;
    }
    Ok(())
}
