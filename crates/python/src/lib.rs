//! The Python module `tabuleiro` (its native part, `tabuleiro._tabuleiro`): every game of the
//! registry as a state a program can list the moves of, play, copy, print and save, with the
//! same rules as every other front end (issue 54). The games are reached through the core
//! abstraction only ([`table`]): nothing here names a game.
//!
//! Built with maturin (`pip install crates/python` in a virtual environment); the package's
//! Python side, its type stubs and its tests are in `crates/python/python` and
//! `crates/python/tests`.

pub mod agents;
pub mod batch;
pub mod table;

use numpy::{PyArray1, PyArray3, PyArrayMethods};
use pyo3::exceptions::{PyKeyError, PyNotImplementedError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use std::collections::HashMap;
use std::sync::Mutex;

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

/// A game in progress: its position, whose turn it is, its legal moves and its result.
#[pyclass(module = "tabuleiro")]
pub struct State {
    game: Box<dyn DynGame>,
}

impl State {
    fn no_actions(&self) -> PyErr {
        PyNotImplementedError::new_err(table::no_actions(self.game.info()))
    }

    fn actions(&self) -> PyResult<Vec<(usize, String)>> {
        self.game.legal_actions().ok_or_else(|| self.no_actions())
    }
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

    /// The size of the game's fixed action space (its layout is in the game's documentation:
    /// docs/python.md). `NotImplementedError` for a game without one (Q!nto, for now).
    #[getter]
    fn num_actions(&self) -> PyResult<usize> {
        self.game.action_count().ok_or_else(|| self.no_actions())
    }

    /// The actions of the legal moves, ascending (none once the game is over).
    fn legal_actions(&self) -> PyResult<Vec<usize>> {
        self.game
            .legal_action_ids()
            .ok_or_else(|| self.no_actions())
    }

    /// A NumPy array of `num_actions` int8: 1 for each legal action, else 0.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let mut mask = vec![0_i8; self.num_actions()?];
        for action in self.legal_actions()? {
            mask[action] = 1;
        }
        Ok(PyArray1::from_vec(py, mask))
    }

    /// Plays the move of `action`. `ValueError` for an action that is not legal here (the
    /// game is then unchanged).
    fn apply(&mut self, action: usize) -> PyResult<()> {
        if self.game.action_count().is_none() {
            return Err(self.no_actions());
        }
        self.game
            .apply_action(action)
            .map_err(PyValueError::new_err)
    }

    /// The legal move of `action`, in notation; `ValueError` for an action not legal here.
    fn action_to_string(&self, action: usize) -> PyResult<String> {
        self.actions()?
            .into_iter()
            .find(|(a, _)| *a == action)
            .map(|(_, notation)| notation)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "action {action} is not a legal move here ({} legal actions)",
                    self.game.legal_moves().len()
                ))
            })
    }

    /// The action of the move written `notation` (as this position reads it, legal or not).
    fn string_to_action(&self, notation: &str) -> PyResult<usize> {
        if self.game.action_count().is_none() {
            return Err(self.no_actions());
        }
        self.game.action_of(notation).map_err(PyValueError::new_err)
    }

    /// The observation's shape: `(planes, rows, columns)`.
    fn observation_shape(&self) -> PyResult<(usize, usize, usize)> {
        let [p, r, c] = self
            .game
            .observation_shape()
            .ok_or_else(|| self.no_actions())?;
        Ok((p, r, c))
    }

    /// What seat `player` may know of the position, as a NumPy float32 array of
    /// `observation_shape()` (planes from that seat's side; layout in docs/python.md).
    fn observation<'py>(
        &self,
        py: Python<'py>,
        player: usize,
    ) -> PyResult<Bound<'py, PyArray3<f32>>> {
        let [p, r, c] = self
            .game
            .observation_shape()
            .ok_or_else(|| self.no_actions())?;
        if player >= self.game.players() {
            return Err(PyValueError::new_err(format!(
                "no seat {player}: seats are 0 to {}",
                self.game.players() - 1
            )));
        }
        let mut values = vec![0.0_f32; p * r * c];
        self.game.observe(player, &mut values);
        PyArray1::from_vec(py, values).reshape([p, r, c])
    }

    /// The position's exact value for the player to move and each legal move's, where the game
    /// is solved here (Quantik, Nudge): `{"value": "win" | "draw" | "loss", "plies": moves to
    /// the end with best play (None for a draw), "best_moves": the moves that keep the value
    /// soonest, in notation, "best_actions": their actions, "moves": [{"move", "action",
    /// "value", "plies"}] best first}`. `NotImplementedError` for a game not solved here.
    fn solve<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let game = &*self.game;
        let moves = py.detach(|| game.solve()).map_err(|e| {
            if e.contains("not solved here") {
                PyNotImplementedError::new_err(e)
            } else {
                PyValueError::new_err(e)
            }
        })?;
        let best = moves
            .first()
            .ok_or_else(|| PyValueError::new_err("no legal move"))?;
        let keepers: Vec<&agents::SolvedMove> = moves
            .iter()
            .filter(|m| m.value == best.value && m.plies == best.plies)
            .collect();
        let out = PyDict::new(py);
        out.set_item("value", best.value)?;
        out.set_item("plies", best.plies)?;
        out.set_item(
            "best_moves",
            keepers
                .iter()
                .map(|m| m.notation.clone())
                .collect::<Vec<_>>(),
        )?;
        out.set_item(
            "best_actions",
            keepers.iter().filter_map(|m| m.action).collect::<Vec<_>>(),
        )?;
        let list = PyList::empty(py);
        for m in &moves {
            let one = PyDict::new(py);
            one.set_item("move", &m.notation)?;
            one.set_item("action", m.action)?;
            one.set_item("value", m.value)?;
            one.set_item("plies", m.plies)?;
            list.append(one)?;
        }
        out.set_item("moves", list)?;
        Ok(out)
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

/// A computer player of the program's levels (`random`, `greedy`, `easy`, `medium`, `hard`,
/// `perfect` where a game is solved, `strong:think=MS:depth=D…`), for any game: it chooses
/// from the view of the seat to move alone (a Q!nto player never sees another hand).
#[pyclass(module = "tabuleiro")]
pub struct Agent {
    level: String,
    seed: u64,
    /// The level built for each game it has played (behind a lock, as Python objects may be
    /// shared between threads; the methods that play take the object whole anyway).
    built: Mutex<HashMap<&'static str, Box<dyn agents::DynAgent>>>,
}

#[pymethods]
impl Agent {
    /// A player of `level`; `think_ms` bounds each move's thinking (the levels that think);
    /// `seed` makes its choices reproducible.
    #[new]
    #[pyo3(signature = (level = "hard", think_ms = None, seed = 0))]
    fn new(level: &str, think_ms: Option<u64>, seed: u64) -> PyResult<Self> {
        let level = match think_ms {
            Some(ms) => format!("{level}:think={ms}"),
            None => level.to_owned(),
        };
        level
            .parse::<tabuleiro_ai::Level>()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(Agent {
            level,
            seed,
            built: Mutex::new(HashMap::new()),
        })
    }

    /// The level, as the program reads it.
    #[getter]
    fn level(&self) -> &str {
        &self.level
    }

    /// The move this player makes for the seat to move of `state`, in notation (the thinking
    /// is done without the GIL).
    fn choose_move(&mut self, py: Python<'_>, state: &State) -> PyResult<String> {
        let id = state.game.info().id;
        let built = self
            .built
            .get_mut()
            .map_err(|_| PyValueError::new_err("this player failed in an earlier move"))?;
        if !built.contains_key(id) {
            let agent = state
                .game
                .agent(&self.level, self.seed)
                .map_err(PyValueError::new_err)?;
            built.insert(id, agent);
        }
        let agent = built
            .get_mut(id)
            .ok_or_else(|| PyValueError::new_err("no player"))?;
        let game = &*state.game;
        py.detach(|| agent.choose(game))
            .map_err(PyValueError::new_err)
    }

    /// The action of the move this player makes for the seat to move of `state`.
    fn act(&mut self, py: Python<'_>, state: &State) -> PyResult<usize> {
        if state.game.action_count().is_none() {
            return Err(state.no_actions());
        }
        let notation = self.choose_move(py, state)?;
        state
            .game
            .action_of(&notation)
            .map_err(PyValueError::new_err)
    }

    fn __repr__(&self) -> String {
        format!("<tabuleiro.Agent {}>", self.level)
    }
}

/// `n` games of one kind stepped at once in Rust (the GIL released meanwhile): each step
/// plays one action in every game (given, or random legal ones), starts finished games again
/// (game seeds `seed`, `seed + 1`, …), and gives every game's observation from its seat to
/// move, legal-action mask, rewards and whether it ended, as NumPy arrays.
#[pyclass(module = "tabuleiro")]
pub struct VectorEnv {
    batch: Box<dyn batch::DynBatch>,
}

impl VectorEnv {
    /// The arrays of the games as they stand: observations, masks, seats to move.
    fn seen<'py>(&self, py: Python<'py>) -> PyResult<Looked<'py>> {
        let mut seen = batch::Seen::default();
        let batch = &*self.batch;
        py.detach(|| batch.look(&mut seen));
        let n = batch.games();
        let [p, r, c] = batch.observation_shape();
        Ok((
            PyArray1::from_vec(py, seen.observations).reshape([n, p, r, c])?,
            PyArray1::from_vec(py, seen.masks).reshape([n, batch.action_count()])?,
            PyArray1::from_vec(py, seen.to_move),
        ))
    }
}

/// Observations, masks and seats to move, as NumPy arrays.
type Looked<'py> = (
    Bound<'py, numpy::PyArray4<f32>>,
    Bound<'py, numpy::PyArray2<i8>>,
    Bound<'py, PyArray1<i64>>,
);

#[pymethods]
impl VectorEnv {
    /// `n` games of `name` (with an action space) with `players` seats and options, seeded.
    #[new]
    #[pyo3(signature = (name, n, players = None, seed = 0, **options))]
    fn new(
        name: &str,
        n: usize,
        players: Option<usize>,
        seed: u64,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Self> {
        if n == 0 {
            return Err(PyValueError::new_err("a VectorEnv needs at least one game"));
        }
        let settings = settings_of(options)?;
        let batch = batch::build(name, n, players, seed, &settings).map_err(|e| {
            if e.contains("no fixed action space") {
                PyNotImplementedError::new_err(e)
            } else {
                PyValueError::new_err(e)
            }
        })?;
        Ok(VectorEnv { batch })
    }

    /// Games in the batch.
    #[getter]
    fn num_envs(&self) -> usize {
        self.batch.games()
    }

    /// The size of the game's action space.
    #[getter]
    fn num_actions(&self) -> usize {
        self.batch.action_count()
    }

    /// Seats of each game.
    #[getter]
    fn num_players(&self) -> usize {
        self.batch.players()
    }

    /// `(planes, rows, columns)` of one game's observation.
    #[getter]
    fn observation_shape(&self) -> (usize, usize, usize) {
        let [p, r, c] = self.batch.observation_shape();
        (p, r, c)
    }

    /// Starts every game again (game `i` with seed `seed + i`); returns `(observations,
    /// masks, to_move)`: float32 `(n, planes, rows, columns)` from each game's seat to move,
    /// int8 `(n, actions)`, int64 `(n,)`.
    #[pyo3(signature = (seed = 0))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: u64) -> PyResult<Looked<'py>> {
        let batch = &mut *self.batch;
        py.detach(|| batch.reset(seed))
            .map_err(PyValueError::new_err)?;
        self.seen(py)
    }

    /// Plays `actions[i]` in game `i` (an int sequence or array of `n`; `None`: a random legal
    /// action in each), starting again each game that ends. Returns `(observations, masks,
    /// rewards, ended, to_move)`: the games as they now stand (a game that ended is shown
    /// started again), rewards float32 `(n, players)` (1 win, -1 loss, 0 draw, for the games
    /// that ended at this step, else 0), ended bool `(n,)`. `ValueError` naming the game for
    /// an action not legal there (then nothing is played).
    #[pyo3(signature = (actions = None))]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: Option<&Bound<'py, PyAny>>,
    ) -> PyResult<Stepped<'py>> {
        let actions: Option<Vec<i64>> = match actions {
            None => None,
            Some(given) => Some(match given.extract::<numpy::PyReadonlyArray1<i64>>() {
                Ok(array) => array.as_slice()?.to_vec(),
                Err(_) => given.extract::<Vec<i64>>()?,
            }),
        };
        let batch = &mut *self.batch;
        let stepped = py
            .detach(|| batch.step(actions.as_deref()))
            .map_err(PyValueError::new_err)?;
        let (observations, masks, to_move) = self.seen(py)?;
        let n = self.batch.games();
        Ok((
            observations,
            masks,
            PyArray1::from_vec(py, stepped.rewards).reshape([n, self.batch.players()])?,
            PyArray1::from_vec(py, stepped.ended),
            to_move,
        ))
    }
}

/// What a step returns, as NumPy arrays.
type Stepped<'py> = (
    Bound<'py, numpy::PyArray4<f32>>,
    Bound<'py, numpy::PyArray2<i8>>,
    Bound<'py, numpy::PyArray2<f32>>,
    Bound<'py, PyArray1<bool>>,
    Bound<'py, PyArray1<i64>>,
);

/// Option settings `name=value` from keyword arguments (booleans as `yes`/`no`).
fn settings_of(options: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<String>> {
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
