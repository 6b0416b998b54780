//! Tournaments between computer levels: every pairing plays paired games (each seed twice,
//! seats swapped), all games run in parallel, and the results do not depend on scheduling.
//! For a game whose pairs are decided by summed scores
//! ([`Game::PAIR_SCORING`](tabuleiro_core::Game::PAIR_SCORING)), results
//! count pairs: each complete pair is one win, draw or loss ([`crate::pairs`]); an
//! interrupted tournament leaves its unfinished pairs out.
//!
//! Each game is played by freshly built agents seeded from the game's seed, and its seed is
//! fixed in advance from the tournament's seed, the pairing and the game's number; results
//! are gathered in game order. So the same seed gives the same table whatever the number of
//! threads — as long as the agents themselves are deterministic (a time budget is not: a
//! `strong` player with `think=` searches as far as the machine allows; budget it by depth or
//! iterations for reproducible tables).

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;
use tabuleiro_core::{Engine, PairScoring, Player, PlayerResult, Setup, derive_seed};

use crate::level::Level;
use crate::matchplay::{PlayError, Tally, play_game_until};
use crate::pairs::{self, GameScores, PairScore};
use crate::rating::{DecidedShare, EloEstimate, Meeting, Rating, fit_ratings};

/// Which agents meet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Schedule {
    /// Every agent meets every other one.
    RoundRobin,
    /// Only neighbours in the given order meet (a ladder of levels, weakest first): enough to
    /// rate each step, at a fraction of a round robin's games.
    Ladder,
}

/// Virtual draws added to each pairing in the joint rating fit, so that a clean sweep still
/// gives a finite rating (see [`fit_ratings`]).
pub const PRIOR_DRAWS: f64 = 1.0;

/// A share of a tournament's games, to play on one machine of several: shard `index` of
/// `count` (from 1) plays the pairs whose number, counted over every pairing, is `index - 1`
/// modulo `count`. A pair's two games (one seed, seats swapped) stay in one shard, and each
/// game keeps the seed it has in the whole tournament, so the shards' games together are
/// exactly the whole tournament's (`tabuleiro tournament --merge` checks the shards' files and
/// sums their games up with [`Tournament::summarise`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    /// Which share, from 1.
    pub index: usize,
    /// How many shares.
    pub count: usize,
}

impl Shard {
    /// Shard `index` of `count`, both from 1.
    ///
    /// # Errors
    /// When `count` is 0 or `index` is not between 1 and `count`.
    pub fn new(index: usize, count: usize) -> Result<Shard, String> {
        if count == 0 || !(1..=count).contains(&index) {
            return Err(format!(
                "shard {index}/{count}: give I/N with 1 <= I <= N, e.g. 2/3"
            ));
        }
        Ok(Shard { index, count })
    }

    /// Whether game `index` of pairing `pairing` belongs to this shard, `games` being played
    /// per pairing.
    pub fn holds(self, pairing: usize, index: usize, games: usize) -> bool {
        let pair = pairing * games.div_ceil(2) + index / 2;
        pair % self.count == self.index - 1
    }
}

impl std::str::FromStr for Shard {
    type Err = String;
    /// Reads `I/N`.
    fn from_str(text: &str) -> Result<Shard, String> {
        let bad = || format!("`{text}` is not a shard: give I/N, e.g. 2/3");
        let (index, count) = text.split_once('/').ok_or_else(bad)?;
        let index = index.trim().parse().map_err(|_| bad())?;
        let count = count.trim().parse().map_err(|_| bad())?;
        Shard::new(index, count)
    }
}

impl std::fmt::Display for Shard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}/{}", self.index, self.count)
    }
}

/// A tournament to play.
#[derive(Clone, Debug)]
pub struct Tournament {
    /// Players and options (the seed is replaced in every game).
    pub setup: Setup,
    /// The agents, in the order given.
    pub agents: Vec<Level>,
    /// Games per pairing: each seed is played twice, seats swapped, so an even number keeps
    /// first-move advantage out of the results (and is required when pairs count as one
    /// result).
    pub games: usize,
    /// The tournament's seed, from which every game's seed derives.
    pub seed: u64,
    /// Which agents meet.
    pub schedule: Schedule,
}

/// One finished game of a tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameReport {
    /// Index of the pairing in [`Tournament::pairings`].
    pub pairing: usize,
    /// The game's number within its pairing, from 0.
    pub index: usize,
    /// The game's seed (which also seeds both players).
    pub seed: u64,
    /// The seat of the pairing's first agent (0 = first to move).
    pub a_seat: u8,
    /// The result of the pairing's first agent.
    pub a_result: PlayerResult,
    /// Moves played.
    pub moves: usize,
    /// For games that keep score: the first agent's score and its opponent's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub a_scores: Option<GameScores>,
}

/// One complete pair of a tournament whose pairs count as one result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub struct PairReport {
    /// Index of the pairing in [`Tournament::pairings`].
    pub pairing: usize,
    /// The pair's number within its pairing, from 0 (games `2 * index` and `2 * index + 1`).
    pub index: usize,
    /// The seed both games were played with.
    pub seed: u64,
    /// The first agent's and its opponent's summed scores, and the first agent's result.
    pub a: PairScore,
}

/// The results of one pairing, from the first agent's side.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct PairingResult {
    /// The first agent's name.
    pub a: String,
    /// The second agent's name.
    pub b: String,
    /// The first agent's wins, draws and losses (of games, or of pairs when pairs count).
    pub tally: Tally,
    /// The first agent's Elo difference over the second, with its 95% interval and
    /// likelihood of superiority.
    pub estimate: Option<EloEstimate>,
    /// The first agent's share of the decided games, with its 95% interval.
    pub decided: Option<DecidedShare>,
}

/// One agent's results over the whole tournament.
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct Standing {
    /// The agent's name.
    pub agent: String,
    /// Wins, draws and losses over all its games (or pairs, when pairs count).
    pub tally: Tally,
    /// Share of points, in percent.
    pub score_percent: f64,
    /// Rating from the joint fit of every game, relative to the first agent.
    pub rating: Option<Rating>,
}

/// The results of a tournament (possibly interrupted).
#[derive(Clone, Debug, PartialEq, serde::Serialize)]
pub struct TournamentResult {
    /// The game's id.
    pub game: &'static str,
    /// The tournament's seed.
    pub seed: u64,
    /// Which agents met.
    pub schedule: Schedule,
    /// Games planned.
    pub planned: usize,
    /// Games finished (fewer than planned when interrupted).
    pub played: usize,
    /// What the tallies and ratings count: each game, or each complete pair decided by its
    /// summed scores.
    pub counted: PairScoring,
    /// Every pairing.
    pub pairings: Vec<PairingResult>,
    /// Every agent, in the order given.
    pub standings: Vec<Standing>,
    /// Every finished game, in order.
    pub games: Vec<GameReport>,
    /// Every complete pair, in order, when pairs count (else empty).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub pairs: Vec<PairReport>,
    /// The share of the games played, for the result of one shard (none for a whole
    /// tournament, or shards merged).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shard: Option<Shard>,
}

impl Tournament {
    /// The pairings as indices into `agents`, first agent first.
    pub fn pairings(&self) -> Vec<(usize, usize)> {
        let count = self.agents.len();
        match self.schedule {
            Schedule::RoundRobin => (0..count)
                .flat_map(|i| (i + 1..count).map(move |j| (i, j)))
                .collect(),
            Schedule::Ladder => (1..count).map(|j| (j - 1, j)).collect(),
        }
    }

    /// Games in the whole tournament.
    pub fn planned(&self) -> usize {
        self.pairings().len() * self.games
    }

    /// The seed of game `index` of pairing `pairing`: both games of a pair share it.
    pub fn game_seed(&self, pairing: usize, index: usize) -> u64 {
        derive_seed(derive_seed(self.seed, pairing as u64), (index / 2) as u64)
    }

    /// Plays the tournament on `jobs` threads (all cores when 0), telling `on_game` of each
    /// finished game (from whichever thread played it). When `stop` is set, games not yet
    /// finished are abandoned and the result holds the games finished so far.
    ///
    /// # Errors
    /// When there are fewer than two agents, the game is not for two players, a level does
    /// not fit the game, pairs count as one result but the number of games is odd, or a game
    /// cannot be played.
    pub fn run<G: Engine>(
        &self,
        jobs: usize,
        stop: &AtomicBool,
        on_game: &(dyn Fn(&GameReport) + Sync),
    ) -> Result<TournamentResult, PlayError> {
        self.run_shard::<G>(None, jobs, stop, on_game)
    }

    /// Games `shard` plays (all of them for none), as (pairing, game number).
    pub fn work(&self, shard: Option<Shard>) -> Vec<(usize, usize)> {
        (0..self.pairings().len())
            .flat_map(|p| (0..self.games).map(move |i| (p, i)))
            .filter(|&(p, i)| shard.is_none_or(|s| s.holds(p, i, self.games)))
            .collect()
    }

    /// As [`Tournament::run`], playing only the games of `shard` (every game for none); the
    /// result names the shard and counts only its games.
    ///
    /// # Errors
    /// As [`Tournament::run`].
    pub fn run_shard<G: Engine>(
        &self,
        shard: Option<Shard>,
        jobs: usize,
        stop: &AtomicBool,
        on_game: &(dyn Fn(&GameReport) + Sync),
    ) -> Result<TournamentResult, PlayError> {
        if self.agents.len() < 2 {
            return Err(PlayError::Invalid(
                "a tournament needs at least two agents".to_owned(),
            ));
        }
        if self.setup.players != 2 {
            return Err(PlayError::Invalid(format!(
                "tournaments are for two-player games (this one has {} players)",
                self.setup.players
            )));
        }
        let counted = pairs::counting(G::PAIR_SCORING, true, self.setup.players);
        if counted == PairScoring::SummedScores && !self.games.is_multiple_of(2) {
            return Err(PlayError::OddPairs {
                game: G::INFO.name,
                games: self.games,
            });
        }
        // Check every level before starting: `perfect` may not fit the game.
        for level in &self.agents {
            level.build::<G>(0)?;
        }
        let pairings = self.pairings();
        let work = self.work(shard);
        let play = |&(pairing, index): &(usize, usize)| -> Result<Option<GameReport>, PlayError> {
            if stop.load(Ordering::Relaxed) {
                return Ok(None);
            }
            let (a, b) = pairings[pairing];
            let seed = self.game_seed(pairing, index);
            let a_seat = (index % 2) as u8;
            let (first, second) = if a_seat == 0 { (a, b) } else { (b, a) };
            let mut agents = [
                self.agents[first].build::<G>(0)?,
                self.agents[second].build::<G>(0)?,
            ];
            let setup = Setup {
                seed,
                ..self.setup.clone()
            };
            let limit = G::INFO.max_moves.unwrap_or(100_000);
            let Some(session) = play_game_until(&setup, &mut agents, limit, stop)? else {
                return Ok(None);
            };
            let outcome = session.outcome().ok_or(PlayError::TooLong(limit))?;
            let a_scores = GameScores::of(&outcome, Player(a_seat));
            if a_scores.is_none() && counted == PairScoring::SummedScores {
                return Err(PlayError::Unscored(G::INFO.name));
            }
            let report = GameReport {
                pairing,
                index,
                seed,
                a_seat,
                a_result: outcome.result(Player(a_seat)),
                moves: session.moves().len(),
                a_scores,
            };
            on_game(&report);
            Ok(Some(report))
        };
        let threads = if jobs == 0 {
            std::thread::available_parallelism().map_or(1, usize::from)
        } else {
            jobs
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .map_err(|e| PlayError::Invalid(format!("cannot start {threads} threads: {e}")))?;
        let finished: Vec<Option<GameReport>> = pool.install(|| {
            work.par_iter()
                .map(play)
                .collect::<Result<Vec<_>, PlayError>>()
        })?;
        let games: Vec<GameReport> = finished.into_iter().flatten().collect();
        let mut result = self.summarise(G::INFO.id, counted, games);
        result.shard = shard;
        Ok(result)
    }

    /// The tables for the finished `games` of this tournament, counting each game or, when
    /// `counted` is [`PairScoring::SummedScores`], each complete pair whose two games carry
    /// scores.
    pub fn summarise(
        &self,
        game: &'static str,
        counted: PairScoring,
        games: Vec<GameReport>,
    ) -> TournamentResult {
        let pairings = self.pairings();
        let mut tallies = vec![Tally::default(); pairings.len()];
        let pairs = match counted {
            PairScoring::EachGame => {
                for report in &games {
                    if let Some(tally) = tallies.get_mut(report.pairing) {
                        tally.add(report.a_result);
                    }
                }
                Vec::new()
            }
            PairScoring::SummedScores => complete_pairs(&games),
        };
        for pair in &pairs {
            if let Some(tally) = tallies.get_mut(pair.pairing) {
                tally.add(pair.a.result);
            }
        }
        let mut totals = vec![Tally::default(); self.agents.len()];
        for (&(a, b), tally) in pairings.iter().zip(&tallies) {
            totals[a].merge(*tally);
            totals[b].merge(tally.reversed());
        }
        let meetings: Vec<Meeting> = pairings
            .iter()
            .zip(&tallies)
            .map(|(&(a, b), &tally)| Meeting { a, b, tally })
            .collect();
        let ratings = fit_ratings(self.agents.len(), &meetings, PRIOR_DRAWS);
        TournamentResult {
            game,
            seed: self.seed,
            schedule: self.schedule,
            planned: self.planned(),
            played: games.len(),
            counted,
            pairings: pairings
                .iter()
                .zip(&tallies)
                .map(|(&(a, b), tally)| PairingResult {
                    a: self.agents[a].to_string(),
                    b: self.agents[b].to_string(),
                    tally: *tally,
                    estimate: EloEstimate::from_tally(tally),
                    decided: DecidedShare::new(tally.wins, tally.losses),
                })
                .collect(),
            standings: self
                .agents
                .iter()
                .zip(totals)
                .zip(ratings)
                .map(|((level, tally), rating)| Standing {
                    agent: level.to_string(),
                    tally,
                    score_percent: EloEstimate::from_tally(&tally).map_or(0.0, |e| 100.0 * e.score),
                    rating,
                })
                .collect(),
            games,
            pairs,
            shard: None,
        }
    }
}

/// The pairs of `games` whose two games both finished with scores, decided by summed scores,
/// in order of pairing and pair.
fn complete_pairs(games: &[GameReport]) -> Vec<PairReport> {
    let mut halves: BTreeMap<(usize, usize), [Option<&GameReport>; 2]> = BTreeMap::new();
    for report in games {
        halves
            .entry((report.pairing, report.index / 2))
            .or_default()[report.index % 2] = Some(report);
    }
    halves
        .into_iter()
        .filter_map(|((pairing, index), [first, second])| {
            let (first, second) = (first?, second?);
            Some(PairReport {
                pairing,
                index,
                seed: first.seed,
                a: pairs::summed([first.a_scores?, second.a_scores?]),
            })
        })
        .collect()
}
