//! Nudge positions checked by hand against the rules (`shared/rules/nudge.md`): one position
//! or game for each clause, built by playing from a layout or from a board diagram.

use std::collections::BTreeSet;

use tabuleiro_core::{Game, Player};
use tabuleiro_games::nudge::{Mask, Nudge, square_name};

use crate::util::{play, setup};

mod endings;
mod moves;
mod no_return;
mod notation;
mod start;

/// A new game with these options (seed 0).
fn nudge(options: &[&str]) -> Nudge {
    Nudge::new(&setup::<Nudge>(options, 0)).expect("a Nudge setup")
}

/// A position from a diagram (rows `1` to `5`, top first), `to_move` to start a turn.
fn diagram(text: &str, to_move: Player) -> Nudge {
    Nudge::from_diagram(text, to_move).unwrap_or_else(|e| panic!("{e}:\n{text}"))
}

/// The same position after `moves`.
fn after(state: &Nudge, moves: &str) -> Nudge {
    let mut state = state.clone();
    play(&mut state, moves);
    state
}

/// The squares of `player`'s discs, as `a1 b2 ...` in square order.
fn squares(state: &Nudge, player: Player) -> String {
    squares_of(state.discs(player))
}

fn squares_of(mask: Mask) -> String {
    (0..25)
        .filter(|s| mask & (1 << s) != 0)
        .map(square_name)
        .collect::<Vec<_>>()
        .join(" ")
}

/// The legal moves in notation.
fn legal(state: &Nudge) -> BTreeSet<String> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves.iter().map(|&mv| state.format_move(mv)).collect()
}

fn winner(state: &Nudge) -> Option<Player> {
    state.outcome().and_then(|o| o.winner())
}
