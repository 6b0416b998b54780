//! `tabuleiro tournament GAME --agents A,B,C --games N`: a round robin of paired matches with
//! Elo differences, 95% intervals and likelihoods of superiority.
//!
//! Pairings run in parallel on `jobs` threads; each pairing's seed is fixed in advance, so the
//! table does not depend on scheduling. Each agent is rated by its total score against the
//! field; plots and a joint rating fit are still to come.

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
    /// Threads to play pairings on.
    pub jobs: usize,
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
        let count = self.agents.len();
        let pairs: Vec<(usize, usize)> = (0..count)
            .flat_map(|i| (i + 1..count).map(move |j| (i, j)))
            .collect();
        let next = std::sync::atomic::AtomicUsize::new(0);
        let outcomes = std::sync::Mutex::new(vec![None; pairs.len()]);
        std::thread::scope(|scope| {
            for _ in 0..self.jobs.clamp(1, pairs.len().max(1)) {
                scope.spawn(|| {
                    loop {
                        let slot = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        let Some(&(i, j)) = pairs.get(slot) else {
                            break;
                        };
                        let seed = derive_seed(self.seed, slot as u64);
                        let (a, b) = (self.agents[i], self.agents[j]);
                        let played =
                            play_match::<G>(&self.setup, a, b, self.games, seed, true, |_| {})
                                .map(|r| (r.a, r.b))
                                .map_err(|e| e.to_string());
                        if let Ok(mut slots) = outcomes.lock() {
                            slots[slot] = Some(played);
                        }
                    }
                });
            }
        });
        let outcomes = outcomes
            .into_inner()
            .map_err(|_| anyhow::anyhow!("a tournament thread failed"))?;
        let mut totals = vec![Tally::default(); count];
        let mut pairings = Vec::new();
        for (&(i, j), outcome) in pairs.iter().zip(outcomes) {
            let (tally_a, tally_b) = outcome
                .ok_or_else(|| anyhow::anyhow!("a pairing was not played"))?
                .map_err(anyhow::Error::msg)?;
            add(&mut totals[i], tally_a);
            add(&mut totals[j], tally_b);
            pairings.push(Pairing {
                a: self.agents[i].to_string(),
                b: self.agents[j].to_string(),
                tally: tally_a,
                estimate: EloEstimate::from_tally(&tally_a),
            });
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
