//! A record of a game that ended by resignation, a forfeit, an agreed draw or an abort replays
//! to that result, and only where such an ending could have happened.

use tabuleiro_core::{
    Game, GameRecord, Options, Outcome, Player, RecordError, Session, Setup, rng_from_seed,
};
use tabuleiro_games::quantik::Quantik;

fn session_after(moves: usize, seed: u64) -> Session<Quantik> {
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
    session
}

fn record_after(moves: usize, seed: u64) -> GameRecord {
    session_after(moves, seed).record()
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

#[test]
fn a_forfeit_ends_the_session_and_its_record_replays_to_it() {
    let mut session = session_after(3, 9);
    let seat = session.to_move().expect("the game goes on");
    session
        .forfeit(seat, "played `x9`, which is not a move")
        .expect("forfeits");
    assert_eq!(session.to_move(), None);
    let outcome = session.outcome().expect("over");
    assert_eq!(outcome.result(seat), tabuleiro_core::PlayerResult::Loss);
    assert_eq!(
        outcome.reason,
        format!("{seat} forfeits: played `x9`, which is not a move")
    );
    // No move after it, and no second forfeit.
    let mut legal = Vec::new();
    session.state().legal_moves(&mut legal);
    assert!(session.play(legal[0]).is_err());
    assert!(session.forfeit(seat, "again").is_err());
    // The record keeps it, reads back from JSON and replays to the same result.
    let record = session.record();
    assert_eq!(record.result.as_ref(), Some(&outcome));
    let again = GameRecord::from_json(&record.to_json()).expect("reads");
    assert_eq!(again, record);
    again.replay::<Quantik>().expect("replays");
    let restored = Session::<Quantik>::from_record(&again).expect("restores");
    assert_eq!(restored.outcome(), Some(outcome));
    // Taking the turn back takes the forfeit back too.
    let mut undone = session.clone();
    undone.undo_turn(|_| true).expect("takes back");
    assert!(undone.forfeited().is_none() && undone.to_move().is_some());
}

#[test]
fn a_forfeit_where_none_could_be_is_refused() {
    let mut session = session_after(2, 4);
    assert!(session.forfeit(Player(2), "no such seat").is_err());
    session.forfeit(Player(0), "crashed").expect("forfeits");
    let record = session.record();
    let mut wrong_seat = record.clone();
    wrong_seat.forfeit.as_mut().expect("forfeit").seat = 5;
    let error = wrong_seat.replay::<Quantik>().unwrap_err();
    assert!(matches!(error, RecordError::Forfeited(_)), "{error}");
    let mut with_resignation = record.clone();
    with_resignation.resigned = Some(1);
    let error = with_resignation.replay::<Quantik>().unwrap_err();
    assert!(error.to_string().contains("resigned too"), "{error}");
    // The stored result must be the forfeit's.
    let mut other_reason = record;
    other_reason.forfeit.as_mut().expect("forfeit").reason = "timed out".into();
    let error = other_reason.replay::<Quantik>().unwrap_err();
    assert!(
        matches!(error, RecordError::ResultMismatch { .. }),
        "{error}"
    );
}

#[test]
fn an_agreed_draw_and_an_abort_replay_and_are_refused_where_they_could_not_be() {
    let mut agreed = record_after(3, 21);
    agreed.agreed_draw = true;
    agreed.result = Some(Outcome::agreed_draw(2, None));
    agreed.replay::<Quantik>().expect("an agreed draw replays");
    let back = GameRecord::from_json(&agreed.to_json()).expect("reads");
    assert_eq!(back, agreed);
    let mut aborted = record_after(1, 21);
    aborted.aborted = Some(1);
    aborted.result = Some(Outcome::aborted(Player(1), 2, None));
    aborted.replay::<Quantik>().expect("an abort replays");
    assert!(
        aborted
            .result
            .as_ref()
            .is_some_and(|r| r.winner().is_none() && r.reason.contains("no result"))
    );
    // Not two endings at once, not a seat the game lacks, not a stated result of another kind.
    let mut both = agreed.clone();
    both.resigned = Some(0);
    assert!(matches!(
        both.replay::<Quantik>(),
        Err(RecordError::Ended(_))
    ));
    let mut nobody = aborted.clone();
    nobody.aborted = Some(4);
    assert!(matches!(
        nobody.replay::<Quantik>(),
        Err(RecordError::Ended(_))
    ));
    let mut other_result = agreed;
    other_result.result = Some(Outcome::aborted(Player(0), 2, None));
    assert!(matches!(
        other_result.replay::<Quantik>(),
        Err(RecordError::ResultMismatch { .. })
    ));
}

#[test]
fn a_draw_called_when_a_player_left_replays_and_is_refused_where_it_could_not_be() {
    let mut left = record_after(4, 21);
    left.left_drawn = Some(1);
    left.result = Some(Outcome::left_drawn(Player(1), 2, None));
    left.replay::<Quantik>()
        .expect("a draw called after a player left replays");
    let back = GameRecord::from_json(&left.to_json()).expect("reads");
    assert_eq!(back, left);
    assert!(left.result.as_ref().is_some_and(|r| {
        r.winner().is_none() && r.reason == "player 2 left the game, and it was called a draw"
    }));
    // Not with another ending, not a seat the game lacks, not an agreed draw's result.
    let mut both = left.clone();
    both.agreed_draw = true;
    assert!(matches!(
        both.replay::<Quantik>(),
        Err(RecordError::Ended(_))
    ));
    let mut nobody = left.clone();
    nobody.left_drawn = Some(2);
    assert!(matches!(
        nobody.replay::<Quantik>(),
        Err(RecordError::Ended(_))
    ));
    let mut agreed = left;
    agreed.result = Some(Outcome::agreed_draw(2, None));
    assert!(matches!(
        agreed.replay::<Quantik>(),
        Err(RecordError::ResultMismatch { .. })
    ));
}
