//! A position's value in two bytes: `0` a draw, `1..=0x7FFF` a win in that many plies,
//! `0x8000 | p` a loss in `p` plies (for the player to move).

use tabuleiro_core::ExactValue;

/// A stored value.
pub(crate) type Stored = u16;

/// A draw (and, during the solve, a position not settled yet).
pub(crate) const DRAW: Stored = 0;

/// The flag of a loss.
const LOSS: Stored = 0x8000;

/// The largest distance that fits.
pub(crate) const MAX_PLIES: u16 = 0x7FFF;

/// A win in `plies` (1..=[`MAX_PLIES`]).
pub(crate) fn win(plies: u16) -> Stored {
    assert!(
        (1..=MAX_PLIES).contains(&plies),
        "win in {plies} does not fit"
    );
    plies
}

/// A loss in `plies` (0..=[`MAX_PLIES`]).
pub(crate) fn loss(plies: u16) -> Stored {
    assert!(plies <= MAX_PLIES, "loss in {plies} does not fit");
    LOSS | plies
}

/// Whether the value is a loss.
pub(crate) fn is_loss(value: Stored) -> bool {
    value & LOSS != 0
}

/// The distance of a win or loss (0 for a draw).
pub(crate) fn plies(value: Stored) -> usize {
    usize::from(value & MAX_PLIES)
}

/// The value as the core abstraction's [`ExactValue`].
pub(crate) fn decode(value: Stored) -> ExactValue {
    let plies = u32::from(value & MAX_PLIES);
    if value == DRAW {
        ExactValue::Draw
    } else if is_loss(value) {
        ExactValue::Loss { plies }
    } else {
        ExactValue::Win { plies }
    }
}
