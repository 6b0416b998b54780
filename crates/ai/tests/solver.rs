//! The exact solver: with and without symmetry folding it gives the same values, which agree
//! with a full-depth reference search and a brute-force judge; canonical keys are invariant
//! under the game's symmetries and tell non-symmetric positions apart.

use std::collections::HashMap;

use tabuleiro_ai::reference::negamax;
use tabuleiro_ai::{Solver, Value};
use tabuleiro_core::rng::RngExt;
use tabuleiro_core::{Game, GameRng, rng_from_seed};
use tabuleiro_games::quantik::symmetry::CELL_MAPS;
use tabuleiro_games::quantik::{Quantik, SYMMETRY_PIECES};

use crate::util::{can_force_win, random_position, start};

#[test]
fn symmetry_folding_does_not_change_values() {
    let mut rng = rng_from_seed(41);
    let mut folded = Solver::<Quantik>::new();
    let mut counts = HashMap::new();
    for round in 0..40 {
        let pieces = 3 + round % 8;
        let (state, texts) = random_position(&mut rng, pieces);
        let plain = Solver::<Quantik>::without_symmetry().solve(&state);
        assert_eq!(folded.solve(&state), plain, "after [{}]", texts.join(" "));
        // A fresh folding solver agrees too (the shared one may answer from memory).
        assert_eq!(
            Solver::<Quantik>::new().solve(&state),
            plain,
            "after [{}]",
            texts.join(" ")
        );
        *counts.entry(plain).or_insert(0) += 1;
    }
    assert!(counts.len() == 2, "both wins and losses occur: {counts:?}");
}

#[test]
fn values_agree_with_full_depth_search_and_brute_force() {
    let mut rng = rng_from_seed(42);
    let mut solver = Solver::<Quantik>::new();
    for round in 0..100 {
        let pieces = 7 + round % 7;
        let (state, texts) = random_position(&mut rng, pieces);
        let value = solver.solve(&state);
        let reference = negamax(&state, 16, 0);
        let expected = if reference > 0 {
            Value::Win
        } else {
            Value::Loss
        };
        assert_eq!(
            value,
            expected,
            "after [{}]: reference {reference}",
            texts.join(" ")
        );
        assert_eq!(
            value == Value::Win,
            can_force_win(&state),
            "after [{}]",
            texts.join(" ")
        );
    }
    // A little earlier in the game, against the brute-force judge only.
    for _ in 0..10 {
        let (state, texts) = random_position(&mut rng, 6);
        let value = Solver::<Quantik>::without_symmetry().solve(&state);
        assert_eq!(
            value == Value::Win,
            can_force_win(&state),
            "after [{}]",
            texts.join(" ")
        );
    }
}

#[test]
fn value_after_is_the_value_for_the_mover() {
    let mut rng = rng_from_seed(43);
    let mut solver = Solver::<Quantik>::new();
    for _ in 0..20 {
        let (state, texts) = random_position(&mut rng, 8);
        let me = state.to_move().expect("unfinished");
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let mut any_win = false;
        for mv in moves {
            let mut child = state;
            child.play_unchecked(mv);
            let after = solver.value_after(&child, me);
            let expected = match child.outcome() {
                Some(outcome) => outcome.winner() == Some(me),
                None => !can_force_win(&child),
            };
            assert_eq!(
                after == Value::Win,
                expected,
                "{mv:?} after [{}]",
                texts.join(" ")
            );
            any_win |= expected;
        }
        assert_eq!(
            solver.solve(&state) == Value::Win,
            any_win,
            "after [{}]",
            texts.join(" ")
        );
    }
}

/// A random shape permutation.
fn shape_permutation(rng: &mut GameRng) -> [usize; 4] {
    let mut p = [0, 1, 2, 3];
    for i in (1..4).rev() {
        p.swap(i, rng.random_range(0..=i));
    }
    p
}

/// Replays `texts` from the start with every cell moved by `map` and every shape by `shapes`
/// (the moves' images must be legal: that is what a symmetry means).
fn image(texts: &[String], map: &[u8; 16], shapes: [usize; 4]) -> Quantik {
    const LETTERS: [char; 4] = ['C', 'Y', 'O', 'S'];
    let mut state = start();
    for text in texts {
        let b = text.as_bytes();
        let shape = LETTERS
            .iter()
            .position(|&l| l == char::from(b[0]))
            .expect("a shape letter");
        let cell = usize::from((b[2] - b'1') * 4 + (b[1] - b'a'));
        let to = usize::from(map[cell]);
        let mapped = format!(
            "{}{}{}",
            LETTERS[shapes[shape]],
            char::from(b'a' + (to % 4) as u8),
            to / 4 + 1
        );
        let mv = state.parse_move(&mapped).unwrap_or_else(|e| {
            panic!("the image {mapped} of {text} in [{}]: {e}", texts.join(" "))
        });
        state.play_unchecked(mv);
    }
    state
}

#[test]
fn canonical_keys_and_values_are_invariant_under_symmetries() {
    let mut rng = rng_from_seed(44);
    for round in 0..140 {
        let pieces = 1 + round % SYMMETRY_PIECES as usize;
        let (state, texts) = random_position(&mut rng, pieces);
        let map = CELL_MAPS[rng.random_range(0..CELL_MAPS.len())];
        let shapes = shape_permutation(&mut rng);
        let twin = image(&texts, &map, shapes);
        assert_eq!(twin.to_move(), state.to_move());
        assert_eq!(
            twin.canonical_key(),
            state.canonical_key(),
            "[{}] {map:?} {shapes:?}",
            texts.join(" ")
        );
        if pieces >= 2 {
            // Two separate solvers, so that neither answers from the other's memory.
            assert_eq!(
                Solver::<Quantik>::new().solve(&twin),
                Solver::<Quantik>::new().solve(&state),
                "[{}] {map:?} {shapes:?}",
                texts.join(" ")
            );
        }
    }
}

/// Positions with equal canonical keys are images of each other, and positions with
/// different keys are not: checked against every image (128 cell maps × 24 shape
/// permutations) of positions with 2 pieces, where symmetric pairs are common.
#[test]
fn canonical_keys_fold_exactly_the_symmetric_positions() {
    let mut rng = rng_from_seed(45);
    let positions: Vec<(Quantik, Vec<String>)> =
        (0..40).map(|_| random_position(&mut rng, 2)).collect();
    let mut all_shapes = Vec::new();
    for a in 0..4 {
        for b in 0..4 {
            for c in 0..4 {
                for d in 0..4 {
                    let p = [a, b, c, d];
                    if (0..4).all(|s| p.contains(&s)) {
                        all_shapes.push(p);
                    }
                }
            }
        }
    }
    assert_eq!(all_shapes.len(), 24);
    let (mut same, mut different) = (0, 0);
    for (i, (a, texts)) in positions.iter().enumerate() {
        let images: Vec<Quantik> = CELL_MAPS
            .iter()
            .flat_map(|map| {
                all_shapes
                    .iter()
                    .map(move |&shapes| image(texts, map, shapes))
            })
            .collect();
        for (b, _) in &positions[i + 1..] {
            let symmetric = images.iter().any(|image| image == b);
            assert_eq!(
                a.canonical_key() == b.canonical_key(),
                symmetric,
                "[{}] vs {b:?}",
                texts.join(" ")
            );
            if symmetric { same += 1 } else { different += 1 }
        }
    }
    assert!(
        same > 0 && different > 0,
        "{same} symmetric pairs, {different} others"
    );
}
