//! The program's computer players and solvers for Python: a level of any game behind an
//! object-safe [`DynAgent`] (built for a game's type when it first plays it), choosing from
//! the seat's view alone, and a position's exact values where the game is solved here.

use std::any::Any;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use tabuleiro_ai::{Agent, Exact, Level, rate_moves_until};
use tabuleiro_core::Engine;

use crate::table::{DynGame, Live};

/// The longest a solve may take.
const SOLVE_BUDGET: Duration = Duration::from_mins(10);

/// A computer player of one game, whatever its type.
pub trait DynAgent: Send {
    /// Chooses the move of the seat to move of `game` (a game of the type it was built for),
    /// from that seat's view only; in notation.
    ///
    /// # Errors
    /// A game of another type, or one that is over, in words.
    fn choose(&mut self, game: &dyn DynGame) -> Result<String, String>;
}

/// A level of game `G`.
struct LiveAgent<G: Engine> {
    agent: Box<dyn Agent<G>>,
}

impl<G: Engine> DynAgent for LiveAgent<G> {
    fn choose(&mut self, game: &dyn DynGame) -> Result<String, String> {
        let any: &dyn Any = game.as_any();
        let live = any
            .downcast_ref::<Live<G>>()
            .ok_or_else(|| format!("this player plays {}", G::INFO.name))?;
        let state = live.state();
        let seat = state.to_move().ok_or("the game is over")?;
        let mv = self
            .agent
            .choose(&state.view(seat))
            .ok_or("the player found no move")?;
        Ok(state.format_move(mv))
    }
}

/// Builds `level` for game `G`, seeded.
///
/// # Errors
/// A level that does not read or does not play `G`, in words.
pub fn build<G: Engine>(level: &str, seed: u64) -> Result<Box<dyn DynAgent>, String> {
    let level: Level = level.parse().map_err(|e| format!("{e}"))?;
    let agent = level.build::<G>(seed).map_err(|e| format!("{e}"))?;
    Ok(Box::new(LiveAgent { agent }))
}

/// One move's exact value.
#[derive(Clone, Debug)]
pub struct SolvedMove {
    /// The move, in notation.
    pub notation: String,
    /// Its action, for a game with an action space.
    pub action: Option<usize>,
    /// `win`, `draw` or `loss` for the player to move.
    pub value: &'static str,
    /// Moves until the end with best play, this one included (none for a draw).
    pub plies: Option<u32>,
}

/// Every legal move of `G`'s position `state` with its exact value, best first; `Err` for a
/// game not solved here or a position it could not solve in time.
///
/// # Errors
/// As said, in words.
pub fn solve<G: Engine>(state: &G) -> Result<Vec<SolvedMove>, String> {
    if !G::ENGINE.solvable && G::oracle().is_none() {
        return Err(format!("{} is not solved here", G::INFO.name));
    }
    let mut rated = rate_moves_until(state, SOLVE_BUDGET, &AtomicBool::new(false));
    rated.sort_by_key(|r| std::cmp::Reverse(r.rank()));
    let space = G::action_space();
    let mut moves = Vec::with_capacity(rated.len());
    for r in &rated {
        let exact = r
            .exact
            .ok_or_else(|| format!("{} was not solved in time", G::INFO.name))?;
        let (value, plies) = match exact {
            Exact::Win { plies } => ("win", Some(plies)),
            Exact::Draw => ("draw", None),
            Exact::Loss { plies } => ("loss", Some(plies)),
        };
        moves.push(SolvedMove {
            notation: state.format_move(r.mv),
            action: space.map(|s| s.action(state, r.mv)),
            value,
            plies,
        });
    }
    Ok(moves)
}
