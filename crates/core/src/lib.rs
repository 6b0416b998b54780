//! tabuleiro's game abstraction: nothing game-specific lives here.
//!
//! - [`GameInfo`] and [`OptionSpec`]: static facts about a game, read by menus and players.
//! - [`Options`] and [`Setup`]: checked settings and the seed a game starts from.
//! - [`Game`]: a position with its player to move, legal moves, notation, rendering,
//!   per-player [`Game::view`] and [`Outcome`]; [`Evaluate`] adds a heuristic for search.
//! - [`GameRecord`] and [`Session`]: saving, loading, replaying and undoing.
//! - [`oracle`]: exact values from a game's own solved table ([`Game::oracle`], Nudge).
//! - [`GameRng`]: the one seeded random number generator (Xoshiro256++).
//! - [`GameVisitor`]: run generic code on a game chosen by id at run time.
//! - [`conformance`]: the test suite every game must pass, generic over [`Game`].
//!
//! How the five games map onto it: Quantik and Taiji are plain alternating games; Nudge's
//! two-move turn is two consecutive moves by the same [`Game::to_move`] player (see
//! [`Game::move_in_turn`]); Q!nto has 2–4 seats, a deal decided by [`Setup::seed`] and hands
//! hidden through [`Game::view`]; Pushee Pieces generates its board from the seed and reports
//! [`Game::scores`].

pub mod conformance;
pub mod game;
pub mod info;
pub mod options;
pub mod oracle;
pub mod outcome;
pub mod player;
pub mod record;
pub mod registry;
pub mod rng;
pub mod session;

pub use game::{
    Evaluate, Game, IllegalMove, MoveError, Perspective, Setup, SetupError, SyntaxError,
    random_playout,
};
pub use info::{GameInfo, OptionKind, OptionSpec, SearchKind};
pub use options::{OptionError, Options};
pub use oracle::{ExactValue, Oracle, OracleError, OracleRequest, OracleSource, OracleSummary};
pub use outcome::{Outcome, PlayerResult};
pub use player::Player;
pub use record::{GameRecord, RECORD_FORMAT, RecordError};
pub use registry::{GameVisitor, Registry};
pub use rng::{GameRng, derive_seed, rng_from_seed};
pub use session::Session;
