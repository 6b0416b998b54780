//! The searches on several threads: with a fixed budget of iterations or samples they are
//! reproducible and spend exactly that budget; they find what the one-thread searches find;
//! a stop from outside stops every thread. (Alpha-beta at a fixed depth is checked against
//! the sequential search in `search`, the shared table's safety in `tabuleiro_ai::table`.)

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use tabuleiro_ai::cancel::cancellable;
use tabuleiro_ai::mcts::{self, MctsLimits};
use tabuleiro_ai::{AlphaBeta, Limits, rollouts};
use tabuleiro_core::{Engine, Game, GameRng, Setup, rng_from_seed};
use tabuleiro_games::qinto::state::Qinto;
use tabuleiro_games::quantik::Quantik;
use tabuleiro_games::taiji::Taiji;

use crate::util::{can_force_win, legal, random_position};

fn budget(iterations: u64, threads: usize) -> MctsLimits {
    MctsLimits {
        time: None,
        iterations: Some(iterations),
        threads: Some(threads),
    }
}

#[test]
fn mcts_on_threads_is_reproducible_and_spends_its_budget() {
    let mut rng = rng_from_seed(41);
    for pieces in [0, 3, 6] {
        let (state, _) = random_position(&mut rng, pieces);
        for threads in [2, 3] {
            let run =
                || mcts::search::<Quantik>(&state, &budget(900, threads), &mut rng_from_seed(5));
            let (a, report) = run();
            let (b, _) = run();
            assert_eq!(a, b, "the same seed, the same move");
            assert!(legal(&state).contains(&a.expect("a move")));
            assert_eq!(
                report.iterations, 900,
                "the budget is split, not multiplied"
            );
        }
    }
}

/// Where the player to move can win at once, the merged trees choose a winning move: that
/// one, or another the exhaustive search proves just as won (every playout after it is won too,
/// so the trees cannot tell them apart).
#[test]
fn mcts_on_threads_plays_a_winning_move_where_one_wins_at_once() {
    let mut rng = rng_from_seed(42);
    let mut checked = 0;
    while checked < 12 {
        let (state, _) = random_position(&mut rng, 6);
        let me = state.to_move().expect("unfinished");
        if state.winning_move().is_none() {
            continue;
        }
        let (mv, _) =
            mcts::search::<Quantik>(&state, &budget(3000, 2), &mut rng_from_seed(checked));
        let mut next = state;
        next.play(mv.expect("a move")).expect("legal");
        let won = match next.outcome() {
            Some(outcome) => outcome.winner() == Some(me),
            None => !can_force_win(&next),
        };
        assert!(won, "{state:?}");
        checked += 1;
    }
}

/// A Q!nto position a few moves into a game of two.
fn qinto_position(seed: u64) -> Qinto {
    let mut state = Qinto::new(&Setup {
        seed,
        ..Setup::default_for(Qinto::INFO)
    })
    .expect("the default setup");
    let mut rng: GameRng = rng_from_seed(seed);
    for _ in 0..4 {
        let Some(mv) = state.playout_move(&mut rng) else {
            break;
        };
        state.play(mv).expect("the policy plays legal moves");
    }
    state
}

#[test]
fn rollouts_on_threads_are_reproducible_and_spend_their_budget() {
    for seed in 0..3 {
        let state = qinto_position(seed);
        let Some(me) = state.to_move() else { continue };
        let view = state.view(me);
        for threads in [2, 4] {
            let run =
                || rollouts::search::<Qinto>(&view, &budget(40, threads), &mut rng_from_seed(9));
            let (a, report) = run();
            let (b, _) = run();
            assert_eq!(a, b, "the same seed, the same move");
            let mv = a.expect("a move");
            assert!(state.check_move(mv).is_ok(), "a legal move");
            if report.candidates > 1 {
                assert_eq!(report.samples, 40, "{report:?}");
            }
        }
    }
}

/// Runs `search` with a stop flag set after 100 ms and returns how long it took.
fn stopped_after(search: impl FnOnce() + Send) -> Duration {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let clock = Instant::now();
    std::thread::scope(|scope| {
        scope.spawn(move || cancellable(flag, search));
        std::thread::sleep(Duration::from_millis(100));
        stop.store(true, Ordering::Relaxed);
    });
    clock.elapsed()
}

#[test]
fn a_stop_from_outside_stops_every_thread() {
    let minute = Duration::from_mins(1);
    let (quantik, _) = random_position(&mut rng_from_seed(43), 1);
    let took = stopped_after(|| {
        let limits = Limits {
            threads: Some(3),
            ..Limits::time(minute)
        };
        let found = AlphaBeta::<Quantik>::default().search(&quantik, limits, &mut rng_from_seed(1));
        assert!(found.best.is_some());
    });
    assert!(took < Duration::from_secs(20), "alpha-beta took {took:?}");
    let taiji = Taiji::new(&Setup::default_for(Taiji::INFO)).expect("the default setup");
    let took = stopped_after(|| {
        let limits = MctsLimits {
            time: Some(minute),
            iterations: None,
            threads: Some(3),
        };
        let (mv, _) = mcts::search::<Taiji>(&taiji, &limits, &mut rng_from_seed(2));
        assert!(mv.is_some());
    });
    assert!(took < Duration::from_secs(20), "MCTS took {took:?}");
    let qinto = qinto_position(7);
    let me = qinto.to_move().expect("unfinished");
    let took = stopped_after(|| {
        let limits = MctsLimits {
            time: Some(minute),
            iterations: None,
            threads: Some(3),
        };
        let (mv, _) = rollouts::search::<Qinto>(&qinto.view(me), &limits, &mut rng_from_seed(3));
        assert!(mv.is_some());
    });
    assert!(took < Duration::from_secs(20), "rollouts took {took:?}");
}
