//! The `perfect` level driven by a game's solved table ([`OracleAgent`]), checked on Quantik
//! with a stand-in table: exact values from a full-depth search. It never lets a won position
//! go, wins as fast as the table says, and rates moves and turns as the table does.

use std::sync::Arc;

use tabuleiro_ai::analysis::exact_moves;
use tabuleiro_ai::oracle_play::{principal_line, rate_moves, rate_turns};
use tabuleiro_ai::{Agent, Exact, Limits, OracleAgent, Solver, StrongAgent, Value};
use tabuleiro_core::oracle::{OracleError, OracleSummary};
use tabuleiro_core::rng::RngExt;
use tabuleiro_core::{ExactValue, Game, Oracle, Player, rng_from_seed};
use tabuleiro_games::quantik::Quantik;

use crate::util::random_position;

/// Exact values of Quantik positions by full-depth search, as a table would give them.
struct SearchTable;

impl Oracle<Quantik> for SearchTable {
    fn value(&self, state: &Quantik) -> Option<ExactValue> {
        let (_, best) = *exact_moves(state).first()?;
        Some(match best {
            Exact::Win { plies } => ExactValue::Win { plies },
            Exact::Draw => ExactValue::Draw,
            Exact::Loss { plies } => ExactValue::Loss { plies },
        })
    }

    fn summary(&self) -> OracleSummary {
        OracleSummary::default()
    }

    fn save(&self, _path: &std::path::Path) -> Result<(), OracleError> {
        Err(OracleError::NothingToSave)
    }
}

/// Games against `strong` (depth 2) from positions a few random moves in: whenever the
/// table-driven perfect player is to move in a won position, it wins, in exactly the number
/// of moves the table gave.
#[test]
fn oracle_agent_never_loses_a_won_position() {
    let mut rng = rng_from_seed(61);
    let oracle: Arc<dyn Oracle<Quantik>> = Arc::new(SearchTable);
    let mut perfect = OracleAgent::new(Arc::clone(&oracle), 0);
    let mut judge = Solver::<Quantik>::new();
    let (mut won_games, mut other_games) = (0, 0);
    for game in 0..24u64 {
        let (mut state, _) = random_position(&mut rng, 5 + (game % 4) as usize);
        let seat = Player(rng.random_range(0..2));
        let mut strong = StrongAgent::<Quantik>::new(Limits::depth(2), game);
        Agent::<Quantik>::new_game(&mut perfect, game);
        let mut promised: Option<(usize, u32)> = None;
        let mut played = 0;
        while let Some(player) = state.to_move() {
            let mv = if player == seat {
                if promised.is_none() && judge.solve(&state) == Value::Win {
                    let Some(ExactValue::Win { plies }) = oracle.value(&state) else {
                        panic!("the table and the solver disagree");
                    };
                    promised = Some((played, plies));
                }
                perfect.choose(&state)
            } else {
                strong.choose(&state)
            };
            state.play(mv.expect("a move")).expect("a legal move");
            played += 1;
        }
        let winner = state.outcome().and_then(|o| o.winner());
        if let Some((at, plies)) = promised {
            assert_eq!(winner, Some(seat), "game {game}: a won position let go");
            // The loser may resist less than perfectly, never more.
            assert!(
                played - at <= plies as usize,
                "game {game}: slower than promised"
            );
            won_games += 1;
        } else {
            other_games += 1;
        }
    }
    assert!(
        won_games >= 5 && other_games >= 1,
        "{won_games} {other_games}"
    );
}

/// Moves and whole turns are rated as the table rates the positions they lead to, and the
/// principal line of a won position ends with the winner's win after the promised moves.
#[test]
fn moves_turns_and_lines_follow_the_table() {
    let mut rng = rng_from_seed(62);
    let oracle = SearchTable;
    for _ in 0..6 {
        let (state, _) = random_position(&mut rng, 7);
        let me = state.to_move().expect("unfinished");
        let moves = rate_moves(&oracle, &state).expect("every move rated");
        let turns = rate_turns(&oracle, &state).expect("every turn rated");
        // Quantik turns are single moves.
        assert_eq!(turns.len(), moves.len());
        for ((mv, value), (turn, turn_value)) in moves.iter().zip(&turns) {
            assert_eq!(turn, &vec![*mv]);
            assert_eq!(value, turn_value);
        }
        let best = moves.iter().map(|(_, v)| v.rank()).max().expect("moves");
        assert_eq!(oracle.value(&state).map(ExactValue::rank), Some(best));
        if let Some(ExactValue::Win { plies }) = oracle.value(&state) {
            let line = principal_line(&oracle, &state);
            assert_eq!(line.len(), plies as usize);
            let mut end = state;
            for mv in line {
                end.play(mv).expect("legal");
            }
            assert_eq!(end.outcome().and_then(|o| o.winner()), Some(me));
        }
    }
}
