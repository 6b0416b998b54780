//! `tabuleiro.State`: one game in progress — its moves by notation and by action, its
//! observations, results, board, record and exact values.

use numpy::{PyArray1, PyArray3, PyArrayMethods};
use pyo3::exceptions::{PyNotImplementedError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::levels;
use crate::table::{self, DynGame};

/// A game in progress: its position, whose turn it is, its legal moves and its result.
#[pyclass(module = "tabuleiro")]
pub struct State {
    pub(crate) game: Box<dyn DynGame>,
}

impl State {
    pub(crate) fn no_actions(&self) -> PyErr {
        PyNotImplementedError::new_err(table::no_actions(self.game.info()))
    }

    fn actions(&self) -> PyResult<Vec<(usize, String)>> {
        self.game.legal_actions().ok_or_else(|| self.no_actions())
    }

    /// `ValueError` unless `player` is a seat of the game.
    fn seat(&self, player: usize) -> PyResult<()> {
        if player >= self.game.players() {
            return Err(PyValueError::new_err(format!(
                "no seat {player}: seats are 0 to {}",
                self.game.players() - 1
            )));
        }
        Ok(())
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
        if let Some(seat) = player {
            self.seat(seat)?;
        }
        Ok(self.game.render(player))
    }

    /// The game so far as a JSON record, which `tabuleiro replay` reads (`ValueError` for a
    /// position from `resample`, which no record leads to).
    fn record(&self) -> PyResult<String> {
        self.game.record_json().map_err(PyValueError::new_err)
    }

    /// A position seat `player` cannot tell from this one: every tile it cannot see (other
    /// hands, the piles) dealt again at random from `seed`, consistently with what it has seen
    /// (in Q!nto; in the other games, where nothing is hidden, a copy). For planning by
    /// sampling (determinization). It has no record.
    #[pyo3(signature = (player, seed = 0))]
    fn resample(&self, player: usize, seed: u64) -> PyResult<State> {
        self.seat(player)?;
        Ok(State {
            game: self.game.resample(player, seed),
        })
    }

    /// An independent copy.
    fn clone(&self) -> State {
        State {
            game: self.game.boxed_clone(),
        }
    }

    /// The size of the game's fixed action space (its layout is in the game's documentation:
    /// docs/python.md).
    #[getter]
    fn num_actions(&self) -> PyResult<usize> {
        self.game.action_count().ok_or_else(|| self.no_actions())
    }

    /// The legal actions, ascending (none once the game is over): the legal moves' actions, or
    /// in a game whose moves take several actions (Q!nto) the actions that may come next in the
    /// move being built.
    fn legal_actions(&self) -> PyResult<Vec<usize>> {
        self.game
            .legal_action_ids()
            .ok_or_else(|| self.no_actions())
    }

    /// A NumPy array of `num_actions` int8: 1 for each legal action, else 0.
    fn legal_action_mask<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyArray1<i8>>> {
        let mask = self.game.legal_mask().ok_or_else(|| self.no_actions())?;
        Ok(PyArray1::from_vec(py, mask))
    }

    /// Plays the move of `action` (in Q!nto: takes the next action of the move being built, and
    /// plays the move with its last). `ValueError` for an action that is not legal here (the
    /// game is then unchanged).
    fn apply(&mut self, action: usize) -> PyResult<()> {
        if self.game.action_count().is_none() {
            return Err(self.no_actions());
        }
        self.game
            .apply_action(action)
            .map_err(PyValueError::new_err)
    }

    /// The legal move of `action`, in notation (in Q!nto the legal action's name: a cell
    /// `x,y`, a tile `RH`, `across`, `down`, `gap`, `swap`, `pass` or `end`); `ValueError` for
    /// an action not legal here.
    fn action_to_string(&self, action: usize) -> PyResult<String> {
        let actions = self.actions()?;
        let legal = actions.len();
        actions
            .into_iter()
            .find(|(a, _)| *a == action)
            .map(|(_, notation)| notation)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "action {action} is not legal here ({legal} legal actions)"
                ))
            })
    }

    /// The action of the move written `notation` (as this position reads it, legal or not);
    /// in Q!nto, the action of that name (`action_to_string`'s).
    fn string_to_action(&self, notation: &str) -> PyResult<usize> {
        if self.game.action_count().is_none() {
            return Err(self.no_actions());
        }
        self.game.action_of(notation).map_err(PyValueError::new_err)
    }

    /// Whether a move takes several actions (Q!nto: its first cell and direction, then its
    /// tiles; layout in docs/python.md). The seat to move does not change while it builds one.
    #[getter]
    fn sequential(&self) -> bool {
        self.game.sequential()
    }

    /// The actions taken so far of the move being built (always empty where a move is one
    /// action).
    fn partial_actions(&self) -> Vec<usize> {
        self.game.partial_actions()
    }

    /// The actions of the legal move written `notation`, in order (one action where a move is
    /// one); `ValueError` for a move not legal here.
    fn move_to_actions(&self, notation: &str) -> PyResult<Vec<usize>> {
        if self.game.action_count().is_none() {
            return Err(self.no_actions());
        }
        self.game
            .move_actions(notation)
            .map_err(PyValueError::new_err)
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
        self.seat(player)?;
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
        let keepers: Vec<&levels::SolvedMove> = moves
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
