//! One game being played: its seats, its game, its clock and offer, and the connections
//! watching it (`connections`: what is queued for each and the broadcast; `shown`: what each
//! is shown; `offers`: the offer shown; `presence`: which players are here; `ending`: the
//! result and the record).

use std::sync::Arc;

use crate::clock::{Clock, ClockView, now_ms};
use crate::dyngame::DynGame;
use crate::protocol::Mode;
use crate::store::StoredSeat;
use crate::store::{Offer, RatingChange, StoredEnding};
use crate::token::hash_token;

mod apply;
mod connections;
mod ending;
mod offers;
pub mod presence;
mod shown;
mod state_text;

pub use self::connections::{Outgoing, QUEUE, Subscriber};

/// What following an announced move did to a room ([`Room::follow`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Followed {
    /// The room already holds it (or a later revision).
    Already,
    /// The move was played here.
    Played,
    /// The room cannot tell: the game must be read from storage.
    Unknown,
}

/// One game with everything the server keeps about it.
pub struct Room {
    /// Public id.
    id: String,
    /// How it is played.
    mode: Mode,
    /// Who sits where.
    seats: Vec<StoredSeat>,
    /// The game itself.
    game: Box<dyn DynGame>,
    /// The seat that resigned, if one did.
    resigned: Option<usize>,
    /// Increases with every change this node sees (the pages' version of the state).
    version: u64,
    /// The stored revision this room shows ([`crate::store::StoredGame::revision`]): every
    /// change is stored only if the stored game is still at it.
    revision: u64,
    /// Set when a change's outcome in storage is unknown (the database did not answer in
    /// time): the room is read again from storage before the next change.
    stale: bool,
    /// The game's order: held by whoever is changing the game, from the check against the
    /// room through the write to storage to the new state, so one game's changes are made
    /// one at a time while other games go on. An async lock: waiting for it, or holding it
    /// across the write, blocks no thread.
    order: Arc<tokio::sync::Mutex<()>>,
    /// The version a computer player is choosing a move for.
    thinking: Option<u64>,
    /// The version whose computer move waits in a shared database's queue (a worker of some
    /// node will make it).
    queued: Option<u64>,
    /// Connections watching.
    subscribers: Vec<Subscriber>,
    /// Sweeps in a row that found the room unused ([`crate::Hub::sweep`]).
    idle_sweeps: u32,
    /// The id of the rematch created from this game, once someone asked for it (stored with
    /// the game). Each player keeps their token in the rematch, so each connection's link is
    /// written from its own token, and no node needs to know a player's secret.
    rematch: Option<String>,
    /// Set while a hint or analysis of this game is being worked out (one at a time).
    asking: crate::asking::Asking,
    /// The client address of the first connection that joined this room: its computer's
    /// searches count against that network's share of the computers.
    visitor: Option<std::net::IpAddr>,
    /// How a rated game changed its players' ratings, once it is over and rated (as stored).
    rating_changes: Vec<RatingChange>,
    /// The offer last made (stored with the game); it lapses with the next move
    /// ([`Room::open_offer`]).
    offer: Option<Offer>,
    /// How the game ended, when by agreement, abort or time.
    ending: Option<StoredEnding>,
    /// The game's clock, for a game on one ([`crate::clock`]).
    clock: Option<Clock>,
    /// Whether each seat's player has a connection open, here or on another node, and since
    /// when.
    presence: presence::Presence,
}

impl Room {
    /// A room for a game.
    pub fn new(
        id: String,
        mode: Mode,
        seats: Vec<StoredSeat>,
        game: Box<dyn DynGame>,
        resigned: Option<usize>,
    ) -> Self {
        let seats_len = seats.len();
        Room {
            id,
            mode,
            seats,
            game,
            resigned,
            version: 1,
            revision: 0,
            stale: false,
            order: Arc::new(tokio::sync::Mutex::new(())),
            thinking: None,
            queued: None,
            subscribers: Vec::new(),
            idle_sweeps: 0,
            rematch: None,
            asking: crate::asking::Asking::default(),
            visitor: None,
            rating_changes: Vec::new(),
            offer: None,
            ending: None,
            clock: None,
            presence: presence::Presence::new(seats_len),
        }
    }

    /// Public id.
    pub fn id(&self) -> &str {
        &self.id
    }

    /// How it is played.
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Who sits where.
    pub fn seats(&self) -> &[StoredSeat] {
        &self.seats
    }

    /// The game itself.
    pub fn game(&self) -> &dyn DynGame {
        self.game.as_ref()
    }

    /// The seat that resigned, if one did.
    pub fn resigned(&self) -> Option<usize> {
        self.resigned
    }

    /// Increases with every change this node sees (the pages' version of the state).
    pub fn version(&self) -> u64 {
        self.version
    }

    /// The stored revision this room shows.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Whether a change's outcome in storage is unknown: the room is read again first.
    pub fn stale(&self) -> bool {
        self.stale
    }

    /// Marks the room to be read again from storage before its next change.
    pub fn mark_stale(&mut self) {
        self.stale = true;
    }

    /// The game's order ([`Room::order`]'s lock), to hold while changing the game.
    pub fn order(&self) -> Arc<tokio::sync::Mutex<()>> {
        Arc::clone(&self.order)
    }

    /// The version a computer player is choosing a move for.
    pub fn thinking(&self) -> Option<u64> {
        self.thinking
    }

    /// The version whose computer move waits in a shared database's queue.
    pub fn queued(&self) -> Option<u64> {
        self.queued
    }

    /// The id of the rematch created from this game, once one was.
    pub fn rematch(&self) -> Option<&str> {
        self.rematch.as_deref()
    }

    /// The hint or analysis of this game under way, if any.
    pub fn asking(&self) -> &crate::asking::Asking {
        &self.asking
    }

    /// The client address of the first connection that joined this room.
    pub fn visitor(&self) -> Option<std::net::IpAddr> {
        self.visitor
    }

    /// Notes the first connection's client address (later ones change nothing).
    pub fn visited_from(&mut self, address: std::net::IpAddr) {
        self.visitor.get_or_insert(address);
    }

    /// How a rated game changed its players' ratings, once it is over and rated.
    pub fn rating_changes(&self) -> &[RatingChange] {
        &self.rating_changes
    }

    /// How the game ended, when by agreement, abort or time.
    pub fn ending(&self) -> Option<StoredEnding> {
        self.ending
    }

    /// The game's clock, for a game on one.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// Counts a sweep that found the room unused; returns how many in a row did.
    pub fn idle_sweep(&mut self) -> u32 {
        self.idle_sweeps += 1;
        self.idle_sweeps
    }

    /// Notes that the room is in use: the sweeps start counting again.
    pub fn in_use(&mut self) {
        self.idle_sweeps = 0;
    }

    /// Whether any connection watches the game.
    pub fn watched(&self) -> bool {
        !self.subscribers.is_empty()
    }

    /// Shows a computer player thinking about the room's `version`, unless one already is;
    /// returns whether it now does.
    pub fn start_thinking(&mut self, version: u64) -> bool {
        if self.version != version || self.thinking == Some(version) {
            return false;
        }
        self.thinking = Some(version);
        self.broadcast();
        true
    }

    /// Shows the computer move of `version` as queued in a shared database (whichever node
    /// makes it), unless the game moved on.
    pub fn queue_computer(&mut self, version: u64) {
        if self.version == version && self.queued != Some(version) {
            self.queued = Some(version);
            self.broadcast();
        }
    }

    /// Stops showing a computer thinking about `version`, telling every connection `why`
    /// when given; returns whether it was.
    pub fn stop_thinking(&mut self, version: u64, why: Option<&str>) -> bool {
        if self.thinking != Some(version) {
            return false;
        }
        self.thinking = None;
        if let Some(why) = why {
            let text = Outgoing::message(&crate::protocol::ServerMessage::error(why));
            for s in &self.subscribers {
                let _ = s.tx.try_send(text.clone());
            }
            self.broadcast();
        }
        true
    }

    /// The room of a stored game (built as `game`), at its stored revision.
    pub fn restored(stored: &crate::store::StoredGame, mode: Mode, game: Box<dyn DynGame>) -> Self {
        let mut room = Room::new(
            stored.id.clone(),
            mode,
            stored.seats.clone(),
            game,
            stored.resigned,
        );
        room.revision = stored.revision;
        room.rematch.clone_from(&stored.rematch);
        room.offer = stored.offer;
        room.ending = stored.ending;
        room.clock.clone_from(&stored.clock);
        room
    }

    /// The seats a token opens: none without a token (a spectator).
    ///
    /// # Errors
    /// When a token is given but opens no seat.
    pub fn seats_of(&self, token: Option<&str>) -> Result<Vec<usize>, String> {
        let Some(token) = token else {
            return Ok(Vec::new());
        };
        let hash = hash_token(token.trim());
        let seats: Vec<usize> = self
            .seats
            .iter()
            .enumerate()
            .filter(
                |(_, s)| matches!(s, StoredSeat::Human { token_hash, .. } if *token_hash == hash),
            )
            .map(|(i, _)| i)
            .collect();
        if seats.is_empty() {
            Err("this token opens no seat of this game (check the link)".to_owned())
        } else {
            Ok(seats)
        }
    }

    /// Whether every seat has made a move: until then a game between people may be aborted,
    /// and a rated game ended by a resignation or a clock is aborted, not won (nobody's
    /// rating can be farmed by games resigned before they began).
    pub fn every_seat_moved(&self) -> bool {
        let moved = self.game.seats_moved();
        (0..self.seats.len()).all(|s| moved.get(s).copied().unwrap_or(false))
    }

    /// Whether `seat` has made a move (one still on the board: not taken back).
    pub fn has_moved(&self, seat: usize) -> bool {
        self.game.seats_moved().get(seat).copied().unwrap_or(false)
    }

    /// The seat player `id` sits in (a connection of theirs without a token plays it); none
    /// unless exactly one.
    pub fn seats_of_player(&self, id: &str) -> Vec<usize> {
        let mine: Vec<usize> = self
            .seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.player().is_some_and(|p| p.id == id))
            .map(|(i, _)| i)
            .collect();
        if mine.len() == 1 { mine } else { Vec::new() }
    }

    /// Whether the game is over (ended by its rules, a resignation, an agreement, an abort or
    /// a clock).
    pub fn over(&self) -> bool {
        self.resigned.is_some() || self.ending.is_some() || self.game.to_move().is_none()
    }

    /// The seat to move, unless the game is over.
    pub fn to_move(&self) -> Option<usize> {
        if self.resigned.is_some() || self.ending.is_some() {
            None
        } else {
            self.game.to_move()
        }
    }

    /// The clock as shown now.
    pub fn clock_view(&self) -> Option<ClockView> {
        self.clock
            .as_ref()
            .map(|c| c.view(self.to_move(), now_ms()))
    }

    /// The seat whose time has run out now, if the game is on a clock and not over.
    pub fn out_of_time(&self) -> Option<usize> {
        let seat = self.to_move()?;
        self.clock
            .as_ref()
            .filter(|c| c.out_of_time(Some(seat), now_ms()))
            .map(|_| seat)
    }
    /// The computer seat to move, if a computer is to move.
    pub fn computer_to_move(&self) -> Option<usize> {
        self.to_move()
            .filter(|&s| matches!(self.seats.get(s), Some(StoredSeat::Computer { .. })))
    }
    /// Whether every seat of a rated game has its player (before that, no move is made).
    pub fn seated(&self) -> bool {
        self.mode != Mode::Rated || self.seats.iter().all(|s| s.player().is_some())
    }

    /// Whose eyes a connection playing `seats` sees through: the seat to move if it plays
    /// it, else its only seat. A screen shared by several seats (hotseat) that is not to move
    /// (the game is over) sees only what no seat may hide, as spectators do (`None`).
    pub fn perspective(&self, seats: &[usize]) -> Option<usize> {
        match (self.to_move(), seats) {
            (Some(s), _) if seats.contains(&s) => Some(s),
            (_, [only]) => Some(*only),
            _ => None,
        }
    }

    /// Whether a connection playing `seats` may take back turns in this game at all: not
    /// online, not once the game is over (a finished game stays finished), and only after a
    /// move.
    pub fn may_undo(&self, seats: &[usize]) -> bool {
        !self.mode.between_people() && !self.over() && !seats.is_empty() && self.game.ply() > 0
    }

    /// Whether Undo is offered now: [`Room::may_undo`], and the turn to take back drew no
    /// hidden tiles (an undo asked anyway is refused with that reason).
    pub fn can_undo(&self, seats: &[usize]) -> bool {
        self.may_undo(seats) && self.game.undo_count().is_ok()
    }
}

#[cfg(test)]
mod tests {
    use crate::protocol::ServerMessage;
    use tabuleiro_core::{Options, PlayerResult, Registry, Setup};
    use tabuleiro_games::REGISTRY;

    use super::*;
    use crate::dyngame::build;
    use tabuleiro_ai::Seat;

    fn quantik_room(tokens: [&str; 2]) -> Room {
        let info = REGISTRY
            .games()
            .iter()
            .find(|g| g.id == "quantik")
            .expect("quantik");
        let setup = Setup {
            players: 2,
            options: Options::defaults(info),
            seed: 1,
        };
        let game = build("quantik", setup, &[Seat::Human, Seat::Human], &[]).expect("a game");
        let seats = tokens
            .iter()
            .map(|t| StoredSeat::human(hash_token(t)))
            .collect();
        Room::new("g".to_owned(), Mode::Online, seats, game, None)
    }

    fn legal(message: &ServerMessage) -> usize {
        match message {
            ServerMessage::State { legal, .. } => legal.len(),
            other => panic!("not a state: {other:?}"),
        }
    }

    #[test]
    fn a_token_opens_its_own_seat_only() {
        let room = quantik_room(["alpha", "beta"]);
        assert_eq!(room.seats_of(Some("alpha")), Ok(vec![0]));
        assert_eq!(room.seats_of(Some("beta")), Ok(vec![1]));
        assert_eq!(room.seats_of(None), Ok(vec![]));
        assert!(room.seats_of(Some("gamma")).is_err());
        assert!(room.seats_of(Some("")).is_err());
    }

    #[test]
    fn only_the_seat_to_move_gets_legal_moves() {
        let mut room = quantik_room(["alpha", "beta"]);
        assert_eq!(legal(&room.state_for(&[0])), 64);
        assert_eq!(legal(&room.state_for(&[1])), 0);
        assert_eq!(legal(&room.state_for(&[])), 0);
        room.game.play("Ca1").expect("legal");
        assert_eq!(legal(&room.state_for(&[0])), 0);
        assert!(legal(&room.state_for(&[1])) > 0);
        // One screen for both seats sees through the seat to move.
        assert_eq!(room.perspective(&[0, 1]), Some(1));
        assert_eq!(room.perspective(&[0]), Some(0));
        assert_eq!(room.perspective(&[]), None);
    }

    #[test]
    fn a_state_is_known_as_one_by_its_type() {
        let room = quantik_room(["alpha", "beta"]);
        let state = room.state_for(&[0]);
        assert_eq!(
            Outgoing::message(&state),
            Outgoing::State(state.to_json().into())
        );
        for other in [
            room.welcome(&[0]),
            ServerMessage::error("no"),
            ServerMessage::Pong,
        ] {
            assert_eq!(
                Outgoing::message(&other),
                Outgoing::Text(other.to_json().into())
            );
        }
    }

    #[test]
    fn a_resignation_ends_the_game_with_the_reason() {
        let mut room = quantik_room(["alpha", "beta"]);
        room.resigned = Some(0);
        assert!(room.over());
        assert_eq!(room.to_move(), None);
        let outcome = room.outcome().expect("over");
        assert_eq!(outcome.results, vec![PlayerResult::Loss, PlayerResult::Win]);
        assert!(outcome.reason.contains("player 1 resigned"));
        assert!(!room.can_undo(&[0]));
        // Once the game is over, a screen shared by both seats shows only the public view;
        // a seat's own screen keeps its view.
        assert_eq!(room.perspective(&[0, 1]), None);
        assert_eq!(room.perspective(&[1]), Some(1));
    }
}
