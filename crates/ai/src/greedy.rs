//! The `greedy` level: one move ahead with the game's evaluation.

use tabuleiro_core::{Evaluate, Game, GameRng, Player, TurnWin, rng_from_seed};

use crate::agent::Agent;
use crate::score::{WIN, terminal};

/// Looks one turn ahead: takes a move that wins at once, avoids moves after which the
/// opponent can win at once, and otherwise picks the move the game's evaluation likes best
/// at the end of its turn (ties broken at random). In games of several moves per turn
/// (Nudge) it looks at every way to finish the turn, unless there are more than
/// [`WIDEST_CONTINUATION`]; where a move earns another turn (Q!nto), it finishes the turn
/// with the game's playout policy instead.
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
/// [`Game::win_this_turn`] where it knows the answer; otherwise tries every move.
pub fn has_immediate_win<G: Game>(state: &G, moves: &mut Vec<G::Move>) -> bool {
    let Some(player) = state.to_move() else {
        return false;
    };
    match state.win_this_turn() {
        TurnWin::No => return false,
        TurnWin::Yes => return true,
        TurnWin::Maybe => {}
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

/// Above this many moves, the rest of a turn of several moves is not searched move by move:
/// greedy follows the game's playout policy ([`Game::playout_move`]) instead.
pub const WIDEST_CONTINUATION: usize = 64;

/// The value for `me` of `state`, reached by one of `me`'s moves: the best end of `me`'s turn
/// (when the turn goes on), a won or lost game, a position where the opponent can win at once
/// (as bad as a loss, when `check` asks for that look), or the game's evaluation. Without
/// `check` the value is an upper bound of the value with it (evaluations lie far above a
/// loss).
pub(crate) fn turn_value<G: Evaluate>(
    state: &G,
    me: Player,
    depth: u32,
    scratch: &mut Vec<G::Move>,
    check: bool,
) -> i32 {
    if let Some(outcome) = state.outcome() {
        return terminal(&outcome, me, depth);
    }
    if state.to_move() == Some(me) {
        // A turn of several moves (Nudge) is finished every possible way when that is few
        // enough; another turn earned by the move (Q!nto's Q!nto), which would be as wide as
        // any turn, follows the game's playout policy without listing its moves.
        let several_moves = state.move_in_turn().1 > 1;
        let mut moves = Vec::new();
        if several_moves {
            state.legal_moves(&mut moves);
        }
        if !several_moves || moves.len() > WIDEST_CONTINUATION {
            let mut rng = rng_from_seed(state.position_key());
            let Some(mv) = state.playout_move(&mut rng) else {
                return state.evaluate(me);
            };
            let mut next = state.clone();
            next.play_unchecked(mv);
            return turn_value(&next, me, depth + 1, scratch, check);
        }
        return moves
            .into_iter()
            .map(|mv| {
                let mut next = state.clone();
                next.play_unchecked(mv);
                turn_value(&next, me, depth + 1, scratch, check)
            })
            .max()
            .unwrap_or(-(WIN - depth as i32));
    }
    if check && has_immediate_win(state, scratch) {
        -(WIN - depth as i32 - 1)
    } else {
        state.evaluate(me)
    }
}

/// Every legal move of `state` with the value greedy gives it, each valued in full (the
/// opponent's replies looked at after every move): the plain form of greedy's choice, for
/// analysis and tests. [`GreedyAgent`] picks among the moves of the highest value.
pub fn move_values<G: Evaluate>(state: &G) -> Vec<(G::Move, i32)> {
    let Some(me) = state.to_move() else {
        return Vec::new();
    };
    let mut moves = Vec::new();
    let mut scratch = Vec::new();
    state.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut next = state.clone();
            next.play_unchecked(mv);
            (mv, turn_value(&next, me, 1, &mut scratch, true))
        })
        .collect()
}

impl<G: Evaluate> Agent<G> for GreedyAgent {
    fn name(&self) -> String {
        "greedy".to_owned()
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = rng_from_seed(seed);
    }

    /// Every move is first valued without looking at the opponent's replies (an upper
    /// bound); then, best bound first, moves get their true value until the bounds left fall
    /// below the best true value. The best moves are those of valuing every move fully, kept
    /// in the order of the move list, so the choice is the same; only the opponent's replies
    /// after clearly worse moves are never looked at.
    fn choose(&mut self, view: &G::View) -> Option<G::Move> {
        let state = G::sample_from_view(view, &mut self.rng);
        let me = state.to_move()?;
        let mut moves = Vec::new();
        let mut scratch = Vec::new();
        state.legal_moves(&mut moves);
        let after = |mv: G::Move| {
            let mut next = state.clone();
            next.play_unchecked(mv);
            next
        };
        // In games of one move per turn the end of the turn is one position (extra turns
        // follow the playout policy): keep it, so that the true value needs only the look at
        // the opponent's replies there.
        let one_move_turns = state.move_in_turn().1 <= 1;
        let mut ends: Vec<Option<TurnEnd<G>>> = Vec::with_capacity(moves.len());
        let mut bounded: Vec<(i32, usize)> = Vec::with_capacity(moves.len());
        for (k, &mv) in moves.iter().enumerate() {
            if one_move_turns {
                let end = turn_end(after(mv), me);
                bounded.push((end.value, k));
                ends.push(Some(end));
            } else {
                bounded.push((turn_value(&after(mv), me, 1, &mut scratch, false), k));
                ends.push(None);
            }
        }
        bounded.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        let mut best: Vec<usize> = Vec::new();
        let mut best_score = i32::MIN;
        for (bound, k) in bounded {
            if bound < best_score {
                break;
            }
            let score = match &ends[k] {
                Some(end) => end.checked(&mut scratch),
                None => turn_value(&after(moves[k]), me, 1, &mut scratch, true),
            };
            if score > best_score {
                best_score = score;
                best.clear();
            }
            if score == best_score {
                best.push(k);
            }
        }
        best.sort_unstable();
        if best.is_empty() {
            None
        } else {
            Some(moves[best[tabuleiro_core::rng::random_index(&mut self.rng, best.len())]])
        }
    }
}

/// Where one of `me`'s moves ends `me`'s turn in a game of one move per turn, with its value
/// before the look at the opponent's replies (as [`turn_value`] finds them).
struct TurnEnd<G: Game> {
    state: G,
    depth: u32,
    /// Whether the opponent's replies are looked at there (the game goes on, with another
    /// player to move).
    opponent_moves: bool,
    value: i32,
}

impl<G: Game> TurnEnd<G> {
    /// The value with the look at the opponent's replies, as [`turn_value`] with `check`.
    fn checked(&self, scratch: &mut Vec<G::Move>) -> i32 {
        if self.opponent_moves && has_immediate_win(&self.state, scratch) {
            -(WIN - self.depth as i32 - 1)
        } else {
            self.value
        }
    }
}

/// The end of `me`'s turn from `state`, reached by one of `me`'s moves, following the playout
/// policy through extra turns: the same path and value as [`turn_value`] without `check`.
fn turn_end<G: Evaluate>(mut state: G, me: Player) -> TurnEnd<G> {
    let mut depth = 1;
    loop {
        if let Some(outcome) = state.outcome() {
            let value = terminal(&outcome, me, depth);
            return TurnEnd {
                state,
                depth,
                opponent_moves: false,
                value,
            };
        }
        if state.to_move() != Some(me) {
            let value = state.evaluate(me);
            return TurnEnd {
                state,
                depth,
                opponent_moves: true,
                value,
            };
        }
        let mut rng = rng_from_seed(state.position_key());
        let Some(mv) = state.playout_move(&mut rng) else {
            let value = state.evaluate(me);
            return TurnEnd {
                state,
                depth,
                opponent_moves: false,
                value,
            };
        };
        state.play_unchecked(mv);
        depth += 1;
    }
}
