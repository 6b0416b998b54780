//! Matches between levels: reproducible from their seed, and the stronger level wins.

use tabuleiro_ai::{Level, MatchResult, play_match};
use tabuleiro_core::{Game, Options, PairScoring, Player, PlayerResult, Setup};
use tabuleiro_games::quantik::Quantik;
use tabuleiro_games::taiji::Taiji;

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
    // Quantik's paired games still count one by one.
    assert_eq!(result.counted, PairScoring::EachGame);
    assert_eq!(result.a.games(), 10);
    assert!(result.pairs.is_empty());
}

#[test]
fn a_paired_taiji_match_counts_each_pair_by_its_summed_scores() {
    let mut setup = Setup::default_for(Taiji::INFO);
    setup.options = Options::parse(Taiji::INFO, &["size=7".to_owned()]).expect("options");
    let result = play_match::<Taiji>(&setup, Level::Greedy, Level::Random, 6, 2, true, |_| {})
        .expect("the match plays");
    assert_eq!(result.counted, PairScoring::SummedScores);
    assert_eq!(result.games.len(), 6);
    assert_eq!(result.pairs.len(), 3);
    assert_eq!(
        result.a.games(),
        3,
        "the tally counts pairs: {:?}",
        result.a
    );
    assert_eq!(result.b, result.a.reversed());
    for (pair, games) in result.pairs.iter().zip(result.games.chunks(2)) {
        assert_eq!(pair.seed, games[0].seed);
        // Each side's sum, read from the two outcomes by seat (A is in seat 0, then seat 1).
        let score = |g: &tabuleiro_ai::MatchGame, seat: Player| {
            g.outcome.scores.as_ref().expect("Taiji keeps score")[seat.index()]
        };
        let a_sum = score(&games[0], Player(0)) + score(&games[1], Player(1));
        let b_sum = score(&games[0], Player(1)) + score(&games[1], Player(0));
        assert_eq!((pair.a.own, pair.a.other), (a_sum, b_sum));
        let expected = match a_sum.cmp(&b_sum) {
            std::cmp::Ordering::Greater => PlayerResult::Win,
            std::cmp::Ordering::Less => PlayerResult::Loss,
            std::cmp::Ordering::Equal => PlayerResult::Draw,
        };
        assert_eq!(pair.a.result, expected);
    }
    let wins = result
        .pairs
        .iter()
        .filter(|p| p.a.result == PlayerResult::Win)
        .count();
    assert_eq!(result.a.wins, wins);

    // A pair needs both its games.
    let odd = play_match::<Taiji>(&setup, Level::Random, Level::Random, 3, 2, true, |_| {})
        .expect_err("an odd number of paired games");
    assert!(odd.to_string().contains("even number"), "{odd}");
    // Unpaired games of Taiji count one by one, as every game's do.
    let single = play_match::<Taiji>(&setup, Level::Random, Level::Random, 3, 2, false, |_| {})
        .expect("the match plays");
    assert_eq!(single.counted, PairScoring::EachGame);
    assert_eq!(single.a.games(), 3);
    assert!(single.pairs.is_empty());
}
