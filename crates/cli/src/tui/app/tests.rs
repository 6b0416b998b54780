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
        lines[..12],
        [
            "  tabuleiro  abstract strategy games",
            " ┌ New game ──────────────────────────────────────────────────────────────────┐",
            " │› Game              ◀ Quantik ▶                                             │",
            " │  Mode              ◀ Against the computer ▶                                │",
            " │  You play          ◀ Player 1 ▶                                            │",
            " │  Player 2 is       ◀ hard: searches a second per move ▶                    │",
            " │  First player      ◀ 1 ▶                                                   │",
            " │  ▶ Start                                                                   │",
            " │  Puzzles                                                                   │",
            " │  Rules                                                                     │",
            " │  Load a saved game                                                         │",
            " │  Quit                                                                      │",
        ]
    );
    assert_eq!(
        lines[23],
        " ↑↓ choose · ←→ change · ⏎ start · p puzzles · r rules · o load · q quit"
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
    assert!(
        text.contains("Player 1 (human) vs Player 2 (random)"),
        "{text}"
    );
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

fn hotseat_quantik(app: &mut App) {
    use crate::play::Seat;
    use tabuleiro_core::{Options, Setup};
    let info = app.menu.info();
    app.start(GameConfig {
        setup: Setup {
            players: 2,
            options: Options::defaults(info),
            seed: 1,
        },
        seats: vec![Seat::Human, Seat::Human],
        save: None,
    });
    assert!(matches!(app.screen, Screen::Game(_)));
}

fn typing(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

#[test]
fn loading_over_a_game_in_progress_asks_first() {
    let dir = std::env::temp_dir().join(format!("tabuleiro-app-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("saved.json");
    let mut app = App::new();
    hotseat_quantik(&mut app);
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Char('s'));
    for _ in 0..60 {
        press(&mut app, KeyCode::Backspace);
    }
    typing(&mut app, path.to_str().unwrap());
    press(&mut app, KeyCode::Enter);
    assert!(path.exists());
    // One more move: the game in progress is no longer the saved one.
    press(&mut app, KeyCode::Char(':'));
    typing(&mut app, "sd4");
    press(&mut app, KeyCode::Enter);
    let moves = |app: &mut App| screen(app).join("\n").contains("Moves (2)");
    assert!(moves(&mut app));

    // o and the file offered: the app asks; n keeps the game.
    press(&mut app, KeyCode::Char('o'));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.confirm, Some(Confirm::Load(path.clone())));
    let text = screen(&mut app).join("\n");
    assert!(text.contains("Load the saved game?"), "{text}");
    assert!(
        text.contains("The game in progress will be lost."),
        "{text}"
    );
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.confirm, None);
    assert!(moves(&mut app), "the game is kept");

    // y loads it.
    press(&mut app, KeyCode::Char('o'));
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Char('y'));
    let text = screen(&mut app).join("\n");
    assert!(
        text.contains("Loaded a game of Quantik at move 1."),
        "{text}"
    );
    assert!(text.contains("Moves (1)"), "{text}");

    // A game without moves is loaded over at once.
    let mut fresh = App::new();
    hotseat_quantik(&mut fresh);
    press(&mut fresh, KeyCode::Char('o'));
    for _ in 0..60 {
        press(&mut fresh, KeyCode::Backspace);
    }
    typing(&mut fresh, path.to_str().unwrap());
    press(&mut fresh, KeyCode::Enter);
    assert_eq!(fresh.confirm, None);
    assert!(screen(&mut fresh).join("\n").contains("Moves (1)"));
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn no_color_draws_without_colours_but_keeps_the_cursor() {
    fn cells(app: &mut App) -> Vec<ratatui::buffer::Cell> {
        let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
        terminal.draw(|frame| app.render(frame)).unwrap();
        terminal.backend().buffer().content.clone()
    }
    let coloured = |c: &ratatui::buffer::Cell| c.fg != Color::Reset || c.bg != Color::Reset;
    let mut app = App::new();
    app.colour = true;
    hotseat_quantik(&mut app);
    assert!(cells(&mut app).iter().any(coloured), "colours by default");
    app.colour = false;
    let drawn = cells(&mut app);
    assert!(!drawn.iter().any(coloured), "no colour with NO_COLOR");
    assert!(
        drawn
            .iter()
            .any(|c| c.modifier.contains(ratatui::style::Modifier::REVERSED)),
        "the cursor still shows"
    );
    let text = screen(&mut app).join("\n");
    assert!(text.contains("[ + ]"), "{text}");
}
