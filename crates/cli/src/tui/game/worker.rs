//! Computer players thinking on a background thread, so the screen keeps redrawing.

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::time::{Duration, Instant};

use tabuleiro_ai::Agent;
use tabuleiro_core::Game;

/// What a thread sends back: the computer player, and the move it chose.
type Answer<G> = (Box<dyn Agent<G>>, Option<<G as Game>::Move>);

/// A computer player lent to a background thread until it has chosen a move.
pub struct Job<G: Game> {
    receiver: Receiver<Answer<G>>,
    started: Instant,
    /// What the job was started for (a seat, a hint); compared when the answer arrives.
    pub tag: JobTag,
}

/// What a job's answer is for, and in which position it was asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct JobTag {
    /// The seat thinking (for hints: the seat asking).
    pub seat: usize,
    /// The number of moves played when the job started.
    pub moves: usize,
    /// The screen's history generation when the job started (bumped by undo, redo, new game).
    pub generation: u64,
}

/// How a job stands.
pub enum Poll<G: Game> {
    /// Still thinking.
    Thinking,
    /// Done: the player back, and its move (`None` if it found none).
    Done(Box<dyn Agent<G>>, Option<G::Move>),
    /// The thread died (the player panicked); the player is lost.
    Lost,
}

impl<G: Game> Job<G> {
    /// Starts `agent` choosing a move for `view` on a new thread.
    pub fn start(mut agent: Box<dyn Agent<G>>, view: G::View, tag: JobTag) -> Self {
        let (sender, receiver) = mpsc::channel();
        std::thread::spawn(move || {
            let mv = agent.choose(&view);
            // The screen may have been closed meanwhile: nobody to tell, nothing to do.
            let _ = sender.send((agent, mv));
        });
        Job {
            receiver,
            started: Instant::now(),
            tag,
        }
    }

    /// Checks without waiting whether the move is ready.
    pub fn poll(&self) -> Poll<G> {
        match self.receiver.try_recv() {
            Ok((agent, mv)) => Poll::Done(agent, mv),
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
