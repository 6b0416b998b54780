//! What computer players know of a game beyond its rules: how to judge a position, how a
//! quick simulated player moves, where a win is to be found cheaply, and which search suits
//! the game.
//!
//! [`Game`] is the rules alone; each game implements [`Engine`] beside its rules (in the games
//! crate, `<game>/engine.rs`), so that a reader of the rules never meets search policy and the
//! rules never depend on how a position is judged.

use crate::actions::ActionSpace;
use crate::game::Game;
use crate::oracle::OracleSource;
use crate::player::Player;
use crate::rng::GameRng;

/// Which search the `strong` computer level runs for a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchKind {
    /// Alpha-beta over the game's evaluation: games of modest branching.
    AlphaBeta,
    /// Monte Carlo tree search with random playouts: games of large branching.
    MonteCarlo,
    /// Sampled rollouts, for games of hidden information and chance (Q!nto): the moves the
    /// game's evaluation likes best are each tried on many samples of what the player cannot
    /// see, followed by the game's playout policy ([`Engine::playout_move`]), and judged at
    /// the end.
    Rollouts,
}

/// The facts computer players need about a game, besides its [`crate::GameInfo`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EngineInfo {
    /// The search the `strong` level runs.
    pub search: SearchKind,
    /// Whether the game can be solved on this machine, so that a `perfect` player exists: by
    /// the AI crate's generic solver, or by the game's own table ([`Engine::oracle`]).
    pub solvable: bool,
}

/// A game as computer players see it: its evaluation and the hints that make search quick.
/// Every hint has a default that is correct for any game (only slower).
pub trait Engine: Game {
    /// Which search suits the game, and whether it can be solved here.
    const ENGINE: EngineInfo;

    /// How good the position is for `player`, larger being better, on a scale well inside
    /// `±1_000_000` (search uses larger magnitudes for won and lost positions).
    fn evaluate(&self, player: Player) -> i32;

    /// The game's own solved table, for games solved by a game-specific method (Nudge, by
    /// retrograde analysis): opening the source loads or builds an
    /// [`Oracle`](crate::oracle::Oracle) giving the exact value of positions. The `perfect`
    /// level, analysis and `tabuleiro solve` use it in preference to the generic solver, and
    /// the module [`crate::oracle`] says where tables live. Default `None`: no such table.
    fn oracle() -> Option<&'static dyn OracleSource<Self>> {
        None
    }

    /// The game's fixed action space and observation planes, for programs that learn to play
    /// it ([`crate::actions`]; the game's module documents their layout). Default `None`: the
    /// game offers none yet.
    fn action_space() -> Option<&'static dyn ActionSpace<Self>> {
        None
    }

    /// A quick look for a move that wins at once for the player to move. When it returns a
    /// move, that move wins; `None` means no quick win was seen (a game's fast path may
    /// overlook rarer kinds of immediate win, so searches still check every move's outcome).
    /// The default tries every move.
    fn winning_move(&self) -> Option<Self::Move> {
        let player = self.to_move()?;
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.into_iter().find(|&mv| {
            let mut next = self.clone();
            next.play_unchecked(mv);
            next.outcome().is_some_and(|o| o.winner() == Some(player))
        })
    }

    /// Whether the player to move can win before their turn passes, as far as the game can
    /// tell cheaply: it lets greedy play and search skip looking for the opponent's immediate
    /// wins. [`TurnWin::No`] promises no such win exists, or (where the game documents it)
    /// that one is too unlikely to be worth the search; [`TurnWin::Yes`] promises one exists;
    /// the default, [`TurnWin::Maybe`], makes the caller try every move.
    fn win_this_turn(&self) -> TurnWin {
        TurnWin::Maybe
    }

    /// The move a simulated player makes in a search's playouts: the default is
    /// [`Game::random_move`]; a game whose random games say little about a position (Q!nto,
    /// where a random player hardly ever lays more than one tile) offers a cheap sensible
    /// policy instead. It must return a legal move, and `None` only when the game is over.
    fn playout_move(&self, rng: &mut GameRng) -> Option<Self::Move> {
        self.random_move(rng)
    }

    /// Plays [`Engine::playout_move`] after [`Engine::playout_move`] from this position until
    /// the game ends or `limit` moves are played, and returns the final position: the
    /// simulation step of a Monte Carlo search. The default plays them one by one; a game may
    /// override it with a faster loop, which must give the very same position and use of
    /// `rng` (Quantik, whose playout move is its random move, runs
    /// [`Game::play_random_moves`]).
    #[must_use]
    fn play_playout(mut self, rng: &mut GameRng, limit: usize) -> Self {
        for _ in 0..limit {
            let Some(mv) = self.playout_move(rng) else {
                break;
            };
            self.play_unchecked(mv);
        }
        self
    }

    /// The points every seat earns where a playout ended, by seat ([`Player::index`]): 1 for a
    /// win, ½ for a draw, 0 for a loss, and ½ for every seat when the playout was cut off
    /// before the end. `points` has room for [`crate::GameInfo::max_players`] seats; seats past
    /// the game's are left alone. The default reads [`Game::outcome`]; a game whose outcome
    /// is costly to build (it words its reason) may answer directly, with the same numbers.
    fn playout_points(&self, points: &mut [f64]) {
        match self.outcome() {
            Some(outcome) => {
                for (point, result) in points.iter_mut().zip(&outcome.results) {
                    *point = result.points();
                }
            }
            None => points.fill(0.5),
        }
    }

    /// The move the *searching* player makes at its own turns in a search's playouts (the
    /// others keep to [`Engine::playout_move`], a model of ordinary play): a game may offer a
    /// stronger quick player here, so that a search judges its moves by how they turn out
    /// when it goes on playing well. The default is [`Engine::playout_move`]. It must return
    /// a legal move, and `None` only when the game is over.
    fn planning_move(&self, rng: &mut GameRng) -> Option<Self::Move> {
        self.playout_move(rng)
    }

    /// The tactics a turn of the player to move shows, named as players of the game name them
    /// (Quantik's `row completed`, Nudge's `push off the edge`, …): puzzles are tagged with
    /// the motifs of their solution's turns. `turn` is a legal turn of this position (its
    /// moves until another player is to move or the game ends). Each game documents its
    /// motifs and how each is found; the default names none.
    fn motifs(&self, turn: &[Self::Move]) -> Vec<&'static str> {
        let _ = turn;
        Vec::new()
    }

    /// The game's puzzles shipped with the program, one JSON object per line, as
    /// `tabuleiro puzzles generate` writes them (the AI crate's `puzzles::PuzzleEntry`):
    /// generated once and kept beside the game's rules, so that every server and terminal
    /// offers the same puzzles under the same ids. Default: none.
    fn puzzles() -> &'static str {
        ""
    }
}

/// What a game can tell cheaply about a win within the current turn
/// ([`Engine::win_this_turn`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnWin {
    /// The player to move cannot win this turn (or, where the game documents it, only in
    /// cases too rare to look for).
    No,
    /// The player to move can win this turn.
    Yes,
    /// Unknown: every move must be tried.
    Maybe,
}
