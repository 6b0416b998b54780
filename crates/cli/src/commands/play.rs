//! `tabuleiro play`: the seats and setup from the command line, then one game in the
//! terminal ([`crate::play`]).

use std::io::{BufRead, Write};
use std::time::Duration;

use anyhow::Result;

use crate::args::PlayArgs;
use crate::console::Console;
use crate::play::{GameConfig, PlayVisitor, Seat};

/// `tabuleiro play`: one game in the terminal, its seats from the command line.
///
/// # Errors
/// A bad game, option, seat or seed, or a failure to read or write.
pub fn run(args: PlayArgs, input: &mut dyn BufRead, output: &mut dyn Write) -> Result<()> {
    let seed = match args.seed {
        Some(seed) => seed,
        None => tabuleiro_core::fresh_seed()?,
    };
    let (info, setup) = super::setup_from(&args.game, seed)?;
    let think = args.think_ms.map(Duration::from_millis);
    let mut seats = Vec::new();
    for text in [&args.p1, &args.p2, &args.p3, &args.p4]
        .into_iter()
        .take(setup.players)
    {
        let seat = match text.parse::<Seat>()? {
            Seat::Computer(level) => Seat::Computer(think.map_or(level, |t| level.with_think(t))),
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
    super::visit(
        info.id,
        PlayVisitor {
            console: &mut console,
            config,
        },
    )??;
    Ok(())
}
