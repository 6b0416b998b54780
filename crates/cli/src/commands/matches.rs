//! `tabuleiro match GAME A B --games N`: two computer levels, alternating who starts.

use anyhow::Result;
use tabuleiro_ai::{Level, MatchGame, MatchResult, ThinkTime, play_match_timed};
use tabuleiro_core::{Evaluate, GameVisitor, Setup};

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
    /// Print each game as it ends.
    pub verbose: bool,
    /// Play each seed twice with the seats swapped.
    pub paired: bool,
}

impl GameVisitor for Match {
    type Output = Result<(MatchResult, [ThinkTime; 2])>;
    fn visit<G: Evaluate>(self) -> Result<(MatchResult, [ThinkTime; 2])> {
        let verbose = self.verbose;
        let report = |g: &MatchGame| {
            if verbose {
                eprintln!(
                    "game {:>4} seed {:>20}  A is {}  {:>2} moves  {}",
                    g.index + 1,
                    g.seed,
                    g.a_seat,
                    g.moves,
                    g.outcome
                );
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
