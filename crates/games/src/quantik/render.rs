//! The board as text.

use std::fmt::Write as _;

use tabuleiro_core::{Game, Player};

use super::pieces::Shape;
use super::state::Quantik;

/// The board with coordinates, a gap between regions, each player's pieces left, and whose
/// turn it is (or how the game ended).
pub fn board(q: &Quantik) -> String {
    let mut out = String::from("     a b   c d\n");
    for row in 0..4 {
        if row == 2 {
            out.push('\n');
        }
        let _ = write!(out, "  {}  ", row + 1);
        for col in 0..4 {
            let cell = row * 4 + col;
            let symbol = match q.piece_at(cell) {
                None => '.',
                Some((Player(0), shape)) => shape.letter(),
                Some((_, shape)) => shape.letter().to_ascii_lowercase(),
            };
            out.push(symbol);
            out.push_str(match col {
                0 | 2 => " ",
                1 => "   ",
                _ => "",
            });
        }
        out.push('\n');
    }
    out.push('\n');
    for p in 0..2u8 {
        let player = Player(p);
        let left: Vec<String> = Shape::ALL
            .iter()
            .map(|&s| {
                let letter = if p == 0 {
                    s.letter()
                } else {
                    s.letter().to_ascii_lowercase()
                };
                format!("{letter}x{}", q.pieces_left(player, s))
            })
            .collect();
        let case = if p == 0 { "upper case" } else { "lower case" };
        let _ = writeln!(
            out,
            "  {} ({case}) has left: {}",
            capital(player),
            left.join(" ")
        );
    }
    match q.outcome() {
        Some(outcome) => {
            let _ = writeln!(out, "  {outcome}");
        }
        None => {
            if let Some(p) = q.to_move() {
                let _ = writeln!(out, "  {} to move", capital(p));
            }
        }
    }
    out
}

fn capital(p: Player) -> String {
    format!("Player {}", p.0 + 1)
}
