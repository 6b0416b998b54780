//! `tabuleiro bench GAME`: random playouts per second, search speed, each level's move time,
//! and for solvable games the time of a perfect move.

use std::time::{Duration, Instant};

use anyhow::Result;
use tabuleiro_ai::mcts::{self, MctsLimits};
use tabuleiro_ai::rollouts;
use tabuleiro_ai::{Agent, AlphaBeta, Limits, PerfectAgent};
use tabuleiro_core::{Engine, GameVisitor, Setup, derive_seed, random_playout, rng_from_seed};

use crate::args::BenchArgs;

/// Number of rounds the playout time is split into.
pub const ROUNDS: u32 = 5;

/// Each level's moves are timed for this many measurements' time.
pub const LEVEL_BUDGET: u32 = 4;

/// Measurements of one game.
#[derive(Debug, serde::Serialize)]
pub struct BenchResult {
    /// The game's id.
    pub game: &'static str,
    /// Random games from the start to the end, per second, on one thread: the best of
    /// [`ROUNDS`] equal rounds (noise from other work on the machine only ever slows a round
    /// down, so the best round is the closest to the code's own speed).
    pub playouts_per_sec: f64,
    /// The same over all rounds together.
    pub playouts_per_sec_mean: f64,
    /// Moves per random game, on average.
    pub moves_per_playout: f64,
    /// Positions the alpha-beta search visits per second, from the start.
    pub search_nodes_per_sec: f64,
    /// Depth the search reached in the time.
    pub search_depth: u32,
    /// Monte Carlo tree search iterations (each one a playout) per second, from the start.
    pub mcts_iterations_per_sec: f64,
    /// For games searched by sampled rollouts (Q!nto): samples of the hidden information
    /// (each candidate rolled out once on each) per second, from the start.
    pub rollout_samples_per_sec: Option<f64>,
    /// For solvable games: seconds to solve the start (the perfect player's first move).
    pub perfect_first_move_sec: Option<f64>,
    /// For solvable games: slowest perfect move afterwards, over positions from random games.
    pub perfect_move_ms_max: Option<f64>,
    /// For solvable games: mean perfect move afterwards.
    pub perfect_move_ms_mean: Option<f64>,
    /// How many perfect moves were timed.
    pub perfect_moves_timed: usize,
    /// The move times of each level of the ladder but `perfect`, playing itself.
    pub levels: Vec<super::move_times::LevelTimes>,
    /// With `--threads`: the parallel searches' speed on each number of threads measured.
    pub parallel: Vec<ThreadFigures>,
    /// With `--threads`: the depth the timed alpha-beta searches are also timed to finish
    /// (the one the one-thread search above reached).
    pub parallel_depth: u32,
    /// The search of the game's `strong` level: `alpha-beta`, `MCTS` or `rollouts`.
    pub strong_search: &'static str,
}

/// The speed of the parallel searches on one number of threads, from the start, measured
/// [`PARALLEL_ROUNDS`] times in turn with the other thread counts' so that noise on the
/// machine falls on all of them alike. Every round searches with the same seed (so the same
/// root order), so that rounds differ by the machine's noise only. The speeds are the best
/// round's; a speed-up is the median over the rounds of the speed against one thread's in the
/// same round (pairs measured seconds apart, so a slower spell of the machine falls on both).
#[derive(Clone, Debug, serde::Serialize)]
pub struct ThreadFigures {
    /// Threads searching.
    pub threads: usize,
    /// Alpha-beta (Lazy SMP) positions per second, over all threads.
    pub search_nodes_per_sec: f64,
    /// Alpha-beta's speed-up over one thread.
    pub search_speedup: f64,
    /// Seconds alpha-beta took to finish [`BenchResult::parallel_depth`] (the best round's).
    pub search_depth_secs: f64,
    /// How much sooner than on one thread: the median over the rounds of one thread's time
    /// divided by this count's. Positions per second count work, this counts what the work
    /// is for (the helpers' share of it that the main thread does not need is not counted).
    pub search_depth_speedup: f64,
    /// Monte Carlo tree search (root-parallel) iterations per second, over all threads.
    pub mcts_iterations_per_sec: f64,
    /// Monte Carlo tree search's speed-up over one thread.
    pub mcts_speedup: f64,
    /// Sampled rollouts' samples per second, for games searched that way (Q!nto).
    pub rollout_samples_per_sec: Option<f64>,
    /// The sampled rollouts' speed-up over one thread.
    pub rollout_speedup: Option<f64>,
    /// Random playouts per second, over all threads, each thread playing its own games with
    /// nothing shared: the machine's own ceiling for the searches' speed-ups in this run.
    pub independent_playouts_per_sec: f64,
    /// The independent playouts' speed-up over one thread.
    pub independent_speedup: f64,
}

/// How many times each thread count's speed is measured.
pub const PARALLEL_ROUNDS: u32 = 5;

/// Benchmarks a setup for about `seconds` per measurement.
pub struct Bench {
    /// Where to start.
    pub setup: Setup,
    /// Seconds per measurement.
    pub seconds: f64,
    /// Thread counts to measure the parallel searches on (none: not measured).
    pub threads: Vec<usize>,
}

impl GameVisitor for Bench {
    type Output = Result<BenchResult>;
    fn visit<G: Engine>(self) -> Result<BenchResult> {
        let start_state = G::new(&self.setup)?;
        let budget = Duration::from_secs_f64(self.seconds.max(0.01));
        let limit = G::INFO.max_moves.unwrap_or(100_000);

        let mut rng = rng_from_seed(self.setup.seed);
        let (mut playouts, mut moves, mut best_rate) = (0u64, 0u64, 0f64);
        let total = Instant::now();
        for _ in 0..ROUNDS {
            let (mut round_playouts, clock) = (0u64, Instant::now());
            loop {
                for _ in 0..1024 {
                    let (_, n) = random_playout(start_state.clone(), &mut rng, limit);
                    moves += n as u64;
                }
                round_playouts += 1024;
                if clock.elapsed() >= budget / ROUNDS {
                    break;
                }
            }
            best_rate = best_rate.max(round_playouts as f64 / clock.elapsed().as_secs_f64());
            playouts += round_playouts;
        }
        let playout_secs = total.elapsed().as_secs_f64();

        let mut search = AlphaBeta::<G>::default();
        let clock = Instant::now();
        let one_thread = Limits {
            threads: Some(1),
            ..Limits::time(budget)
        };
        let found = search.search(&start_state, one_thread, &mut rng);
        let search_secs = clock.elapsed().as_secs_f64();

        let limits = MctsLimits {
            time: Some(budget),
            iterations: None,
            threads: Some(1),
        };
        let mover = start_state.to_move().unwrap_or(tabuleiro_core::Player(0));
        let (_, report) = mcts::search::<G>(&start_state.view(mover), &limits, &mut rng);

        let rollout_samples_per_sec = (G::ENGINE.search == tabuleiro_core::SearchKind::Rollouts)
            .then(|| {
                let (_, report) =
                    rollouts::search::<G>(&start_state.view(mover), &limits, &mut rng);
                report.samples as f64 / report.seconds.max(1e-9)
            });

        let mut result = BenchResult {
            game: G::INFO.id,
            playouts_per_sec: best_rate,
            playouts_per_sec_mean: playouts as f64 / playout_secs,
            moves_per_playout: moves as f64 / playouts as f64,
            search_nodes_per_sec: found.nodes as f64 / search_secs,
            search_depth: found.depth,
            mcts_iterations_per_sec: report.iterations as f64 / report.seconds.max(1e-9),
            rollout_samples_per_sec,
            perfect_first_move_sec: None,
            perfect_move_ms_max: None,
            perfect_move_ms_mean: None,
            perfect_moves_timed: 0,
            levels: super::move_times::time_levels(
                &start_state,
                budget * LEVEL_BUDGET,
                self.setup.seed,
            ),
            parallel: measure_threads(
                &start_state,
                &self.threads,
                budget,
                found.depth,
                self.setup.seed,
            ),
            parallel_depth: found.depth,
            strong_search: match G::ENGINE.search {
                tabuleiro_core::SearchKind::AlphaBeta => "alpha-beta",
                tabuleiro_core::SearchKind::MonteCarlo => "MCTS",
                tabuleiro_core::SearchKind::Rollouts => "rollouts",
            },
        };
        if G::ENGINE.solvable {
            time_perfect_moves(&start_state, &mut result, self.setup.seed);
        }
        Ok(result)
    }
}

/// The parallel searches' speed from `start` on each of `counts` threads, and how long
/// alpha-beta takes to finish `depth` on each.
fn measure_threads<G: Engine>(
    start: &G,
    counts: &[usize],
    budget: Duration,
    depth: u32,
    seed: u64,
) -> Vec<ThreadFigures> {
    let Some(mover) = start.to_move().filter(|_| !counts.is_empty()) else {
        return Vec::new();
    };
    let view = start.view(mover);
    let rollouts = G::ENGINE.search == tabuleiro_core::SearchKind::Rollouts;
    // rates[round][count]: alpha-beta, MCTS, (for Q!nto) rollouts and independent playouts
    // per second, and alpha-beta's seconds to finish `depth`.
    let mut rates: Vec<Vec<[f64; 5]>> = Vec::new();
    for _ in 0..PARALLEL_ROUNDS {
        let mut round = Vec::new();
        for &figure_threads in counts {
            let mut rng = rng_from_seed(derive_seed(seed, 0));
            let threads = Some(figure_threads);
            let mut search = AlphaBeta::<G>::default();
            let clock = Instant::now();
            let limits = Limits {
                threads,
                ..Limits::time(budget)
            };
            let found = search.search(start, limits, &mut rng);
            let nodes = found.nodes as f64 / clock.elapsed().as_secs_f64();
            let mut search = AlphaBeta::<G>::default();
            let clock = Instant::now();
            let limits = Limits {
                threads,
                ..Limits::depth(depth)
            };
            search.search(start, limits, &mut rng_from_seed(derive_seed(seed, 0)));
            let depth_secs = clock.elapsed().as_secs_f64();
            let limits = MctsLimits {
                time: Some(budget),
                iterations: None,
                threads,
            };
            let (_, report) = mcts::search::<G>(&view, &limits, &mut rng);
            let iterations = report.iterations as f64 / report.seconds.max(1e-9);
            let samples = if rollouts {
                let (_, report) = rollouts::search::<G>(&view, &limits, &mut rng);
                report.samples as f64 / report.seconds.max(1e-9)
            } else {
                0.0
            };
            let playouts = independent_playouts(start, figure_threads, budget, seed);
            round.push([nodes, iterations, samples, playouts, depth_secs]);
        }
        rates.push(round);
    }
    let best = |c: usize, k: usize| rates.iter().map(|r| r[c][k]).fold(0.0, f64::max);
    // The median over the rounds of count c's figure k against one thread's (`inverse`: one
    // thread's against count c's, for times).
    let ratio = |c: usize, k: usize, inverse: bool| {
        let mut ratios: Vec<f64> = rates
            .iter()
            .map(|r| {
                let (a, b) = if inverse {
                    (r[0][k], r[c][k])
                } else {
                    (r[c][k], r[0][k])
                };
                a / b.max(1e-9)
            })
            .collect();
        ratios.sort_by(f64::total_cmp);
        ratios.get(ratios.len() / 2).copied().unwrap_or(0.0)
    };
    let speedup = |c: usize, k: usize| ratio(c, k, false);
    counts
        .iter()
        .enumerate()
        .map(|(c, &threads)| ThreadFigures {
            threads,
            search_nodes_per_sec: best(c, 0),
            search_speedup: speedup(c, 0),
            search_depth_secs: rates.iter().map(|r| r[c][4]).fold(f64::INFINITY, f64::min),
            search_depth_speedup: ratio(c, 4, true),
            mcts_iterations_per_sec: best(c, 1),
            mcts_speedup: speedup(c, 1),
            rollout_samples_per_sec: rollouts.then(|| best(c, 2)),
            rollout_speedup: rollouts.then(|| speedup(c, 2)),
            independent_playouts_per_sec: best(c, 3),
            independent_speedup: speedup(c, 3),
        })
        .collect()
}

/// Random playouts from `start` per second on `threads` threads for `budget`, every thread
/// with its own generator and games (nothing shared, nothing waited for).
fn independent_playouts<G: Engine>(start: &G, threads: usize, budget: Duration, seed: u64) -> f64 {
    let limit = G::INFO.max_moves.unwrap_or(100_000);
    let clock = Instant::now();
    let played: u64 = std::thread::scope(|scope| {
        let workers: Vec<_> = (0..threads)
            .map(|t| {
                scope.spawn(move || {
                    let mut rng = rng_from_seed(derive_seed(seed, t as u64));
                    let mut played = 0u64;
                    while clock.elapsed() < budget {
                        for _ in 0..64 {
                            std::hint::black_box(random_playout(start.clone(), &mut rng, limit));
                        }
                        played += 64;
                    }
                    played
                })
            })
            .collect();
        workers.into_iter().map(|w| w.join().unwrap_or(0)).sum()
    });
    played as f64 / clock.elapsed().as_secs_f64()
}

/// The thread counts `bench --threads N` measures: 1, 2, 4, … below N, and N.
pub fn thread_counts(most: usize) -> Vec<usize> {
    let mut counts: Vec<usize> = std::iter::successors(Some(1usize), |&n| n.checked_mul(2))
        .take_while(|&n| n < most)
        .collect();
    counts.push(most.max(1));
    counts.dedup();
    counts
}

/// Times the perfect player's first move, then its moves in positions of 200 random games.
/// For a game with its own solved table, the first move opens it (loads it, or builds it on
/// first use).
fn time_perfect_moves<G: Engine>(start: &G, result: &mut BenchResult, seed: u64) {
    let clock = Instant::now();
    let mut agent: Box<dyn Agent<G>> = match tabuleiro_ai::open_oracle::<G>() {
        Some(Ok(oracle)) => Box::new(tabuleiro_ai::OracleAgent::new(oracle, seed)),
        Some(Err(_)) => return,
        None => Box::new(PerfectAgent::<G>::new(seed)),
    };
    let Some(first) = start.to_move() else { return };
    let _ = agent.choose(&start.view(first));
    result.perfect_first_move_sec = Some(clock.elapsed().as_secs_f64());
    let (mut max, mut total, mut count) = (0f64, 0f64, 0usize);
    let mut rng = rng_from_seed(derive_seed(seed, 1));
    for _ in 0..200 {
        let mut state = start.clone();
        while let Some(player) = state.to_move() {
            let clock = Instant::now();
            let _ = agent.choose(&state.view(player));
            let ms = clock.elapsed().as_secs_f64() * 1000.0;
            max = max.max(ms);
            total += ms;
            count += 1;
            let Some(mv) = state.random_move(&mut rng) else {
                break;
            };
            state.play_unchecked(mv);
        }
    }
    result.perfect_move_ms_max = Some(max);
    result.perfect_move_ms_mean = Some(if count > 0 { total / count as f64 } else { 0.0 });
    result.perfect_moves_timed = count;
}

/// Prints the parallel searches' table: each thread count's speed and its speed-up over one
/// thread.
fn write_parallel(
    figures: &[ThreadFigures],
    depth: u32,
    strong: &str,
    output: &mut dyn std::io::Write,
) -> Result<()> {
    if figures.is_empty() {
        return Ok(());
    }
    writeln!(
        output,
        "  parallel searches from the start, per second (best of {PARALLEL_ROUNDS} rounds; speed-up: the median of the rounds' own; the strong level uses {strong}):"
    )?;
    writeln!(
        output,
        "    threads  alpha-beta positions  alpha-beta to depth {depth:<2}     MCTS iterations    rollout samples    independent playouts (the machine's ceiling)"
    )?;
    let cell = |rate: f64, speedup: f64| format!("{rate:>12.0} ({speedup:.2}x)");
    for figure in figures {
        let samples = match (figure.rollout_samples_per_sec, figure.rollout_speedup) {
            (Some(rate), Some(speedup)) => cell(rate, speedup),
            _ => "-".to_owned(),
        };
        writeln!(
            output,
            "    {:>7}  {}  {:>14.3} s ({:.2}x)  {}  {:>18}  {}",
            figure.threads,
            cell(figure.search_nodes_per_sec, figure.search_speedup),
            figure.search_depth_secs,
            figure.search_depth_speedup,
            cell(figure.mcts_iterations_per_sec, figure.mcts_speedup),
            samples,
            cell(
                figure.independent_playouts_per_sec,
                figure.independent_speedup
            )
        )?;
    }
    Ok(())
}

/// `tabuleiro bench`: measures and prints the figures, as text or JSON.
///
/// # Errors
/// A bad game or option, or a failure to write.
pub fn run(args: &BenchArgs, output: &mut dyn std::io::Write) -> Result<()> {
    let (info, setup) = super::setup_from(&args.game, 1)?;
    let result = super::visit(
        info.id,
        Bench {
            setup,
            seconds: args.seconds,
            threads: args.threads.map(thread_counts).unwrap_or_default(),
        },
    )??;
    if args.json {
        writeln!(output, "{}", serde_json::to_string(&result)?)?;
    } else {
        writeln!(output, "{} (one thread)", info.name)?;
        writeln!(
            output,
            "  random playouts: {:.0} per second (best of {} rounds; {:.0} over all; {:.1} moves each)",
            result.playouts_per_sec, ROUNDS, result.playouts_per_sec_mean, result.moves_per_playout
        )?;
        writeln!(
            output,
            "  alpha-beta search: {:.0} positions per second (depth {})",
            result.search_nodes_per_sec, result.search_depth
        )?;
        writeln!(
            output,
            "  Monte Carlo tree search: {:.0} iterations per second",
            result.mcts_iterations_per_sec
        )?;
        if let Some(samples) = result.rollout_samples_per_sec {
            writeln!(
                output,
                "  sampled rollouts (strong): {samples:.0} samples per second from the start"
            )?;
        }
        for level in &result.levels {
            writeln!(
                output,
                "  {} moves: mean {:.1} ms, slowest {:.1} ms ({} moves, {} whole games)",
                level.level, level.mean_ms, level.max_ms, level.moves, level.games
            )?;
        }
        write_parallel(
            &result.parallel,
            result.parallel_depth,
            result.strong_search,
            output,
        )?;
        if let (Some(first), Some(max), Some(mean)) = (
            result.perfect_first_move_sec,
            result.perfect_move_ms_max,
            result.perfect_move_ms_mean,
        ) {
            writeln!(
                output,
                "  perfect player: first move (solve, or open the table) {first:.3} s; then {} moves: max {max:.2} ms, mean {mean:.3} ms",
                result.perfect_moves_timed
            )?;
        }
    }
    Ok(())
}
