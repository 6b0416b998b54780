//! Perfect play and exact analysis from a game's own solved table ([`Engine::oracle`]), for
//! games solved by a game-specific method (Nudge) rather than by the generic [`Solver`].
//!
//! The oracle gives the exact value of a position for its player to move; here that value is
//! turned into the value of each legal move (and of each whole turn, for games of several
//! moves a turn) for the player who plays it, and into the `perfect` level
//! ([`OracleAgent`]): fastest win, slowest loss, a draw kept.
//!
//! [`Solver`]: crate::solver::Solver

use std::sync::Arc;

use tabuleiro_core::{
    Engine, ExactValue, GameRng, Oracle, OracleError, OracleRequest, Player, PlayerResult,
    rng_from_seed,
};

use crate::agent::Agent;
use crate::alphabeta::{Limits, shuffle};
use crate::strong::{DEFAULT_THINK, StrongAgent};

/// The oracle of game `G` opened with the front end's defaults (loaded, or built on first
/// use), or `None` when the game has none.
///
/// # Errors
/// When the game's table file exists but cannot be used.
pub fn open_oracle<G: Engine>() -> Option<Result<Arc<dyn Oracle<G>>, OracleError>> {
    G::oracle().map(|source| source.open(&OracleRequest::from_defaults()))
}

/// The exact value for `me` of `child`, reached from a position where `me` was to move by
/// `plies` moves of `me`; `None` when the oracle does not cover `child`.
pub fn value_after<G: Engine>(
    oracle: &dyn Oracle<G>,
    child: &G,
    me: Player,
    plies: u32,
) -> Option<ExactValue> {
    if let Some(outcome) = child.outcome() {
        return Some(match outcome.result(me) {
            PlayerResult::Win => ExactValue::Win { plies },
            PlayerResult::Draw => ExactValue::Draw,
            PlayerResult::Loss => ExactValue::Loss { plies },
        });
    }
    let value = oracle.value(child)?;
    Some(value.before(plies, child.to_move() == Some(me)))
}

/// The exact value of every legal move of `state` for its player to move, in the order the
/// game lists them; `None` when the game is over or some move leads where the oracle does not
/// reach.
pub fn rate_moves<G: Engine>(
    oracle: &dyn Oracle<G>,
    state: &G,
) -> Option<Vec<(G::Move, ExactValue)>> {
    let me = state.to_move()?;
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut child = state.clone();
            child.play_unchecked(mv);
            value_after(oracle, &child, me, 1).map(|v| (mv, v))
        })
        .collect()
}

/// Every legal whole turn of the player to move in `state` (the moves until another player
/// is to move or the game ends) with its exact value, in the order the game lists the moves;
/// `None` as for [`rate_moves`].
pub fn rate_turns<G: Engine>(
    oracle: &dyn Oracle<G>,
    state: &G,
) -> Option<Vec<(Vec<G::Move>, ExactValue)>> {
    let me = state.to_move()?;
    crate::puzzles::turns(state)
        .into_iter()
        .map(|(turn, after)| {
            let plies = u32::try_from(turn.len()).unwrap_or(u32::MAX);
            value_after(oracle, &after, me, plies).map(|value| (turn, value))
        })
        .collect()
}

/// The moves of perfect play from `state` to the end of the game (each side choosing the
/// first best move in the game's order), when the oracle rates it won or lost; empty for a
/// draw or a position it does not cover.
pub fn principal_line<G: Engine>(oracle: &dyn Oracle<G>, state: &G) -> Vec<G::Move> {
    let mut line = Vec::new();
    let Some(ExactValue::Win { plies } | ExactValue::Loss { plies }) = oracle.value(state) else {
        return line;
    };
    let mut state = state.clone();
    while state.to_move().is_some() && line.len() <= plies as usize {
        let Some(rated) = rate_moves(oracle, &state) else {
            break;
        };
        // The first of the best, in the game's order.
        let Some(best) = rated.iter().map(|(_, v)| v.rank()).max() else {
            break;
        };
        let Some(&(mv, _)) = rated.iter().find(|(_, v)| v.rank() == best) else {
            break;
        };
        state.play_unchecked(mv);
        line.push(mv);
    }
    line
}

/// The `perfect` level from a solved table: plays a move of the best exact value — the
/// fastest win, else a draw, else the slowest loss — choosing at random (from its seed)
/// among equally good moves. Where the table does not reach (positions a game's table leaves
/// out), it searches like `strong`.
pub struct OracleAgent<G: Engine> {
    oracle: Arc<dyn Oracle<G>>,
    rng: GameRng,
    fallback: StrongAgent<G>,
}

impl<G: Engine> std::fmt::Debug for OracleAgent<G> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OracleAgent").finish_non_exhaustive()
    }
}

impl<G: Engine> OracleAgent<G> {
    /// A perfect player using `oracle`, breaking ties with a generator seeded by `seed`.
    pub fn new(oracle: Arc<dyn Oracle<G>>, seed: u64) -> Self {
        OracleAgent {
            oracle,
            rng: rng_from_seed(seed),
            fallback: StrongAgent::new(Limits::time(DEFAULT_THINK), seed),
        }
    }

    /// The exact value of every legal move in `state` for the player to move (see
    /// [`rate_moves`]).
    pub fn rate_moves(&self, state: &G) -> Option<Vec<(G::Move, ExactValue)>> {
        rate_moves(&*self.oracle, state)
    }
}

impl<G: Engine> Agent<G> for OracleAgent<G> {
    fn name(&self) -> String {
        "perfect".to_owned()
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = rng_from_seed(seed);
        self.fallback.new_game(seed);
    }

    fn choose(&mut self, view: &G::View) -> Option<G::Move> {
        let state = G::sample_from_view(view, &mut self.rng);
        let Some(mut rated) = rate_moves(&*self.oracle, &state) else {
            return if state.to_move().is_some() {
                self.fallback.choose(view)
            } else {
                None
            };
        };
        shuffle(&mut rated, &mut self.rng);
        let best = rated.iter().map(|(_, v)| v.rank()).max()?;
        rated
            .into_iter()
            .find(|(_, v)| v.rank() == best)
            .map(|(mv, _)| mv)
    }
}
