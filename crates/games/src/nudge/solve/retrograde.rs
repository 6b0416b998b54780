//! Retrograde analysis over whole turns: every start-of-turn position labelled win, loss or
//! draw for the player to move, with the number of moves (plies) to the end.
//!
//! 1. **Forward count.** For each position, the turns are listed once
//!    (`Geometry::turns`): a push-off on the first move is a win in 1, on the second a win
//!    in 2. Otherwise the position keeps a counter of its turns (pairs of moves ending on a
//!    new start-of-turn position; a child reached by several turns counts several times).
//!    A player with no move at all has lost (in 0); one whose every first move leaves no
//!    second move loses in 1.
//! 2. **Backward propagation**, in order of distance (a bucket per number of plies). When a
//!    position `c` is settled, every turn that leads to it is found by undoing two moves
//!    (`Geometry::for_each_unmove`, skipping the undo that gives `c` itself, which the
//!    no-return rule forbids). If `c` is lost for its mover, each such predecessor wins in
//!    `plies(c) + 2` (the first time, which is the quickest, as buckets go in order). If `c`
//!    is won, each predecessor's counter drops by one; at zero every turn of the predecessor
//!    leads to a win for the opponent, so it is lost, in `plies(c) + 2` (the slowest loss,
//!    since `c` was settled last).
//! 3. Positions never settled are **draws**: the player to move cannot force a push-off, and
//!    neither can the opponent (the mover always has a turn to a position that is not lost).
//!
//! Memory: two bytes of value and one of counter per position, plus the buckets (four bytes
//! per settled position).

use tabuleiro_core::oracle::Progress;

use super::geometry::{Geometry, Turns};
use super::index::Indexer;
use super::stored::{self, Stored};

/// How often (in positions) progress is reported.
const REPORT_EVERY: usize = 1 << 16;

/// The value of every position of `geometry`, numbered by [`Indexer`].
pub(crate) fn solve(geometry: Geometry, progress: &mut dyn FnMut(Progress)) -> Vec<Stored> {
    let indexer = Indexer::new(geometry);
    let len = indexer.len();
    let mut values = vec![stored::DRAW; len];
    let mut pending = vec![0u8; len];
    let mut buckets: Vec<Vec<u32>> = Vec::new();
    let others = indexer.others_len();
    let total = len as u64;

    for (m, &own) in indexer.movers().iter().enumerate() {
        for j in 0..others {
            let i = m * others + j;
            let opponent = indexer.other(j, own);
            let settled = match geometry.turns(own, opponent, |_, _| {}) {
                Turns::Wins { plies } => stored::win(plies),
                Turns::Paths {
                    any_move: false, ..
                } => stored::loss(0),
                Turns::Paths { paths: 0, .. } => stored::loss(1),
                Turns::Paths { paths, .. } => {
                    pending[i] = u8::try_from(paths).expect("at most 144 turns");
                    continue;
                }
            };
            values[i] = settled;
            bucket(&mut buckets, stored::plies(settled)).push(i as u32);
        }
        if (m * others) % REPORT_EVERY < others {
            progress(Progress {
                stage: "counting turns",
                done: (m * others) as u64,
                total,
            });
        }
    }

    let mut settled = 0usize;
    let mut plies = 0;
    while plies < buckets.len() {
        let queue = std::mem::take(&mut buckets[plies]);
        let next = plies + 2;
        for &c in &queue {
            settled += 1;
            if settled.is_multiple_of(REPORT_EVERY) {
                progress(Progress {
                    stage: "propagating values",
                    done: settled as u64,
                    total,
                });
            }
            let (mover, previous) = indexer.position(c as usize);
            let child_lost = stored::is_loss(values[c as usize]);
            geometry.for_each_unmove(previous, mover, |previous1, mover1| {
                geometry.for_each_unmove(previous1, mover1, |previous0, mover0| {
                    if (previous0, mover0) == (previous, mover) {
                        return;
                    }
                    let p = indexer.index_unchecked(previous0, mover0);
                    if values[p] != stored::DRAW {
                        return;
                    }
                    if child_lost {
                        values[p] = stored::win(next as u16);
                    } else {
                        debug_assert!(pending[p] > 0, "more turns undone than counted");
                        pending[p] -= 1;
                        if pending[p] > 0 {
                            return;
                        }
                        values[p] = stored::loss(next as u16);
                    }
                    bucket(&mut buckets, next).push(p as u32);
                });
            });
        }
        plies += 1;
    }
    progress(Progress {
        stage: "propagating values",
        done: total,
        total,
    });
    values
}

/// The bucket of positions settled at `plies`, created if needed.
fn bucket(buckets: &mut Vec<Vec<u32>>, plies: usize) -> &mut Vec<u32> {
    if buckets.len() <= plies {
        buckets.resize_with(plies + 1, Vec::new);
    }
    &mut buckets[plies]
}
