//! Puzzle play on Quantik's shipped puzzles, driven by keys as a player drives it: the real
//! puzzles and their real solutions, not answers made up for the test.

use std::time::{Duration, Instant};

use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use tabuleiro_ai::puzzles::{PuzzleEntry, shipped};
use tabuleiro_core::{Game, Registry};
use tabuleiro_games::REGISTRY;
use tabuleiro_games::quantik::Quantik;

use super::*;
use crate::tui::app::{App, Screen};
use crate::tui::game::GameAction;
use crate::tui::menu::Row;
use tabuleiro_ai::puzzles::attempt::Stage;

/// Quantik's puzzles in the order puzzle play takes them: by rating, the file's order among
/// equals.
fn by_rating() -> Vec<PuzzleEntry> {
    let mut entries = shipped::<Quantik>().expect("Quantik's puzzles read");
    entries.sort_by(|a, b| a.rating.total_cmp(&b.rating));
    entries
}

/// Puzzle play with every puzzle before `index` (in rating order) solved already.
fn open_at(index: usize) -> (PuzzlePlay<Quantik>, SharedMemory) {
    let memory = SharedMemory::default();
    for entry in &by_rating()[..index] {
        memory.borrow_mut().solve("quantik", &entry.id);
    }
    memory.borrow_mut().miss("quantik");
    let play = PuzzlePlay::<Quantik>::open(memory.clone())
        .expect("the puzzles open")
        .expect("Quantik has puzzles");
    (play, memory)
}

fn press(play: &mut PuzzlePlay<Quantik>, code: KeyCode) -> GameAction {
    play.handle_key(KeyEvent::new(code, KeyModifiers::NONE))
}

/// Types `turn` at the `:` prompt.
fn type_turn(play: &mut PuzzlePlay<Quantik>, turn: &[String]) {
    press(play, KeyCode::Char(':'));
    for c in turn.join(" ").chars() {
        press(play, KeyCode::Char(c));
    }
    press(play, KeyCode::Enter);
}

/// A legal turn of the puzzle's first position that does not reach the solution's.
fn wrong_turn(entry: &PuzzleEntry) -> String {
    let loaded = entry.load::<Quantik>().expect("the puzzle loads");
    let mut right = loaded.state;
    for &mv in &loaded.solution[0] {
        right.play_unchecked(mv);
    }
    let mut moves = Vec::new();
    loaded.state.legal_moves(&mut moves);
    let mv = moves
        .into_iter()
        .find(|&mv| {
            let mut after = loaded.state;
            after.play_unchecked(mv);
            after.position_key() != right.position_key()
        })
        .expect("a puzzle has another turn");
    loaded.state.format_move(mv)
}

fn screen(play: &mut PuzzlePlay<Quantik>) -> String {
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).unwrap();
    terminal
        .draw(|frame| play.render(frame, frame.area()))
        .unwrap();
    let buffer = terminal.backend().buffer();
    (0..24)
        .map(|y| (0..80).map(|x| buffer[(x, y)].symbol()).collect::<String>())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn the_easiest_puzzle_comes_first_and_its_turn_solves_it() {
    let (mut play, memory) = open_at(0);
    let entry = by_rating()[0].clone();
    assert_eq!(play.puzzle().id, entry.id);
    let seat = crate::names::seat(play.attempt().solver());
    assert_eq!(
        play.status_text(),
        format!("{seat} to move: find the only winning turn")
    );
    let text = screen(&mut play);
    assert!(text.contains(&format!("Puzzle {}", entry.id)), "{text}");
    assert!(
        text.contains(&format!("rating {:.0}", entry.rating)),
        "{text}"
    );
    assert!(text.contains(&entry.themes[0]), "{text}");
    assert!(text.contains("find the only winning turn"), "{text}");
    assert!(text.contains("solution / next puzzle"), "{text}");

    assert_eq!(entry.solution.len(), 1, "a win in one");
    type_turn(&mut play, &entry.solution[0]);
    assert_eq!(
        play.board().message(),
        "Solved! Streak: 1. n: the next puzzle."
    );
    assert_eq!(play.attempt().stage(), Stage::Solved);
    assert!(play.status_text().starts_with("Solved!"));
    assert!(memory.borrow().is_solved(&entry.id));
    assert!(screen(&mut play).contains("streak 1"));

    // Opened again, it starts from the next one.
    let again = PuzzlePlay::<Quantik>::open(memory).unwrap().unwrap();
    assert_eq!(again.puzzle().id, by_rating()[1].id);
}

#[test]
fn a_wrong_turn_is_taken_back_and_ends_the_streak() {
    let (mut play, memory) = open_at(0);
    let first = by_rating()[0].clone();
    type_turn(&mut play, &first.solution[0]);
    press(&mut play, KeyCode::Char('n'));
    let second = by_rating()[1].clone();
    assert_eq!(play.puzzle().id, second.id);
    let start = play.attempt().turn_start();
    let position = play.board().session().state().position_key();

    let wrong = wrong_turn(&second);
    type_turn(&mut play, std::slice::from_ref(&wrong));
    assert_eq!(
        play.board().message(),
        format!("You played {wrong}. That is not the only win — try again.")
    );
    assert_eq!(play.board().session().moves().len(), start);
    assert_eq!(play.board().session().state().position_key(), position);
    assert_eq!(play.attempt().stage(), Stage::Solving);
    assert!(play.attempt().failed());
    assert_eq!(memory.borrow().streak("quantik"), 0);

    // The right turn still solves it, but the miss keeps it off the streak.
    type_turn(&mut play, &second.solution[0]);
    assert!(
        play.board().message().starts_with("Solved! After a miss"),
        "{}",
        play.board().message()
    );
    assert!(!memory.borrow().is_solved(&second.id));
}

/// The index in rating order of the easiest puzzle with two turns of the solver to find.
fn longer_puzzle() -> usize {
    by_rating()
        .iter()
        .position(|e| e.solution.len() >= 3)
        .expect("a Quantik puzzle of two turns")
}

#[test]
fn a_right_turn_with_more_to_come_is_answered_from_the_solution() {
    let index = longer_puzzle();
    let (mut play, memory) = open_at(index);
    let entry = by_rating()[index].clone();
    assert_eq!(play.puzzle().id, entry.id);
    let start = play.attempt().turn_start();

    type_turn(&mut play, &entry.solution[0]);
    let answer = entry.solution[1].join(" ");
    let message = play.board().message().to_owned();
    assert!(message.starts_with("Best move! Player "), "{message}");
    assert!(message.contains(&format!("answers {answer}")), "{message}");
    let session = play.board().session();
    assert_eq!(session.moves().len(), start + 2);
    let last = session.moves().len() - 1;
    assert_eq!(
        session.positions()[last].format_move(session.moves()[last]),
        answer
    );
    assert!(play.status_text().contains("find the only winning turn"));

    type_turn(&mut play, &entry.solution[2]);
    assert_eq!(
        play.board().message(),
        "Solved! Streak: 1. n: the next puzzle."
    );
    assert_eq!(memory.borrow().streak("quantik"), 1);
}

#[test]
fn the_solution_is_shown_move_by_move_and_counts_as_failed() {
    let index = longer_puzzle();
    let (mut play, memory) = open_at(index);
    let entry = by_rating()[index].clone();
    let start = play.attempt().turn_start();
    play.set_pace(Duration::ZERO);

    press(&mut play, KeyCode::Char('s'));
    assert_eq!(play.attempt().stage(), Stage::Showing);
    assert_eq!(play.board().session().moves().len(), start + 1);
    assert_eq!(
        play.board().message(),
        format!("The solution: {} …", entry.solution[0][0])
    );
    let began = Instant::now();
    while play.attempt().stage() == Stage::Showing {
        assert!(began.elapsed() < Duration::from_secs(10));
        play.tick();
    }
    let moves: Vec<&String> = entry.solution.iter().flatten().collect();
    assert_eq!(play.board().session().moves().len(), start + moves.len());
    assert_eq!(
        play.board().message(),
        format!(
            "The solution ends with {}. n: the next puzzle.",
            moves[moves.len() - 1]
        )
    );
    assert!(play.attempt().failed());
    assert!(!memory.borrow().is_solved(&entry.id));
    assert!(
        play.status_text()
            .starts_with("Solution shown (the puzzle counts as failed)")
    );
    // The board takes no more moves; n brings the next puzzle.
    press(&mut play, KeyCode::Enter);
    assert!(play.board().message().starts_with("This puzzle is over"));
    press(&mut play, KeyCode::Char('n'));
    assert_eq!(play.puzzle().id, by_rating()[index + 1].id);
    assert_eq!(play.attempt().stage(), Stage::Solving);
}

/// Whether a game ships puzzles.
struct Ships;

impl GameVisitor for Ships {
    type Output = bool;
    fn visit<G: Engine>(self) -> bool {
        !G::puzzles().trim().is_empty()
    }
}

#[test]
fn the_menu_opens_puzzles_and_says_when_a_game_has_none() {
    let mut app = App::new();
    app.menu.focus_on(Row::Puzzles);
    app.handle_key(KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE));
    assert!(matches!(app.screen, Screen::Game(_)));
    app.handle_key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE));
    assert!(matches!(app.screen, Screen::Menu));
    // Every game without puzzles says so (Q!nto); the others open them.
    for info in REGISTRY.games() {
        app.open_puzzles(info.id);
        let opened = matches!(app.screen, Screen::Game(_));
        let ships = REGISTRY.visit(info.id, Ships).unwrap();
        assert_eq!(opened, ships, "{}: {}", info.id, app.menu.message);
        if !opened {
            assert!(
                app.menu
                    .message
                    .starts_with(&format!("{} has no puzzles", info.name)),
                "{}",
                app.menu.message
            );
        }
        app.screen = Screen::Menu;
    }
}
