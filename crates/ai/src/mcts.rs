//! Monte Carlo tree search with UCT and seeded random playouts: the `strong` level of games
//! with many moves per position (Taiji).
//!
//! Each iteration walks down the tree choosing the child with the best upper confidence bound,
//! adds one new child, plays the game's playout policy to the end of the game
//! ([`Engine::playout_move`]: uniformly random moves by default, each game's fast path), and credits every node on the way with the
//! result for the player who made that node's move (1 for a win, ½ for a draw, 0 for a loss),
//! so it works for any number of players. The move played is the most visited one.

use std::any::Any;
use std::sync::Mutex;
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
const NO_NODE: u32 = u32::MAX;

/// How far [`Quick::bound`] may be from the exact bound ([`Tally::bound`]): far more than the
/// few units in the last place its other rounding can make on bounds below 100.
const QUICK_MARGIN: f64 = 1e-9;

/// What selection reads of every child of a node: two numbers kept up to date as the node's
/// statistics change, from which a close approximation of its upper confidence bound costs a
/// multiplication. Kept apart from the statistics themselves ([`Tally`]) so that weighing a
/// node's children touches 16 bytes each.
#[derive(Clone, Copy, Debug)]
struct Quick {
    /// `reward / visits` (visits at least 1), computed as the exact bound computes it.
    mean: f64,
    /// `1 / sqrt(visits)` (visits at least 1).
    inverse_root: f64,
}

impl Quick {
    /// A node not visited yet.
    fn new() -> Self {
        Quick {
            mean: 0.0,
            inverse_root: 1.0,
        }
    }

    /// [`Tally::bound`] within [`QUICK_MARGIN`], given `sqrt(log_parent)`: the square root of
    /// a quotient taken as a product with a stored inverse root.
    fn bound(&self, root_log_parent: f64) -> f64 {
        self.mean + EXPLORATION * (root_log_parent * self.inverse_root)
    }
}

/// The statistics of a node's subtree: the rewards of its playouts for the node's mover, and
/// how many there were.
#[derive(Clone, Copy, Debug)]
struct Tally {
    reward: f64,
    visits: u32,
}

impl Tally {
    /// A node not visited yet.
    fn new() -> Self {
        Tally {
            reward: 0.0,
            visits: 0,
        }
    }

    /// Counts one more visit worth `reward` (none for the root, whose moves nobody made), and
    /// brings the node's `quick` numbers up to date.
    fn visit(&mut self, reward: Option<f64>, quick: &mut Quick) {
        self.visits += 1;
        if let Some(reward) = reward {
            self.reward += reward;
        }
        let visits = f64::from(self.visits);
        quick.mean = self.reward / visits;
        quick.inverse_root = 1.0 / visits.sqrt();
    }

    /// The upper confidence bound (UCT) of this child of a node whose visits' logarithm is
    /// `log_parent`, exactly as it has always been computed.
    fn bound(&self, log_parent: f64) -> f64 {
        let visits = f64::from(self.visits.max(1));
        self.reward / visits + EXPLORATION * (log_parent / visits).sqrt()
    }
}

/// The rest of a node: the move that led here, who made it, and its place in the tree. Its
/// moves are listed and shuffled the first time the node is expanded (most nodes are leaves
/// that never are), and tried from the end of the shuffled list. Only the end of that list is
/// written into the tree, a window of the search's one move arena: the whole list for a
/// position of at most [`WHOLE_LISTING`] moves, else the last [`FIRST_WINDOW`], which most
/// nodes of a position of hundreds of moves never get past; a node that does is listed and
/// shuffled again, exactly as the first time (the generator as it was then is kept), into a
/// window [`WIDENING`] times larger. The child made for the k-th move tried is kept at the
/// k-th place of the same window of the child arena, so that a node's children lie side by
/// side in the order they were made. A tree of many nodes is a few large allocations, kept for
/// the next search when the deadline comes (see [`SPARE`]).
#[derive(Debug)]
struct Node<M> {
    mv: Option<M>,
    mover: Option<Player>,
    /// Whether the moves of the node's position were listed.
    listed: bool,
    parent: u32,
    /// Children made so far: `children[from..from + made]`.
    made: u32,
    /// How many legal moves the node's position has (once listed).
    moves: u32,
    /// Where the node's window starts, in the move arena and in the child arena.
    from: u32,
    /// How many moves the window holds: the last `window` of the shuffled list, in its order
    /// (the next move to try is `arena[from + window - 1 - made]`).
    window: u32,
    /// For a window that does not hold every move: where the generator as it was before the
    /// shuffle is kept, in [`Tree::shuffles`] (else [`NO_NODE`]).
    shuffle: u32,
}

impl<M> Node<M> {
    /// A node whose moves are not listed yet.
    fn new(mv: Option<M>, mover: Option<Player>, parent: u32) -> Self {
        Node {
            mv,
            mover,
            listed: false,
            parent,
            made: 0,
            moves: 0,
            from: 0,
            window: 0,
            shuffle: NO_NODE,
        }
    }

    fn has_untried(&self) -> bool {
        self.made < self.moves
    }
}

/// A position of at most this many moves has them all written into the tree when it is
/// listed (Quantik's positions always do; Taiji's, of hundreds of moves, do not).
const WHOLE_LISTING: u32 = 64;

/// How many moves a position of more than [`WHOLE_LISTING`] moves has written into the tree
/// at first: a listed node of Taiji gets about three children.
const FIRST_WINDOW: u32 = 16;

/// How many times larger a node's window grows when its moves so far have all been tried.
const WIDENING: u32 = 4;

/// A search tree: its nodes (the root first), their statistics (in two parts, see [`Quick`]),
/// the move arena and the child arena beside it, and the generators of the shuffles of nodes
/// listed in part.
struct Tree<M> {
    nodes: Vec<Node<M>>,
    quick: Vec<Quick>,
    tallies: Vec<Tally>,
    arena: Vec<M>,
    children: Vec<u32>,
    shuffles: Vec<GameRng>,
    /// Positions of at most this many moves are listed whole ([`WHOLE_LISTING`], or every
    /// position in a game of hidden information, whose samples may list different moves).
    whole_up_to: u32,
}

/// The memory of finished searches' trees (each with its size in bytes), kept for the next
/// searches: at most one tree a core and [`SPARE_BYTES`] in all. A tree grows by tens of
/// megabytes a second of search (Taiji), and memory the allocator hands back to the system
/// must be unmapped from every thread of the process at once: in a parallel search that
/// interrupted the other threads and made them fault the memory in again. Kept, a tree's
/// memory is reused as it is (a search in kept memory grows the same tree as in fresh memory).
static SPARE: Mutex<Vec<(usize, Box<dyn Any + Send>)>> = Mutex::new(Vec::new());

/// The most memory the kept trees may hold together: 512 MiB.
const SPARE_BYTES: usize = 1 << 29;

/// Iterations a second a time budget is counted at when a fresh tree sets memory aside: about
/// the fastest game's rate on one thread (Quantik's).
const RESERVED_RATE: f64 = 1.0e6;

/// The most nodes a fresh tree sets memory aside for.
const RESERVED_MOST: usize = 1 << 22;

/// Places in the move and child arenas a fresh tree sets aside for each node.
const ARENA_PER_NODE: usize = 4;

/// How many nodes a tree grown within `limits` sets memory aside for when no kept tree is
/// spare: one an iteration of its budget, a time budget counted at [`RESERVED_RATE`], at most
/// [`RESERVED_MOST`]. Set aside, the memory is only reserved (the system maps it when it is
/// first written); a tree growing from nothing instead moves every array to a block twice as
/// large again and again, which made a process's first one-second search of Quantik some
/// 40 % slower than the next (585–620 k iterations a second against 957 k–1.02 M).
fn expected_nodes(limits: &MctsLimits) -> usize {
    let by_time = limits.time.map(|t| t.as_secs_f64() * RESERVED_RATE);
    let by_budget = limits.iterations.map(|n| n as f64);
    let expected = match (by_budget, by_time) {
        (Some(n), Some(t)) => n.min(t),
        (Some(n), None) => n,
        (None, Some(t)) => t,
        (None, None) => 0.0,
    };
    (expected as usize).min(RESERVED_MOST)
}

impl<M: Copy + Send + 'static> Tree<M> {
    /// A tree of one root whose untried moves are `moves` (all written, tried from the end),
    /// listing positions of at most `whole_up_to` moves whole, in the memory of an earlier
    /// tree when one is spare, else in memory set aside for `expected` nodes (see
    /// [`expected_nodes`]).
    fn new(moves: &[M], whole_up_to: u32, expected: usize) -> Self {
        let mut root = Node::new(None, None, 0);
        root.listed = true;
        root.moves = index(moves.len());
        root.window = root.moves;
        let mut tree = Self::spare().unwrap_or(Tree {
            nodes: Vec::with_capacity(expected),
            quick: Vec::with_capacity(expected),
            tallies: Vec::with_capacity(expected),
            arena: Vec::with_capacity(expected * ARENA_PER_NODE),
            children: Vec::with_capacity(expected * ARENA_PER_NODE),
            shuffles: Vec::new(),
            whole_up_to,
        });
        tree.whole_up_to = whole_up_to;
        tree.nodes.push(root);
        tree.quick.push(Quick::new());
        tree.tallies.push(Tally::new());
        tree.arena.extend_from_slice(moves);
        tree.children.resize(moves.len(), NO_NODE);
        tree
    }

    /// An empty tree in the memory of a finished one, if one of this move type is kept.
    fn spare() -> Option<Self> {
        let mut spare = SPARE.lock().ok()?;
        let at = spare.iter().position(|(_, tree)| tree.is::<Self>())?;
        spare
            .swap_remove(at)
            .1
            .downcast::<Self>()
            .ok()
            .map(|tree| *tree)
    }

    /// Empties the tree and keeps its memory for the next search, unless as many trees or as
    /// much memory as may be kept already is (then the memory is freed).
    fn recycle(mut self) {
        let bytes = self.nodes.capacity() * size_of::<Node<M>>()
            + self.quick.capacity() * size_of::<Quick>()
            + self.tallies.capacity() * size_of::<Tally>()
            + self.arena.capacity() * size_of::<M>()
            + self.children.capacity() * size_of::<u32>()
            + self.shuffles.capacity() * size_of::<GameRng>();
        self.nodes.clear();
        self.quick.clear();
        self.tallies.clear();
        self.arena.clear();
        self.children.clear();
        self.shuffles.clear();
        if let Ok(mut spare) = SPARE.lock() {
            let kept: usize = spare.iter().map(|(bytes, _)| bytes).sum();
            if spare.len() < crate::threads::available() && kept + bytes <= SPARE_BYTES {
                spare.push((bytes, Box::new(self)));
            }
        }
    }

    /// The children of `node`, in the order they were made.
    fn children_of(&self, node: u32) -> &[u32] {
        let at = &self.nodes[node as usize];
        let from = at.from as usize;
        &self.children[from..from + at.made as usize]
    }

    /// Whether a position of `n` moves is listed in a window (see [`Node`]).
    fn listed_in_part(&self, n: usize) -> bool {
        index(n) > self.whole_up_to && index(n) > FIRST_WINDOW
    }

    /// Lists the moves of an unlisted `node`: `moves`, its position's legal moves shuffled
    /// (to be tried from the end) by a generator that was `before` the shuffle, given when the
    /// node is [listed in part](Tree::listed_in_part) (else all its moves are written).
    fn list(&mut self, node: u32, moves: &[M], before: Option<GameRng>) {
        let n = index(moves.len());
        let (window, shuffle) = match before {
            Some(before) if self.listed_in_part(moves.len()) => {
                self.shuffles.push(before);
                (FIRST_WINDOW, index(self.shuffles.len() - 1))
            }
            _ => (n, NO_NODE),
        };
        let from = self.arena.len();
        self.arena
            .extend_from_slice(&moves[moves.len() - window as usize..]);
        self.children.resize(self.arena.len(), NO_NODE);
        let at = &mut self.nodes[node as usize];
        at.listed = true;
        at.moves = n;
        at.from = index(from);
        at.window = window;
        at.shuffle = shuffle;
    }

    /// Whether every move in the window of `node` was tried while others remain.
    fn needs_widening(&self, node: u32) -> bool {
        let at = &self.nodes[node as usize];
        at.made == at.window && at.made < at.moves
    }

    /// Gives `node` a window [`WIDENING`] times larger (at the end of the arenas, its children
    /// moved along) from `moves`: its position's legal moves as listed, which this shuffles
    /// again with the generator kept from the first listing, so the list is the same.
    fn widen(&mut self, node: u32, moves: &mut [M]) {
        let at = &self.nodes[node as usize];
        let Some(before) = self.shuffles.get(at.shuffle as usize) else {
            return;
        };
        shuffle(moves, &mut before.clone());
        let window = (at.window.saturating_mul(WIDENING) as usize).min(moves.len());
        let (old, made) = (at.from as usize, at.made as usize);
        let from = self.arena.len();
        self.arena.extend_from_slice(&moves[moves.len() - window..]);
        self.children.resize(self.arena.len(), NO_NODE);
        self.children.copy_within(old..old + made, from);
        let at = &mut self.nodes[node as usize];
        at.from = index(from);
        at.window = index(window);
    }

    /// The child of `node` with the best upper confidence bound (the first of equals).
    fn select(&self, node: u32) -> u32 {
        let log_parent = f64::from(self.tallies[node as usize].visits.max(1)).ln();
        let root_log_parent = log_parent.sqrt();
        let mut best = (f64::MIN, 0);
        for &c in self.children_of(node) {
            // Most children are clearly behind the best so far: the quick bound shows it, and
            // only the others get the exact bound, which alone decides (so the choice is the
            // one the exact bound of every child would make).
            if self.quick[c as usize].bound(root_log_parent) + QUICK_MARGIN > best.0 {
                let score = self.tallies[c as usize].bound(log_parent);
                if score > best.0 {
                    best = (score, c);
                }
            }
        }
        best.1
    }

    /// The next move of `node` to try, if its window holds one.
    fn next_untried(&self, node: u32) -> Option<M> {
        let at = &self.nodes[node as usize];
        (at.made < at.window).then(|| self.arena[(at.from + at.window - 1 - at.made) as usize])
    }

    /// Adds the child of `parent` for its next untried move `mv` (see [`Tree::next_untried`]),
    /// `mover` having made it; returns the child.
    fn add_child(&mut self, parent: u32, mv: M, mover: Option<Player>) -> u32 {
        let child = index(self.nodes.len());
        let at = &mut self.nodes[parent as usize];
        self.children[(at.from + at.made) as usize] = child;
        at.made += 1;
        self.nodes.push(Node::new(Some(mv), mover, parent));
        self.quick.push(Quick::new());
        self.tallies.push(Tally::new());
        child
    }

    /// The move to play at the root when no child was made.
    fn root_untried(&self) -> Option<M> {
        self.next_untried(0)
    }
}

/// A node or arena index: a tree never holds four billion of them (memory runs out first).
fn index(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(NO_NODE - 1)
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
    let whole_up_to = if G::INFO.hidden_information {
        u32::MAX
    } else {
        WHOLE_LISTING
    };
    grow_listing::<G>(view, limits, start, rng, whole_up_to)
}

/// [`grow`], listing positions of at most `whole_up_to` moves whole (see [`Node`]).
fn grow_listing<G: Engine>(
    view: &G::View,
    limits: &MctsLimits,
    start: Instant,
    rng: &mut GameRng,
    whole_up_to: u32,
) -> Grown<G::Move> {
    let root_state = G::sample_from_view(view, rng);
    let mut iterations = 0u64;
    if root_state.to_move().is_none() {
        return Grown::Decided(None);
    }
    let mut moves = Vec::new();
    root_state.legal_moves(&mut moves);
    if moves.len() == 1 {
        return Grown::Decided(moves.first().copied());
    }
    shuffle(&mut moves, rng);
    let mut tree = Tree::new(&moves, whole_up_to, expected_nodes(limits));
    let mut scratch = Vec::new();
    let mut points = vec![0.5; G::INFO.max_players];
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
        while !tree.nodes[node as usize].has_untried() && tree.nodes[node as usize].made > 0 {
            let best = tree.select(node);
            // With hidden information the tree was grown on other samples: a move that is
            // not legal in this one ends the descent here.
            if let Some(mv) = tree.nodes[best as usize].mv {
                if hidden && state.check_move(mv).is_err() {
                    break;
                }
                state.play_unchecked(mv);
            }
            node = best;
        }
        // Expansion: one untried move (they were shuffled when listed), unless it is not
        // legal in this sample.
        if !tree.nodes[node as usize].listed {
            state.legal_moves(&mut scratch);
            let before = tree.listed_in_part(scratch.len()).then(|| rng.clone());
            shuffle(&mut scratch, rng);
            tree.list(node, &scratch, before);
        } else if tree.needs_widening(node) {
            state.legal_moves(&mut scratch);
            tree.widen(node, &mut scratch);
        }
        let untried = tree.next_untried(node);
        if let Some(mv) = untried.filter(|&mv| !hidden || state.check_move(mv).is_ok()) {
            let mover = state.to_move();
            state.play_unchecked(mv);
            node = tree.add_child(node, mv, mover);
        }
        // Simulation.
        state.play_playout(rng, limit).playout_points(&mut points);
        // Backpropagation.
        loop {
            let at = &tree.nodes[node as usize];
            let reward = at.mover.map(|mover| points[mover.index()]);
            tree.tallies[node as usize].visit(reward, &mut tree.quick[node as usize]);
            if node == 0 {
                break;
            }
            node = at.parent;
        }
        iterations += 1;
    }
    let root = RootStats {
        children: tree
            .children_of(0)
            .iter()
            .filter_map(|&c| {
                let tally = tree.tallies[c as usize];
                Some((tree.nodes[c as usize].mv?, tally.visits, tally.reward))
            })
            .collect(),
        untried: tree.root_untried(),
        iterations,
    };
    tree.recycle();
    Grown::Tree(root)
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

#[cfg(test)]
mod tests {
    use tabuleiro_core::{Game, Setup};
    use tabuleiro_games::quantik::Quantik;
    use tabuleiro_games::taiji::Taiji;

    use super::*;

    /// Grows a tree of `iterations` from `state` with the generator of `seed`.
    fn grown(
        state: &Quantik,
        iterations: u64,
        seed: u64,
    ) -> Vec<(<Quantik as Game>::Move, u32, f64)> {
        let limits = MctsLimits {
            time: None,
            iterations: Some(iterations),
            threads: Some(1),
        };
        match grow::<Quantik>(state, &limits, Instant::now(), &mut rng_from_seed(seed)) {
            Grown::Tree(root) => root.children,
            Grown::Decided(_) => Vec::new(),
        }
    }

    #[test]
    fn a_tree_in_kept_memory_grows_as_in_fresh_memory() {
        let mut rng = rng_from_seed(3);
        let mut state =
            Quantik::new(&Setup::default_for(Quantik::INFO)).expect("the default setup");
        // Searches of different sizes, so that a kept tree is sometimes larger, sometimes
        // smaller than the next one, each repeated in whatever memory is kept by then.
        for (turn, iterations) in [2000u64, 50, 700, 3000, 10].into_iter().enumerate() {
            let first = grown(&state, iterations, turn as u64);
            assert!(!first.is_empty());
            let visits: u32 = first.iter().map(|c| c.1).sum();
            assert_eq!(
                u64::from(visits),
                iterations,
                "every iteration visits one root child"
            );
            assert_eq!(first, grown(&state, iterations, turn as u64));
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            let mv = moves[tabuleiro_core::rng::random_index(&mut rng, moves.len())];
            state.play_unchecked(mv);
        }
    }

    #[test]
    fn a_node_listed_in_windows_tries_its_moves_in_the_shuffled_order() {
        let mut tree = Tree::new(&[0u16, 1], WHOLE_LISTING, 0);
        let node = tree.add_child(0, 1, None);
        let moves: Vec<u16> = (100..300).collect();
        let before = rng_from_seed(5);
        let mut listed = moves.clone();
        shuffle(&mut listed, &mut before.clone());
        tree.list(node, &listed, Some(before));
        assert_eq!(tree.nodes[node as usize].window, FIRST_WINDOW);
        let mut tried = Vec::new();
        let mut made = Vec::new();
        while tree.nodes[node as usize].has_untried() {
            if tree.needs_widening(node) {
                tree.widen(node, &mut moves.clone());
            }
            let mv = tree.next_untried(node).expect("a move in the window");
            tried.push(mv);
            made.push(tree.add_child(node, mv, None));
        }
        listed.reverse();
        assert_eq!(
            tried, listed,
            "every move once, from the end of the shuffled list"
        );
        assert_eq!(
            tree.children_of(node),
            made,
            "the children kept in the order made"
        );
        assert!(tree.next_untried(node).is_none());
    }

    #[test]
    fn trees_listed_in_windows_grow_as_trees_listed_whole() {
        let limits = MctsLimits {
            time: None,
            iterations: Some(6000),
            threads: Some(1),
        };
        let roots = |whole_up_to: u32, seed: u64| {
            let quantik =
                Quantik::new(&Setup::default_for(Quantik::INFO)).expect("the default setup");
            let taiji = Taiji::new(&Setup {
                options: tabuleiro_core::Options::new(Taiji::INFO, [("size", "7")])
                    .expect("a board size"),
                ..Setup::default_for(Taiji::INFO)
            })
            .expect("a 7x7 board");
            let start = Instant::now();
            let mut rng = rng_from_seed(seed);
            let quantik =
                match grow_listing::<Quantik>(&quantik, &limits, start, &mut rng, whole_up_to) {
                    Grown::Tree(root) => root.children,
                    Grown::Decided(_) => Vec::new(),
                };
            let taiji = match grow_listing::<Taiji>(&taiji, &limits, start, &mut rng, whole_up_to) {
                Grown::Tree(root) => root.children,
                Grown::Decided(_) => Vec::new(),
            };
            (quantik, taiji)
        };
        for seed in 0..3 {
            let whole = roots(u32::MAX, seed);
            assert_eq!(
                whole.1.len(),
                168,
                "every first move of a 7x7 Taiji board tried (its perft 1)"
            );
            // Quantik's positions in windows of 16 (some nodes widened twice), Taiji's as
            // they are listed in play.
            assert_eq!(roots(0, seed).0, whole.0);
            assert_eq!(roots(WHOLE_LISTING, seed), whole);
        }
    }

    #[test]
    fn a_kept_tree_is_empty() {
        let root_moves = [1u8, 2, 3];
        Tree::new(&[9u8; 500], WHOLE_LISTING, 0).recycle();
        let tree = Tree::new(&root_moves, WHOLE_LISTING, 0);
        assert_eq!(tree.nodes.len(), 1);
        assert_eq!(tree.quick.len(), 1);
        assert_eq!(tree.tallies.len(), 1);
        assert_eq!(tree.arena, root_moves);
        assert_eq!(tree.children, [NO_NODE; 3]);
    }
}
