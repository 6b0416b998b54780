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
//!
//! # Fair play
//! Ratings are what people won against people, so games that prove nothing count for nothing:
//! - a rated game resigned or lost on time before every player has moved is aborted
//!   ([`crate::room::Room::every_seat_moved`]), and rates nobody;
//! - two players who finished [`PAIR_GAMES_PER_DAY`] rated games together within a day (the
//!   games created in the last 24 hours) play their next ones for nothing: the game is rated
//!   with no change ([`unchanged`]), its players see `1500 → 1500`, and their rated games are
//!   not counted up. One person with two names won 20 games in 2 s this way; a pair of
//!   friends playing all evening keeps the ratings of their first games. (lichess flags
//!   accounts that play mostly each other; this is the same idea, applied at once);
//! - a rated challenge cannot be accepted from the network it was posted from (an IPv4
//!   address, an IPv6 /64: [`crate::limits::network_of`]), and a rated table of more than two
//!   needs a player with [`ESTABLISHED_GAMES`] rated games or more: names made for the
//!   occasion cannot fill it together.

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

/// Rated games two players may finish together in a day before their next ones count for
/// nothing.
pub const PAIR_GAMES_PER_DAY: u64 = 3;

/// Rated games (of any game) a player has finished to be established: a rated table of more
/// than two needs one such player.
pub const ESTABLISHED_GAMES: u32 = 5;

/// The changes of a rated game that counts for nothing: each seat's rating as it was.
pub fn unchanged(seated: &[String], before: &[Glicko]) -> Vec<RatingChange> {
    seated
        .iter()
        .zip(before)
        .enumerate()
        .map(|(seat, (player, glicko))| RatingChange {
            seat,
            player: player.clone(),
            before: glicko.rating,
            after: glicko.rating,
            deviation: glicko.deviation,
        })
        .collect()
}

/// The pairs of seats of a table, each once.
pub fn pairs(seated: &[String]) -> Vec<(&str, &str)> {
    let mut pairs = Vec::new();
    for (i, a) in seated.iter().enumerate() {
        for b in &seated[i + 1..] {
            pairs.push((a.as_str(), b.as_str()));
        }
    }
    pairs
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
