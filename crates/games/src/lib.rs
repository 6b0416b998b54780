//! The rules of the games tabuleiro plays, each behind the [`tabuleiro_core::Game`]
//! abstraction, and the [`REGISTRY`] that finds a game by id.
//!
//! One module per game holds its rules, notation, text rendering and evaluation; nothing here
//! knows about user interfaces or computer players.

mod bits;
mod cell_name;
#[cfg(test)]
mod motif_cases;
pub mod nudge;
pub mod pushee;
pub mod qinto;
pub mod quantik;
mod registry;
pub mod taiji;

pub use registry::{GAMES, Games, REGISTRY};
