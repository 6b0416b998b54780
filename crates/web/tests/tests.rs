//! Server tests over real HTTP and WebSocket connections on loopback ports.

mod util;

mod abuse;
mod agreements;
mod claims;
mod clocks;
mod gesture_cases;
mod house;
mod http_api;
mod isolation;
mod legal_cases;
mod lobby;
mod page_api;
mod page_modules;
mod play;
mod players;
mod presence;
mod puzzle_play;
mod puzzles;
mod qinto_privacy;
mod rated;
mod restart;
mod site;
mod storage;
mod undo;
mod wire;
