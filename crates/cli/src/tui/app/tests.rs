//! The whole app driven by keys, without a terminal: menu, rules, a game, confirmations.

use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

use super::*;

fn press(app: &mut App, code: KeyCode) {
    app.handle_key(KeyEvent::new(code, KeyModifiers::NONE));
}

fn screen(app: &mut App) -> Vec<String> {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal.draw(|frame| app.render(frame)).unwrap();
    let buffer = terminal.backend().buffer();
    (0..24)
        .map(|y| {
            (0..80)
                .map(|x| buffer[(x, y)].symbol().to_owned())
                .collect::<String>()
                .trim_end()
                .to_owned()
        })
        .collect()
}

#[test]
fn the_menu_at_80_by_24() {
    let mut app = App::new();
    let lines = screen(&mut app);
    assert_eq!(
        lines[..11],
        [
            "  tabuleiro  abstract strategy games",
            " ┌ New game ──────────────────────────────────────────────────────────────────┐",
            " │› Game              ◀ Quantik ▶                                             │",
            " │  Mode              ◀ Human vs Computer ▶                                   │",
            " │  You play          ◀ player 1 ▶                                            │",
            " │  Player 2 is       ◀ hard: searches a second per move ▶                    │",
            " │  first             ◀ 1 ▶                                                   │",
            " │  ▶ Start                                                                   │",
            " │  Rules                                                                     │",
            " │  Load a saved game                                                         │",
            " │  Quit                                                                      │",
        ]
    );
    assert_eq!(
        lines[23],
        " ↑↓ choose · ←→ change · ⏎ start · r rules · o load · q quit"
    );
}

#[test]
fn every_game_has_a_menu_and_a_rules_screen() {
    let mut app = App::new();
    for _ in 0..REGISTRY.games().len() {
        let info = app.menu.info();
        let text = screen(&mut app).join("\n");
        assert!(text.contains(info.name), "{text}");
        press(&mut app, KeyCode::Char('r'));
        let text = screen(&mut app).join("\n");
        assert!(text.contains(&format!("Rules of {}", info.name)), "{text}");
        press(&mut app, KeyCode::Down);
        press(&mut app, KeyCode::Esc);
        assert!(matches!(app.screen, Screen::Menu));
        press(&mut app, KeyCode::Right);
    }
    assert_eq!(app.menu.info().id, REGISTRY.games()[0].id);
}

#[test]
fn quantik_against_random_from_the_menu_then_quit_with_confirmation() {
    let mut app = App::new();
    for code in [KeyCode::Down, KeyCode::Down, KeyCode::Down] {
        press(&mut app, code);
    }
    for _ in 0..3 {
        press(&mut app, KeyCode::Left);
    }
    press(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Game(_)));
    let text = screen(&mut app).join("\n");
    assert!(text.contains("P1 human vs P2 random"), "{text}");
    press(&mut app, KeyCode::Enter);
    let start = Instant::now();
    while !screen(&mut app).join("\n").contains("Moves (2)") {
        assert!(start.elapsed() < Duration::from_secs(10));
        app.tick();
        std::thread::sleep(Duration::from_millis(5));
    }
    // A game in progress: quitting asks first; n keeps playing, y quits.
    press(&mut app, KeyCode::Char('q'));
    assert_eq!(app.confirm, Some(Confirm::Quit));
    assert!(screen(&mut app).join("\n").contains("Quit tabuleiro?"));
    press(&mut app, KeyCode::Char('n'));
    assert!(!app.should_quit());
    app.handle_key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    press(&mut app, KeyCode::Char('y'));
    assert!(app.should_quit());
}

#[test]
fn loading_a_missing_file_says_so_on_the_menu() {
    let mut app = App::new();
    press(&mut app, KeyCode::Char('o'));
    for c in "/no/such/file.json".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Menu));
    assert!(
        app.menu.message.contains("cannot read /no/such/file.json"),
        "{}",
        app.menu.message
    );
}

#[test]
fn leaving_a_game_without_moves_needs_no_confirmation() {
    let mut app = App::new();
    press(&mut app, KeyCode::Enter);
    assert!(matches!(app.screen, Screen::Game(_)));
    press(&mut app, KeyCode::Esc);
    assert!(matches!(app.screen, Screen::Menu));
    assert_eq!(app.confirm, None);
}

#[test]
fn any_window_size_draws_without_panicking() {
    let mut app = App::new();
    let sizes = [(1, 1), (10, 3), (30, 8), (80, 24), (200, 60)];
    let draw_all = |app: &mut App| {
        for (w, h) in sizes {
            let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
            terminal.draw(|frame| app.render(frame)).unwrap();
        }
    };
    draw_all(&mut app);
    press(&mut app, KeyCode::Char('r'));
    draw_all(&mut app);
    press(&mut app, KeyCode::Esc);
    // Every game's screen, with a confirmation box on top.
    for _ in 0..REGISTRY.games().len() {
        press(&mut app, KeyCode::Enter);
        draw_all(&mut app);
        press(&mut app, KeyCode::Char(' '));
        press(&mut app, KeyCode::Char('q'));
        draw_all(&mut app);
        press(&mut app, KeyCode::Char('y'));
        app = App { quit: false, ..app };
        app.screen = Screen::Menu;
        press(&mut app, KeyCode::Right);
    }
}

#[test]
fn the_rules_open_from_a_game_and_close_back_into_it() {
    let mut app = App::new();
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::F(1));
    assert!(matches!(app.screen, Screen::Rules(_, Some(_))));
    assert!(screen(&mut app).join("\n").contains("Rules of Quantik"));
    press(&mut app, KeyCode::Esc);
    let Screen::Game(game) = &app.screen else {
        panic!("back in the game");
    };
    assert!(game.in_progress(), "the move played before is still there");
}
