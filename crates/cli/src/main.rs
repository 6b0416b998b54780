//! The `tabuleiro` command: an interactive menu, and subcommands to play, replay, list moves,
//! count move sequences, run matches, solve and benchmark.

mod args;
mod commands;
mod console;
mod menu;
mod numbers;
mod play;
mod progress;
mod tui;

use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;
use std::time::Duration;

use anyhow::{Result, bail};
use clap::Parser;
use serde_json::json;

use crate::args::{Cli, Command};
use crate::console::Console;
use crate::play::{GameConfig, PlayVisitor, Seat, is_broken_pipe};

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut output = stdout.lock();
    match run(cli, &mut input, &mut output) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = output.flush();
            eprintln!("tabuleiro: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// Runs one command line.
fn run(cli: Cli, input: &mut dyn BufRead, output: &mut dyn Write) -> Result<()> {
    let command = cli.command.unwrap_or(Command::Menu);
    let table = cli.table;
    tabuleiro_core::oracle::set_default_table(table.clone(), progress::table_progress());
    match command {
        Command::Menu if !cli.plain && io::stdin().is_terminal() && io::stdout().is_terminal() => {
            tui::run()
        }
        Command::Menu => menu::run(&mut Console::new(input, output)),
        Command::Play(args) => {
            let seed = match args.seed {
                Some(seed) => seed,
                None => tabuleiro_core::fresh_seed()?,
            };
            let (info, setup) = commands::setup_from(&args.game, seed)?;
            let think = args.think_ms.map(Duration::from_millis);
            let mut seats = Vec::new();
            for text in [&args.p1, &args.p2, &args.p3, &args.p4]
                .into_iter()
                .take(setup.players)
            {
                let seat = match Seat::parse(text)? {
                    Seat::Computer(level) => {
                        Seat::Computer(think.map_or(level, |t| level.with_think(t)))
                    }
                    Seat::Human => Seat::Human,
                };
                seats.push(seat);
            }
            let config = GameConfig {
                setup,
                seats,
                save: args.save,
            };
            let mut console = Console::new(input, output);
            commands::visit(
                info.id,
                PlayVisitor {
                    console: &mut console,
                    config,
                },
            )??;
            Ok(())
        }
        Command::Replay(args) => {
            let text = commands::replay::run(&args.file)?;
            output.write_all(text.as_bytes())?;
            Ok(())
        }
        Command::Moves(args) => commands::moves::run(&args, output),
        Command::Perft(args) => {
            let (info, setup) = commands::setup_from(&args.game, 0)?;
            let depth = args.depth;
            let result = commands::visit(info.id, commands::perft::Perft { setup, depth })??;
            if args.json {
                let value = json!({"game": info.id, "depth": depth, "counts": result.counts, "seconds": result.seconds});
                writeln!(output, "{value}")?;
            } else {
                for (i, c) in result.counts.iter().enumerate() {
                    writeln!(output, "depth {:>2}: {c}", i + 1)?;
                }
                writeln!(output, "({:.3} s)", result.seconds)?;
            }
            Ok(())
        }
        Command::Match(args) => commands::matches::run(&args, output),
        Command::Tournament(args) => commands::tournament::run(&args, output),
        Command::Analyse(args) => {
            let (info, setup) = commands::setup_from(&args.game, args.seed)?;
            let record = args
                .record
                .as_deref()
                .map(commands::read_record)
                .transpose()?;
            if let Some(record) = &record
                && record.game != info.id
            {
                bail!("the record is a game of {}, not {}", record.game, info.id);
            }
            let report = commands::visit(
                info.id,
                commands::analyse::Analyse {
                    setup,
                    record: record.as_ref(),
                    ply: args.ply,
                    think: Duration::from_millis(args.think_ms),
                    seed: args.seed,
                },
            )??;
            if args.json {
                writeln!(output, "{}", report.json)?;
            } else {
                write!(output, "{}", report.text)?;
            }
            Ok(())
        }
        Command::Solve(args) => {
            let (info, setup) = commands::setup_from(&args.game, 0)?;
            let solve = commands::solve::Solve {
                setup,
                out: args.out.or(table),
                progress: progress::table_progress(),
            };
            let report = commands::visit(info.id, solve)??;
            if args.json {
                writeln!(output, "{}", report.json())?;
            } else {
                write!(output, "{}", report.text(info.name))?;
            }
            Ok(())
        }
        Command::Bench(args) => {
            let (info, setup) = commands::setup_from(&args.game, 1)?;
            let result = commands::visit(
                info.id,
                commands::bench::Bench {
                    setup,
                    seconds: args.seconds,
                },
            )??;
            if args.json {
                writeln!(output, "{}", serde_json::to_string(&result)?)?;
            } else {
                writeln!(output, "{} (one thread)", info.name)?;
                writeln!(
                    output,
                    "  random playouts: {:.0} per second (best of {} rounds; {:.0} over all; {:.1} moves each)",
                    result.playouts_per_sec,
                    commands::bench::ROUNDS,
                    result.playouts_per_sec_mean,
                    result.moves_per_playout
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
        Command::Rules(args) => {
            let info = commands::find_game(&args.game)?;
            write!(output, "{}", info.rules)?;
            Ok(())
        }
        Command::List => {
            write!(output, "{}", commands::info::list())?;
            Ok(())
        }
        Command::Serve(args) => commands::web::serve(&args),
        Command::BenchWeb(args) => commands::web::bench(&args, output),
    }
}
