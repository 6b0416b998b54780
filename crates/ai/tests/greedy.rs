//! The greedy player: takes an immediate win, and never allows the opponent one when it can
//! avoid it; checked by brute force on random positions.

use tabuleiro_ai::greedy::move_values;
use tabuleiro_ai::{Agent, GreedyAgent};
use tabuleiro_core::{Engine, Game, Setup, derive_seed, rng_from_seed};
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

/// Checks, on positions of seeded games of `G`, that greedy's move is one of the moves of
/// highest value when every move is valued in full ([`move_values`]): greedy values the
/// opponent's replies only where a move could still be best, which must not change its
/// choice. Greedy draws its guess of hidden tiles first, so the same draw is made here.
fn lazy_choice_is_a_best_move<G: Engine>(players: usize, games: u64) -> usize {
    let mut checked = 0;
    for seed in 0..games {
        let mut state = G::new(&Setup {
            players,
            seed,
            ..Setup::default_for(G::INFO)
        })
        .expect("a setup");
        let mut rng = rng_from_seed(seed);
        let mut ply = 0;
        while let Some(me) = state.to_move() {
            let view = state.view(me);
            let agent_seed = derive_seed(seed, checked as u64);
            let sampled = G::sample_from_view(&view, &mut rng_from_seed(agent_seed));
            let values = move_values(&sampled);
            let best = values.iter().map(|&(_, v)| v).max().expect("a legal move");
            let choice =
                Agent::<G>::choose(&mut GreedyAgent::new(agent_seed), &view).expect("a move");
            assert!(
                values.iter().any(|&(mv, v)| mv == choice && v == best),
                "{}: seed {seed}, move {}: greedy chose {} (best value {best})",
                G::INFO.id,
                ply,
                state.format_move(choice)
            );
            checked += 1;
            ply += 1;
            let Some(mv) = state.playout_move(&mut rng) else {
                break;
            };
            state.play_unchecked(mv);
        }
    }
    checked
}

#[test]
fn greedy_chooses_a_best_move_of_the_full_valuation() {
    let quantik = lazy_choice_is_a_best_move::<Quantik>(2, 20);
    let nudge = lazy_choice_is_a_best_move::<tabuleiro_games::nudge::Nudge>(2, 3);
    let qinto = lazy_choice_is_a_best_move::<tabuleiro_games::qinto::Qinto>(2, 2);
    assert!(
        quantik >= 100 && nudge >= 30 && qinto >= 30,
        "{quantik} {nudge} {qinto}"
    );
}
