//! A record of a game that ended by resignation replays to that result, and only where a
//! resignation could have happened.

use tabuleiro_core::{
    Game, GameRecord, Options, Outcome, Player, RecordError, Session, Setup, rng_from_seed,
};
use tabuleiro_games::quantik::Quantik;

fn record_after(moves: usize, seed: u64) -> GameRecord {
    let setup = Setup {
        players: 2,
        options: Options::defaults(Quantik::INFO),
        seed,
    };
    let mut session =
        Session::<Quantik>::new(setup, vec!["human".into(), "human".into()]).expect("a game");
    let mut rng = rng_from_seed(seed);
    for _ in 0..moves {
        let mut legal = Vec::new();
        session.state().legal_moves(&mut legal);
        let mv = legal[rng_index(&mut rng, legal.len())];
        session.play(mv).expect("legal");
    }
    session.record()
}

fn rng_index(rng: &mut tabuleiro_core::GameRng, n: usize) -> usize {
    use tabuleiro_core::rng::RngExt;
    rng.random_range(0..n)
}

#[test]
fn a_resignation_replays_to_a_win_for_the_other_seat() {
    let mut record = record_after(3, 7);
    record.resigned = Some(1);
    record.result = Some(Outcome::resignation(Player(1), 2, None));
    let positions = record.replay::<Quantik>().expect("replays");
    assert_eq!(positions.len(), 4);
    let result = record.result.as_ref().expect("result");
    assert_eq!(result.winner(), Some(Player(0)));
    assert_eq!(result.to_string(), "Player 1 wins: player 2 resigned");
    // Read back from its JSON, the same.
    let again = GameRecord::from_json(&record.to_json()).expect("reads");
    assert_eq!(again, record);
}

#[test]
fn a_resignation_where_none_could_be_is_refused() {
    let mut record = record_after(2, 3);
    record.resigned = Some(2);
    let error = record.replay::<Quantik>().unwrap_err();
    assert!(matches!(error, RecordError::Resigned(_)), "{error}");
    // The stored result must be the resignation's.
    record.resigned = Some(0);
    record.result = Some(Outcome::resignation(Player(1), 2, None));
    let error = record.replay::<Quantik>().unwrap_err();
    assert!(
        matches!(error, RecordError::ResultMismatch { .. }),
        "{error}"
    );
    // Not after the game had ended.
    let setup = Setup {
        players: 2,
        options: Options::defaults(Quantik::INFO),
        seed: 5,
    };
    let mut finished = record_after(0, 5);
    let mut state = Quantik::new(&setup).expect("a game");
    let mut rng = rng_from_seed(11);
    while state.to_move().is_some() {
        let mut legal = Vec::new();
        state.legal_moves(&mut legal);
        let mv = legal[rng_index(&mut rng, legal.len())];
        finished.moves.push(state.format_move(mv));
        state.play(mv).expect("legal");
    }
    finished.resigned = Some(0);
    let error = finished.replay::<Quantik>().unwrap_err();
    assert!(
        error
            .to_string()
            .contains("had ended before the resignation"),
        "{error}"
    );
}
