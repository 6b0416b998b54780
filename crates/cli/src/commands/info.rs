//! `tabuleiro list` and `tabuleiro rules`.

use std::fmt::Write as _;

use tabuleiro_core::Registry;
use tabuleiro_games::REGISTRY;

/// The games and their options, as text.
pub fn list() -> String {
    let mut out = String::new();
    for g in REGISTRY.games() {
        let players = if g.min_players == g.max_players {
            format!("{} players", g.min_players)
        } else {
            format!("{}-{} players", g.min_players, g.max_players)
        };
        let mut traits = vec![players];
        if g.chance {
            traits.push("chance".to_owned());
        }
        if g.hidden_information {
            traits.push("hidden information".to_owned());
        }
        if REGISTRY.engine(g.id).is_some_and(|e| e.solvable) {
            traits.push("solvable (perfect level)".to_owned());
        }
        let _ = writeln!(
            out,
            "{:<10} {} — {} [{}]",
            g.id,
            g.name,
            g.summary,
            traits.join(", ")
        );
        let _ = writeln!(out, "           moves: {}", g.move_syntax);
        for o in g.options {
            let _ = writeln!(
                out,
                "           -o {}=<{}>  (default {}) {}",
                o.name,
                o.allowed(),
                o.default,
                o.description
            );
        }
    }
    out
}
