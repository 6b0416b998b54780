//! Differential tests of the alpha-beta search: on seeded random positions it must return
//! exactly the value of the plain negamax reference, with a fresh searcher and with one whose
//! transposition table is carried over between searches, on one thread and on several (Lazy
//! SMP at a fixed depth returns the sequential value).

use tabuleiro_ai::reference::negamax;
use tabuleiro_ai::score::DECIDED;
use tabuleiro_ai::{AlphaBeta, Limits};
use tabuleiro_core::rng::RngExt;
use tabuleiro_core::{Engine, Game, Setup, rng_from_seed};
use tabuleiro_games::nudge::Nudge;
use tabuleiro_games::pushee::Pushee;

use crate::util::{can_force_win, legal, random_position};

/// Searches with `searcher` and checks the value (and what the search claims) against the
/// reference.
fn check<G: Engine>(
    searcher: &mut AlphaBeta<G>,
    state: &G,
    depth: u32,
    texts: &[String],
    label: &str,
) {
    check_on(searcher, state, depth, 1, texts, label);
}

/// [`check`] with the search on `threads` threads.
fn check_on<G: Engine>(
    searcher: &mut AlphaBeta<G>,
    state: &G,
    depth: u32,
    threads: usize,
    texts: &[String],
    label: &str,
) {
    let mut rng = rng_from_seed(state.position_key());
    let limits = Limits {
        threads: Some(threads),
        ..Limits::depth(depth)
    };
    let result = searcher.search(state, limits, &mut rng);
    let expected = negamax(state, depth, 0);
    let moves = texts.join(" ");
    assert_eq!(
        result.value, expected,
        "{label}: depth {depth} after [{moves}]: {result:?}"
    );
    assert!(result.depth <= depth, "{label}: [{moves}]: {result:?}");
    if !result.proven {
        assert_eq!(
            result.depth, depth,
            "{label}: unproven but stopped early: [{moves}] {result:?}"
        );
    }
    // The best move is legal and, played, reaches the value found.
    let best = result.best.expect("an unfinished game has a best move");
    assert!(state.check_move(best).is_ok(), "{label}: [{moves}]");
    let mut child = state.clone();
    child.play_unchecked(best);
    let me = state.to_move().expect("unfinished");
    let value = match child.outcome() {
        Some(outcome) => tabuleiro_ai::score::terminal(&outcome, me, 1),
        None if depth == 1 => child.evaluate(me),
        // The same player moves again (the second move of a Nudge turn): no negation.
        None if child.to_move() == Some(me) => negamax(&child, depth - 1, 1),
        None => -negamax(&child, depth - 1, 1),
    };
    assert_eq!(
        value, expected,
        "{label}: the best move {best:?} does not reach the value: [{moves}]"
    );
}

/// A position of `G` (setup seed `seed`) after `plies` random moves, with the moves played;
/// `None` when the game ended first.
fn seeded_position<G: Engine>(seed: u64, plies: usize) -> Option<(G, Vec<String>)> {
    let mut state = G::new(&Setup {
        seed,
        ..Setup::default_for(G::INFO)
    })
    .expect("the default setup");
    let mut rng = rng_from_seed(seed ^ 0x005E_A2C4);
    let mut texts = Vec::new();
    for _ in 0..plies {
        let mv = state.random_move(&mut rng)?;
        texts.push(state.format_move(mv));
        state.play(mv).expect("a random move is legal");
    }
    state.to_move().is_some().then_some((state, texts))
}

/// Alpha-beta against the reference on `positions` seeded positions of `G` at depths 1 to
/// `deepest`; returns how many positions had the player to
/// move in the middle of a turn of several moves.
fn matches_reference<G: Engine>(positions: u64, deepest: u32, label: &str) -> usize {
    let mut mid_turn = 0;
    let mut checked = 0;
    for seed in 0..positions * 2 {
        let Some((state, texts)) = seeded_position::<G>(seed, (seed as usize * 7) % 40) else {
            continue;
        };
        mid_turn += usize::from(state.move_in_turn().0 > 1);
        // Fresh searchers, and one searcher at growing depths (its table then only holds
        // entries shallower than needed).
        let mut deepening = AlphaBeta::<G>::new(14);
        for depth in 1..=deepest {
            check(&mut AlphaBeta::new(14), &state, depth, &texts, label);
            check(&mut deepening, &state, depth, &texts, label);
            // Lazy SMP: the same value on two and three threads.
            for threads in [2, 3] {
                check_on(
                    &mut AlphaBeta::new(14),
                    &state,
                    depth,
                    threads,
                    &texts,
                    label,
                );
            }
        }
        checked += 1;
        if checked == positions {
            break;
        }
    }
    assert_eq!(checked, positions, "{label}: too many finished games");
    mid_turn
}

#[test]
fn nudge_turns_of_two_moves_match_the_reference() {
    // A Nudge turn is two moves by the same player: the value must not be negated between
    // them, which a Quantik-only test cannot see.
    let mid_turn = matches_reference::<Nudge>(24, 3, "nudge");
    assert!(
        mid_turn >= 5,
        "only {mid_turn} positions in the middle of a turn"
    );
}

#[test]
fn pushee_boards_from_the_seed_match_the_reference() {
    // Each seed deals another board (chance at setup).
    matches_reference::<Pushee>(24, 3, "pushee");
}

#[test]
fn fixed_depths_match_the_reference_with_fresh_searchers() {
    let mut rng = rng_from_seed(31);
    for round in 0..60 {
        let pieces = round % 10;
        let (state, texts) = random_position(&mut rng, pieces);
        let deepest = if pieces < 4 { 3 } else { 4 };
        for depth in 1..=deepest {
            check(&mut AlphaBeta::new(14), &state, depth, &texts, "fresh");
        }
    }
}

/// At a fixed depth, the parallel search returns the sequential search's value (both the
/// reference's), on 2 and 4 threads, with a table small enough for the threads to overwrite
/// each other's entries all the time and with a roomy one.
#[test]
fn parallel_fixed_depth_searches_return_the_sequential_value() {
    let mut rng = rng_from_seed(34);
    for round in 0..100 {
        let pieces = round % 11;
        let (state, texts) = random_position(&mut rng, pieces);
        let deepest = if pieces < 4 { 4 } else { 5 };
        for depth in 1..=deepest {
            let search = |threads, bits| {
                let limits = Limits {
                    threads: Some(threads),
                    ..Limits::depth(depth)
                };
                let mut rng = rng_from_seed(round as u64);
                AlphaBeta::new(bits).search(&state, limits, &mut rng)
            };
            let sequential = search(1, 16);
            if depth <= 3 {
                assert_eq!(sequential.value, negamax(&state, depth, 0));
            }
            for (threads, bits) in [(2, 8), (2, 16), (4, 10)] {
                let parallel = search(threads, bits);
                assert_eq!(
                    parallel.value,
                    sequential.value,
                    "{threads} threads, depth {depth}, after [{}]",
                    texts.join(" ")
                );
                let best = parallel.best.expect("a move");
                assert!(state.check_move(best).is_ok());
                assert!(parallel.proven || parallel.depth == depth, "{parallel:?}");
            }
        }
    }
}

/// A table carried over must not change results. Searches here never meet a stored entry
/// searched deeper (relative to the end of its line) than they need: positions share the same
/// horizon (pieces + depth), or one position is searched at growing depths. A deeper entry
/// may legitimately change a depth-limited value, so that case is left to full-depth searches.
#[test]
fn fixed_depths_match_the_reference_with_a_table_carried_over() {
    let mut rng = rng_from_seed(32);
    // Same horizon: pieces + depth = 5, positions in random order, one small table (so entries
    // are also replaced).
    let mut same_horizon = AlphaBeta::new(12);
    for _ in 0..24 {
        let pieces = rng.random_range(2..=4);
        let (state, texts) = random_position(&mut rng, pieces);
        check(
            &mut same_horizon,
            &state,
            5 - pieces as u32,
            &texts,
            "same horizon",
        );
    }
    // One position at growing depths, the table kept: each search starts with the previous
    // one's entries, all shallower than needed. (Searching depth 2 and then depth 4 once made
    // the second search stop after two plies, answered from the table, claiming a proof.)
    for round in 0..40 {
        let pieces = 1 + round % 6;
        let (state, texts) = random_position(&mut rng, pieces);
        let mut deepening = AlphaBeta::new(16);
        for depth in [2, 4] {
            check(&mut deepening, &state, depth, &texts, "growing depth");
        }
    }
}

/// On positions with at least 7 pieces both searches reach the end of every line, so values
/// are exact; one searcher is reused over all positions.
#[test]
fn full_depth_matches_the_reference_and_the_exact_result() {
    let mut rng = rng_from_seed(33);
    let mut reused = AlphaBeta::new(16);
    let mut wins = 0;
    for round in 0..80 {
        let pieces = 7 + round % 6;
        let (state, texts) = random_position(&mut rng, pieces);
        let depth = 16 - pieces as u32;
        check(
            &mut AlphaBeta::new(14),
            &state,
            depth,
            &texts,
            "fresh, full depth",
        );
        check(&mut reused, &state, depth, &texts, "reused, full depth");
        // Searching deeper than the game can last changes nothing.
        check(&mut reused, &state, 16, &texts, "reused, depth 16");
        let value = negamax(&state, 16, 0);
        assert!(
            value.abs() >= DECIDED,
            "full depth gives a decided value: {value}"
        );
        assert_eq!(
            value > 0,
            can_force_win(&state),
            "after [{}]",
            texts.join(" ")
        );
        wins += usize::from(value > 0);
        let mut rng = rng_from_seed(round as u64);
        let result = reused.search(&state, Limits::depth(16), &mut rng);
        assert!(result.proven, "a full-depth search is proven: {result:?}");
    }
    assert!(
        (10..70).contains(&wins),
        "{wins} of 80 positions won: both kinds should occur"
    );
}

/// As a player searches during a game: one table carried from each position to the next
/// along a line of play, every search reaching the same horizon (so no stored entry is deeper
/// than needed, but windows differ from one root to the next).
#[test]
fn a_line_of_play_with_one_table_matches_the_reference() {
    let mut rng = rng_from_seed(35);
    for round in 0..24 {
        let pieces = 2 + round % 6;
        let (mut state, mut texts) = random_position(&mut rng, pieces);
        let horizon = pieces as u32 + if pieces < 4 { 4 } else { 5 };
        let mut searcher = AlphaBeta::new(14);
        let mut placed = pieces as u32;
        while state.to_move().is_some() && placed < horizon {
            check(
                &mut searcher,
                &state,
                horizon - placed,
                &texts,
                "line of play",
            );
            let moves = legal(&state);
            let mv = moves[rng.random_range(0..moves.len())];
            texts.push(state.format_move(mv));
            state.play(mv).expect("legal");
            placed += 1;
        }
    }
}

/// A searcher holds no table until it searches, and none after it is released; a released
/// searcher searches again to the reference's value.
#[test]
fn a_searcher_holds_its_table_only_from_its_first_search_until_released() {
    let mut rng = rng_from_seed(35);
    let mut searcher = AlphaBeta::new(14);
    assert!(
        !searcher.holds_table(),
        "a new searcher already holds a table"
    );
    for round in 0..20 {
        let (state, texts) = random_position(&mut rng, round % 8);
        check(&mut searcher, &state, 3, &texts, "released");
        assert!(
            searcher.holds_table(),
            "a searcher searched without a table"
        );
        searcher.release();
        assert!(
            !searcher.holds_table(),
            "a released searcher kept its table"
        );
    }
}
