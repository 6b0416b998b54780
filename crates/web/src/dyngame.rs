//! A game of any type behind one object-safe trait, built by a [`GameVisitor`] from the
//! registry: the server never names a game.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tabuleiro_ai::{Agent, Level, seat_agents};
use tabuleiro_core::{
    Engine, GameInfo, GameRecord, GameVisitor, MoveError, Outcome, Perspective, Player, Registry,
    Session, Setup, UndoError,
};
use tabuleiro_games::REGISTRY;

/// Work for a blocking thread: a computer move or a hint, as notation (`None`: no move).
pub type Job = Box<dyn FnOnce() -> Option<String> + Send>;

/// How long a hint searches.
pub const HINT_BUDGET: Duration = Duration::from_millis(300);

/// What one connection is shown of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The board as text, from the viewer's perspective.
    pub board: String,
    /// The moves so far, as the viewer may read them.
    pub moves: Vec<String>,
    /// Running scores, for games that keep score.
    pub scores: Option<Vec<i64>>,
}

/// A game in progress, whatever its type.
pub trait DynGame: Send {
    /// The game's static facts.
    fn info(&self) -> &'static GameInfo;
    /// Number of seats.
    fn players(&self) -> usize;
    /// The seat to move (from 0), `None` when the game is over.
    fn to_move(&self) -> Option<usize>;
    /// (which move of the turn, moves per turn), from 1.
    fn move_in_turn(&self) -> (usize, usize);
    /// The result, when the game is over.
    fn outcome(&self) -> Option<Outcome>;
    /// Number of moves played.
    fn ply(&self) -> usize;
    /// Checks and plays a move given in notation; returns the move in the game's notation.
    ///
    /// # Errors
    /// Bad syntax or an illegal move, with the reason; the game is unchanged.
    fn play(&mut self, text: &str) -> Result<String, MoveError>;
    /// Checks a move given in notation without playing it; returns it in the game's notation.
    ///
    /// # Errors
    /// Bad syntax or an illegal move, with the reason.
    fn check(&self, text: &str) -> Result<String, MoveError>;
    /// How many moves [`DynGame::undo_turn`] would take back, without changing anything:
    /// the storage forgets them first.
    ///
    /// # Errors
    /// Nothing to take back, or a move to take back revealed hidden things to its player.
    fn undo_count(&self, human: &[bool]) -> Result<usize, UndoError>;
    /// Takes back to the start of the latest earlier turn of a seat for which `human` is
    /// true; returns how many moves were taken back.
    ///
    /// # Errors
    /// As [`DynGame::undo_count`]; the game is then unchanged.
    fn undo_turn(&mut self, human: &[bool]) -> Result<usize, UndoError>;
    /// The position seen by `viewer` (`None`: someone who plays no seat).
    fn shown(&self, viewer: Option<usize>) -> Shown;
    /// The legal moves of the seat to move, in notation.
    fn legal_moves(&self) -> Vec<String>;
    /// The game so far as a record.
    fn record(&self) -> GameRecord;
    /// A job choosing the move of computer seat `seat` (which must be to move), from its view.
    fn computer_job(&self, seat: usize) -> Option<Job>;
    /// A job suggesting a move for the seat to move, from that seat's view only.
    fn hint_job(&self, seed: u64) -> Option<Job>;
}

/// Who plays a seat, when a game is built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatPlan {
    /// A person.
    Human,
    /// A computer player of this level.
    Computer(String),
}

/// A game built, or why it could not be.
pub type Built = Result<Box<dyn DynGame>, String>;

/// Builds game `game` from `setup` and seats, then plays `moves` (stored moves of a game
/// being restored). Builds the computer players, which may take long for a level that loads
/// or builds a solved table: call it off the async runtime.
///
/// # Errors
/// An unknown game, a bad level or setup, or a stored move that does not replay.
pub fn build(game: &str, setup: Setup, seats: &[SeatPlan], moves: &[String]) -> Built {
    REGISTRY
        .visit(
            game,
            Builder {
                setup,
                seats,
                moves,
            },
        )
        .unwrap_or_else(|| Err(format!("unknown game `{game}`")))
}

struct Builder<'a> {
    setup: Setup,
    seats: &'a [SeatPlan],
    moves: &'a [String],
}

impl GameVisitor for Builder<'_> {
    type Output = Built;

    fn visit<G: Engine>(self) -> Built {
        if self.seats.len() != self.setup.players {
            return Err(format!(
                "{} seats described for {} players",
                self.seats.len(),
                self.setup.players
            ));
        }
        let mut names = Vec::new();
        let mut levels = Vec::new();
        for seat in self.seats {
            match seat {
                SeatPlan::Human => {
                    names.push("human".to_owned());
                    levels.push(None);
                }
                SeatPlan::Computer(text) => {
                    let level: Level = text.parse().map_err(|e| format!("level: {e}"))?;
                    names.push(text.clone());
                    levels.push(Some(level));
                }
            }
        }
        // The same players as every front end's, for the same seed.
        let agents: Vec<_> = seat_agents::<G>(&self.setup, &levels)
            .map_err(|e| e.to_string())?
            .into_iter()
            .map(|agent| agent.map(|agent| Arc::new(Mutex::new(agent))))
            .collect();
        let mut session =
            Session::<G>::new(self.setup, names).map_err(|e| format!("setup: {e}"))?;
        for (i, text) in self.moves.iter().enumerate() {
            let mv = session
                .state()
                .parse_move(text)
                .map_err(|e| format!("stored move {}: {e}", i + 1))?;
            session
                .play(mv)
                .map_err(|e| format!("stored move {}: {e}", i + 1))?;
        }
        Ok(Box::new(Live { session, agents }))
    }
}

type SharedAgent<G> = Arc<Mutex<Box<dyn Agent<G>>>>;

struct Live<G: Engine> {
    session: Session<G>,
    agents: Vec<Option<SharedAgent<G>>>,
}

impl<G: Engine> DynGame for Live<G> {
    fn info(&self) -> &'static GameInfo {
        G::INFO
    }

    fn players(&self) -> usize {
        self.session.setup().players
    }

    fn to_move(&self) -> Option<usize> {
        self.session.state().to_move().map(Player::index)
    }

    fn move_in_turn(&self) -> (usize, usize) {
        self.session.state().move_in_turn()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.session.state().outcome()
    }

    fn ply(&self) -> usize {
        self.session.moves().len()
    }

    fn play(&mut self, text: &str) -> Result<String, MoveError> {
        let state = self.session.state();
        let mv = state.parse_move(text)?;
        let notation = state.format_move(mv);
        self.session.play(mv).map_err(|error| MoveError::Illegal {
            text: text.trim().to_owned(),
            error,
        })?;
        Ok(notation)
    }

    fn check(&self, text: &str) -> Result<String, MoveError> {
        let state = self.session.state();
        let mv = state.parse_move(text)?;
        Ok(state.format_move(mv))
    }

    fn undo_count(&self, human: &[bool]) -> Result<usize, UndoError> {
        self.session
            .undo_count(|p| human.get(p.index()).copied().unwrap_or(false))
    }

    fn undo_turn(&mut self, human: &[bool]) -> Result<usize, UndoError> {
        self.session
            .undo_turn(|p| human.get(p.index()).copied().unwrap_or(false))
    }

    fn shown(&self, viewer: Option<usize>) -> Shown {
        let viewer = viewer.map(|v| Player(v as u8));
        let state = self.session.state();
        let board = match viewer {
            Some(p) => state.render(Perspective::Player(p)),
            None => state.render_public(),
        };
        let moves = self
            .session
            .positions()
            .iter()
            .zip(self.session.moves())
            .map(|(position, mv)| position.format_move_for(*mv, viewer))
            .collect();
        Shown {
            board,
            moves,
            scores: state.scores(),
        }
    }

    fn legal_moves(&self) -> Vec<String> {
        let state = self.session.state();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        moves.into_iter().map(|mv| state.format_move(mv)).collect()
    }

    fn record(&self) -> GameRecord {
        self.session.record()
    }

    fn computer_job(&self, seat: usize) -> Option<Job> {
        let agent = self.agents.get(seat)?.clone()?;
        let state = self.session.state().clone();
        let player = state.to_move().filter(|p| p.index() == seat)?;
        let view = state.view(player);
        Some(Box::new(move || {
            let mut agent = agent.lock().ok()?;
            let mv = agent.choose(&view)?;
            Some(state.format_move(mv))
        }))
    }

    fn hint_job(&self, seed: u64) -> Option<Job> {
        let state = self.session.state().clone();
        let player = state.to_move()?;
        let view = state.view(player);
        Some(Box::new(move || {
            let mut agent = Level::strong_with(HINT_BUDGET).build::<G>(seed).ok()?;
            let mv = agent.choose(&view)?;
            Some(state.format_move(mv))
        }))
    }
}
