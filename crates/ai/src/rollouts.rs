//! Sampled rollouts: the `strong` level of games of hidden information and chance (Q!nto).
//!
//! A player who cannot see the other hands or the piles cannot search a tree of positions,
//! and random games say little about a position where random players hardly ever lay more
//! than one tile. This search instead improves on the game's own policies:
//!
//! 1. **Candidates.** Every legal move is scored by the game's evaluation at the end of the
//!    mover's turn (an extra turn the move earns finished by the playout policy), on one
//!    sample of the hidden tiles; the best [`CANDIDATES`] are kept.
//! 2. **Rollouts.** Over and over, a new sample of everything the player cannot see is drawn
//!    from its view ([`Game::sample_from_view`]), and every candidate is played on that same
//!    sample, followed by the game's playout policy ([`Game::playout_move`]) for every
//!    player until the searching player's turn has come round [`HORIZON`] more times (or the
//!    game ends). The position reached is scored by the evaluation (a won or lost game by a
//!    value beyond any evaluation). The candidates of one sample share the random numbers of
//!    their rollouts, so their differences come from the moves, not from the luck of the deal.
//! 3. **Choice.** The candidate with the best mean score wins.
//!
//! The player decides from its view alone: given the same view and seed it makes the same
//! decision, whatever the hidden tiles really are.

use std::time::Instant;

use tabuleiro_core::rng::Rng;
use tabuleiro_core::{Evaluate, GameRng, Player, rng_from_seed};

use crate::agent::Agent;
use crate::alphabeta::shuffle;
use crate::mcts::MctsLimits;

/// How many of the evaluation's favourite moves are judged by rollouts.
pub const CANDIDATES: usize = 6;

/// How many more turns of the searching player each rollout plays (each preceded by the
/// other players' turns), before the position is scored.
pub const HORIZON: usize = 2;

/// The score of a won game in a rollout (a lost one scores its negation): beyond any
/// evaluation.
const DECIDED: f64 = 1_000_000.0;

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
/// `me`'s turn is over, an extra turn it earned being finished by the playout policy (the
/// rollouts judge what the others can do next).
fn candidate_value<G: Evaluate>(mut state: G, me: Player, rng: &mut GameRng) -> i32 {
    for _ in 0..64 {
        if let Some(outcome) = state.outcome() {
            return (decided(&outcome, me) / 10.0) as i32;
        }
        if state.to_move() != Some(me) {
            break;
        }
        let Some(mv) = state.playout_move(rng) else {
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

/// Plays the game's playout policy from `state` until `me`'s turn has come round `horizon`
/// times or the game ends, and scores the position reached for `me`; `None` when `deadline`
/// passes first.
fn rollout<G: Evaluate>(
    mut state: G,
    me: Player,
    horizon: usize,
    deadline: Option<Instant>,
    rng: &mut GameRng,
) -> Option<f64> {
    let mut turns_of_mine = 0;
    let mut previous = state.to_move();
    // A bound on the moves of one rollout, for games whose policy could pass for ever.
    let mut budget = 16 * (horizon + 1) * state.players().max(1);
    loop {
        if let Some(outcome) = state.outcome() {
            return Some(decided(&outcome, me));
        }
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return None;
        }
        let mover = state.to_move();
        if mover == Some(me) && previous != Some(me) {
            turns_of_mine += 1;
            if turns_of_mine > horizon {
                break;
            }
        }
        previous = mover;
        if budget == 0 {
            break;
        }
        budget -= 1;
        let Some(mv) = state.playout_move(rng) else {
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
    /// Turns of the searching player each rollout plays through.
    pub horizon: usize,
}

impl Default for RolloutShape {
    fn default() -> Self {
        RolloutShape {
            candidates: CANDIDATES,
            horizon: HORIZON,
        }
    }
}

/// Searches the position of `view` within `limits` (time and/or number of samples) with the
/// default [`RolloutShape`]; returns the chosen move and a report.
pub fn search<G: Evaluate>(
    view: &G::View,
    limits: &MctsLimits,
    rng: &mut GameRng,
) -> (Option<G::Move>, RolloutReport) {
    search_shaped::<G>(view, limits, RolloutShape::default(), rng)
}

/// [`search`] with a given shape.
pub fn search_shaped<G: Evaluate>(
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
                    .map_or_else(|| next.evaluate(me), |o| (decided(&o, me) / 10.0) as i32)
            } else {
                candidate_value(next, me, rng)
            };
            (value, mv)
        })
        .collect();
    // Stable, so equal scores keep their shuffled order.
    scored.sort_by_key(|&(value, _)| std::cmp::Reverse(value));
    scored.truncate(shape.candidates.max(1));
    let candidates: Vec<G::Move> = scored.iter().map(|&(_, mv)| mv).collect();
    report.candidates = candidates.len();
    let mut sums = vec![0.0f64; candidates.len()];
    let mut counts = vec![0u32; candidates.len()];
    let deadline = limits.time.map(|t| start + t);
    loop {
        if limits.iterations.is_some_and(|n| report.samples >= n)
            || deadline.is_some_and(|d| Instant::now() >= d)
        {
            break;
        }
        let sample = G::sample_from_view(view, rng);
        let seed = rng.next_u64();
        // A sample counts only when every candidate was rolled out on it in time; without
        // any, the evaluation's favourite is played.
        let mut scores = Vec::with_capacity(candidates.len());
        let mut late = false;
        for &mv in &candidates {
            if sample.check_move(mv).is_err() {
                scores.push(None);
                continue;
            }
            let mut state = sample.clone();
            state.play_unchecked(mv);
            let mut shared = rng_from_seed(seed);
            let Some(score) = rollout(state, me, shape.horizon, deadline, &mut shared) else {
                late = true;
                break;
            };
            scores.push(Some(score));
        }
        if late {
            break;
        }
        for (i, score) in scores.into_iter().enumerate() {
            if let Some(score) = score {
                sums[i] += score;
                counts[i] += 1;
            }
        }
        report.samples += 1;
    }
    report.seconds = start.elapsed().as_secs_f64();
    let best = (0..candidates.len())
        .filter(|&i| counts[i] > 0)
        .max_by(|&a, &b| {
            let mean = |i: usize| sums[i] / f64::from(counts[i]);
            mean(a).total_cmp(&mean(b)).then(b.cmp(&a))
        })
        .unwrap_or(0);
    if counts.get(best).is_some_and(|&n| n > 0) {
        report.score = sums[best] / f64::from(counts[best]);
    }
    (candidates.get(best).copied(), report)
}

/// The `strong` level for games whose [`tabuleiro_core::GameInfo::search`] is
/// [`tabuleiro_core::SearchKind::Rollouts`].
#[derive(Debug)]
pub struct RolloutAgent {
    limits: MctsLimits,
    shape: RolloutShape,
    rng: GameRng,
    last: Option<RolloutReport>,
    name: String,
}

impl RolloutAgent {
    /// A rollout player with the given limits and seed; `name` is how it is listed.
    pub fn new(limits: MctsLimits, seed: u64, name: String) -> Self {
        RolloutAgent {
            limits,
            shape: RolloutShape::default(),
            rng: rng_from_seed(seed),
            last: None,
            name,
        }
    }

    /// The same player with another search shape.
    pub fn with_shape(mut self, shape: RolloutShape) -> Self {
        self.shape = shape;
        self
    }

    /// What the last search did.
    pub fn last_search(&self) -> Option<RolloutReport> {
        self.last
    }
}

impl<G: Evaluate> Agent<G> for RolloutAgent {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = rng_from_seed(seed);
        self.last = None;
    }

    fn choose(&mut self, view: &G::View) -> Option<G::Move> {
        let (mv, report) = search_shaped::<G>(view, &self.limits, self.shape, &mut self.rng);
        self.last = Some(report);
        mv
    }
}
