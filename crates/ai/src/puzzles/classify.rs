//! The puzzle a position makes, from the exact value of each turn of its player to move.
//!
//! A turn is what a player plays before another is to move: one move in Quantik, two in Nudge;
//! turns that reach the same position (two moves played in either order) count as one.
//! A position with fewer than two turns is no puzzle (the answer is forced).
//!
//! - **Only move** ([`Theme::OnlyMove`]): the player to move wins, and exactly one turn keeps
//!   the win.
//! - **Win in N** ([`Theme::WinIn`]): moreover, at each of the winner's N turns there is a
//!   single winning turn, while the defender answers with the turn that holds out longest (the
//!   first of equals, in the order the game lists them); the solution is that whole line.
//! - **Hold the draw** ([`Theme::HoldTheDraw`]): the player to move cannot win, and exactly one
//!   turn avoids a loss.
//! - **The game's motifs** ([`Theme::Motif`]): what the solver's turns of the solution show, as
//!   the game names it ([`Engine::motifs`]: Quantik's `row completed`, Nudge's `push off the
//!   edge`, …).

use tabuleiro_core::{Engine, ExactValue, Player, PlayerResult};

use super::ExactSource;

/// The most moves one turn may have (no game of the registry has more than a few).
const MAX_TURN: usize = 8;

/// The most turns of the winner a "win in N" line is followed for.
const MAX_LINE: u32 = 32;

/// What a puzzle asks of its solver, found by [`classify`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Theme {
    /// Exactly one turn keeps the win.
    OnlyMove,
    /// A win in this many turns of the winner, a single winning turn at each.
    WinIn(u32),
    /// Exactly one turn avoids a loss.
    HoldTheDraw,
    /// A tactic of the game, named by it ([`Engine::motifs`]).
    Motif(&'static str),
}

impl Theme {
    /// The theme's name as players read it: `only move`, `win in 1` to `win in 3`,
    /// `win in 4+`, `hold the draw`.
    pub fn name(self) -> String {
        match self {
            Theme::OnlyMove => "only move".to_owned(),
            Theme::WinIn(n) if n >= 4 => "win in 4+".to_owned(),
            Theme::WinIn(n) => format!("win in {n}"),
            Theme::HoldTheDraw => "hold the draw".to_owned(),
            Theme::Motif(name) => name.to_owned(),
        }
    }
}

/// A position's puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle<M> {
    /// The position's exact value for its player to move.
    pub value: ExactValue,
    /// The solution, turn by turn: the solver's turn, then for a win in N the defender's
    /// longest answer, the solver's next turn, and so on to the end of the game.
    pub solution: Vec<Vec<M>>,
    /// What the puzzle is about, in the order of [`Theme`].
    pub themes: Vec<Theme>,
}

/// A turn, the position after it, and its exact value for the player who plays it.
type Rated<G> = (Vec<<G as tabuleiro_core::Game>::Move>, G, ExactValue);

/// Every legal turn of the player to move in `state`, with the position after it, in the
/// order the game lists the moves; none when the game is over.
pub fn turns<G: Engine>(state: &G) -> Vec<(Vec<G::Move>, G)> {
    fn walk<G: Engine>(
        me: Player,
        line: &mut Vec<G::Move>,
        position: &G,
        found: &mut Vec<(Vec<G::Move>, G)>,
    ) {
        let mut moves = Vec::new();
        position.legal_moves(&mut moves);
        for mv in moves {
            let mut next = position.clone();
            next.play_unchecked(mv);
            line.push(mv);
            if next.outcome().is_some() || next.to_move() != Some(me) || line.len() >= MAX_TURN {
                found.push((line.clone(), next));
            } else {
                walk(me, line, &next, found);
            }
            line.pop();
        }
    }
    let mut found = Vec::new();
    if let Some(me) = state.to_move() {
        walk(me, &mut Vec::new(), state, &mut found);
    }
    found
}

/// Every turn of `state` with its exact value for the player to move; `None` when the game is
/// over or a position after a turn is not covered.
fn rate<G: Engine, E: ExactSource<G>>(state: &G, exact: &mut E) -> Option<Vec<Rated<G>>> {
    let me = state.to_move()?;
    let mut reached = std::collections::HashSet::new();
    turns(state)
        .into_iter()
        // Turns that reach the same position are one turn played in another order (Nudge's
        // two moves): the first in the game's order stands for them.
        .filter(|(_, after)| reached.insert((after.position_key(), after.outcome().is_some())))
        .map(|(turn, after)| {
            let plies = u32::try_from(turn.len()).unwrap_or(u32::MAX);
            let value = match after.outcome() {
                Some(outcome) => match outcome.result(me) {
                    PlayerResult::Win => ExactValue::Win { plies },
                    PlayerResult::Draw => ExactValue::Draw,
                    PlayerResult::Loss => ExactValue::Loss { plies },
                },
                None => exact
                    .value(&after)?
                    .before(plies, after.to_move() == Some(me)),
            };
            Some((turn, after, value))
        })
        .collect()
}

/// The puzzle `state` makes for its player to move, proved by `exact`; `None` when it makes
/// none (or `exact` does not cover it).
pub fn classify<G: Engine, E: ExactSource<G>>(state: &G, exact: &mut E) -> Option<Puzzle<G::Move>> {
    let mut puzzle = classify_by_value(state, exact)?;
    let mut position = state.clone();
    for (i, turn) in puzzle.solution.iter().enumerate() {
        if i % 2 == 0 {
            for motif in position.motifs(turn) {
                puzzle.themes.push(Theme::Motif(motif));
            }
        }
        for &mv in turn {
            position.play_unchecked(mv);
        }
    }
    puzzle.themes.sort_unstable();
    puzzle.themes.dedup();
    Some(puzzle)
}

/// [`classify`] without the game's motifs.
fn classify_by_value<G: Engine, E: ExactSource<G>>(
    state: &G,
    exact: &mut E,
) -> Option<Puzzle<G::Move>> {
    let rated = rate(state, exact)?;
    if rated.len() < 2 {
        return None;
    }
    let value = rated.iter().map(|(_, _, v)| *v).max_by_key(|v| v.rank())?;
    match value {
        ExactValue::Win { .. } => {
            let mut winners = rated
                .into_iter()
                .filter(|(_, _, v)| matches!(v, ExactValue::Win { .. }));
            let (turn, _, _) = winners.next()?;
            if winners.next().is_some() {
                return None;
            }
            let mut puzzle = Puzzle {
                value,
                solution: vec![turn],
                themes: vec![Theme::OnlyMove],
            };
            if let Some((line, n)) = winning_line(state, exact) {
                puzzle.solution = line;
                puzzle.themes.push(Theme::WinIn(n));
            }
            Some(puzzle)
        }
        ExactValue::Draw => {
            let mut holders = rated
                .into_iter()
                .filter(|(_, _, v)| matches!(v, ExactValue::Draw));
            let (turn, _, _) = holders.next()?;
            if holders.next().is_some() {
                return None;
            }
            Some(Puzzle {
                value,
                solution: vec![turn],
                themes: vec![Theme::HoldTheDraw],
            })
        }
        ExactValue::Loss { .. } => None,
    }
}

/// The line of a win with a single winning turn at each of the winner's turns, the defender
/// holding out longest: its turns and the winner's number of turns; `None` when some turn of
/// the winner has several winning turns (or none).
fn winning_line<G: Engine, E: ExactSource<G>>(
    state: &G,
    exact: &mut E,
) -> Option<(Vec<Vec<G::Move>>, u32)> {
    let winner = state.to_move()?;
    let mut position = state.clone();
    let mut line = Vec::new();
    for n in 1..=MAX_LINE {
        let mut winners = rate(&position, exact)?
            .into_iter()
            .filter(|(_, _, v)| matches!(v, ExactValue::Win { .. }));
        let (turn, after, _) = winners.next()?;
        if winners.next().is_some() {
            return None;
        }
        line.push(turn);
        position = after;
        if position.outcome().is_some() {
            return Some((line, n));
        }
        // The defender's longest loss (the first of equals).
        let mut longest: Option<Rated<G>> = None;
        for rated in rate(&position, exact)? {
            if longest
                .as_ref()
                .is_none_or(|(_, _, v)| rated.2.rank() > v.rank())
            {
                longest = Some(rated);
            }
        }
        let (turn, after, value) = longest?;
        if !matches!(value, ExactValue::Loss { .. }) {
            return None;
        }
        line.push(turn);
        position = after;
        if position.outcome().is_some() {
            return Some((line, n));
        }
        if position.to_move() != Some(winner) {
            return None;
        }
    }
    None
}
