//! `tabuleiro tournament GAME --agents A,B,C --games N`: a round robin of paired matches with
//! Elo differences, 95% intervals and likelihoods of superiority.
//!
//! This first version plays the pairings one after another on one thread and rates each agent
//! by its total score against the field; parallel games, plots and combined rating fits are
//! still to come.

use std::fmt::Write as _;

use anyhow::Result;
use tabuleiro_ai::rating::EloEstimate;
use tabuleiro_ai::{Level, Tally, play_match};
use tabuleiro_core::{Evaluate, GameVisitor, Setup, derive_seed};

/// A round robin to play.
pub struct Tournament {
    /// Options and players (the seed is replaced per game).
    pub setup: Setup,
    /// The agents, in the order given.
    pub agents: Vec<Level>,
    /// Games per pairing (each seed twice, seats swapped).
    pub games: usize,
    /// Base seed.
    pub seed: u64,
}

/// One pairing's result, from the first agent's side.
#[derive(Debug, serde::Serialize)]
pub struct Pairing {
    /// First agent.
    pub a: String,
    /// Second agent.
    pub b: String,
    /// First agent's wins, draws, losses.
    pub tally: Tally,
    /// First agent's Elo difference over the second.
    pub estimate: Option<EloEstimate>,
}

/// One agent's results against the whole field.
#[derive(Debug, serde::Serialize)]
pub struct Standing {
    /// The agent.
    pub agent: String,
    /// Wins, draws, losses over all its games.
    pub tally: Tally,
    /// Elo against the average opponent.
    pub estimate: Option<EloEstimate>,
}

/// The whole tournament.
#[derive(Debug, serde::Serialize)]
pub struct TournamentResult {
    /// The game's id.
    pub game: &'static str,
    /// Every pairing.
    pub pairings: Vec<Pairing>,
    /// Every agent, best score first.
    pub standings: Vec<Standing>,
}

impl GameVisitor for Tournament {
    type Output = Result<TournamentResult>;
    fn visit<G: Evaluate>(self) -> Result<TournamentResult> {
        let n = self.agents.len();
        let mut totals = vec![Tally::default(); n];
        let mut pairings = Vec::new();
        let mut stream = 0;
        for i in 0..n {
            for j in i + 1..n {
                let seed = derive_seed(self.seed, stream);
                stream += 1;
                let (a, b) = (self.agents[i], self.agents[j]);
                let result = play_match::<G>(&self.setup, a, b, self.games, seed, true, |_| {})?;
                add(&mut totals[i], result.a);
                add(&mut totals[j], result.b);
                pairings.push(Pairing {
                    a: a.to_string(),
                    b: b.to_string(),
                    tally: result.a,
                    estimate: EloEstimate::from_tally(&result.a),
                });
            }
        }
        let mut standings: Vec<Standing> = self
            .agents
            .iter()
            .zip(totals)
            .map(|(level, tally)| Standing {
                agent: level.to_string(),
                tally,
                estimate: EloEstimate::from_tally(&tally),
            })
            .collect();
        standings.sort_by(|x, y| {
            let score = |s: &Standing| s.estimate.map_or(0.0, |e| e.score);
            score(y).total_cmp(&score(x))
        });
        Ok(TournamentResult {
            game: G::INFO.id,
            pairings,
            standings,
        })
    }
}

fn add(total: &mut Tally, more: Tally) {
    total.wins += more.wins;
    total.draws += more.draws;
    total.losses += more.losses;
}

/// The result as a text table.
pub fn table(result: &TournamentResult) -> String {
    let mut out = String::new();
    let elo = |e: &Option<EloEstimate>| {
        e.map_or("-".to_owned(), |e| {
            format!(
                "{:+.0} [{:+.0}, {:+.0}]  LOS {:.1}%",
                e.elo,
                e.low,
                e.high,
                100.0 * e.los
            )
        })
    };
    let _ = writeln!(
        out,
        "Pairings (Elo of the first over the second, 95% interval):"
    );
    for p in &result.pairings {
        let t = p.tally;
        let _ = writeln!(
            out,
            "  {:<20} vs {:<20} +{} ={} -{}  {}",
            p.a,
            p.b,
            t.wins,
            t.draws,
            t.losses,
            elo(&p.estimate)
        );
    }
    let _ = writeln!(out, "Standings (Elo against the field):");
    for s in &result.standings {
        let t = s.tally;
        let score = s.estimate.map_or(0.0, |e| 100.0 * e.score);
        let _ = writeln!(
            out,
            "  {:<20} +{} ={} -{}  score {score:.1}%  {}",
            s.agent,
            t.wins,
            t.draws,
            t.losses,
            elo(&s.estimate)
        );
    }
    out
}
