//! The solver's move lists against the game itself, on the real 5×5 board.

use std::collections::HashMap;

use tabuleiro_core::rng::RngExt;
use tabuleiro_core::{Game, Player};

use super::geometry::{Geometry, Turns};
use crate::nudge::Nudge;
use crate::nudge::board::Mask;

/// Random positions with three discs a side: `(own, opponent)`.
fn random_positions(count: usize, seed: u64) -> Vec<(Mask, Mask)> {
    let mut rng = tabuleiro_core::rng_from_seed(seed);
    (0..count)
        .map(|_| {
            let mut squares: Vec<u32> = (0..25).collect();
            for i in (1..25).rev() {
                squares.swap(i, rng.random_range(0..=i));
            }
            let own = squares[..3].iter().map(|&s| 1 << s).sum();
            let opponent = squares[3..6].iter().map(|&s| 1 << s).sum();
            (own, opponent)
        })
        .collect()
}

/// The turns of the game itself from `own` (White, to move) against `opponent`: the
/// children as `(next mover, this player)` with how many turns reach each, and the quickest
/// push-off in plies.
fn game_turns(own: Mask, opponent: Mask) -> (HashMap<(Mask, Mask), u32>, Option<u16>) {
    let start = Nudge::from_discs([own, opponent], Player(0)).expect("a position");
    let (mut children, mut win) = (HashMap::new(), None);
    let mut firsts = Vec::new();
    start.legal_moves(&mut firsts);
    for first in firsts {
        let mut middle = start.clone();
        middle.play_unchecked(first);
        if middle
            .outcome()
            .is_some_and(|o| o.winner() == Some(Player(0)))
        {
            win = Some(1);
            continue;
        }
        let mut seconds = Vec::new();
        middle.legal_moves(&mut seconds);
        for second in seconds {
            let mut end = middle.clone();
            end.play_unchecked(second);
            if end.outcome().is_some_and(|o| o.winner() == Some(Player(0))) {
                win = Some(win.map_or(2, |w: u16| w.min(2)));
            } else {
                *children
                    .entry((end.discs(Player(1)), end.discs(Player(0))))
                    .or_insert(0) += 1;
            }
        }
    }
    (children, win)
}

#[test]
fn turns_match_the_game_on_the_real_board() {
    let geometry = Geometry::STANDARD;
    for (own, opponent) in random_positions(3000, 1) {
        let (expected, win) = game_turns(own, opponent);
        let mut children: HashMap<(Mask, Mask), u32> = HashMap::new();
        let turns = geometry.turns(own, opponent, |a, b| {
            *children.entry((a, b)).or_insert(0) += 1;
        });
        match (turns, win) {
            (Turns::Wins { plies }, Some(w)) => assert_eq!(plies, w),
            (
                Turns::Paths {
                    paths,
                    stuck,
                    any_move,
                },
                None,
            ) => {
                assert_eq!(children, expected, "{own:#x} {opponent:#x}");
                assert_eq!(paths, expected.values().sum::<u32>());
                assert!(any_move && !stuck, "three discs a side always have turns");
            }
            (turns, win) => panic!("{turns:?} against {win:?} for {own:#x} {opponent:#x}"),
        }
    }
}

/// Undoing two moves from each child finds the parent once per turn that leads there.
#[test]
fn undone_turns_match_the_turns_forwards() {
    let geometry = Geometry::STANDARD;
    for (own, opponent) in random_positions(300, 2) {
        let mut children: HashMap<(Mask, Mask), u32> = HashMap::new();
        let Turns::Paths { .. } = geometry.turns(own, opponent, |a, b| {
            *children.entry((a, b)).or_insert(0) += 1;
        }) else {
            continue;
        };
        for (&(next, mine), &count) in &children {
            let mut found = 0;
            geometry.for_each_unmove(mine, next, |mine1, next1| {
                geometry.for_each_unmove(mine1, next1, |mine0, next0| {
                    if (mine0, next0) == (own, opponent) {
                        found += 1;
                    }
                });
            });
            assert_eq!(
                found, count,
                "{own:#x} {opponent:#x} -> {next:#x} {mine:#x}"
            );
        }
    }
}
