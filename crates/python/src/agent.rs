//! `tabuleiro.Agent`: a computer player of the program's levels for any game, built for a
//! game's type the first time it plays it ([`crate::levels`]).

use std::collections::HashMap;
use std::sync::Mutex;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use crate::levels;
use crate::state::State;

/// A computer player of the program's levels (`random`, `greedy`, `easy`, `medium`, `hard`,
/// `perfect` where a game is solved, `strong:think=MS:depth=D…`), for any game: it chooses
/// from the view of the seat to move alone (a Q!nto player never sees another hand).
#[pyclass(module = "tabuleiro")]
pub struct Agent {
    level: String,
    seed: u64,
    /// The level built for each game it has played (behind a lock, as Python objects may be
    /// shared between threads; the methods that play take the object whole anyway).
    built: Mutex<HashMap<&'static str, Box<dyn levels::DynAgent>>>,
    /// In a game whose moves take several actions: the position it chose a move in, and that
    /// move's actions, handed out one by one.
    plan: Option<(u64, Vec<usize>)>,
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
            plan: None,
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

    /// The action of the move this player makes for the seat to move of `state`. Where a move
    /// takes several actions (Q!nto), the next action of the move it chose when the move began
    /// (it chooses once a move, at its first action); `ValueError` for a move that another
    /// began.
    fn act(&mut self, py: Python<'_>, state: &State) -> PyResult<usize> {
        if state.game.action_count().is_none() {
            return Err(state.no_actions());
        }
        if !state.game.sequential() {
            let notation = self.choose_move(py, state)?;
            return state
                .game
                .action_of(&notation)
                .map_err(PyValueError::new_err);
        }
        let key = state.game.position_key();
        let taken = state.game.partial_actions();
        if let Some((at, plan)) = &self.plan
            && *at == key
            && plan.len() > taken.len()
            && plan.starts_with(&taken)
        {
            return Ok(plan[taken.len()]);
        }
        if !taken.is_empty() {
            return Err(PyValueError::new_err(
                "this player did not begin the move being built: it chooses a move at its first \
                 action",
            ));
        }
        let notation = self.choose_move(py, state)?;
        let plan = state
            .game
            .move_actions(&notation)
            .map_err(PyValueError::new_err)?;
        let first = plan[0];
        self.plan = Some((key, plan));
        Ok(first)
    }

    fn __repr__(&self) -> String {
        format!("<tabuleiro.Agent {}>", self.level)
    }
}
