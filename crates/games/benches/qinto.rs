//! Q!nto speed: random 2-player playouts and move listing. Run with
//! `cargo bench -p tabuleiro-games --bench qinto`.

use divan::Bencher;
use tabuleiro_core::{Game, Setup, random_playout, rng_from_seed};
use tabuleiro_games::qinto::{Qinto, QintoMove};

fn main() {
    divan::main();
}

fn start(seed: u64) -> Qinto {
    Qinto::new(&Setup {
        seed,
        ..Setup::default_for(Qinto::INFO)
    })
    .expect("default setup")
}

/// 1000 random 2-player games, each from a fresh deal (divide the time by 1000 for one
/// playout).
#[divan::bench]
fn random_playouts_x1000(bencher: Bencher) {
    let mut rng = rng_from_seed(7);
    let starts: Vec<Qinto> = (0..16).map(start).collect();
    bencher.bench_local(|| {
        let mut moves = 0;
        for i in 0..1000 {
            let state = starts[i % starts.len()].clone();
            moves += random_playout(divan::black_box(state), &mut rng, 5000).1;
        }
        moves
    });
}

/// Listing every legal move in the middle of a random game (after 20 random moves).
#[divan::bench]
fn legal_moves_midgame(bencher: Bencher) {
    let mut rng = rng_from_seed(3);
    let (state, _) = random_playout(start(1), &mut rng, 20);
    let mut moves: Vec<QintoMove> = Vec::new();
    bencher.bench_local(|| {
        state.legal_moves(&mut moves);
        moves.len()
    });
}
