//! What a run of the load benchmark measured, and how it is printed.

use std::fmt;
use std::time::Duration;

use super::COMPUTER_LEVEL;

/// How fast the computer answered the honest players' moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplyReport {
    /// The game played against the computer.
    pub game: &'static str,
    /// Games against the computer played at once.
    pub games: usize,
    /// Computer replies measured.
    pub replies: usize,
    /// Median time from sending a move to the state showing the computer's answer.
    pub p50: Duration,
    /// Its 99th percentile.
    pub p99: Duration,
    /// The longest.
    pub max: Duration,
}

/// What the hostile clients of an adversarial run did, and the memory it took.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdversaryReport {
    /// Games the creation flood got created.
    pub created: usize,
    /// Creations refused for the rate (429).
    pub refused: usize,
    /// Hostile connections closed or refused by the server.
    pub closed: usize,
    /// Messages the hostile spectators received.
    pub watched: u64,
    /// Hints asked by clients that had stopped reading.
    pub stalled_hints: usize,
    /// Those clients' connections the server closed.
    pub stalled_closed: usize,
    /// Analyses asked by spectators that left at once.
    pub analyses: usize,
    /// Games against `hard` created and never opened.
    pub unopened: usize,
    /// Rematches the rematch loop made.
    pub rematches: usize,
    /// Rematches refused for the rate of creation.
    pub rematches_refused: usize,
    /// The most resident memory of the benchmark's process (server and every client).
    pub max_resident: u64,
}

/// The figures measured.
#[derive(Clone, Debug, PartialEq)]
pub struct LoadReport {
    /// Games played at once.
    pub games: usize,
    /// Games played to their end.
    pub finished: usize,
    /// Moves played in all.
    pub moves: usize,
    /// Errors (error messages, failed connections).
    pub errors: usize,
    /// The first error seen, if any.
    pub first_error: Option<String>,
    /// Wall time from the first move to the last.
    pub elapsed: Duration,
    /// Median latency of a move.
    pub p50: Duration,
    /// 99th percentile latency.
    pub p99: Duration,
    /// Largest latency.
    pub max: Duration,
    /// Every move's latency, shortest first (for figures over several runs).
    pub latencies: Vec<Duration>,
    /// With games against the computer, how fast it answered.
    pub computer: Option<ReplyReport>,
    /// In an adversarial run, what the hostile clients did.
    pub adversaries: Option<AdversaryReport>,
    /// Through the lobby on a clock: the largest difference, over every seat of every game,
    /// between the time its clock showed at the end and the time its client measured.
    pub clock_error: Option<Duration>,
    /// Players' connections lost (each joined again on another node and played on, the
    /// state it was then shown holding every move shown before).
    pub lost: usize,
    /// Of those, the connections whose server said first that it was restarting.
    pub told: usize,
    /// Moves refused right after their seat joined again: a move it had sent to the stopping
    /// node reached the game after the state it was shown on the next one (the page then
    /// shows it, as a player's page would).
    pub refused: usize,
}

impl fmt::Display for LoadReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let secs = self.elapsed.as_secs_f64();
        writeln!(
            f,
            "{} games at once: {} finished, {} moves in {secs:.2} s = {:.0} moves/s, {} errors",
            self.games,
            self.finished,
            self.moves,
            self.moves as f64 / secs.max(1e-9),
            self.errors
        )?;
        writeln!(
            f,
            "latency from sending a move to its state: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            ms(self.p50),
            ms(self.p99),
            ms(self.max)
        )?;
        if let Some(e) = &self.first_error {
            writeln!(f, "first error: {e}")?;
        }
        if self.lost > 0 {
            writeln!(
                f,
                "{} connections lost ({} of them told first that their server was restarting), \
                 each joined again on another node and played on with every acknowledged move \
                 ({} moves chosen again there refused: the one sent before had arrived)",
                self.lost, self.told, self.refused
            )?;
        }
        if let Some(e) = self.clock_error {
            writeln!(
                f,
                "through the lobby on clocks: at the end, every clock within {:.1} ms of the time \
                 its client measured",
                ms(e)
            )?;
        }
        if let Some(c) = &self.computer {
            writeln!(
                f,
                "meanwhile {} games of {} against `{COMPUTER_LEVEL}`: {} computer replies, from \
                 sending a move to the state with the reply: p50 {:.0} ms, p99 {:.0} ms, max \
                 {:.0} ms",
                c.games,
                c.game,
                c.replies,
                ms(c.p50),
                ms(c.p99),
                ms(c.max)
            )?;
        }
        if let Some(a) = &self.adversaries {
            writeln!(
                f,
                "meanwhile, from other addresses: {} idle connections and {} silent WebSockets \
                 held, {} spectators on {} games ({} messages), a creation flood ({} created, {} \
                 refused with 429); {} hostile connections closed by the server; clients that \
                 stopped reading asked {} hints ({} of them closed by the server); {} analyses \
                 asked by spectators who left; {} games against `hard` created and never \
                 opened; a rematch loop made {} rematches ({} refused with the rate of \
                 creation); the process's resident memory peaked at {:.0} MiB",
                crate::adversaries::IDLE,
                crate::adversaries::SILENT_SOCKETS,
                crate::adversaries::SPECTATORS.0 * crate::adversaries::SPECTATORS.1,
                crate::adversaries::SPECTATORS.1,
                a.watched,
                a.created,
                a.refused,
                a.closed,
                a.stalled_hints,
                a.stalled_closed,
                a.analyses,
                a.unopened,
                a.rematches,
                a.rematches_refused,
                a.max_resident as f64 / (1024.0 * 1024.0)
            )?;
        }
        Ok(())
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The `q` quantile of sorted durations (zero when there are none).
pub fn quantile(sorted: &[Duration], q: f64) -> Duration {
    sorted
        .get(((sorted.len() as f64 - 1.0) * q).round() as usize)
        .copied()
        .unwrap_or_default()
}
