//! Puzzles on the server: the shipped puzzles of every game with their ratings ([`book`]) and
//! the routes that offer them, take attempts and show a player's puzzle history ([`api`]); a
//! puzzle played on the page's board, judged turn by turn ([`mod@line`], [`mod@play`]).

pub mod api;
pub mod book;
pub mod line;
pub mod play;

pub use book::Book;
