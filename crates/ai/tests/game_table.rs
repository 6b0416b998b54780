//! The table every front end plays at: seats, the computer's turn on any thread, undo for
//! people, hints from a seat's own view, records.

use std::time::Duration;

use tabuleiro_ai::{GameTable, Level, Seat, TurnError, seat_agents};
use tabuleiro_core::{Game, Options, Player, Setup, UndoError};
use tabuleiro_games::qinto::Qinto;
use tabuleiro_games::quantik::Quantik;

fn setup<G: Game>(players: usize, seed: u64) -> Setup {
    Setup {
        players,
        options: Options::defaults(G::INFO),
        seed,
    }
}

fn first_legal<G: Game>(state: &G) -> G::Move {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves[0]
}

#[test]
fn the_computer_plays_the_moves_of_the_players_every_front_end_builds() {
    for seed in 1..6 {
        let seats = vec![Seat::Computer(Level::Greedy), Seat::Computer(Level::Random)];
        let mut table = GameTable::<Quantik>::new(setup::<Quantik>(2, seed), seats).unwrap();
        let levels = [Some(Level::Greedy), Some(Level::Random)];
        let mut agents = seat_agents::<Quantik>(&setup::<Quantik>(2, seed), &levels).unwrap();
        while let Some(player) = table.state().to_move() {
            let agent = agents[player.index()].as_mut().unwrap();
            let expected = agent.choose(&table.state().view(player)).unwrap();
            assert_eq!(table.play_computer(), Ok(Some(expected)), "seed {seed}");
        }
        assert!(table.state().outcome().is_some());
        assert_eq!(table.record().agents, ["greedy", "random"]);
    }
}

#[test]
fn an_answer_thought_before_the_game_changed_is_dropped() {
    let seats = vec![Seat::Human, Seat::Computer(Level::Random)];
    let mut table = GameTable::<Quantik>::new(setup::<Quantik>(2, 4), seats).unwrap();
    assert!(table.computer_turn().is_none(), "the person moves first");
    let mv = first_legal(table.state());
    table.play(mv).unwrap();
    let turn = table.computer_turn().expect("the computer's turn");
    assert_eq!(turn.player(), Player(1));
    let thought = turn.think();
    assert!(thought.chosen().is_some());
    // The person takes the move back while the computer thinks.
    assert_eq!(table.undo_turn(), Ok(vec![mv]));
    assert!(!table.is_current(&thought));
    assert_eq!(table.accept(thought), Ok(None));
    assert!(table.session().moves().is_empty());
}

#[test]
fn undo_against_a_computer_goes_back_to_the_persons_turn() {
    let seats = vec![Seat::Human, Seat::Computer(Level::Greedy)];
    let mut table = GameTable::<Quantik>::new(setup::<Quantik>(2, 9), seats).unwrap();
    assert_eq!(table.undo_count(), Err(UndoError::Nothing));
    let mine = first_legal(table.state());
    table.play(mine).unwrap();
    let reply = table.play_computer().unwrap().expect("a reply");
    let generation = table.generation();
    assert_eq!(table.undo_count(), Ok(2));
    assert_eq!(table.undo_turn(), Ok(vec![mine, reply]));
    assert_ne!(table.generation(), generation);
    assert_eq!(table.state(), &table.session().positions()[0]);
    // Between computers only, undo takes back one turn.
    let seats = vec![Seat::Computer(Level::Random), Seat::Computer(Level::Random)];
    let mut table = GameTable::<Quantik>::new(setup::<Quantik>(2, 9), seats).unwrap();
    table.play_computer().unwrap();
    table.play_computer().unwrap();
    assert_eq!(table.undo_turn().map(|m| m.len()), Ok(1));
}

#[test]
fn a_hint_is_a_legal_move_for_the_seat_to_move() {
    let seats = vec![Seat::Human, Seat::Human, Seat::Human];
    let mut table = GameTable::<Qinto>::new(setup::<Qinto>(3, 21), seats).unwrap();
    let mv = first_legal(table.state());
    table.play(mv).unwrap();
    let think = Duration::from_millis(30);
    let hint = table.hint(think).unwrap().unwrap().think();
    assert_eq!(hint.player(), table.state().to_move().unwrap());
    let chosen = hint.chosen().expect("a hint");
    let mut legal = Vec::new();
    table.state().legal_moves(&mut legal);
    assert!(legal.contains(&chosen));
}

#[test]
fn a_table_is_restored_from_its_record_with_its_seats() {
    let seats = vec![Seat::Human, Seat::Computer(Level::Greedy)];
    let mut table = GameTable::<Quantik>::new(setup::<Quantik>(2, 5), seats.clone()).unwrap();
    table.play(first_legal(table.state())).unwrap();
    table.play_computer().unwrap();
    let record = table.record();
    let restored = GameTable::<Quantik>::from_record(&record).unwrap();
    assert_eq!(restored.seats(), seats.as_slice());
    assert_eq!(restored.record(), record);
    let mut bad = record;
    bad.agents[1] = "grandmaster".to_owned();
    let error = GameTable::<Quantik>::from_record(&bad)
        .err()
        .expect("refused");
    assert!(
        error.to_string().starts_with("seat 2 of the record"),
        "{error}"
    );
}

#[test]
fn a_stored_move_that_does_not_replay_is_named() {
    let seats = vec![Seat::Human, Seat::Human];
    let moves = ["Ca1".to_owned(), "Ca1".to_owned()];
    let error = GameTable::<Quantik>::with_moves(setup::<Quantik>(2, 1), seats, &moves)
        .err()
        .expect("refused");
    assert!(error.to_string().starts_with("stored move 2"), "{error}");
}

#[test]
fn a_computer_that_finds_no_move_is_reported() {
    let error = TurnError::NoMove {
        player: Player(1),
        agent: "random".to_owned(),
    };
    assert_eq!(error.to_string(), "player 2 (random) found no move");
}

#[test]
fn stopping_the_table_stops_a_search_that_would_think_for_seconds() {
    use tabuleiro_games::taiji::Taiji;
    let long: Level = "strong:think=5000".parse().unwrap();
    for seats in [
        vec![Seat::Computer(long), Seat::Human],
        // Q!nto thinks by sampled rollouts.
        vec![Seat::Computer(long), Seat::Human, Seat::Human],
    ] {
        let players = seats.len();
        let started = std::time::Instant::now();
        let thought = if players == 2 {
            let mut table = GameTable::<Taiji>::new(setup::<Taiji>(2, 1), seats).unwrap();
            let turn = table.computer_turn().unwrap();
            let thinking = std::thread::spawn(move || turn.think().chosen().is_some());
            std::thread::sleep(Duration::from_millis(100));
            table.stop_thinking();
            thinking.join().unwrap()
        } else {
            let mut table = GameTable::<Qinto>::new(setup::<Qinto>(3, 1), seats).unwrap();
            let turn = table.computer_turn().unwrap();
            let thinking = std::thread::spawn(move || turn.think().chosen().is_some());
            std::thread::sleep(Duration::from_millis(100));
            table.stop_thinking();
            thinking.join().unwrap()
        };
        assert!(thought, "a stopped search still names its best move so far");
        assert!(
            started.elapsed() < Duration::from_secs(3),
            "{players} players: stopped after {:?}",
            started.elapsed()
        );
    }
}
