//! Integration tests of the computer players, in one binary (one link step).

mod analysis;
mod engine_seats;
mod game_table;
mod greedy;
mod matches;
mod mcts;
mod new_game;
mod nudge_solved;
mod oracle;
mod parallel;
mod perfect;
mod puzzle_sets;
mod puzzles;
mod qinto;
mod replays;
mod search;
mod solver;
mod tournaments;
mod util;
