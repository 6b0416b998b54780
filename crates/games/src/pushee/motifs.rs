//! The tactics a Pushee Pieces turn shows, named as players name them, for tagging puzzles
//! ([`Engine::motifs`](tabuleiro_core::Engine::motifs)). A turn is one placement with every
//! push it sets off; the mover is the player to move before it and the opponent the other one.
//!
//! | Motif | Found when | Test |
//! |---|---|---|
//! | `chain push` | the placement sets off at least one chain tier: a piece moved by the placement push goes on to move (or push off) another piece | `chain_push_when_a_pushed_piece_pushes_on`, `chain_push_needs_chain_tiers` |
//! | `push off the edge` | a piece of the opponent leaves the board during the turn, in the placement push or in a chain tier (only possible with `walls=off`; the mover's own pieces pushed off do not count) | `push_off_the_edge_of_an_opponent_piece`, `a_chain_can_push_off_the_edge` |
//!
//! When both are found, `chain push` comes first. The turn is played on a copy of the
//! position and read from its pushes ([`Pushee::last_pushes`]); which piece left the board is
//! told by counting the opponent's pieces before and after, and only when one left. A turn
//! that is not one legal placement names nothing.

use tabuleiro_core::Player;

use super::{Cell, Pushee, PusheeMove};

/// The motif of a placement whose pushes go on into chain tiers.
const CHAIN_PUSH: &str = "chain push";

/// The motif of a turn that pushes an opponent piece off the board.
const PUSH_OFF_THE_EDGE: &str = "push off the edge";

/// The motifs of `turn` played from `before` (see the module documentation).
pub(super) fn find(before: &Pushee, turn: &[PusheeMove]) -> Vec<&'static str> {
    let mut found = Vec::new();
    let &[mv] = turn else {
        return found;
    };
    if before.check(mv).is_err() {
        return found;
    }
    let mut after = before.clone();
    after.place(mv);
    let pushes = after.last_pushes();
    if pushes.iter().any(|step| step.tier > 0) {
        found.push(CHAIN_PUSH);
    }
    if pushes.iter().any(|step| step.to.is_none()) {
        let opponent = Player(before.mover().0 ^ 1);
        if pieces_of(&after, opponent) < pieces_of(before, opponent) {
            found.push(PUSH_OFF_THE_EDGE);
        }
    }
    found
}

/// How many pieces of `player` stand on the board.
fn pieces_of(state: &Pushee, player: Player) -> usize {
    let (width, height) = (state.width() as u8, state.height() as u8);
    (0..height)
        .flat_map(|row| (0..width).map(move |column| Cell::new(column, row)))
        .filter(|&cell| state.at(cell).is_some_and(|piece| piece.owner == player))
        .count()
}

#[cfg(test)]
mod tests {
    use tabuleiro_core::{Engine, Game, Options, Setup};

    use crate::motif_cases::{motifs, played};
    use crate::pushee::{INFO, Pushee};

    /// A default 6×6 game (seed 0) with these `name=value` options, after `moves` in
    /// notation; each must be legal. Player 1 moves first.
    fn after(options: &[&str], moves: &str) -> Pushee {
        let settings: Vec<String> = options.iter().map(|&s| s.to_owned()).collect();
        let options = Options::parse(&INFO, &settings).expect("options");
        let setup = Setup {
            players: 2,
            options,
            seed: 0,
        };
        played(Pushee::new(&setup).expect("a Pushee setup"), moves)
    }

    #[test]
    fn chain_push_when_a_pushed_piece_pushes_on() {
        // A vertical piece on c1, the opponent's horizontal piece on b2.
        let state = after(&[], "vc1 hb2");
        // A horizontal piece on d1 pushes c1 to b1, which (vertical) pushes b2 down to b3.
        assert_eq!(motifs(&state, "hd1"), ["chain push"]);
        // A horizontal piece on a2 pushes b2 to c2, which then has nothing next to it.
        assert!(motifs(&state, "ha2").is_empty());
    }

    #[test]
    fn chain_push_needs_chain_tiers() {
        // With `chains=0` only the placement push happens: c1 goes to b1 and stops there.
        let state = after(&["chains=0"], "vc1 hb2");
        assert!(motifs(&state, "hd1").is_empty());
        let state = after(&["chains=1"], "vc1 hb2");
        assert_eq!(motifs(&state, "hd1"), ["chain push"]);
    }

    #[test]
    fn push_off_the_edge_of_an_opponent_piece() {
        // The opponent's piece on a1; a horizontal piece on b1 pushes it off the left edge.
        let state = after(&["walls=off"], "vd4 ha1");
        assert_eq!(motifs(&state, "hb1"), ["push off the edge"]);
        // With walls, it stays.
        let state = after(&[], "vd4 ha1");
        assert!(motifs(&state, "hb1").is_empty());
        // The mover's own piece pushed off is no motif.
        let state = after(&["walls=off"], "ha1 vd4");
        assert!(motifs(&state, "hb1").is_empty());
    }

    #[test]
    fn a_chain_can_push_off_the_edge() {
        // A vertical piece on c2, the opponent's piece on b1 above b2.
        let state = after(&["walls=off"], "vc2 hb1");
        // d2 pushes c2 to b2, which pushes b1 up off the board.
        assert_eq!(motifs(&state, "hd2"), ["chain push", "push off the edge"]);
        // With walls, b1 is not pushed: only the placement push happens.
        let state = after(&[], "vc2 hb1");
        assert!(motifs(&state, "hd2").is_empty());
    }

    #[test]
    fn a_turn_that_is_not_one_legal_placement_names_nothing() {
        let state = after(&["walls=off"], "vd4 ha1");
        let parse = |text: &str| state.parse_notation(text).expect("well-formed");
        assert!(state.motifs(&[]).is_empty());
        assert!(state.motifs(&[parse("hb1"), parse("hb1")]).is_empty());
        // d4 is taken; z9 is off the board.
        assert!(state.motifs(&[parse("hd4")]).is_empty());
        assert!(state.motifs(&[parse("hz9")]).is_empty());
    }
}
