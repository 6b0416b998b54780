//! The process-wide pool of finished trees' memory, kept for the next searches, and how much
//! memory a fresh tree sets aside when none is kept.

use std::any::Any;
use std::sync::Mutex;

use tabuleiro_core::GameRng;

use super::MctsLimits;
use super::tree::{Node, Quick, Tally, Tree};

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
pub(super) const ARENA_PER_NODE: usize = 4;

/// How many nodes a tree grown within `limits` sets memory aside for when no kept tree is
/// spare: one an iteration of its budget, a time budget counted at [`RESERVED_RATE`], at most
/// [`RESERVED_MOST`]. Set aside, the memory is only reserved (the system maps it when it is
/// first written); a tree growing from nothing instead moves every array to a block twice as
/// large again and again, which made a process's first one-second search of Quantik some
/// 40 % slower than the next (585–620 k iterations a second against 957 k–1.02 M).
pub(super) fn expected_nodes(limits: &MctsLimits) -> usize {
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
    /// An empty tree in the memory of a finished one, if one of this move type is kept.
    pub(super) fn spare() -> Option<Self> {
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
    pub(super) fn recycle(mut self) {
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
}

#[cfg(test)]
mod tests {
    use std::time::Instant;

    use tabuleiro_core::{Game, Setup, rng_from_seed};
    use tabuleiro_games::quantik::Quantik;

    use super::super::grow::{Grown, grow};
    use super::super::tree::{NO_NODE, WHOLE_LISTING};
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
