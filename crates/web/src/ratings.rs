//! Ratings of rated games: Glicko-2 ([`tabuleiro_ai::glicko`]) per player and game, each rated
//! game its own rating period.
//!
//! # Places
//! A game is rated from its players' places at the end: the winner first and everyone else
//! level behind (a draw leaves everyone level first). A Q!nto game of 3 or 4 players is rated
//! as the pairwise results of these places ([`tabuleiro_ai::glicko::pairwise`]): the winner
//! beat each other player, and the others drew with each other. Those who tie for fewest tiles
//! left share first place. (The published game names a winner only; ranking the others by the
//! tiles they had left would rate a difference the rules do not make.)

use tabuleiro_ai::glicko::{Glicko, after_game};
use tabuleiro_core::{Outcome, PlayerResult};

use crate::store::RatingChange;

/// Each seat's place at the end of a game with `outcome`: 1 for winners and for players who
/// drew, 2 for the others.
pub fn places(outcome: &Outcome) -> Vec<usize> {
    outcome
        .results
        .iter()
        .map(|r| match r {
            PlayerResult::Win | PlayerResult::Draw => 1,
            PlayerResult::Loss => 2,
        })
        .collect()
}

/// The ratings after a rated game (the players `seated` by seat, their ratings `before`, their
/// `places`), with each seat's change as stored.
pub fn rate(
    seated: &[String],
    before: &[Glicko],
    places: &[usize],
) -> (Vec<Glicko>, Vec<RatingChange>) {
    let after = after_game(before, places);
    let changes = seated
        .iter()
        .enumerate()
        .map(|(seat, player)| RatingChange {
            seat,
            player: player.clone(),
            before: before[seat].rating,
            after: after[seat].rating,
            deviation: after[seat].deviation,
        })
        .collect();
    (after, changes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use tabuleiro_core::Player;

    #[test]
    fn a_win_puts_the_winner_first_and_the_others_level() {
        let outcome = Outcome::win(Player(2), 4, "emptied");
        assert_eq!(places(&outcome), vec![2, 2, 1, 2]);
        let players: Vec<String> = ["a", "b", "c", "d"].map(String::from).to_vec();
        let (after, changes) = rate(&players, &[Glicko::default(); 4], &places(&outcome));
        assert!(after[2].rating > 1500.0);
        // The three losers drew with each other: they lose the same.
        assert!((after[0].rating - after[1].rating).abs() < 1e-9);
        assert!(after[0].rating < 1500.0);
        assert_eq!(changes[2].player, "c");
        assert!((changes[2].before - 1500.0).abs() < 1e-9);
    }

    #[test]
    fn a_draw_between_equals_changes_no_rating() {
        let outcome = Outcome {
            results: vec![PlayerResult::Draw, PlayerResult::Draw],
            scores: None,
            reason: "draw".to_owned(),
        };
        let (after, _) = rate(
            &["a".to_owned(), "b".to_owned()],
            &[Glicko::default(); 2],
            &places(&outcome),
        );
        assert!((after[0].rating - 1500.0).abs() < 1e-6);
        assert!(after[0].deviation < 350.0);
    }
}
