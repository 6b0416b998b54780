//! Monte Carlo tree search with UCT and seeded random playouts: the `strong` level of games
//! with many moves per position (Taiji).
//!
//! Each iteration walks down the tree choosing the child with the best upper confidence bound,
//! adds one new child, plays the game's playout policy to the end of the game
//! ([`Engine::playout_move`]: uniformly random moves by default, each game's fast path), and
//! credits every node on the way with the result for the player who made that node's move (1
//! for a win, ½ for a draw, 0 for a loss), so it works for any number of players. The move
//! played is the most visited one.
//!
//! The code is in five parts:
//!
//! - `tree`: the tree itself (nodes, their statistics, the arenas of moves and children, the
//!   listing and widening of a node's moves, selection, adding a child);
//! - `grow`: growing one tree (the iterations: selection, expansion, playout, backup) and the
//!   statistics of its root;
//! - `memory_pool`: the process-wide pool of finished trees' memory, kept for the next
//!   searches, and how much memory a fresh tree sets aside;
//! - `parallel`: [`search`], one tree on one thread, else root-parallel (one tree a thread,
//!   merged at the root), and its [`MctsReport`];
//! - `agent`: the player, [`MctsAgent`], and its [`MctsLimits`].
//!
//! [`Engine::playout_move`]: tabuleiro_core::Engine::playout_move

mod agent;
mod grow;
mod memory_pool;
mod parallel;
mod tree;

pub use agent::{MctsAgent, MctsLimits};
pub use parallel::{MctsReport, search};
pub use tree::EXPLORATION;
