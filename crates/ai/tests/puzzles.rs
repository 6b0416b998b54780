//! Puzzles proved by perfect play: every puzzle found in random Quantik positions by the
//! distance search is proved again by independent code — the win/draw/loss [`Solver`] for who
//! wins after each turn, the full-depth alpha-beta of `exact_moves` for how long it takes.

use std::collections::BTreeMap;

use tabuleiro_ai::analysis::exact_moves;
use tabuleiro_ai::puzzles::{DistanceSolver, Theme, classify, turns};
use tabuleiro_ai::{Exact, Solver, Value};
use tabuleiro_core::rng::RngExt;
use tabuleiro_core::{ExactValue, Game, PlayerResult, rng_from_seed};
use tabuleiro_games::quantik::Quantik;

use crate::util::random_position;

/// Who wins after each turn of `state`, for its player to move, by the win/draw/loss solver.
fn values_after(solver: &mut Solver<Quantik>, state: &Quantik) -> Vec<(Vec<String>, Value)> {
    let me = state.to_move().expect("a player to move");
    turns(state)
        .into_iter()
        .map(|(turn, after)| {
            let mut shown = *state;
            let texts = turn
                .iter()
                .map(|&mv| {
                    let text = shown.format_move(mv);
                    shown.play_unchecked(mv);
                    text
                })
                .collect();
            (texts, solver.value_after(&after, me))
        })
        .collect()
}

/// `turn` of `state` in notation.
fn shown(state: &Quantik, turn: &[<Quantik as Game>::Move]) -> Vec<String> {
    let mut position = *state;
    turn.iter()
        .map(|&mv| {
            let text = position.format_move(mv);
            position.play_unchecked(mv);
            text
        })
        .collect()
}

#[test]
fn every_quantik_puzzle_of_random_positions_is_proved_again_by_independent_searches() {
    let mut rng = rng_from_seed(53);
    let mut distances = DistanceSolver::<Quantik>::new();
    let mut solver = Solver::<Quantik>::new();
    let mut found: BTreeMap<String, usize> = BTreeMap::new();
    for _ in 0..400 {
        let pieces = rng.random_range(7..=11);
        let (state, _) = random_position(&mut rng, pieces);
        let Some(puzzle) = classify(&state, &mut distances) else {
            continue;
        };
        for theme in &puzzle.themes {
            *found.entry(theme.name()).or_default() += 1;
        }
        let me = state.to_move().expect("a player to move");
        // Who wins: the solution's first turn keeps the value, no other turn does.
        let first = shown(&state, &puzzle.solution[0]);
        let keeps = match puzzle.value {
            ExactValue::Win { .. } => Value::Win,
            ExactValue::Draw => Value::Draw,
            ExactValue::Loss { .. } => panic!("a lost position is no puzzle"),
        };
        for (turn, value) in values_after(&mut solver, &state) {
            if turn == first {
                assert_eq!(value, keeps, "{first:?} keeps {keeps:?}");
            } else {
                assert!(value < keeps, "{turn:?} also keeps {keeps:?}");
            }
        }
        assert_eq!(solver.solve(&state), keeps);
        let win_in = puzzle.themes.iter().find_map(|t| match t {
            Theme::WinIn(n) => Some(*n),
            _ => None,
        });
        // How long: the full-depth alpha-beta's best move takes as many moves (for the first
        // puzzles and every longer win: each such search fills a table of its own).
        let puzzles: usize = found.values().sum();
        if puzzles <= 20 || win_in.is_some_and(|n| n > 1) {
            let best = exact_moves(&state).first().map(|(_, e)| *e);
            match puzzle.value {
                ExactValue::Win { plies } => assert_eq!(best, Some(Exact::Win { plies })),
                ExactValue::Draw => assert_eq!(best, Some(Exact::Draw)),
                ExactValue::Loss { .. } => unreachable!(),
            }
        }
        // A win in N: at each of the winner's turns a single turn wins, and the line ends
        // with the winner's win after N of its turns.
        if let Some(n) = win_in {
            let mut position = state;
            let mut winner_turns = 0;
            for (i, turn) in puzzle.solution.iter().enumerate() {
                if i % 2 == 0 {
                    winner_turns += 1;
                    let text = shown(&position, turn);
                    let winning: Vec<Vec<String>> = values_after(&mut solver, &position)
                        .into_iter()
                        .filter(|(_, v)| *v == Value::Win)
                        .map(|(t, _)| t)
                        .collect();
                    assert_eq!(winning, vec![text], "a single winning turn");
                } else if n > 1 {
                    // The defender holds out longest: no turn of theirs lasts longer.
                    let rated = exact_moves(&position);
                    let longest = rated.iter().map(|(_, e)| e.rank()).max();
                    let this = rated
                        .iter()
                        .find(|(mv, _)| *mv == turn[0])
                        .map(|(_, e)| e.rank());
                    assert_eq!(this, longest, "the longest defence");
                }
                for &mv in turn {
                    position.play_unchecked(mv);
                }
            }
            let outcome = position.outcome().expect("the line ends the game");
            assert_eq!(outcome.result(me), PlayerResult::Win, "{outcome:?}");
            assert_eq!(winner_turns, n);
        }
    }
    eprintln!("puzzles in 400 random positions: {found:?}");
    for theme in ["only move", "win in 1", "win in 2"] {
        assert!(
            found.get(theme).is_some_and(|&n| n > 0),
            "no {theme}: {found:?}"
        );
    }
}

#[test]
fn themes_are_named_as_players_read_them() {
    let names: Vec<String> = [
        Theme::OnlyMove,
        Theme::WinIn(1),
        Theme::WinIn(3),
        Theme::WinIn(4),
        Theme::WinIn(7),
        Theme::HoldTheDraw,
    ]
    .into_iter()
    .map(Theme::name)
    .collect();
    assert_eq!(
        names,
        [
            "only move",
            "win in 1",
            "win in 3",
            "win in 4+",
            "win in 4+",
            "hold the draw"
        ]
    );
}
