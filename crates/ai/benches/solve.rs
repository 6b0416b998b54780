//! Solver, alpha-beta and MCTS speed on Quantik. Run with `cargo bench -p tabuleiro-ai`.

use divan::Bencher;
use tabuleiro_ai::mcts::{self, MctsLimits};
use tabuleiro_ai::{Agent, AlphaBeta, Limits, PerfectAgent, Solver, Value};
use tabuleiro_core::{Game, Player, Setup, rng_from_seed};
use tabuleiro_games::quantik::Quantik;

fn main() {
    divan::main();
}

fn start() -> Quantik {
    Quantik::new(&Setup::default_for(Quantik::INFO)).expect("default setup")
}

/// A full solve of the empty board with a fresh solver; the value is checked against the
/// plain solver's in the tests, here only that it is decided.
#[divan::bench(sample_count = 10)]
fn solve_empty_board() -> Value {
    let mut solver = Solver::<Quantik>::new();
    let value = solver.solve(&divan::black_box(start()));
    assert_ne!(value, Value::Draw, "Quantik has no draws");
    value
}

/// One perfect move in each position of a random game, after the solver has seen the start.
#[divan::bench(sample_count = 20)]
fn perfect_moves_along_a_random_game(bencher: Bencher) {
    let mut agent = PerfectAgent::<Quantik>::new(1);
    let begin = start();
    let _ = agent.choose(&begin);
    let mut rng = rng_from_seed(5);
    bencher.bench_local(|| {
        let mut state = begin;
        let mut moves = 0;
        while state.to_move().is_some() {
            let _ = agent.choose(&state);
            let Some(mv) = state.random_move(&mut rng) else {
                break;
            };
            state.play_unchecked(mv);
            moves += 1;
        }
        moves
    });
}

/// Alpha-beta to depth 5 from the empty board with a fresh table.
#[divan::bench(sample_count = 10)]
fn alphabeta_depth_5_from_empty_board() -> u64 {
    let mut search = AlphaBeta::<Quantik>::default();
    let mut rng = rng_from_seed(3);
    search
        .search(&divan::black_box(start()), Limits::depth(5), &mut rng)
        .nodes
}

/// 20,000 MCTS iterations from the empty board on one thread (the `strong` search of games
/// with many moves, here on Quantik's fast playouts).
#[divan::bench(sample_count = 20)]
fn mcts_20k_iterations_from_empty_board() -> u64 {
    let limits = MctsLimits {
        time: None,
        iterations: Some(20_000),
        threads: Some(1),
    };
    let mut rng = rng_from_seed(3);
    let view = divan::black_box(start()).view(Player(0));
    mcts::search::<Quantik>(&view, &limits, &mut rng)
        .1
        .iterations
}
