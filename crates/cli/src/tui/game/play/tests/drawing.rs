//! What the screen shows: every board at 80 × 24, the title's seed, and the marks of the
//! last turn and of the cells that decided the game. The board's size at 80 × 24, 120 × 40
//! and 160 × 48, panels wrapped at words, and the one thing Enter does are in [`super::layout`].

use super::*;

#[test]
fn every_game_board_fits_80_by_24_with_cursor_status_and_moves() {
    fn check<G: Engine>(options: &[(&str, &str)], expect: &[&str]) {
        let mut play =
            GamePlay::<G>::new(config::<G>(vec![Seat::Human, Seat::Human], options, 3)).unwrap();
        let lines = screen(&mut play, 80, 24);
        let text = lines.join("\n");
        for e in expect {
            assert!(text.contains(e), "missing {e:?} in\n{text}");
        }
        assert!(lines[1].contains(G::INFO.name), "{text}");
        assert!(lines[21].starts_with("Player 1 to move"), "{text}");
    }
    check::<Quantik>(
        &[],
        &[
            "│  ┌─────┬─────┰─────┬─────┐",
            "│1 │[ + ]│  +  ┃  +  │  +  │",
            "│  ┝━━━━━┿━━━━━╋━━━━━┿━━━━━┥",
            "■ cube (C)",
            "Player 1: ■×2 ▮×2 ▲×2 ●×2",
        ],
    );
    check::<Nudge>(
        &[],
        &[
            "│     a     b     c     d     e",
            "│2 │  ·  │[ ◯ ]│  ◯  │  ◯  │  ·  │",
            "│4 │  ·  │  ●  │  ●  │  ●  │  ·  │",
            "Player 1 to move · move 1 of 2",
        ],
    );
    check::<Taiji>(
        &[("size", "7")],
        &[
            "│    a   b   c   d   e   f   g",
            "│7   +   +   +   +   +   +   +",
            "scores 0 : 0",
        ],
    );
    check::<Pushee>(
        &[("values", "1234/5678/9012/3456"), ("size", "4x4")],
        &[
            "│    a   b   c   d",
            "│1 [ +1] +2  +3  +4",
            "horizontal (1/2) ⏎ plays ha1",
        ],
    );
}

// The seed: shown for games without hidden information, never for Q!nto, whose seed decides
// the whole deal.

#[test]
fn a_quantik_title_shows_the_seed() {
    let mut play = human_vs_random();
    let text = screen(&mut play, 120, 30).join("\n");
    assert!(
        text.contains("Player 1 (human) vs Player 2 (random) · seed 7"),
        "{text}"
    );
    press(&mut play, KeyCode::Char('s'));
    let text = screen(&mut play, 120, 30).join("\n");
    assert!(text.contains("Save to: tabuleiro-quantik-7.json"), "{text}");
}

#[test]
fn the_last_turn_and_the_cells_that_decided_are_marked_on_screen() {
    let mut play =
        GamePlay::<Nudge>::new(config::<Nudge>(vec![Seat::Human, Seat::Human], &[], 1)).unwrap();
    play.play_typed("b2d d2d");
    let last = play.picture().last.clone();
    assert_eq!(last.len(), 4, "both moves of the turn: {last:?}");
    press(&mut play, KeyCode::Char('j'));
    for cell in last {
        let drawn = drawn_at(&mut play, cell);
        assert_eq!(drawn.bg, Color::Rgb(0, 40, 110), "{cell:?} is marked");
        assert!(
            drawn
                .modifier
                .contains(ratatui::style::Modifier::UNDERLINED)
        );
    }

    let mut play =
        GamePlay::<Quantik>::new(config::<Quantik>(vec![Seat::Human, Seat::Human], &[], 1))
            .unwrap();
    play.play_typed("Ca1 Cc4 Yb1 Yd3 Oc1 Od4 Sd1");
    assert!(play.session().state().outcome().is_some());
    let row: Vec<tabuleiro_core::Cell> = (0..4).map(|x| tabuleiro_core::Cell::new(x, 0)).collect();
    let mut deciding = play.picture().deciding.clone();
    deciding.sort();
    assert_eq!(deciding, row, "row 1 won");
    for cell in row {
        assert_eq!(
            drawn_at(&mut play, cell).bg,
            Color::Rgb(140, 30, 0),
            "{cell:?}"
        );
    }
    let text = screen(&mut play, 80, 24).join("\n");
    assert!(
        text.contains(" decided "),
        "the legend explains the mark:\n{text}"
    );
}
