//! Sampled rollouts: the `strong` level of games of hidden information and chance (Q!nto).
//!
//! A player who cannot see the other hands or the piles cannot search a tree of positions,
//! and random games say little about a position where random players hardly ever lay more
//! than one tile. This search instead improves on the game's own policies:
//!
//! 1. **Candidates.** Every legal move is scored by the game's evaluation at the end of the
//!    mover's turn (an extra turn the move earns finished by the planning policy,
//!    [`Engine::planning_move`]), on one sample of the hidden tiles; the best [`CANDIDATES`]
//!    are kept, and the planning policy's own choices are added.
//! 2. **Rollouts.** Over and over, a new sample of everything the player cannot see is drawn
//!    from its view ([`Game::sample_from_view`]), and every remaining candidate is played on
//!    that same sample, followed by the planning policy for the searching player and the
//!    playout policy ([`Engine::playout_move`], a model of ordinary play) for the others, until
//!    the game ends (or, with a [`RolloutShape::horizon`], until the
//!    searching player's turn has come round that many more times, the position then being
//!    scored by the evaluation). A won game scores a value beyond any evaluation, plus the
//!    tiles the others are left with, as a tie-break. The candidates of one sample share the
//!    random numbers of their rollouts, so their differences come from the moves, not from
//!    the luck of the deal.
//! 3. **Sequential halving.** The budget is split into rounds; after each round the worse
//!    half of the candidates (by mean score so far) is dropped, so the close contest between
//!    the best few gets most of the samples.
//! 4. **Choice.** The remaining candidate with the best mean score wins.
//!
//! The player decides from its view alone: given the same view and seed it makes the same
//! decision, whatever the hidden tiles really are.
//!
//! [`Game::sample_from_view`]: tabuleiro_core::Game::sample_from_view

use std::time::Instant;

use tabuleiro_core::rng::Rng;
use tabuleiro_core::{Engine, GameRng, Player, rng_from_seed};

use crate::agent::Agent;
use crate::alphabeta::{TIME_SAFETY, shuffle};
use crate::mcts::MctsLimits;

/// How many of the evaluation's favourite moves are judged by rollouts.
pub const CANDIDATES: usize = 8;

/// How many times the planning policy ([`Engine::planning_move`]) is asked for a move to add to
/// the candidates (it breaks ties at random, so it may name several).
const PLANNED: usize = 2;

/// The score of a won game in a rollout (a lost one scores its negation), to which the
/// evaluation of the final position is added as a tie-break (clamped to half of this, so a
/// win always outscores a loss).
const DECIDED: f64 = 20_000.0;

/// What a search did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct RolloutReport {
    /// Samples of the hidden information drawn (each candidate is rolled out once on each).
    pub samples: u64,
    /// Candidates judged by rollouts.
    pub candidates: usize,
    /// Seconds taken.
    pub seconds: f64,
    /// The chosen move's mean rollout score (0 when no rollout ran).
    pub score: f64,
}

/// How a candidate looks for `me` in `state`, just after it was played: the evaluation once
/// `me`'s turn is over, an extra turn it earned being finished by the planning policy (the
/// rollouts judge what the others can do next).
fn candidate_value<G: Engine>(mut state: G, me: Player, rng: &mut GameRng) -> i32 {
    for _ in 0..64 {
        if let Some(outcome) = state.outcome() {
            return final_score(&state, &outcome, me) as i32;
        }
        if state.to_move() != Some(me) {
            break;
        }
        let Some(mv) = state.planning_move(rng) else {
            break;
        };
        state.play_unchecked(mv);
    }
    state.evaluate(me)
}

/// The score of a finished game for `me`: [`DECIDED`] for a win, its negation for a loss,
/// and in between for a shared result.
fn decided(outcome: &tabuleiro_core::Outcome, me: Player) -> f64 {
    (outcome.result(me).points() * 2.0 - 1.0) * DECIDED
}

/// The rollout score of the finished game `state` for `me`: [`decided`] plus the clamped
/// evaluation (in Q!nto, the tiles the others are left with).
fn final_score<G: Engine>(state: &G, outcome: &tabuleiro_core::Outcome, me: Player) -> f64 {
    decided(outcome, me) + f64::from(state.evaluate(me)).clamp(-DECIDED / 2.0, DECIDED / 2.0)
}

/// Plays the game out from `state`, `me` by the planning policy and the others by the playout
/// policy, until the game ends (or, with a horizon, until `me`'s turn has come round that
/// many times) and scores the position reached for `me`; `None` when `deadline` passes first.
fn rollout<G: Engine>(
    mut state: G,
    me: Player,
    horizon: Option<usize>,
    deadline: Option<Instant>,
    rng: &mut GameRng,
) -> Option<f64> {
    let mut turns_of_mine = 0;
    let mut previous = state.to_move();
    // A bound on the moves of one rollout, for games whose policy could pass for ever.
    let mut budget = 16 * (horizon.unwrap_or(16) + 1) * state.players().max(1);
    loop {
        if let Some(outcome) = state.outcome() {
            return Some(final_score(&state, &outcome, me));
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        let mover = state.to_move();
        if mover == Some(me) && previous != Some(me) {
            turns_of_mine += 1;
            if horizon.is_some_and(|h| turns_of_mine > h) {
                break;
            }
        }
        previous = mover;
        if budget == 0 {
            break;
        }
        budget -= 1;
        let mv = if mover == Some(me) {
            state.planning_move(rng)
        } else {
            state.playout_move(rng)
        };
        let Some(mv) = mv else {
            break;
        };
        state.play_unchecked(mv);
    }
    Some(f64::from(state.evaluate(me)))
}

/// How wide and how deep the search looks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RolloutShape {
    /// Candidate moves judged by rollouts.
    pub candidates: usize,
    /// Turns of the searching player each rollout plays through before the position is
    /// scored by the evaluation; `None`: to the end of the game.
    pub horizon: Option<usize>,
}

impl Default for RolloutShape {
    fn default() -> Self {
        RolloutShape {
            candidates: CANDIDATES,
            horizon: None,
        }
    }
}

/// Searches the position of `view` within `limits` (time and/or number of samples) with the
/// default [`RolloutShape`]; returns the chosen move and a report.
pub fn search<G: Engine>(
    view: &G::View,
    limits: &MctsLimits,
    rng: &mut GameRng,
) -> (Option<G::Move>, RolloutReport) {
    search_shaped::<G>(view, limits, RolloutShape::default(), rng)
}

/// [`search`] with a given shape.
pub fn search_shaped<G: Engine>(
    view: &G::View,
    limits: &MctsLimits,
    shape: RolloutShape,
    rng: &mut GameRng,
) -> (Option<G::Move>, RolloutReport) {
    let start = Instant::now();
    let mut report = RolloutReport {
        samples: 0,
        candidates: 0,
        seconds: 0.0,
        score: 0.0,
    };
    let base = G::sample_from_view(view, rng);
    let Some(me) = base.to_move() else {
        return (None, report);
    };
    let mut moves = Vec::new();
    base.legal_moves(&mut moves);
    shuffle(&mut moves, rng);
    if moves.len() <= 1 {
        return (moves.first().copied(), report);
    }
    // Scoring may take at most half the time budget; past that, moves are scored by the
    // evaluation alone (an extra turn they earn is not played out).
    let scoring_deadline = limits.time.map(|t| start + t / 2);
    let mut hurried = false;
    let mut scored: Vec<(i32, G::Move)> = moves
        .into_iter()
        .enumerate()
        .map(|(k, mv)| {
            let mut next = base.clone();
            next.play_unchecked(mv);
            if k % 16 == 0 && scoring_deadline.is_some_and(|d| Instant::now() >= d) {
                hurried = true;
            }
            let value = if hurried || next.to_move() != Some(me) {
                next.outcome()
                    .map_or_else(|| next.evaluate(me), |o| final_score(&next, &o, me) as i32)
            } else {
                candidate_value(next, me, rng)
            };
            (value, mv)
        })
        .collect();
    // Stable, so equal scores keep their shuffled order.
    scored.sort_by_key(|&(value, _)| std::cmp::Reverse(value));
    scored.truncate(shape.candidates.max(1));
    let mut candidates: Vec<G::Move> = scored.iter().map(|&(_, mv)| mv).collect();
    // The planning policy's own choices join them: they may lay less now to play better
    // later, which the evaluation's ranking does not see.
    for _ in 0..PLANNED {
        if let Some(mv) = base.planning_move(rng)
            && !candidates.contains(&mv)
        {
            candidates.insert(0, mv);
        }
    }
    report.candidates = candidates.len();
    let best = halve::<G>(
        view,
        &candidates,
        me,
        limits,
        shape,
        start,
        rng,
        &mut report,
    );
    report.seconds = start.elapsed().as_secs_f64();
    (candidates.get(best).copied(), report)
}

/// Sequential halving over `candidates`: rounds of rollouts on shared samples, the worse half
/// dropped after each; returns the index of the winner (the first candidate, 0, when no
/// sample was finished in time: a planning policy's choice the evaluation did not rank among
/// the best, else the evaluation's favourite) and leaves the sample count and its mean in
/// `report`.
#[allow(clippy::too_many_arguments)]
fn halve<G: Engine>(
    view: &G::View,
    candidates: &[G::Move],
    me: Player,
    limits: &MctsLimits,
    shape: RolloutShape,
    start: Instant,
    rng: &mut GameRng,
    report: &mut RolloutReport,
) -> usize {
    let mut sums = vec![0.0f64; candidates.len()];
    let mut counts = vec![0u32; candidates.len()];
    let mean = |sums: &[f64], counts: &[u32], i: usize| sums[i] / f64::from(counts[i].max(1));
    let mut alive: Vec<usize> = (0..candidates.len()).collect();
    let rounds = candidates.len().next_power_of_two().trailing_zeros().max(1) as usize;
    // Rollouts stop a little early, so that the last one and the choice fit in the budget.
    let deadline = limits.time.map(|t| start + t.mul_f64(1.0 - TIME_SAFETY));
    for round in 0..rounds {
        // This round's share of what is left of the budget.
        let left = rounds - round;
        let round_deadline = deadline.map(|d| {
            let now = Instant::now();
            now + d.saturating_duration_since(now) / left as u32
        });
        let round_samples = limits
            .iterations
            .map(|n| report.samples + n.saturating_sub(report.samples).div_ceil(left as u64));
        let threads = limits
            .threads
            .unwrap_or_else(crate::threads::default)
            .clamp(1, crate::threads::MAX_THREADS);
        let work = Round::<G> {
            view,
            candidates,
            alive: &alive,
            me,
            horizon: shape.horizon,
            deadline,
            closes: round_deadline,
        };
        if threads == 1 {
            let quota = round_samples.map(|n| n.saturating_sub(report.samples));
            report.samples += work.roll(quota, rng, &mut sums, &mut counts);
        } else {
            let quotas: Vec<Option<u64>> = match round_samples {
                Some(n) => crate::threads::split(n.saturating_sub(report.samples), threads)
                    .map(Some)
                    .collect(),
                None => vec![None; threads],
            };
            for (share_sums, share_counts, samples) in work.roll_parallel(&quotas, rng) {
                for i in 0..candidates.len() {
                    sums[i] += share_sums[i];
                    counts[i] += share_counts[i];
                }
                report.samples += samples;
            }
        }
        if alive.len() > 1 && round + 1 < rounds {
            // Keep the better half (ties go to the earlier candidate).
            alive.sort_by(|&a, &b| {
                mean(&sums, &counts, b)
                    .total_cmp(&mean(&sums, &counts, a))
                    .then(a.cmp(&b))
            });
            alive.truncate(alive.len().div_ceil(2));
            alive.sort_unstable();
        }
        if deadline.is_some_and(|d| Instant::now() >= d) || crate::cancel::cancelled() {
            break;
        }
    }
    let best = alive
        .iter()
        .copied()
        .filter(|&i| counts[i] > 0)
        .max_by(|&a, &b| {
            mean(&sums, &counts, a)
                .total_cmp(&mean(&sums, &counts, b))
                .then(b.cmp(&a))
        })
        .unwrap_or(0);
    if counts[best] > 0 {
        report.score = mean(&sums, &counts, best);
    }
    best
}

/// One round of sequential halving: what every sample of it rolls out.
struct Round<'a, G: Engine> {
    view: &'a G::View,
    candidates: &'a [G::Move],
    /// The candidates still in the contest (indices into `candidates`).
    alive: &'a [usize],
    me: Player,
    horizon: Option<usize>,
    /// When every rollout must stop.
    deadline: Option<Instant>,
    /// When the round draws no new sample.
    closes: Option<Instant>,
}

impl<G: Engine> Round<'_, G> {
    /// Draws samples until `quota` of them are done or the round's time is up (at least one
    /// is begun), rolls every alive candidate out on each, and adds the scores into `sums` and
    /// `counts` (indexed like the candidates); returns the samples done.
    fn roll(
        &self,
        quota: Option<u64>,
        rng: &mut GameRng,
        sums: &mut [f64],
        counts: &mut [u32],
    ) -> u64 {
        let mut drawn = 0;
        loop {
            if quota.is_some_and(|n| drawn >= n)
                || (drawn > 0 && self.closes.is_some_and(|d| Instant::now() >= d))
                || crate::cancel::cancelled()
            {
                break;
            }
            let sample = G::sample_from_view(self.view, rng);
            let seed = rng.next_u64();
            // A sample counts only when every remaining candidate was rolled out on it in time.
            let mut scores = Vec::with_capacity(self.alive.len());
            let mut late = false;
            for &i in self.alive {
                let mv = self.candidates[i];
                if sample.check_move(mv).is_err() {
                    scores.push(None);
                    continue;
                }
                let mut state = sample.clone();
                state.play_unchecked(mv);
                let mut shared = rng_from_seed(seed);
                let Some(score) = rollout(state, self.me, self.horizon, self.deadline, &mut shared)
                else {
                    late = true;
                    break;
                };
                scores.push(Some(score));
            }
            if late {
                break;
            }
            for (&i, score) in self.alive.iter().zip(scores) {
                if let Some(score) = score {
                    sums[i] += score;
                    counts[i] += 1;
                }
            }
            drawn += 1;
        }
        drawn
    }

    /// [`Round::roll`] on one thread per quota, each with a generator seeded from `rng`;
    /// returns each thread's sums, counts and samples.
    fn roll_parallel(
        &self,
        quotas: &[Option<u64>],
        rng: &mut GameRng,
    ) -> Vec<(Vec<f64>, Vec<u32>, u64)> {
        let seeds: Vec<u64> = quotas.iter().map(|_| rng.next_u64()).collect();
        let cancel = crate::cancel::current();
        let share = |quota: Option<u64>, seed: u64| {
            let mut sums = vec![0.0; self.candidates.len()];
            let mut counts = vec![0; self.candidates.len()];
            let samples = self.roll(quota, &mut rng_from_seed(seed), &mut sums, &mut counts);
            (sums, counts, samples)
        };
        std::thread::scope(|scope| {
            let helpers: Vec<_> = quotas
                .iter()
                .zip(&seeds)
                .skip(1)
                .map(|(&quota, &seed)| {
                    let cancel = cancel.clone();
                    scope.spawn(move || {
                        crate::cancel::cancellable_with(cancel, || share(quota, seed))
                    })
                })
                .collect();
            let mut shares = vec![share(quotas[0], seeds[0])];
            for helper in helpers {
                match helper.join() {
                    Ok(result) => shares.push(result),
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            shares
        })
    }
}

/// The `strong` level for games whose [`tabuleiro_core::EngineInfo::search`] is
/// [`tabuleiro_core::SearchKind::Rollouts`].
#[derive(Debug)]
pub struct RolloutAgent {
    limits: MctsLimits,
    shape: RolloutShape,
    rng: GameRng,
    name: String,
}

impl RolloutAgent {
    /// A rollout player with the given limits and seed; `name` is how it is listed.
    pub fn new(limits: MctsLimits, seed: u64, name: String) -> Self {
        RolloutAgent {
            limits,
            shape: RolloutShape::default(),
            rng: rng_from_seed(seed),
            name,
        }
    }
}

impl<G: Engine> Agent<G> for RolloutAgent {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = rng_from_seed(seed);
    }

    fn choose(&mut self, view: &G::View) -> Option<G::Move> {
        search_shaped::<G>(view, &self.limits, self.shape, &mut self.rng).0
    }
}
