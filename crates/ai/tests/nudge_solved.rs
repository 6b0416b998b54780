//! The full Nudge table against the game's own search and against `strong` (ignored in CI:
//! the solve takes seconds in release but longer in a test build; run them on purpose with
//! `cargo test --release -p tabuleiro-ai --test tests nudge_solved -- --ignored --nocapture`).

use std::sync::{Arc, OnceLock};
use std::time::Instant;

use tabuleiro_ai::score::{DECIDED, WIN};
use tabuleiro_ai::{Agent, AlphaBeta, Limits, OracleAgent, StrongAgent};
use tabuleiro_core::rng::RngExt;
use tabuleiro_core::{ExactValue, Game, Oracle, Player, Setup, rng_from_seed};
use tabuleiro_games::nudge::Nudge;
use tabuleiro_games::nudge::solve::oracle::NudgeOracle;
use tabuleiro_games::nudge::solve::{Geometry, SolvedTable};

/// The 5×5 table, solved once.
pub(crate) fn oracle() -> Arc<NudgeOracle> {
    static ORACLE: OnceLock<Arc<NudgeOracle>> = OnceLock::new();
    Arc::clone(ORACLE.get_or_init(|| {
        let clock = Instant::now();
        let table = SolvedTable::solve(Geometry::STANDARD, &mut |_| {});
        println!("solved in {:.1} s", clock.elapsed().as_secs_f64());
        Arc::new(NudgeOracle::new(table).expect("the 5x5 table"))
    }))
}

/// Positions of the table with their value, White to move, sampled with `seed`.
fn sample(count: usize, seed: u64, keep: impl Fn(ExactValue) -> bool) -> Vec<(Nudge, ExactValue)> {
    let oracle = oracle();
    let positions: Vec<(u32, u32, ExactValue)> = oracle.table().positions().collect();
    let mut rng = rng_from_seed(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let (own, opponent, value) = positions[rng.random_range(0..positions.len())];
        if keep(value) {
            let state = Nudge::from_discs([own, opponent], Player(0)).expect("a position");
            out.push((state, value));
        }
    }
    out
}

/// A fixed-depth alpha-beta search of the real game (its own move generator, repetition
/// counts and all) finds every win and loss of up to 6 moves that the table gives, at the
/// same distance, and none in positions the table calls drawn or longer.
#[test]
#[ignore = "needs the full 5x5 solve"]
fn nudge_table_agrees_with_alpha_beta_at_short_range() {
    let mut rng = rng_from_seed(3);
    let short = |v: ExactValue| match v {
        ExactValue::Win { plies } | ExactValue::Loss { plies } => plies <= 6,
        ExactValue::Draw => false,
    };
    let mut checked = [0; 2];
    for (i, (state, value)) in sample(150, 1, short)
        .into_iter()
        .chain(sample(150, 2, |v| !short(v)))
        .enumerate()
    {
        let mut search = AlphaBeta::<Nudge>::default();
        let result = search.search(&state, Limits::depth(6), &mut rng);
        let found = if result.value >= DECIDED {
            Some(ExactValue::Win {
                plies: (WIN - result.value) as u32,
            })
        } else if result.value <= -DECIDED {
            Some(ExactValue::Loss {
                plies: (WIN + result.value) as u32,
            })
        } else {
            None
        };
        if short(value) {
            assert_eq!(
                found,
                Some(value),
                "position {i}: {}",
                state.render(tabuleiro_core::Perspective::Everyone)
            );
        } else {
            assert_eq!(
                found,
                None,
                "position {i} ({value}): {}",
                state.render(tabuleiro_core::Perspective::Everyone)
            );
        }
        checked[usize::from(short(value))] += 1;
    }
    println!("checked {checked:?}");
}

/// From won positions the perfect player beats `strong` (50 ms a move) every time, within
/// the moves the table promised; from the four layouts it never loses; a move takes ≤ 10 ms.
#[test]
#[ignore = "needs the full 5x5 solve"]
fn nudge_perfect_wins_won_positions_against_strong() {
    let oracle = oracle();
    let dynamic: Arc<dyn Oracle<Nudge>> = oracle.clone();
    let mut slowest = 0f64;
    let won = sample(
        30,
        4,
        |v| matches!(v, ExactValue::Win { plies } if plies <= 40),
    );
    for (game, (start, value)) in won.into_iter().enumerate() {
        let ExactValue::Win { plies } = value else {
            unreachable!()
        };
        let mut perfect = OracleAgent::new(Arc::clone(&dynamic), game as u64);
        let mut strong = StrongAgent::<Nudge>::new(
            Limits::time(std::time::Duration::from_millis(50)),
            game as u64,
        );
        let mut state = start.clone();
        let mut played = 0;
        while let Some(player) = state.to_move() {
            let mv = if player == Player(0) {
                let clock = Instant::now();
                let mv = perfect.choose(&state);
                slowest = slowest.max(clock.elapsed().as_secs_f64());
                mv
            } else {
                strong.choose(&state)
            };
            state.play(mv.expect("a move")).expect("legal");
            played += 1;
        }
        assert_eq!(
            state.outcome().and_then(|o| o.winner()),
            Some(Player(0)),
            "game {game}"
        );
        assert!(
            played <= plies,
            "game {game}: {played} moves, {plies} promised"
        );
    }
    for layout in 1..=4 {
        for first in ["white", "black"] {
            for perfect_seat in 0..2u8 {
                let options = tabuleiro_core::Options::new(
                    Nudge::INFO,
                    [
                        ("start", layout.to_string().as_str()),
                        ("first", first),
                        ("max_turns", "60"),
                    ],
                )
                .expect("options");
                let setup = Setup {
                    players: 2,
                    options,
                    seed: 0,
                };
                let mut state = Nudge::new(&setup).expect("a start");
                let mut perfect = OracleAgent::new(Arc::clone(&dynamic), 7);
                let mut strong = StrongAgent::<Nudge>::new(
                    Limits::time(std::time::Duration::from_millis(50)),
                    7,
                );
                while let Some(player) = state.to_move() {
                    let mv = if player == Player(perfect_seat) {
                        let clock = Instant::now();
                        let mv = perfect.choose(&state);
                        slowest = slowest.max(clock.elapsed().as_secs_f64());
                        mv
                    } else {
                        strong.choose(&state)
                    };
                    state.play(mv.expect("a move")).expect("legal");
                }
                let outcome = state.outcome().expect("over");
                assert_ne!(
                    outcome.winner(),
                    Some(Player(1 - perfect_seat)),
                    "layout {layout}, {first} first: perfect lost: {}",
                    outcome.reason
                );
                println!(
                    "layout {layout}, {first} first, perfect seat {perfect_seat}: {}",
                    outcome.reason
                );
            }
        }
    }
    println!("slowest perfect move: {:.2} ms", slowest * 1000.0);
    assert!(
        slowest < 0.010,
        "a perfect move took {:.1} ms",
        slowest * 1000.0
    );
}
