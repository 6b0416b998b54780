//! The `greedy` level: one move ahead with the game's evaluation.

use tabuleiro_core::{Evaluate, Game, GameRng, Player, rng_from_seed};

use crate::agent::Agent;
use crate::score::{WIN, terminal};

/// Looks one turn ahead: takes a move that wins at once, avoids moves after which the
/// opponent can win at once, and otherwise picks the move the game's evaluation likes best
/// at the end of its turn (ties broken at random). In games of several moves per turn
/// (Nudge) it looks at every way to finish the turn; where a move earns another turn with
/// more than [`WIDEST_CONTINUATION`] moves (Q!nto), it finishes the turn with the game's
/// playout policy instead.
#[derive(Debug)]
pub struct GreedyAgent {
    rng: GameRng,
}

impl GreedyAgent {
    /// A greedy player breaking ties with a generator seeded with `seed`.
    pub fn new(seed: u64) -> Self {
        GreedyAgent {
            rng: rng_from_seed(seed),
        }
    }
}

/// Whether the player to move in `state` can win before their turn ends (with one move, or
/// with the moves of one turn in games of several moves per turn). Trusts the game's
/// [`Game::may_win_this_turn`] filter.
pub fn has_immediate_win<G: Game>(state: &G, moves: &mut Vec<G::Move>) -> bool {
    let Some(player) = state.to_move() else {
        return false;
    };
    if !state.may_win_this_turn() {
        return false;
    }
    state.legal_moves(moves);
    let list = moves.clone();
    list.into_iter().any(|mv| {
        let mut next = state.clone();
        next.play_unchecked(mv);
        match next.outcome() {
            Some(o) => o.winner() == Some(player),
            None => next.to_move() == Some(player) && has_immediate_win(&next, moves),
        }
    })
}

/// Above this many moves, the rest of a turn is not searched move by move: greedy follows
/// the game's playout policy ([`Game::playout_move`]) instead.
pub const WIDEST_CONTINUATION: usize = 64;

/// The value for `me` of `state`, reached by one of `me`'s moves: the best end of `me`'s turn
/// (when the turn goes on), a won or lost game, a position where the opponent can win at once
/// (as bad as a loss), or the game's evaluation.
pub(crate) fn turn_value<G: Evaluate>(
    state: &G,
    me: Player,
    depth: u32,
    scratch: &mut Vec<G::Move>,
) -> i32 {
    if let Some(outcome) = state.outcome() {
        return terminal(&outcome, me, depth);
    }
    if state.to_move() == Some(me) {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        if moves.len() > WIDEST_CONTINUATION {
            // Too many ways to go on (Q!nto's extra turn): follow the game's playout policy.
            let mut rng = rng_from_seed(state.position_key());
            let Some(mv) = state.playout_move(&mut rng) else {
                return state.evaluate(me);
            };
            let mut next = state.clone();
            next.play_unchecked(mv);
            return turn_value(&next, me, depth + 1, scratch);
        }
        return moves
            .into_iter()
            .map(|mv| {
                let mut next = state.clone();
                next.play_unchecked(mv);
                turn_value(&next, me, depth + 1, scratch)
            })
            .max()
            .unwrap_or(-(WIN - depth as i32));
    }
    if has_immediate_win(state, scratch) {
        -(WIN - depth as i32 - 1)
    } else {
        state.evaluate(me)
    }
}

impl<G: Evaluate> Agent<G> for GreedyAgent {
    fn name(&self) -> String {
        "greedy".to_owned()
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = rng_from_seed(seed);
    }

    fn choose(&mut self, view: &G::View) -> Option<G::Move> {
        let state = G::sample_from_view(view, &mut self.rng);
        let me = state.to_move()?;
        let mut moves = Vec::new();
        let mut scratch = Vec::new();
        state.legal_moves(&mut moves);
        let mut best: Vec<G::Move> = Vec::new();
        let mut best_score = i32::MIN;
        for &mv in &moves {
            let mut next = state.clone();
            next.play_unchecked(mv);
            let score = turn_value(&next, me, 1, &mut scratch);
            if score > best_score {
                best_score = score;
                best.clear();
            }
            if score == best_score {
                best.push(mv);
            }
        }
        if best.is_empty() {
            None
        } else {
            Some(best[tabuleiro_core::rng::random_index(&mut self.rng, best.len())])
        }
    }
}
