//! tabuleiro's game abstraction: nothing game-specific lives here.
//!
//! - [`GameInfo`] and [`OptionSpec`]: static facts about a game, read by menus and players.
//! - [`Options`] and [`Setup`]: checked settings and the seed a game starts from.
//! - [`Game`]: a position with its player to move, legal moves, notation, rendering,
//!   per-player [`Game::view`] and [`Outcome`]: the rules alone.
//! - [`Engine`]: what computer players know beyond the rules (evaluation, playout policy,
//!   quick looks for wins, the choice of search, a solved table).
//! - [`GameRecord`] and [`Session`]: saving, loading, replaying and undoing (never over a
//!   move that showed its player something hidden: [`Game::reveals_hidden`], [`UndoError`]).
//! - [`oracle`]: exact values from a game's own solved table ([`Engine::oracle`], Nudge).
//! - [`GameRng`]: the one seeded random number generator (Xoshiro256++); [`fresh_seed`]: an
//!   unguessable seed from the operating system for a game started without one.
//! - [`Picture`] and [`Gesture`]: a position as data to draw, and a move as the cells and
//!   choices a player points at ([`Game::picture`], [`Game::gesture`]).
//! - [`Eyes`]: through whose eyes a front end shows a game (a seat's, the public's, all).
//! - [`GameVisitor`]: run generic code on a game chosen by id at run time.
//! - [`conformance`]: the test suite every game must pass, generic over [`Game`].
//!
//! How the five games map onto it: Quantik and Taiji are plain alternating games; Nudge's
//! two-move turn is two consecutive moves by the same [`Game::to_move`] player (see
//! [`Game::move_in_turn`]); Q!nto has 2–4 seats, a deal decided by [`Setup::seed`] and hands
//! hidden through [`Game::view`] (with [`Game::render_public`] and [`Game::format_move_for`]
//! for what each onlooker may read, and [`Game::reveals_hidden`] for the tiles a move draws
//! from a face-down pile); Pushee Pieces generates its board from the seed (and records it
//! as a literal grid, [`Game::settled_options`]) and reports [`Game::scores`]; Taiji's paired
//! games are decided by summed scores ([`Game::PAIR_SCORING`]).

pub mod actions;
pub mod conformance;
pub mod engine;
pub mod eyes;
pub mod game;
pub mod info;
pub mod options;
pub mod oracle;
pub mod outcome;
pub mod picture;
pub mod player;
pub mod record;
pub mod registry;
pub mod rng;
pub mod session;

pub use actions::ActionSpace;
pub use engine::{Engine, EngineInfo, SearchKind, TurnWin};
pub use eyes::Eyes;
pub use game::{
    Game, IllegalMove, LineError, MoveError, Perspective, Setup, SetupError, SyntaxError,
    random_playout,
};
pub use info::{GameInfo, OptionKind, OptionSpec, PairScoring};
pub use options::{First, OptionError, Options};
pub use oracle::{ExactValue, Oracle, OracleError, OracleRequest, OracleSource, OracleSummary};
pub use outcome::{Forfeit, Outcome, PlayerResult};
pub use picture::{
    Axis, Board, Cell, CellValue, Choice, Facing, Gesture, Ink, Item, Key, Picture, Piece, Placed,
    Placement, Reserve, Shape,
};
pub use player::Player;
pub use record::{GameRecord, RECORD_FORMAT, RecordError};
pub use registry::{GameVisitor, Registry};
pub use rng::{GameRng, SeedError, derive_seed, fresh_seed, rng_from_seed};
pub use session::{CheckedMove, Session, UndoError};
