//! The Python module `tabuleiro` (its native part, `tabuleiro._tabuleiro`): every game of the
//! registry as a state a program can list the moves of, play, copy, print and save, with the
//! same rules as every other front end (issue 54). The games are reached through the core
//! abstraction only ([`table`]): nothing here names a game.
//!
//! - [`state`]: `tabuleiro.State`, one game; [`agent`]: `tabuleiro.Agent`, the program's levels
//!   ([`levels`]: built for a game's type, and the solvers); [`vector`]: `tabuleiro.VectorEnv`,
//!   many games stepped at once ([`batch`]).
//!
//! Built with maturin (`pip install crates/python` in a virtual environment); the package's
//! Python side, its type stubs and its tests are in `crates/python/python` and
//! `crates/python/tests`.

pub mod agent;
pub mod batch;
pub mod levels;
pub mod state;
pub mod table;
pub mod vector;

use pyo3::exceptions::{PyKeyError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use tabuleiro_core::Registry;
use tabuleiro_games::REGISTRY;

use agent::Agent;
use state::State;
use vector::VectorEnv;

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
    let settings = settings_of(options)?;
    let game = table::build(name, players, seed, &settings).map_err(|e| {
        if e.starts_with("unknown game") {
            PyKeyError::new_err(e)
        } else {
            PyValueError::new_err(e)
        }
    })?;
    Ok(State { game })
}

/// Option settings `name=value` from keyword arguments (booleans as `yes`/`no`).
pub(crate) fn settings_of(options: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<String>> {
    let mut settings = Vec::new();
    if let Some(options) = options {
        for (key, value) in options.iter() {
            let key: String = key.extract()?;
            let value = if value.is_instance_of::<pyo3::types::PyBool>() {
                if value.extract::<bool>()? {
                    "yes"
                } else {
                    "no"
                }
                .to_owned()
            } else {
                value.str()?.to_string()
            };
            settings.push(format!("{key}={value}"));
        }
    }
    Ok(settings)
}

/// The native part of the `tabuleiro` package.
#[pymodule]
fn _tabuleiro(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(games, module)?)?;
    module.add_function(wrap_pyfunction!(new_game, module)?)?;
    module.add_class::<State>()?;
    module.add_class::<Agent>()?;
    module.add_class::<VectorEnv>()?;
    Ok(())
}
