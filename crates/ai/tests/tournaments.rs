//! Tournaments: the same seed gives the same results whatever the number of threads, each
//! seed is played twice with the seats swapped, a ladder pairs neighbours only, a stop
//! request leaves the games finished so far, and games decided by summed scores count pairs.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use tabuleiro_ai::pairs::GameScores;
use tabuleiro_ai::tournament::GameReport;
use tabuleiro_ai::{Level, Schedule, Tournament};
use tabuleiro_core::{Game, Options, PairScoring, PlayerResult, Setup};
use tabuleiro_games::quantik::Quantik;
use tabuleiro_games::taiji::Taiji;

fn tournament(schedule: Schedule, games: usize) -> Tournament {
    Tournament {
        setup: Setup::default_for(Quantik::INFO),
        agents: ["random", "greedy", "strong:depth=2"]
            .iter()
            .map(|t| t.parse::<Level>().expect("level"))
            .collect(),
        games,
        seed: 5,
        schedule,
    }
}

#[test]
fn results_do_not_depend_on_the_number_of_threads() {
    let t = tournament(Schedule::RoundRobin, 8);
    let go = AtomicBool::new(false);
    let counted = AtomicUsize::new(0);
    let count = |_: &GameReport| {
        counted.fetch_add(1, Ordering::Relaxed);
    };
    let one = t.run::<Quantik>(1, &go, &count).expect("played");
    let two = t.run::<Quantik>(2, &go, &count).expect("played");
    assert_eq!(one, two);
    assert_eq!(one.played, 24);
    assert_eq!(one.counted, PairScoring::EachGame, "Quantik counts games");
    assert_eq!(counted.load(Ordering::Relaxed), 48, "told of every game");
    assert_eq!(one.pairings.len(), 3);
    // Paired seeds: games 2k and 2k + 1 share a seed and swap the seats.
    for pair in one.games.chunks(2) {
        assert_eq!(pair[0].seed, pair[1].seed);
        assert_eq!((pair[0].a_seat, pair[1].a_seat), (0, 1));
    }
    // Totals add up: every game counts once for each of its two agents.
    let total: usize = one.standings.iter().map(|s| s.tally.games()).sum();
    assert_eq!(total, 2 * one.played);
    // The anchor is rated 0; greedy is far above random.
    assert_eq!(one.standings[0].rating.map(|r| r.elo), Some(0.0));
    let greedy = one.standings[1].rating.expect("rated");
    assert!(greedy.elo > 100.0, "{greedy:?}");
}

#[test]
fn a_ladder_pairs_neighbours_only() {
    let t = tournament(Schedule::Ladder, 2);
    assert_eq!(t.pairings(), vec![(0, 1), (1, 2)]);
    assert_eq!(t.planned(), 4);
    let result = t
        .run::<Quantik>(2, &AtomicBool::new(false), &|_| {})
        .expect("played");
    assert_eq!(result.pairings[1].a, "greedy");
    assert_eq!(result.pairings[1].b, "strong:depth=2");
}

#[test]
fn a_stop_request_keeps_the_finished_games() {
    let t = tournament(Schedule::RoundRobin, 40);
    let stop = AtomicBool::new(false);
    let finished = AtomicUsize::new(0);
    let result = t
        .run::<Quantik>(1, &stop, &|_| {
            if finished.fetch_add(1, Ordering::SeqCst) + 1 == 5 {
                stop.store(true, Ordering::SeqCst);
            }
        })
        .expect("played");
    assert_eq!(result.played, 5);
    assert_eq!(result.planned, 120);
    let counted: usize = result.pairings.iter().map(|p| p.tally.games()).sum();
    assert_eq!(counted, 5);
}

#[test]
fn levels_that_do_not_fit_are_refused_before_playing() {
    let mut t = tournament(Schedule::RoundRobin, 2);
    t.agents.truncate(1);
    let error = t
        .run::<Quantik>(1, &AtomicBool::new(false), &|_| {})
        .expect_err("one agent");
    assert!(error.to_string().contains("at least two agents"), "{error}");
    let mut t = tournament(Schedule::RoundRobin, 2);
    t.setup = Setup {
        players: 3,
        ..t.setup
    };
    assert!(
        t.run::<Quantik>(1, &AtomicBool::new(false), &|_| {})
            .is_err()
    );
}

/// A finished game of pairing 0 between agents 0 and 1, with the first agent's score and its
/// opponent's.
fn report(index: usize, a_result: PlayerResult, own: i64, other: i64) -> GameReport {
    GameReport {
        pairing: 0,
        index,
        seed: 100 + (index / 2) as u64,
        a_seat: (index % 2) as u8,
        a_result,
        moves: 10,
        a_scores: Some(GameScores { own, other }),
    }
}

#[test]
fn pairs_decided_by_summed_scores_are_one_result_each() {
    let t = Tournament {
        setup: Setup::default_for(Taiji::INFO),
        agents: vec![Level::Greedy, Level::Random],
        games: 6,
        seed: 1,
        schedule: Schedule::RoundRobin,
    };
    let games = vec![
        // Pair 0: A wins game 1 by 10 and loses game 2 by 2: 48 to 40, A wins the pair.
        report(0, PlayerResult::Win, 30, 20),
        report(1, PlayerResult::Loss, 18, 20),
        // Pair 1: A wins by 3 and loses by 3: 21 to 21, a drawn pair.
        report(2, PlayerResult::Win, 12, 9),
        report(3, PlayerResult::Loss, 9, 12),
        // Pair 2 is unfinished (an interrupted tournament): it does not count.
        report(4, PlayerResult::Win, 40, 1),
    ];
    let by_game = t.summarise("taiji", PairScoring::EachGame, games.clone());
    let t_games = by_game.pairings[0].tally;
    assert_eq!((t_games.wins, t_games.draws, t_games.losses), (3, 0, 2));
    let by_pair = t.summarise("taiji", PairScoring::SummedScores, games);
    assert_eq!(by_pair.counted, PairScoring::SummedScores);
    assert_eq!(by_pair.played, 5);
    let tally = by_pair.pairings[0].tally;
    assert_eq!((tally.wins, tally.draws, tally.losses), (1, 1, 0));
    assert_eq!(by_pair.standings[1].tally, tally.reversed());
    assert_eq!(by_pair.pairs.len(), 2);
    assert_eq!((by_pair.pairs[0].a.own, by_pair.pairs[0].a.other), (48, 40));
    assert_eq!(by_pair.pairs[0].seed, 100);
    assert_eq!(by_pair.pairs[1].a.result, PlayerResult::Draw);
}

#[test]
fn a_taiji_tournament_counts_pairs() {
    let mut setup = Setup::default_for(Taiji::INFO);
    setup.options = Options::parse(Taiji::INFO, &["size=7".to_owned()]).expect("options");
    let t = Tournament {
        setup,
        agents: vec![Level::Greedy, Level::Random],
        games: 4,
        seed: 9,
        schedule: Schedule::RoundRobin,
    };
    let result = t
        .run::<Taiji>(2, &AtomicBool::new(false), &|_| {})
        .expect("played");
    assert_eq!(result.played, 4);
    assert_eq!(result.counted, PairScoring::SummedScores);
    assert_eq!(result.pairs.len(), 2);
    assert_eq!(
        result.pairings[0].tally.games(),
        2,
        "{:?}",
        result.pairings[0]
    );
    for (pair, games) in result.pairs.iter().zip(result.games.chunks(2)) {
        let scores: Vec<GameScores> = games.iter().map(|g| g.a_scores.expect("scored")).collect();
        assert_eq!(pair.a.own, scores[0].own + scores[1].own);
        assert_eq!(pair.a.other, scores[0].other + scores[1].other);
    }
    let odd = Tournament { games: 3, ..t };
    let error = odd
        .run::<Taiji>(1, &AtomicBool::new(false), &|_| {})
        .expect_err("an odd number of games per pairing");
    assert!(error.to_string().contains("even number"), "{error}");
}
