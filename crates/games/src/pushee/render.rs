//! The board as text.

use std::fmt::Write as _;

use tabuleiro_core::Player;

use super::notation::Cell;
use super::state::Pushee;

/// The board with coordinates: every cell shows its value as its last character, and a piece
/// before it (`A-` / `A|` player 1, `b-` / `b|` player 2, `-` horizontal, `|` vertical); then
/// the running scores and pieces in hand, the pushes of the last move tier by tier, and whose
/// turn it is (or how the game ended).
pub fn board(p: &Pushee) -> String {
    let mut out = String::from("    ");
    for column in 0..p.width() {
        let _ = write!(out, "   {}", char::from(b'a' + column as u8));
    }
    out.push('\n');
    for row in 0..p.height() {
        let _ = write!(out, "  {:>2}", row + 1);
        for column in 0..p.width() {
            let cell = Cell::new(column as u8, row as u8);
            let mark = p
                .at(cell)
                .map_or_else(|| "  ".to_owned(), super::state::Piece::mark);
            let _ = write!(out, " {mark}{}", p.value(cell));
        }
        out.push('\n');
    }
    out.push('\n');
    let [a, b] = p.both_scores();
    let _ = writeln!(
        out,
        "  score: A (player 1) {a}, b (player 2) {b}; pieces in hand: {} and {}",
        p.pieces_left(Player(0)),
        p.pieces_left(Player(1))
    );
    let chains = p
        .chains()
        .map_or_else(|| "unlimited".to_owned(), |c| c.to_string());
    let _ = writeln!(
        out,
        "  walls {}, chain tiers {chains}",
        if p.walls() { "on" } else { "off" }
    );
    if !p.last_pushes().is_empty() {
        out.push_str("  last move's pushes:\n");
        for step in p.last_pushes() {
            let tier = if step.tier == 0 {
                "placement".to_owned()
            } else {
                format!("chain {}", step.tier)
            };
            let _ = match step.to {
                Some(to) => writeln!(
                    out,
                    "    {tier}: {} pushed {} to {to}",
                    step.from, step.direction
                ),
                None => writeln!(
                    out,
                    "    {tier}: {} pushed {} off the board",
                    step.from, step.direction
                ),
            };
        }
    }
    if let Some(outcome) = p.result() {
        let _ = writeln!(out, "  {outcome}");
    } else {
        let mover = p.mover();
        let _ = writeln!(
            out,
            "  {} ({}) to move",
            if mover.0 == 0 { "A" } else { "b" },
            mover
        );
    }
    out
}
