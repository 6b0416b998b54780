//! The board as text.

use std::fmt::Write as _;

use tabuleiro_core::Player;

use super::state::{Nudge, colour_name};

/// The board with coordinates (`W` white, `B` black, `.` empty), then whose move it is and
/// which move of the turn, or how the game ended.
///
/// ```text
///     a b c d e
///  1  . . . . .
///  2  . W W W .
///  3  . . . . .
///  4  . B B B .
///  5  . . . . .
///
///  White (player 1): W   Black (player 2): B
///  Turn 1: White to move (move 1 of 2)
/// ```
pub fn board(state: &Nudge) -> String {
    let mut out = String::from("    a b c d e\n");
    for row in 0..5 {
        let _ = write!(out, " {}  ", row + 1);
        for column in 0..5 {
            let symbol = match state.disc_at(row * 5 + column) {
                None => '.',
                Some(Player(0)) => 'W',
                Some(_) => 'B',
            };
            out.push(symbol);
            out.push(if column < 4 { ' ' } else { '\n' });
        }
    }
    out.push_str("\n White (player 1): W   Black (player 2): B\n");
    if let Some(outcome) = state.outcome() {
        let _ = writeln!(out, " Game over. {outcome}");
    } else {
        let limit = state
            .max_turns()
            .map_or_else(String::new, |m| format!(" of {m}"));
        let _ = writeln!(
            out,
            " Turn {}{limit}: {} to move (move {} of 2)",
            state.turns_played() + 1,
            colour_name(Player(state.to_move)),
            state.move_number()
        );
    }
    out
}
