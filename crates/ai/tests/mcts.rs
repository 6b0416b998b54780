//! Monte Carlo tree search: legal, reproducible, finds what it should.

use tabuleiro_ai::mcts::{MctsLimits, search};
use tabuleiro_ai::{Agent, MctsAgent, RandomAgent};
use tabuleiro_core::{Engine, Game, Player, rng_from_seed};
use tabuleiro_games::quantik::Quantik;

use crate::util::{legal, random_position, start};

fn iterations(n: u64) -> MctsLimits {
    MctsLimits {
        time: None,
        iterations: Some(n),
        threads: Some(1),
    }
}

#[test]
fn same_seed_same_choice_and_always_legal() {
    let mut rng = rng_from_seed(8);
    for pieces in [0, 2, 5, 8] {
        let (state, _) = random_position(&mut rng, pieces);
        let (a, report) = search::<Quantik>(&state, &iterations(300), &mut rng_from_seed(1));
        let (b, _) = search::<Quantik>(&state, &iterations(300), &mut rng_from_seed(1));
        assert_eq!(a, b);
        let mv = a.expect("a move in an unfinished game");
        assert!(legal(&state).contains(&mv));
        assert!(report.iterations == 300 || legal(&state).len() == 1);
    }
}

#[test]
fn takes_an_immediate_win_when_one_exists() {
    let mut rng = rng_from_seed(12);
    let mut checked = 0;
    while checked < 20 {
        let (state, _) = random_position(&mut rng, 6);
        let me = state.to_move().expect("unfinished");
        if state.winning_move().is_none() {
            continue;
        }
        let (mv, _) = search::<Quantik>(&state, &iterations(3000), &mut rng_from_seed(checked));
        let mut next = state;
        next.play(mv.expect("a move")).expect("legal");
        assert_eq!(
            next.outcome().and_then(|o| o.winner()),
            Some(me),
            "{state:?}"
        );
        checked += 1;
    }
}

#[test]
fn beats_random_play_clearly() {
    let mut mcts = MctsAgent::new(iterations(400), 3, "strong".into());
    let mut random = RandomAgent::new(4);
    let mut wins = 0;
    for game in 0..40u8 {
        let seat = Player(game % 2);
        Agent::<Quantik>::new_game(&mut mcts, u64::from(game));
        Agent::<Quantik>::new_game(&mut random, u64::from(game));
        let mut state = start();
        while let Some(p) = state.to_move() {
            let mv = if p == seat {
                Agent::<Quantik>::choose(&mut mcts, &state)
            } else {
                Agent::<Quantik>::choose(&mut random, &state)
            };
            state.play(mv.expect("a move")).expect("legal");
        }
        if state.outcome().and_then(|o| o.winner()) == Some(seat) {
            wins += 1;
        }
    }
    assert!(wins >= 34, "MCTS won only {wins} of 40 against random");
}
