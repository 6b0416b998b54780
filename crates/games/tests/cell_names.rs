//! A cell named beyond the board is refused the same way in every game: as an illegal move
//! that names the board, never as bad syntax; a text that names no cell stays bad syntax.

use tabuleiro_core::{Game, MoveError, Setup};
use tabuleiro_games::nudge::Nudge;
use tabuleiro_games::pushee::Pushee;
use tabuleiro_games::quantik::Quantik;
use tabuleiro_games::taiji::Taiji;

/// Why `text` is refused at the start of `G`'s default game.
fn refusal<G: Game>(text: &str) -> MoveError {
    let state = G::new(&Setup::default_for(G::INFO)).expect("the default setup");
    state.parse_move(text).expect_err("refused")
}

fn assert_off_board<G: Game>(text: &str, expected: &str) {
    match refusal::<G>(text) {
        MoveError::Illegal { error, .. } => {
            assert_eq!(error.reason, expected, "{}: `{text}`", G::INFO.id);
        }
        other @ MoveError::Syntax(_) => panic!("{}: `{text}` gave {other:?}", G::INFO.id),
    }
}

fn assert_syntax<G: Game>(text: &str) {
    assert!(
        matches!(refusal::<G>(text), MoveError::Syntax(_)),
        "{}: `{text}`",
        G::INFO.id
    );
}

#[test]
fn every_game_refuses_a_cell_beyond_its_board_as_an_illegal_move() {
    assert_off_board::<Quantik>("Ce5", "e5 is off the 4x4 board");
    assert_off_board::<Quantik>("s A9", "a9 is off the 4x4 board");
    assert_off_board::<Nudge>("f2r", "f2 is off the 5x5 board");
    assert_off_board::<Nudge>("a6u", "a6 is off the 5x5 board");
    assert_off_board::<Taiji>("z9-z10", "z9 is off the 9x9 board");
    assert_off_board::<Pushee>("hm3", "m3 is off the 6x6 board");
}

#[test]
fn a_text_naming_no_cell_stays_bad_syntax() {
    assert_syntax::<Quantik>("Ce");
    assert_syntax::<Quantik>("Xa1");
    assert_syntax::<Quantik>("Ca0");
    assert_syntax::<Nudge>("f2x");
    assert_syntax::<Nudge>("c2");
}
