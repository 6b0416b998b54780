//! Cell names as every board game here writes them: a column letter `a`-`z` and a row number
//! `1`-`99` (`c4`). A name that reads as a cell but lies beyond the board is an illegal move
//! naming the board ("e5 is off the 4x4 board") in every game, never bad syntax: Taiji and
//! Pushee, whose board size is an option, read such cells into moves and refuse them when
//! checking; Quantik and Nudge, whose moves cannot hold them, turn the syntax error of such a
//! text into that illegal move ([`off_board`]).

use tabuleiro_core::{Game, IllegalMove, MoveError, SyntaxError};

/// Whether `text` is a cell name, column letter and row number (any case, no spaces).
pub(crate) fn is_cell_name(text: &str) -> bool {
    let mut chars = text.chars();
    let column = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
    let row = chars.as_str();
    column
        && (1..=2).contains(&row.len())
        && row.bytes().all(|b| b.is_ascii_digit())
        && row.parse::<u32>().is_ok_and(|n| (1..=99).contains(&n))
}

/// The refusal of `text`, which did not parse (`syntax`): an illegal move when `cell` (the part
/// of the text naming the cell, if the rest of it was well-formed) is a cell name, since the
/// board (`width` × `height`) does not hold it; else the syntax error itself.
fn off_board(
    text: &str,
    cell: Option<&str>,
    width: usize,
    height: usize,
    syntax: SyntaxError,
) -> MoveError {
    match cell.filter(|c| is_cell_name(c)) {
        Some(cell) => MoveError::Illegal {
            text: text.trim().to_owned(),
            error: IllegalMove::new(format!(
                "{} is off the {width}x{height} board",
                cell.to_ascii_lowercase()
            )),
        },
        None => MoveError::Syntax(syntax),
    }
}

/// [`Game::parse_move`] for a game whose moves cannot hold a cell beyond its `width` ×
/// `height` board: a text that does not parse is an illegal move when `cell` finds a cell name
/// where the cell belongs in it ([`off_board`]).
pub(crate) fn parse_on_board<G: Game>(
    state: &G,
    text: &str,
    width: usize,
    height: usize,
    cell: impl FnOnce(&str) -> Option<String>,
) -> Result<G::Move, MoveError> {
    let mv = state
        .parse_notation(text)
        .map_err(|syntax| off_board(text, cell(text).as_deref(), width, height, syntax))?;
    state.check_move(mv).map_err(|error| MoveError::Illegal {
        text: text.trim().to_owned(),
        error,
    })?;
    Ok(mv)
}

#[cfg(test)]
mod tests {
    use super::is_cell_name;

    #[test]
    fn cell_names_are_a_letter_and_a_row_from_1_to_99() {
        for name in ["a1", "E5", "z99", "m3", "c12"] {
            assert!(is_cell_name(name), "{name}");
        }
        for name in ["", "a", "a0", "a100", "1a", "aa1", "a-1", "é1", "a 1"] {
            assert!(!is_cell_name(name), "{name}");
        }
    }
}
