//! Moves made on the board with the keys, or typed in notation: the cursor, picking a
//! piece, Enter, undo and redo, the hint.

use super::*;

#[test]
fn enter_puts_the_picked_shape_down_the_computer_answers_undo_and_redo() {
    let mut play = human_vs_random();
    assert_eq!(play.cursor(), Some(tabuleiro_core::Cell::new(0, 0)));
    assert_eq!(play.pick_label().as_deref(), Some("cube"));
    press(&mut play, KeyCode::Right);
    press(&mut play, KeyCode::Char('j'));
    press(&mut play, KeyCode::Tab);
    assert_eq!(play.pick_label().as_deref(), Some("cylinder"));
    press(&mut play, KeyCode::Enter);
    assert_eq!(play.session().record().moves, ["Yb2"]);
    tick_until(&mut play, |p| p.session().moves().len() == 2);
    assert!(
        play.message().starts_with("Player 2 (random) played"),
        "{}",
        play.message()
    );

    press(&mut play, KeyCode::Char('u'));
    assert!(
        play.session().moves().is_empty(),
        "undo takes back the whole exchange"
    );
    press(&mut play, KeyCode::Char('r'));
    assert_eq!(play.session().moves().len(), 2);
    press(&mut play, KeyCode::Char('u'));
    press(&mut play, KeyCode::Char('u'));
    assert_eq!(play.message(), "Nothing to undo.");
}

#[test]
fn moves_typed_in_notation_are_played_and_bad_ones_explained() {
    let mut play = human_vs_random();
    press(&mut play, KeyCode::Char(':'));
    typing(&mut play, "Zz9");
    press(&mut play, KeyCode::Enter);
    assert!(
        play.message().contains("cannot read `Zz9`"),
        "{}",
        play.message()
    );
    assert!(play.session().moves().is_empty());
    press(&mut play, KeyCode::Char(':'));
    typing(&mut play, "Sd4");
    press(&mut play, KeyCode::Enter);
    assert_eq!(play.session().record().moves, ["Sd4"]);
    // Not the human's turn while the computer thinks or until it has played.
    tick_until(&mut play, |p| p.session().moves().len() == 2);
    press(&mut play, KeyCode::Char(':'));
    typing(&mut play, "Sd3");
    press(&mut play, KeyCode::Enter);
    if play.session().moves().len() == 2 {
        assert!(play.message().contains("illegal") || play.message().contains("occupied"));
    }
}

#[test]
fn quantik_marks_where_the_picked_shape_may_go() {
    // Player 2's cone at b4 forbids player 1's cones in row 4, column b and that region.
    let mut play =
        GamePlay::<Quantik>::new(config::<Quantik>(vec![Seat::Human, Seat::Human], &[], 1))
            .unwrap();
    play.play_typed("Ca1 Ob4");
    assert_eq!(play.session().moves().len(), 2);
    press(&mut play, KeyCode::Char('O'));
    assert_eq!(play.pick_label().as_deref(), Some("cone"));
    let lines = screen(&mut play, 80, 24);
    let board: Vec<String> = lines[1..13]
        .iter()
        .map(|l| l.chars().take(28).collect::<String>().trim_end().to_owned())
        .collect();
    assert_eq!(
        board,
        [
            "┌ Quantik ──────────────────",
            "│     a     b     c     d",
            "│  ┌─────┬─────┰─────┬─────┐",
            "│1 │[ ■ ]│  ·  ┃  +  │  +  │",
            "│  ├─────┼─────╂─────┼─────┤",
            "│2 │  +  │  ·  ┃  +  │  +  │",
            "│  ┝━━━━━┿━━━━━╋━━━━━┿━━━━━┥",
            "│3 │  ·  │  ·  ┃  +  │  +  │",
            "│  ├─────┼─────╂─────┼─────┤",
            "│4 │  ·  │  △  ┃  ·  │  ·  │",
            "│  └─────┴─────┸─────┴─────┘",
            "│Player 1: ■ ▮×2 ▲×2 ●×2",
        ]
    );
    // Where the cone may not go, Enter says so and nothing is played.
    go_to(&mut play, "b2");
    press(&mut play, KeyCode::Enter);
    assert_eq!(play.session().moves().len(), 2);
    assert!(
        play.message()
            .starts_with("No move of yours goes on at b2 with cone"),
        "{}",
        play.message()
    );
    let lines = screen(&mut play, 80, 24);
    assert!(
        lines[22].starts_with("cone (3/4) no move goes on at b2"),
        "{}",
        lines[22]
    );
    go_to(&mut play, "c2");
    press(&mut play, KeyCode::Enter);
    assert_eq!(
        play.session().record().moves.last().map(String::as_str),
        Some("Oc2")
    );
}

#[test]
fn nudge_a_disc_then_where_it_goes() {
    let mut play =
        GamePlay::<Nudge>::new(config::<Nudge>(vec![Seat::Human, Seat::Human], &[], 1)).unwrap();
    go_to(&mut play, "b2");
    press(&mut play, KeyCode::Enter);
    assert!(play.session().moves().is_empty(), "the disc is chosen");
    let targets: Vec<String> = play
        .marks()
        .iter()
        .filter(|(_, m)| m.target)
        .map(|(&c, _)| play.cell_name(c))
        .collect();
    let mut targets = targets;
    targets.sort();
    assert_eq!(
        targets,
        ["a2", "b1", "b3", "c2"],
        "where the line of b2 may go"
    );
    go_to(&mut play, "b3");
    press(&mut play, KeyCode::Enter);
    assert_eq!(play.session().record().moves, ["b2d"]);
    let lines = screen(&mut play, 80, 24);
    assert!(lines[21].contains("move 2 of 2"), "{}", lines[21]);
}

#[test]
fn taiji_the_light_half_then_the_dark_half() {
    let mut play = GamePlay::<Taiji>::new(config::<Taiji>(
        vec![Seat::Human, Seat::Human],
        &[("size", "7")],
        1,
    ))
    .unwrap();
    press(&mut play, KeyCode::Enter);
    let marks = play.marks();
    let b1 = tabuleiro_core::Cell::new(1, 0);
    assert!(marks[&b1].target, "the dark half may go on b1");
    assert!(marks[&tabuleiro_core::Cell::new(0, 0)].chosen);
    go_to(&mut play, "b1");
    press(&mut play, KeyCode::Enter);
    assert_eq!(play.session().record().moves, ["a1-b1"]);
    press(&mut play, KeyCode::Down);
    let text = screen(&mut play, 80, 24).join("\n");
    assert!(
        text.contains("│1   ◯ ━ ●"),
        "the tile's halves joined:\n{text}"
    );
}

#[test]
fn the_hint_puts_the_cursor_on_a_good_move() {
    let mut play =
        GamePlay::<Quantik>::new(config::<Quantik>(vec![Seat::Human, Seat::Human], &[], 1))
            .unwrap();
    // Player 1 can complete row 1 with a sphere at d1.
    play.play_typed("Ca1 Cc4 Yb1 Yd3 Oc1 Od4");
    assert_eq!(play.session().moves().len(), 6);
    press(&mut play, KeyCode::Char('?'));
    tick_until(&mut play, |p| p.message().starts_with("Hint"));
    // Two moves win at once: the sphere completing row 1 or the bottom-right region.
    let cursor = play.cursor().map(|c| play.cell_name(c)).unwrap_or_default();
    assert!(["d1", "c3"].contains(&cursor.as_str()), "{cursor}");
    assert_eq!(play.message(), format!("Hint: S{cursor}."));
    let lines = screen(&mut play, 80, 24);
    assert_eq!(
        lines[22],
        format!("⏎ plays the hint S{cursor}"),
        "one promise"
    );
    press(&mut play, KeyCode::Enter);
    assert!(play.session().state().outcome().is_some());
    let lines = screen(&mut play, 80, 24);
    let text = lines.join("\n");
    assert!(text.contains("Game over"), "{text}");
    assert!(text.contains("Player 1 wins"), "{text}");
    // The winning unit is marked as deciding, in the picture the screen draws.
    assert_eq!(play.picture().deciding.len(), 4);
    assert_eq!(press(&mut play, KeyCode::Char('q')), GameAction::Quit);
    assert!(!play.in_progress());
}

#[test]
fn a_whole_nudge_turn_may_be_typed_on_one_line() {
    let mut play =
        GamePlay::<Nudge>::new(config::<Nudge>(vec![Seat::Human, Seat::Human], &[], 1)).unwrap();
    press(&mut play, KeyCode::Char(':'));
    typing(&mut play, "b2d d2d");
    press(&mut play, KeyCode::Enter);
    assert_eq!(play.session().record().moves, ["b2d", "d2d"]);
    assert_eq!(play.session().state().to_move(), Some(Player(1)));
    // One bad move in a line: the ones before it stay played, and the message says so.
    press(&mut play, KeyCode::Char(':'));
    typing(&mut play, "c4u b4u");
    press(&mut play, KeyCode::Enter);
    assert_eq!(play.session().moves().len(), 3);
    assert!(
        play.message().contains("the moves before it were played"),
        "{}",
        play.message()
    );
}
