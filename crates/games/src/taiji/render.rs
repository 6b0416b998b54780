//! The board as text.

use std::fmt::Write as _;

use super::geometry::Cell;
use super::state::{Scoring, Taiji};
use super::tile::Colour;

/// The board with coordinates (`O` light, `#` dark, `.` empty: readable without colour), both
/// scores with the groups that make them, the scoring rule, and whose turn it is (or how the
/// game ended).
pub fn board(t: &Taiji) -> String {
    let n = t.size();
    let mut out = String::from("    ");
    for column in 0..n {
        out.push(' ');
        out.push(char::from(b'a' + column as u8));
    }
    out.push('\n');
    for row in 0..n {
        let _ = write!(out, "  {:>2}", row + 1);
        for column in 0..n {
            let symbol = match t.at(Cell::new(column as u8, row as u8)) {
                Some(colour) => colour.symbol(),
                None => '.',
            };
            out.push(' ');
            out.push(symbol);
        }
        out.push('\n');
    }
    out.push('\n');
    let rule = rule(t);
    let _ = writeln!(
        out,
        "  {} {}, {} {}  ({rule})",
        Colour::Light.symbol(),
        t.score_text(Colour::Light),
        Colour::Dark.symbol(),
        t.score_text(Colour::Dark)
    );
    if let Some(outcome) = t.outcome() {
        let _ = writeln!(out, "  {outcome}");
    } else {
        let colour = Colour::of_seat(usize::from(t.mover()));
        let _ = writeln!(
            out,
            "  {colour} (player {}) to move; tiles placed: {}",
            colour.index() + 1,
            t.tiles_placed()
        );
    }
    out
}

/// The scoring rule in words: "the 2 largest groups count".
pub fn rule(t: &Taiji) -> String {
    match t.scoring() {
        Scoring::Standard if t.groups_counted() == 1 => "the largest group counts".to_owned(),
        Scoring::Standard => format!("the {} largest groups count", t.groups_counted()),
        Scoring::Omega => "omega: the sizes of all groups multiply".to_owned(),
    }
}
