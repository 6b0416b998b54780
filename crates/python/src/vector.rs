//! `tabuleiro.VectorEnv`: many games of one kind stepped at once in Rust ([`crate::batch`]),
//! their positions as NumPy arrays.

use numpy::{PyArray1, PyArrayMethods};
use pyo3::exceptions::{PyNotImplementedError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::batch;
use crate::settings_of;

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
