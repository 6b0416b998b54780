//! The `tabuleiro` command: an interactive menu, and subcommands to play, replay, list moves,
//! count move sequences, run matches, solve and benchmark.

mod args;
mod commands;
mod console;
mod describe;
mod engines;
mod menu;
mod names;
mod numbers;
mod play;
mod progress;
mod settings;
mod tui;

use std::io::{self, BufRead, IsTerminal, Write};
use std::process::ExitCode;

use anyhow::Result;

use crate::args::{Cli, Command};
use crate::console::Console;
use crate::play::is_broken_pipe;

/// The memory allocator: mimalloc, whose threads each allocate from their own pages. With the
/// system's allocator, searches on two threads that copy states holding heap memory (Nudge's
/// repetition table, Pushee's pushes) lost a tenth or more of their speed-up to it.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let cli = match settings::parse(std::env::args_os()) {
        Ok(cli) => cli,
        Err(settings::SettingsError::Clap(e)) => e.exit(),
        Err(e) => {
            eprintln!("tabuleiro: {e}");
            return ExitCode::from(2);
        }
    };
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let stdout = io::stdout();
    let mut output = stdout.lock();
    match run(cli, &mut input, &mut output) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            let _ = output.flush();
            eprintln!("tabuleiro: {}", describe::describe(&e));
            ExitCode::FAILURE
        }
    }
}

/// How many threads a computer player's search uses, unless its level says: what the
/// command's `--threads` asks, else every core where a person waits for the move (the menus,
/// `play`, `analyse`, `serve`), and one where several games are played at once
/// (`tournament`), where games should replay from their seeds (`match`) or where the figures
/// are for one thread (`bench`, which measures more threads on request).
fn search_threads(command: &Command) -> usize {
    let every_core = tabuleiro_ai::threads::available();
    match command {
        Command::Play(args) => args.threads.unwrap_or(every_core),
        Command::Match(args) => args.threads.unwrap_or(1),
        Command::Analyse(args) => args.threads.unwrap_or(every_core),
        Command::Serve(args) => args.threads.unwrap_or(every_core),
        Command::Tournament(args) => args.threads.unwrap_or(1),
        Command::Menu => every_core,
        _ => 1,
    }
}

/// Runs one command line.
fn run(cli: Cli, input: &mut dyn BufRead, output: &mut dyn Write) -> Result<()> {
    let command = cli.command.unwrap_or(Command::Menu);
    tabuleiro_ai::threads::set_default(search_threads(&command));
    engines::register(&cli.engines, cli.engine_log.as_deref())?;
    let table = cli.table;
    tabuleiro_core::oracle::set_default_table(table.clone(), progress::table_progress());
    match command {
        Command::Menu if !cli.plain && io::stdin().is_terminal() && io::stdout().is_terminal() => {
            tui::run()
        }
        Command::Menu => menu::run(&mut Console::new(input, output)),
        Command::Play(args) => commands::play::run(args, input, output),
        Command::Replay(args) => {
            let text = commands::replay::run(&args.file)?;
            output.write_all(text.as_bytes())?;
            Ok(())
        }
        Command::Moves(args) => commands::moves::run(&args, output),
        Command::Perft(args) => commands::perft::run(&args, output),
        Command::Match(args) => commands::matches::run(&args, output),
        Command::Tournament(args) => commands::tournament::run(&args, output),
        Command::Analyse(args) => commands::analyse::run(&args, output),
        Command::Solve(args) => commands::solve::run(args, table, output),
        Command::Puzzles(args) => commands::puzzles::run(&args, output),
        Command::Bench(args) => commands::bench::run(&args, output),
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
        Command::Bot(args) => commands::bot::run(&args, output),
        Command::Backup(args) => commands::backup::backup(&args, output),
        Command::Restore(args) => commands::backup::restore(&args, output),
        Command::Engine(args) => {
            let level = commands::parse_level(&args.level, None)?;
            tabuleiro_ai::protocol::serve_engine(
                &tabuleiro_games::REGISTRY,
                level,
                args.level.trim(),
                input,
                output,
            )?;
            Ok(())
        }
    }
}
