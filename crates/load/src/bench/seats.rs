//! The two seats of a scripted game and their connections, which come back by themselves as
//! a page does: a connection whose server says it is restarting, or that closes, joins again
//! on the next node; the state it is then shown must hold every move any seat was shown
//! (an acknowledged move is never lost).

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use serde_json::json;

use super::players::{Seen, Table, next_lean, seen_of};
use crate::client::GameSocket;

/// How long after joining again a seat's refused move is taken for one sent before that
/// arrived late.
const UNSURE_FOR: Duration = Duration::from_secs(5);

/// How long a lost seat keeps trying to join again.
const REJOIN_FOR: Duration = Duration::from_secs(20);

/// Why a seat has no state.
pub(super) enum NoState {
    /// Its connection ended; `told`: the server said first that it was restarting.
    Lost { told: bool },
    /// The server answered an error.
    Refused(String),
}

/// Reads until a state newer than `after`; an error message is a refusal, a `restarting`
/// message or a closed connection a loss.
pub(super) async fn next_state(socket: &mut GameSocket, after: u64) -> Result<Seen, NoState> {
    loop {
        let Ok(lean) = next_lean(socket).await else {
            return Err(NoState::Lost { told: false });
        };
        match lean.kind.as_str() {
            "state" if lean.version.unwrap_or(0) > after => return Ok(seen_of(lean)),
            "error" => return Err(NoState::Refused(lean.message.unwrap_or_default())),
            "restarting" => return Err(NoState::Lost { told: true }),
            _ => {}
        }
    }
}

/// A game's two seats, each with its connection and the last state it was shown.
pub(super) struct Seats<'a> {
    /// The nodes, by index.
    addrs: [SocketAddr; 2],
    table: &'a Table,
    /// By seat: the connection, the node it is on, who joined it (the link or session of
    /// `table`), and the last state shown.
    pub(super) sockets: Vec<GameSocket>,
    at: [usize; 2],
    who: [usize; 2],
    pub(super) seen: Vec<Seen>,
    /// The most moves any seat was shown.
    shown: usize,
    /// Connections lost, and of those, told first that their server was restarting.
    pub(super) lost: usize,
    pub(super) told: usize,
    /// By seat: when it joined again, until a refusal came (a move it sent before may still
    /// arrive, after the next one is chosen).
    unsure: [Option<Instant>; 2],
    /// Moves refused right after their seat joined again (see [`Seats::until`]).
    pub(super) refused: usize,
}

impl<'a> Seats<'a> {
    /// The seats as joined: by seat, the connection, the node's index, who joined it, the
    /// first state.
    pub(super) fn new(
        addrs: [SocketAddr; 2],
        table: &'a Table,
        joined: Vec<(GameSocket, usize, usize, Seen)>,
    ) -> Self {
        let mut at = [0; 2];
        let mut who = [0; 2];
        let mut sockets = Vec::new();
        let mut seen = Vec::new();
        for (seat, (socket, node, joiner, state)) in joined.into_iter().enumerate().take(2) {
            at[seat] = node;
            who[seat] = joiner;
            sockets.push(socket);
            seen.push(state);
        }
        let shown = seen.iter().map(|s| s.plies).max().unwrap_or(0);
        Seats {
            addrs,
            table,
            sockets,
            at,
            who,
            seen,
            shown,
            lost: 0,
            told: 0,
            unsure: [None; 2],
            refused: 0,
        }
    }

    /// Sends `message` from `seat`; false when its connection was lost (it has joined again,
    /// with a fresh state).
    pub(super) async fn send(
        &mut self,
        seat: usize,
        message: &serde_json::Value,
    ) -> Result<bool, String> {
        if self.sockets[seat].send(message).await.is_ok() {
            return Ok(true);
        }
        self.rejoin(seat, false).await?;
        Ok(false)
    }

    /// Reads `seat`'s states until one with at least `plies` moves; returns early after its
    /// connection was lost and joined again (its state is then the fresh one, which may have
    /// fewer).
    pub(super) async fn until(&mut self, seat: usize, plies: usize) -> Result<(), String> {
        while self.seen[seat].plies < plies && !self.seen[seat].over {
            match next_state(&mut self.sockets[seat], self.seen[seat].version).await {
                Ok(seen) => {
                    self.shown = self.shown.max(seen.plies);
                    self.seen[seat] = seen;
                }
                // A move sent as its server stopped may have been stored after the state this
                // seat was shown on the next node: its next move, chosen again, is refused
                // once the first arrives there ("not your turn"), as a page's would be.
                Err(NoState::Refused(_))
                    if self.unsure[seat].is_some_and(|at| at.elapsed() < UNSURE_FOR) =>
                {
                    self.unsure[seat] = None;
                    self.refused += 1;
                    return Ok(());
                }
                Err(NoState::Refused(message)) => {
                    return Err(format!(
                        "{message} (seat {seat}, {} moves shown to it, waiting for {plies}; on \
                         node {}; {} connections of the game lost)",
                        self.seen[seat].plies, self.at[seat], self.lost
                    ));
                }
                Err(NoState::Lost { told }) => return self.rejoin(seat, told).await,
            }
        }
        Ok(())
    }

    /// Brings both seats to the same move: the one behind reads on.
    pub(super) async fn sync(&mut self) -> Result<(), String> {
        loop {
            let (a, b) = (self.seen[0].plies, self.seen[1].plies);
            if a == b {
                return Ok(());
            }
            let behind = usize::from(b < a);
            self.until(behind, a.max(b)).await?;
        }
    }

    /// Joins `seat` again on the next node, as a page does after its server said it was
    /// restarting or its connection closed; the fresh state must hold every move shown.
    async fn rejoin(&mut self, seat: usize, told: bool) -> Result<(), String> {
        self.lost += 1;
        self.told += usize::from(told);
        let node = (self.at[seat] + 1) % self.addrs.len();
        let began = Instant::now();
        let (socket, seen) = loop {
            match super::players::join_one(self.addrs[node], self.table, self.who[seat]).await {
                Ok((socket, _, seen)) => break (socket, seen),
                Err(e) if began.elapsed() > REJOIN_FOR => {
                    return Err(format!("could not join again: {e}"));
                }
                Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
            }
        };
        if seen.plies < self.shown {
            return Err(format!(
                "an acknowledged move was lost: {} moves shown, {} after joining again",
                self.shown, seen.plies
            ));
        }
        self.shown = seen.plies;
        self.unsure[seat] = Some(Instant::now());
        self.at[seat] = node;
        self.sockets[seat] = socket;
        self.seen[seat] = seen;
        Ok(())
    }
}

/// The message a seat sends for `notation`, saying how long it thought on a clock.
pub(super) fn move_message(table: &Table, notation: &str, thought: Duration) -> serde_json::Value {
    match table {
        Table::Lobby { clock: Some(_), .. } => {
            json!({ "type": "move", "notation": notation, "thought": thought.as_millis() as u64 })
        }
        Table::Lobby { clock: None, .. } | Table::Links(_) => {
            json!({ "type": "move", "notation": notation })
        }
    }
}
