//! A game at the table: who sits in each seat, the computer players, the game so far, and the
//! rules every front end follows for them. The command line, the terminal UI and the web
//! server each keep one [`GameTable`] per game, so that the same setup and seed give the same
//! game wherever it is played, and undo, hints and records work the same everywhere.
//!
//! A computer's turn runs in three steps, so a front end may think on any thread:
//! [`GameTable::computer_turn`] hands out the player and its seat's view, [`ComputerTurn::think`]
//! chooses (for as long as the level thinks), and [`GameTable::accept`] plays the answer unless
//! the game changed meanwhile. [`GameTable::play_computer`] does all three at once.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tabuleiro_core::{
    CheckedMove, Engine, Eyes, GameRecord, IllegalMove, MoveError, Player, RecordError, Session,
    Setup, SetupError, UndoError, derive_seed,
};

use crate::agent::{Agent, GameSoFar};
use crate::level::{Level, LevelError};
use crate::matchplay::{agent_seed, seat_agents};

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person.
    Human,
    /// A computer player of this level.
    Computer(Level),
}

impl Seat {
    /// The level of a computer's seat.
    pub fn level(self) -> Option<Level> {
        match self {
            Seat::Human => None,
            Seat::Computer(level) => Some(level),
        }
    }
}

impl FromStr for Seat {
    type Err = LevelError;

    /// Reads `human` or a computer level (`easy`, `strong:think=200`, …).
    fn from_str(text: &str) -> Result<Seat, LevelError> {
        if text.trim().eq_ignore_ascii_case("human") {
            Ok(Seat::Human)
        } else {
            Ok(Seat::Computer(text.parse()?))
        }
    }
}

impl Seat {
    /// The name people know the seat by: `human`, the ladder's name of its level (`medium`,
    /// `hard`), or else the level in full.
    pub fn name(&self) -> String {
        match self {
            Seat::Human => "human".to_owned(),
            Seat::Computer(level) => level
                .ladder_name()
                .map_or_else(|| level.to_string(), str::to_owned),
        }
    }
}

impl fmt::Display for Seat {
    /// The name stored in records: `human`, or the level in full.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Human => f.write_str("human"),
            Seat::Computer(level) => level.fmt(f),
        }
    }
}

/// Why a game could not be seated.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// The game cannot start from the setup.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A level cannot play the game.
    #[error(transparent)]
    Level(#[from] LevelError),
    /// A saved game does not replay.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// A saved game names a seat that is neither `human` nor a level.
    #[error("seat {seat} of the record: {error}")]
    SeatName {
        /// The seat, counted from 1.
        seat: usize,
        /// Why its name is not a level.
        error: LevelError,
    },
    /// A stored move does not replay.
    #[error("stored move {number}: {error}")]
    StoredMove {
        /// The move, counted from 1.
        number: usize,
        /// Why it does not replay.
        error: MoveError,
    },
}

/// Why a computer's answer was not played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TurnError {
    /// The player found no move in an unfinished game.
    #[error("{player} ({agent}) found no move")]
    NoMove {
        /// The seat that was to move.
        player: Player,
        /// The computer player's name.
        agent: String,
    },
    /// The player chose a move the rules refuse.
    #[error("{player} ({agent}) chose an illegal move {text}: {error}")]
    Illegal {
        /// The seat that was to move.
        player: Player,
        /// The computer player's name.
        agent: String,
        /// The move, as the table's eyes may read it.
        text: String,
        /// Why the rules refuse it.
        error: IllegalMove,
    },
    /// The player stopped with a panic while thinking; it cannot play again.
    #[error("the computer player of {0} stopped")]
    Lost(Player),
}

/// A computer player that one thread at a time may think with.
type SharedAgent<G> = Arc<Mutex<Box<dyn Agent<G>>>>;

/// A game being played at one table.
pub struct GameTable<G: Engine> {
    session: Session<G>,
    seats: Vec<Seat>,
    agents: Vec<Option<SharedAgent<G>>>,
    /// Which seats' players follow the game (engines: told the game so far each turn).
    follows: Vec<bool>,
    /// Bumped on every change of the history: answers computed for an older one are stale.
    generation: u64,
    /// Set to stop the searches started for the present history ([`crate::cancel`]).
    stop: Arc<AtomicBool>,
}

impl<G: Engine> GameTable<G> {
    /// A new game from `setup` with `seats`, the computer players built as every front end
    /// builds them ([`seat_agents`]).
    ///
    /// # Errors
    /// When the game cannot start from the setup or a level cannot play it.
    pub fn new(setup: Setup, seats: Vec<Seat>) -> Result<Self, TableError> {
        let names = seats.iter().map(ToString::to_string).collect();
        let session = Session::new(setup, names)?;
        Self::seat(session, seats)
    }

    /// A new game from `setup` with `seats`, then the stored `moves` played (a game being
    /// restored from storage).
    ///
    /// # Errors
    /// As [`GameTable::new`], or a stored move that does not replay.
    pub fn with_moves(
        setup: Setup,
        seats: Vec<Seat>,
        moves: &[String],
    ) -> Result<Self, TableError> {
        let mut table = Self::new(setup, seats)?;
        for (i, text) in moves.iter().enumerate() {
            let error = |error| TableError::StoredMove {
                number: i + 1,
                error,
            };
            table.play_text(text).map_err(error)?;
        }
        table.generation = 0;
        Ok(table)
    }

    /// The game saved in `record`, at its last move, with the seats its record names.
    ///
    /// # Errors
    /// When the record does not replay or names a seat that is not `human` or a level.
    pub fn from_record(record: &GameRecord) -> Result<Self, TableError> {
        let session = Session::from_record(record)?;
        let seats = record
            .agents
            .iter()
            .enumerate()
            .map(|(i, name)| {
                name.parse()
                    .map_err(|error| TableError::SeatName { seat: i + 1, error })
            })
            .collect::<Result<Vec<Seat>, _>>()?;
        Self::seat(session, seats)
    }

    fn seat(session: Session<G>, seats: Vec<Seat>) -> Result<Self, TableError> {
        let levels: Vec<Option<Level>> = seats.iter().map(|s| s.level()).collect();
        let agents = seat_agents::<G>(session.setup(), &levels)?;
        let follows = agents
            .iter()
            .map(|agent| agent.as_ref().is_some_and(|a| a.follows_game()))
            .collect();
        let agents = agents
            .into_iter()
            .map(|agent| agent.map(|agent| Arc::new(Mutex::new(agent))))
            .collect();
        Ok(GameTable {
            session,
            seats,
            agents,
            follows,
            generation: 0,
            stop: Arc::new(AtomicBool::new(false)),
        })
    }

    /// Puts `agent` in `player`'s seat in place of the player its level builds (a player of
    /// one's own, for tests and experiments); the seat keeps its name in the record.
    pub fn set_agent(&mut self, player: Player, agent: Box<dyn Agent<G>>) {
        if let Some(follows) = self.follows.get_mut(player.index()) {
            *follows = agent.follows_game();
        }
        if let Some(slot) = self.agents.get_mut(player.index()) {
            *slot = Some(Arc::new(Mutex::new(agent)));
        }
    }

    /// The game so far.
    pub fn session(&self) -> &Session<G> {
        &self.session
    }

    /// The current position.
    pub fn state(&self) -> &G {
        self.session.state()
    }

    /// The setup the game started from.
    pub fn setup(&self) -> &Setup {
        self.session.setup()
    }

    /// Who sits in each seat.
    pub fn seats(&self) -> &[Seat] {
        &self.seats
    }

    /// The seats people play, in order.
    pub fn humans(&self) -> Vec<Player> {
        (0..self.seats.len())
            .filter(|&i| self.seats[i] == Seat::Human)
            .map(|i| Player(i as u8))
            .collect()
    }

    /// Whether a person plays `player`'s seat.
    pub fn is_human(&self, player: Player) -> bool {
        self.seats.get(player.index()) == Some(&Seat::Human)
    }

    /// A number that changes whenever the history changes (a move played, a turn taken back).
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The seat to move, unless the game is over (by its rules, or a computer's forfeit).
    pub fn to_move(&self) -> Option<Player> {
        self.session.to_move()
    }

    /// How the game ended (by its rules, or a computer's forfeit); `None` while it goes on.
    pub fn outcome(&self) -> Option<tabuleiro_core::Outcome> {
        self.session.outcome()
    }

    /// The computer seat to move, if a computer is to move.
    pub fn computer_to_move(&self) -> Option<Player> {
        self.session.to_move().filter(|&p| !self.is_human(p))
    }

    /// The eyes of a screen shared by the human seats, where `shown` is the human who has
    /// taken it (see [`Eyes::of_screen`]).
    pub fn screen_eyes(&self, shown: Option<Player>) -> Eyes {
        Eyes::of_screen(self.state(), &self.humans(), shown)
    }

    /// Plays a move after checking it; on error nothing changes.
    ///
    /// # Errors
    /// When the move is illegal here (or the game is over).
    pub fn play(&mut self, mv: G::Move) -> Result<(), IllegalMove> {
        self.session.play(mv)?;
        self.history_changed();
        Ok(())
    }

    /// Reads a move in notation and checks it, changing nothing; [`GameTable::play_checked`]
    /// plays it as checked (not read nor checked again).
    ///
    /// # Errors
    /// Bad syntax or an illegal move, with the reason.
    pub fn check_text(&self, text: &str) -> Result<CheckedMove<G>, MoveError> {
        let mv = self.state().parse_notation(text)?;
        self.session.check(mv).map_err(|error| MoveError::Illegal {
            text: text.trim().to_owned(),
            error,
        })
    }

    /// Plays a move [`GameTable::check_text`] (or [`Session::check`]) checked against the
    /// position as it stands.
    ///
    /// # Errors
    /// When the game changed since the move was checked; nothing changes then.
    pub fn play_checked(&mut self, checked: CheckedMove<G>) -> Result<(), IllegalMove> {
        self.session.play_checked(checked)?;
        self.history_changed();
        Ok(())
    }

    /// Stops every search started for the game as it stands (a computer thinking, a hint):
    /// their answers would be dropped anyway. For a game resigned or abandoned.
    pub fn stop_thinking(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        self.stop = Arc::new(AtomicBool::new(false));
    }

    /// The history changed: answers computed before are stale, and their searches stop.
    fn history_changed(&mut self) {
        self.generation += 1;
        self.stop_thinking();
    }

    /// Reads a move in notation, checks it and plays it; returns it in the game's notation.
    ///
    /// # Errors
    /// Bad syntax or an illegal move, with the reason; the game is unchanged.
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, MoveError> {
        let mv = self.state().parse_move(text)?;
        self.play(mv).map_err(|error| MoveError::Illegal {
            text: text.trim().to_owned(),
            error,
        })?;
        Ok(mv)
    }

    /// The seats whose turns undo goes back to: the people's, or every seat when only
    /// computers play.
    fn undo_to(&self) -> impl Fn(Player) -> bool + use<G> {
        let humans = self.humans();
        move |p| humans.is_empty() || humans.contains(&p)
    }

    /// How many moves [`GameTable::undo_turn`] would take back, without changing anything.
    ///
    /// # Errors
    /// As [`GameTable::undo_turn`].
    pub fn undo_count(&self) -> Result<usize, UndoError> {
        self.session.undo_count(self.undo_to())
    }

    /// Takes back moves to the start of the latest earlier turn of a person (against a
    /// computer: the computer's reply and the person's own turn; between people: the last
    /// turn; between computers: the last turn). Returns the moves taken back, in order, so
    /// that they can be played again.
    ///
    /// # Errors
    /// Nothing to take back, or a move to take back showed its mover something hidden
    /// ([`UndoError`]); the game is then unchanged.
    pub fn undo_turn(&mut self) -> Result<Vec<G::Move>, UndoError> {
        let before = self.session.moves().len();
        let taken = self.session.moves().to_vec();
        let undone = self.session.undo_turn(self.undo_to())?;
        self.history_changed();
        Ok(taken[before - undone..].to_vec())
    }

    /// The computer to move, ready to think on any thread; `None` when no computer is to move.
    pub fn computer_turn(&self) -> Option<ComputerTurn<G>> {
        let player = self.computer_to_move()?;
        let agent = self.agents.get(player.index())?.clone()?;
        let mut turn = self.turn_for(player, agent);
        if self.follows.get(player.index()) == Some(&true) {
            turn.game = Some(GameSoFar::of(&self.session, player));
        }
        Some(turn)
    }

    /// A hint for the seat to move: a `strong` search of `think`, from that seat's own view
    /// only, seeded from the game's seed, the seat and the number of moves played, in every
    /// front end alike (a search against the clock may still find another move another time).
    ///
    /// # Errors
    /// When the game is over ([`LevelError`] never happens for `strong`, but is passed on).
    pub fn hint(&self, think: Duration) -> Option<Result<ComputerTurn<G>, LevelError>> {
        let player = self.session.to_move()?;
        let seed = derive_seed(
            agent_seed(self.setup().seed, player),
            self.session.moves().len() as u64,
        );
        Some(
            Level::strong_with(think)
                .build::<G>(seed)
                .map(|agent| self.turn_for(player, Arc::new(Mutex::new(agent)))),
        )
    }

    fn turn_for(&self, player: Player, agent: SharedAgent<G>) -> ComputerTurn<G> {
        ComputerTurn {
            agent,
            view: self.state().view(player),
            position: self.state().clone(),
            player,
            game: None,
            generation: self.generation,
            stop: Arc::clone(&self.stop),
        }
    }

    /// Whether `thought` was computed for the game as it stands (not before a move or an undo).
    pub fn is_current(&self, thought: &Thought<G>) -> bool {
        thought.generation == self.generation
    }

    /// Plays a computer's answer. A stale answer (the game changed while it thought) is
    /// dropped: `Ok(None)`. A player that follows the game (an engine) and failed forfeits
    /// it, illegal move included: `Ok(None)` too, and the game is over ([`GameTable::outcome`]).
    /// Otherwise returns the move played.
    ///
    /// # Errors
    /// The player found no move, chose an illegal one, or stopped; nothing is played.
    pub fn accept(&mut self, thought: Thought<G>) -> Result<Option<G::Move>, TurnError> {
        if !self.is_current(&thought) {
            return Ok(None);
        }
        let follows = self.follows.get(thought.player.index()) == Some(&true);
        let forfeit = match (&thought.forfeit, thought.mv) {
            (Some(reason), _) => Some(reason.clone()),
            (None, Ok(Some(mv))) if follows => self.state().check_move(mv).err().map(|e| {
                let text = self.state().format_move_for(mv, Some(thought.player));
                format!("played `{text}`: {e}")
            }),
            _ => None,
        };
        if let Some(reason) = forfeit {
            if self.session.forfeit(thought.player, reason).is_ok() {
                self.history_changed();
            }
            return Ok(None);
        }
        let Thought {
            player, agent, mv, ..
        } = thought;
        let mv = match mv {
            Err(Stopped) => return Err(TurnError::Lost(player)),
            Ok(None) => return Err(TurnError::NoMove { player, agent }),
            Ok(Some(mv)) => mv,
        };
        let text = self.state().format_move_for(mv, Some(player));
        self.play(mv).map_err(|error| TurnError::Illegal {
            player,
            agent,
            text,
            error,
        })?;
        Ok(Some(mv))
    }

    /// Lets the computer to move think on this thread and plays its move; `Ok(None)` when no
    /// computer is to move.
    ///
    /// # Errors
    /// As [`GameTable::accept`].
    pub fn play_computer(&mut self) -> Result<Option<G::Move>, TurnError> {
        match self.computer_turn() {
            Some(turn) => self.accept(turn.think()),
            None => Ok(None),
        }
    }

    /// The game so far as a record.
    pub fn record(&self) -> GameRecord {
        self.session.record()
    }
}

/// A computer (or a hint) about to think: its player and what its seat may see.
pub struct ComputerTurn<G: Engine> {
    agent: SharedAgent<G>,
    view: G::View,
    position: G,
    player: Player,
    /// The game so far, for a player that follows it.
    game: Option<GameSoFar>,
    generation: u64,
    stop: Arc<AtomicBool>,
}

/// The player stopped with a panic while thinking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stopped;

impl<G: Engine> ComputerTurn<G> {
    /// The seat to move.
    pub fn player(&self) -> Player {
        self.player
    }

    /// Chooses a move from the seat's view, for as long as the level thinks, or until the
    /// table's game changes or [`GameTable::stop_thinking`] is called.
    pub fn think(self) -> Thought<G> {
        self.think_then(false)
    }

    /// [`ComputerTurn::think`], then the player gives back the memory it keeps between moves
    /// ([`Agent::release_memory`]): for a server, whose games wait for their players for long,
    /// so that a waiting game holds no search table.
    pub fn think_and_release(self) -> Thought<G> {
        self.think_then(true)
    }

    fn think_then(self, release: bool) -> Thought<G> {
        let mut forfeit = None;
        let (agent, mv) = match self.agent.lock() {
            Ok(mut agent) => {
                let view = &self.view;
                let mv = match &self.game {
                    Some(game) => match agent.play_turn(view, Some(game)) {
                        Ok(mv) => Some(mv),
                        Err(reason) => {
                            forfeit = Some(reason);
                            None
                        }
                    },
                    None => {
                        crate::cancel::cancellable(Arc::clone(&self.stop), || agent.choose(view))
                    }
                };
                if release {
                    agent.release_memory();
                }
                (agent.name(), Ok(mv))
            }
            Err(_) => (String::new(), Err(Stopped)),
        };
        Thought {
            player: self.player,
            agent,
            mv,
            forfeit,
            position: self.position,
            generation: self.generation,
        }
    }
}

/// What a computer chose, to be played by [`GameTable::accept`].
pub struct Thought<G: Engine> {
    player: Player,
    agent: String,
    mv: Result<Option<G::Move>, Stopped>,
    /// Why a player that follows the game could not move (it forfeits).
    forfeit: Option<String>,
    position: G,
    generation: u64,
}

impl<G: Engine> Thought<G> {
    /// The seat that thought.
    pub fn player(&self) -> Player {
        self.player
    }

    /// The computer player's name (`strong:think=100`).
    pub fn agent(&self) -> &str {
        &self.agent
    }

    /// The move chosen, if any (`None` also when the player stopped).
    pub fn chosen(&self) -> Option<G::Move> {
        self.mv.ok().flatten()
    }

    /// The move chosen, in the notation of the position it was chosen in, written for the
    /// seat that chose it.
    pub fn notation(&self) -> Option<String> {
        self.chosen().map(|mv| self.position.format_move(mv))
    }
}
