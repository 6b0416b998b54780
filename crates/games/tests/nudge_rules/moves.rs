//! Nudge's turns of two moves, and how a line of discs moves and pushes.

use tabuleiro_core::{Engine, Game, Perspective, PlayerResult};
use tabuleiro_games::nudge::{BLACK, Ending, WHITE};

use super::{after, diagram, legal, nudge, squares, winner};
use crate::util::illegal_reason;

#[test]
fn a_turn_is_two_moves_by_the_same_player() {
    let state = nudge(&[]);
    let one = after(&state, "c2d");
    assert_eq!(one.to_move(), Some(WHITE));
    assert_eq!(one.move_in_turn(), (2, 2));
    assert!(
        one.render(Perspective::Everyone)
            .contains("White to move (move 2 of 2)")
    );
    assert_eq!(one.turns_played(), 0);
    let two = after(&one, "b2d");
    assert_eq!(two.to_move(), Some(BLACK));
    assert_eq!(two.move_in_turn(), (1, 2));
    assert_eq!(two.turns_played(), 1);
    let four = after(&two, "b4d c4r");
    assert_eq!(four.to_move(), Some(WHITE));
    assert_eq!(four.turns_played(), 2);
}

/// Row 3 of the diagrams holds the discs under test; the others stand out of the way.
#[test]
fn a_line_of_two_pushes_one() {
    let state = diagram(
        "W . . . .
         . . . . .
         W W B . .
         . . . . .
         . . . B B",
        WHITE,
    );
    let next = after(&state, "a3r");
    assert_eq!(squares(&next, WHITE), "a1 b3 c3");
    assert_eq!(squares(&next, BLACK), "d3 d5 e5");
    assert_eq!(next.outcome(), None);
    // The same from the other end of the line, and for Black in a column.
    let black = diagram(
        ". . . . W
         . . . . .
         . . W . B
         . . B . .
         W . B . .",
        BLACK,
    );
    let next = after(&black, "c5u");
    assert_eq!(squares(&next, BLACK), "c3 e3 c4");
    assert_eq!(squares(&next, WHITE), "e1 c2 a5");
}

#[test]
fn a_line_of_three_pushes_one_or_two() {
    // Three against one: the black disc moves on.
    let state = diagram(
        ". . . . .
         . . . . .
         W W W B .
         . . . . .
         B . . . B",
        WHITE,
    );
    let next = after(&state, "a3r");
    assert_eq!(squares(&next, WHITE), "b3 c3 d3");
    assert_eq!(squares(&next, BLACK), "e3 a5 e5");
    // Three against two: on five squares the front disc always leaves the board.
    let state = diagram(
        ". . . . .
         . . . . .
         W W W B B
         . . . . .
         . . B . .",
        WHITE,
    );
    let next = after(&state, "a3r");
    assert_eq!(squares(&next, WHITE), "b3 c3 d3");
    assert_eq!(squares(&next, BLACK), "e3 c5");
    assert_eq!(winner(&next), Some(WHITE));
}

#[test]
fn equal_or_longer_runs_are_not_pushed() {
    // Two against two: equal lines never push. From the middle disc: one against two.
    let state = diagram(
        ". . . . .
         . . . . .
         W W B B .
         . . . . .
         W . . . B",
        WHITE,
    );
    assert_eq!(
        illegal_reason(&state, "a3r"),
        "equal lines cannot push: your line of 2 discs meets a black run of 2 discs"
    );
    assert_eq!(
        illegal_reason(&state, "b3r"),
        "a longer black run cannot be pushed: your line of 1 disc meets a black run of 2 discs"
    );
    // One against one, in a column.
    let single = diagram(
        ". . . . .
         . . . . .
         . . W . .
         . . B . .
         W . . W B",
        WHITE,
    );
    assert!(illegal_reason(&single, "c3d").starts_with("equal lines cannot push"));
    // Two against three.
    let longer = diagram(
        ". . . . .
         . . . . .
         W W B B B
         . . . . .
         W . . . .",
        WHITE,
    );
    assert!(illegal_reason(&longer, "a3r").starts_with("a longer black run cannot be pushed"));
}

#[test]
fn a_disc_just_past_the_run_blocks_the_push() {
    // Own disc past the run.
    let state = diagram(
        ". . . . .
         . . . . .
         W W B W .
         . . . . .
         B . . . B",
        WHITE,
    );
    assert_eq!(
        illegal_reason(&state, "a3r"),
        "a disc behind the black run blocks the push"
    );
    // For Black, a black disc past a white run blocks too.
    let state = diagram(
        ". . . . .
         . . . . .
         B B W B .
         . . . . .
         W . . . W",
        BLACK,
    );
    assert_eq!(
        illegal_reason(&state, "a3r"),
        "a disc behind the white run blocks the push"
    );
    // An opponent disc two squares past the run is not "just past" it: the push goes on.
    let state = diagram(
        ". . . . .
         . . . . .
         W W B . B
         . . . . .
         W . . . B",
        WHITE,
    );
    let next = after(&state, "a3r");
    assert_eq!(squares(&next, BLACK), "d3 e3 e5");
}

#[test]
fn your_own_disc_may_not_leave_the_board() {
    let state = diagram(
        "W . . . .
         . . . . .
         . . . W W
         . . . . .
         B . B . B",
        WHITE,
    );
    assert_eq!(
        illegal_reason(&state, "a1u"),
        "that would put your own disc off the board"
    );
    assert_eq!(
        illegal_reason(&state, "a1l"),
        "that would put your own disc off the board"
    );
    // A line whose head is on the edge may not move that way from any tail.
    assert_eq!(
        illegal_reason(&state, "d3r"),
        "that would put your own disc off the board"
    );
    assert!(legal(&state).contains("e3l"));
}

#[test]
fn pushing_off_on_the_first_move_wins_before_the_second() {
    let state = diagram(
        ". . . . .
         . . . . .
         . . W W B
         . . . . .
         W B . B .",
        WHITE,
    );
    let next = after(&state, "c3r");
    assert_eq!(winner(&next), Some(WHITE));
    assert_eq!(next.to_move(), None);
    assert!(legal(&next).is_empty());
    assert_eq!(squares(&next, BLACK), "b5 d5", "e3 went off the board");
    let outcome = next.outcome().unwrap();
    assert_eq!(outcome.result(BLACK), PlayerResult::Loss);
    assert_eq!(
        outcome.reason,
        "White pushed the black disc on e3 off the board"
    );
    assert_eq!(
        next.ending(),
        Some(Ending::PushedOff {
            winner: WHITE,
            from: 14
        })
    );
    assert_eq!(illegal_reason(&next, "a5u"), "the game is over");
    assert!(
        next.render(Perspective::Everyone)
            .contains("Game over. Player 1 wins: White pushed")
    );
    // The fast check for a winning move finds it, and only where there is one.
    assert_eq!(
        state.winning_move().map(|m| state.format_move(m)),
        Some("c3r".into())
    );
    assert_eq!(nudge(&[]).winning_move(), None);
}

#[test]
fn pushing_off_on_the_second_move_wins_too() {
    // From layout 1: White d2d b2r, Black c4u b4r, White d2d d3d pushes d4 off the bottom.
    let state = after(&nudge(&[]), "d2d b2r c4u b4r d2d");
    assert_eq!(state.move_in_turn(), (2, 2));
    let end = after(&state, "d3d");
    assert_eq!(winner(&end), Some(WHITE));
    assert_eq!(end.discs(BLACK).count_ones(), 2);
}

#[test]
fn the_tail_decides_how_many_discs_move() {
    let state = diagram(
        ". . . . .
         . . . . .
         W W W . .
         . . . . .
         B . B . B",
        WHITE,
    );
    assert_eq!(squares(&after(&state, "a3r"), WHITE), "b3 c3 d3");
    assert_eq!(squares(&after(&state, "b3r"), WHITE), "a3 c3 d3");
    assert_eq!(squares(&after(&state, "c3r"), WHITE), "a3 b3 d3");
    // Backwards the same: the tail is then the disc on the right.
    assert_eq!(
        illegal_reason(&state, "c3l"),
        "that would put your own disc off the board"
    );
}

#[test]
fn lines_move_only_lengthways() {
    let state = diagram(
        ". . . . .
         . . . . .
         W W . . .
         . . . . W
         B . B . B",
        WHITE,
    );
    // Moving a disc of a row up or down moves that disc alone.
    assert_eq!(squares(&after(&state, "a3d"), WHITE), "b3 a4 e4");
    assert_eq!(squares(&after(&state, "b3u"), WHITE), "b2 a3 e4");
    // A column's line moves along the column.
    let column = diagram(
        ". . . . .
         . W . . .
         . W . . .
         . . . . W
         B . B . B",
        WHITE,
    );
    assert_eq!(squares(&after(&column, "b3u"), WHITE), "b1 b2 e4");
    assert_eq!(squares(&after(&column, "b2r"), WHITE), "c2 b3 e4");
}
