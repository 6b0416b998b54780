//! The screen at 80 × 24, 120 × 40 and 160 × 48: the board's cells as big as the room allows
//! (measured between the grid lines drawn), every panel's words whole at 80 × 24 (wrapped, or
//! the legend behind `i`), and the line under the status naming the one thing Enter does.

use super::*;

/// The board's cells as drawn on `lines`: (characters across, lines down) between the grid
/// lines around the first cell, and how many cells across and down; `None` without a grid.
fn measured(lines: &[String]) -> Option<((usize, usize), (usize, usize))> {
    let grid: Vec<Vec<char>> = lines.iter().map(|l| l.chars().collect()).collect();
    // The grid's top-left corner, inside the board's panel (whose own corner is at 0).
    let (y0, x0) = grid.iter().enumerate().skip(2).find_map(|(y, line)| {
        line.iter()
            .position(|&c| c == '┌')
            .filter(|&x| (1..20).contains(&x))
            .map(|x| (y, x))
    })?;
    let across: Vec<usize> = (x0..grid[y0].len())
        .filter(|&x| "┌┬┰┯┳┐┑┒┓".contains(grid[y0][x]))
        .collect();
    let down: Vec<usize> = (y0..grid.len())
        .filter(|&y| {
            grid[y]
                .get(x0)
                .is_some_and(|&c| "┌├┝┞┟┠┡┢┣└┕┖┗".contains(c))
        })
        .collect();
    Some((
        (across[1] - across[0] - 1, down[1] - down[0] - 1),
        (across.len() - 1, down.len() - 1),
    ))
}

#[test]
fn the_quantik_board_grows_with_the_terminal() {
    let mut play = human_vs_random();
    let mut sizes = Vec::new();
    for (width, height) in [(80, 24), (120, 40), (160, 48)] {
        let lines = screen(&mut play, width, height);
        let text = lines.join("\n");
        let (cell, cells) =
            measured(&lines).unwrap_or_else(|| panic!("no grid at {width}×{height}:\n{text}"));
        assert_eq!(
            cells,
            (4, 4),
            "the whole board at {width}×{height}:\n{text}"
        );
        assert_eq!(play.geometry.cell_size(), cell, "{text}");
        let status = usize::from(height) - 3;
        assert_eq!(lines[status], "Player 1 to move", "{text}");
        assert_eq!(lines[status + 1], "cube (1/4) ⏎ plays Ca1", "{text}");
        assert!(text.contains("● sphere (S)"), "the legend too:\n{text}");
        sizes.push(cell);
    }
    let [small, medium, large] = sizes[..] else {
        unreachable!()
    };
    assert!(small.0 >= 3, "{sizes:?}");
    assert!(medium.0 >= 7 && medium.1 >= 3, "{sizes:?}");
    assert!(large.0 >= medium.0 && large.1 >= medium.1, "{sizes:?}");
    // A click in the middle of a big cell points at it.
    let (ox, oy) = play.board_origin.expect("drawn");
    let cell = tabuleiro_core::Cell::new(2, 3);
    let (x, y) = play.geometry.position(cell).expect("on the board");
    assert_eq!(play.geometry.cell_at(x + 1, y + 1), Some(cell));
    play.handle_mouse(ratatui::crossterm::event::MouseEvent {
        kind: ratatui::crossterm::event::MouseEventKind::Down(
            ratatui::crossterm::event::MouseButton::Left,
        ),
        column: ox + x as u16 - 1,
        row: oy + y as u16 - 1,
        modifiers: KeyModifiers::NONE,
    });
    assert_eq!(play.session().record().moves, ["Cc4"]);
}

#[test]
fn every_board_uses_the_room_it_has_and_stays_whole() {
    fn check<G: Engine>(options: &[(&str, &str)]) {
        let mut play =
            GamePlay::<G>::new(config::<G>(vec![Seat::Human, Seat::Human], options, 3)).unwrap();
        if play.handover().is_some() {
            press(&mut play, KeyCode::Enter);
        }
        let mut last = (0, 0);
        for (width, height) in [(80, 24), (120, 40), (160, 48)] {
            let lines = screen(&mut play, width, height);
            let text = lines.join("\n");
            let size = play.geometry.cell_size();
            assert!(
                size.0 >= last.0 && size.1 >= last.1,
                "{} at {width}×{height}:\n{text}",
                G::INFO.name
            );
            last = size;
            let board = &play.picture().board;
            if let Some((_, cells)) = measured(&lines) {
                assert_eq!(cells, (board.columns.len(), board.rows.len()), "{text}");
            }
        }
        assert!(last.0 >= 5, "{}: {last:?}", G::INFO.name);
    }
    check::<Quantik>(&[]);
    check::<Nudge>(&[]);
    check::<Qinto>(&[]);
    check::<Taiji>(&[]);
    check::<Pushee>(&[]);
}

/// Whether every word of `texts` is on `screen` whole.
fn words_whole(texts: &[String], screen: &str) -> Result<(), String> {
    for word in texts.iter().flat_map(|t| t.split_whitespace()) {
        if !screen.contains(word) {
            return Err(format!("{word:?} is not whole on\n{screen}"));
        }
    }
    Ok(())
}

/// Checks at 80 × 24 that the words of the legend, notes, reserves, keys and latest moves
/// are whole on screen, or behind `i` (which the board's frame names), whole there.
fn whole_at_80_by_24<G: Engine>(play: &mut GamePlay<G>) {
    let mut text = screen(play, 80, 24).join("\n");
    let picture = play.picture().clone();
    let mut texts: Vec<String> = picture.legend.iter().map(|k| k.meaning.clone()).collect();
    texts.extend(picture.notes.iter().cloned());
    texts.extend(picture.reserves.iter().map(|r| r.note.clone()));
    texts.extend(view::key_lines(play).iter().map(ToString::to_string));
    let moves = play.session().moves().len();
    texts.extend((moves.saturating_sub(2)..moves).map(|i| play.move_text(i)));
    if text.contains("i: more") {
        press(play, KeyCode::Char('i'));
        let more = screen(play, 80, 24).join("\n");
        assert!(more.contains("More (any key closes)"), "{more}");
        press(play, KeyCode::Char('i'));
        assert!(!screen(play, 80, 24).join("\n").contains("More (any key"));
        text.push('\n');
        text.push_str(&more);
    }
    words_whole(&texts, &text).unwrap();
}

#[test]
fn at_80_by_24_no_panel_cuts_a_word() {
    fn played<G: Engine>(moves: usize) -> GamePlay<G> {
        let mut play = GamePlay::<G>::new(config::<G>(
            vec![Seat::Computer(Level::Random), Seat::Computer(Level::Random)],
            &[],
            5,
        ))
        .unwrap();
        press(&mut play, KeyCode::Char('+'));
        press(&mut play, KeyCode::Char('+'));
        tick_until(&mut play, |p| {
            p.session().moves().len() >= moves || p.session().state().outcome().is_some()
        });
        press(&mut play, KeyCode::Char('p'));
        play
    }
    fn fresh<G: Engine>(options: &[(&str, &str)]) -> GamePlay<G> {
        GamePlay::<G>::new(config::<G>(
            vec![Seat::Human, Seat::Computer(Level::Random)],
            options,
            3,
        ))
        .unwrap()
    }
    whole_at_80_by_24(&mut fresh::<Quantik>(&[]));
    whole_at_80_by_24(&mut fresh::<Nudge>(&[]));
    whole_at_80_by_24(&mut fresh::<Qinto>(&[]));
    whole_at_80_by_24(&mut fresh::<Taiji>(&[]));
    whole_at_80_by_24(&mut fresh::<Pushee>(&[]));
    // Later on: long Q!nto turns in the move list, a grown grid; Pushee's scores.
    whole_at_80_by_24(&mut played::<Qinto>(12));
    whole_at_80_by_24(&mut played::<Pushee>(8));
    whole_at_80_by_24(&mut played::<Taiji>(10));
}

/// The line under the status, drawn 120 × 40.
fn enter_line<G: Engine>(play: &mut GamePlay<G>) -> String {
    let line = screen(play, 120, 40)[38].clone();
    assert!(
        line.matches('⏎').count() <= 1,
        "one promise for Enter: {line}"
    );
    line
}

#[test]
fn with_a_hint_enter_promises_only_what_it_does() {
    let mut play =
        GamePlay::<Quantik>::new(config::<Quantik>(vec![Seat::Human, Seat::Human], &[], 1))
            .unwrap();
    play.play_typed("Ca1 Cc4 Yb1 Yd3");
    press(&mut play, KeyCode::Char('?'));
    tick_until(&mut play, |p| p.message().starts_with("Hint"));
    let hint = play.hint.clone().expect("a hint");
    assert_eq!(enter_line(&mut play), format!("⏎ plays the hint {hint}"));
    // Away from the hint's cell, Enter plays the pick there, and says only that.
    let anchor = play.cursor().expect("a cursor");
    let cells: Vec<tabuleiro_core::Cell> = play.picture().board.cells().collect();
    let mut promised = None;
    for cell in cells.into_iter().filter(|&c| c != anchor) {
        let name = play.cell_name(cell);
        go_to(&mut play, &name);
        let line = enter_line(&mut play);
        assert!(!line.contains("hint"), "{line}");
        if let Some((_, mv)) = line.split_once("⏎ plays ") {
            promised = Some(mv.to_owned());
            break;
        }
    }
    let promised = promised.expect("a cell where the pick goes");
    press(&mut play, KeyCode::Enter);
    assert_eq!(play.session().record().moves.last(), Some(&promised));
}

#[test]
fn when_enter_trades_the_line_says_it_trades() {
    let mut play = GamePlay::<Qinto>::new(config::<Qinto>(
        vec![Seat::Human, Seat::Computer(Level::Random)],
        &[],
        12,
    ))
    .unwrap();
    play.table
        .set_agent(Player(1), Box::new(crate::play::testing::Secretive));
    let line = enter_line(&mut play);
    assert!(
        line.contains("⏎ makes ") && line.contains("(x then plays it)"),
        "{line}"
    );
    // Two tiles taken to trade, then the trade itself picked.
    press(&mut play, KeyCode::Char('t'));
    press(&mut play, KeyCode::Char('t'));
    let tiles: Vec<String> = play
        .pointing
        .made()
        .pieces
        .iter()
        .map(|p| p.token.clone())
        .collect();
    assert_eq!(tiles.len(), 2, "{}", play.message());
    for _ in 0..10 {
        if play.pick_label().is_some_and(|l| l.starts_with("Trade")) {
            break;
        }
        press(&mut play, KeyCode::Tab);
    }
    let line = enter_line(&mut play);
    let traded = tiles.join(" ");
    assert!(
        line.ends_with(&format!("⏎ trades {traded} · t for pass")),
        "{line}"
    );
    press(&mut play, KeyCode::Enter);
    assert_eq!(
        play.session().record().moves.first(),
        Some(&format!("pass {traded}"))
    );
}
