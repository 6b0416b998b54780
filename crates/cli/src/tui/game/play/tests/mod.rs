//! The game screen driven by keys, without a terminal, and drawn into a `TestBackend`.

use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use ratatui::style::Color;
use tabuleiro_ai::{Level, Seat};
use tabuleiro_core::picture::Shape;
use tabuleiro_core::{
    Axis, Board, Cell as PictureCell, Engine, EngineInfo, Game, GameInfo, GameRng, Gesture,
    IllegalMove, Ink, Options, Outcome, Perspective, Picture, Piece, Placed, Player, SearchKind,
    Setup, SetupError, SyntaxError,
};
use tabuleiro_games::nudge::Nudge;
use tabuleiro_games::pushee::Pushee;
use tabuleiro_games::qinto::{Qinto, QintoMove};
use tabuleiro_games::quantik::Quantik;
use tabuleiro_games::taiji::Taiji;

use super::*;
use crate::play::testing::Secretive;

mod drawing;
mod hidden_hands;
mod keys;
mod layout;
mod qinto;
mod session;

fn config<G: Game>(seats: Vec<Seat>, options: &[(&str, &str)], seed: u64) -> GameConfig {
    GameConfig {
        setup: Setup {
            players: seats.len(),
            options: Options::new(G::INFO, options.iter().copied()).unwrap(),
            seed,
        },
        seats,
        save: None,
    }
}

fn press<G: Engine>(play: &mut GamePlay<G>, code: KeyCode) -> GameAction {
    play.handle_key(KeyEvent::new(code, KeyModifiers::NONE))
}

fn typing<G: Engine>(play: &mut GamePlay<G>, text: &str) {
    for c in text.chars() {
        press(play, KeyCode::Char(c));
    }
}

/// Ticks until `done` holds (computer players think on other threads), at most 10 s.
fn tick_until<G: Engine>(play: &mut GamePlay<G>, done: impl Fn(&GamePlay<G>) -> bool) {
    let start = Instant::now();
    while !done(play) {
        assert!(start.elapsed() < Duration::from_secs(10), "timed out");
        play.tick();
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// The screen as text lines.
fn screen<G: Engine>(play: &mut GamePlay<G>, width: u16, height: u16) -> Vec<String> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).unwrap();
    terminal
        .draw(|frame| play.render(frame, frame.area()))
        .unwrap();
    let buffer = terminal.backend().buffer();
    (0..height)
        .map(|y| {
            (0..width)
                .map(|x| buffer[(x, y)].symbol().to_owned())
                .collect::<String>()
                .trim_end()
                .to_owned()
        })
        .collect()
}

fn human_vs_random() -> GamePlay<Quantik> {
    GamePlay::new(config::<Quantik>(
        vec![Seat::Human, Seat::Computer(Level::Random)],
        &[],
        7,
    ))
    .unwrap()
}

/// Moves the cursor to the cell named `name` with the arrow keys.
fn go_to<G: Engine>(play: &mut GamePlay<G>, name: &str) {
    let board = play.picture().board.clone();
    let target = board
        .cells()
        .find(|&c| play.cell_name(c) == name)
        .unwrap_or_else(|| panic!("no cell {name}"));
    let here = play.cursor().expect("a cursor");
    let (dx, dy) = (target.x - here.x, target.y - here.y);
    for _ in 0..dx.abs() {
        press(
            play,
            if dx > 0 {
                KeyCode::Right
            } else {
                KeyCode::Left
            },
        );
    }
    for _ in 0..dy.abs() {
        press(play, if dy > 0 { KeyCode::Down } else { KeyCode::Up });
    }
    assert_eq!(play.cursor(), Some(target));
}

/// The buffer cell where `cell`'s piece is drawn (the screen drawn 100 × 30).
fn drawn_at<G: Engine>(
    play: &mut GamePlay<G>,
    cell: tabuleiro_core::Cell,
) -> ratatui::buffer::Cell {
    let mut terminal = Terminal::new(TestBackend::new(100, 30)).unwrap();
    terminal
        .draw(|frame| play.render(frame, frame.area()))
        .unwrap();
    let (ox, oy) = play.board_origin.expect("the board was drawn");
    let (x, y) = play
        .geometry
        .position(cell)
        .expect("the cell is on the board");
    // Glyphs are centred: the middle character of the cell holds the piece.
    terminal.backend().buffer()[(ox + x as u16, oy + y as u16)].clone()
}
