//! Paired games decided together: for games whose tournament rule is
//! [`PairScoring::SummedScores`], the two games of a pair (one seed, seats swapped) count as
//! one result, won by the side whose two scores add up to more.

use tabuleiro_core::{Outcome, PairScoring, Player, PlayerResult};

/// One side's scores in one game of a pair: its own and its opponent's.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GameScores {
    /// The side's own score.
    pub own: i64,
    /// Its opponent's score.
    pub other: i64,
}

impl GameScores {
    /// The scores of the player in `seat` and of its opponent, from a finished two-player
    /// game's outcome; `None` when the outcome carries no scores (or `seat` is not 0 or 1).
    pub fn of(outcome: &Outcome, seat: Player) -> Option<GameScores> {
        let scores = outcome.scores.as_ref()?;
        let own = *scores.get(seat.index())?;
        let other = *scores.get(1usize.checked_sub(seat.index())?)?;
        Some(GameScores { own, other })
    }
}

/// One side's sums over a pair and the result they give.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PairScore {
    /// The side's sum of its scores in the two games.
    pub own: i64,
    /// Its opponent's sum.
    pub other: i64,
    /// The side's result over the pair: the larger sum wins, equal sums draw.
    pub result: PlayerResult,
}

/// The result of one side over a pair of games from its scores in each: the sums of the two
/// scores decide, whatever each game's own result was.
pub fn summed(games: [GameScores; 2]) -> PairScore {
    let own = games[0].own.saturating_add(games[1].own);
    let other = games[0].other.saturating_add(games[1].other);
    let result = match own.cmp(&other) {
        std::cmp::Ordering::Greater => PlayerResult::Win,
        std::cmp::Ordering::Less => PlayerResult::Loss,
        std::cmp::Ordering::Equal => PlayerResult::Draw,
    };
    PairScore { own, other, result }
}

/// How the results of games of a game with rule `scoring` count: pair by pair
/// ([`PairScoring::SummedScores`]) when that is the game's rule, the games are paired, and
/// there are two players (summed scores are defined between two sides); else game by game.
pub fn counting(scoring: PairScoring, paired: bool, players: usize) -> PairScoring {
    if scoring == PairScoring::SummedScores && paired && players == 2 {
        PairScoring::SummedScores
    } else {
        PairScoring::EachGame
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(own: i64, other: i64) -> GameScores {
        GameScores { own, other }
    }

    #[test]
    fn the_sums_decide_not_the_games() {
        // A wins game 1 by 10 (30 to 20) and loses game 2 by 2 (18 to 20): one game each,
        // but A's sum is 48 against 40, so A wins the pair.
        let pair = summed([game(30, 20), game(18, 20)]);
        assert_eq!((pair.own, pair.other), (48, 40));
        assert_eq!(pair.result, PlayerResult::Win);
        // Seen from B: the same pair is a loss.
        let pair = summed([game(20, 30), game(20, 18)]);
        assert_eq!(pair.result, PlayerResult::Loss);
    }

    #[test]
    fn equal_sums_draw_the_pair() {
        // A wins game 1 by 3 and loses game 2 by 3: 12 + 9 = 21 = 9 + 12.
        let pair = summed([game(12, 9), game(9, 12)]);
        assert_eq!((pair.own, pair.other), (21, 21));
        assert_eq!(pair.result, PlayerResult::Draw);
    }

    #[test]
    fn huge_scores_saturate_instead_of_overflowing() {
        let pair = summed([game(i64::MAX, 0), game(i64::MAX, 1)]);
        assert_eq!(pair.result, PlayerResult::Win);
    }

    #[test]
    fn scores_are_read_by_seat() {
        let outcome = Outcome {
            results: vec![PlayerResult::Loss, PlayerResult::Win],
            scores: Some(vec![7, 11]),
            reason: String::new(),
        };
        assert_eq!(GameScores::of(&outcome, Player(0)), Some(game(7, 11)));
        assert_eq!(GameScores::of(&outcome, Player(1)), Some(game(11, 7)));
        let unscored = Outcome::draw(2, "");
        assert_eq!(GameScores::of(&unscored, Player(0)), None);
    }

    #[test]
    fn only_paired_two_player_games_of_summed_scoring_count_by_pairs() {
        use PairScoring::{EachGame, SummedScores};
        assert_eq!(counting(SummedScores, true, 2), SummedScores);
        assert_eq!(counting(SummedScores, false, 2), EachGame);
        assert_eq!(counting(SummedScores, true, 3), EachGame);
        assert_eq!(counting(EachGame, true, 2), EachGame);
    }
}
