//! Monte Carlo tree search with UCT and seeded random playouts: the `strong` level of games
//! with many moves per position (Taiji).
//!
//! Each iteration walks down the tree choosing the child with the best upper confidence bound,
//! adds one new child, plays the game's playout policy to the end of the game
//! ([`Engine::playout_move`]: uniformly random moves by default, each game's fast path), and credits every node on the way with the
//! result for the player who made that node's move (1 for a win, ½ for a draw, 0 for a loss),
//! so it works for any number of players. The move played is the most visited one.

use std::time::{Duration, Instant};

use tabuleiro_core::rng::Rng;
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
///
/// With [`MctsLimits::threads`] above 1 the search is root-parallel: each thread grows its own
/// tree from the same root with its own generator (seeded from `rng`), an iteration budget
/// is split between them, and their root statistics are added up before the most visited move
/// is chosen. With an iteration budget (and no time) the choice is then as reproducible as with
/// one thread; with a time budget it depends on how far each thread got.
pub fn search<G: Engine>(
    view: &G::View,
    limits: &MctsLimits,
    rng: &mut GameRng,
) -> (Option<G::Move>, MctsReport) {
    let start = Instant::now();
    let threads = limits
        .threads
        .unwrap_or_else(crate::threads::default)
        .clamp(1, crate::threads::MAX_THREADS);
    let report = |iterations| MctsReport {
        iterations,
        seconds: start.elapsed().as_secs_f64(),
        win_rate: 0.0,
    };
    if threads == 1 {
        return match grow::<G>(view, limits, start, rng) {
            Grown::Decided(mv) => (mv, report(0)),
            Grown::Tree(tree) => tree.choice(report(tree.iterations)),
        };
    }
    let root = G::sample_from_view(view, rng);
    if root.to_move().is_none() {
        return (None, report(0));
    }
    let mut moves = Vec::new();
    root.legal_moves(&mut moves);
    if moves.len() == 1 {
        return (moves.first().copied(), report(0));
    }
    let shares: Vec<u64> = match limits.iterations {
        Some(n) => crate::threads::split(n, threads).collect(),
        None => vec![u64::MAX; threads],
    };
    let seeds: Vec<u64> = (0..threads).map(|_| rng.next_u64()).collect();
    let cancel = crate::cancel::current();
    let trees: Vec<RootStats<G::Move>> = std::thread::scope(|scope| {
        let workers: Vec<_> = shares
            .iter()
            .zip(&seeds)
            .skip(1)
            .map(|(&share, &seed)| {
                let cancel = cancel.clone();
                scope.spawn(move || {
                    crate::cancel::cancellable_with(cancel, || {
                        grow_share::<G>(view, limits, share, start, seed)
                    })
                })
            })
            .collect();
        let mut trees = vec![grow_share::<G>(view, limits, shares[0], start, seeds[0])];
        for worker in workers {
            match worker.join() {
                Ok(tree) => trees.push(tree),
                Err(panic) => std::panic::resume_unwind(panic),
            }
        }
        trees
    });
    let mut merged = RootStats::default();
    for tree in trees {
        merged.absorb(tree);
    }
    merged.choice(report(merged.iterations))
}

/// One thread's tree for a parallel search: `share` iterations (or until the time is up),
/// with a generator seeded by `seed`.
fn grow_share<G: Engine>(
    view: &G::View,
    limits: &MctsLimits,
    share: u64,
    start: Instant,
    seed: u64,
) -> RootStats<G::Move> {
    let limits = MctsLimits {
        iterations: (share != u64::MAX).then_some(share),
        ..*limits
    };
    if limits.iterations == Some(0) {
        return RootStats::default();
    }
    match grow::<G>(view, &limits, start, &mut rng_from_seed(seed)) {
        Grown::Tree(tree) => tree,
        Grown::Decided(_) => RootStats::default(),
    }
}

/// The statistics of a tree's root: what the choice of a move needs.
#[derive(Debug)]
struct RootStats<M> {
    /// Each child of the root: its move, visits and reward, in the order they were made.
    children: Vec<(M, u32, f64)>,
    /// The move to play when no child was made.
    untried: Option<M>,
    /// Iterations run.
    iterations: u64,
}

impl<M> Default for RootStats<M> {
    fn default() -> Self {
        RootStats {
            children: Vec::new(),
            untried: None,
            iterations: 0,
        }
    }
}

impl<M: Copy + PartialEq> RootStats<M> {
    /// Adds another tree's root statistics to these.
    fn absorb(&mut self, other: RootStats<M>) {
        for (mv, visits, reward) in other.children {
            match self.children.iter_mut().find(|c| c.0 == mv) {
                Some(child) => {
                    child.1 += visits;
                    child.2 += reward;
                }
                None => self.children.push((mv, visits, reward)),
            }
        }
        self.untried = self.untried.or(other.untried);
        self.iterations += other.iterations;
    }

    /// The most visited move (the last of equals), with the report completed.
    fn choice(&self, mut report: MctsReport) -> (Option<M>, MctsReport) {
        let Some(&(mv, visits, reward)) = self.children.iter().max_by_key(|c| c.1) else {
            return (self.untried, report);
        };
        report.win_rate = reward / f64::from(visits.max(1));
        (Some(mv), report)
    }
}

/// What growing a tree gave: a position decided without search (the game is over, or there
/// is one legal move), or a tree's root statistics.
enum Grown<M> {
    Decided(Option<M>),
    Tree(RootStats<M>),
}

/// Grows one tree from the position of `view` within `limits`, the clock running from `start`.
fn grow<G: Engine>(
    view: &G::View,
    limits: &MctsLimits,
    start: Instant,
    rng: &mut GameRng,
) -> Grown<G::Move> {
    let root_state = G::sample_from_view(view, rng);
    let mut iterations = 0u64;
    if root_state.to_move().is_none() {
        return Grown::Decided(None);
    }
    let mut arena = Vec::new();
    root_state.legal_moves(&mut arena);
    if arena.len() == 1 {
        return Grown::Decided(arena.first().copied());
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
        if limits.iterations.is_some_and(|n| iterations >= n) {
            break;
        }
        if iterations.is_multiple_of(256) && crate::cancel::cancelled() {
            break;
        }
        if let Some(deadline) = deadline
            && iterations >= next_clock
        {
            let now = Instant::now();
            if now >= deadline {
                break;
            }
            let per_iteration = (now - start).as_secs_f64() / iterations as f64;
            let step = (CLOCK_PERIOD.as_secs_f64() / per_iteration.max(1e-9)) as u64;
            next_clock = iterations + step.clamp(1, 256);
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
        iterations += 1;
    }
    let (from, to) = nodes[0].untried;
    Grown::Tree(RootStats {
        children: children(&nodes, 0)
            .filter_map(|c| Some((nodes[c].mv?, nodes[c].visits, nodes[c].reward)))
            .collect(),
        untried: (to > from).then(|| arena[to - 1]),
        iterations,
    })
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
    /// Stop after this many iterations (over all threads).
    pub iterations: Option<u64>,
    /// Threads to search on; `None`: the process's default ([`crate::threads::default`]).
    pub threads: Option<usize>,
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
            threads: limits.threads,
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
