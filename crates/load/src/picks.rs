//! The games the benchmark and its adversaries play, chosen from the registry
//! ([`tabuleiro_games::REGISTRY`]) by what they are — how many play them, whether anything is
//! hidden ([`GameInfo`]), which search their computer runs ([`EngineInfo`]) — never by name:
//! a game added to the registry is picked wherever it fits.
//!
//! Every pick is a game for two with nothing hidden (its fewest players two, no hidden
//! information): the scripted clients play both seats of a game, or one seat against the
//! computer, as two people at one board would.
//!
//! [`EngineInfo`]: tabuleiro_core::EngineInfo

use std::cmp::Reverse;

use tabuleiro_core::{GameInfo, Registry, SearchKind};
use tabuleiro_games::REGISTRY;

/// Whether the scripted clients play `game`: its fewest players two, nothing hidden.
pub fn for_two(game: &GameInfo) -> bool {
    game.min_players == 2 && !game.hidden_information
}

/// How much a computer player's search holds while it thinks, most first. Every level searches
/// for the same time whatever the game; what differs is what the search keeps meanwhile:
/// Monte Carlo tree search grows its tree by a node at every playout (each played to the end of
/// the game), alpha-beta fills a table of fixed size, sampled rollouts keep neither.
pub fn search_weight(search: SearchKind) -> u8 {
    match search {
        SearchKind::MonteCarlo => 2,
        SearchKind::AlphaBeta => 1,
        SearchKind::Rollouts => 0,
    }
}

/// The [`search_weight`] of game `game`'s computer (0 for a game the registry does not know).
fn weight(game: &GameInfo) -> u8 {
    REGISTRY
        .engine(game.id)
        .map_or(0, |e| search_weight(e.search))
}

/// The games for two in menu order.
fn games_for_two() -> impl Iterator<Item = &'static GameInfo> {
    REGISTRY.games().iter().copied().filter(|g| for_two(g))
}

/// The first game of the menu (whatever it is, if none is for two).
fn first() -> &'static GameInfo {
    REGISTRY.games()[0]
}

/// The first game for two in the menu: the default of `bench-web`'s online games, and the
/// rematch loop's hotseat game ([`crate::adversaries::computers`]).
pub fn first_for_two() -> &'static GameInfo {
    games_for_two().next().unwrap_or_else(first)
}

/// The game for two whose computer's search holds the most while it thinks
/// ([`search_weight`]; the first in the menu among equals): the honest games against the
/// computer of an adversarial run, and the game whose computer players the attacks keep
/// busiest.
pub fn heaviest() -> &'static GameInfo {
    games_for_two()
        .min_by_key(|g| Reverse(weight(g)))
        .unwrap_or_else(first)
}

/// The games for two whose computer keeps a tree or a table while it searches (a
/// [`search_weight`] above 0) and that offer the level `level`, heaviest first (menu order
/// among equals): the games the unopened-games attack creates against `hard`, in turns.
pub fn searching_at(level: &str) -> Vec<&'static GameInfo> {
    let mut games: Vec<&'static GameInfo> = games_for_two()
        .filter(|g| weight(g) > 0)
        .filter(|g| {
            REGISTRY.engine(g.id).is_some_and(|engine| {
                tabuleiro_ai::level::ladder_for(engine)
                    .iter()
                    .any(|named| named.name == level)
            })
        })
        .collect();
    games.sort_by_key(|g| Reverse(weight(g)));
    games
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pick_is_a_game_for_two_with_nothing_hidden() {
        let picks = [first_for_two(), heaviest()]
            .into_iter()
            .chain(searching_at("hard"));
        for game in picks {
            assert_eq!(game.min_players, 2, "{}", game.id);
            assert!(!game.hidden_information, "{}", game.id);
        }
    }

    #[test]
    fn the_heaviest_game_outweighs_every_other_game_for_two() {
        let heaviest = weight(heaviest());
        assert!(games_for_two().all(|g| weight(g) <= heaviest));
        assert!(heaviest > 0, "its computer keeps a tree or a table");
    }

    #[test]
    fn the_unopened_games_start_with_the_heaviest_and_keep_a_tree_or_a_table() {
        let games = searching_at("hard");
        assert_eq!(games.first().map(|g| g.id), Some(heaviest().id));
        assert!(games.len() >= 2, "more than one game: {games:?}");
        assert!(games.windows(2).all(|w| weight(w[0]) >= weight(w[1])));
        assert!(searching_at("no such level").is_empty());
    }

    #[test]
    fn the_first_game_for_two_comes_first_in_the_menu() {
        let first = first_for_two();
        let position = |id: &str| REGISTRY.games().iter().position(|g| g.id == id);
        assert!(games_for_two().all(|g| position(g.id) >= position(first.id)));
    }
}
