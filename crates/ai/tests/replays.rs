//! With one thread, every computer player plays exactly as it did before searches could use
//! several: seeded games of each game's `strong` search at a fixed budget (depth, iterations
//! or samples, so no clock decides anything), fingerprinted move by move, must match the
//! fingerprints recorded from commit aa9540d, the last one whose searches had a single thread.

use tabuleiro_ai::{Level, play_game, seat_agents};
use tabuleiro_core::{Engine, Setup};
use tabuleiro_games::nudge::Nudge;
use tabuleiro_games::pushee::Pushee;
use tabuleiro_games::qinto::Qinto;
use tabuleiro_games::quantik::Quantik;
use tabuleiro_games::taiji::Taiji;

/// FNV-1a over the moves of games of `a` against `b` (seat 1 and seat 2) with options
/// `options`, one game per seed.
fn fingerprint<G: Engine>(a: &str, b: &str, options: &[(&str, &str)], seeds: u64) -> u64 {
    let mut hash = 0xcbf2_9ce4_8422_2325_u64;
    for seed in 0..seeds {
        let setup = Setup {
            seed,
            options: tabuleiro_core::Options::new(G::INFO, options.iter().copied())
                .expect("the options are valid"),
            ..Setup::default_for(G::INFO)
        };
        let levels = [a, b].map(|l| Some(l.parse::<Level>().expect("a level")));
        let mut agents: Vec<_> = seat_agents::<G>(&setup, &levels)
            .expect("the players")
            .into_iter()
            .flatten()
            .collect();
        let limit = G::INFO.max_moves.unwrap_or(2_000);
        let session = play_game(&setup, &mut agents, limit).expect("the game ends");
        for text in session.record().moves {
            for byte in text.bytes().chain([b';']) {
                hash = (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3);
            }
        }
        hash = (hash ^ u64::from(b'|')).wrapping_mul(0x0100_0000_01b3);
    }
    eprintln!("{}: {a} against {b}: {hash:#018x}", G::INFO.id);
    hash
}

#[test]
fn quantik_alpha_beta_replays_as_before() {
    let found = fingerprint::<Quantik>("strong:depth=4", "strong:depth=3", &[], 24);
    assert_eq!(found, QUANTIK);
}

#[test]
fn nudge_alpha_beta_replays_as_before() {
    let options = [("max_turns", "40")];
    let found = fingerprint::<Nudge>("strong:depth=3", "strong:depth=2", &options, 8);
    assert_eq!(found, NUDGE);
}

#[test]
fn pushee_alpha_beta_replays_as_before() {
    let options = [("size", "5x5"), ("pieces", "8")];
    let found = fingerprint::<Pushee>("strong:depth=3", "strong:depth=2", &options, 8);
    assert_eq!(found, PUSHEE);
}

#[test]
fn taiji_mcts_replays_as_before() {
    let found = fingerprint::<Taiji>("strong:iters=150", "greedy", &[("size", "7")], 4);
    assert_eq!(found, TAIJI);
}

#[test]
fn qinto_rollouts_replay_as_before() {
    let options = [("max_turns", "300")];
    let found = fingerprint::<Qinto>("strong:iters=6", "greedy", &options, 6);
    assert_eq!(found, QINTO);
}

// Recorded from commit aa9540d (`cargo test -p tabuleiro-ai --test tests replays --
// --nocapture` there, with this file added).
const QUANTIK: u64 = 0xbf3d_e0cf_dcac_ce56;
const NUDGE: u64 = 0x2b1b_0dce_f82a_4f1d;
const PUSHEE: u64 = 0xe12f_1aba_616c_edd2;
const TAIJI: u64 = 0xec5f_f021_a89b_aa92;
const QINTO: u64 = 0x7ece_c6f3_1573_7ace;
