//! Monte Carlo tree search with UCT and seeded random playouts: the `strong` level of games
//! with many moves per position (Taiji).
//!
//! Each iteration walks down the tree choosing the child with the best upper confidence bound,
//! adds one new child, plays the game's playout policy to the end of the game
//! ([`Game::playout_move`]: uniformly random moves by default, each game's fast path), and credits every node on the way with the
//! result for the player who made that node's move (1 for a win, ½ for a draw, 0 for a loss),
//! so it works for any number of players. The move played is the most visited one.

use std::time::{Duration, Instant};

use tabuleiro_core::{Game, GameRng, Player, rng_from_seed};

use crate::agent::Agent;
use crate::alphabeta::{Limits, TIME_SAFETY, shuffle};

/// The exploration constant of UCT (√2 is the textbook value for rewards in 0..1).
pub const EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// One node: the move that led here, who made it, and the statistics of its subtree.
#[derive(Debug)]
struct Node<M> {
    mv: Option<M>,
    mover: Option<Player>,
    parent: usize,
    children: Vec<usize>,
    untried: Vec<M>,
    visits: u32,
    reward: f64,
}

/// What a search did.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsReport {
    /// Iterations (playouts) run.
    pub iterations: u64,
    /// Seconds taken.
    pub seconds: f64,
    /// Share of the root's playouts the chosen move won, for its mover.
    pub win_rate: f64,
}

/// Searches the position from `view` within `limits` (time and/or iterations); returns the
/// most visited move and a report.
pub fn search<G: Game>(
    view: &G::View,
    limits: &MctsLimits,
    rng: &mut GameRng,
) -> (Option<G::Move>, MctsReport) {
    let start = Instant::now();
    let root_state = G::sample_from_view(view, rng);
    let mut report = MctsReport {
        iterations: 0,
        seconds: 0.0,
        win_rate: 0.0,
    };
    if root_state.to_move().is_none() {
        return (None, report);
    }
    let mut untried = Vec::new();
    root_state.legal_moves(&mut untried);
    if untried.len() == 1 {
        return (untried.first().copied(), report);
    }
    shuffle(&mut untried, rng);
    let mut nodes: Vec<Node<G::Move>> = vec![Node {
        mv: None,
        mover: None,
        parent: 0,
        children: Vec::new(),
        untried,
        visits: 0,
        reward: 0.0,
    }];
    let limit = G::INFO.max_moves.unwrap_or(10_000);
    let hidden = G::INFO.hidden_information;
    let deadline = limits.time.map(|t| start + t.mul_f64(1.0 - TIME_SAFETY));
    loop {
        if limits.iterations.is_some_and(|n| report.iterations >= n)
            || (report.iterations.is_multiple_of(32)
                && deadline.is_some_and(|d| Instant::now() >= d))
        {
            break;
        }
        let mut state = G::sample_from_view(view, rng);
        let mut node = 0;
        // Selection: descend while the node is fully expanded.
        while nodes[node].untried.is_empty() && !nodes[node].children.is_empty() {
            let parent_visits = f64::from(nodes[node].visits.max(1)).ln();
            let mut best = (f64::MIN, 0);
            for &c in &nodes[node].children {
                let child = &nodes[c];
                let visits = f64::from(child.visits.max(1));
                let score = child.reward / visits + EXPLORATION * (parent_visits / visits).sqrt();
                if score > best.0 {
                    best = (score, c);
                }
            }
            // With hidden information the tree was grown on other samples: a move that is
            // not legal in this one ends the descent here.
            let mv = nodes[best.1].mv;
            if let Some(mv) = mv {
                if hidden && state.check_move(mv).is_err() {
                    break;
                }
                state.play_unchecked(mv);
            }
            node = best.1;
        }
        // Expansion: one untried move (they were shuffled when the node was made), unless it
        // is not legal in this sample.
        let untried = nodes[node].untried.last().copied();
        if let Some(mv) = untried.filter(|&mv| !hidden || state.check_move(mv).is_ok()) {
            nodes[node].untried.pop();
            let mover = state.to_move();
            state.play_unchecked(mv);
            let mut untried = Vec::new();
            state.legal_moves(&mut untried);
            shuffle(&mut untried, rng);
            nodes.push(Node {
                mv: Some(mv),
                mover,
                parent: node,
                children: Vec::new(),
                untried,
                visits: 0,
                reward: 0.0,
            });
            let child = nodes.len() - 1;
            nodes[node].children.push(child);
            node = child;
        }
        // Simulation.
        let end = policy_playout(state, rng, limit);
        let outcome = end.outcome();
        // Backpropagation.
        loop {
            let n = &mut nodes[node];
            n.visits += 1;
            if let Some(mover) = n.mover {
                n.reward += outcome.as_ref().map_or(0.5, |o| o.result(mover).points());
            }
            if node == 0 {
                break;
            }
            node = n.parent;
        }
        report.iterations += 1;
    }
    let best = nodes[0]
        .children
        .iter()
        .copied()
        .max_by_key(|&c| nodes[c].visits);
    report.seconds = start.elapsed().as_secs_f64();
    let Some(best) = best else {
        return (nodes[0].untried.last().copied(), report);
    };
    report.win_rate = nodes[best].reward / f64::from(nodes[best].visits.max(1));
    (nodes[best].mv, report)
}

/// Plays the game's playout policy ([`Game::playout_move`]) from `state` to the end, or for
/// at most `limit` moves.
fn policy_playout<G: Game>(mut state: G, rng: &mut GameRng, limit: usize) -> G {
    for _ in 0..limit {
        let Some(mv) = state.playout_move(rng) else {
            break;
        };
        state.play_unchecked(mv);
    }
    state
}

/// How long an MCTS player thinks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MctsLimits {
    /// Stop after this long.
    pub time: Option<Duration>,
    /// Stop after this many iterations.
    pub iterations: Option<u64>,
}

impl From<Limits> for MctsLimits {
    /// Keeps the time and iteration budgets; a depth alone means nothing to MCTS, so without
    /// either budget it thinks for the default second.
    fn from(limits: Limits) -> Self {
        let time = match (limits.time, limits.iterations) {
            (None, None) => Some(crate::strong::DEFAULT_THINK),
            (time, _) => time,
        };
        MctsLimits {
            time,
            iterations: limits.iterations,
        }
    }
}

/// The `strong` level for games whose [`tabuleiro_core::GameInfo::search`] is Monte Carlo.
#[derive(Debug)]
pub struct MctsAgent {
    limits: MctsLimits,
    rng: GameRng,
    last: Option<MctsReport>,
    name: String,
}

impl MctsAgent {
    /// An MCTS player with the given limits and seed; `name` is how it is listed.
    pub fn new(limits: MctsLimits, seed: u64, name: String) -> Self {
        MctsAgent {
            limits,
            rng: rng_from_seed(seed),
            last: None,
            name,
        }
    }

    /// What the last search did.
    pub fn last_search(&self) -> Option<MctsReport> {
        self.last
    }
}

impl<G: Game> Agent<G> for MctsAgent {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = rng_from_seed(seed);
        self.last = None;
    }

    fn choose(&mut self, view: &G::View) -> Option<G::Move> {
        let (mv, report) = search::<G>(view, &self.limits, &mut self.rng);
        self.last = Some(report);
        mv
    }
}
