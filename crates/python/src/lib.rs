//! The Python module `tabuleiro` (its native part, `tabuleiro._tabuleiro`): every game of the
//! registry as a state a program can list the moves of, play, copy, print and save, with the
//! same rules as every other front end (issue 54). The games are reached through the core
//! abstraction only ([`table`]): nothing here names a game.
//!
//! Built with maturin (`pip install crates/python` in a virtual environment); the package's
//! Python side, its type stubs and its tests are in `crates/python/python` and
//! `crates/python/tests`.

pub mod table;

use pyo3::exceptions::{PyKeyError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use tabuleiro_core::Registry;
use tabuleiro_games::REGISTRY;

use table::DynGame;

/// The games this module plays: for each, its id, name, numbers of players, whether players
/// hide things from each other, and its options with their default values and what they
/// accept.
#[pyfunction]
fn games(py: Python<'_>) -> PyResult<Bound<'_, PyList>> {
    let list = PyList::empty(py);
    for info in REGISTRY.games() {
        let game = PyDict::new(py);
        game.set_item("id", info.id)?;
        game.set_item("name", info.name)?;
        game.set_item("summary", info.summary)?;
        game.set_item("min_players", info.min_players)?;
        game.set_item("max_players", info.max_players)?;
        game.set_item("hidden_information", info.hidden_information)?;
        game.set_item("chance", info.chance)?;
        let options = PyDict::new(py);
        for option in info.options {
            let spec = PyDict::new(py);
            spec.set_item("default", option.default)?;
            spec.set_item("allowed", option.allowed())?;
            spec.set_item("description", option.description)?;
            options.set_item(option.name, spec)?;
        }
        game.set_item("options", options)?;
        list.append(game)?;
    }
    Ok(list)
}

/// A new game of `name` (`quantik`, `nudge`, `qinto`, `taiji`, `pushee`) with `players` seats
/// (the fewest the game allows by default), the seed of its chance events, and any of its
/// options as keyword arguments (`board="9"`; values as the option's text, or numbers).
#[pyfunction]
#[pyo3(signature = (name, players = None, seed = 0, **options))]
fn new_game(
    name: &str,
    players: Option<usize>,
    seed: u64,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<State> {
    let mut settings = Vec::new();
    if let Some(options) = options {
        for (key, value) in options.iter() {
            let key: String = key.extract()?;
            let value = match value.extract::<bool>() {
                Ok(flag) if value.is_instance_of::<pyo3::types::PyBool>() => {
                    if flag { "yes" } else { "no" }.to_owned()
                }
                _ => value.str()?.to_string(),
            };
            settings.push(format!("{key}={value}"));
        }
    }
    let game = table::build(name, players, seed, &settings).map_err(|e| {
        if e.starts_with("unknown game") {
            PyKeyError::new_err(e)
        } else {
            PyValueError::new_err(e)
        }
    })?;
    Ok(State { game })
}

/// A game in progress: its position, whose turn it is, its legal moves and its result.
#[pyclass(module = "tabuleiro")]
pub struct State {
    game: Box<dyn DynGame>,
}

#[pymethods]
impl State {
    /// The game's id (`quantik`).
    #[getter]
    fn game(&self) -> &'static str {
        self.game.info().id
    }

    /// Number of seats.
    #[getter]
    fn num_players(&self) -> usize {
        self.game.players()
    }

    /// The seat to move, from 0; -1 once the game is over.
    fn current_player(&self) -> i64 {
        self.game.to_move().map_or(-1, |s| s as i64)
    }

    /// (which move of the turn, moves per turn): a Nudge turn is two moves, by one player.
    fn move_in_turn(&self) -> (usize, usize) {
        self.game.move_in_turn()
    }

    /// The legal moves of the seat to move, in the game's notation (none once it is over).
    fn legal_moves(&self) -> Vec<String> {
        self.game.legal_moves()
    }

    /// Plays a move given in notation; returns it as the game writes it. Raises `ValueError`
    /// with the reason for a move that is not legal (the game is then unchanged).
    fn apply_move(&mut self, notation: &str) -> PyResult<String> {
        self.game.play(notation).map_err(PyValueError::new_err)
    }

    /// Whether the game is over.
    fn is_terminal(&self) -> bool {
        self.game.to_move().is_none()
    }

    /// Each seat's result: 1.0 for a win, -1.0 for a loss, 0.0 for a draw; all 0.0 before the
    /// end.
    fn returns(&self) -> Vec<f64> {
        self.game.returns()
    }

    /// Why the game ended, in words; `None` before the end.
    fn reason(&self) -> Option<String> {
        self.game.reason()
    }

    /// The running scores, for games that keep score (Taiji, Pushee Pieces); else `None`.
    fn scores(&self) -> Option<Vec<i64>> {
        self.game.scores()
    }

    /// Number of moves played.
    fn ply(&self) -> usize {
        self.game.ply()
    }

    /// The board as text as seat `player` sees it (a Q!nto hand shown only to its seat), or
    /// as everyone does when `player` is `None`.
    #[pyo3(signature = (player = None))]
    fn render(&self, player: Option<usize>) -> PyResult<String> {
        if let Some(seat) = player
            && seat >= self.game.players()
        {
            return Err(PyValueError::new_err(format!(
                "no seat {seat}: seats are 0 to {}",
                self.game.players() - 1
            )));
        }
        Ok(self.game.render(player))
    }

    /// The game so far as a JSON record, which `tabuleiro replay` reads.
    fn record(&self) -> String {
        self.game.record_json()
    }

    /// An independent copy.
    fn clone(&self) -> State {
        State {
            game: self.game.boxed_clone(),
        }
    }

    fn __copy__(&self) -> State {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> State {
        self.clone()
    }

    fn __str__(&self) -> String {
        self.game.render(None)
    }

    fn __repr__(&self) -> String {
        format!(
            "<tabuleiro.State {} after {} moves, {}>",
            self.game.info().id,
            self.game.ply(),
            match self.game.to_move() {
                Some(seat) => format!("player {seat} to move"),
                None => "over".to_owned(),
            }
        )
    }
}

/// The native part of the `tabuleiro` package.
#[pymodule]
fn _tabuleiro(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(games, module)?)?;
    module.add_function(wrap_pyfunction!(new_game, module)?)?;
    module.add_class::<State>()?;
    Ok(())
}
