//! The perfect player never lets a won position go, and its choices agree with brute force.

use tabuleiro_ai::{Agent, Limits, PerfectAgent, Solver, StrongAgent, Value};
use tabuleiro_core::rng::RngExt;
use tabuleiro_core::{Game, Player, rng_from_seed};
use tabuleiro_games::quantik::Quantik;

use crate::util::{can_force_win, legal, random_position};

/// Games against `strong` (depth 3) from positions a few random moves in: whenever the
/// perfect player is to move in a position the solver rates won, it goes on to win. One agent
/// serves every game (it keeps its solver, as in a match).
#[test]
fn perfect_never_loses_a_won_position() {
    let mut rng = rng_from_seed(51);
    let mut perfect = PerfectAgent::<Quantik>::new(0);
    let mut judge = Solver::<Quantik>::new();
    let (mut won_positions, mut won_games, mut other_games) = (0, 0, 0);
    for game in 0..100u64 {
        let pieces = 2 + (game % 7) as usize;
        let (mut state, mut texts) = random_position(&mut rng, pieces);
        let seat = Player(rng.random_range(0..2));
        let mut strong = StrongAgent::<Quantik>::new(Limits::depth(3), game);
        Agent::<Quantik>::new_game(&mut perfect, game);
        let mut rated_won = false;
        while let Some(player) = state.to_move() {
            let mv = if player == seat {
                if judge.solve(&state) == Value::Win {
                    rated_won = true;
                    won_positions += 1;
                }
                perfect.choose(&state)
            } else {
                strong.choose(&state)
            };
            let mv = mv.expect("a move in an unfinished game");
            texts.push(state.format_move(mv));
            state
                .play(mv)
                .unwrap_or_else(|e| panic!("illegal {mv:?} after [{}]: {e}", texts.join(" ")));
        }
        let winner = state.outcome().and_then(|o| o.winner());
        if rated_won {
            assert_eq!(
                winner,
                Some(seat),
                "perfect let a won game go: [{}]",
                texts.join(" ")
            );
            won_games += 1;
        } else {
            other_games += 1;
        }
    }
    assert!(
        won_games >= 25 && other_games >= 5,
        "{won_games} won, {other_games} other games"
    );
    assert!(won_positions >= 75, "{won_positions}");
}

/// Late in the game, where brute force is quick: in a won position the perfect player's move
/// wins (the opponent cannot force a win after it).
#[test]
fn perfect_moves_win_by_brute_force() {
    let mut rng = rng_from_seed(52);
    let mut perfect = PerfectAgent::<Quantik>::new(1);
    let mut checked = 0;
    for round in 0..100 {
        let (state, texts) = random_position(&mut rng, 7 + round % 5);
        let won = can_force_win(&state);
        let mv = perfect.choose(&state).expect("a move");
        assert!(legal(&state).contains(&mv));
        if won {
            checked += 1;
            let mut child = state;
            child.play(mv).expect("legal");
            let wins = match child.outcome() {
                Some(outcome) => outcome.winner() == state.to_move(),
                None => !can_force_win(&child),
            };
            assert!(
                wins,
                "{mv:?} throws away the win after [{}]",
                texts.join(" ")
            );
        }
    }
    assert!(checked >= 25, "{checked}");
}
