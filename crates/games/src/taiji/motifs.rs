//! The tactics a Taiji turn shows, named as players name them, for tagging puzzles
//! ([`Engine::motifs`](tabuleiro_core::Engine::motifs)). A turn is one tile. The mover's colour
//! is the colour its seat scores ([`Colour::of_seat`], as the evaluation reads it): Light for
//! the first seat, Dark for the second. "Next to" means orthogonally adjacent; groups are those
//! of the position before the tile unless said otherwise.
//!
//! | Motif | Found when | Test |
//! |---|---|---|
//! | `group joined` | the half of the mover's colour lies next to cells of two or more distinct groups of that colour, which it joins into one | `group_joined_by_a_light_half_between_two_light_groups`, `group_joined_by_a_dark_half`, `one_group_touched_twice_is_not_joined` |
//! | `group cut` | the half of the mover's colour lies next to cells of two or more groups of the opponent's colour that are still distinct after the tile, so they can no longer join through that cell | `group_cut_by_the_movers_half`, `group_cut_by_a_dark_half`, `no_cut_where_the_other_half_joins_the_groups` |
//!
//! The last clause of `group cut` matters because both halves are placed at once: the tile's
//! other half, of the opponent's colour, lies next to the cut cell, and when it joins the same
//! groups itself (between `c4 c5` and `e4 e5`, the tile `d4-d5` puts light on d4 and dark on
//! d5) nothing is cut. When both are found, `group joined` comes first. A turn that is not
//! one legal tile names nothing.

use super::geometry::{Mask, spread};
use super::{Colour, Taiji, TaijiMove};

/// The motif of a half that joins groups of its own colour.
const GROUP_JOINED: &str = "group joined";

/// The motif of a half that comes between groups of the opponent's colour.
const GROUP_CUT: &str = "group cut";

/// The motifs of `turn` played from `before` (see the module documentation). Allocates only
/// when a motif is found; a few flood fills from the neighbours of one cell.
pub(super) fn find(before: &Taiji, turn: &[TaijiMove]) -> Vec<&'static str> {
    let mut found = Vec::new();
    let &[mv] = turn else {
        return found;
    };
    if before.check(mv).is_err() {
        return found;
    }
    let mine = Colour::of_seat(usize::from(before.mover()));
    let cell = mv.cell(mine).mask();
    let around = spread(cell) & !cell & before.board;
    let own = before.cells(mine);
    if groups_reached(own, around & own) >= 2 {
        found.push(GROUP_JOINED);
    }
    let theirs = before.cells(mine.other());
    let theirs_after = theirs | mv.cell(mine.other()).mask();
    if groups_reached(theirs_after, around & theirs) >= 2 {
        found.push(GROUP_CUT);
    }
    found
}

/// How many distinct groups (orthogonally connected sets) of `cells` hold a cell of `seeds`,
/// a subset of `cells`.
fn groups_reached(cells: Mask, seeds: Mask) -> u32 {
    if seeds.count_ones() < 2 {
        return seeds.count_ones();
    }
    let mut count = 0;
    let mut rest = seeds;
    while rest != 0 {
        let mut group = rest & rest.wrapping_neg();
        loop {
            let grown = spread(group) & cells;
            if grown == group {
                break;
            }
            group = grown;
        }
        rest &= !group;
        count += 1;
    }
    count
}

#[cfg(test)]
mod tests {
    use tabuleiro_core::{Engine, Game};

    use crate::motif_cases::{motifs, played};
    use crate::taiji::{Scoring, Taiji};

    /// A 9×9 game after `moves` (tiles in notation, light cell first); each must be legal.
    fn after(moves: &str) -> Taiji {
        played(
            Taiji::start(9, 2, Scoring::Standard).expect("a 9x9 board"),
            moves,
        )
    }

    /// Light on c3 and e3 with dark below them on c4 and e4 (and a tile far away on the h
    /// file); Light to move.
    fn two_pairs() -> Taiji {
        after("c3-c4 h8-h9 e3-e4 h6-h7")
    }

    #[test]
    fn group_joined_by_a_light_half_between_two_light_groups() {
        let state = two_pairs();
        assert_eq!(motifs(&state, "d3-d2"), ["group joined"]);
        // Next to one light group only.
        assert!(motifs(&state, "b3-b4").is_empty());
    }

    #[test]
    fn group_joined_by_a_dark_half() {
        // Light a1 c1, dark a2 c2 (and a tile on e5-e6); Dark to move.
        let state = after("a1-a2 c1-c2 e5-e6");
        assert_eq!(motifs(&state, "b3-b2"), ["group joined"]);
        // The dark half on b1 touches no dark cell (and cuts the light a1 from c1).
        assert_eq!(motifs(&state, "b2-b1"), ["group cut"]);
    }

    #[test]
    fn one_group_touched_twice_is_not_joined() {
        // Light a2 a3 b3 make one group; b2 touches it twice.
        let state = after("a2-a1 a3-a4 b3-c3 h8-h9");
        assert!(motifs(&state, "b2-b1").is_empty());
        // b4 touches that group and the dark a4 once each.
        assert!(motifs(&state, "b4-b5").is_empty());
    }

    #[test]
    fn group_cut_by_the_movers_half() {
        let state = two_pairs();
        // Light on d4 comes between the dark c4 and e4.
        assert_eq!(motifs(&state, "d4-d3"), ["group cut"]);
        // Dark on d4 joins them instead, which shows nothing for Light.
        assert!(motifs(&state, "d5-d4").is_empty());
    }

    #[test]
    fn group_cut_by_a_dark_half() {
        // Light a1 c1 with dark a2 c2 below; Dark to move.
        let state = after("a1-a2 c1-c2 e5-e6");
        assert_eq!(motifs(&state, "b2-b1"), ["group cut"]);
        // Dark on d1 is next to the light c1 only.
        assert!(motifs(&state, "e1-d1").is_empty());
    }

    #[test]
    fn no_cut_where_the_other_half_joins_the_groups() {
        // Dark c4 c5 and e4 e5, light c3 e3 above and c6 e6 below; Light to move.
        let state = after("c3-c4 e6-e5 e3-e4 c6-c5");
        // Light on d4 between the dark groups, but dark on d5 joins them.
        assert!(motifs(&state, "d4-d5").is_empty());
        // With the dark half on d3 instead, the cut stands.
        assert_eq!(motifs(&state, "d4-d3"), ["group cut"]);
        // And the light half on d3 joins the light c3 and e3.
        assert_eq!(motifs(&state, "d3-d2"), ["group joined"]);
    }

    #[test]
    fn a_turn_that_is_not_one_legal_tile_names_nothing() {
        let state = two_pairs();
        let parse = |text: &str| state.parse_notation(text).expect("well-formed");
        assert!(state.motifs(&[]).is_empty());
        assert!(state.motifs(&[parse("d3-d2"), parse("d4-d5")]).is_empty());
        // c3 is taken; d3 and e4 are not neighbours.
        assert!(state.motifs(&[parse("c3-d3")]).is_empty());
        assert!(state.motifs(&[parse("d3-e4")]).is_empty());
    }
}
