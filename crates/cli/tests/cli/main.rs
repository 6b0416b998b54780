//! The `tabuleiro` binary driven as a user would: piped input, files, JSON output, errors.
//! One test binary (one link step); the tests are grouped by subcommand or theme.

mod bad_arguments;
mod games;
mod matches;
mod perft_bench;
mod play;
mod puzzles;
mod records;
mod solve_analyse;
mod tournaments;
mod util;
