//! Q!nto on the game screen: hidden hands and piles, trades, tiles put down by pointing and
//! drawn in their colours, and a seed never shown.

use super::*;

fn qinto(seats: Vec<Seat>, seed: u64) -> GamePlay<Qinto> {
    let mut play = GamePlay::<Qinto>::new(config::<Qinto>(seats, &[], seed)).unwrap();
    for (i, seat) in play.config.seats.clone().into_iter().enumerate() {
        if seat != Seat::Human {
            play.table.set_agent(Player(i as u8), Box::new(Secretive));
        }
    }
    play
}

fn typed<G: Engine>(play: &mut GamePlay<G>, text: &str) {
    press(play, KeyCode::Char(':'));
    typing(play, text);
    press(play, KeyCode::Enter);
}

#[test]
fn a_computers_trade_reads_as_a_count_in_the_move_list_and_the_message() {
    let mut play = qinto(vec![Seat::Human, Seat::Computer(Level::Random)], 3);
    typed(&mut play, "pass");
    tick_until(&mut play, |p| p.session().moves().len() == 2);
    let trade = play.session().record().moves[1].clone();
    let count = trade.split_whitespace().count() - 1;
    assert!(count > 0, "the computer traded: {trade}");
    assert_eq!(
        play.message(),
        format!("Player 2 (random) played pass (traded {count}).")
    );
    let text = screen(&mut play, 120, 30).join("\n");
    assert!(
        text.contains(&format!("Player 2 pass (traded {count})")),
        "{text}"
    );
    assert!(!text.contains(&trade), "{text}");
    // The human's own trade reads in full to the human.
    let own = play
        .session()
        .state()
        .hand(Player(0))
        .tiles()
        .take(2)
        .map(|t| t.to_string())
        .collect::<Vec<_>>()
        .join(" ");
    typed(&mut play, &format!("pass {own}"));
    assert_eq!(play.message(), format!("You played pass {own}."));
}

#[test]
fn with_two_humans_and_a_computer_no_hand_shows_while_the_computer_moves() {
    // Whose hand tiles the board shows, by seat.
    fn hands(play: &GamePlay<Qinto>) -> Vec<usize> {
        play.picture()
            .reserves
            .iter()
            .filter(|r| !r.items.is_empty())
            .map(|r| r.seat)
            .collect()
    }
    let mut play = qinto(
        vec![Seat::Human, Seat::Human, Seat::Computer(Level::Random)],
        5,
    );
    press(&mut play, KeyCode::Enter);
    assert_eq!(hands(&play), [0]);
    let text = screen(&mut play, 120, 30).join("\n");
    assert!(
        text.contains("▒▒▒▒▒"),
        "the others' hands face down:\n{text}"
    );
    typed(&mut play, "pass");
    press(&mut play, KeyCode::Enter);
    assert_eq!(hands(&play), [1]);
    let text = screen(&mut play, 120, 30).join("\n");
    assert!(
        text.contains("5 in hand, 15 in the face-down pile"),
        "{text}"
    );
    typed(&mut play, "pass");
    // The computer to move: the board shows only what no seat may hide.
    let text = screen(&mut play, 120, 30).join("\n");
    assert!(text.contains("Player 3 (random) to move"), "{text}");
    assert!(hands(&play).is_empty());
    play.tick();
    assert!(hands(&play).is_empty());
    tick_until(&mut play, |p| p.session().moves().len() == 3);
    assert_eq!(play.handover(), Some(Player(0)));
    let text = screen(&mut play, 120, 30).join("\n");
    assert!(hands(&play).is_empty());
    assert!(
        text.contains("Player 3 (random) played pass (traded"),
        "{text}"
    );
}

#[test]
fn undo_over_a_move_that_drew_tiles_is_refused_with_the_reason() {
    let mut play = qinto(vec![Seat::Human, Seat::Human], 3);
    press(&mut play, KeyCode::Enter);
    let state = play.session().state().clone();
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let first = moves
        .iter()
        .find(|mv| matches!(mv, QintoMove::Play(_)))
        .map(|&mv| state.format_move(mv))
        .unwrap();
    typed(&mut play, &first);
    press(&mut play, KeyCode::Enter);
    press(&mut play, KeyCode::Char('u'));
    assert_eq!(
        play.message(),
        "Cannot undo: the tiles drawn by that move are now known; it cannot be taken back \
         (move 1)."
    );
    assert_eq!(play.session().moves().len(), 1);
    // A pass draws nothing: it can be taken back.
    typed(&mut play, "pass");
    press(&mut play, KeyCode::Enter);
    press(&mut play, KeyCode::Char('u'));
    assert_eq!(play.session().moves().len(), 1, "{}", play.message());
}

#[test]
fn on_an_empty_qinto_grid_enter_plays_the_hint() {
    let mut play = qinto(vec![Seat::Human, Seat::Computer(Level::Random)], 3);
    press(&mut play, KeyCode::Char('?'));
    tick_until(&mut play, |p| p.message().starts_with("Hint"));
    let hint = play.hint.clone().unwrap();
    let text = screen(&mut play, 120, 30).join("\n");
    assert!(text.contains(&format!("⏎ plays the hint {hint}")), "{text}");
    press(&mut play, KeyCode::Enter);
    assert_eq!(play.session().record().moves.first(), Some(&hint));
}

#[test]
fn the_seed_of_a_qinto_game_is_never_on_screen() {
    let seed: u64 = 8_070_605_040_302_010;
    let digits = seed.to_string();
    let seen = |play: &mut GamePlay<Qinto>| screen(play, 120, 30).join("\n");
    let mut play = qinto(vec![Seat::Human, Seat::Computer(Level::Random)], seed);
    let mut texts = vec![seen(&mut play)];
    assert!(
        texts[0].contains("Player 1 (human) vs Player 2 (random)"),
        "{}",
        texts[0]
    );
    typed(&mut play, "pass");
    tick_until(&mut play, |p| p.session().moves().len() == 2);
    texts.push(seen(&mut play));
    // Nor any part of it in the default name of a saved game.
    press(&mut play, KeyCode::Char('s'));
    let saving = seen(&mut play);
    assert!(saving.contains("Save to: tabuleiro-qinto.json"), "{saving}");
    texts.push(saving);
    press(&mut play, KeyCode::Esc);
    // Not even at the end, which undo can reopen.
    let mut over = GamePlay::<Qinto>::new(config::<Qinto>(
        vec![Seat::Computer(Level::Random), Seat::Computer(Level::Random)],
        &[("max_turns", "6")],
        seed,
    ))
    .unwrap();
    tick_until(&mut over, |p| p.session().state().outcome().is_some());
    texts.push(seen(&mut over));
    for text in &texts {
        assert!(!text.contains(&digits), "{text}");
        assert!(!text.contains("seed"), "{text}");
    }
}

#[test]
fn qinto_tiles_are_put_down_by_pointing_and_drawn_in_their_colours() {
    let mut play = qinto(vec![Seat::Human, Seat::Computer(Level::Random)], 11);
    // A first play of two tiles, each picked with Tab and put down with Enter.
    let (index, gesture) = play
        .gestures
        .iter()
        .enumerate()
        .find(|(_, g)| g.pieces.len() == 2)
        .map(|(i, g)| (i, g.clone()))
        .expect("a play of two tiles");
    let wanted = play.session().state().format_move(play.legal[index]);
    for piece in &gesture.pieces {
        for _ in 0..10 {
            if play.pick.as_ref().is_some_and(|p| p.token == piece.token) {
                break;
            }
            press(&mut play, KeyCode::Tab);
        }
        assert_eq!(
            play.pick.as_ref().map(|p| p.token.clone()),
            Some(piece.token.clone())
        );
        let cell = piece.cell.expect("a cell");
        let name = play.cell_name(cell);
        go_to(&mut play, &name);
        press(&mut play, KeyCode::Enter);
    }
    if play.session().moves().is_empty() {
        assert!(play.message().starts_with("x plays"), "{}", play.message());
        press(&mut play, KeyCode::Char('x'));
    }
    assert_eq!(play.session().record().moves.first(), Some(&wanted));
    press(&mut play, KeyCode::Down);
    for piece in &gesture.pieces {
        let cell = piece.cell.expect("a cell");
        let drawn = drawn_at(&mut play, cell);
        let tile = play
            .picture()
            .pieces_at(cell)
            .next()
            .expect("the tile is drawn")
            .clone();
        let expected = match tile.ink {
            tabuleiro_core::Ink::Red => Color::LightRed,
            tabuleiro_core::Ink::Green => Color::LightGreen,
            tabuleiro_core::Ink::Blue => Color::LightBlue,
            tabuleiro_core::Ink::Yellow => Color::Yellow,
            tabuleiro_core::Ink::Black => Color::Gray,
            _ => Color::Magenta,
        };
        assert_eq!(drawn.fg, expected, "{} in its colour", tile.label);
    }
}

#[test]
fn a_qinto_trade_is_picked_with_t_and_played_with_x() {
    let mut play = qinto(vec![Seat::Human, Seat::Computer(Level::Random)], 12);
    let hand: Vec<String> = play
        .session()
        .state()
        .hand(Player(0))
        .tiles()
        .map(|t| t.to_string())
        .collect();
    let first = play.pick.clone().expect("a tile to pick");
    press(&mut play, KeyCode::Char('t'));
    assert!(
        play.message().starts_with("x plays pass"),
        "{}",
        play.message()
    );
    press(&mut play, KeyCode::Char('x'));
    let played = play
        .session()
        .record()
        .moves
        .first()
        .cloned()
        .unwrap_or_default();
    assert_eq!(played, format!("pass {}", first.token));
    assert!(hand.contains(&first.token));
}

/// A game of two humans in which each play reaches as far from row 0 as it can (a pass
/// when none can be made), until the grid drawn spans at least `rows` rows.
fn tall_qinto(rows: usize) -> GamePlay<Qinto> {
    let mut play = qinto(vec![Seat::Human, Seat::Human], 3);
    for _ in 0..80 {
        if play.handover().is_some() {
            press(&mut play, KeyCode::Enter);
        }
        if play.picture().board.rows.len() >= rows || play.session().state().outcome().is_some() {
            break;
        }
        let reach = |g: &Gesture| g.all_cells().iter().map(|c| c.y.abs()).max();
        let best = play
            .legal
            .iter()
            .zip(&play.gestures)
            .max_by_key(|(_, g)| reach(g))
            .map(|(&mv, _)| play.session().state().format_move(mv))
            .expect("a legal move");
        play.play_typed(&best);
    }
    if play.handover().is_some() {
        press(&mut play, KeyCode::Enter);
    }
    play
}

/// Whether `cell` is drawn on the screen `lines` as the board's geometry says: its row's
/// label at the start of its line, inside the board's frame.
fn shown_whole(play: &GamePlay<Qinto>, lines: &[String], cell: PictureCell) -> Result<(), String> {
    let (ox, oy) = play.board_origin.ok_or("the board was not drawn")?;
    let (_, y) = play
        .geometry
        .position(cell)
        .ok_or_else(|| format!("{cell:?} is not on the board drawn"))?;
    let line: String = lines
        .get(usize::from(oy) + y)
        .map(|l| l.chars().skip(usize::from(ox)).collect())
        .unwrap_or_default();
    let label = cell.y.to_string();
    // Lines past the frame are the status lines, or nothing.
    let frame = lines
        .get(usize::from(oy) + y)
        .and_then(|l| l.chars().nth(usize::from(ox) - 1))
        .unwrap_or(' ');
    if frame == '│' && line.trim_start().starts_with(&format!("{label} ")) {
        Ok(())
    } else {
        Err(format!("row {label} of {cell:?} is not on screen"))
    }
}

#[test]
fn a_qinto_grid_taller_than_the_terminal_keeps_the_cursor_and_the_last_play_in_view() {
    let mut play = tall_qinto(30);
    let rows = play.picture().board.rows.len();
    assert!(rows >= 30, "the grid spans {rows} rows");
    let lines = screen(&mut play, 80, 24);
    let text = lines.join("\n");
    let cursor = play.cursor().expect("a cursor");
    shown_whole(&play, &lines, cursor).unwrap_or_else(|e| panic!("{e}:\n{text}"));
    // The column labels stay above the cells, and the frame says there is more.
    let (ox, oy) = play.board_origin.expect("drawn");
    let header: String = lines[usize::from(oy)]
        .chars()
        .skip(usize::from(ox))
        .collect();
    assert!(
        header.split_whitespace().any(|l| l == cursor.x.to_string()),
        "{text}"
    );
    assert!(text.contains("more cells "), "{text}");
    // On a tile of the last play, the whole play is in view.
    let last = play.picture().last.clone();
    let name = play.cell_name(last[0]);
    go_to(&mut play, &name);
    let lines = screen(&mut play, 80, 24);
    for &cell in &last {
        shown_whole(&play, &lines, cell).unwrap_or_else(|e| panic!("{e}:\n{}", lines.join("\n")));
    }
    // The cursor goes to the bottom row, then the top row: the view follows it.
    for (key, edge) in [(KeyCode::Down, rows - 1), (KeyCode::Up, 0)] {
        for _ in 0..rows {
            press(&mut play, key);
        }
        let lines = screen(&mut play, 80, 24);
        let cursor = play.cursor().expect("a cursor");
        assert_eq!(cursor.y, play.picture().board.rows.first + edge as i32);
        shown_whole(&play, &lines, cursor).unwrap_or_else(|e| panic!("{e}:\n{}", lines.join("\n")));
    }
}
