//! Clocks of games between people: real time (minutes for the game plus an increment per
//! turn) or correspondence (days per move).
//!
//! The server keeps the clocks. Each game's clock is stored with it, changed in the same
//! write as the move that changes it, with the moment its player's time runs out (the
//! *deadline*): any node finds the games whose deadline passed and ends them, the way
//! computer moves are claimed from a queue ([`crate::Hub::flag`]).
//!
//! - A clock starts with the game's first move: until then nobody's time runs (a game that
//!   does not start is aborted, not lost).
//! - A turn of several moves (Nudge's two) is one turn on the clock: the time runs on through
//!   it and the increment comes once, at its end.
//! - Time is counted from moments, not from ticks, but a server outage costs nobody time: when
//!   no server served for longer than [`OUTAGE`](crate::store::outage::OUTAGE) (2 s), the
//!   first to start again moves every running clock on by the time nobody served, so each
//!   player to move resumes with the time they had when serving stopped
//!   ([`crate::store::outage`]). A shorter gap (a quick restart) is time like any other.
//! - Lag is compensated, within a quota: a move may say how long its player thought, as
//!   their page measured it from the state that gave them the turn (`thought`). The server
//!   charges that instead of the time it measured itself (which also holds the way there and
//!   back), but never more than the seat's *lag quota* less: each seat starts with
//!   [`LAG_QUOTA_MAX`], every move spends what it was compensated and earns
//!   [`LAG_QUOTA_GAIN`] back (up to the maximum). A burst of slow network is forgiven; a page
//!   that lies gains at most [`LAG_QUOTA_GAIN`] a move in the long run.
//! - **A first move is due**: once every seat of a game between people has its player, the
//!   player to move has [`TimeControl::first_move_ms`] for their first move (real time: a
//!   quarter of the game's time, from 2 s to 30 s, as lichess gives about 30 s; correspondence:
//!   the days of a move), and so has each player after them, from the moment their first
//!   turn comes. A player who lets it pass never began the game: it is aborted, with no result
//!   and no rating change, whatever the game's mode.
//! - **A player who left** a real-time game between two people (no page of theirs has the game
//!   open) for [`TimeControl::claim_after_ms`] (a twentieth of the game's expected length,
//!   its time plus forty increments, from 10 s to 60 s; lichess waits about 10 to 60 s; a game
//!   without a clock: 60 s) may be claimed against: the other player takes the win, or calls it
//!   a draw, and a rated game is rated as that result. A correspondence game is left to its
//!   deadline.
//! - A takeback gives no time back; a player out of time loses as if they had resigned (in a
//!   Q!nto game of 3 or 4 the game ends there and the others share the win).

use serde::{Deserialize, Serialize};

/// The real-time controls offered by name (minutes + increment in seconds).
pub const PRESETS: [(u32, u32); 6] = [(1, 0), (3, 2), (5, 3), (10, 5), (15, 10), (30, 20)];

/// The correspondence controls offered: days per move.
pub const DAYS: [u32; 4] = [1, 2, 3, 7];

/// The shortest real-time game: 3 seconds (for tests; the page offers 1 minute and more).
pub const SHORTEST_MS: u64 = 3_000;

/// The most a turn's start is moved later to when its state left the server, ms.
pub const MOST_LAG: i64 = 500;

/// The most lag a seat may have compensated at once, ms.
pub const LAG_QUOTA_MAX: u64 = 500;

/// The lag quota each move earns back, ms.
pub const LAG_QUOTA_GAIN: u64 = 100;

/// How long the other player of a game between two people without a clock must have been
/// away before the game may be claimed, ms.
pub const CLAIM_WITHOUT_CLOCK_MS: u64 = 60_000;

/// The longest real-time game: 3 hours, and the largest increment: 3 minutes.
pub const LONGEST_MS: u64 = 3 * 3_600_000;

/// How a game is timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum TimeControl {
    /// Each player has `initial_ms` for the game and gets `increment_ms` after each turn.
    RealTime {
        /// Time for the whole game.
        initial_ms: u64,
        /// Time added after each of the player's turns.
        increment_ms: u64,
    },
    /// Each player has `days` for each move.
    Correspondence {
        /// Days per move.
        days: u32,
    },
}

/// A time control as a request names it: `{"minutes": 3, "increment": 2}` (minutes may be a
/// fraction) or `{"days": 1}`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(untagged, deny_unknown_fields)]
pub enum AskedControl {
    /// Real time.
    RealTime {
        /// Minutes for the game.
        minutes: f64,
        /// Seconds added after each turn.
        #[serde(default)]
        increment: u32,
    },
    /// Correspondence.
    Correspondence {
        /// Days per move.
        days: u32,
    },
}

impl AskedControl {
    /// The time control asked for, checked.
    ///
    /// # Errors
    /// A time outside what is offered, with what is.
    pub fn check(self) -> Result<TimeControl, String> {
        match self {
            AskedControl::RealTime { minutes, increment } => {
                let initial = minutes * 60_000.0;
                let increment_ms = u64::from(increment) * 1000;
                if !initial.is_finite()
                    || initial < SHORTEST_MS as f64
                    || initial > LONGEST_MS as f64
                {
                    return Err(format!(
                        "a real-time clock has from {} to {} minutes",
                        SHORTEST_MS as f64 / 60_000.0,
                        LONGEST_MS / 60_000
                    ));
                }
                if increment > 180 {
                    return Err("the increment is at most 180 seconds".to_owned());
                }
                Ok(TimeControl::RealTime {
                    initial_ms: initial.round() as u64,
                    increment_ms,
                })
            }
            AskedControl::Correspondence { days } => {
                if DAYS.contains(&days) {
                    Ok(TimeControl::Correspondence { days })
                } else {
                    Err(format!(
                        "correspondence games have 1, 2, 3 or 7 days a move, not {days}"
                    ))
                }
            }
        }
    }
}

impl TimeControl {
    /// "3+2", "2.5+0", "1 day a move".
    pub fn label(&self) -> String {
        match *self {
            TimeControl::RealTime {
                initial_ms,
                increment_ms,
            } => {
                let minutes = initial_ms as f64 / 60_000.0;
                format!("{minutes}+{}", increment_ms / 1000)
            }
            TimeControl::Correspondence { days: 1 } => "1 day a move".to_owned(),
            TimeControl::Correspondence { days } => format!("{days} days a move"),
        }
    }

    /// How long a player has for their first move, from when their first turn comes
    /// (ms): real time, a quarter of the game's time, at least 2 s and at most 30 s;
    /// correspondence, the days of a move (see the module's documentation).
    pub fn first_move_ms(&self) -> u64 {
        match *self {
            TimeControl::RealTime { initial_ms, .. } => (initial_ms / 4).clamp(2_000, 30_000),
            TimeControl::Correspondence { .. } => self.budget(),
        }
    }

    /// How long the other player of a game between two people must have been away before the
    /// game may be claimed (ms): a twentieth of the game's expected length (its time and forty
    /// increments), at least 10 s and at most 60 s; none in correspondence, where the
    /// deadline ends a game left alone. A game without a clock: [`CLAIM_WITHOUT_CLOCK_MS`].
    pub fn claim_after_ms(control: Option<&TimeControl>) -> Option<u64> {
        match control {
            None => Some(CLAIM_WITHOUT_CLOCK_MS),
            Some(TimeControl::RealTime {
                initial_ms,
                increment_ms,
            }) => Some(((initial_ms + 40 * increment_ms) / 20).clamp(10_000, 60_000)),
            Some(TimeControl::Correspondence { .. }) => None,
        }
    }

    /// The time each player has at the start, and after each move in correspondence.
    fn budget(&self) -> u64 {
        match *self {
            TimeControl::RealTime { initial_ms, .. } => initial_ms,
            TimeControl::Correspondence { days } => u64::from(days) * 86_400_000,
        }
    }
}

/// A game's clock as stored.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clock {
    /// The time control.
    pub control: TimeControl,
    /// Each seat's time left when its turn started (or now, for seats not to move), ms.
    pub remaining: Vec<u64>,
    /// When the running turn started (ms since 1970); none before the first move and once
    /// the game is over.
    pub since: Option<i64>,
    /// The time the mover had left after each move, ms.
    pub after_moves: Vec<u64>,
    /// Each seat's lag quota, ms (empty, in clocks stored before there was one: full).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lag_quota: Vec<u64>,
    /// When the player to move must have made their first move, or the game is aborted (ms
    /// since 1970): set while a player of a game between people, every seat taken, has yet
    /// to make a first move; none otherwise.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_move_by: Option<i64>,
}

/// A clock as a page is shown it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    /// "3+2", "1 day a move".
    pub control: String,
    /// Each seat's time left, ms, at the moment the message was written.
    pub remaining: Vec<u64>,
    /// The seat whose time is running, if any.
    pub running: Option<usize>,
    /// The time left for the player to move to make their first move, ms, at the moment the
    /// message was written (the game is aborted when it runs out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_move_ms: Option<u64>,
}

impl Clock {
    /// A clock for `players` seats, not started.
    pub fn new(control: TimeControl, players: usize) -> Self {
        Clock {
            control,
            remaining: vec![control.budget(); players],
            since: None,
            after_moves: Vec::new(),
            lag_quota: vec![LAG_QUOTA_MAX; players],
            first_move_by: None,
        }
    }

    /// The clock with the first move of the player to move due [`TimeControl::first_move_ms`]
    /// after `now` (`due`), or no first move due (not `due`: that player has moved before).
    #[must_use]
    pub fn first_move_due(mut self, due: bool, now: i64) -> Clock {
        self.first_move_by = due.then(|| {
            now.saturating_add(i64::try_from(self.control.first_move_ms()).unwrap_or(i64::MAX))
        });
        self
    }

    /// The clock after `mover` played a move at `now`, `next` to move after it (none: the
    /// game ended). The mover's time is charged from the start of the turn, or from
    /// `shown_at`, when the state that gave them the turn left the server, if that was later
    /// (by at most [`MOST_LAG`]: the time the server's own queues took is not the player's);
    /// when the turn passes to another seat the mover gets the increment (real time) or a full
    /// budget (correspondence), and the next seat's time starts running. When the move says
    /// how long its player `thought`, the difference is lag, compensated within the seat's
    /// quota (see the module's documentation).
    #[must_use]
    pub fn after_move(
        &self,
        mover: usize,
        next: Option<usize>,
        now: i64,
        shown_at: Option<i64>,
        thought: Option<u64>,
    ) -> Clock {
        let mut clock = self.clone();
        let started = match (clock.since, shown_at) {
            (Some(since), Some(shown)) if shown > since && shown <= now => {
                Some(shown.min(since + MOST_LAG))
            }
            (since, _) => since,
        };
        let mut spent = started.map_or(0, |since| u64::try_from(now - since).unwrap_or(0));
        if started.is_some() {
            if clock.lag_quota.len() != clock.remaining.len() {
                clock.lag_quota = vec![LAG_QUOTA_MAX; clock.remaining.len()];
            }
            if let Some(quota) = clock.lag_quota.get_mut(mover) {
                let lag = thought.map_or(0, |t| spent.saturating_sub(t));
                let compensated = lag.min(*quota);
                spent -= compensated;
                *quota = (*quota - compensated + LAG_QUOTA_GAIN).min(LAG_QUOTA_MAX);
            }
        }
        if let Some(left) = clock.remaining.get_mut(mover) {
            *left = left.saturating_sub(spent);
            clock.after_moves.push(*left);
            if next != Some(mover) {
                match clock.control {
                    TimeControl::RealTime { increment_ms, .. } => *left += increment_ms,
                    TimeControl::Correspondence { .. } => *left = clock.control.budget(),
                }
            }
        }
        clock.since = next.map(|_| now);
        clock
    }

    /// The clock after the last `taken` moves were taken back at `now`: the time of
    /// `running` (the seat that was to move) is charged until now, no time is given back, and
    /// the turn of `next` starts now.
    #[must_use]
    pub fn after_takeback(
        &self,
        taken: usize,
        running: Option<usize>,
        next: Option<usize>,
        now: i64,
    ) -> Clock {
        let mut clock = self.stopped(running, now);
        let kept = clock.after_moves.len().saturating_sub(taken);
        clock.after_moves.truncate(kept);
        clock.since = self.since.and(next.map(|_| now));
        clock
    }

    /// The clock stopped at the end of the game, at `now`, `to_move` the seat whose time ran.
    #[must_use]
    pub fn stopped(&self, to_move: Option<usize>, now: i64) -> Clock {
        let mut clock = self.clone();
        if let (Some(since), Some(seat)) = (clock.since, to_move)
            && let Some(left) = clock.remaining.get_mut(seat)
        {
            *left = left.saturating_sub(u64::try_from(now - since).unwrap_or(0));
        }
        clock.since = None;
        clock.first_move_by = None;
        clock
    }

    /// When `to_move`'s time runs out (ms since 1970), if it is running: their time, or the
    /// time for their first move if it is due earlier.
    pub fn deadline(&self, to_move: Option<usize>) -> Option<i64> {
        let seat = to_move?;
        let time = self.since.and_then(|since| {
            let left = *self.remaining.get(seat)?;
            Some(since.saturating_add(i64::try_from(left).unwrap_or(i64::MAX)))
        });
        match (time, self.first_move_by) {
            (Some(time), Some(first)) => Some(time.min(first)),
            (time, first) => time.or(first),
        }
    }

    /// Whether `to_move`'s time has run out at `now`.
    pub fn out_of_time(&self, to_move: Option<usize>, now: i64) -> bool {
        self.deadline(to_move).is_some_and(|d| d <= now)
    }

    /// The clock as shown at `now`, `to_move` the seat whose time runs.
    pub fn view(&self, to_move: Option<usize>, now: i64) -> ClockView {
        let running = to_move.filter(|_| self.since.is_some());
        let mut remaining = self.remaining.clone();
        if let (Some(seat), Some(since)) = (running, self.since)
            && let Some(left) = remaining.get_mut(seat)
        {
            *left = left.saturating_sub(u64::try_from(now - since).unwrap_or(0));
        }
        ClockView {
            control: self.control.label(),
            remaining,
            running,
            first_move_ms: self
                .first_move_by
                .filter(|_| to_move.is_some())
                .map(|by| u64::try_from(by - now).unwrap_or(0)),
        }
    }
}

/// Now, in milliseconds since 1970.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn three_two() -> TimeControl {
        AskedControl::RealTime {
            minutes: 3.0,
            increment: 2,
        }
        .check()
        .expect("3+2 is offered")
    }

    #[test]
    fn a_turn_charges_its_time_and_adds_the_increment() {
        let clock = Clock::new(three_two(), 2);
        assert_eq!(
            clock.deadline(Some(0)),
            None,
            "not started before the first move"
        );
        // The first move starts the clock: player 1's first move is free.
        let clock = clock.after_move(0, Some(1), 1_000, None, None);
        assert_eq!(clock.remaining, vec![182_000, 180_000]);
        assert_eq!(clock.deadline(Some(1)), Some(181_000));
        let clock = clock.after_move(1, Some(0), 11_000, None, None);
        assert_eq!(clock.remaining, vec![182_000, 172_000]);
        assert_eq!(clock.after_moves, vec![180_000, 170_000]);
        let view = clock.view(Some(0), 12_500);
        assert_eq!(view.remaining, vec![180_500, 172_000]);
        assert_eq!((view.running, view.control.as_str()), (Some(0), "3+2"));
        assert!(!clock.out_of_time(Some(0), 11_000 + 181_999));
        assert!(clock.out_of_time(Some(0), 11_000 + 182_000));
    }

    #[test]
    fn a_turn_of_two_moves_is_one_turn_on_the_clock() {
        let clock = Clock::new(three_two(), 2).after_move(0, Some(1), 0, None, None);
        // Player 2 plays twice: the time runs through both, the increment comes once.
        let mid = clock.after_move(1, Some(1), 4_000, None, None);
        assert_eq!(mid.remaining[1], 176_000);
        let end = mid.after_move(1, Some(0), 10_000, None, None);
        assert_eq!(end.remaining[1], 172_000);
    }

    #[test]
    fn correspondence_gives_each_move_its_days() {
        let control = AskedControl::Correspondence { days: 2 }
            .check()
            .expect("offered");
        let clock = Clock::new(control, 2).after_move(0, Some(1), 0, None, None);
        let clock = clock.after_move(1, Some(0), 86_400_000, None, None);
        assert_eq!(clock.remaining[1], 2 * 86_400_000, "a full budget again");
        assert_eq!(clock.deadline(Some(0)), Some(3 * 86_400_000));
        assert_eq!(control.label(), "2 days a move");
    }

    #[test]
    fn controls_outside_the_offer_are_refused() {
        for bad in [
            AskedControl::RealTime {
                minutes: 0.01,
                increment: 0,
            },
            AskedControl::RealTime {
                minutes: 500.0,
                increment: 0,
            },
            AskedControl::RealTime {
                minutes: f64::NAN,
                increment: 0,
            },
            AskedControl::RealTime {
                minutes: 3.0,
                increment: 999,
            },
            AskedControl::Correspondence { days: 5 },
        ] {
            assert!(bad.check().is_err(), "{bad:?}");
        }
        for (minutes, increment) in PRESETS {
            let asked = AskedControl::RealTime {
                minutes: f64::from(minutes),
                increment,
            };
            assert_eq!(
                asked.check().expect("a preset").label(),
                format!("{minutes}+{increment}")
            );
        }
    }

    #[test]
    fn lag_is_compensated_within_the_quota() {
        let clock = Clock::new(three_two(), 2).after_move(0, Some(1), 0, None, None);
        // 1 s measured by the server, 900 ms by the page: 100 ms of lag forgiven.
        let clock = clock.after_move(1, Some(0), 1_000, None, Some(900));
        assert_eq!(clock.after_moves[1], 180_000 - 900);
        assert_eq!(clock.lag_quota, vec![LAG_QUOTA_MAX, LAG_QUOTA_MAX]);
        // A page claiming it never thinks: the quota is spent, then earned back a move at a
        // time.
        let mut clock = clock;
        let mut now = 1_000;
        let mut charged = Vec::new();
        for _ in 0..4 {
            let before = clock.remaining[0];
            now += 1_000;
            clock = clock.after_move(0, Some(1), now, None, Some(0));
            charged.push(before - clock.after_moves[clock.after_moves.len() - 1]);
            now += 1_000;
            clock = clock.after_move(1, Some(0), now, None, Some(1_000));
        }
        assert_eq!(charged, vec![500, 900, 900, 900]);
        // Without `thought`, nothing is compensated and the quota grows back.
        let plain = clock.after_move(0, Some(1), now + 700, None, None);
        assert_eq!(
            clock.remaining[0] - plain.after_moves[plain.after_moves.len() - 1],
            700
        );
        assert_eq!(plain.lag_quota[0], 2 * LAG_QUOTA_GAIN);
        // A page claiming more than the server measured is charged what the server measured.
        let honest = plain.after_move(1, Some(0), now + 1_700, None, Some(5_000));
        assert_eq!(
            plain.remaining[1] - honest.after_moves[honest.after_moves.len() - 1],
            1_000
        );
    }

    #[test]
    fn a_stopped_clock_keeps_what_was_left() {
        let clock = Clock::new(three_two(), 2).after_move(0, Some(1), 0, None, None);
        let stopped = clock.stopped(Some(1), 5_000);
        assert_eq!(stopped.remaining[1], 175_000);
        assert_eq!(stopped.deadline(Some(1)), None);
    }

    #[test]
    fn a_first_move_is_due_within_a_quarter_of_the_time_from_2_to_30_s() {
        let real = |minutes: f64| {
            AskedControl::RealTime {
                minutes,
                increment: 0,
            }
            .check()
            .expect("offered")
            .first_move_ms()
        };
        assert_eq!(real(1.0), 15_000);
        assert_eq!(real(3.0), 30_000, "45 s is more than the most");
        assert_eq!(real(0.05), 2_000, "0.75 s is less than the least");
        let post = AskedControl::Correspondence { days: 2 }
            .check()
            .expect("offered");
        assert_eq!(post.first_move_ms(), 2 * 86_400_000);
        // Due before the clock starts; then the earlier of the two deadlines.
        let clock = Clock::new(three_two(), 2).first_move_due(true, 1_000);
        assert_eq!(clock.deadline(Some(0)), Some(31_000));
        let started = clock.after_move(0, Some(1), 5_000, None, None);
        assert_eq!(started.deadline(Some(1)), Some(31_000), "not yet moved on");
        let due = started.first_move_due(true, 5_000);
        assert_eq!(due.deadline(Some(1)), Some(35_000));
        assert_eq!(due.view(Some(1), 15_000).first_move_ms, Some(20_000));
        let moved = due.clone().first_move_due(false, 9_000);
        assert_eq!(
            moved.deadline(Some(1)),
            Some(5_000 + 180_000),
            "the clock's own"
        );
        assert_eq!(moved.view(Some(1), 9_000).first_move_ms, None);
        assert_eq!(due.stopped(Some(1), 9_000).deadline(Some(1)), None);
    }

    #[test]
    fn a_game_left_may_be_claimed_after_a_twentieth_of_its_length_from_10_to_60_s() {
        let after = |minutes: u32, increment: u32| {
            let control = AskedControl::RealTime {
                minutes: f64::from(minutes),
                increment,
            }
            .check()
            .expect("offered");
            TimeControl::claim_after_ms(Some(&control))
        };
        assert_eq!(after(1, 0), Some(10_000));
        assert_eq!(after(3, 2), Some(13_000), "(180 + 80) s / 20");
        assert_eq!(after(5, 3), Some(21_000));
        assert_eq!(after(10, 5), Some(40_000));
        assert_eq!(after(15, 10), Some(60_000));
        assert_eq!(after(30, 20), Some(60_000));
        assert_eq!(
            TimeControl::claim_after_ms(None),
            Some(CLAIM_WITHOUT_CLOCK_MS)
        );
        let post = AskedControl::Correspondence { days: 1 }
            .check()
            .expect("offered");
        assert_eq!(TimeControl::claim_after_ms(Some(&post)), None);
    }
}
