//! Hints and analysis for front ends: for a position, the best move found within a budget and
//! its evaluation and, for games solved here, the exact value of every legal move: win or
//! loss in so many plies, or a draw. Quantik is solved by search; a game with its own solved
//! table ([`tabuleiro_core::Engine::oracle`], Nudge) is read from the table, which also rates
//! every legal whole turn (both moves of a Nudge turn).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use tabuleiro_core::{Engine, ExactValue, Player, PlayerResult, rng_from_seed};

use crate::alphabeta::{AlphaBeta, Limits};
use crate::mcts::{MctsLimits, search as mcts_search};
use crate::score::{DECIDED, WIN};

/// The exact value of a move or position for one player, with the distance to the end of the
/// game under best play (the winner hurries, the loser holds out).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(tag = "value", rename_all = "lowercase")]
pub enum Exact {
    /// Wins; the game ends `plies` moves from the position analysed (this move included).
    Win {
        /// Moves until the game ends, counting both sides.
        plies: u32,
    },
    /// Draws.
    Draw,
    /// Loses; the game ends `plies` moves from the position analysed (this move included).
    Loss {
        /// Moves until the game ends, counting both sides.
        plies: u32,
    },
}

impl Exact {
    /// A search score for some player (see [`crate::score`]) read as an exact value, when it
    /// is decided; `extra` plies are added to the distance.
    fn from_score(score: i32, extra: u32) -> Option<Exact> {
        if score >= DECIDED {
            Some(Exact::Win {
                plies: (WIN - score) as u32 + extra,
            })
        } else if score <= -DECIDED {
            Some(Exact::Loss {
                plies: (WIN + score) as u32 + extra,
            })
        } else {
            None
        }
    }

    /// How good this is for the player, best first when sorted by it descending: quicker wins
    /// beat slower ones, and slower losses beat quicker ones.
    pub fn rank(self) -> i64 {
        match self {
            Exact::Win { plies } => 1_000_000 - i64::from(plies),
            Exact::Draw => 0,
            Exact::Loss { plies } => -1_000_000 + i64::from(plies),
        }
    }
}

impl From<ExactValue> for Exact {
    fn from(value: ExactValue) -> Self {
        match value {
            ExactValue::Win { plies } => Exact::Win { plies },
            ExactValue::Draw => Exact::Draw,
            ExactValue::Loss { plies } => Exact::Loss { plies },
        }
    }
}

impl std::fmt::Display for Exact {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Exact::Win { plies } => write!(f, "win in {plies}"),
            Exact::Draw => f.write_str("draw"),
            Exact::Loss { plies } => write!(f, "loss in {plies}"),
        }
    }
}

/// How the position looks for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, serde::Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Evaluation {
    /// Proven: by search, by the solver, or from the game's solved table.
    Exact {
        /// The value.
        exact: Exact,
    },
    /// A heuristic score from an alpha-beta search of this depth (positive is good).
    Score {
        /// The score, in the game's evaluation units.
        score: i32,
        /// Plies searched.
        depth: u32,
    },
    /// The share of Monte Carlo playouts the best move won.
    WinRate {
        /// Between 0 and 1.
        rate: f64,
        /// Playouts run.
        iterations: u64,
    },
    /// The mean score of the best move's rollouts over samples of the hidden information.
    Rollouts {
        /// The best move's mean rollout score ([`crate::RolloutReport::score`]): a rollout
        /// played to the end of the game scores 20 000 for a win, −20 000 for a loss, plus
        /// the final position's evaluation (in the game's units); one cut short scores the
        /// evaluation alone.
        score: f64,
        /// Samples drawn.
        samples: u64,
    },
}

impl std::fmt::Display for Evaluation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Evaluation::Exact { exact } => write!(f, "{exact}"),
            Evaluation::Score { score, depth } => write!(f, "score {score:+} at depth {depth}"),
            Evaluation::WinRate { rate, iterations } => {
                write!(f, "wins {:.1}% of {iterations} playouts", 100.0 * rate)
            }
            Evaluation::Rollouts { score, samples } => {
                write!(
                    f,
                    "score {score:+.0} a few turns on, over {samples} samples"
                )
            }
        }
    }
}

/// What the analysis found.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis<M> {
    /// The player to move (`None` when the game is over).
    pub to_move: Option<Player>,
    /// The best move found.
    pub best: Option<M>,
    /// How the position looks for the player to move.
    pub evaluation: Option<Evaluation>,
    /// For games solved here: the exact value of every legal move, best first.
    pub moves: Vec<(M, Exact)>,
    /// For games with their own solved table: the exact value of every legal whole turn (the
    /// moves until the other player is to move or the game ends), best first.
    pub turns: Vec<(Vec<M>, Exact)>,
    /// Why the game's solved table could not be used, when it could not (the analysis is
    /// then a search).
    pub table_error: Option<String>,
}

/// Analyses the position seen in `view` (for hidden information, the unseen part is sampled
/// with a generator seeded by `seed`): a search within `budget`, and for solvable games the
/// exact value of every move (which may take longer than the budget early in the game). A
/// game's own solved table is opened with the front end's defaults (loaded, or built on
/// first use); positions it does not cover, or a table that cannot be used
/// ([`Analysis::table_error`]), are searched instead.
pub fn analyse<G: Engine>(view: &G::View, budget: Duration, seed: u64) -> Analysis<G::Move> {
    let mut rng = rng_from_seed(seed);
    let state = G::sample_from_view(view, &mut rng);
    let mut analysis = Analysis {
        to_move: state.to_move(),
        best: None,
        evaluation: None,
        moves: Vec::new(),
        turns: Vec::new(),
        table_error: None,
    };
    if analysis.to_move.is_none() {
        return analysis;
    }
    match crate::oracle_play::open_oracle::<G>() {
        Some(Ok(oracle)) => {
            let by_rank = |exact: &Exact| -exact.rank();
            if let (Some(moves), Some(turns)) = (
                crate::oracle_play::rate_moves(&*oracle, &state),
                crate::oracle_play::rate_turns(&*oracle, &state),
            ) {
                analysis.moves = moves.into_iter().map(|(m, v)| (m, v.into())).collect();
                analysis.moves.sort_by_key(|(_, e)| by_rank(e));
                analysis.turns = turns.into_iter().map(|(t, v)| (t, v.into())).collect();
                analysis.turns.sort_by_key(|(_, e)| by_rank(e));
                if let Some(&(mv, exact)) = analysis.moves.first() {
                    analysis.best = Some(mv);
                    analysis.evaluation = Some(Evaluation::Exact { exact });
                }
                return analysis;
            }
        }
        Some(Err(e)) => analysis.table_error = Some(e.to_string()),
        None if G::ENGINE.solvable => {
            analysis.moves = exact_moves(&state);
            if let Some(&(mv, exact)) = analysis.moves.first() {
                analysis.best = Some(mv);
                analysis.evaluation = Some(Evaluation::Exact { exact });
            }
            return analysis;
        }
        None => {}
    }
    match G::ENGINE.search {
        tabuleiro_core::SearchKind::AlphaBeta => {
            let mut search = AlphaBeta::<G>::default();
            let result = search.search(&state, Limits::time(budget), &mut rng);
            analysis.best = result.best;
            analysis.evaluation = Some(match Exact::from_score(result.value, 0) {
                Some(exact) if result.proven => Evaluation::Exact { exact },
                _ => Evaluation::Score {
                    score: result.value,
                    depth: result.depth,
                },
            });
        }
        tabuleiro_core::SearchKind::MonteCarlo => {
            let limits = MctsLimits::from(Limits::time(budget));
            let (best, report) = mcts_search::<G>(view, &limits, &mut rng);
            analysis.best = best;
            analysis.evaluation = Some(Evaluation::WinRate {
                rate: report.win_rate,
                iterations: report.iterations,
            });
        }
        tabuleiro_core::SearchKind::Rollouts => {
            let limits = MctsLimits::from(Limits::time(budget));
            let (best, report) = crate::rollouts::search::<G>(view, &limits, &mut rng);
            analysis.best = best;
            analysis.evaluation = Some(Evaluation::Rollouts {
                score: report.score,
                samples: report.samples,
            });
        }
    }
    analysis
}

/// Table size of exact searches: 2^22 entries.
const EXACT_TABLE_BITS: u32 = 22;

/// The exact value of every legal move of `state` for its player to move, best first (ties in
/// the order the game lists the moves), by a full-depth alpha-beta search after each move.
pub fn exact_moves<G: Engine>(state: &G) -> Vec<(G::Move, Exact)> {
    let Some(me) = state.to_move() else {
        return Vec::new();
    };
    let mut search = AlphaBeta::<G>::with_symmetry(EXACT_TABLE_BITS);
    let mut rng = rng_from_seed(0);
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut rated: Vec<(G::Move, Exact)> = moves
        .into_iter()
        .filter_map(|mv| {
            let mut child = state.clone();
            child.play_unchecked(mv);
            let exact = if let Some(outcome) = child.outcome() {
                match outcome.result(me) {
                    PlayerResult::Win => Exact::Win { plies: 1 },
                    PlayerResult::Draw => Exact::Draw,
                    PlayerResult::Loss => Exact::Loss { plies: 1 },
                }
            } else {
                let result = search.search(&child, Limits::depth(64), &mut rng);
                // The child's value for its own mover, the game ending `WIN - score` plies
                // after the child; this move is one more ply.
                let mine = if child.to_move() == Some(me) {
                    result.value
                } else {
                    -result.value
                };
                match Exact::from_score(mine, 1) {
                    Some(exact) => exact,
                    None if result.proven => Exact::Draw,
                    None => return None,
                }
            };
            Some((mv, exact))
        })
        .collect();
    rated.sort_by_key(|&(_, exact)| -exact.rank());
    rated
}

/// One legal move with its value for the player to move: exact where a solver answers, else
/// the engine's score after a short search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveRating<M> {
    /// The move.
    pub mv: M,
    /// Its exact value, when proven.
    pub exact: Option<Exact>,
    /// The search score after it, for the player to move (positive is good), when not exact.
    pub score: i32,
}

impl<M> MoveRating<M> {
    /// The value in words: "wins in 7 moves", "draw", "loses in 12 moves", or "score +35".
    pub fn text(&self) -> String {
        match self.exact {
            Some(Exact::Win { plies }) => format!("wins in {plies} move{}", plural(plies)),
            Some(Exact::Draw) => "draw".to_owned(),
            Some(Exact::Loss { plies }) => format!("loses in {plies} move{}", plural(plies)),
            None => format!("score {:+}", self.score),
        }
    }

    /// Higher is better for the player to move: exact wins above every score, exact losses
    /// below.
    pub fn rank(&self) -> i64 {
        self.exact.map_or(i64::from(self.score), Exact::rank)
    }
}

fn plural(n: u32) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// Rates every legal move of `state` for its player to move, best first: exact values from
/// the game's solved table or the solver where the game is solved here, otherwise a search
/// of about `budget / moves` after each move (a move that ends the game is exact anyway).
pub fn rate_moves<G: Engine>(state: &G, budget: Duration) -> Vec<MoveRating<G::Move>> {
    rate_moves_until(state, budget, &AtomicBool::new(false))
}

/// [`rate_moves`], given up once `stop` is set (checked before each move's search): then only
/// the moves rated so far are returned, for an answer nobody waits for any more.
pub fn rate_moves_until<G: Engine>(
    state: &G,
    budget: Duration,
    stop: &AtomicBool,
) -> Vec<MoveRating<G::Move>> {
    let Some(me) = state.to_move() else {
        return Vec::new();
    };
    let exact: Vec<(G::Move, Exact)> = match crate::oracle_play::open_oracle::<G>() {
        Some(Ok(oracle)) => crate::oracle_play::rate_moves(&*oracle, state)
            .map(|moves| moves.into_iter().map(|(m, v)| (m, v.into())).collect())
            .unwrap_or_default(),
        _ if G::ENGINE.solvable => exact_moves(state),
        _ => Vec::new(),
    };
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut rated: Vec<MoveRating<G::Move>> = Vec::with_capacity(moves.len());
    let share = budget / u32::try_from(moves.len().max(1)).unwrap_or(u32::MAX);
    let mut search = AlphaBeta::<G>::default();
    let mut rng = rng_from_seed(0);
    for &mv in &moves {
        if stop.load(Ordering::Relaxed) {
            break;
        }
        if let Some(&(_, value)) = exact.iter().find(|(m, _)| *m == mv) {
            rated.push(MoveRating {
                mv,
                exact: Some(value),
                score: 0,
            });
            continue;
        }
        let mut child = state.clone();
        child.play_unchecked(mv);
        if let Some(outcome) = child.outcome() {
            let value = match outcome.result(me) {
                PlayerResult::Win => Exact::Win { plies: 1 },
                PlayerResult::Draw => Exact::Draw,
                PlayerResult::Loss => Exact::Loss { plies: 1 },
            };
            rated.push(MoveRating {
                mv,
                exact: Some(value),
                score: 0,
            });
            continue;
        }
        let result = search.search(&child, Limits::time(share), &mut rng);
        let mine = if child.to_move() == Some(me) {
            result.value
        } else {
            -result.value
        };
        let exact = Exact::from_score(mine, 1).filter(|_| result.proven);
        rated.push(MoveRating {
            mv,
            exact,
            score: mine,
        });
    }
    rated.sort_by_key(|r| -r.rank());
    rated
}
