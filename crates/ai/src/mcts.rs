//! Monte Carlo tree search with UCT and seeded random playouts: the `strong` level of games
//! with many moves per position (Taiji).
//!
//! Each iteration walks down the tree choosing the child with the best upper confidence bound,
//! adds one new child, plays the game's playout policy to the end of the game
//! ([`Engine::playout_move`]: uniformly random moves by default, each game's fast path), and credits every node on the way with the
//! result for the player who made that node's move (1 for a win, ½ for a draw, 0 for a loss),
//! so it works for any number of players. The move played is the most visited one.

use std::time::{Duration, Instant};

use tabuleiro_core::{Engine, GameRng, Player, rng_from_seed};

use crate::agent::Agent;
use crate::alphabeta::{Limits, TIME_SAFETY, shuffle};

/// The exploration constant of UCT (√2 is the textbook value for rewards in 0..1).
pub const EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// About how often a search with a deadline reads the clock.
const CLOCK_PERIOD: Duration = Duration::from_micros(200);

/// No node (an index past every node).
const NO_NODE: usize = usize::MAX;

/// One node: the move that led here, who made it, and the statistics of its subtree. Its
/// children form a list through `next_sibling`, in the order they were made, and its untried
/// moves are a range of the search's one move arena, listed the first time the node is
/// expanded (most nodes are leaves that never are): a tree of many nodes is a few large
/// allocations, quick to make and to free when the deadline comes.
#[derive(Debug)]
struct Node<M> {
    mv: Option<M>,
    mover: Option<Player>,
    parent: usize,
    first_child: usize,
    last_child: usize,
    next_sibling: usize,
    /// Whether the moves of the node's position were listed into the arena.
    listed: bool,
    /// The untried moves are `arena[untried.0..untried.1]`, taken from the end.
    untried: (usize, usize),
    visits: u32,
    reward: f64,
}

impl<M> Node<M> {
    /// A node whose moves are not listed yet.
    fn new(mv: Option<M>, mover: Option<Player>, parent: usize) -> Self {
        Node {
            mv,
            mover,
            parent,
            first_child: NO_NODE,
            last_child: NO_NODE,
            next_sibling: NO_NODE,
            listed: false,
            untried: (0, 0),
            visits: 0,
            reward: 0.0,
        }
    }

    fn has_untried(&self) -> bool {
        self.untried.1 > self.untried.0
    }
}

/// The children of `node`, in the order they were made.
fn children<M>(nodes: &[Node<M>], node: usize) -> impl Iterator<Item = usize> + '_ {
    std::iter::successors(
        Some(nodes[node].first_child).filter(|&c| c != NO_NODE),
        |&c| Some(nodes[c].next_sibling).filter(|&n| n != NO_NODE),
    )
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
pub fn search<G: Engine>(
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
    let mut arena = Vec::new();
    root_state.legal_moves(&mut arena);
    if arena.len() == 1 {
        return (arena.first().copied(), report);
    }
    shuffle(&mut arena, rng);
    let mut root = Node::new(None, None, 0);
    root.listed = true;
    root.untried = (0, arena.len());
    let mut nodes: Vec<Node<G::Move>> = vec![root];
    let mut scratch = Vec::new();
    let limit = G::INFO.max_moves.unwrap_or(10_000);
    let hidden = G::INFO.hidden_information;
    let deadline = limits.time.map(|t| start + t.mul_f64(1.0 - TIME_SAFETY));
    // The clock is read about every CLOCK_PERIOD of search, however long an iteration takes
    // (from a microsecond in Quantik to a millisecond on a large Taiji board).
    let mut next_clock = 1;
    loop {
        if limits.iterations.is_some_and(|n| report.iterations >= n) {
            break;
        }
        if report.iterations.is_multiple_of(256) && crate::cancel::cancelled() {
            break;
        }
        if let Some(deadline) = deadline
            && report.iterations >= next_clock
        {
            let now = Instant::now();
            if now >= deadline {
                break;
            }
            let per_iteration = (now - start).as_secs_f64() / report.iterations as f64;
            let step = (CLOCK_PERIOD.as_secs_f64() / per_iteration.max(1e-9)) as u64;
            next_clock = report.iterations + step.clamp(1, 256);
        }
        let mut state = G::sample_from_view(view, rng);
        let mut node = 0;
        // Selection: descend while the node is fully expanded.
        while !nodes[node].has_untried() && nodes[node].first_child != NO_NODE {
            let parent_visits = f64::from(nodes[node].visits.max(1)).ln();
            let mut best = (f64::MIN, 0);
            for c in children(&nodes, node) {
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
        // Expansion: one untried move (they were shuffled when listed), unless it is not
        // legal in this sample.
        if !nodes[node].listed {
            state.legal_moves(&mut scratch);
            shuffle(&mut scratch, rng);
            nodes[node].untried = (arena.len(), arena.len() + scratch.len());
            nodes[node].listed = true;
            arena.extend_from_slice(&scratch);
        }
        let (from, to) = nodes[node].untried;
        let untried = (to > from).then(|| arena[to - 1]);
        if let Some(mv) = untried.filter(|&mv| !hidden || state.check_move(mv).is_ok()) {
            nodes[node].untried.1 -= 1;
            let mover = state.to_move();
            state.play_unchecked(mv);
            let child = nodes.len();
            nodes.push(Node::new(Some(mv), mover, node));
            match nodes[node].last_child {
                NO_NODE => nodes[node].first_child = child,
                last => nodes[last].next_sibling = child,
            }
            nodes[node].last_child = child;
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
    let best = children(&nodes, 0).max_by_key(|&c| nodes[c].visits);
    report.seconds = start.elapsed().as_secs_f64();
    let Some(best) = best else {
        let (from, to) = nodes[0].untried;
        return ((to > from).then(|| arena[to - 1]), report);
    };
    report.win_rate = nodes[best].reward / f64::from(nodes[best].visits.max(1));
    (nodes[best].mv, report)
}

/// Plays the game's playout policy ([`Engine::playout_move`]) from `state` to the end, or for
/// at most `limit` moves.
fn policy_playout<G: Engine>(mut state: G, rng: &mut GameRng, limit: usize) -> G {
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

/// The `strong` level for games whose [`tabuleiro_core::EngineInfo::search`] is Monte Carlo.
#[derive(Debug)]
pub struct MctsAgent {
    limits: MctsLimits,
    rng: GameRng,
    name: String,
}

impl MctsAgent {
    /// An MCTS player with the given limits and seed; `name` is how it is listed.
    pub fn new(limits: MctsLimits, seed: u64, name: String) -> Self {
        MctsAgent {
            limits,
            rng: rng_from_seed(seed),
            name,
        }
    }
}

impl<G: Engine> Agent<G> for MctsAgent {
    fn name(&self) -> String {
        self.name.clone()
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = rng_from_seed(seed);
    }

    fn choose(&mut self, view: &G::View) -> Option<G::Move> {
        search::<G>(view, &self.limits, &mut self.rng).0
    }
}
