//! One attempt at a puzzle, apart from the screen: whose turns are the solver's, which turn
//! of the solution comes next, and whether a finished turn is right. A turn is right when it
//! reaches the position the solution's turn reaches (the same moves in another order are
//! right), as [`super::rating::solves`] judges the computer's attempts.

use std::collections::VecDeque;

use super::Loaded;
use tabuleiro_core::{Engine, Player, Session};

/// How an attempt stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The solver is looking for a turn.
    Solving,
    /// Every turn of the solver was found.
    Solved,
    /// The solution is being played out on the board.
    Showing,
    /// The solution was played out.
    Shown,
}

/// What a turn of the solver was found to be, once it is whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict<M> {
    /// Not a whole turn yet: nothing played, or the solver still to move.
    Unfinished,
    /// The solution's turn, with more to find: the defender's answer is to be played.
    Best(Vec<M>),
    /// The solution's last turn of the solver, with the defender's answer that ends the
    /// solution (none when it ends with the solver's turn).
    Solved(Vec<M>),
    /// Not the solution's turn: it is to be taken back.
    Wrong,
}

/// An attempt at one puzzle.
#[derive(Clone, Debug)]
pub struct Attempt<G: Engine> {
    /// The solution's turns: the solver's, the defender's answer, the solver's next, …
    solution: Vec<Vec<G::Move>>,
    /// The seat the player plays.
    solver: Player,
    /// The position at the start of the solver's turn under way.
    position: G,
    /// Turns of the solution on the board.
    done: usize,
    /// Moves of the game at the start of the solver's turn under way.
    turn_start: usize,
    /// A wrong turn was played, or the solution shown.
    failed: bool,
    stage: Stage,
    /// The solution's moves still to be played out while it is shown.
    to_show: VecDeque<G::Move>,
}

impl<G: Engine> Attempt<G> {
    /// An attempt at `puzzle`, whose position is reached after `moves` moves of its game;
    /// `None` when nobody is to move there.
    pub fn new(puzzle: Loaded<G>, moves: usize) -> Option<Self> {
        let solver = puzzle.state.to_move()?;
        Some(Attempt {
            solution: puzzle.solution,
            solver,
            position: puzzle.state,
            done: 0,
            turn_start: moves,
            failed: false,
            stage: Stage::Solving,
            to_show: VecDeque::new(),
        })
    }

    /// The seat the player plays.
    pub fn solver(&self) -> Player {
        self.solver
    }

    /// How the attempt stands.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// Whether a wrong turn was played or the solution shown.
    pub fn failed(&self) -> bool {
        self.failed
    }

    /// Moves of the game at the start of the solver's turn under way: where a wrong turn is
    /// taken back to.
    pub fn turn_start(&self) -> usize {
        self.turn_start
    }

    /// Judges the game so far: once the solver's turn under way is whole (another seat is to
    /// move, or the game is over), whether it reaches the position of the solution's turn.
    /// A right turn moves the attempt on past the defender's answer, which the caller plays;
    /// a wrong one marks the attempt failed, and the caller takes it back.
    pub fn judge(&mut self, session: &Session<G>) -> Verdict<G::Move> {
        if self.stage != Stage::Solving || session.moves().len() <= self.turn_start {
            return Verdict::Unfinished;
        }
        let now = session.state();
        if now.outcome().is_none() && now.to_move() == Some(self.solver) {
            return Verdict::Unfinished;
        }
        let Some(turn) = self.solution.get(self.done) else {
            return Verdict::Unfinished;
        };
        let mut wanted = self.position.clone();
        for &mv in turn {
            wanted.play_unchecked(mv);
        }
        if now.position_key() != wanted.position_key()
            || now.outcome().is_some() != wanted.outcome().is_some()
        {
            self.failed = true;
            return Verdict::Wrong;
        }
        let answer = self
            .solution
            .get(self.done + 1)
            .cloned()
            .unwrap_or_default();
        for &mv in &answer {
            wanted.play_unchecked(mv);
        }
        self.position = wanted;
        self.done = (self.done + 2).min(self.solution.len());
        self.turn_start = session.moves().len() + answer.len();
        if self.done >= self.solution.len() {
            self.stage = Stage::Solved;
            Verdict::Solved(answer)
        } else {
            Verdict::Best(answer)
        }
    }

    /// Starts showing the solution from the solver's turn under way (the caller takes back
    /// what was played of it): the attempt counts as failed.
    pub fn show(&mut self) {
        self.failed = true;
        self.stage = Stage::Showing;
        self.to_show = self.solution[self.done..]
            .iter()
            .flatten()
            .copied()
            .collect();
        self.done = self.solution.len();
    }

    /// The next move of the solution being shown, to be played; the attempt is
    /// [`Stage::Shown`] after the last.
    pub fn next_shown(&mut self) -> Option<G::Move> {
        let mv = self.to_show.pop_front();
        if self.to_show.is_empty() && self.stage == Stage::Showing {
            self.stage = Stage::Shown;
        }
        mv
    }

    /// Moves of the solution still to be shown.
    pub fn left_to_show(&self) -> usize {
        self.to_show.len()
    }
}
