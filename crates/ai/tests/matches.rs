//! Matches between levels: reproducible from their seed, and the stronger level wins.

use tabuleiro_ai::{Level, MatchResult, play_match};
use tabuleiro_core::{Game, Player, Setup};
use tabuleiro_games::quantik::Quantik;

fn greedy_vs_random(seed: u64) -> MatchResult {
    let setup = Setup::default_for(Quantik::INFO);
    let mut seen = 0;
    let result = play_match::<Quantik>(
        &setup,
        Level::Greedy,
        Level::Random,
        40,
        seed,
        false,
        |game| {
            assert_eq!(game.index, seen, "games are reported in order");
            seen += 1;
        },
    )
    .expect("the match plays");
    assert_eq!(seen, 40);
    result
}

#[test]
fn a_match_is_reproducible_and_greedy_beats_random() {
    let result = greedy_vs_random(7);
    assert_eq!(greedy_vs_random(7), result, "same seed, same match");
    assert_eq!(result.games.len(), 40);
    assert_eq!(result.a.wins + result.a.losses, 40, "{result:?}");
    assert_eq!(result.a.draws + result.b.draws, 0, "Quantik has no draws");
    assert_eq!(
        (result.a.wins, result.a.losses),
        (result.b.losses, result.b.wins)
    );
    for (i, game) in result.games.iter().enumerate() {
        assert_eq!(game.a_seat, Player((i % 2) as u8), "seats alternate");
        assert!(game.moves <= 16);
    }
    let a_wins = result
        .games
        .iter()
        .filter(|g| g.outcome.winner() == Some(g.a_seat))
        .count();
    assert_eq!(a_wins, result.a.wins);
    // Greedy wins clearly more: random play wins at most by luck.
    assert!(
        result.a.wins >= 30,
        "greedy won only {} of 40: {:?}",
        result.a.wins,
        result.a
    );
    // Another seed plays other games.
    assert_ne!(greedy_vs_random(8).games, result.games);
}

#[test]
fn paired_games_play_each_seed_twice_with_seats_swapped() {
    let setup = Setup::default_for(Quantik::INFO);
    let result = play_match::<Quantik>(&setup, Level::Greedy, Level::Random, 10, 3, true, |_| {})
        .expect("the match plays");
    for pair in result.games.chunks(2) {
        assert_eq!(pair[0].seed, pair[1].seed, "a pair shares its seed");
        assert_ne!(pair[0].a_seat, pair[1].a_seat, "and swaps the seats");
    }
    let seeds: std::collections::HashSet<u64> = result.games.iter().map(|g| g.seed).collect();
    assert_eq!(seeds.len(), 5);
}
