//! The search tree: its nodes and their statistics, the arenas of their moves and children,
//! the listing (and widening) of a node's moves, and the selection of a child by its upper
//! confidence bound.

use tabuleiro_core::{GameRng, Player};

use super::memory_pool::ARENA_PER_NODE;
use crate::alphabeta::shuffle;

/// The exploration constant of UCT (√2 is the textbook value for rewards in 0..1).
pub const EXPLORATION: f64 = std::f64::consts::SQRT_2;

/// No node (an index past every node).
pub(super) const NO_NODE: u32 = u32::MAX;

/// How far [`Quick::bound`] may be from the exact bound ([`Tally::bound`]): far more than the
/// few units in the last place its other rounding can make on bounds below 100.
const QUICK_MARGIN: f64 = 1e-9;

/// What selection reads of every child of a node: two numbers kept up to date as the node's
/// statistics change, from which a close approximation of its upper confidence bound costs a
/// multiplication. Kept apart from the statistics themselves ([`Tally`]) so that weighing a
/// node's children touches 16 bytes each.
#[derive(Clone, Copy, Debug)]
pub(super) struct Quick {
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
pub(super) struct Tally {
    pub(super) reward: f64,
    pub(super) visits: u32,
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
    pub(super) fn visit(&mut self, reward: Option<f64>, quick: &mut Quick) {
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
/// the next search when its search ends (see [the memory pool](super::memory_pool)).
#[derive(Debug)]
pub(super) struct Node<M> {
    pub(super) mv: Option<M>,
    pub(super) mover: Option<Player>,
    /// Whether the moves of the node's position were listed.
    pub(super) listed: bool,
    pub(super) parent: u32,
    /// Children made so far: `children[from..from + made]`.
    pub(super) made: u32,
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

    pub(super) fn has_untried(&self) -> bool {
        self.made < self.moves
    }
}

/// A position of at most this many moves has them all written into the tree when it is
/// listed (Quantik's positions always do; Taiji's, of hundreds of moves, do not).
pub(super) const WHOLE_LISTING: u32 = 64;

/// How many moves a position of more than [`WHOLE_LISTING`] moves has written into the tree
/// at first: a listed node of Taiji gets about three children.
const FIRST_WINDOW: u32 = 16;

/// How many times larger a node's window grows when its moves so far have all been tried.
const WIDENING: u32 = 4;

/// A search tree: its nodes (the root first), their statistics (in two parts, see [`Quick`]),
/// the move arena and the child arena beside it, and the generators of the shuffles of nodes
/// listed in part.
pub(super) struct Tree<M> {
    pub(super) nodes: Vec<Node<M>>,
    pub(super) quick: Vec<Quick>,
    pub(super) tallies: Vec<Tally>,
    pub(super) arena: Vec<M>,
    pub(super) children: Vec<u32>,
    pub(super) shuffles: Vec<GameRng>,
    /// Positions of at most this many moves are listed whole ([`WHOLE_LISTING`], or every
    /// position in a game of hidden information, whose samples may list different moves).
    whole_up_to: u32,
}

impl<M: Copy + Send + 'static> Tree<M> {
    /// A tree of one root whose untried moves are `moves` (all written, tried from the end),
    /// listing positions of at most `whole_up_to` moves whole, in the memory of an earlier
    /// tree when one is spare, else in memory set aside for `expected` nodes (see
    /// [`expected_nodes`]).
    ///
    /// [`expected_nodes`]: super::memory_pool::expected_nodes
    pub(super) fn new(moves: &[M], whole_up_to: u32, expected: usize) -> Self {
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

    /// The children of `node`, in the order they were made.
    pub(super) fn children_of(&self, node: u32) -> &[u32] {
        let at = &self.nodes[node as usize];
        let from = at.from as usize;
        &self.children[from..from + at.made as usize]
    }

    /// Whether a position of `n` moves is listed in a window (see [`Node`]).
    pub(super) fn listed_in_part(&self, n: usize) -> bool {
        index(n) > self.whole_up_to && index(n) > FIRST_WINDOW
    }

    /// Lists the moves of an unlisted `node`: `moves`, its position's legal moves shuffled
    /// (to be tried from the end) by a generator that was `before` the shuffle, given when the
    /// node is [listed in part](Tree::listed_in_part) (else all its moves are written).
    pub(super) fn list(&mut self, node: u32, moves: &[M], before: Option<GameRng>) {
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
    pub(super) fn needs_widening(&self, node: u32) -> bool {
        let at = &self.nodes[node as usize];
        at.made == at.window && at.made < at.moves
    }

    /// Gives `node` a window [`WIDENING`] times larger (at the end of the arenas, its children
    /// moved along) from `moves`: its position's legal moves as listed, which this shuffles
    /// again with the generator kept from the first listing, so the list is the same.
    pub(super) fn widen(&mut self, node: u32, moves: &mut [M]) {
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
    pub(super) fn select(&self, node: u32) -> u32 {
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
    pub(super) fn next_untried(&self, node: u32) -> Option<M> {
        let at = &self.nodes[node as usize];
        (at.made < at.window).then(|| self.arena[(at.from + at.window - 1 - at.made) as usize])
    }

    /// Adds the child of `parent` for its next untried move `mv` (see [`Tree::next_untried`]),
    /// `mover` having made it; returns the child.
    pub(super) fn add_child(&mut self, parent: u32, mv: M, mover: Option<Player>) -> u32 {
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
    pub(super) fn root_untried(&self) -> Option<M> {
        self.next_untried(0)
    }
}

/// A node or arena index: a tree never holds four billion of them (memory runs out first).
fn index(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(NO_NODE - 1)
}

#[cfg(test)]
mod tests {
    use tabuleiro_core::rng_from_seed;

    use super::*;

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
}
