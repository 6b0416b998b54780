//! `serve` and `bench-web`: the web server and its load benchmark (crate `tabuleiro-load`), on
//! a tokio runtime.

use std::io::Write;
use std::time::Duration;

use anyhow::{Context as _, Result};
use tabuleiro_load::bench::Lobby;

use crate::args::{BenchWebArgs, LobbyClock, ServeArgs};

fn runtime() -> Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")
}

/// Runs the web server until Ctrl-C.
pub fn serve(args: &ServeArgs) -> Result<()> {
    tabuleiro_web::logs::init(args.log_format);
    let computer_threads = args
        .computer_threads
        .unwrap_or(tabuleiro_web::limits::Limits::default().computer_threads);
    // A search never holds more threads than the pool has.
    let threads = args
        .threads
        .unwrap_or_else(tabuleiro_ai::threads::available);
    tabuleiro_ai::threads::set_default(threads.min(computer_threads));
    let config = tabuleiro_web::Config {
        addr: args.addr,
        database: match (&args.database, &args.data) {
            (Some(url), _) => tabuleiro_web::store::Database::parse(url),
            (None, data) => tabuleiro_web::store::Database::Folder(
                data.clone().unwrap_or_else(tabuleiro_web::default_data_dir),
            ),
        },
        limits: tabuleiro_web::limits::Limits {
            lobby_gone_after: tabuleiro_web::limits::GONE_AFTER,
            allowed_origins: args.allow_origin.clone(),
            public_hosts: args.public_host.clone(),
            creations_per_minute: args.creations_per_minute,
            max_connections: args.max_connections,
            max_connections_per_address: args.max_connections_per_address,
            header_timeout: Duration::from_secs_f64(args.header_timeout),
            body_timeout: Duration::from_secs_f64(args.body_timeout),
            join_timeout: Duration::from_secs_f64(args.join_timeout),
            idle_timeout: Duration::from_secs_f64(args.idle_timeout),
            spectators_per_game: args.spectators_per_game,
            computer_threads,
            computer_share: args.computer_share,
            messages_per_second: args.messages_per_second,
            workers: args
                .workers
                .unwrap_or(tabuleiro_web::limits::Limits::default().workers),
            store_timeout: Duration::from_secs_f64(args.database_timeout),
            database_pool: args.database_pool,
            rated_within_network: args.rated_within_network,
            challenges_per_network: args.challenges_per_network,
            trusted_proxies: args.trusted_proxy.clone(),
        },
        worker_only: args.worker_only,
        metrics_addr: args.metrics_addr.0,
    };
    runtime()?.block_on(tabuleiro_web::serve(config))?;
    Ok(())
}

/// Runs the load benchmark and prints its figures.
pub fn bench(args: &BenchWebArgs, output: &mut dyn Write) -> Result<()> {
    let game = args
        .game
        .clone()
        .unwrap_or_else(|| tabuleiro_load::picks::first_for_two().id.to_owned());
    if let Some(games) = args.stored {
        let folder = args.data.clone().unwrap_or_else(|| {
            std::env::temp_dir().join(format!("tabuleiro-stored-{}", std::process::id()))
        });
        let result = super::stored::run(&game, games, &folder, output);
        if args.data.is_none() {
            let _ = std::fs::remove_dir_all(&folder);
        }
        return result;
    }
    if args.metrics_cost {
        return metrics_cost(args, &game, output);
    }
    if args.repeat > 1 {
        return repeated(args, &game, output);
    }
    let runs: &[bool] = if args.adversarial {
        &[false, true]
    } else {
        &[false]
    };
    for &adversarial in runs {
        if args.adversarial {
            writeln!(
                output,
                "{}",
                if adversarial {
                    "under attack:"
                } else {
                    "alone:"
                }
            )?;
        }
        let lobby = args.lobby.map(|clock| Lobby {
            clock: clock.0,
            rated: args.rated,
        });
        let report = runtime()?.block_on(tabuleiro_load::bench::run(config(
            args,
            &game,
            adversarial,
            lobby,
        )))?;
        write!(output, "{report}")?;
        if report.errors > 0 {
            anyhow::bail!("{} of {} games failed", report.errors, report.games);
        }
    }
    Ok(())
}

/// The load benchmark's configuration from its arguments.
fn config(
    args: &BenchWebArgs,
    game: &str,
    adversarial: bool,
    lobby: Option<Lobby>,
) -> tabuleiro_load::bench::LoadConfig {
    tabuleiro_load::bench::LoadConfig {
        games: args.games,
        game: game.to_owned(),
        data: args.data.clone(),
        durability: args.durability,
        adversarial,
        database: args.database.clone(),
        nodes: args.nodes,
        servers: args.servers.clone(),
        lobby,
        computer_games: if args.adversarial {
            tabuleiro_load::bench::COMPUTER_GAMES
        } else {
            0
        },
        computer_time: Duration::from_secs(args.computer_seconds),
        metrics: false,
        pause: Duration::from_millis(args.pause_ms),
        phases: args.phases,
    }
}

/// `bench-web --repeat N`: the runs one after another, then the figures of all of them
/// together. Through the lobby on a clock, each run goes with the same run through the lobby
/// without clocks and one of games by their links, in turns: the clocks' cost is the first
/// against the second, the lobby's against the third.
fn repeated(args: &BenchWebArgs, game: &str, output: &mut dyn Write) -> Result<()> {
    let rated = args.rated;
    let kinds: Vec<(Option<Lobby>, &str)> = match args.lobby {
        Some(LobbyClock(Some(clock))) => vec![
            (
                Some(Lobby {
                    clock: Some(clock),
                    rated,
                }),
                "through the lobby on clocks",
            ),
            (
                Some(Lobby { clock: None, rated }),
                "through the lobby without clocks",
            ),
            (None, "by links"),
        ],
        Some(LobbyClock(None)) => vec![(
            Some(Lobby { clock: None, rated }),
            "through the lobby without clocks",
        )],
        None => vec![(None, "by links")],
    };
    let mut reports: Vec<Vec<tabuleiro_load::bench::LoadReport>> = vec![Vec::new(); kinds.len()];
    for run in 1..=args.repeat {
        // Each round starts with the next kind, so that none is always first after another.
        for turn in 0..kinds.len() {
            let kind = (run - 1 + turn) % kinds.len();
            let (lobby, label) = &kinds[kind];
            writeln!(output, "run {run} of {}, {label}:", args.repeat)?;
            let report = runtime()?.block_on(tabuleiro_load::bench::run(config(
                args, game, false, *lobby,
            )))?;
            write!(output, "{report}")?;
            if report.errors > 0 {
                anyhow::bail!("{} of {} games failed", report.errors, report.games);
            }
            reports[kind].push(report);
        }
    }
    let mut totals = Vec::new();
    for (kind, (_, label)) in kinds.iter().enumerate() {
        let total = Pooled::of(&reports[kind]);
        write!(
            output,
            "{} runs together, {label}{}: {:.0} moves/s, p50 {:.2} ms, p99 {:.2} ms",
            args.repeat,
            if rated && kinds[kind].0.is_some() {
                ", rated"
            } else {
                ""
            },
            total.moves_per_second,
            total.p50_ms,
            total.p99_ms
        )?;
        match total.worst_clock_ms {
            Some(worst) => writeln!(output, ", every clock within {worst:.1} ms")?,
            None => writeln!(output)?,
        }
        totals.push(total);
    }
    if let [clocks, without, links] = totals.as_slice() {
        let compare = |a: &Pooled, b: &Pooled| {
            format!(
                "{:.3}× the moves/s, {:.3}× the p99",
                a.moves_per_second / b.moves_per_second,
                a.p99_ms / b.p99_ms
            )
        };
        writeln!(
            output,
            "the clocks: on clocks against without, through the lobby: {}",
            compare(clocks, without)
        )?;
        writeln!(
            output,
            "the lobby and the clocks: on clocks through the lobby against by links: {}",
            compare(clocks, links)
        )?;
    }
    Ok(())
}

/// `bench-web --metrics-cost`: each of `--repeat` rounds makes a run with the metrics
/// recorded and read every second and one without, in turns (each round starts with the
/// other), then compares all the runs of each kind together.
fn metrics_cost(args: &BenchWebArgs, game: &str, output: &mut dyn Write) -> Result<()> {
    let lobby = args.lobby.map(|clock| Lobby {
        clock: clock.0,
        rated: args.rated,
    });
    let kinds = [(true, "with metrics"), (false, "without metrics")];
    let mut reports = [Vec::new(), Vec::new()];
    for run in 1..=args.repeat {
        for turn in 0..kinds.len() {
            let kind = (run - 1 + turn) % kinds.len();
            let (metrics, label) = kinds[kind];
            writeln!(output, "run {run} of {}, {label}:", args.repeat)?;
            let mut config = config(args, game, false, lobby);
            config.metrics = metrics;
            let report = runtime()?.block_on(tabuleiro_load::bench::run(config))?;
            write!(output, "{report}")?;
            if report.errors > 0 {
                anyhow::bail!("{} of {} games failed", report.errors, report.games);
            }
            reports[kind].push(report);
        }
    }
    let totals: Vec<Pooled> = reports.iter().map(|r| Pooled::of(r)).collect();
    for ((_, label), total) in kinds.iter().zip(&totals) {
        writeln!(
            output,
            "{} run(s) together, {label}: {:.0} moves/s, p50 {:.2} ms, p99 {:.2} ms",
            args.repeat, total.moves_per_second, total.p50_ms, total.p99_ms
        )?;
    }
    writeln!(
        output,
        "the metrics: with against without: {:.3}× the moves/s, {:.3}× the p99",
        totals[0].moves_per_second / totals[1].moves_per_second,
        totals[0].p99_ms / totals[1].p99_ms
    )?;
    Ok(())
}

/// The figures of several runs taken together.
struct Pooled {
    /// Every move of every run over the time of all the runs.
    moves_per_second: f64,
    /// Quantiles of all the runs' latencies.
    p50_ms: f64,
    p99_ms: f64,
    /// The largest clock error of any run.
    worst_clock_ms: Option<f64>,
}

impl Pooled {
    fn of(reports: &[tabuleiro_load::bench::LoadReport]) -> Self {
        let moves: usize = reports.iter().map(|r| r.moves).sum();
        let seconds: f64 = reports.iter().map(|r| r.elapsed.as_secs_f64()).sum();
        let mut latencies: Vec<Duration> = reports
            .iter()
            .flat_map(|r| r.latencies.iter().copied())
            .collect();
        latencies.sort_unstable();
        let ms = |q: f64| tabuleiro_load::bench::quantile(&latencies, q).as_secs_f64() * 1000.0;
        Pooled {
            moves_per_second: moves as f64 / seconds.max(1e-9),
            p50_ms: ms(0.5),
            p99_ms: ms(0.99),
            worst_clock_ms: reports
                .iter()
                .filter_map(|r| r.clock_error)
                .map(|d| d.as_secs_f64() * 1000.0)
                .reduce(f64::max),
        }
    }
}
