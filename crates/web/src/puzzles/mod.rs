//! Puzzles on the server: the shipped puzzles of every game with their ratings ([`book`]) and
//! the routes that offer them, take attempts and show a player's puzzle history ([`api`]).

pub mod api;
pub mod book;

pub use book::Book;
