//! The `tabuleiro` program driven for real, one suite a module, in one test binary (one link
//! step for all of them): [`cli`] (subcommands, files, errors), [`engine`] (the engine
//! protocol from both sides), [`serve`] (`tabuleiro serve` killed and restarted, the load
//! benchmark, backups), [`operate`] (its settings and its metrics), [`tui`] (the terminal
//! interface in tmux) and [`nodes`] (several servers on one PostgreSQL database, ignored unless
//! `scripts/test` gives them one). One suite alone:
//! `cargo test -p tabuleiro-cli --test programs nodes::`.

#[path = "cli/main.rs"]
mod cli;
#[path = "engine/main.rs"]
mod engine;
#[path = "nodes/main.rs"]
mod nodes;
#[path = "operate.rs"]
mod operate;
#[path = "serve.rs"]
mod serve;
#[path = "tui.rs"]
mod tui;

/// `tabuleiro serve` as a child process, for the suites that start one.
#[path = "support/serve.rs"]
mod support;
