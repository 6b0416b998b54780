//! Growing one tree: the iterations of the search (selection, expansion, playout, backup)
//! and the statistics of the tree's root that the choice of a move needs.

use std::time::{Duration, Instant};

use tabuleiro_core::{Engine, GameRng};

use super::memory_pool::expected_nodes;
use super::tree::{Tree, WHOLE_LISTING};
use super::{MctsLimits, MctsReport};
use crate::alphabeta::{TIME_SAFETY, shuffle};

/// About how often a search with a deadline reads the clock.
const CLOCK_PERIOD: Duration = Duration::from_micros(200);

/// The statistics of a tree's root: what the choice of a move needs.
#[derive(Debug)]
pub(super) struct RootStats<M> {
    /// Each child of the root: its move, visits and reward, in the order they were made.
    pub(super) children: Vec<(M, u32, f64)>,
    /// The move to play when no child was made.
    untried: Option<M>,
    /// Iterations run.
    pub(super) iterations: u64,
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
    pub(super) fn absorb(&mut self, other: RootStats<M>) {
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
    pub(super) fn choice(&self, mut report: MctsReport) -> (Option<M>, MctsReport) {
        let Some(&(mv, visits, reward)) = self.children.iter().max_by_key(|c| c.1) else {
            return (self.untried, report);
        };
        report.win_rate = reward / f64::from(visits.max(1));
        (Some(mv), report)
    }
}

/// What growing a tree gave: a position decided without search (the game is over, or there
/// is one legal move), or a tree's root statistics.
pub(super) enum Grown<M> {
    Decided(Option<M>),
    Tree(RootStats<M>),
}

/// Grows one tree from the position of `view` within `limits`, the clock running from `start`.
pub(super) fn grow<G: Engine>(
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
///
/// [`Node`]: super::tree::Node
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

#[cfg(test)]
mod tests {
    use tabuleiro_core::{Game, Setup, rng_from_seed};
    use tabuleiro_games::quantik::Quantik;
    use tabuleiro_games::taiji::Taiji;

    use super::*;

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
}
