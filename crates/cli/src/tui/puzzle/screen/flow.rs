//! What the player's input leads to: a finished turn judged (answered, solved, or taken
//! back), the solution played out, the next puzzle set up.

use std::time::Instant;

use anyhow::{Context, Result, anyhow};
use tabuleiro_core::{Engine, Player};

use super::{Puzzle, PuzzlePlay};
use crate::names;
use crate::tui::game::{Framing, GamePlay};
use tabuleiro_ai::puzzles::attempt::{Attempt, Stage, Verdict};

impl<G: Engine> PuzzlePlay<G> {
    /// The moves `moves` in notation from the position now, joined by spaces.
    fn texts(&self, moves: &[G::Move]) -> String {
        let mut position = self.board.session().state().clone();
        let mut texts = Vec::with_capacity(moves.len());
        for &mv in moves {
            texts.push(position.format_move(mv));
            position.play_unchecked(mv);
        }
        texts.join(" ")
    }

    /// The moves played since the start of the solver's turn, in notation.
    fn turn_text(&self) -> String {
        let session = self.board.session();
        let start = self.attempt.turn_start().min(session.moves().len());
        let texts: Vec<String> = (start..session.moves().len())
            .map(|i| session.positions()[i].format_move(session.moves()[i]))
            .collect();
        texts.join(" ")
    }

    /// After input reached the board: judges the solver's turn once it is whole.
    pub(super) fn judge(&mut self) {
        let played = self.turn_text();
        match self.attempt.judge(self.board.session()) {
            Verdict::Unfinished => {}
            Verdict::Best(answer) => {
                let defender = self.board.session().state().to_move();
                let text = self.texts(&answer);
                self.board.play_answer(&answer);
                let who = defender.map_or_else(String::new, |p| names::seat(p) + " ");
                self.say(&format!(
                    "Best move! {who}answers {text}: find the next turn."
                ));
            }
            Verdict::Solved(answer) => {
                self.board.play_answer(&answer);
                let text = if self.attempt.failed() {
                    "Solved! After a miss the streak stays at 0. n: the next puzzle.".to_owned()
                } else {
                    let id = self.entry().id.clone();
                    let streak = self.memory.borrow_mut().solve(G::INFO.id, &id);
                    format!("Solved! Streak: {streak}. n: the next puzzle.")
                };
                self.say(&text);
            }
            Verdict::Wrong => {
                self.memory.borrow_mut().miss(G::INFO.id);
                let start = self.attempt.turn_start();
                let verdict = if self.win() {
                    "That is not the only win — try again."
                } else {
                    "That loses — try again."
                };
                let text = if self.board.take_back_to(start) {
                    format!("You played {played}. {verdict}")
                } else {
                    format!("You played {played}. {verdict} (It could not be taken back.)")
                };
                self.say(&text);
            }
        }
    }

    /// `s`: plays the solution out from the turn under way, move by move; the puzzle counts
    /// as failed.
    pub(super) fn show_solution(&mut self) {
        match self.attempt.stage() {
            Stage::Solving => {}
            Stage::Showing => return,
            Stage::Solved | Stage::Shown => {
                self.say("This puzzle is over: n brings the next one.");
                return;
            }
        }
        self.board.take_back_to(self.attempt.turn_start());
        self.memory.borrow_mut().miss(G::INFO.id);
        self.attempt.show();
        self.show_next();
    }

    /// Plays the next move of the solution being shown.
    pub(super) fn show_next(&mut self) {
        let Some(mv) = self.attempt.next_shown() else {
            return;
        };
        let text = self.texts(&[mv]);
        self.board.play_answer(&[mv]);
        self.shown_at = Instant::now();
        self.say(&if self.attempt.stage() == Stage::Shown {
            format!("The solution ends with {text}. n: the next puzzle.")
        } else {
            format!("The solution: {text} …")
        });
    }

    /// `n`: the next puzzle at least as hard as this one not yet solved (after the hardest,
    /// the easiest not yet solved); leaving one unsolved ends the streak.
    pub(super) fn next(&mut self) {
        if self.attempt.stage() == Stage::Solving {
            self.memory.borrow_mut().miss(G::INFO.id);
        }
        let (later, any) = {
            let memory = self.memory.borrow();
            let open = |i: &usize| !memory.is_solved(&self.puzzles[*i].entry.id);
            (
                (self.index + 1..self.puzzles.len()).find(open),
                (0..self.puzzles.len()).find(open),
            )
        };
        let index = later.or(any).unwrap_or(0);
        match set_up(&self.puzzles[index]) {
            Ok((board, attempt)) => {
                self.index = index;
                self.board = board;
                self.attempt = attempt;
                let text = match (later, any) {
                    (Some(_), _) => self.task_hint(),
                    (None, Some(_)) => format!(
                        "No harder puzzle is left: back to the easiest not yet solved. {}",
                        self.task_hint()
                    ),
                    (None, None) => format!(
                        "Every puzzle of {} is solved in this session: here is the easiest again.",
                        G::INFO.name
                    ),
                };
                self.say(&text);
            }
            Err(e) => self.say(&crate::describe::describe(&e)),
        }
    }
}

/// The board and a fresh attempt for `puzzle`: its game up to the puzzle, the keyboard in the
/// solver's seat, the other seats played by the screen.
pub(super) fn set_up<G: Engine>(puzzle: &Puzzle<G>) -> Result<(GamePlay<G>, Attempt<G>)> {
    let id = &puzzle.entry.id;
    let solver = puzzle
        .loaded
        .state
        .to_move()
        .ok_or_else(|| anyhow!("puzzle {id}: nobody is to move"))?;
    let mut record = puzzle.entry.position.clone();
    // The other seats never think (the screen plays them); `random` costs nothing to seat.
    record.agents = (0..record.players)
        .map(|seat| {
            if Player(seat as u8) == solver {
                "human"
            } else {
                "random"
            }
            .to_owned()
        })
        .collect();
    let board = GamePlay::<G>::framed(&record, Framing::default())
        .with_context(|| format!("puzzle {id}"))?;
    let moves = board.session().moves().len();
    let attempt = Attempt::new(puzzle.loaded.clone(), moves)
        .ok_or_else(|| anyhow!("puzzle {id}: nobody is to move"))?;
    Ok((board, attempt))
}
