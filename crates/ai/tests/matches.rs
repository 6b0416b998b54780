//! Matches between levels: reproducible from their seed, and the stronger level wins.

use tabuleiro_ai::{Level, MatchResult, play_match};
use tabuleiro_core::{Game, Player, Setup};
use tabuleiro_games::quantik::Quantik;

fn greedy_vs_random(seed: u64) -> MatchResult {
    let setup = Setup::default_for(Quantik::INFO);
    let mut seen = 0;
    let result = play_match::<Quantik>(&setup, Level::Greedy, Level::Random, 40, seed, |game| {
        assert_eq!(game.index, seen, "games are reported in order");
        seen += 1;
    })
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
