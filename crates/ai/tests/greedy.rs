//! The greedy player: takes an immediate win, and never allows the opponent one when it can
//! avoid it; checked by brute force on random positions.

use tabuleiro_ai::{Agent, GreedyAgent};
use tabuleiro_core::{Game, rng_from_seed};
use tabuleiro_games::quantik::Quantik;

use crate::util::{legal, random_position};

/// Whether the player to move in `state` has a move after which the game is over and won by
/// them (completing a unit, or leaving the opponent without a placement).
fn can_win_at_once(state: &Quantik) -> bool {
    let Some(me) = state.to_move() else {
        return false;
    };
    legal(state).into_iter().any(|mv| {
        let mut next = *state;
        next.play(mv).expect("legal");
        next.outcome().is_some_and(|o| o.winner() == Some(me))
    })
}

#[test]
fn greedy_wins_at_once_and_otherwise_avoids_giving_a_win() {
    let mut rng = rng_from_seed(61);
    let (mut took_wins, mut dodged) = (0, 0);
    for round in 0..400 {
        let (state, texts) = random_position(&mut rng, 3 + round % 11);
        let me = state.to_move().expect("unfinished");
        let moves = legal(&state);
        let after = |mv| {
            let mut next = state;
            next.play(mv).expect("legal");
            next
        };
        let winning: Vec<_> = moves
            .iter()
            .copied()
            .filter(|&mv| after(mv).outcome().is_some_and(|o| o.winner() == Some(me)))
            .collect();
        let safe: Vec<_> = moves
            .iter()
            .copied()
            .filter(|&mv| !can_win_at_once(&after(mv)))
            .collect();
        let mut greedy = GreedyAgent::new(round as u64);
        let choice = Agent::<Quantik>::choose(&mut greedy, &state).expect("a move");
        let mut again = GreedyAgent::new(round as u64);
        assert_eq!(
            Agent::<Quantik>::choose(&mut again, &state),
            Some(choice),
            "same seed, same move"
        );
        let moves_text = texts.join(" ");
        if !winning.is_empty() {
            assert!(
                winning.contains(&choice),
                "missed a win after [{moves_text}]: {choice:?}"
            );
            took_wins += 1;
        } else if !safe.is_empty() {
            assert!(
                safe.contains(&choice),
                "gave a win away after [{moves_text}]: {choice:?}"
            );
            if safe.len() < moves.len() {
                dodged += 1;
            }
        } else {
            assert!(moves.contains(&choice));
        }
    }
    assert!(
        took_wins >= 30 && dodged >= 30,
        "{took_wins} wins taken, {dodged} traps dodged"
    );
}
