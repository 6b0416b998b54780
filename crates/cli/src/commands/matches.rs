//! `tabuleiro match GAME A B --games N`: two computer levels, alternating who starts. With
//! `--paired`, each seed is played twice with the seats swapped; for games whose pairs are
//! decided by summed scores (Taiji), each pair then counts as one result.

use std::collections::BTreeMap;
use std::io::Write;
use std::time::Duration;

use anyhow::Result;
use serde_json::json;
use tabuleiro_ai::pairs::{self, GameScores};
use tabuleiro_ai::{Level, MatchGame, MatchResult, Tally, ThinkTime, play_match_timed};
use tabuleiro_core::{Engine, GameVisitor, PairScoring, PlayerResult, Setup};

use crate::args::MatchArgs;
use crate::commands::{parse_level, setup_from, visit};

/// Plays the match the arguments describe and prints its summary (or JSON) to `output`.
pub fn run(args: &MatchArgs, output: &mut dyn Write) -> Result<()> {
    let (info, setup) = setup_from(&args.game, args.seed)?;
    let think = args.think_ms.map(Duration::from_millis);
    let (a, b) = (parse_level(&args.a, think)?, parse_level(&args.b, think)?);
    let (games, players) = (args.games, setup.players);
    let m = Match {
        setup,
        a,
        b,
        games,
        seed: args.seed,
        verbose: args.verbose,
        paired: args.paired,
    };
    let (result, think_times) = visit(info.id, m)??;
    let by_pairs = result.counted == PairScoring::SummedScores;
    if args.json {
        let side = |level: Level, t: Tally| json!({"agent": level.to_string(), "wins": t.wins, "draws": t.draws, "losses": t.losses});
        let pairs: Vec<serde_json::Value> = result
            .pairs
            .iter()
            .map(|p| json!({"seed": p.seed, "a_score": p.a.own, "b_score": p.a.other, "a_result": p.a.result}))
            .collect();
        let mut value = json!({"game": info.id, "games": games, "seed": args.seed, "paired": args.paired,
            "counted": result.counted, "players": players, "a": side(a, result.a), "b": side(b, result.b),
            "think": {"a": think_times[0], "b": think_times[1]}});
        if by_pairs {
            value["pairs"] = pairs.into();
        }
        writeln!(output, "{value}")?;
        return Ok(());
    }
    writeln!(output, "{} — {games} games, seed {}", info.name, args.seed)?;
    let unit = if by_pairs {
        let n = result.pairs.len();
        writeln!(
            output,
            "  counted in {n} pair{}: each seed is played twice with the seats swapped, and the \
             sums of the two scores decide the pair",
            if n == 1 { "" } else { "s" }
        )?;
        "pairs"
    } else {
        "games"
    };
    let b_name = if players > 2 {
        format!("{b} (x{})", players - 1)
    } else {
        b.to_string()
    };
    for (name, t) in [(a.to_string(), result.a), (b_name, result.b)] {
        let pct = t
            .decided_win_percent()
            .map_or("-".to_owned(), |p| format!("{p:.1}%"));
        writeln!(
            output,
            "  {name:<24} wins {:>5}  draws {:>5}  losses {:>5}  ({pct} of decided {unit})",
            t.wins, t.draws, t.losses
        )?;
    }
    for (name, t) in [
        (a.to_string(), think_times[0]),
        (b.to_string(), think_times[1]),
    ] {
        writeln!(
            output,
            "  {name:<24} thinks {:.1} ms a move on average, {:.1} ms at most ({} moves)",
            1e3 * t.mean_secs(),
            1e3 * t.max_secs,
            t.moves
        )?;
    }
    write_forfeits(output, &result, &[a.to_string(), b.to_string()])?;
    if players > 2 && games > 0 {
        writeln!(
            output,
            "  {a} won {:.1}% of the games, against a fair share of {:.1}% among {players} players (its seat rotates)",
            100.0 * result.a.wins as f64 / games as f64,
            100.0 / players as f64
        )?;
    }
    Ok(())
}

/// The games each side lost by a forfeit (an engine that failed), counted by reason.
fn write_forfeits(output: &mut dyn Write, result: &MatchResult, names: &[String; 2]) -> Result<()> {
    let mut reasons: [BTreeMap<&str, usize>; 2] = Default::default();
    for game in &result.games {
        if let Some(forfeit) = &game.forfeit {
            let side = usize::from(forfeit.seat != game.a_seat.index());
            *reasons[side].entry(forfeit.reason.as_str()).or_default() += 1;
        }
    }
    for (name, reasons) in names.iter().zip(&reasons) {
        for (reason, count) in reasons {
            let games = if *count == 1 { "game" } else { "games" };
            writeln!(output, "  {name:<24} forfeited {count} {games}: {reason}")?;
        }
    }
    Ok(())
}

/// A match to play.
pub struct Match {
    /// Options and players (the seed is replaced per game).
    pub setup: Setup,
    /// Level of A.
    pub a: Level,
    /// Level of B.
    pub b: Level,
    /// Number of games.
    pub games: usize,
    /// Base seed.
    pub seed: u64,
    /// Print each game (and each pair, when pairs count) as it ends.
    pub verbose: bool,
    /// Play each seed twice with the seats swapped.
    pub paired: bool,
}

impl GameVisitor for Match {
    type Output = Result<(MatchResult, [ThinkTime; 2])>;
    fn visit<G: Engine>(self) -> Result<(MatchResult, [ThinkTime; 2])> {
        let verbose = self.verbose;
        let by_pairs = pairs::counting(G::PAIR_SCORING, self.paired, self.setup.players)
            == PairScoring::SummedScores;
        let mut first_of_pair: Option<GameScores> = None;
        let report = |g: &MatchGame| {
            if !verbose {
                return;
            }
            eprintln!(
                "game {:>4} seed {:>20}  A is {}  {:>2} moves  {}",
                g.index + 1,
                g.seed,
                g.a_seat,
                g.moves,
                g.outcome
            );
            let Some(scores) = by_pairs
                .then(|| GameScores::of(&g.outcome, g.a_seat))
                .flatten()
            else {
                return;
            };
            if let Some(first) = first_of_pair.take() {
                let pair = pairs::summed([first, scores]);
                let verdict = match pair.result {
                    PlayerResult::Win => "A wins the pair",
                    PlayerResult::Draw => "the pair is drawn",
                    PlayerResult::Loss => "B wins the pair",
                };
                eprintln!(
                    "pair {:>4}: A scored {} in all, B {}: {verdict}",
                    g.index / 2 + 1,
                    pair.own,
                    pair.other
                );
            } else {
                first_of_pair = Some(scores);
            }
        };
        Ok(play_match_timed::<G>(
            &self.setup,
            self.a,
            self.b,
            self.games,
            self.seed,
            self.paired,
            report,
        )?)
    }
}
