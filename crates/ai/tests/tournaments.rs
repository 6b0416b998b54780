//! Tournaments: the same seed gives the same results whatever the number of threads, each
//! seed is played twice with the seats swapped, a ladder pairs neighbours only, and a stop
//! request leaves the games finished so far.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use tabuleiro_ai::tournament::GameReport;
use tabuleiro_ai::{Level, Schedule, Tournament};
use tabuleiro_core::{Game, Setup};
use tabuleiro_games::quantik::Quantik;

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
