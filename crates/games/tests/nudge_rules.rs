//! Nudge positions checked by hand against the rules (`shared/rules/nudge.md`): one position
//! or game for each clause, built by playing from a layout or from a board diagram.

use std::collections::BTreeSet;

use tabuleiro_core::{Engine, Game, MoveError, Perspective, Player, PlayerResult, rng_from_seed};
use tabuleiro_games::nudge::{BLACK, DiagramError, Ending, Mask, Nudge, WHITE, square_name};

use crate::util::{illegal_reason, play, setup};

/// A new game with these options (seed 0).
fn nudge(options: &[&str]) -> Nudge {
    Nudge::new(&setup::<Nudge>(options, 0)).expect("a Nudge setup")
}

/// A position from a diagram (rows `1` to `5`, top first), `to_move` to start a turn.
fn diagram(text: &str, to_move: Player) -> Nudge {
    Nudge::from_diagram(text, to_move).unwrap_or_else(|e| panic!("{e}:\n{text}"))
}

/// The same position after `moves`.
fn after(state: &Nudge, moves: &str) -> Nudge {
    let mut state = state.clone();
    play(&mut state, moves);
    state
}

/// The squares of `player`'s discs, as `a1 b2 ...` in square order.
fn squares(state: &Nudge, player: Player) -> String {
    squares_of(state.discs(player))
}

fn squares_of(mask: Mask) -> String {
    (0..25)
        .filter(|s| mask & (1 << s) != 0)
        .map(square_name)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The legal moves in notation.
fn legal(state: &Nudge) -> BTreeSet<String> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves.iter().map(|&mv| state.format_move(mv)).collect()
}

fn winner(state: &Nudge) -> Option<Player> {
    state.outcome().and_then(|o| o.winner())
}

// ---------------------------------------------------------------------------------------------
// Setup

/// The layouts exactly as the rules list them.
const RULE_LAYOUTS: [&str; 4] = [
    "White B2 C2 D2 — Black B4 C4 D4",
    "White A1 C1 E1 — Black A5 C5 E5",
    "White C1 B2 D2 — Black B4 D4 C5",
    "White B1 D1 C2 — Black C4 B5 D5",
];

#[test]
fn the_four_layouts_are_as_listed_in_the_rules() {
    for (i, line) in RULE_LAYOUTS.iter().enumerate() {
        let (white, black) = line.split_once(" — ").unwrap();
        let sorted = |list: &str| {
            let mut names: Vec<String> = list
                .split_whitespace()
                .skip(1)
                .map(str::to_lowercase)
                .collect();
            // In square order: row, then column.
            names.sort_by_key(|n| (n.as_bytes()[1], n.as_bytes()[0]));
            names.join(" ")
        };
        let state = nudge(&[&format!("start={}", i + 1)]);
        assert_eq!(squares(&state, WHITE), sorted(white), "start={}", i + 1);
        assert_eq!(squares(&state, BLACK), sorted(black), "start={}", i + 1);
    }
    // The default is layout 1, and there is no fifth.
    assert_eq!(squares(&nudge(&[]), WHITE), "b2 c2 d2");
    let info = &tabuleiro_games::nudge::INFO;
    assert!(tabuleiro_core::Options::parse(info, &["start=5".into()]).is_err());
}

#[test]
fn white_starts_unless_first_says_otherwise() {
    let state = nudge(&[]);
    assert_eq!(state.to_move(), Some(WHITE));
    assert_eq!(state.move_in_turn(), (1, 2));
    assert!(
        state
            .render(Perspective::Everyone)
            .contains("White to move (move 1 of 2)")
    );

    let state = nudge(&["first=black"]);
    assert_eq!(state.to_move(), Some(BLACK));
    assert_eq!(state.move_in_turn(), (1, 2));
    assert!(
        state
            .render(Perspective::Everyone)
            .contains("Black to move (move 1 of 2)")
    );
    // Seats do not change: Black (player 2) still has the discs on rows 4 and 5.
    assert_eq!(squares(&state, BLACK), "b4 c4 d4");
    assert!(
        legal(&state)
            .iter()
            .all(|m| ["b4", "c4", "d4"].contains(&&m[..2])),
        "Black moves its own discs"
    );
    assert_eq!(
        illegal_reason(&state, "c2d"),
        "there is no black disc on c2"
    );
}

#[test]
fn first_random_is_decided_by_the_seed() {
    let mut starters = BTreeSet::new();
    for seed in 0..64 {
        let setup = setup::<Nudge>(&["first=random"], seed);
        let a = Nudge::new(&setup).unwrap();
        let b = Nudge::new(&setup).unwrap();
        assert_eq!(a, b, "seed {seed}: the same seed, the same start");
        starters.insert(a.to_move().unwrap());
    }
    assert_eq!(starters.len(), 2, "both players start for some seed");
}

// ---------------------------------------------------------------------------------------------
// Turns and moves

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

// ---------------------------------------------------------------------------------------------
// No return

#[test]
fn the_second_move_may_not_restore_the_turns_start() {
    let state = nudge(&[]);
    let one = after(&state, "c2d");
    assert_eq!(
        illegal_reason(&one, "c3u"),
        "the turn would end where it started"
    );
    assert!(!legal(&one).contains("c3u"));
    assert!(legal(&one).contains("c3l"));
    // A random second move never goes back.
    let mut rng = rng_from_seed(3);
    for _ in 0..500 {
        let mv = one.random_move(&mut rng).unwrap();
        assert_ne!(one.format_move(mv), "c3u");
    }
    // A whole line moved and moved back is the same.
    let line = after(&state, "b2r");
    assert_eq!(squares(&line, WHITE), "c2 d2 e2");
    assert_eq!(
        illegal_reason(&line, "e2l"),
        "the turn would end where it started"
    );
    // A different way to the start board over two moves: first b2u, then b1d is refused,
    // but moving the same disc elsewhere is fine.
    let other = after(&state, "b2u");
    assert_eq!(
        illegal_reason(&other, "b1d"),
        "the turn would end where it started"
    );
    assert!(legal(&other).contains("b1r"));
}

#[test]
fn earlier_turns_positions_are_not_restricted() {
    // White steps two discs out, Black answers, and White steps them back: White's discs are
    // where they were two turns ago, which is allowed.
    let state = after(&nudge(&[]), "b2u d2u b4d d4d b1d");
    assert!(legal(&state).contains("d1d"));
    let back = after(&state, "d1d");
    assert_eq!(squares(&back, WHITE), "b2 c2 d2");
    assert_eq!(back.to_move(), Some(BLACK));
}

// ---------------------------------------------------------------------------------------------
// Endings

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

// ---------------------------------------------------------------------------------------------
// Notation, rendering, keys

#[test]
fn notation_reads_any_case_and_tells_bad_text_from_illegal_moves() {
    let state = nudge(&[]);
    let mv = state.parse_move("c2d").unwrap();
    for text in ["C2D", "c2D", "C2d", " c2 d ", "c2d,"] {
        assert_eq!(state.parse_move(text), Ok(mv), "`{text}`");
    }
    assert_eq!(state.format_move(mv), "c2d");
    assert_eq!(
        state.format_move(state.parse_notation("B4U").unwrap()),
        "b4u"
    );
    for text in ["", "c2", "c2x", "2cd", "c2dd", "ç2d", "c2d b2u"] {
        assert!(
            matches!(state.parse_move(text), Err(MoveError::Syntax(_))),
            "`{text}` is not notation"
        );
    }
    // A square beyond the board is an illegal move naming the board, as in every game.
    for text in ["c6d", "f2d"] {
        assert!(
            matches!(state.parse_move(text), Err(MoveError::Illegal { .. })),
            "`{text}`"
        );
    }
    let MoveError::Syntax(e) = state.parse_move("c2d b2u").unwrap_err() else {
        unreachable!()
    };
    assert!(e.reason.contains("one move at a time"), "{e}");
    assert_eq!(
        illegal_reason(&state, "c3d"),
        "there is no white disc on c3"
    );
    assert_eq!(
        illegal_reason(&state, "b4u"),
        "there is no white disc on b4"
    );
    assert!(matches!(
        state.parse_move("b4u"),
        Err(MoveError::Illegal { .. })
    ));
}

#[test]
fn the_board_is_drawn_with_coordinates_discs_and_turn() {
    let text = nudge(&["max_turns=40"]).render(Perspective::Everyone);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "    a b c d e");
    assert_eq!(lines[1], " 1  . . . . .");
    assert_eq!(lines[2], " 2  . W W W .");
    assert_eq!(lines[4], " 4  . B B B .");
    assert!(text.contains("White (player 1): W   Black (player 2): B"));
    assert!(
        text.contains("Turn 1 of 40: White to move (move 1 of 2)"),
        "{text}"
    );
    // Every player sees the same board.
    let state = nudge(&[]);
    assert_eq!(
        state.render(Perspective::Player(BLACK)),
        state.render(Perspective::Everyone)
    );
}

#[test]
fn diagrams_are_checked() {
    assert_eq!(
        Nudge::from_diagram("...../.....", WHITE),
        Err(DiagramError::Rows(2))
    );
    assert_eq!(
        Nudge::from_diagram("W..../...../.B.../...../....", WHITE),
        Err(DiagramError::RowLength { row: 5, squares: 4 })
    );
    assert_eq!(
        Nudge::from_diagram("WX.../...../.B.../...../.....", WHITE),
        Err(DiagramError::Symbol {
            row: 1,
            symbol: 'X'
        })
    );
    assert_eq!(
        Nudge::from_diagram("WWWW./...../.B.../...../.....", WHITE),
        Err(DiagramError::Discs {
            player: WHITE,
            count: 4
        })
    );
    assert_eq!(
        Nudge::from_diagram("W..../...../...../...../.....", WHITE),
        Err(DiagramError::Discs {
            player: BLACK,
            count: 0
        })
    );
    assert!(Nudge::from_diagram("W..../...../.B.../...../.....", Player(2)).is_err());
    // A diagram of layout 1 is layout 1.
    let drawn = diagram("...../.WWW./...../.BBB./.....", WHITE);
    assert_eq!(drawn, nudge(&[]));
}

#[test]
fn keys_tell_apart_what_the_no_return_rule_forbids() {
    // Two turn starts, one move each, the same discs after it: b2 c2 d2 with b2 up, and
    // b1 c2 d1 with d1 down, both give b1 c2 d2.
    let black = "B . B . B";
    let a = diagram(&format!("..... / .WWW. / ..... / ..... / {black}"), WHITE);
    let b = diagram(&format!(".W.W. / ..W.. / ..... / ..... / {black}"), WHITE);
    let a = after(&a, "b2u");
    let b = after(&b, "d1d");
    assert_eq!(a.discs(WHITE), b.discs(WHITE));
    assert_eq!(a.discs(BLACK), b.discs(BLACK));
    assert!(!legal(&a).contains("b1d") && legal(&a).contains("d2u"));
    assert!(!legal(&b).contains("d2u") && legal(&b).contains("b1d"));
    assert_ne!(a.position_key(), b.position_key());
    assert_ne!(a, b);
    // The same turn played in either order reaches an equal state with an equal key.
    let one = after(&nudge(&[]), "b2u d2u");
    let two = after(&nudge(&[]), "d2u b2u");
    assert_eq!(one, two);
    assert_eq!(one.position_key(), two.position_key());
    // The player to move and the move of the turn are part of the key.
    let white = diagram("...../.WWW./...../.BBB./.....", WHITE);
    let black = diagram("...../.WWW./...../.BBB./.....", BLACK);
    assert_ne!(white.position_key(), black.position_key());
}

#[test]
fn evaluation_is_zero_sum_and_sees_threats() {
    let mut rng = rng_from_seed(9);
    let mut state = nudge(&[]);
    for _ in 0..60 {
        let Some(mv) = state.random_move(&mut rng) else {
            break;
        };
        state.play_unchecked(mv);
        assert_eq!(state.evaluate(WHITE), -state.evaluate(BLACK));
    }
    assert_eq!(nudge(&[]).evaluate(WHITE), 0, "the start is symmetric");
    // White to move can push e3 off: good for White.
    let threat = diagram(
        ". . . . .
         . . . . .
         . . W W B
         . . . . .
         W B . B .",
        WHITE,
    );
    assert!(threat.evaluate(WHITE) > 100, "{}", threat.evaluate(WHITE));
}
