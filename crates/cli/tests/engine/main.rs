//! The engine protocol (docs/engine-protocol.md) from both sides, on real processes: engines
//! driven as a foreign host would drive them, and engines playing in tabuleiro's own seats
//! (`--engine NAME=COMMAND`, the engines config file, `--engine-log`).

mod bot;
mod examples;
mod foreign_host;
mod seats;
