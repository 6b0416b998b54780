//! Negamax alpha-beta search with iterative deepening, a transposition table and a time
//! budget: the engine of the `strong` level.
//!
//! Turns of several moves are handled by negating a child's value only when the player to
//! move changes. Values are from the point of view of the player to move at the root; won
//! positions score `WIN - plies`, so quicker wins are preferred and slower losses resisted.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tabuleiro_core::rng::Rng;
use tabuleiro_core::{Engine, GameRng, rng_from_seed};

use crate::score::{DECIDED, WIN, terminal};
use crate::table::{Bound, Entry, Table, from_table, to_table};

/// How long and how deep to search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Stop starting new work after this long (the iteration in progress is abandoned).
    pub time: Option<Duration>,
    /// Deepest iteration.
    pub max_depth: u32,
    /// Most iterations of Monte Carlo tree search, or samples of sampled rollouts (alpha-beta
    /// ignores it).
    pub iterations: Option<u64>,
    /// Threads to search on; `None`: the process's default ([`crate::threads::default`]).
    pub threads: Option<usize>,
}

impl Limits {
    /// A time budget, searching as deep as it allows.
    pub fn time(time: Duration) -> Self {
        Limits {
            time: Some(time),
            max_depth: 64,
            iterations: None,
            threads: None,
        }
    }

    /// Exactly `depth` plies, however long it takes.
    pub fn depth(depth: u32) -> Self {
        Limits {
            time: None,
            max_depth: depth,
            iterations: None,
            threads: None,
        }
    }
}

/// What a search found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The best move of the deepest finished iteration (`None` only for a finished game).
    pub best: Option<M>,
    /// Its value for the player to move.
    pub value: i32,
    /// Depth of the deepest finished iteration.
    pub depth: u32,
    /// Positions visited, over all iterations (and all threads).
    pub nodes: u64,
    /// Whether the value is proven: every line was searched to the end of the game, or a
    /// forced win or loss was found.
    pub proven: bool,
}

/// A reusable searcher: keeps its table and buffers between searches.
///
/// The table is allocated by the first search, not when the searcher is made, and
/// [`AlphaBeta::release`] gives it back: a server holding many players that wait for their
/// turn holds no table for them.
///
/// With [`Limits::threads`] above 1 the search is Lazy SMP, as in chess engines: helper threads
/// run the same iterative deepening from the same root, each in its own order of the root's
/// moves and half of them a ply deeper, all sharing the lock-free [`Table`] (which then keeps
/// only positions two plies or more above the horizon); the main thread's answer is the result,
/// found sooner because the helpers have filled the table with what it needs next. At a fixed
/// depth every thread count returns the same value for games whose positions cannot recur at
/// another ply (every move adds a piece: Quantik, Taiji, Q!nto): the table then only ever
/// answers with values of exactly the depth asked. In games where pieces move (Nudge, Pushee) a
/// position may recur a few plies deeper, where an entry searched deeper answers for it, with
/// one thread as with many: such values depend on which thread stored what first, and may
/// differ from one run to another.
#[derive(Debug)]
pub struct AlphaBeta<G: Engine> {
    /// The table, once a search has made it.
    table: Option<Table>,
    /// The size of the table a search makes: `2^table_bits` entries.
    table_bits: u32,
    /// Each thread's move lists, one per ply: the main thread's first.
    scratch: Vec<Vec<Vec<G::Move>>>,
    canonical: bool,
}

/// The share of a time budget every search leaves unused, for the work done after the clock
/// was last read (the node, playout or rollout under way, then the choice): searches stop at
/// 98 % of their time. (At 1 s, Q!nto's rollouts overran by up to 3.4 ms without it.)
pub const TIME_SAFETY: f64 = 0.02;

/// How many positions alpha-beta searches between two looks at the clock: about 0.8 ms at
/// the slowest game's 84 thousand positions a second.
const CLOCK_EVERY: u64 = 64;

/// Default table size: 2^19 entries.
pub const DEFAULT_TABLE_BITS: u32 = 19;

impl<G: Engine> Default for AlphaBeta<G> {
    fn default() -> Self {
        Self::new(DEFAULT_TABLE_BITS)
    }
}

impl<G: Engine> AlphaBeta<G> {
    /// A searcher with a table of `2^table_bits` entries.
    pub fn new(table_bits: u32) -> Self {
        AlphaBeta {
            table: None,
            table_bits,
            scratch: vec![Vec::new()],
            canonical: false,
        }
    }

    /// A searcher whose table folds symmetric positions together through
    /// [`tabuleiro_core::Game::canonical_key`]: slower per node, far fewer nodes for deep
    /// exact searches of games with symmetries.
    pub fn with_symmetry(table_bits: u32) -> Self {
        AlphaBeta {
            canonical: true,
            ..Self::new(table_bits)
        }
    }

    /// Searches `root` within `limits`, on [`Limits::threads`] threads (by default
    /// [`crate::threads::default`]). Root moves are tried in an order shuffled by `rng` (the
    /// best move of the previous iteration first), so equal moves are chosen at random but
    /// reproducibly; with more than one thread the helpers' orders are drawn from `rng` too.
    pub fn search(&mut self, root: &G, limits: Limits, rng: &mut GameRng) -> SearchResult<G::Move> {
        let start = Instant::now();
        let deadline = limits.time.map(|t| start + t.mul_f64(1.0 - TIME_SAFETY));
        if root.to_move().is_none() {
            return SearchResult {
                best: None,
                value: 0,
                depth: 0,
                nodes: 0,
                proven: false,
            };
        }
        let mut moves = Vec::new();
        root.legal_moves(&mut moves);
        shuffle(&mut moves, rng);
        let threads = limits
            .threads
            .unwrap_or_else(crate::threads::default)
            .clamp(1, crate::threads::MAX_THREADS);
        if self.scratch.len() < threads {
            self.scratch.resize_with(threads, Vec::new);
        }
        let table_bits = self.table_bits;
        let table = &*self.table.get_or_insert_with(|| Table::new(table_bits));
        let canonical = self.canonical;
        let Some((main_scratch, helper_scratch)) = self.scratch.split_first_mut() else {
            unreachable!("a searcher keeps one thread's buffers at least")
        };
        let main = Searcher::<G> {
            table,
            canonical,
            deadline,
            halt: None,
            buffers: main_scratch,
            table_depth: table_depth(threads),
            nodes: 0,
            stopped: false,
            horizon_reached: false,
        };
        if threads == 1 {
            return main.deepen(root, &mut moves, limits.max_depth, 0);
        }
        let seeds: Vec<u64> = (1..threads).map(|_| rng.next_u64()).collect();
        let done = AtomicBool::new(false);
        let cancel = crate::cancel::current();
        std::thread::scope(|scope| {
            let helpers: Vec<_> = helper_scratch
                .iter_mut()
                .zip(seeds)
                .enumerate()
                .map(|(i, (buffers, seed))| {
                    let (cancel, done, mut order) = (cancel.clone(), &done, moves.clone());
                    scope.spawn(move || {
                        crate::cancel::cancellable_with(cancel, || {
                            shuffle(&mut order, &mut rng_from_seed(seed));
                            let helper = Searcher::<G> {
                                table,
                                canonical,
                                deadline,
                                halt: Some(done),
                                buffers,
                                table_depth: table_depth(threads),
                                nodes: 0,
                                stopped: false,
                                horizon_reached: false,
                            };
                            // Every other helper searches a ply deeper than the main thread.
                            helper
                                .deepen(root, &mut order, limits.max_depth, (i % 2) as u32)
                                .nodes
                        })
                    })
                })
                .collect();
            let mut result = main.deepen(root, &mut moves, limits.max_depth, 0);
            done.store(true, Ordering::Relaxed);
            for helper in helpers {
                match helper.join() {
                    Ok(nodes) => result.nodes += nodes,
                    Err(panic) => std::panic::resume_unwind(panic),
                }
            }
            result
        })
    }

    /// Forgets every stored position.
    pub fn clear(&mut self) {
        if let Some(table) = &mut self.table {
            table.clear();
        }
    }

    /// Gives back the table and the move buffers (the next search makes them again, empty).
    pub fn release(&mut self) {
        self.table = None;
        self.scratch = vec![Vec::new()];
    }

    /// Whether the searcher holds a table now.
    pub fn holds_table(&self) -> bool {
        self.table.is_some()
    }
}

/// The least remaining depth of the positions a search on `threads` threads looks up and
/// stores in its table.
///
/// Positions one ply above the horizon are the most numerous and the cheapest to search again
/// (their moves are only evaluated). On one thread they are kept in the table as they always
/// were, so that games replay exactly as before searches had threads. On several they are
/// kept out: the threads together write twice as many of them into the always-replacing table,
/// where they push out the deeper entries that save whole subtrees, and every write takes the
/// slot's cache line from the other cores. With them, two threads took longer to reach
/// Nudge's depth 14 than one, and gained only 1.1× on Quantik's depth 8; without them, 1.6–2.2×
/// and 1.8–2.0× (see `docs/parallel-search.md`).
fn table_depth(threads: usize) -> u32 {
    if threads > 1 { 2 } else { 1 }
}

/// One thread's search: the shared table, the thread's own buffers and counters.
struct Searcher<'a, G: Engine> {
    table: &'a Table,
    canonical: bool,
    deadline: Option<Instant>,
    /// Set when a helper thread's work is no longer wanted.
    halt: Option<&'a AtomicBool>,
    buffers: &'a mut Vec<Vec<G::Move>>,
    /// The least remaining depth of the positions looked up and stored in the table.
    table_depth: u32,
    nodes: u64,
    stopped: bool,
    horizon_reached: bool,
}

impl<G: Engine> Searcher<'_, G> {
    /// Iterative deepening from `root`, whose legal moves are `moves` in the order to try
    /// them, up to `max_depth` plies (`skip` plies deeper than that at every iteration, for a
    /// helper thread).
    fn deepen(
        mut self,
        root: &G,
        moves: &mut [G::Move],
        max_depth: u32,
        skip: u32,
    ) -> SearchResult<G::Move> {
        let mut result = SearchResult {
            best: moves.first().copied(),
            value: 0,
            depth: 0,
            nodes: 0,
            proven: false,
        };
        let Some(me) = root.to_move() else {
            return result;
        };
        let max_depth = max_depth.max(1);
        for depth in (1 + skip).min(max_depth)..=max_depth {
            self.horizon_reached = false;
            let mut alpha = -i32::MAX;
            let mut best_move = None;
            for (i, &mv) in moves.iter().enumerate() {
                let mut child = root.clone();
                child.play_unchecked(mv);
                let score = self.child_value(&child, me, depth, alpha, i32::MAX, 0);
                if self.stopped && depth > 1 {
                    break;
                }
                if score > alpha || best_move.is_none() {
                    alpha = score;
                    best_move = Some((i, mv));
                }
            }
            if self.stopped && depth > 1 {
                break;
            }
            if let Some((i, mv)) = best_move {
                moves[..=i].rotate_right(1);
                result = SearchResult {
                    best: Some(mv),
                    value: alpha,
                    depth,
                    nodes: self.nodes,
                    proven: !self.horizon_reached || alpha.abs() >= DECIDED,
                };
            }
            if result.proven {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// The value for `me` of `child`, reached by one move from a position `ply` plies below
    /// the root where `me` was to move, with `depth` plies left including that move.
    fn child_value(
        &mut self,
        child: &G,
        me: tabuleiro_core::Player,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: u32,
    ) -> i32 {
        if let Some(outcome) = child.outcome() {
            terminal(&outcome, me, ply + 1)
        } else if depth <= 1 {
            self.horizon_reached = true;
            child.evaluate(me)
        } else if child.to_move() == Some(me) {
            self.negamax(child, depth - 1, alpha, beta, ply + 1)
        } else {
            -self.negamax(child, depth - 1, -beta, -alpha, ply + 1)
        }
    }

    /// Whether the search must stop now: its time is up, it was cancelled, or (for a helper)
    /// its work is no longer wanted.
    fn must_stop(&self) -> bool {
        self.deadline.is_some_and(|d| Instant::now() >= d)
            || crate::cancel::cancelled()
            || self.halt.is_some_and(|h| h.load(Ordering::Relaxed))
    }

    /// The value of an unfinished `state` for its player to move, searched `depth` plies
    /// (at least 1) within the window `alpha..beta`.
    fn negamax(&mut self, state: &G, depth: u32, mut alpha: i32, mut beta: i32, ply: u32) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(CLOCK_EVERY) && self.must_stop() {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let Some(me) = state.to_move() else {
            return 0;
        };
        if state.winning_move().is_some() {
            // Nothing scores better than winning on this move.
            return WIN - (ply + 1) as i32;
        }
        let key = if self.canonical {
            state.canonical_key()
        } else {
            state.position_key()
        };
        let original_alpha = alpha;
        let mut first = None;
        let tabled = depth >= self.table_depth;
        if let Some(entry) = tabled.then(|| self.table.probe(key)).flatten() {
            first = entry.best;
            if u32::from(entry.depth) >= depth {
                let value = from_table(entry.value, ply);
                if value.abs() < DECIDED {
                    // A heuristic value from an earlier search stands for a horizon below this
                    // node: without this, a search answered from the table would claim to be
                    // proven and stop deepening.
                    self.horizon_reached = true;
                }
                match entry.bound {
                    Bound::Exact => return value,
                    Bound::Lower => alpha = alpha.max(value),
                    Bound::Upper => beta = beta.min(value),
                }
                if alpha >= beta {
                    return value;
                }
            }
        }
        let mut moves = self.take_buffer(ply);
        state.legal_moves(&mut moves);
        // The table's move goes first: `swapped` is its index in the listed order.
        let swapped = first.map(usize::from).filter(|&j| j < moves.len());
        if let Some(j) = swapped {
            moves.swap(0, j);
        }
        let listed_index = |k: usize| match swapped {
            Some(j) if k == 0 => j,
            Some(j) if k == j => 0,
            _ => k,
        };
        let mut best = -i32::MAX;
        let mut best_move = None;
        for (k, &mv) in moves.iter().enumerate() {
            let mut child = state.clone();
            child.play_unchecked(mv);
            let score = self.child_value(&child, me, depth, alpha, beta, ply);
            if self.stopped {
                break;
            }
            if score > best {
                best = score;
                best_move = Some(k);
                if score > alpha {
                    alpha = score;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        self.buffers[ply as usize] = moves;
        if !self.stopped && tabled {
            let bound = if best <= original_alpha {
                Bound::Upper
            } else if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table.store(Entry {
                key,
                value: to_table(best, ply),
                depth: depth.min(255) as u8,
                bound,
                best: best_move.and_then(|k| u16::try_from(listed_index(k)).ok()),
            });
        }
        best
    }

    fn take_buffer(&mut self, ply: u32) -> Vec<G::Move> {
        let ply = ply as usize;
        if self.buffers.len() <= ply {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        std::mem::take(&mut self.buffers[ply])
    }
}

/// Fisher–Yates shuffle with the project's generator.
pub fn shuffle<T>(items: &mut [T], rng: &mut GameRng) {
    for i in (1..items.len()).rev() {
        let j = tabuleiro_core::rng::random_index(rng, i + 1);
        items.swap(i, j);
    }
}
