//! Nudge's notation, board drawing, diagrams, position keys and evaluation.

use tabuleiro_core::{Engine, Game, MoveError, Perspective, Player, rng_from_seed};
use tabuleiro_games::nudge::{BLACK, DiagramError, Nudge, WHITE};

use super::{after, diagram, legal, nudge};
use crate::util::illegal_reason;

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
