//! Computer players thinking on a background thread, so the screen keeps redrawing.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

use tabuleiro_ai::{ComputerTurn, Thought};
use tabuleiro_core::{Engine, Player};

/// A computer's turn (or a hint) being thought on a background thread.
pub struct Job<G: Engine> {
    receiver: Receiver<Thought<G>>,
    started: Instant,
    seat: Player,
}

/// How a job stands.
pub enum Poll<G: Engine> {
    /// Still thinking.
    Thinking,
    /// Done: what it chose, to be accepted by the game's table.
    Done(Thought<G>),
    /// The thread died (the player panicked); the player is lost.
    Lost,
}

impl<G: Engine> Job<G> {
    /// Starts `turn` thinking on a new thread.
    pub fn start(turn: ComputerTurn<G>) -> Self {
        let (sender, receiver) = mpsc::channel();
        let seat = turn.player();
        std::thread::spawn(move || {
            // The screen may have been closed meanwhile: nobody to tell, nothing to do.
            let _ = sender.send(turn.think());
        });
        Job {
            receiver,
            started: Instant::now(),
            seat,
        }
    }

    /// The seat thinking (for hints: the seat asking).
    pub fn seat(&self) -> Player {
        self.seat
    }

    /// Checks without waiting whether the move is ready.
    pub fn poll(&self) -> Poll<G> {
        match self.receiver.try_recv() {
            Ok(thought) => Poll::Done(thought),
            Err(TryRecvError::Empty) => Poll::Thinking,
            Err(TryRecvError::Disconnected) => Poll::Lost,
        }
    }

    /// How long the job has been running.
    pub fn elapsed(&self) -> Duration {
        self.started.elapsed()
    }
}

/// A spinner frame for an elapsed time, so thinking is visibly alive.
pub fn spinner(elapsed: Duration) -> char {
    const FRAMES: [char; 8] = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧'];
    FRAMES[(elapsed.as_millis() / 100) as usize % FRAMES.len()]
}
