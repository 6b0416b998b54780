//! Quantik speed: random playouts, move listing, perft. Run with `cargo bench -p tabuleiro-games`.

use divan::Bencher;
use tabuleiro_core::{Game, Setup, random_playout, rng_from_seed};
use tabuleiro_games::quantik::{Quantik, QuantikMove};

fn main() {
    divan::main();
}

fn start() -> Quantik {
    Quantik::new(&Setup::default_for(Quantik::INFO)).expect("default setup")
}

/// 1000 random games from the empty board (divide the time by 1000 for one playout).
#[divan::bench]
fn random_playouts_x1000(bencher: Bencher) {
    let mut rng = rng_from_seed(7);
    let state = start();
    bencher.bench_local(|| {
        let mut moves = 0;
        for _ in 0..1000 {
            moves += random_playout(divan::black_box(state), &mut rng, 16).1;
        }
        moves
    });
}

/// Listing the 64 moves of the empty board.
#[divan::bench]
fn legal_moves_empty_board(bencher: Bencher) {
    let state = start();
    let mut moves: Vec<QuantikMove> = Vec::with_capacity(64);
    bencher.bench_local(|| {
        divan::black_box(&state).legal_moves(&mut moves);
        moves.len()
    });
}

/// Perft to depth 3; the count is checked, so the benchmark is also a correctness check.
#[divan::bench]
fn perft_depth_3() -> u64 {
    fn count(state: &Quantik, depth: u32) -> u64 {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        if depth == 1 {
            return moves.len() as u64;
        }
        moves
            .iter()
            .map(|&mv| {
                let mut child = *state;
                child.play_unchecked(mv);
                count(&child, depth - 1)
            })
            .sum()
    }
    let n = count(&divan::black_box(start()), 3);
    assert_eq!(n, 167_552, "perft(3) of Quantik");
    n
}
