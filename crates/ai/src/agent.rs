//! The [`Agent`] trait: a computer player.

use tabuleiro_core::{Game, Outcome, Player, Session};

/// A computer player. It sees only what its seat may see ([`Game::view`]) and draws every
/// random choice from its own seeded generator, so the same view and seed give the same move.
pub trait Agent<G: Game>: Send {
    /// A short name for tables and records, e.g. `strong` or `strong:think=200`.
    fn name(&self) -> String;

    /// Chooses a move for the player to move in `view`; `None` when the game is over.
    fn choose(&mut self, view: &G::View) -> Option<G::Move>;

    /// Starts a new game: reseeds the player's generator and forgets anything that could make
    /// its choices depend on earlier games (knowledge that is exact, such as solved values,
    /// may be kept).
    fn new_game(&mut self, seed: u64);

    /// Whether the player keeps its own copy of the game (an engine in another process) and
    /// so must be told the game so far ([`GameSoFar`]) with each turn. The players of this
    /// crate need only the view: `false`.
    fn follows_game(&self) -> bool {
        false
    }

    /// Chooses a move in a game being played: `game` is given when [`Agent::follows_game`]
    /// says so. The default asks [`Agent::choose`].
    ///
    /// # Errors
    /// Why the player could not move (in words: "played `e9`, which is not a move here", "no
    /// answer within 1000 ms"): its seat then forfeits the game ([`Session::forfeit`]).
    fn play_turn(&mut self, view: &G::View, game: Option<&GameSoFar>) -> Result<G::Move, String> {
        let _ = game;
        self.choose(view)
            .ok_or_else(|| "offered no move".to_owned())
    }

    /// Told how the game it played ended (a player that keeps its own copy passes it on).
    fn game_over(&mut self, outcome: &Outcome) {
        let _ = outcome;
    }

    /// Gives back the memory the player keeps between its moves (a search's table), for a
    /// player that will wait long for its next turn: a server holding many games. Its next
    /// move makes what it needs again, and may be weaker for what was forgotten. The players
    /// that keep nothing between moves do nothing.
    fn release_memory(&mut self) {}
}

/// A game as a player that keeps its own copy of it is told of it: the setup as played, its
/// seat, and every move as that seat may know it — never more than the seat may see.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameSoFar {
    /// The game's id (`quantik`).
    pub game: &'static str,
    /// The number of seats.
    pub players: usize,
    /// Every option with the value it was played with (values settled by chance included).
    pub options: Vec<(String, String)>,
    /// The player's seat.
    pub seat: Player,
    /// Every move so far, in order: who made it, and the move in notation as `seat` may know
    /// it ([`Game::format_move_for`]).
    pub moves: Vec<(Player, String)>,
    /// What `seat` alone may see now, for games that hide something ([`Game::private_text`]).
    pub private: Option<String>,
    /// The time left on the seat's clock, in milliseconds, when the game is on a clock (the
    /// player then thinks no longer than that).
    pub clock_ms: Option<u64>,
}

impl GameSoFar {
    /// The game of `session` as `seat` may know it (without a clock).
    pub fn of<G: Game>(session: &Session<G>, seat: Player) -> Self {
        let moves = session
            .positions()
            .iter()
            .zip(session.moves())
            .map(|(position, mv)| {
                let mover = position.to_move().unwrap_or(seat);
                (mover, position.format_move_for(*mv, Some(seat)))
            })
            .collect();
        GameSoFar {
            game: G::INFO.id,
            players: session.setup().players,
            options: session.options_as_played(),
            seat,
            moves,
            private: session.state().private_text(seat),
            clock_ms: None,
        }
    }
}
