//! How a game of Nudge ends: a disc pushed off, a third repetition, the turn limit, no move.

use std::collections::BTreeSet;

use tabuleiro_core::{Game, Perspective, PlayerResult};
use tabuleiro_games::nudge::{BLACK, Ending, Nudge, WHITE};

use super::{after, diagram, legal, nudge, squares, winner};

#[test]
fn the_third_repetition_at_the_start_of_a_turn_is_a_draw() {
    // Both players step two discs out and back: after 8 moves (4 turns) the start comes back.
    let cycle = "b2u d2u b4d d4d b1d d1d b5u d5u";
    let start = nudge(&[]);
    assert_eq!(start.repetitions(), 1);
    let twice = after(&start, cycle);
    assert_eq!(twice.repetitions(), 2);
    assert_eq!(squares(&twice, WHITE), squares(&start, WHITE));
    assert_eq!(twice.to_move(), Some(WHITE));
    assert_eq!(twice.outcome(), None);
    let almost = after(&twice, "b2u d2u b4d d4d b1d d1d b5u");
    assert_eq!(almost.outcome(), None);
    let thrice = after(&almost, "d5u");
    assert_eq!(thrice.repetitions(), 3);
    assert_eq!(thrice.ending(), Some(Ending::Repetition));
    let outcome = thrice.outcome().unwrap();
    assert_eq!(outcome.results, vec![PlayerResult::Draw; 2]);
    assert!(outcome.reason.contains("third time"), "{}", outcome.reason);
    assert_eq!(thrice.to_move(), None);
}

#[test]
fn max_turns_ends_the_game_in_a_draw() {
    let state = nudge(&["max_turns=3"]);
    let five = after(&state, "b2u d2u b4d d4d b1d");
    assert_eq!(five.outcome(), None);
    let six = after(&five, "d1d");
    assert_eq!(six.ending(), Some(Ending::TurnLimit));
    assert_eq!(
        six.outcome().unwrap().reason,
        "the limit of 3 turns was reached"
    );
    assert_eq!(winner(&six), None);
    assert!(legal(&six).is_empty());
    // A disc pushed off on the last turn still wins.
    let state = nudge(&["max_turns=3"]);
    let win = after(&state, "c2d d2d c4r e4u c3r");
    assert_eq!(winner(&win), Some(WHITE));
    // With one turn fewer the same game is drawn before the push.
    let state = nudge(&["max_turns=2"]);
    let drawn = after(&state, "c2d d2d c4r e4u");
    assert_eq!(drawn.ending(), Some(Ending::TurnLimit));
}

#[test]
fn a_player_without_a_legal_move_loses() {
    // At the start of a turn: White's only disc is hemmed in by single black discs, which it
    // cannot push (equal lines).
    let state = diagram(
        "W B . . .
         B . . . .
         . . . . .
         . . . . .
         . . . . .",
        WHITE,
    );
    assert_eq!(state.to_move(), None);
    assert_eq!(state.ending(), Some(Ending::NoMove { loser: WHITE }));
    assert_eq!(winner(&state), Some(BLACK));
    assert_eq!(state.outcome().unwrap().reason, "White has no legal move");
    // After a first move: from a2 the disc could only go back to a1, which the no-return rule
    // forbids. The first move itself is legal; then White has no move and loses.
    let state = diagram(
        "W . . . .
         . B . . .
         B . . . .
         . . . . .
         . . . . B",
        WHITE,
    );
    assert_eq!(
        legal(&state),
        BTreeSet::from(["a1d".to_owned(), "a1r".to_owned()])
    );
    let stuck = after(&state, "a1d");
    assert_eq!(stuck.ending(), Some(Ending::NoMove { loser: WHITE }));
    assert_eq!(winner(&stuck), Some(BLACK));
    assert_eq!(stuck.to_move(), None);
    // The other first move leaves a second one.
    assert_eq!(after(&state, "a1r").to_move(), Some(WHITE));
}

/// With three discs a side (every unfinished game), the player to move always has at least two
/// moves, checked over every placement of the discs. So nobody is ever without a move at the
/// start of a turn, nor after a first move: the no-return rule forbids at most one move.
#[test]
fn three_discs_a_side_always_have_two_moves() {
    let mut moves = Vec::new();
    let mut fewest = usize::MAX;
    let mut triples = Vec::new();
    for a in 0..25 {
        for b in a + 1..25 {
            for c in b + 1..25 {
                triples.push((1 << a) | (1 << b) | (1 << c));
            }
        }
    }
    let mut positions = 0;
    for &white in &triples {
        for &black in triples.iter().filter(|&&b| b & white == 0) {
            // By the rules' symmetry (swap colours), White to move covers Black too.
            let state = Nudge::from_discs([white, black], WHITE).unwrap();
            state.legal_moves(&mut moves);
            assert!(
                moves.len() >= 2,
                "\n{}",
                state.render(Perspective::Everyone)
            );
            fewest = fewest.min(moves.len());
            positions += 1;
        }
    }
    assert_eq!(positions, 2300 * 1540);
    assert_eq!(fewest, 2, "some position leaves only two moves");
}
