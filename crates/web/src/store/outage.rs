//! A server outage costs nobody time: every node notes, every [`BEAT_EVERY`], that it serves
//! the database (one row, `service.alive_at`); a node that starts after no node served for
//! longer than [`OUTAGE`] moves every running clock on by the time nobody served, so each
//! player to move resumes with the time they had when serving stopped (their turn starts that
//! much later, and so does their deadline). Each such game's revision is raised, so that a node
//! holding it reads it again. Of two nodes starting together, the first takes the row and moves
//! the clocks; the second finds it fresh. An outage shorter than [`OUTAGE`] (a quick restart
//! of one node while another served) is time like any other; a database that has no beat yet
//! (one written before there was one) moves nothing.
//!
//! The dialects (`sqlite/service.rs`, `postgres/service.rs`) read and write the rows; what a
//! clock becomes is said here once.

use std::time::Duration;

use super::StoreError;
use crate::clock::Clock;

/// How often each node notes that it serves.
pub const BEAT_EVERY: Duration = Duration::from_millis(500);

/// The longest time without a beat that is not an outage, ms: four beats.
pub const OUTAGE: i64 = 2_000;

/// The time nobody served, ms, for a node starting at `now` whose database last heard a beat
/// at `last`: none when that is no outage ([`OUTAGE`]) or there was no beat.
pub(crate) fn gap(last: Option<i64>, now: i64) -> Option<i64> {
    let gap = now.checked_sub(last?)?;
    (gap > OUTAGE).then_some(gap)
}

/// A running clock (as stored, JSON) and its deadline moved on by `gap` ms (a first move
/// due too).
///
/// # Errors
/// A clock that does not read as one.
pub(crate) fn resumed(clock: &str, deadline: i64, gap: i64) -> Result<(String, i64), StoreError> {
    let mut clock: Clock = serde_json::from_str(clock)?;
    clock.since = clock.since.map(|since| since.saturating_add(gap));
    clock.first_move_by = clock.first_move_by.map(|by| by.saturating_add(gap));
    Ok((serde_json::to_string(&clock)?, deadline.saturating_add(gap)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::TimeControl;

    #[test]
    fn only_an_outage_longer_than_four_beats_counts() {
        assert_eq!(gap(None, 10_000), None, "no beat yet");
        assert_eq!(gap(Some(9_000), 10_000), None, "a node served a second ago");
        assert_eq!(gap(Some(10_000 - OUTAGE), 10_000), None);
        assert_eq!(gap(Some(0), 15_000), Some(15_000));
        assert_eq!(gap(Some(20_000), 10_000), None, "a beat from a clock ahead");
    }

    #[test]
    fn a_resumed_clock_leaves_its_player_the_time_they_had() {
        let control = TimeControl::RealTime {
            initial_ms: 60_000,
            increment_ms: 0,
        };
        let mut clock = Clock::new(control, 2);
        clock.since = Some(100_000);
        clock.remaining = vec![40_000, 50_000];
        let deadline = clock.deadline(Some(0)).expect("running");
        let stored = serde_json::to_string(&clock).expect("json");
        // Serving stopped at 110,000 (30 s left), resumed 15 s later.
        let (moved, moved_deadline) = resumed(&stored, deadline, 15_000).expect("a clock");
        let moved: Clock = serde_json::from_str(&moved).expect("json");
        assert_eq!(moved_deadline, deadline + 15_000);
        assert_eq!(moved.deadline(Some(0)), Some(moved_deadline));
        let left = moved.view(Some(0), 125_000).remaining[0];
        assert_eq!(left, 30_000, "the time left when serving stopped");
        assert_eq!(moved.remaining, clock.remaining);
    }
}
