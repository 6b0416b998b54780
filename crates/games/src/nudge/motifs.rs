//! The tactics a Nudge turn shows, named as players name them, for tagging puzzles
//! ([`Engine::motifs`](tabuleiro_core::Engine::motifs)). A turn is the moves of the player to
//! move until the other player is to move or the game ends: two moves, or one when the first
//! pushes a disc off (or when the position is already at the second move of a turn).
//!
//! | Motif | Found when | Test |
//! |---|---|---|
//! | `push off the edge` | a move of the turn pushes an opponent disc off the board (which wins) | `push_off_the_edge_on_either_move`, `double_push_and_push_off_on_one_turn` |
//! | `double push` | both moves of a two-move turn are nudges: each pushes opponent discs (the second may push one off) | `double_push_and_push_off_on_one_turn`, `double_push_without_a_disc_lost` |
//!
//! When both are found, `push off the edge` comes first. The moves are followed on the disc
//! masks alone (no copy of the position and its repetition table); a turn with a move the
//! rules refuse, or with more moves than the turn has, names nothing. The no-return rule is
//! not checked: the one move it forbids is a plain step back, which shows no motif.

use super::push::resolve;
use super::{Nudge, NudgeMove};

/// The motif of a turn that pushes an opponent disc off the board.
const PUSH_OFF_THE_EDGE: &str = "push off the edge";

/// The motif of a turn whose two moves are both nudges.
const DOUBLE_PUSH: &str = "double push";

/// The motifs of `turn` played from `before` (see the module documentation). Allocates only
/// when a motif is found.
pub(super) fn find(before: &Nudge, turn: &[NudgeMove]) -> Vec<&'static str> {
    let mut found = Vec::new();
    // Moves left in the turn: two at its start, one at its second move.
    let room = 3 - before.move_number();
    if before.ending().is_some() || turn.is_empty() || turn.len() > room {
        return found;
    }
    let colour = before.colour();
    let (mut own, mut opponent) = (before.discs[colour], before.discs[colour ^ 1]);
    let mut nudges = 0;
    let mut pushed_off = false;
    for (i, &mv) in turn.iter().enumerate() {
        let tail = 1 << mv.tail();
        if own & tail == 0 {
            return found;
        }
        let Ok(effect) = resolve(own, opponent, tail, mv.direction()) else {
            return found;
        };
        nudges += usize::from(effect.pushed);
        own = effect.own;
        opponent = effect.opponent;
        if effect.lost != 0 {
            // The game ends at once: no move may follow.
            if i + 1 != turn.len() {
                return found;
            }
            pushed_off = true;
        }
    }
    if pushed_off {
        found.push(PUSH_OFF_THE_EDGE);
    }
    if nudges == 2 {
        found.push(DOUBLE_PUSH);
    }
    found
}

#[cfg(test)]
mod tests {
    use tabuleiro_core::{Engine, Game};

    use crate::motif_cases::{motifs, played};
    use crate::nudge::{Nudge, WHITE};

    /// Layout 1 (White b2 c2 d2, Black b4 c4 d4), White first, after `moves` in notation;
    /// each must be legal.
    fn after(moves: &str) -> Nudge {
        let state = played(Nudge::start(1, WHITE, None), moves);
        assert!(state.to_move().is_some(), "`{moves}` ended the game");
        state
    }

    /// White b2 c2 c3 (a line of two down column c), Black b5 c4 d5; White to move.
    fn line_over_a_lone_disc() -> Nudge {
        after("d2d d3l b4d d4d")
    }

    #[test]
    fn double_push_and_push_off_on_one_turn() {
        let state = line_over_a_lone_disc();
        // c2-c3 nudges c4 to c5, then c3-c4 pushes it off the bottom edge.
        assert_eq!(
            motifs(&state, "c2d c3d"),
            ["push off the edge", "double push"]
        );
        // The same nudge followed by a plain step: neither motif.
        assert!(motifs(&state, "c2d b2d").is_empty());
    }

    #[test]
    fn push_off_the_edge_on_either_move() {
        // White b3 c3 c4 over Black c5; Black a4 d5 elsewhere.
        let state = after("d2d d3l b4d d4d c2d b2d b5u b4l");
        // On the first move: the turn ends there.
        assert_eq!(motifs(&state, "c3d"), ["push off the edge"]);
        // On the second move, after a plain step: not a double push.
        assert_eq!(motifs(&state, "b3d c3d"), ["push off the edge"]);
        // The line broken first, then the lone disc steps down: nothing is pushed.
        assert!(motifs(&state, "c4r c3d").is_empty());
    }

    #[test]
    fn double_push_without_a_disc_lost() {
        // White b4 c2 c3, Black a3 c4 d4.
        let state = after("d2d d3l b4d b5l b2d b3d a5u a4u");
        // c2-c3 nudges c4 to c5; then b4-c4 nudges d4 to e4.
        assert_eq!(motifs(&state, "c2d b4r"), ["double push"]);
        // The same nudge followed by a step: one push only.
        assert!(motifs(&state, "c2d c3r").is_empty());
    }

    #[test]
    fn a_turn_the_rules_refuse_names_nothing() {
        let state = line_over_a_lone_disc();
        let parse = |text: &str| state.parse_notation(text).expect("well-formed");
        assert!(state.motifs(&[]).is_empty());
        // No white disc on c4; a line of one cannot push a disc of one.
        assert!(state.motifs(&[parse("c4u")]).is_empty());
        assert!(state.motifs(&[parse("c3d"), parse("b2d")]).is_empty());
        // Three moves, or a move after the one that won.
        assert!(
            state
                .motifs(&[parse("c2d"), parse("c3d"), parse("b2d")])
                .is_empty()
        );
        let won = after("d2d d3l b4d d4d c2d b2d b5u b4l");
        let parse_won = |text: &str| won.parse_notation(text).expect("well-formed");
        assert!(won.motifs(&[parse_won("c3d"), parse_won("b3d")]).is_empty());
        // At the second move of a turn, only one move is left.
        let second = after("d2d d3l b4d d4d c2d");
        let mv = second.parse_notation("c3d").expect("well-formed");
        assert_eq!(second.motifs(&[mv]), ["push off the edge"]);
        assert!(second.motifs(&[mv, mv]).is_empty());
    }
}
