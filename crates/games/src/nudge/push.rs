//! How a line of discs moves: the own line behind a tail square and the opponent run it
//! pushes, on bitboards (the rules' push mechanics, apart from the position that uses them).

use super::board::{Direction, FULL, Mask};
use super::state::DISCS;

/// Why a move is refused (turned into an [`IllegalMove`] with the colour names filled in).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Refusal {
    /// The line would leave the board at its head.
    OwnOff,
    /// The own line and the opponent run have the same length.
    Equal { line: u32 },
    /// The opponent run is longer than the own line.
    Longer { line: u32, run: u32 },
    /// Just past the opponent run stands a disc (one of the mover's: an opponent disc there
    /// would belong to the run).
    Blocked,
}

/// What a legal move does to the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Effect {
    /// The mover's discs afterwards.
    pub(super) own: Mask,
    /// The opponent's discs afterwards.
    pub(super) opponent: Mask,
    /// The square the head of the line moved onto.
    pub(super) arrived: Mask,
    /// Whether the line pushed opponent discs.
    pub(super) pushed: bool,
    /// The square of the opponent disc pushed off the board, or 0.
    pub(super) lost: Mask,
}

/// Moves the line whose tail is the single square `tail` (an `own` disc) towards `direction`:
/// the tail plus the own discs straight ahead of it, then whatever opponent run lies beyond.
#[inline]
pub(super) fn resolve(
    own: Mask,
    opponent: Mask,
    tail: Mask,
    direction: Direction,
) -> Result<Effect, Refusal> {
    // The line: own discs from the tail forward; `ahead` ends on the first other square.
    let mut line = 0;
    let mut ahead = tail;
    loop {
        line += 1;
        ahead = direction.shift(ahead);
        if ahead & own == 0 {
            break;
        }
    }
    if ahead == 0 {
        return Err(Refusal::OwnOff);
    }
    if ahead & opponent == 0 {
        return Ok(Effect {
            own: own ^ tail ^ ahead,
            opponent,
            arrived: ahead,
            pushed: false,
            lost: 0,
        });
    }
    // A nudge: the opponent run from `ahead` on; `past` ends on the first non-opponent square.
    let first = ahead;
    let mut run = 0;
    let mut last = ahead;
    let mut past = ahead;
    while past & opponent != 0 {
        run += 1;
        last = past;
        past = direction.shift(past);
    }
    if run == line {
        return Err(Refusal::Equal { line });
    }
    if run > line {
        return Err(Refusal::Longer { line, run });
    }
    if past & own != 0 {
        return Err(Refusal::Blocked);
    }
    Ok(Effect {
        own: own ^ tail ^ first,
        opponent: (opponent ^ first) | past,
        arrived: first,
        pushed: true,
        lost: if past == 0 { last } else { 0 },
    })
}

/// For a player with discs `own` against `opponent`: the tails of every legal move towards
/// `direction`, and those among them that push an opponent disc off the board. The same
/// rules as [`resolve`], for all discs at once.
///
/// A tail's line has 1, 2 or 3 discs; the square ahead of it must be empty, or start an
/// opponent run shorter than the line with an empty or off-board square past it.
// Inlined into every caller, so that the direction is a constant there and each shift is a
// single instruction: measured faster in random playouts than a plain `#[inline]`.
#[allow(clippy::inline_always)]
#[inline(always)]
pub(super) fn tails(own: Mask, opponent: Mask, direction: Direction) -> (Mask, Mask) {
    // `back(m)`: the squares whose next square this way is in `m`.
    let back = |m: Mask| direction.opposite().shift(m);
    let empty = FULL & !(own | opponent);
    let rim = direction.rim();
    // Opponent runs of one and of two discs with an empty or off-board square past them,
    // by their first square; and those whose last disc is on the rim.
    let run1 = opponent & (back(empty) | rim);
    let run2 = opponent & back(run1);
    let off1 = opponent & rim;
    let off2 = opponent & back(off1);
    let line1 = back(empty);
    let line2 = back(own & back(empty | run1));
    let line3 = back(own & back(own & back(empty | run1 | run2)));
    let winning = back(own & back(off1)) | back(own & back(own & back(off1 | off2)));
    (own & (line1 | line2 | line3), own & winning)
}

/// What the legal move of the line with tail `tail` (a single square of `own`) towards
/// `direction` does: [`resolve`] without the checks and nearly without branches, for the fast
/// path of play. The line has at most three discs and a pushed run at most two.
#[inline]
pub(super) fn slide(own: Mask, opponent: Mask, tail: Mask, direction: Direction) -> Effect {
    let (left, right, keep) = direction.shift_parts();
    let step = |m: Mask| ((m << left) >> right) & keep;
    // The squares after the first, second and third disc of the line; each is non-zero only
    // when the one before it holds an own disc. The first that is not own is `ahead`.
    let a1 = step(tail);
    let a2 = step(a1 & own);
    let a3 = step(a2 & own);
    let ahead = (a1 | a2 | a3) & !own;
    // The opponent run from `ahead`: its first square, then the square past it.
    let first = ahead & opponent;
    let p1 = step(first);
    let p2 = step(p1 & opponent);
    let past = (p1 | p2) & !opponent;
    let lost = if first != 0 && past == 0 {
        if p1 & opponent != 0 { p1 } else { first }
    } else {
        0
    };
    Effect {
        own: own ^ tail ^ ahead,
        opponent: (opponent ^ first) | past,
        arrived: ahead,
        pushed: first != 0,
        lost,
    }
}

/// The number of squares in `m`, which has at most three (one player's discs): cheaper than
/// `count_ones` on processors without a population-count instruction.
#[inline]
pub(super) fn few(m: Mask) -> u32 {
    debug_assert!(m.count_ones() <= DISCS);
    let second = m & m.wrapping_sub(1);
    let third = second & second.wrapping_sub(1);
    u32::from(m != 0) + u32::from(second != 0) + u32::from(third != 0)
}
