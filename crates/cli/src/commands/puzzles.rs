//! `tabuleiro puzzles`: puzzles proved by perfect play or by search.
//!
//! - `puzzles generate GAME [--count N] [--out FILE] [--records FILE]`: finds puzzles in games of
//!   the ladder's levels (and in finished games given as records, such as a server's), proves
//!   each, and writes them as JSON lines ([`tabuleiro_ai::puzzles::PuzzleEntry`]).
//! - `puzzles levels FILE [--attempts N]`: the ladder's levels solve the file's puzzles as
//!   players, rated by Glicko-2 against them; prints the levels' puzzle ratings.
//!
//! Everything about a game comes from the game through the registry: how its puzzles are
//! proved ([`tabuleiro_ai::puzzles::Method`]) and what its motifs are.

use std::fmt::Write as _;
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};

use anyhow::{Context as _, Result, anyhow, bail};
use tabuleiro_ai::puzzles::generate::Generated;
use tabuleiro_ai::puzzles::practice::{LevelResult, rate_levels};
use tabuleiro_ai::puzzles::{
    Loaded, Method, PuzzleEntry, Settings, generate, ladder_games, read_lines, record_games,
};
use tabuleiro_core::{Engine, GameRecord, GameVisitor};

use crate::args::{PuzzleLevelsArgs, PuzzlesArgs, PuzzlesCommand};

/// Generates a game's puzzles.
struct Generate {
    settings: Settings,
    records: Vec<GameRecord>,
    quiet: bool,
}

impl GameVisitor for Generate {
    type Output = Result<Generated>;
    fn visit<G: Engine>(self) -> Result<Generated> {
        let Some(mut method) = Method::<G>::for_game().map_err(|e| anyhow!(e))? else {
            bail!(
                "{} has hidden hands: a position is not the same puzzle for a player who cannot see it all, so it has no puzzles",
                G::INFO.name
            );
        };
        let mut games: Box<dyn Iterator<Item = _>> =
            Box::new(record_games::<G>(self.records).chain(ladder_games::<G>(self.settings.seed)));
        let count = self.settings.count;
        let quiet = self.quiet;
        let mut progress = |games: usize, found: usize| {
            if !quiet {
                eprint!("\r{games} games, {found}/{count} puzzles");
            }
        };
        let generated = generate(&mut method, &mut games, &self.settings, &mut progress)?;
        if !quiet {
            eprintln!();
        }
        Ok(generated)
    }
}

/// Rates the ladder's levels on a game's puzzles.
struct Levels<'a> {
    entries: &'a [PuzzleEntry],
    names: Vec<&'a str>,
    attempts: usize,
    seed: u64,
    quiet: bool,
}

impl GameVisitor for Levels<'_> {
    type Output = Result<Vec<LevelResult>>;
    fn visit<G: Engine>(self) -> Result<Vec<LevelResult>> {
        let loaded: Vec<Loaded<G>> = self
            .entries
            .iter()
            .map(PuzzleEntry::load::<G>)
            .collect::<Result<_, _>>()?;
        let first: Vec<f64> = self.entries.iter().map(|e| e.rating).collect();
        let total = self.attempts.min(loaded.len()) * self.names.len();
        let quiet = self.quiet;
        let mut progress = |made: usize| {
            if !quiet {
                eprint!("\r{made}/{total} attempts");
            }
        };
        let (results, _) = rate_levels(
            &loaded,
            &first,
            &self.names,
            self.attempts,
            self.seed,
            &mut progress,
        )?;
        if !quiet {
            eprintln!();
        }
        Ok(results)
    }
}

/// Reads a puzzle file: one [`PuzzleEntry`] per line, all of one game.
///
/// # Errors
/// When the file cannot be read, a line is not a puzzle, or the games differ.
pub fn read_puzzles(path: &Path) -> Result<Vec<PuzzleEntry>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read puzzles {}", path.display()))?;
    let game = text
        .lines()
        .find(|l| !l.trim().is_empty())
        .and_then(|l| serde_json::from_str::<PuzzleEntry>(l).ok())
        .map(|e| e.game)
        .unwrap_or_default();
    read_lines(&text, &game).with_context(|| format!("in {}", path.display()))
}

/// `tabuleiro puzzles …`.
///
/// # Errors
/// A bad game, file or level, or a failure to write.
pub fn run(args: &PuzzlesArgs, output: &mut dyn Write) -> Result<()> {
    match &args.command {
        PuzzlesCommand::Generate(generate) => {
            let info = super::find_game(&generate.game)?;
            let records = match &generate.records {
                Some(path) => super::read_records(path)?,
                None => Vec::new(),
            };
            let quiet = !std::io::stderr().is_terminal();
            let settings = Settings {
                count: generate.count,
                seed: generate.seed,
                max_games: generate.max_games,
                ..Settings::default()
            };
            let generated = super::visit(
                info.id,
                Generate {
                    settings,
                    records,
                    quiet,
                },
            )??;
            let mut lines = String::new();
            for entry in &generated.entries {
                lines.push_str(&serde_json::to_string(entry)?);
                lines.push('\n');
            }
            let summary = summary(info.name, &generated);
            if let Some(path) = &generate.out {
                write_file(path, &lines)?;
                write!(output, "{summary}")?;
                writeln!(output, "  written to {}", path.display())?;
            } else {
                write!(output, "{lines}")?;
                eprint!("{summary}");
            }
            if generated.entries.len() < generate.count {
                bail!(
                    "found {} puzzles of the {} asked in {} games",
                    generated.entries.len(),
                    generate.count,
                    generated.games
                );
            }
            Ok(())
        }
        PuzzlesCommand::Levels(levels) => run_levels(levels, output),
    }
}

fn run_levels(args: &PuzzleLevelsArgs, output: &mut dyn Write) -> Result<()> {
    let entries = read_puzzles(&args.file)?;
    let Some(game) = entries.first().map(|e| e.game.clone()) else {
        bail!("{} holds no puzzles", args.file.display());
    };
    let info = super::find_game(&game)?;
    let levels: Vec<&str> = args.levels.split(',').map(str::trim).collect();
    let results = super::visit(
        info.id,
        Levels {
            entries: &entries,
            names: levels,
            attempts: args.attempts,
            seed: args.seed,
            quiet: !std::io::stderr().is_terminal(),
        },
    )??;
    writeln!(
        output,
        "{}: the ladder's levels as puzzle solvers ({} puzzles, up to {} attempts each)",
        info.name,
        entries.len(),
        args.attempts
    )?;
    let mut previous: Option<f64> = None;
    for r in &results {
        let gap = previous.map_or(String::new(), |p| {
            format!("  ({:+.0})", r.rating.rating - p)
        });
        writeln!(
            output,
            "  {:<8} rating {:>5.0} ± {:>3.0}  solved {}/{}{gap}",
            r.level, r.rating.rating, r.rating.deviation, r.solved, r.attempts
        )?;
        previous = Some(r.rating.rating);
    }
    Ok(())
}

fn write_file(path: &PathBuf, text: &str) -> Result<()> {
    if let Some(parent) = path.parent()
        && !parent.as_os_str().is_empty()
    {
        std::fs::create_dir_all(parent)
            .with_context(|| format!("cannot make folder {}", parent.display()))?;
    }
    std::fs::write(path, text).with_context(|| format!("cannot write {}", path.display()))
}

/// What a generation found, for people.
fn summary(name: &str, generated: &Generated) -> String {
    let mut text = format!(
        "{name}: {} puzzles from {} positions of {} games in {:.1} s\n",
        generated.entries.len(),
        generated.positions,
        generated.games,
        generated.seconds
    );
    for (theme, count) in generated.by_theme() {
        let _ = writeln!(text, "  {theme:<22} {count}");
    }
    if generated.over_share > 0 {
        let _ = writeln!(
            text,
            "  left out: {} of kinds that had their share",
            generated.over_share
        );
    }
    if generated.refused_by_level > 0 {
        let _ = writeln!(
            text,
            "  left out: {} whose line the hard level did not play",
            generated.refused_by_level
        );
    }
    text
}
