//! Scripted clients of the tabuleiro server (`tabuleiro serve`, crate `tabuleiro-web`): what
//! talks to a server from outside, as browsers and bots do, to drive it, measure it or attack
//! it. The server's crate holds none of it.
//!
//! - [`client`]: a small HTTP/1.1 and WebSocket client that reads the server's messages; the
//!   `tabuleiro bot` command and the server's integration tests use it too; [`endpoint`]: a
//!   server's address, by `http://` or `https://` (TLS with the system's roots or a CA file).
//! - [`bench`](mod@bench): the load benchmark of `tabuleiro bench-web`: servers on loopback ports (or
//!   servers running elsewhere), many online games played at once by scripted players, the
//!   figures they measure; and a database filled with finished games.
//! - [`adversaries`]: the hostile clients of an adversarial run (`bench-web --adversarial`),
//!   among them the attacks on the computer players.
//! - [`picks`]: the games those clients play, chosen from the registry by what they are
//!   (players, hidden information, the computer's search), never by name.

pub mod adversaries;
pub mod bench;
pub mod client;
pub mod endpoint;
pub mod picks;
