//! The `greedy` level: one move ahead with the game's evaluation.

use tabuleiro_core::{Engine, GameRng, Player, TurnWin, rng_from_seed};

use crate::agent::Agent;
use crate::score::{DECIDED, WIN, terminal};

/// Looks one turn ahead: takes a move that wins at once, avoids moves after which the
/// opponent can win at once, and otherwise picks the move the game's evaluation likes best
/// at the end of its turn (ties broken at random). In games of several moves per turn
/// (Nudge) it looks at every way to finish the turn, unless there are more than
/// [`WIDEST_CONTINUATION`]. Where a move earns another turn (Q!nto's Q!nto), greedy looks no
/// further than that move: the position is a win if the player can win in the turn earned
/// (looked for only where the game did not rule out a win this turn when it began), else it
/// is worth what the evaluation says (which knows whose turn it is).
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
/// [`Engine::win_this_turn`] where it knows the answer; otherwise tries every move.
pub fn has_immediate_win<G: Engine>(state: &G, moves: &mut Vec<G::Move>) -> bool {
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
/// greedy follows the game's playout policy ([`Engine::playout_move`]) instead.
pub const WIDEST_CONTINUATION: usize = 64;

/// How far [`turn_value`] looks.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Look {
    /// Look at the opponent's replies for a win within their turn (without it, and without
    /// looking for the player's own wins in a turn earned, the value is an upper bound of the
    /// value with these looks: evaluations lie far above a loss and below a win).
    pub check: bool,
    /// The player may win within the turn: the game did not rule it out
    /// ([`Engine::win_this_turn`]) where the turn began. Only then is a turn earned by a move
    /// looked at for a win.
    pub may_win: bool,
}

impl Look {
    /// The full look from `state`, where `me` is to move and begins a turn.
    pub(crate) fn from_turn_start<G: Engine>(state: &G) -> Look {
        Look {
            check: true,
            may_win: state.win_this_turn() != TurnWin::No,
        }
    }
}

/// The value for `me` of `state`, reached by one of `me`'s moves: the best end of `me`'s turn
/// (when the turn goes on), a won or lost game, a position where the opponent can win at once
/// (as bad as a loss, when `look.check` asks for that look), or the game's evaluation. A turn
/// the move earns in a game of one move per turn (Q!nto's Q!nto), which would be as wide as any
/// turn, is valued where it starts: won if the player can win in it (only looked for when
/// `look.may_win`; without `look.check`, counted as won), else by the evaluation.
pub(crate) fn turn_value<G: Engine>(
    state: &G,
    me: Player,
    depth: u32,
    scratch: &mut Vec<G::Move>,
    look: Look,
) -> i32 {
    if let Some(outcome) = state.outcome() {
        return terminal(&outcome, me, depth);
    }
    if state.to_move() == Some(me) {
        if state.move_in_turn().1 <= 1 {
            return if look.may_win && (!look.check || has_immediate_win(state, scratch)) {
                WIN - depth as i32 - 1
            } else {
                state.evaluate(me)
            };
        }
        // A turn of several moves (Nudge) is finished every possible way when that is few
        // enough, else by the game's playout policy.
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        if moves.len() > WIDEST_CONTINUATION {
            let mut rng = rng_from_seed(state.position_key());
            let Some(mv) = state.playout_move(&mut rng) else {
                return state.evaluate(me);
            };
            let mut next = state.clone();
            next.play_unchecked(mv);
            return turn_value(&next, me, depth + 1, scratch, look);
        }
        return moves
            .into_iter()
            .map(|mv| {
                let mut next = state.clone();
                next.play_unchecked(mv);
                turn_value(&next, me, depth + 1, scratch, look)
            })
            .max()
            .unwrap_or(-(WIN - depth as i32));
    }
    if look.check && has_immediate_win(state, scratch) {
        -(WIN - depth as i32 - 1)
    } else {
        state.evaluate(me)
    }
}

/// Every legal move of `state` with the value greedy gives it, each valued in full (the
/// opponent's replies looked at after every move): the plain form of greedy's choice, for
/// analysis and tests. [`GreedyAgent`] picks among the moves of the highest value.
pub fn move_values<G: Engine>(state: &G) -> Vec<(G::Move, i32)> {
    let Some(me) = state.to_move() else {
        return Vec::new();
    };
    let look = Look::from_turn_start(state);
    let mut moves = Vec::new();
    let mut scratch = Vec::new();
    state.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| {
            let mut next = state.clone();
            next.play_unchecked(mv);
            (mv, turn_value(&next, me, 1, &mut scratch, look))
        })
        .collect()
}

impl<G: Engine> Agent<G> for GreedyAgent {
    fn name(&self) -> String {
        "greedy".to_owned()
    }

    fn new_game(&mut self, seed: u64) {
        self.rng = rng_from_seed(seed);
    }

    /// Every move is first given an upper bound of its value: without looking at the
    /// opponent's replies, and counting a turn it earns as won where a win this turn is not
    /// ruled out. Then, best bound first, moves get their true value until the bounds left
    /// fall below the best true value. The best moves are those of valuing every move fully,
    /// kept in the order of the move list, so the choice is the same, except that of several
    /// moves winning as quickly one is enough (possible wins are tried in the order of the
    /// evaluation where they begin, most promising first); only the replies after clearly
    /// worse moves are never looked at.
    fn choose(&mut self, view: &G::View) -> Option<G::Move> {
        let state = G::sample_from_view(view, &mut self.rng);
        let me = state.to_move()?;
        let full = Look::from_turn_start(&state);
        let bound_look = Look {
            check: false,
            ..full
        };
        let mut moves = Vec::new();
        let mut scratch = Vec::new();
        state.legal_moves(&mut moves);
        let after = |mv: G::Move| {
            let mut next = state.clone();
            next.play_unchecked(mv);
            next
        };
        // Each move's bound, the order of possible wins, and whether the bound is already
        // the true value (the game is over, or a turn earned where no win is to be found).
        let one_move_turns = state.move_in_turn().1 <= 1;
        let mut exact = vec![false; moves.len()];
        let mut bounded: Vec<(i32, i32, usize)> = Vec::with_capacity(moves.len());
        for (k, &mv) in moves.iter().enumerate() {
            let next = after(mv);
            let again = one_move_turns && next.to_move() == Some(me);
            exact[k] = next.outcome().is_some() || (again && !full.may_win);
            let bound = turn_value(&next, me, 1, &mut scratch, bound_look);
            let promise = if again && full.may_win {
                next.evaluate(me)
            } else {
                0
            };
            bounded.push((bound, promise, k));
        }
        bounded.sort_unstable_by(|a, b| b.0.cmp(&a.0).then(b.1.cmp(&a.1)).then(a.2.cmp(&b.2)));
        let mut best: Vec<usize> = Vec::new();
        let mut best_score = i32::MIN;
        for (bound, _, k) in bounded {
            // Among wins as quick as the best found, the first is enough.
            if bound < best_score || (bound == best_score && best_score >= DECIDED) {
                break;
            }
            let score = if exact[k] {
                bound
            } else {
                turn_value(&after(moves[k]), me, 1, &mut scratch, full)
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
