//! The search: one tree on one thread, else root-parallel, one tree a thread from the same
//! root, their root statistics added up.

use std::time::Instant;

use tabuleiro_core::rng::Rng;
use tabuleiro_core::{Engine, GameRng, rng_from_seed};

use super::MctsLimits;
use super::grow::{Grown, RootStats, grow};

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
