//! `tabuleiro replay FILE`: every position of a saved game.

use std::fmt::Write as _;
use std::path::Path;

use anyhow::Result;
use tabuleiro_core::{Engine, GameRecord, GameVisitor, Perspective, Player};

use crate::names;
use crate::play::Seat;

/// Renders each position of `record` with the move that led to it.
pub struct Replay<'a>(pub &'a GameRecord);

impl GameVisitor for Replay<'_> {
    type Output = Result<String>;
    fn visit<G: Engine>(self) -> Result<String> {
        let record = self.0;
        let positions = record.replay::<G>()?;
        // Each seat with its level as the ladder names it (the record keeps the level in full).
        let seats: Vec<String> = record
            .agents
            .iter()
            .enumerate()
            .map(|(i, agent)| {
                let who = agent
                    .parse::<Seat>()
                    .map_or_else(|_| agent.clone(), |seat| names::who(&seat));
                format!("{} ({who})", names::seat(Player(i as u8)))
            })
            .collect();
        let mut out = format!(
            "{} — {} — seed {} — {} moves\n",
            G::INFO.name,
            seats.join(" vs "),
            record.seed,
            record.moves.len()
        );
        for (i, state) in positions.iter().enumerate() {
            if i == 0 {
                out.push_str("\nStart:\n");
            } else {
                let mover = positions[i - 1]
                    .to_move()
                    .map(names::seat)
                    .unwrap_or_default();
                let _ = writeln!(out, "\nMove {i}: {mover} plays {}", record.moves[i - 1]);
            }
            out.push_str(&state.render(Perspective::Everyone));
        }
        // A game ended by its rules shows its result on its last board; a resignation, a
        // forfeit, an agreed draw or an abort is said after it.
        let ended_otherwise = record.resigned.is_some()
            || record.forfeit.is_some()
            || record.agreed_draw
            || record.aborted.is_some()
            || record.left_drawn.is_some();
        match &record.result {
            Some(result) if ended_otherwise => {
                let _ = writeln!(out, "\n{result}");
            }
            _ if positions.last().is_some_and(|s| s.outcome().is_none()) => {
                out.push_str("\n(The game was not finished.)\n");
            }
            _ => {}
        }
        Ok(out)
    }
}

/// Reads `path` (one record, or JSON lines of records) and renders the replay of each game.
pub fn run(path: &Path) -> Result<String> {
    let records = super::read_records(path)?;
    let many = records.len() > 1;
    let mut out = String::new();
    for (i, record) in records.iter().enumerate() {
        super::find_game(&record.game)
            .map_err(|e| e.context(format!("record {} of {}", i + 1, records.len())))?;
        let text = super::visit(&record.game, Replay(record))?
            .map_err(|e| e.context(format!("record {} of {}", i + 1, records.len())))?;
        if many {
            let _ = writeln!(
                out,
                "{}Game {} of {}: ",
                if i > 0 { "\n" } else { "" },
                i + 1,
                records.len()
            );
        }
        out.push_str(&text);
    }
    Ok(out)
}
