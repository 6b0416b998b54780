//! The subcommands other than the menu and `play`.

pub mod analyse;
pub mod backup;
pub mod bench;
pub mod bot;
pub mod chart;
pub mod info;
pub mod matches;
pub mod move_times;
pub mod moves;
pub mod options;
pub mod perft;
pub mod play;
pub mod puzzles;
pub mod replay;
pub mod solve;
pub mod stored;
pub mod tournament;
pub mod web;

use anyhow::{Result, bail};
use tabuleiro_ai::Level;
use tabuleiro_core::{GameInfo, GameVisitor, Registry, Setup};
use tabuleiro_games::REGISTRY;

use crate::args::GameOptions;

/// The facts of a game, as a visitor.
struct Facts;

impl GameVisitor for Facts {
    type Output = &'static GameInfo;
    fn visit<G: tabuleiro_core::Engine>(self) -> Self::Output {
        G::INFO
    }
}

/// The facts of game `id` (in any case, or another name the game is known by, `q!nto`), or
/// an error listing the games.
pub fn find_game(id: &str) -> Result<&'static GameInfo> {
    let id = id.trim();
    REGISTRY.visit(id, Facts).ok_or_else(|| {
        let known: Vec<&str> = REGISTRY.games().iter().map(|g| g.id).collect();
        anyhow::anyhow!("unknown game `{id}` (games: {})", known.join(", "))
    })
}

/// The checked setup described by command-line game options (values the game keeps in files
/// read from them, see [`options`]), with `seed`.
pub fn setup_from(args: &GameOptions, seed: u64) -> Result<(&'static GameInfo, Setup)> {
    let info = find_game(&args.game)?;
    let options = visit(
        info.id,
        options::ReadOptions {
            info,
            settings: &args.options,
        },
    )??;
    let players = args.players.unwrap_or(info.min_players);
    if !(info.min_players..=info.max_players).contains(&players) {
        bail!(
            "{} is for {}..{} players, not {players}",
            info.name,
            info.min_players,
            info.max_players
        );
    }
    Ok((
        info,
        Setup {
            players,
            options,
            seed,
        },
    ))
}

/// Reads a level; `think` (from `--think-ms`) replaces the budget of a `strong` level that
/// sets none of its own.
pub fn parse_level(text: &str, think: Option<std::time::Duration>) -> Result<Level> {
    let level: Level = text.parse()?;
    let explicit = text.contains("think=") || text.contains("depth=") || text.contains("iters=");
    Ok(match think {
        Some(t) if !explicit => level.with_think(t),
        _ => level,
    })
}

/// Runs `visitor` on the game with id `id` (known to exist).
pub fn visit<V: GameVisitor>(id: &str, visitor: V) -> Result<V::Output> {
    REGISTRY
        .visit(id, visitor)
        .ok_or_else(|| anyhow::anyhow!("unknown game `{id}`"))
}

/// Reads a file of records: one record (JSON, as `play --save` writes it), or JSON lines of
/// records, one per line (as the web server's `/api/players/{id}/games` gives a player's
/// games).
pub fn read_records(path: &std::path::Path) -> Result<Vec<tabuleiro_core::GameRecord>> {
    use anyhow::Context as _;
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read record {}", path.display()))?;
    let whole = match tabuleiro_core::GameRecord::from_json(&text) {
        Ok(record) => return Ok(vec![record]),
        Err(e) => e,
    };
    let lines: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .filter(|(_, line)| !line.trim().is_empty())
        .collect();
    let one_per_line = lines.len() > 1
        && lines.iter().all(|(_, line)| {
            let line = line.trim();
            line.starts_with('{') && line.ends_with('}')
        });
    if !one_per_line {
        return Err(whole).with_context(|| format!("bad record {}", path.display()));
    }
    lines
        .into_iter()
        .map(|(n, line)| {
            tabuleiro_core::GameRecord::from_json(line)
                .with_context(|| format!("bad record on line {} of {}", n + 1, path.display()))
        })
        .collect()
}

/// Reads a record file.
pub fn read_record(path: &std::path::Path) -> Result<tabuleiro_core::GameRecord> {
    use anyhow::Context as _;
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read record {}", path.display()))?;
    tabuleiro_core::GameRecord::from_json(&text)
        .with_context(|| format!("bad record {}", path.display()))
}
