//! `tabuleiro tournament GAME --agents A,B,C --games N`: paired games between computer
//! levels on every core, a progress bar, and a table of Elo differences (95% intervals,
//! likelihood of superiority) and joint ratings; `--json`, `--csv` and `--plot` write the
//! results to files. Ctrl-C stops early and prints the table of the games finished so far.
//! For games whose pairs are decided by summed scores (Taiji), every count is of pairs.

use std::fmt::Write as _;
use std::io::{IsTerminal as _, Write};
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::{Context as _, Result};
use indicatif::{ProgressBar, ProgressStyle};
use tabuleiro_ai::pairs;
use tabuleiro_ai::rating::{DecidedShare, EloEstimate};
use tabuleiro_ai::tournament::{GameReport, Shard};
use tabuleiro_ai::{Level, Schedule, Tournament, TournamentResult};
use tabuleiro_core::{Engine, GameVisitor, PairScoring, Setup};

use crate::args::{GameOptions, ScheduleArg, TournamentArgs};
use crate::commands::{chart, parse_level, setup_from, visit};

/// Runs `tournament` as the arguments say, printing the table (or JSON) to `output`.
pub fn run(args: &TournamentArgs, output: &mut dyn Write) -> Result<()> {
    let game = match (&args.game, args.merge.first()) {
        (Some(game), _) => game.clone(),
        (None, Some(first)) => game_of(first)?,
        (None, None) => anyhow::bail!("name the game, e.g. `tabuleiro tournament quantik …`"),
    };
    let options = GameOptions {
        game,
        options: args.options.clone(),
        players: None,
    };
    let (info, setup) = setup_from(&options, args.seed)?;
    if let Some(path) = &args.results {
        let result = saved_results(info.id, &setup, path)?;
        if let Some(plot) = &args.plot {
            chart::ratings_chart(&result, plot)?;
        }
        write!(output, "{}", table(&result))?;
        return Ok(());
    }
    if !args.merge.is_empty() {
        let result = merge(info.id, &setup, &args.merge)?;
        return write_results(args, &result, output);
    }
    let think = args.think_ms.map(Duration::from_millis);
    let agents = args
        .agents
        .iter()
        .map(|text| parse_level(text, think))
        .collect::<Result<Vec<_>>>()?;
    if agents.len() < 2 {
        anyhow::bail!("a tournament needs at least two agents");
    }
    let tournament = Tournament {
        setup,
        agents,
        games: args.games,
        seed: args.seed,
        schedule: match args.schedule {
            ScheduleArg::RoundRobin => Schedule::RoundRobin,
            ScheduleArg::Ladder => Schedule::Ladder,
        },
    };
    let stop = Arc::new(AtomicBool::new(false));
    install_interrupt(&stop);
    let bar = progress_bar(tournament.work(args.shard).len() as u64);
    let result = visit(
        info.id,
        Run {
            tournament: &tournament,
            shard: args.shard,
            jobs: args.jobs.unwrap_or(0),
            stop: &stop,
            bar: &bar,
        },
    )??;
    bar.finish_and_clear();
    write_results(args, &result, output)
}

/// Writes `result` to the files the arguments name, and the table (or the JSON) to `output`.
fn write_results(
    args: &TournamentArgs,
    result: &TournamentResult,
    output: &mut dyn Write,
) -> Result<()> {
    let mut json_to_output = false;
    if let Some(path) = &args.json {
        if path.as_os_str() == "-" {
            json_to_output = true;
        } else {
            let text = serde_json::to_string_pretty(result)?;
            std::fs::write(path, text + "\n")
                .with_context(|| format!("cannot write {}", path.display()))?;
        }
    }
    if let Some(path) = &args.csv {
        write_csv(result, path)?;
    }
    if let Some(path) = &args.plot {
        chart::ratings_chart(result, path)?;
    }
    if json_to_output {
        writeln!(output, "{}", serde_json::to_string(result)?)?;
    } else {
        write!(output, "{}", table(result))?;
    }
    Ok(())
}

/// The game id a tournament's `--json` file names.
fn game_of(path: &Path) -> Result<String> {
    #[derive(serde::Deserialize)]
    struct Named {
        game: String,
    }
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let named: Named = serde_json::from_str(&text)
        .with_context(|| format!("{} is not the JSON of a tournament", path.display()))?;
    Ok(named.game)
}

/// A tournament's `--json` file, read back: the tournament it describes and its games.
struct Saved {
    tournament: Tournament,
    games: Vec<GameReport>,
    shard: Option<Shard>,
}

/// Reads the `--json` file of a run of game `game` at `path`.
fn read_saved(game: &'static str, setup: &Setup, path: &Path) -> Result<Saved> {
    #[derive(serde::Deserialize)]
    struct File {
        game: String,
        seed: u64,
        schedule: Schedule,
        planned: usize,
        standings: Vec<SavedStanding>,
        games: Vec<GameReport>,
        #[serde(default)]
        shard: Option<Shard>,
    }
    #[derive(serde::Deserialize)]
    struct SavedStanding {
        agent: String,
    }
    let text =
        std::fs::read_to_string(path).with_context(|| format!("cannot read {}", path.display()))?;
    let saved: File = serde_json::from_str(&text)
        .with_context(|| format!("{} is not the JSON of a tournament", path.display()))?;
    if saved.game != game {
        anyhow::bail!(
            "{} holds a tournament of {}, not {game}",
            path.display(),
            saved.game
        );
    }
    let agents = saved
        .standings
        .iter()
        .map(|s| s.agent.parse::<Level>())
        .collect::<Result<Vec<_>, _>>()?;
    let mut tournament = Tournament {
        setup: setup.clone(),
        agents,
        games: 0,
        seed: saved.seed,
        schedule: saved.schedule,
    };
    let pairings = tournament.pairings().len();
    if saved.games.iter().any(|g| g.pairing >= pairings) {
        anyhow::bail!("{} names a pairing it does not have", path.display());
    }
    tournament.games = saved.planned / pairings.max(1);
    Ok(Saved {
        tournament,
        games: saved.games,
        shard: saved.shard,
    })
}

/// The tables of games `games` of `tournament` (game `game`), checked to carry the scores
/// that decide its pairs where they do.
fn summarise(
    game: &'static str,
    tournament: &Tournament,
    games: Vec<GameReport>,
    source: &str,
) -> Result<TournamentResult> {
    let counted = pairs::counting(visit(game, PairScoringOf)?, true, tournament.setup.players);
    if counted == PairScoring::SummedScores && games.iter().any(|g| g.a_scores.is_none()) {
        anyhow::bail!(
            "{source} holds games without their scores, which decide the pairs of {game}"
        );
    }
    Ok(tournament.summarise(game, counted, games))
}

/// The results of an earlier run of game `game`, read from its `--json` file: the agents and
/// the games, from which every table is computed again.
fn saved_results(game: &'static str, setup: &Setup, path: &Path) -> Result<TournamentResult> {
    let saved = read_saved(game, setup, path)?;
    let mut result = summarise(
        game,
        &saved.tournament,
        saved.games,
        &path.display().to_string(),
    )?;
    result.shard = saved.shard;
    Ok(result)
}

/// The whole tournament joined from the `--json` files of its shards: one file for each of
/// the N shards of the same tournament (game, agents, games, seed, schedule), each finished.
fn merge(
    game: &'static str,
    setup: &Setup,
    paths: &[std::path::PathBuf],
) -> Result<TournamentResult> {
    let mut parts = Vec::with_capacity(paths.len());
    for path in paths {
        let saved = read_saved(game, setup, path)?;
        let Some(shard) = saved.shard else {
            anyhow::bail!("{} holds a whole tournament, not a shard", path.display());
        };
        parts.push((path, saved, shard));
    }
    let Some((first_path, first, _)) = parts.first() else {
        anyhow::bail!("--merge needs the files of the shards");
    };
    let whole = first.tournament.clone();
    let count = parts[0].2.count;
    let mut seen = vec![false; count];
    let mut games = Vec::new();
    for (path, saved, shard) in &parts {
        let same = saved.tournament.agents == whole.agents
            && saved.tournament.games == whole.games
            && saved.tournament.seed == whole.seed
            && saved.tournament.schedule == whole.schedule;
        if !same {
            anyhow::bail!(
                "{} and {} are shards of different tournaments",
                first_path.display(),
                path.display()
            );
        }
        if shard.count != count {
            anyhow::bail!(
                "{} is shard {shard}, another file is of {count} shards",
                path.display()
            );
        }
        if std::mem::replace(&mut seen[shard.index - 1], true) {
            anyhow::bail!("shard {shard} is given twice ({})", path.display());
        }
        let expected = whole.work(Some(*shard));
        let mut held: Vec<(usize, usize)> =
            saved.games.iter().map(|g| (g.pairing, g.index)).collect();
        held.sort_unstable();
        if held != expected {
            anyhow::bail!(
                "{} holds {} of the {} games of shard {shard}: it was stopped, or is not that shard",
                path.display(),
                held.len(),
                expected.len()
            );
        }
        games.extend(saved.games.iter().copied());
    }
    if let Some(missing) = seen.iter().position(|s| !s) {
        anyhow::bail!("shard {}/{count} is missing", missing + 1);
    }
    games.sort_by_key(|g| (g.pairing, g.index));
    summarise(game, &whole, games, "a shard")
}

/// How game `G` counts paired games.
struct PairScoringOf;

impl GameVisitor for PairScoringOf {
    type Output = PairScoring;
    fn visit<G: Engine>(self) -> PairScoring {
        G::PAIR_SCORING
    }
}

/// Plays the tournament with game `G`.
struct Run<'a> {
    tournament: &'a Tournament,
    shard: Option<Shard>,
    jobs: usize,
    stop: &'a AtomicBool,
    bar: &'a ProgressBar,
}

impl GameVisitor for Run<'_> {
    type Output = Result<TournamentResult>;
    fn visit<G: Engine>(self) -> Result<TournamentResult> {
        let bar = self.bar;
        let on_game = move |_: &GameReport| bar.inc(1);
        Ok(self
            .tournament
            .run_shard::<G>(self.shard, self.jobs, self.stop, &on_game)?)
    }
}

/// The first Ctrl-C asks the tournament to stop (the games finished so far are reported);
/// a second one quits at once.
fn install_interrupt(stop: &Arc<AtomicBool>) {
    let stop = Arc::clone(stop);
    // Only one handler per process; if one is already set, Ctrl-C keeps its default.
    let _ = ctrlc::set_handler(move || {
        if stop.swap(true, Ordering::SeqCst) {
            std::process::exit(130);
        }
        eprintln!(
            "\nstopping: finishing the table of the games played so far (Ctrl-C again to quit)"
        );
    });
}

/// A progress bar with an ETA on a terminal; hidden when standard error is not one.
fn progress_bar(games: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(games);
    if let Ok(style) =
        ProgressStyle::with_template("{bar:40} {pos}/{len} games  {elapsed} elapsed, ETA {eta}")
    {
        bar.set_style(style);
    }
    bar
}

/// Writes one row per finished game.
fn write_csv(result: &TournamentResult, path: &Path) -> Result<()> {
    let mut writer =
        csv::Writer::from_path(path).with_context(|| format!("cannot write {}", path.display()))?;
    writer.write_record([
        "game", "pairing", "agent_a", "agent_b", "index", "seed", "a_seat", "a_result", "moves",
        "a_score", "b_score",
    ])?;
    for g in &result.games {
        let pairing = &result.pairings[g.pairing];
        let score = |pick: fn(&pairs::GameScores) -> i64| {
            g.a_scores
                .as_ref()
                .map_or(String::new(), |s| pick(s).to_string())
        };
        writer.write_record([
            result.game.to_owned(),
            g.pairing.to_string(),
            pairing.a.clone(),
            pairing.b.clone(),
            g.index.to_string(),
            g.seed.to_string(),
            g.a_seat.to_string(),
            format!("{:?}", g.a_result).to_lowercase(),
            g.moves.to_string(),
            score(|s| s.own),
            score(|s| s.other),
        ])?;
    }
    writer
        .flush()
        .with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}

/// The result as a text table.
pub fn table(result: &TournamentResult) -> String {
    let mut out = String::new();
    let width = result
        .standings
        .iter()
        .map(|s| s.agent.len())
        .max()
        .unwrap_or(8)
        .max(8);
    if result.played < result.planned {
        let _ = writeln!(
            out,
            "Interrupted: {} of {} games played.",
            result.played, result.planned
        );
    }
    let _ = writeln!(
        out,
        "{} tournament, {} games, seed {}.",
        result.game, result.played, result.seed
    );
    let unit = match result.counted {
        PairScoring::EachGame => "games",
        PairScoring::SummedScores => {
            let _ = writeln!(
                out,
                "Results count pairs: each seed is played twice with the seats swapped, and the \
                 sums of the two scores decide the pair ({} complete pair{}).",
                result.pairs.len(),
                if result.pairs.len() == 1 { "" } else { "s" }
            );
            "pairs"
        }
    };
    let _ = writeln!(
        out,
        "\nPairings (from the side that scored more; Elo difference and share of decided {unit} with \
         95% intervals; LOS = likelihood of superiority):"
    );
    let _ = writeln!(
        out,
        "  {:<width$}  {:<width$}  {:>5} {:>5} {:>5} {:>7}  {:>22}  {:>6}  {:>20}",
        "agent",
        "opponent",
        "won",
        "drawn",
        "lost",
        "score",
        "Elo [95%]",
        "LOS",
        "decided won [95%]"
    );
    for p in &result.pairings {
        // Each pairing is shown from the side that scored more.
        let (a, b, t) = if p.tally.losses > p.tally.wins {
            (&p.b, &p.a, p.tally.reversed())
        } else {
            (&p.a, &p.b, p.tally)
        };
        let estimate = EloEstimate::from_tally(&t);
        let decided = DecidedShare::new(t.wins, t.losses);
        let _ = writeln!(
            out,
            "  {:<width$}  {:<width$}  {:>5} {:>5} {:>5} {:>7}  {:>22}  {:>6}  {:>20}",
            a,
            b,
            t.wins,
            t.draws,
            t.losses,
            estimate.map_or("-".to_owned(), |e| format!("{:.1}%", 100.0 * e.score)),
            estimate.map_or("-".to_owned(), elo_interval),
            estimate.map_or("-".to_owned(), |e| format!("{:.1}%", 100.0 * e.los)),
            decided.map_or("-".to_owned(), |d| format!(
                "{:.1}% [{:.1}, {:.1}]",
                100.0 * d.share,
                100.0 * d.low,
                100.0 * d.high
            )),
        );
    }
    let _ = writeln!(
        out,
        "\nRatings (joint fit of every {}, relative to {}, with 95% intervals; each step is \
         the difference from the agent above, with its own interval):",
        unit.trim_end_matches('s'),
        result.standings.first().map_or("-", |s| s.agent.as_str())
    );
    let _ = writeln!(
        out,
        "  {:<width$}  {:>5} {:>5} {:>5} {:>7}  {:>6}  {:>16}  {:>24}",
        "agent", "won", "drawn", "lost", "score", "Elo", "95% interval", "step over previous [95%]"
    );
    for s in &result.standings {
        let t = s.tally;
        let (elo, interval) = s.rating.map_or(("-".to_owned(), "-".to_owned()), |r| {
            (
                format!("{:+.0}", r.elo),
                format!("[{:+.0}, {:+.0}]", r.low, r.high),
            )
        });
        let step = s
            .rating
            .and_then(|r| r.above_previous)
            .map_or(String::new(), |d| {
                format!("{:+.0} [{:+.0}, {:+.0}]", d.elo, d.low, d.high)
            });
        let _ = writeln!(
            out,
            "  {:<width$}  {:>5} {:>5} {:>5} {:>6.1}%  {:>6}  {:>16}  {:>24}",
            s.agent, t.wins, t.draws, t.losses, s.score_percent, elo, interval, step
        );
    }
    out
}

fn elo_interval(e: EloEstimate) -> String {
    let show = |x: f64| {
        if x.is_finite() {
            format!("{x:+.0}")
        } else if x > 0.0 {
            "+inf".to_owned()
        } else {
            "-inf".to_owned()
        }
    };
    format!("{} [{}, {}]", show(e.elo), show(e.low), show(e.high))
}
