//! The position as text: the grid with column and row numbers, then each player's tiles.

use std::fmt::Write as _;

use tabuleiro_core::Player;

use super::grid::Cell;
use super::notation::QintoMove;
use super::state::{Ending, Public, Qinto};

/// Whose hand tiles a drawing shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hands {
    /// Every hand (replays, finished games).
    All,
    /// Only this seat's hand.
    Own(Player),
    /// No hand (spectators of a game in progress): only how many tiles each seat holds.
    Hidden,
}

/// Draws `state`, showing the hand tiles that `hands` allows.
pub fn board(state: &Qinto, hands: Hands) -> String {
    let mut out = String::new();
    match state.grid().bounds() {
        None => out.push_str("The grid is empty: the first play must cover cell 0,0.\n"),
        Some((low, high)) => {
            let (x0, x1) = (i32::from(low.x) - 1, i32::from(high.x) + 1);
            let (y0, y1) = (i32::from(low.y) - 1, i32::from(high.y) + 1);
            out.push_str("    ");
            for x in x0..=x1 {
                let _ = write!(out, "{x:>4}");
            }
            out.push('\n');
            for y in y0..=y1 {
                let _ = write!(out, "{y:>4}");
                for x in x0..=x1 {
                    let tile = i8::try_from(x)
                        .ok()
                        .zip(i8::try_from(y).ok())
                        .and_then(|(x, y)| state.grid().get(Cell { x, y }));
                    match tile {
                        Some(t) => {
                            let _ = write!(out, "  {t}");
                        }
                        None => out.push_str("   ."),
                    }
                }
                out.push('\n');
            }
        }
    }
    for p in 0..state.player_count() {
        let player = Player(p as u8);
        let hand = state.hand(player);
        let mark = if state.ending().is_none() && state.mover() == player {
            "> "
        } else {
            "  "
        };
        let _ = write!(
            out,
            "{mark}Player {}: {} in hand, {} in pile",
            p + 1,
            hand.len(),
            state.pile(player).len()
        );
        let shown = match hands {
            Hands::All => true,
            Hands::Own(own) => own == player,
            Hands::Hidden => false,
        };
        if shown {
            let tiles: Vec<String> = hand.tiles().map(|t| t.to_string()).collect();
            let _ = write!(out, " — hand {}", tiles.join(" "));
        }
        out.push('\n');
    }
    if let Some(last) = state.history().last() {
        let _ = writeln!(out, "Last move: {}", describe(last));
    }
    match state.ending() {
        Some(Ending::Emptied(p)) => {
            let _ = writeln!(out, "Game over: {p} has no tile left.");
        }
        Some(_) => {
            if let Some(outcome) = state.result() {
                let _ = writeln!(out, "Game over: {outcome}.");
            }
        }
        None => {
            let _ = writeln!(
                out,
                "Turn {} of at most {}; {} to move{}.",
                state.turn() + 1,
                state.max_turns(),
                state.mover(),
                if state.idle_passes() > 0 {
                    format!(
                        " ({} pass(es) in a row without a trade)",
                        state.idle_passes()
                    )
                } else {
                    String::new()
                }
            );
        }
    }
    out
}

/// A move of the public history in words.
pub fn describe(public: &Public) -> String {
    match public.mv {
        QintoMove::Pass(trade) if trade.count > 0 => {
            format!("{} passed, trading {} tile(s)", public.player, trade.count)
        }
        QintoMove::Pass(_) => format!("{} passed without trading", public.player),
        mv => format!("{} played {mv}", public.player),
    }
}
