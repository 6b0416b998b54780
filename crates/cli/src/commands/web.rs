//! `serve` and `bench-web`: the web server and its load benchmark, on a tokio runtime.

use std::io::Write;
use std::time::Duration;

use anyhow::{Context as _, Result};
use tabuleiro_core::Registry;
use tabuleiro_games::REGISTRY;

use crate::args::{BenchWebArgs, ServeArgs};

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
        },
        worker_only: args.worker_only,
    };
    runtime()?.block_on(tabuleiro_web::serve(config))?;
    Ok(())
}

/// Runs the load benchmark and prints its figures.
pub fn bench(args: &BenchWebArgs, output: &mut dyn Write) -> Result<()> {
    let game = args.game.clone().unwrap_or_else(|| {
        REGISTRY
            .games()
            .first()
            .map_or_else(String::new, |g| g.id.to_owned())
    });
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
        let report =
            runtime()?.block_on(tabuleiro_web::load::run(tabuleiro_web::load::LoadConfig {
                games: args.games,
                game: game.clone(),
                data: args.data.clone(),
                durability: args.durability,
                adversarial,
                database: args.database.clone(),
                nodes: args.nodes,
                servers: args.servers.clone(),
                lobby: args.lobby,
                computer_games: if args.adversarial {
                    tabuleiro_web::load::COMPUTER_GAMES
                } else {
                    0
                },
            }))?;
        write!(output, "{report}")?;
        if report.errors > 0 {
            anyhow::bail!("{} of {} games failed", report.errors, report.games);
        }
    }
    Ok(())
}
