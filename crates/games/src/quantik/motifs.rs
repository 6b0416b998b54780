//! The tactics a Quantik turn shows, named as players name them, for tagging puzzles
//! ([`Engine::motifs`](tabuleiro_core::Engine::motifs)). A turn is one placement; the position
//! is the one before it, the mover the player to move there and the opponent the other one.
//!
//! | Motif | Found when | Test |
//! |---|---|---|
//! | `row completed` | after the placement, the row through its cell is full and holds four different shapes | `a_row_of_four_different_shapes_is_row_completed`, `completing_two_units_names_both` |
//! | `column completed` | the same for the column through the cell | `a_column_of_four_different_shapes_is_column_completed`, `completing_two_units_names_both` |
//! | `region completed` | the same for the region (2×2 quadrant) of the cell | `a_region_of_four_different_shapes_is_region_completed`, `a_completion_is_never_no_placement_left` |
//! | `shape denied` | the placement completes no unit; before it the opponent had a winning placement, a shape S it could place on an empty cell c that would complete a unit; the placed piece is of shape S, stands on another cell than c, and shares c's row, column or region, so the opponent may no longer put S on c | `shape_denied_through_a_row_or_region`, `shape_denied_through_a_column` |
//! | `no placement left` | the placement completes no unit and leaves the opponent, to move, with no legal placement: it loses that way | `no_placement_left_when_the_opponent_is_stuck`, `a_completion_is_never_no_placement_left` |
//!
//! A placement that completes two units (a row and a column through one cell) names both, in
//! the order row, column, region, and nothing else: the game is won, so nothing is denied and
//! no one is left without a placement. Otherwise `shape denied` comes before
//! `no placement left`. A turn that is not one legal placement names nothing.

use super::geometry::{ALL_UNITS, Mask, UNIT_MASKS, ZONE};
use super::state::Ending;
use super::{Quantik, QuantikMove, Shape};
use tabuleiro_core::Player;

/// Names of the unit kinds completed, in the order of [`UNIT_MASKS`]: row, column, region.
const COMPLETED: [&str; 3] = ["row completed", "column completed", "region completed"];

/// The motif of a placement that takes away the opponent's winning placement of its shape.
const SHAPE_DENIED: &str = "shape denied";

/// The motif of a placement that leaves the opponent without a legal placement.
const NO_PLACEMENT_LEFT: &str = "no placement left";

/// The motifs of `turn` played from `before` (see the module documentation). Allocates only
/// when a motif is found.
pub(super) fn find(before: &Quantik, turn: &[QuantikMove]) -> Vec<&'static str> {
    let mut found = Vec::new();
    let &[mv] = turn else {
        return found;
    };
    if before.check(mv).is_err() {
        return found;
    }
    let mut after = *before;
    after.place(mv);
    let cell = usize::from(mv.cell);
    for (unit, name) in UNIT_MASKS[cell].into_iter().zip(COMPLETED) {
        if holds_four_shapes(&after, unit) {
            found.push(name);
        }
    }
    if !found.is_empty() {
        return found;
    }
    if denies_a_win(before, mv) {
        found.push(SHAPE_DENIED);
    }
    if matches!(after.ending(), Some((_, Ending::NoMove))) {
        found.push(NO_PLACEMENT_LEFT);
    }
    found
}

/// Whether `unit` is full and holds four different shapes.
fn holds_four_shapes(state: &Quantik, unit: Mask) -> bool {
    state.filled & unit == unit && state.shapes.iter().all(|&cells| cells & unit != 0)
}

/// Whether `mv`, legal for the player to move in `before`, stops the opponent from winning with
/// the placed shape on a cell it shares a row, column or region with, that stays empty.
fn denies_a_win(before: &Quantik, mv: QuantikMove) -> bool {
    let cell = usize::from(mv.cell);
    let opponent = Player(before.to_move ^ 1);
    let near = ZONE[cell] & !(1 << cell);
    let open = before.targets(opponent, mv.shape) & near;
    open != 0 && winning_cells(before, mv.shape) & open != 0
}

/// The empty cells where a piece of `shape` would complete a unit (whoever may place it).
fn winning_cells(state: &Quantik, shape: Shape) -> Mask {
    let empty = state.empty();
    let s = shape.index();
    ALL_UNITS
        .into_iter()
        .filter(|&unit| {
            // One empty cell; the three others hold the three other shapes.
            (unit & empty).is_power_of_two()
                && state.shapes[s] & unit == 0
                && (0..4).all(|t| t == s || state.shapes[t] & unit != 0)
        })
        .fold(0, |cells, unit| cells | (unit & empty))
}

#[cfg(test)]
mod tests {
    use tabuleiro_core::{Engine, Game, Player};

    use crate::motif_cases::{motifs, played};
    use crate::quantik::Quantik;

    /// The game (player 1 first) after `moves` in notation; each must be legal.
    fn after(moves: &str) -> Quantik {
        let state = played(Quantik::start(Player(0)), moves);
        assert!(state.to_move().is_some(), "`{moves}` ended the game");
        state
    }

    #[test]
    fn a_row_of_four_different_shapes_is_row_completed() {
        // Row 1: C Y O, then a sphere on d1.
        let state = after("Ca1 Yb1 Oc1");
        assert_eq!(motifs(&state, "Sd1"), ["row completed"]);
        // A second cylinder fills the row without four different shapes.
        assert!(motifs(&state, "Yd1").is_empty());
    }

    #[test]
    fn a_column_of_four_different_shapes_is_column_completed() {
        let state = after("Ca1 Ya2 Oa3");
        assert_eq!(motifs(&state, "Sa4"), ["column completed"]);
        assert!(motifs(&state, "Yb4").is_empty());
    }

    #[test]
    fn a_region_of_four_different_shapes_is_region_completed() {
        let state = after("Ca1 Yb1 Oa2");
        assert_eq!(motifs(&state, "Sb2"), ["region completed"]);
        assert!(motifs(&state, "Yb2").is_empty());
    }

    #[test]
    fn completing_two_units_names_both() {
        // Row 1 is . Y O S and column a is . Y O S: a cube on a1 completes both.
        let state = after("Yb1 Oc1 Ya2 Oa3 Sd1 Sa4");
        assert_eq!(motifs(&state, "Ca1"), ["row completed", "column completed"]);
        // A cube beside it completes nothing, but takes the cube on a1 from the opponent.
        assert_eq!(motifs(&state, "Cb2"), ["shape denied"]);
    }

    #[test]
    fn shape_denied_through_a_row_or_region() {
        // Row 1 is C y o . and the second player threatens a sphere on d1, which the first
        // player cannot place there (the sphere on d3 shares column d).
        let state = after("Ca1 Yb1 Ya3 Sd3 Cb4 Oc1");
        // A sphere on c2 shares d1's region: the second player may no longer put one there.
        assert_eq!(motifs(&state, "Sc2"), ["shape denied"]);
        // A sphere on b2 shares nothing with d1.
        assert!(motifs(&state, "Sb2").is_empty());
        // A cylinder on c2 shares d1's region, but the threat is a sphere.
        assert!(motifs(&state, "Yc2").is_empty());
    }

    #[test]
    fn shape_denied_through_a_column() {
        // Region a1-b2 is C Y / o . and the second player threatens a sphere on b2 (the
        // first player may not: the sphere on c2 shares row 2).
        let state = after("Ca1 Sc2 Yb1 Oa2");
        assert_eq!(motifs(&state, "Sb4"), ["shape denied"]);
        assert!(motifs(&state, "Sa4").is_empty());
    }

    #[test]
    fn no_placement_left_when_the_opponent_is_stuck() {
        // The second player to move; a cone on d3 leaves the first player nothing.
        let state = after("Cd1 Sc2 Yb1 Sb4 Ya3 Oa1 Cc3");
        assert_eq!(motifs(&state, "Od3"), ["no placement left"]);
        assert!(motifs(&state, "Od2").is_empty());
        // The first player to move; a cube on b1 leaves the second player nothing.
        let state = after("Yc1 Sc2 Cd4 Sb2 Ya4 Oa3 Sd3 Oa1");
        assert_eq!(motifs(&state, "Cb1"), ["no placement left"]);
        assert!(motifs(&state, "Cd1").is_empty());
    }

    #[test]
    fn a_completion_is_never_no_placement_left() {
        // Row 1 is . o S C and region c1-d2 is S C / O .: a cylinder on a1 or d2 wins, and
        // would also leave the first player without a placement.
        let state = after("Ca3 Sb3 Sc1 Ob1 Cd1 Sb2 Oc2 Yd4 Oc4");
        assert_eq!(motifs(&state, "Ya1"), ["row completed"]);
        assert_eq!(motifs(&state, "Yd2"), ["region completed"]);
        // A cylinder on a2 wins nothing at once: it takes both winning cylinders from the
        // first player, who is then left without a placement.
        assert_eq!(motifs(&state, "Ya2"), ["shape denied", "no placement left"]);
    }

    #[test]
    fn a_turn_that_is_not_one_legal_placement_names_nothing() {
        let state = after("Ca1 Yb1 Oc1");
        assert!(state.motifs(&[]).is_empty());
        let mv = state.parse_notation("Sd1").expect("well-formed");
        assert!(state.motifs(&[mv, mv]).is_empty());
        let occupied = state.parse_notation("Sa1").expect("well-formed");
        assert!(state.motifs(&[occupied]).is_empty());
    }
}
