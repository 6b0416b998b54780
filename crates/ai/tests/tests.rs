//! Integration tests of the computer players on Quantik, in one binary (one link step).

mod analysis;
mod greedy;
mod matches;
mod mcts;
mod nudge_solved;
mod oracle;
mod perfect;
mod qinto;
mod search;
mod solver;
mod tournaments;
mod util;
