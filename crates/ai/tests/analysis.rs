//! The analysis API: exact values of every move agree with a plain full-depth negamax, the
//! best move comes first, an immediate win is a win in one, and games without a solver get a
//! searched evaluation.

use std::time::Duration;

use tabuleiro_ai::analysis::exact_moves;
use tabuleiro_ai::reference::negamax;
use tabuleiro_ai::score::{DECIDED, WIN, terminal};
use tabuleiro_ai::{Evaluation, Exact, analyse};
use tabuleiro_core::{Engine, Game, Setup, rng_from_seed};
use tabuleiro_games::pushee::Pushee;

use crate::util::random_position;

/// The exact value for the mover of each move, from the unpruned reference search.
fn reference_exact(
    state: &tabuleiro_games::quantik::Quantik,
    mv: <tabuleiro_games::quantik::Quantik as Game>::Move,
) -> Exact {
    let me = state.to_move().expect("unfinished");
    let mut child = *state;
    child.play(mv).expect("legal");
    let score = if let Some(outcome) = child.outcome() {
        terminal(&outcome, me, 0)
    } else {
        let value = negamax(&child, 16, 0);
        if child.to_move() == Some(me) {
            value
        } else {
            -value
        }
    };
    // `score` counts plies after the move; the move itself is one more.
    if score >= DECIDED {
        Exact::Win {
            plies: (WIN - score) as u32 + 1,
        }
    } else if score <= -DECIDED {
        Exact::Loss {
            plies: (WIN + score) as u32 + 1,
        }
    } else {
        Exact::Draw
    }
}

#[test]
fn exact_values_agree_with_the_reference_search() {
    let mut rng = rng_from_seed(7);
    let mut wins = 0;
    let mut losses = 0;
    for round in 0..12 {
        let (state, texts) = random_position(&mut rng, 8 + round % 3);
        let rated = exact_moves(&state);
        let mut legal = Vec::new();
        state.legal_moves(&mut legal);
        assert_eq!(rated.len(), legal.len(), "every move is rated");
        for &(mv, exact) in &rated {
            assert_eq!(
                exact,
                reference_exact(&state, mv),
                "{} after [{}]",
                state.format_move(mv),
                texts.join(" ")
            );
            match exact {
                Exact::Win { .. } => wins += 1,
                Exact::Loss { .. } => losses += 1,
                Exact::Draw => {}
            }
        }
        assert!(
            rated.windows(2).all(|w| w[0].1.rank() >= w[1].1.rank()),
            "best first after [{}]",
            texts.join(" ")
        );
    }
    assert!(wins > 0 && losses > 0, "both kinds occur: {wins} {losses}");
}

#[test]
fn an_immediate_win_is_a_win_in_one_and_the_hint() {
    let mut rng = rng_from_seed(8);
    let mut seen = 0;
    for _ in 0..200 {
        let (state, _) = random_position(&mut rng, 7);
        let Some(winning) = state.winning_move() else {
            continue;
        };
        seen += 1;
        let analysis = analyse::<tabuleiro_games::quantik::Quantik>(
            &state.view(state.to_move().expect("unfinished")),
            Duration::from_millis(50),
            1,
        );
        let exact = analysis
            .moves
            .iter()
            .find(|(mv, _)| *mv == winning)
            .map(|&(_, e)| e);
        assert_eq!(exact, Some(Exact::Win { plies: 1 }));
        assert_eq!(
            analysis.evaluation,
            Some(Evaluation::Exact {
                exact: Exact::Win { plies: 1 }
            })
        );
        let best = analysis.best.expect("a best move");
        let mut after = state;
        after.play(best).expect("legal");
        assert_eq!(after.outcome().and_then(|o| o.winner()), state.to_move());
    }
    assert!(seen >= 5, "only {seen} positions with an immediate win");
}

#[test]
fn games_without_a_solver_get_a_searched_move() {
    let state = Pushee::new(&Setup::default_for(Pushee::INFO)).expect("default setup");
    let player = state.to_move().expect("unfinished");
    let analysis = analyse::<Pushee>(&state.view(player), Duration::from_millis(100), 3);
    assert!(
        analysis.moves.is_empty(),
        "no exact values without a solver"
    );
    let best = analysis.best.expect("a move");
    assert!(state.check_move(best).is_ok());
    assert!(
        matches!(
            analysis.evaluation,
            Some(Evaluation::Score { depth, .. }) if depth >= 1
        ) || matches!(analysis.evaluation, Some(Evaluation::Exact { .. }))
    );
}
