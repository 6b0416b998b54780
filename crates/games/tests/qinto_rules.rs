//! Q!nto rules, checked on positions worked out by hand from the rule book.

use tabuleiro_core::{Game, Setup, random_playout, rng_from_seed};
use tabuleiro_games::qinto::{Ending, Qinto, QintoMove};

#[test]
#[ignore = "statistics for tuning, not a check"]
fn random_game_statistics() {
    let mut rng = rng_from_seed(1);
    let (mut moves, mut plays, mut passes, mut tiles, mut ends) = (0, 0, 0, 0, [0; 3]);
    let games = 2000;
    for seed in 0..games {
        let mut state = Qinto::new(&Setup {
            seed,
            ..Setup::default_for(Qinto::INFO)
        })
        .unwrap();
        while let Some(mv) = state.random_move(&mut rng) {
            match mv {
                QintoMove::Play(p) => {
                    plays += 1;
                    tiles += p.count();
                }
                QintoMove::Pass(_) => passes += 1,
                QintoMove::Swap(_) => {}
            }
            state.play_unchecked(mv);
            moves += 1;
        }
        match state.ending() {
            Some(Ending::Emptied(_)) => ends[0] += 1,
            Some(Ending::AllPassed) => ends[1] += 1,
            _ => ends[2] += 1,
        }
    }
    let _ = random_playout::<Qinto>;
    println!(
        "moves/game {} plays {} passes {} tiles/play {} ends {:?}",
        moves as f64 / games as f64,
        plays as f64 / games as f64,
        passes as f64 / games as f64,
        tiles as f64 / plays as f64,
        ends
    );
}
