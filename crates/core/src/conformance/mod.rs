//! A conformance suite that every game runs: seeded random games checking the [`Game`]
//! contract, generic over the game type.
//!
//! [`check`] (or [`check_with`] for more settings) plays random games from each given setup
//! and panics, naming the setup, the seed and the moves so far, at the first broken promise:
//!
//! - **Turns and endings.** A state has legal moves exactly when [`Game::to_move`] is `Some`
//!   and [`Game::outcome`] is `None`; a finished state has an outcome with one result per
//!   seat. Games end within [`GameInfo::max_moves`](crate::GameInfo::max_moves) when it is
//!   set.
//! - **Moves.** The list has no duplicates and is the same every time it is asked for; every
//!   listed move passes [`Game::check_move`], and [`Game::play`] and [`Game::play_unchecked`]
//!   agree on it.
//! - **Notation.** Every listed move's text reads back as the same move (also in lower and
//!   upper case, unless turned off). Every text seen anywhere in the run is tried in every
//!   position (at most 4,096 a position: beyond that an even spread of them, from a place that
//!   moves on with each position): when it does not name a listed move it must be refused — as bad syntax or as
//!   an illegal move — and a refused [`Game::play`] must leave the state unchanged.
//! - **Quick wins.** A move offered by [`Engine::winning_move`] is legal and wins at once.
//! - **Randomness.** [`Game::random_move`] returns listed moves only, `None` exactly when the
//!   game is over, the same move for the same generator state, and every legal move of the
//!   starting position over enough draws.
//! - **Keys.** Clones have equal [`Game::position_key`] and [`Game::canonical_key`]; two
//!   positions of one key have the same player to move and the same legal moves; a position
//!   reached again by swapping two moves of the same player (when that is legal and gives an
//!   equal state) has the same keys.
//! - **Views.** A position sampled from the view of the player to move has the same player
//!   to move and the same legal moves (and, without hidden information, is the position
//!   itself, and no move [reveals anything hidden](crate::Game::reveals_hidden)). Rendering
//!   never comes out empty.
//! - **Pictures.** Everything a [`Picture`](crate::Picture) draws lies on its board, one
//!   piece at most on a cell; every seat sees the same board; without hidden information
//!   spectators see everything, with it no spectator and no other seat sees a seat's hidden
//!   pieces. Every legal move's [`Gesture`](crate::Gesture) points only at cells of the board
//!   and pieces of the mover's reserve, fits the move at every step of pointing at it, and
//!   is the gesture of no other legal move.
//! - **Records.** A [`Session`] played through holds the same positions; its
//!   [`GameRecord`] survives JSON and [`GameRecord::replay`] reproduces every position exactly
//!   and the same outcome, as does [`Session::from_record`]; a record with a move after the
//!   end or an edited result is refused. The same holds for a record of the unfinished game
//!   cut at a random move. At both, each seat's view rebuilt from what an engine of that seat
//!   is told ([`Game::view_from_told`](crate::Game::view_from_told)) is its view.
//! - **Setups.** The same setup gives the same start; every value of every choice option is
//!   accepted; player counts outside the game's range are refused.
//!
//! [`Game`]: crate::Game
//! [`Game::to_move`]: crate::Game::to_move
//! [`Game::outcome`]: crate::Game::outcome
//! [`Game::check_move`]: crate::Game::check_move
//! [`Game::play`]: crate::Game::play
//! [`Game::play_unchecked`]: crate::Game::play_unchecked
//! [`Game::random_move`]: crate::Game::random_move
//! [`Game::position_key`]: crate::Game::position_key
//! [`Game::canonical_key`]: crate::Game::canonical_key
//! [`Session`]: crate::Session
//! [`GameRecord`]: crate::GameRecord
//! [`GameRecord::replay`]: crate::GameRecord::replay
//! [`Session::from_record`]: crate::Session::from_record

mod checks;
mod pictures;
mod records;
mod run;

use checks::check_setups;
use run::Run;
#[cfg(test)]
mod tests;

use crate::engine::Engine;
use crate::game::Setup;
use crate::rng::derive_seed;
/// Settings of a conformance run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Random games played from each setup.
    pub games_per_setup: usize,
    /// Base seed: every game's setup seed and move choices derive from it.
    pub seed: u64,
    /// Whether move notation must read the same in lower and upper case.
    pub case_insensitive: bool,
    /// For games without [`GameInfo::max_moves`](crate::GameInfo::max_moves): a game still
    /// running after this many moves is cut short (and checked as an unfinished game).
    pub ply_limit: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            games_per_setup: 100,
            seed: 0,
            case_insensitive: true,
            ply_limit: 10_000,
        }
    }
}

/// What a conformance run checked, so that a caller can make sure it was not vacuous.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// Games that reached their end (the others were cut at [`Config::ply_limit`]).
    pub finished: usize,
    /// Positions checked.
    pub positions: usize,
    /// Legal moves checked (notation, legality, play).
    pub legal_moves: usize,
    /// Well-formed but unlisted moves that were refused.
    pub refused: usize,
    /// Texts that did not parse at all in some position.
    pub syntax_errors: usize,
    /// Transpositions (two moves of one player swapped) that reached an equal state.
    pub transpositions: usize,
    /// Records round-tripped and replayed.
    pub records: usize,
    /// Positions where [`Engine::winning_move`] offered a move (checked to win at once).
    pub quick_wins: usize,
}

impl Report {
    fn add(&mut self, other: Report) {
        self.games += other.games;
        self.finished += other.finished;
        self.positions += other.positions;
        self.legal_moves += other.legal_moves;
        self.refused += other.refused;
        self.syntax_errors += other.syntax_errors;
        self.transpositions += other.transpositions;
        self.records += other.records;
        self.quick_wins += other.quick_wins;
    }
}

/// Runs the suite on `games_per_setup` random games from each setup (default settings
/// otherwise, see [`Config`]). Each game keeps its setup's players and options and gets its own
/// seed derived from `seed`, so chance (a deal, a random first player) varies across games.
///
/// # Panics
/// At the first broken promise, with the game, setup, seed and moves so far.
pub fn check<G: Engine>(setups: &[Setup], games_per_setup: usize, seed: u64) -> Report {
    check_with::<G>(
        setups,
        &Config {
            games_per_setup,
            seed,
            ..Config::default()
        },
    )
}

/// Runs the suite with explicit settings; see the [module documentation](self).
///
/// # Panics
/// At the first broken promise, with the game, setup, seed and moves so far.
pub fn check_with<G: Engine>(setups: &[Setup], config: &Config) -> Report {
    assert!(
        !setups.is_empty(),
        "conformance of {}: no setups given",
        G::INFO.id
    );
    check_setups::<G>(setups);
    let mut report = Report::default();
    for (index, setup) in setups.iter().enumerate() {
        let mut run = Run::<G>::new(config);
        for game in 0..config.games_per_setup {
            let stream = ((index as u64) << 32) | game as u64;
            let game_seed = derive_seed(config.seed, stream);
            let setup = Setup {
                seed: derive_seed(game_seed, 0),
                ..setup.clone()
            };
            run.play_game(&setup, game_seed, index, game);
        }
        report.add(run.report);
    }
    report
}
