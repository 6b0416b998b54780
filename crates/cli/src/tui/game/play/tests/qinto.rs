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
        format!("Player 2 (secretive) played pass (traded {count}).")
    );
    let text = screen(&mut play, 120, 30).join("\n");
    assert!(
        text.contains(&format!("P2 pass (traded {count})")),
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
        text.contains("Player 3 (secretive) played pass (traded"),
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
    assert!(texts[0].contains("P1 human vs P2 random"), "{}", texts[0]);
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
