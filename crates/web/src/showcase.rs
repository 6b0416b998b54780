//! A position of each game for its card on the home page: a few moves from the start,
//! chosen by a seeded random player that avoids ending the game, drawn from the game's own
//! picture as its board is. The same positions every run (the seed is fixed), made once.

use std::collections::BTreeMap;
use std::sync::LazyLock;

use tabuleiro_core::rng::random_index;
use tabuleiro_core::{GameVisitor, Picture, Registry, Setup, rng_from_seed};
use tabuleiro_games::REGISTRY;

/// How many moves a card's position is from the start (fewer when every move would end the
/// game sooner).
pub const PLIES: usize = 6;

/// The seed of the moves of every card's position.
const SEED: u64 = 2026;

/// Every game's card position, by game id.
static SHOWCASES: LazyLock<BTreeMap<&'static str, Picture>> = LazyLock::new(|| {
    REGISTRY
        .games()
        .iter()
        .filter_map(|info| Some((info.id, REGISTRY.visit(info.id, Showcase)??)))
        .collect()
});

/// The card position of game `id` (its default setup, [`PLIES`] moves in), as every seat
/// may see it; `None` for a game that cannot be set up with its defaults.
pub fn showcase(id: &str) -> Option<&'static Picture> {
    SHOWCASES.get(id)
}

struct Showcase;

impl GameVisitor for Showcase {
    type Output = Option<Picture>;

    fn visit<G: tabuleiro_core::Engine>(self) -> Option<Picture> {
        let mut state = G::new(&Setup::default_for(G::INFO)).ok()?;
        let mut rng = rng_from_seed(SEED);
        let mut moves = Vec::new();
        for _ in 0..PLIES {
            moves.clear();
            state.legal_moves(&mut moves);
            // A random move among those that leave the game going, tried in a random order.
            let mut played = false;
            while !moves.is_empty() {
                let mv = moves.swap_remove(random_index(&mut rng, moves.len()));
                let mut next = state.clone();
                next.play_unchecked(mv);
                if next.outcome().is_none() {
                    state = next;
                    played = true;
                    break;
                }
            }
            if !played {
                break;
            }
        }
        Some(state.picture_public())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_a_card_position_with_pieces_on_its_board() {
        for info in REGISTRY.games() {
            let picture = showcase(info.id).unwrap_or_else(|| panic!("{}: no position", info.id));
            assert!(!picture.pieces.is_empty(), "{}: an empty board", info.id);
        }
        assert!(showcase("no such game").is_none());
    }

    #[test]
    fn a_card_position_is_the_same_every_time() {
        for info in REGISTRY.games() {
            let again = REGISTRY.visit(info.id, Showcase).flatten();
            assert_eq!(again.as_ref(), showcase(info.id), "{}", info.id);
        }
    }
}
