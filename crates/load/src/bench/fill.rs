//! A database filled with finished games, for measuring a server that has stored many.

use tabuleiro_web::store::{GameStore, SqliteStore, StoredGame, StoredSeat};

use super::LoadError;
use crate::client::ClientError;

/// Fills the database in `folder` with `games` finished games of game `game` (random legal
/// moves from seeds 0, 1, …, default options, the fewest players), for measuring a server that
/// has stored many games. Returns how many moves were stored.
///
/// # Errors
/// When the game is unknown, or the database cannot be opened or written.
pub fn fill(folder: &std::path::Path, game: &str, games: usize) -> Result<usize, LoadError> {
    use tabuleiro_core::Registry;
    tabuleiro_games::REGISTRY
        .visit(game, Filler { folder, games })
        .unwrap_or_else(|| Err(ClientError::Answer(format!("unknown game `{game}`")).into()))
}

/// [`fill`] for the game chosen at run time.
struct Filler<'a> {
    folder: &'a std::path::Path,
    games: usize,
}

impl tabuleiro_core::GameVisitor for Filler<'_> {
    type Output = Result<usize, LoadError>;

    fn visit<G: tabuleiro_core::Engine>(self) -> Self::Output {
        let store = SqliteStore::open(self.folder)?;
        let mut moves_stored = 0;
        let stored = (0..self.games).map(|i| {
            let setup = tabuleiro_core::Setup {
                players: G::INFO.min_players,
                options: tabuleiro_core::Options::defaults(G::INFO),
                seed: i as u64,
            };
            let mut moves = Vec::new();
            if let Ok(mut state) = G::new(&setup) {
                let mut rng = tabuleiro_core::rng_from_seed(i as u64);
                let limit = G::INFO.max_moves.unwrap_or(1000);
                while let Some(mv) = state.random_move(&mut rng) {
                    if moves.len() >= limit {
                        break;
                    }
                    moves.push(state.format_move(mv));
                    state.play_unchecked(mv);
                }
            }
            moves_stored += moves.len();
            StoredGame {
                id: format!("stored{i:09}"),
                game: G::INFO.id.to_owned(),
                players: setup.players,
                options: setup
                    .options
                    .iter()
                    .map(|(k, v)| (k.to_owned(), v.to_owned()))
                    .collect(),
                seed: i as u64,
                mode: "hotseat".to_owned(),
                seats: vec![StoredSeat::human(String::new()); setup.players],
                resigned: None,
                moves,
                revision: 0,
                rematch: None,
                offer: None,
                ending: None,
                clock: None,
            }
        });
        let games: Vec<StoredGame> = stored.collect();
        tokio::runtime::Builder::new_current_thread()
            .build()?
            .block_on(store.import(games))?;
        Ok(moves_stored)
    }
}
