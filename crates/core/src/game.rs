//! The [`Game`] trait: what every game offers to front ends and computer players.

use std::fmt::Debug;
use std::hash::Hash;

use crate::info::{GameInfo, PairScoring};
use crate::options::{OptionError, Options};
use crate::outcome::Outcome;
use crate::picture::{Gesture, Picture, Placed};
use crate::player::Player;
use crate::rng::{GameRng, random_index};

/// What a new game is set up from: how many players, the checked options, and the seed that
/// drives every chance event of the game (deal, generated board, random first player).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Number of seats.
    pub players: usize,
    /// Checked option values (see [`Options::new`]).
    pub options: Options,
    /// Seed of the game's [`GameRng`]; stored in the game record.
    pub seed: u64,
}

impl Setup {
    /// The default setup of `info`: fewest players, default options, seed 0.
    pub fn default_for(info: &'static GameInfo) -> Self {
        Setup {
            players: info.min_players,
            options: Options::defaults(info),
            seed: 0,
        }
    }
}

/// A setup the game cannot start from.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The game is not for this many players.
    #[error("{game} is for {}, not {given}", players_text(*min, *max))]
    Players {
        /// The game's name.
        game: &'static str,
        /// Fewest players.
        min: usize,
        /// Most players.
        max: usize,
        /// The number given.
        given: usize,
    },
    /// An option's value cannot be played.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// A player is named for each of `named` seats in a game of `seats`.
    #[error("{named} players named for {seats} seats")]
    Seats {
        /// Players named.
        named: usize,
        /// Seats in the game.
        seats: usize,
    },
    /// A position given in full (a diagram, an arrangement of tiles) that the game cannot
    /// have.
    #[error("{0}")]
    Position(String),
}

impl SetupError {
    /// Checks that `info`'s game is for `given` players.
    ///
    /// # Errors
    /// [`SetupError::Players`] when it is not.
    pub fn check_players(info: &GameInfo, given: usize) -> Result<(), SetupError> {
        if (info.min_players..=info.max_players).contains(&given) {
            Ok(())
        } else {
            Err(SetupError::Players {
                game: info.name,
                min: info.min_players,
                max: info.max_players,
                given,
            })
        }
    }
}

/// "2 players", "2 to 4 players".
fn players_text(min: usize, max: usize) -> String {
    if min == max {
        format!("{min} players")
    } else {
        format!("{min} to {max} players")
    }
}

/// A move text that is not a move of this game at all (bad syntax).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read `{text}` as a move: {reason}")]
pub struct SyntaxError {
    /// The text given.
    pub text: String,
    /// What is wrong, and what a move looks like.
    pub reason: String,
}

/// A line of a file that does not hold what it should (see [`Game::option_from_file`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {reason}")]
pub struct LineError {
    /// The line, counted from 1.
    pub line: usize,
    /// What is wrong with it.
    pub reason: String,
}

/// A well-formed move that the rules forbid in the current position, with the reason.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{reason}")]
pub struct IllegalMove {
    /// Why the move is not allowed here, e.g. "opponent has a cone in row 2".
    pub reason: String,
}

impl IllegalMove {
    /// An illegal-move error with `reason`.
    pub fn new(reason: impl Into<String>) -> Self {
        IllegalMove {
            reason: reason.into(),
        }
    }
}

/// Why a typed move was refused: either it is not a move at all, or it is not allowed here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move of this game.
    #[error(transparent)]
    Syntax(#[from] SyntaxError),
    /// The move is well-formed but illegal in this position.
    #[error("illegal move `{text}`: {error}")]
    Illegal {
        /// The text given.
        text: String,
        /// Why it is illegal.
        error: IllegalMove,
    },
}

/// From whose eyes a position is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Perspective {
    /// Everything, for spectators, replays and games without hidden information.
    Everyone,
    /// Only what this player may see.
    Player(Player),
}

/// One game's rules, as a position (state) type.
///
/// A value of a type implementing `Game` is always a legal position of that game: it is built
/// by [`Game::new`] from a checked [`Setup`] and changed only by moves. Turns of several moves
/// (Nudge) are consecutive moves by the same [`Game::to_move`] player; chance happens only
/// through the seed in the setup; hidden information is expressed by [`Game::view`].
pub trait Game: Clone + PartialEq + Debug + Send + Sync + 'static {
    /// One move: a small `Copy` value. Its text form is [`Game::format_move`].
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// What one player may see of a position. Games without hidden information use the
    /// position itself (`type View = Self`).
    type View: Clone + Debug + Send + Sync + 'static;

    /// Static facts about the game.
    const INFO: &'static GameInfo;

    /// How the two games of a pair (one seed, seats swapped) count in matches and tournaments:
    /// game by game (the default), or as one result decided by summed scores (Taiji's
    /// tournament rule).
    const PAIR_SCORING: PairScoring = PairScoring::EachGame;

    /// A new game from a setup.
    ///
    /// # Errors
    /// When the number of players or an option value does not suit the game.
    fn new(setup: &Setup) -> Result<Self, SetupError>;

    /// Number of seats.
    fn players(&self) -> usize;

    /// The player who must move now, or `None` when the game is over.
    fn to_move(&self) -> Option<Player>;

    /// The result when the game is over, else `None`.
    fn outcome(&self) -> Option<Outcome>;

    /// For games whose turns have several moves: (which move of the turn, moves per turn),
    /// counted from 1. Games of one move per turn keep the default `(1, 1)`.
    fn move_in_turn(&self) -> (usize, usize) {
        (1, 1)
    }

    /// Replaces the contents of `moves` with every legal move, in a fixed order. Empty when the
    /// game is over. Reusing the same vector avoids allocation.
    fn legal_moves(&self, moves: &mut Vec<Self::Move>);

    /// Checks a move against the rules of this position.
    ///
    /// # Errors
    /// [`IllegalMove`] with the reason when the move may not be played here.
    fn check_move(&self, mv: Self::Move) -> Result<(), IllegalMove>;

    /// Plays a move known to be legal (the fast path for search). Use [`Game::play`] for moves
    /// that come from outside.
    ///
    /// Playing an illegal move leaves the position unspecified (it may panic in debug builds).
    fn play_unchecked(&mut self, mv: Self::Move);

    /// Plays a move after checking it; on error the position is unchanged.
    ///
    /// # Errors
    /// [`IllegalMove`] with the reason when the move may not be played here.
    fn play(&mut self, mv: Self::Move) -> Result<(), IllegalMove> {
        self.check_move(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// The move in the game's compact notation (for example `Ca1`).
    fn format_move(&self, mv: Self::Move) -> String;

    /// Reads a move in the game's notation without checking legality.
    ///
    /// # Errors
    /// [`SyntaxError`] when the text is not a move of this game at all.
    fn parse_notation(&self, text: &str) -> Result<Self::Move, SyntaxError>;

    /// Reads a move and checks that it is legal here.
    ///
    /// # Errors
    /// [`MoveError::Syntax`] for text that is not a move, [`MoveError::Illegal`] with the
    /// reason for a move the rules forbid here.
    fn parse_move(&self, text: &str) -> Result<Self::Move, MoveError> {
        let mv = self.parse_notation(text)?;
        self.check_move(mv).map_err(|error| MoveError::Illegal {
            text: text.trim().to_owned(),
            error,
        })?;
        Ok(mv)
    }

    /// The position as text for a terminal, seen from `perspective`.
    fn render(&self, perspective: Perspective) -> String;

    /// The position as someone who plays no seat may see it while the game goes on (a
    /// spectator of an online game). Games without hidden information show everything, as
    /// [`Perspective::Everyone`] does (the default); games with hidden information override
    /// this to hide every hidden part.
    fn render_public(&self) -> String {
        self.render(Perspective::Everyone)
    }

    /// The position as a picture, as `perspective` may see it: the board, its pieces, what
    /// each seat holds off the board (hidden pieces only counted), and the marks the game
    /// itself knows (the pushes of the last move it remembers; at the end, the cells that
    /// decided it). Front ends draw from this alone; the cells of the last turn's moves are
    /// added by [`Session::picture`](crate::Session::picture).
    fn picture(&self, perspective: Perspective) -> Picture;

    /// The picture someone who plays no seat may see while the game goes on, as
    /// [`Game::render_public`] is to [`Game::render`]. The default shows everything.
    fn picture_public(&self) -> Picture {
        self.picture(Perspective::Everyone)
    }

    /// How `mv`, legal here, is made by pointing: the cells it uses in order, the pieces it
    /// takes from the mover's hand (by the tokens of [`Picture::reserves`]) and the choice it
    /// needs. The gestures of two different legal moves are never [`Gesture::same`].
    fn gesture(&self, mv: Self::Move) -> Gesture;

    /// The pieces `mv`, legal here, puts on the board, for a front end to show faintly while
    /// a player points at it (both halves of a Taiji tile, so that the player sees which half
    /// is light before the second click). The default shows none: the pieces of most moves are
    /// drawn on their choices' buttons already.
    fn preview(&self, mv: Self::Move) -> Vec<Placed> {
        let _ = mv;
        Vec::new()
    }

    /// The move `mv`, about to be played here, as `viewer` may read it in the move list
    /// (`None`: someone who plays no seat). The default is [`Game::format_move`]; games whose
    /// notation can name hidden things (a trade of hidden tiles) override it to write only
    /// what `viewer` may know.
    fn format_move_for(&self, mv: Self::Move, viewer: Option<Player>) -> String {
        let _ = viewer;
        self.format_move(mv)
    }

    /// Whether playing `mv` here shows its mover something that was hidden before it (Q!nto:
    /// a play or a trade draws tiles from the mover's face-down pile), and if so what, as a
    /// clause that explains why the move cannot be taken back ("the tiles drawn by that move
    /// are now known"). Front ends refuse to undo such a move: the game played again from
    /// before it would be played knowing what comes next. The default, `None`, suits games
    /// without hidden draws.
    fn reveals_hidden(&self, mv: Self::Move) -> Option<&'static str> {
        let _ = mv;
        None
    }

    /// What `seat` alone may see now, in words, for games that hide something from some seats
    /// (Q!nto: the seat's hand): an engine playing `seat` through the engine protocol is sent
    /// it each time it changes. Default: `None`, nothing hidden.
    fn private_text(&self, seat: Player) -> Option<String> {
        let _ = seat;
        None
    }

    /// What `seat` sees after `moves`, rebuilt from what it was told: the setup (every option
    /// with its settled value), the moves in order as `seat` may read them
    /// ([`Game::format_move_for`]) and its last [`Game::private_text`]. An engine of the engine
    /// protocol knows the game this way. The default replays the moves from the start, which
    /// is exact for games without hidden information; games with hidden information override
    /// it (the setup's seed, which decides what is hidden, is not the seat's to know).
    ///
    /// # Errors
    /// A move that cannot be read or played (naming it by its number), or a private text that
    /// does not fit.
    fn view_from_told(
        setup: &Setup,
        seat: Player,
        moves: &[String],
        private: Option<&str>,
    ) -> Result<Self::View, String> {
        let _ = private;
        let mut state = Self::new(setup).map_err(|e| e.to_string())?;
        for (i, text) in moves.iter().enumerate() {
            if state.to_move().is_none() {
                return Err(format!(
                    "move {} `{text}`: the game was already over",
                    i + 1
                ));
            }
            let mv = state
                .parse_move(text)
                .map_err(|e| format!("move {} `{text}`: {e}", i + 1))?;
            state.play_unchecked(mv);
        }
        Ok(state.view(seat))
    }

    /// Running scores of each seat, for games that keep score.
    fn scores(&self) -> Option<Vec<i64>> {
        None
    }

    /// The options that this game's setup settled by chance, each with the value it drew
    /// written as a literal value of the option (a generated board's grid of cell values, and
    /// any later draw from the same generator, such as who moves first). Called on the
    /// starting position: a [`Session`](crate::Session) keeps these in place of the words
    /// that asked for a draw (`values=random`), so that its record replays on the same board
    /// even if the generator ever changes, and the board can be shared. Default: none.
    fn settled_options(&self) -> Vec<(&'static str, String)> {
        Vec::new()
    }

    /// Whether `value`, given for option `name`, names a file holding the option's value
    /// (`-o values=board.txt`) rather than being the value itself. Only front ends that may
    /// open files (the command line) ask, then set the value [`Game::option_from_file`] reads;
    /// the rules themselves never open files (a server sets games up from what its clients
    /// send). Default: no option is read from a file.
    fn option_names_file(name: &str, value: &str) -> bool {
        let _ = (name, value);
        false
    }

    /// The value of option `name` held in `text`, the contents of a file that
    /// [`Game::option_names_file`] accepted, written as the option's literal value. `options`
    /// are the game's other settings (this option at its default), such as the board size
    /// the value must fit. The default takes the text as it is, trimmed.
    ///
    /// # Errors
    /// [`LineError`] naming the line of `text` that is wrong, and why.
    fn option_from_file(name: &str, text: &str, options: &Options) -> Result<String, LineError> {
        let _ = (name, options);
        Ok(text.trim().to_owned())
    }

    /// What `player` may see.
    fn view(&self, player: Player) -> Self::View;

    /// A full position consistent with `view`: hidden parts are sampled with `rng`.
    /// Computer players plan on such samples, never on the true position.
    fn sample_from_view(view: &Self::View, rng: &mut GameRng) -> Self;

    /// A key identifying the position (pieces, player to move, and anything else that decides
    /// the legal moves): equal positions have equal keys. Used by transposition tables.
    fn position_key(&self) -> u64;

    /// A key equal for positions that are images of each other under the game's symmetries
    /// (and so have the same value), and different for positions that are not: a solver's
    /// transposition table folds symmetric positions together with it. Defaults to
    /// [`Game::position_key`] (no symmetry used).
    fn canonical_key(&self) -> u64 {
        self.position_key()
    }

    /// A uniformly random legal move, or `None` when the game is over. Games override this with
    /// a fast path; the default lists the moves.
    fn random_move(&self, rng: &mut GameRng) -> Option<Self::Move> {
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        if moves.is_empty() {
            None
        } else {
            Some(moves[random_index(rng, moves.len())])
        }
    }

    /// Plays [`Game::random_move`] after [`Game::random_move`] from this position until the
    /// game ends or `limit` moves are played; returns the final position and the number of
    /// moves played ([`random_playout`] calls it). The default plays them one by one; a game
    /// may override it with a faster loop, which must give the very same position, move count
    /// and use of `rng`.
    fn play_random_moves(mut self, rng: &mut GameRng, limit: usize) -> (Self, usize) {
        let mut played = 0;
        while played < limit {
            let Some(mv) = self.random_move(rng) else {
                break;
            };
            self.play_unchecked(mv);
            played += 1;
        }
        (self, played)
    }
}

/// Plays uniformly random moves from `state` until the game ends; returns the final position
/// and the number of moves played. Stops after `limit` moves (returning an unfinished game).
pub fn random_playout<G: Game>(state: G, rng: &mut GameRng, limit: usize) -> (G, usize) {
    state.play_random_moves(rng, limit)
}
