//! A game of any type behind one object-safe trait, built by a [`GameVisitor`] from the
//! registry: the server never names a game.

use std::time::Duration;

use tabuleiro_ai::{Exact, GameTable, Seat};
use tabuleiro_core::{
    CheckedMove, Engine, Eyes, Game, GameInfo, GameRecord, GameVisitor, MoveError, Outcome,
    Picture, Player, Registry, Setup, UndoError,
};
use tabuleiro_games::REGISTRY;

use crate::error::HubError;
use crate::error::unknown_game;
use crate::protocol::{Legal, Played, Rated, Verdict};

/// Work for a blocking thread: a computer move or a hint, as notation (`None`: no move).
pub type Job = Box<dyn FnOnce() -> Option<String> + Send>;

/// How long a hint searches.
pub const HINT_BUDGET: Duration = Duration::from_millis(300);

/// How long an analysis of a position searches, in all, where no solver answers.
pub const ANALYSIS_BUDGET: Duration = Duration::from_millis(1500);

/// Work for a blocking thread: the analysis of a position (its legal moves rated, and what
/// the values are).
pub type AnalysisJob =
    Box<dyn FnOnce(&std::sync::atomic::AtomicBool) -> (Vec<Rated>, String) + Send>;

/// What one connection is shown of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shown {
    /// The board as text, from the viewer's perspective.
    pub board: String,
    /// The position as a picture, from the viewer's perspective, the last turn marked.
    pub picture: Picture,
    /// The moves so far, as the viewer may read them.
    pub moves: Vec<Played>,
    /// Running scores, for games that keep score.
    pub scores: Option<Vec<i64>>,
    /// What the viewer's seat alone may see, in words, in a game that hides something
    /// ([`Game::private_text`]: a Q!nto hand); none for spectators.
    pub private: Option<String>,
}

/// A move read and checked against the position once ([`DynGame::check`]): its notation,
/// whether it ends the game, and the move itself with the position after it, which
/// [`DynGame::play_checked`] plays as it is (not read nor checked again).
pub struct Checked {
    /// The move in the game's notation.
    pub notation: String,
    /// Whether the game is over after it.
    pub ends: bool,
    /// The seat to move after it (none once the game is over).
    pub next: Option<usize>,
    /// The result, when the move ends the game.
    pub outcome: Option<Outcome>,
    /// The game's own checked move ([`tabuleiro_core::CheckedMove`]) and the table's
    /// generation it was checked at.
    played: Box<dyn std::any::Any + Send>,
}

impl std::fmt::Debug for Checked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Checked")
            .field("notation", &self.notation)
            .field("ends", &self.ends)
            .field("next", &self.next)
            .finish_non_exhaustive()
    }
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
    /// The running scores, for games that keep score.
    fn scores(&self) -> Option<Vec<i64>>;
    /// Number of moves played.
    fn ply(&self) -> usize;
    /// Checks and plays a move given in notation; returns the move in the game's notation.
    ///
    /// # Errors
    /// Bad syntax or an illegal move, with the reason; the game is unchanged.
    fn play(&mut self, text: &str) -> Result<String, MoveError>;
    /// Checks a move given in notation without playing it; returns it in the game's notation,
    /// and whether it ends the game.
    ///
    /// # Errors
    /// Bad syntax or an illegal move, with the reason.
    fn check(&self, text: &str) -> Result<Checked, MoveError>;
    /// Plays a move [`DynGame::check`] checked against the position as it stands.
    ///
    /// # Errors
    /// A move checked against another game or position (nothing changes then).
    fn play_checked(&mut self, checked: Checked) -> Result<(), String>;
    /// How many moves [`DynGame::undo_turn`] would take back, without changing anything:
    /// the storage forgets them first.
    ///
    /// # Errors
    /// Nothing to take back, or a move to take back revealed hidden things to its player.
    fn undo_count(&self) -> Result<usize, UndoError>;
    /// Takes back to the start of the latest earlier turn of a person (see
    /// [`GameTable::undo_turn`]); returns how many moves were taken back.
    ///
    /// # Errors
    /// As [`DynGame::undo_count`]; the game is then unchanged.
    fn undo_turn(&mut self) -> Result<usize, UndoError>;
    /// The position seen by `viewer` (`None`: someone who plays no seat).
    fn shown(&self, viewer: Option<usize>) -> Shown;
    /// For each seat, whether a move of its is on the board (the seats of
    /// [`DynGame::shown`]'s moves, without drawing the position).
    fn seats_moved(&self) -> Vec<bool>;
    /// The picture of position `at` (0: the start) seen by `viewer`, the turn that led to
    /// it marked.
    fn picture_at(&self, viewer: Option<usize>, at: usize) -> Picture;
    /// The legal moves of the seat to move, in notation, each with its gesture.
    fn legal_moves(&self) -> Vec<Legal>;
    /// A job rating every legal move of position `at` (solver values where the game is
    /// solved here, else the engine's estimate); `None` for games with hidden information,
    /// whose analysis would need what no seat may see, and for a position without moves.
    fn analysis_job(&self, at: usize) -> Option<AnalysisJob>;
    /// The game so far as a record.
    fn record(&self) -> GameRecord;
    /// Every option with the value it is played with (a first player drawn by chance named:
    /// [`tabuleiro_core::Session::options_as_played`]).
    fn options_as_played(&self) -> std::collections::BTreeMap<String, String>;
    /// A job choosing the move of the computer to move, from its seat's view. It stops early
    /// when the game changes or [`DynGame::stop_thinking`] is called.
    fn computer_job(&self) -> Option<Job>;
    /// Stops the searches started for the game as it stands (a resignation).
    fn stop_thinking(&mut self);
    /// A job suggesting a move for the seat to move, from that seat's view only (the same
    /// hint as every front end's: [`GameTable::hint`]).
    fn hint_job(&self) -> Option<Job>;
}

/// A game built, or why it could not be.
pub type Built = Result<Box<dyn DynGame>, HubError>;

/// Builds game `game` from `setup` and seats, then plays `moves` (stored moves of a game
/// being restored). Builds the computer players, which may take long for a level that loads
/// or builds a solved table: call it off the async runtime.
///
/// # Errors
/// An unknown game, a bad level or setup, or a stored move that does not replay.
pub fn build(game: &str, setup: Setup, seats: &[Seat], moves: &[String]) -> Built {
    REGISTRY
        .visit(
            game,
            Builder {
                setup,
                seats,
                moves,
            },
        )
        .unwrap_or_else(|| Err(unknown_game(game)))
}

/// The game of `record` with a person in every seat, with `more` moves played after the
/// record's (a puzzle's position and the moves made on it since).
///
/// # Errors
/// An unknown game, a record that does not replay, or a move of `more` that is not legal,
/// in words.
pub fn replay(record: &GameRecord, more: &[String]) -> Result<Box<dyn DynGame>, String> {
    REGISTRY
        .visit(&record.game, Replay { record, more })
        .unwrap_or_else(|| Err(unknown_game(&record.game).to_string()))
}

struct Replay<'a> {
    record: &'a GameRecord,
    more: &'a [String],
}

impl GameVisitor for Replay<'_> {
    type Output = Result<Box<dyn DynGame>, String>;

    fn visit<G: Engine>(self) -> Self::Output {
        let setup = self.record.setup::<G>().map_err(|e| e.to_string())?;
        let moves: Vec<String> = self.record.moves.iter().chain(self.more).cloned().collect();
        let seats = vec![Seat::Human; setup.players];
        let table = GameTable::<G>::with_moves(setup, seats, &moves).map_err(|e| e.to_string())?;
        Ok(Box::new(Live { table }))
    }
}

struct Builder<'a> {
    setup: Setup,
    seats: &'a [Seat],
    moves: &'a [String],
}

impl GameVisitor for Builder<'_> {
    type Output = Built;

    fn visit<G: Engine>(self) -> Built {
        // The same table as every front end's: the same players for the same seed.
        let table = GameTable::<G>::with_moves(self.setup, self.seats.to_vec(), self.moves)?;
        Ok(Box::new(Live { table }))
    }
}

struct Live<G: Engine> {
    table: GameTable<G>,
}

impl<G: Engine> DynGame for Live<G> {
    fn info(&self) -> &'static GameInfo {
        G::INFO
    }

    fn players(&self) -> usize {
        self.table.setup().players
    }

    fn to_move(&self) -> Option<usize> {
        self.table.to_move().map(Player::index)
    }

    fn move_in_turn(&self) -> (usize, usize) {
        self.table.state().move_in_turn()
    }

    fn outcome(&self) -> Option<Outcome> {
        self.table.outcome()
    }

    fn scores(&self) -> Option<Vec<i64>> {
        self.table.state().scores()
    }

    fn ply(&self) -> usize {
        self.table.session().moves().len()
    }

    fn play(&mut self, text: &str) -> Result<String, MoveError> {
        let before = self.table.state().clone();
        let mv = self.table.play_text(text)?;
        Ok(before.format_move(mv))
    }

    fn check(&self, text: &str) -> Result<Checked, MoveError> {
        let checked = self.table.check_text(text)?;
        let after = checked.next();
        Ok(Checked {
            notation: self.table.state().format_move(checked.mv()),
            ends: after.to_move().is_none(),
            next: after.to_move().map(tabuleiro_core::Player::index),
            outcome: after.outcome(),
            played: Box::new((self.table.generation(), checked)),
        })
    }

    fn play_checked(&mut self, checked: Checked) -> Result<(), String> {
        let Ok(played) = checked.played.downcast::<(u64, CheckedMove<G>)>() else {
            return Err(format!(
                "{} was checked against another game",
                checked.notation
            ));
        };
        let (generation, checked) = *played;
        if generation != self.table.generation() {
            return Err("the game changed since the move was checked".to_owned());
        }
        self.table.play_checked(checked).map_err(|e| e.to_string())
    }

    fn undo_count(&self) -> Result<usize, UndoError> {
        self.table.undo_count()
    }

    fn undo_turn(&mut self) -> Result<usize, UndoError> {
        self.table.undo_turn().map(|taken| taken.len())
    }

    fn shown(&self, viewer: Option<usize>) -> Shown {
        let eyes = Eyes::of_viewer(viewer.map(|v| Player(v as u8)));
        let session = self.table.session();
        let mut turn = 0;
        let moves = session
            .positions()
            .iter()
            .zip(session.moves())
            .map(|(position, mv)| {
                if position.move_in_turn().0 == 1 {
                    turn += 1;
                }
                Played {
                    seat: position.to_move().map_or(0, Player::index),
                    turn,
                    text: eyes.move_text(position, *mv),
                }
            })
            .collect();
        Shown {
            board: eyes.render(session.state()),
            picture: session.picture(eyes, session.moves().len()),
            moves,
            scores: session.state().scores(),
            private: viewer.and_then(|v| session.state().private_text(Player(v as u8))),
        }
    }

    fn seats_moved(&self) -> Vec<bool> {
        let session = self.table.session();
        let mut moved = vec![false; self.players()];
        for position in session.positions().iter().take(session.moves().len()) {
            // As `shown` names a move's seat.
            let seat = position.to_move().map_or(0, Player::index);
            if let Some(m) = moved.get_mut(seat) {
                *m = true;
            }
        }
        moved
    }

    fn picture_at(&self, viewer: Option<usize>, at: usize) -> Picture {
        let eyes = Eyes::of_viewer(viewer.map(|v| Player(v as u8)));
        self.table.session().picture(eyes, at)
    }

    fn legal_moves(&self) -> Vec<Legal> {
        legal_of(self.table.state())
    }

    fn analysis_job(&self, at: usize) -> Option<AnalysisJob> {
        if G::INFO.hidden_information {
            return None;
        }
        let state = self.table.session().positions().get(at)?.clone();
        state.to_move()?;
        Some(Box::new(move |stop| {
            let rated = tabuleiro_ai::rate_moves_until(&state, ANALYSIS_BUDGET, stop);
            let source = if rated.iter().all(|r| r.exact.is_some()) {
                "exact values from the solver: the result with best play after each move"
            } else {
                "the engine's estimate after each move (a search of a moment; higher is better)"
            };
            let moves = rated
                .into_iter()
                .map(|r| Rated {
                    legal: Legal {
                        notation: state.format_move(r.mv),
                        gesture: state.gesture(r.mv),
                        preview: Vec::new(),
                    },
                    value: r.text(),
                    verdict: match r.exact {
                        Some(Exact::Win { plies }) => Verdict::Win { plies },
                        Some(Exact::Draw) => Verdict::Draw,
                        Some(Exact::Loss { plies }) => Verdict::Loss { plies },
                        None => Verdict::Score { value: r.score },
                    },
                    exact: r.exact.is_some(),
                    rank: r.rank(),
                })
                .collect();
            (moves, source.to_owned())
        }))
    }

    fn record(&self) -> GameRecord {
        self.table.record()
    }

    fn options_as_played(&self) -> std::collections::BTreeMap<String, String> {
        self.table
            .session()
            .options_as_played()
            .into_iter()
            .collect()
    }

    fn computer_job(&self) -> Option<Job> {
        let turn = self.table.computer_turn()?;
        // A game waits long between its computer's moves: it keeps no search table meanwhile.
        Some(Box::new(move || turn.think_and_release().notation()))
    }

    fn stop_thinking(&mut self) {
        self.table.stop_thinking();
    }

    fn hint_job(&self) -> Option<Job> {
        let turn = self.table.hint(HINT_BUDGET)?.ok()?;
        Some(Box::new(move || turn.think().notation()))
    }
}

/// The legal moves of `state` with their gestures.
fn legal_of<G: Game>(state: &G) -> Vec<Legal> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|mv| Legal {
            notation: state.format_move(mv),
            gesture: state.gesture(mv),
            preview: state.preview(mv),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use tabuleiro_core::Options;

    use super::*;

    /// The seats that moved, read off the moves as a page is shown them.
    fn seats_shown(game: &dyn DynGame) -> Vec<bool> {
        let moves = game.shown(None).moves;
        (0..game.players())
            .map(|seat| moves.iter().any(|m| m.seat == seat))
            .collect()
    }

    /// `seats_moved` says what the shown moves say, in every game of the registry, for
    /// every number of players, over games of moves and takebacks.
    #[test]
    fn the_seats_that_moved_are_those_of_the_shown_moves() {
        let mut checked = 0;
        for info in REGISTRY.games() {
            for players in info.min_players..=info.max_players.min(4) {
                for seed in 1..=3_u64 {
                    let setup = Setup {
                        players,
                        options: Options::defaults(info),
                        seed,
                    };
                    let mut game = build(info.id, setup, &vec![Seat::Human; players], &[])
                        .unwrap_or_else(|e| panic!("{}: {e}", info.id));
                    for ply in 0..40_usize {
                        assert_eq!(game.seats_moved(), seats_shown(&*game), "{}", info.id);
                        checked += 1;
                        if ply % 9 == 8 {
                            // A takeback may be refused (hidden draws); either way it holds.
                            let _ = game.undo_turn();
                            continue;
                        }
                        let legal = game.legal_moves();
                        if game.to_move().is_none() || legal.is_empty() {
                            break;
                        }
                        let pick = (seed as usize * 7 + ply * 13) % legal.len();
                        game.play(&legal[pick].notation)
                            .unwrap_or_else(|e| panic!("{}: {e}", info.id));
                    }
                }
            }
        }
        assert!(checked > 300, "{checked} positions checked");
    }
}
