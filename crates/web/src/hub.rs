//! Every game of the server, the storage behind them, and the actions on a game: each change
//! is checked, stored, then applied and sent to every connection of the game.

use std::collections::HashMap;
use std::net::IpAddr;
use std::path::Path;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use tabuleiro_ai::{Level, Seat, ladder_for};
use tabuleiro_core::{GameInfo, Options, Registry, Setup, SetupError};
use tabuleiro_games::REGISTRY;

use crate::dyngame::build;
use crate::error::{HubError, MAX_MOVE_TEXT, Refusal};
use crate::limits::{Limits, RateLimiter};
use crate::protocol::{CreateRequest, Created, Mode, SeatLink, ServerMessage};
use crate::room::{Outgoing, Rematch, Room};
use crate::store::{
    Database, Durability, EVERY_GAME, GameStore, StoreError, StoredGame, StoredSeat,
};
use crate::token::{hash_token, new_game_id, new_token};
use tokio::sync::mpsc::Sender;

/// A room shared between connections and computer players.
pub type SharedRoom = Arc<Mutex<Room>>;

/// The server's games and their storage.
pub struct Hub {
    store: Mutex<Box<dyn GameStore>>,
    rooms: Mutex<HashMap<String, SharedRoom>>,
    next_connection: AtomicU64,
    limits: Limits,
    creations: Mutex<RateLimiter>,
    /// Permits to think: computer moves and hints run on at most this many threads at once.
    computers: Arc<tokio::sync::Semaphore>,
    /// Computer searches started.
    searches: AtomicU64,
    /// Computer searches running.
    running: AtomicU64,
    /// Whether computer moves go through the shared database's queue.
    queued: bool,
    /// This node's name among the workers.
    node: String,
}

/// How long a worker's claim on a queued computer move lasts: longer than any offered level
/// thinks (`hard`: a second), short enough that a dead node's move is soon taken over.
pub const CLAIM: std::time::Duration = std::time::Duration::from_secs(10);

/// Locks a mutex, going on with the data if a thread panicked while holding it (every
/// change to a room is complete before its lock is released).
pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Hub {
    /// Opens the database in `folder`. No game is read yet: a stored game is loaded (its moves
    /// replayed) when someone joins it or downloads its record, and dropped from memory when
    /// nobody has used it for a while ([`Hub::sweep`]), so memory follows the games being
    /// played, not the games ever stored, and start-up takes the same time for any number of
    /// stored games.
    ///
    /// # Errors
    /// When the database cannot be opened.
    pub fn open(folder: &Path) -> Result<Arc<Self>, StoreError> {
        Hub::open_with(folder, Limits::default())
    }

    /// [`Hub::open`] with these limits.
    ///
    /// # Errors
    /// When the database cannot be opened.
    pub fn open_with(folder: &Path, limits: Limits) -> Result<Arc<Self>, StoreError> {
        Hub::open_database(&Database::Folder(folder.to_owned()), limits)
    }

    /// A hub over `database` (a data folder or a PostgreSQL URL), with these limits.
    ///
    /// # Errors
    /// When the database cannot be opened or migrated.
    pub fn open_database(database: &Database, limits: Limits) -> Result<Arc<Self>, StoreError> {
        Ok(Hub::with_store(database.open(Durability::Full)?, limits))
    }

    /// A hub over an opened store.
    pub fn with_store(store: Box<dyn GameStore>, limits: Limits) -> Arc<Self> {
        let queued = store.queues_computers();
        Arc::new(Hub {
            store: Mutex::new(store),
            rooms: Mutex::new(HashMap::new()),
            next_connection: AtomicU64::new(1),
            creations: Mutex::new(RateLimiter::new(limits.creations_per_minute)),
            computers: Arc::new(tokio::sync::Semaphore::new(limits.computer_threads.max(1))),
            searches: AtomicU64::new(0),
            running: AtomicU64::new(0),
            queued,
            node: format!(
                "{}-{:x}",
                std::process::id(),
                tabuleiro_core::fresh_seed().unwrap_or_default() % 0xffff
            ),
            limits,
        })
    }

    /// The number of computer searches started so far (a search whose game was resigned or
    /// changed while it waited for a thread is never started).
    pub fn searches_started(&self) -> u64 {
        self.searches.load(Ordering::Relaxed)
    }

    /// The number of computer searches running now.
    pub fn searches_running(&self) -> u64 {
        self.running.load(Ordering::Relaxed)
    }

    /// The server's limits.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Counts a game creation by client `address` against the rate limit.
    ///
    /// # Errors
    /// [`HubError::TooMany`] when the address has created its share for now.
    pub fn allow_creation(&self, address: IpAddr) -> Result<(), HubError> {
        lock(&self.creations)
            .take(address, Instant::now())
            .map_err(|wait| HubError::TooMany {
                per_minute: self.limits.creations_per_minute,
                wait_seconds: wait.as_secs().max(1),
            })
    }

    /// Number of games stored.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub fn stored(&self) -> Result<usize, StoreError> {
        lock(&self.store).count()
    }

    /// Number of games in memory: those being played or watched, and those used lately.
    pub fn active(&self) -> usize {
        lock(&self.rooms).len()
    }

    /// The room of game `id`: in memory, or loaded from storage (off the async runtime, since
    /// replaying a game and building its computer players may take a while). `Ok(None)` when
    /// there is no such game.
    ///
    /// # Errors
    /// When the stored game cannot be read or replayed: only that game is refused.
    pub async fn room(self: &Arc<Self>, id: &str) -> Result<Option<SharedRoom>, HubError> {
        if let Some(room) = lock(&self.rooms).get(id) {
            return Ok(Some(Arc::clone(room)));
        }
        let hub = Arc::clone(self);
        let id = id.to_owned();
        tokio::task::spawn_blocking(move || hub.load(&id))
            .await
            .map_err(|e| HubError::Internal(format!("loading a game failed: {e}")))?
    }

    /// Loads stored game `id` into memory (see [`Hub::room`]).
    fn load(&self, id: &str) -> Result<Option<SharedRoom>, HubError> {
        let damaged = |reason: String| HubError::Damaged {
            id: id.to_owned(),
            reason,
        };
        let stored = lock(&self.store)
            .load(id)
            .map_err(|e| damaged(e.to_string()))?;
        let Some(stored) = stored else {
            return Ok(None);
        };
        let room = restore(&stored).map_err(|e| damaged(e.to_string()))?;
        let mut rooms = lock(&self.rooms);
        // Another connection may have loaded it meanwhile: one room per game.
        let room = rooms
            .entry(id.to_owned())
            .or_insert_with(|| Arc::new(Mutex::new(room)));
        Ok(Some(Arc::clone(room)))
    }

    /// Brings the room of game `id`, if this node holds it, up to the stored game when
    /// another node changed it (a move, an undo, a resignation): the game is rebuilt from its
    /// stored moves, every connection here is sent the new state, and a computer to move is
    /// started. [`EVERY_GAME`] checks every room. Nothing happens to a room already up to
    /// date (this node's own changes).
    pub fn refresh(self: &Arc<Self>, id: &str) {
        let rooms: Vec<SharedRoom> = {
            let rooms = lock(&self.rooms);
            if id == EVERY_GAME {
                rooms.values().cloned().collect()
            } else {
                rooms.get(id).cloned().into_iter().collect()
            }
        };
        for room in rooms {
            self.refresh_room(&room);
        }
    }

    fn refresh_room(self: &Arc<Self>, room: &SharedRoom) {
        // The room stays locked while the stored game is read: this node's own changes are
        // stored under the same lock, so the stored game is never older than the room.
        let mut guard = lock(room);
        let id = guard.id.clone();
        let stored = match lock(&self.store).load(&id) {
            Ok(Some(stored)) => stored,
            Ok(None) => return,
            Err(e) => {
                eprintln!("tabuleiro serve: game {id}: {e}");
                return;
            }
        };
        if guard.game.record().moves == stored.moves && guard.resigned == stored.resigned {
            return;
        }
        match restore(&stored) {
            Ok(fresh) => {
                guard.game.stop_thinking();
                guard.game = fresh.game;
                guard.resigned = fresh.resigned;
                guard.thinking = None;
                guard.version += 1;
                guard.broadcast();
            }
            Err(e) => {
                eprintln!("tabuleiro serve: game {id} changed elsewhere and cannot be read: {e}");
                return;
            }
        }
        drop(guard);
        self.schedule_computer(room);
    }

    /// Follows the changes other nodes make to the games in a database they share (nothing
    /// for a database of this node only): each changed game held here is refreshed
    /// ([`Hub::refresh`]), on the async runtime of the caller.
    ///
    /// # Errors
    /// When the database cannot be listened to.
    pub fn follow_changes(self: &Arc<Self>) -> Result<(), StoreError> {
        let Some(changes) = lock(&self.store).changes()? else {
            return Ok(());
        };
        let hub = Arc::downgrade(self);
        let runtime = tokio::runtime::Handle::current();
        std::thread::Builder::new()
            .name("game-changes".to_owned())
            .spawn(move || {
                for id in changes {
                    let Some(hub) = hub.upgrade() else {
                        return;
                    };
                    // Off the runtime's workers: a refresh reads the store and replays.
                    runtime.spawn_blocking(move || hub.refresh(&id));
                }
            })
            .map_err(|_| StoreError::Gone)?;
        Ok(())
    }

    /// Drops from memory the games nobody has used since the previous sweep: no connection,
    /// no computer thinking, no request under way. A game in use holds its room, so a game
    /// is never dropped while someone can still change it; it is loaded again when needed.
    /// Returns how many games were dropped.
    pub fn sweep(&self) -> usize {
        let mut rooms = lock(&self.rooms);
        let before = rooms.len();
        rooms.retain(|_, room| {
            if Arc::strong_count(room) > 1 {
                if let Ok(mut room) = room.try_lock() {
                    room.idle_sweeps = 0;
                }
                return true;
            }
            let mut room = lock(room);
            room.idle_sweeps += 1;
            room.idle_sweeps < 2
        });
        before - rooms.len()
    }

    /// A new connection number.
    pub fn connection_id(&self) -> u64 {
        self.next_connection.fetch_add(1, Ordering::Relaxed)
    }

    /// Creates a game: checks the request, builds the game (off the async runtime, as
    /// computer players may load tables), stores it, and returns its links.
    ///
    /// # Errors
    /// A message saying what is wrong with the request, or a storage failure.
    pub async fn create(self: &Arc<Self>, request: CreateRequest) -> Result<Created, HubError> {
        let info = REGISTRY
            .games()
            .iter()
            .find(|g| g.id.eq_ignore_ascii_case(request.game.trim()))
            .ok_or_else(|| unknown_game(&request.game))?;
        let players = request.players.unwrap_or(info.min_players);
        SetupError::check_players(info, players)?;
        let options = Options::new(
            info,
            request
                .options
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str())),
        )?;
        let plans = match request.mode {
            Mode::Computer => {
                let seat = request.seat.unwrap_or(0);
                if seat >= players {
                    return Err(HubError::NoSeat {
                        seat: seat + 1,
                        players,
                    });
                }
                let name = request.level.clone().unwrap_or_else(|| "medium".to_owned());
                let level = offered_level(info, &name)?;
                (0..players)
                    .map(|s| {
                        if s == seat {
                            (Seat::Human, "human".to_owned())
                        } else {
                            (Seat::Computer(level), name.clone())
                        }
                    })
                    .collect()
            }
            Mode::Hotseat | Mode::Online => vec![(Seat::Human, "human".to_owned()); players],
        };
        self.create_planned(info, options, request.mode, plans)
            .await
    }

    /// Creates a game of `info` with checked `options`, played in `mode` with these seats
    /// (each with the name stored for it): a fresh seed, a token for each person's seat (one
    /// shared by every seat of a hotseat game), built off the async runtime, stored, and its
    /// links returned.
    async fn create_planned(
        self: &Arc<Self>,
        info: &'static GameInfo,
        options: Options,
        mode: Mode,
        plans: Vec<(Seat, String)>,
    ) -> Result<Created, HubError> {
        let players = plans.len();
        let random = |e: getrandom::Error| HubError::Random(e.to_string());
        let seed = tabuleiro_core::fresh_seed().map_err(|e| HubError::Random(e.to_string()))?;
        let shared = new_token().map_err(random)?;
        let mut tokens: Vec<Option<String>> = Vec::with_capacity(players);
        for (seat, _) in &plans {
            tokens.push(match (seat, mode) {
                (Seat::Computer(_), _) => None,
                (Seat::Human, Mode::Online) => Some(new_token().map_err(random)?),
                (Seat::Human, Mode::Computer | Mode::Hotseat) => Some(shared.clone()),
            });
        }
        let setup = Setup {
            players,
            options: options.clone(),
            seed,
        };
        let game_id = info.id;
        let built_seats: Vec<Seat> = plans.iter().map(|(seat, _)| *seat).collect();
        let game = tokio::task::spawn_blocking(move || build(game_id, setup, &built_seats, &[]))
            .await
            .map_err(|e| HubError::Internal(format!("building the game failed: {e}")))??;
        let seats: Vec<StoredSeat> = plans
            .iter()
            .zip(&tokens)
            .map(|((seat, name), token)| match (seat, token) {
                (Seat::Computer(_), _) => StoredSeat::Computer {
                    level: name.clone(),
                },
                (Seat::Human, token) => StoredSeat::Human {
                    token_hash: hash_token(token.as_deref().unwrap_or_default()),
                },
            })
            .collect();
        let id = new_game_id().map_err(random)?;
        let stored = StoredGame {
            id: id.clone(),
            game: info.id.to_owned(),
            players,
            options: options
                .iter()
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect(),
            seed,
            mode: mode.name().to_owned(),
            seats: seats.clone(),
            resigned: None,
            moves: Vec::new(),
        };
        lock(&self.store)
            .create(&stored)
            .map_err(|source| HubError::Store {
                what: "the game",
                source,
            })?;
        let room = Arc::new(Mutex::new(Room::new(id.clone(), mode, seats, game, None)));
        lock(&self.rooms).insert(id.clone(), room.clone());
        self.schedule_computer(&room);
        let links = plans
            .into_iter()
            .zip(tokens)
            .enumerate()
            .map(|(seat, ((_, name), token))| SeatLink {
                seat,
                name,
                link: token.as_ref().map(|t| format!("/?game={id}#token={t}")),
                token,
            })
            .collect();
        Ok(Created {
            spectator: format!("/?game={id}"),
            id,
            seats: links,
        })
    }

    /// Plays a move for a connection playing `seats`: checked, stored, applied, sent.
    ///
    /// # Errors
    /// Why the move is refused; nothing changed.
    pub fn play(
        self: &Arc<Self>,
        room: &SharedRoom,
        seats: &[usize],
        text: &str,
    ) -> Result<(), HubError> {
        {
            let mut guard = lock(room);
            let Some(to_move) = guard.to_move() else {
                return Err(Refusal::GameOver.into());
            };
            if seats.is_empty() {
                return Err(Refusal::SpectatorMove.into());
            }
            if !seats.contains(&to_move) {
                return Err(Refusal::NotYourTurn(to_move).into());
            }
            if guard.thinking.is_some() {
                return Err(Refusal::ComputerThinking.into());
            }
            let applied = self.apply(&mut guard, text);
            if let Err(HubError::Refused(Refusal::ChangedElsewhere)) = applied {
                drop(guard);
                self.refresh_room(room);
            }
            applied?;
        }
        self.schedule_computer(room);
        Ok(())
    }

    /// Checks, stores and applies a move in a locked room, then sends the new state.
    fn apply(&self, room: &mut Room, text: &str) -> Result<(), HubError> {
        if text.len() > MAX_MOVE_TEXT {
            return Err(Refusal::MoveTooLong.into());
        }
        let notation = room.game.check(text)?;
        let ply = room.game.ply();
        let stored = lock(&self.store).add_move(&room.id, ply, &notation);
        if let Err(source) = stored {
            // Another node may have stored a move for this turn first: if the game changed,
            // this node catches up, and the move is refused.
            if lock(&self.store).load(&room.id).is_ok_and(|g| {
                g.is_some_and(|g| g.moves.len() > ply || g.resigned != room.resigned)
            }) {
                return Err(Refusal::ChangedElsewhere.into());
            }
            return Err(HubError::Store {
                what: "the move",
                source,
            });
        }
        room.game
            .play(&notation)
            .map_err(|e| HubError::Internal(format!("a checked move failed: {e}")))?;
        if room.over()
            && let Err(e) = lock(&self.store).set_finished(&room.id, true)
        {
            eprintln!("tabuleiro serve: game {}: {e}", room.id);
        }
        room.version += 1;
        room.broadcast();
        Ok(())
    }

    /// Takes back a turn (against the computer, or in hotseat).
    ///
    /// # Errors
    /// When this connection may not, or there is nothing to take back.
    pub fn undo(self: &Arc<Self>, room: &SharedRoom, seats: &[usize]) -> Result<(), HubError> {
        {
            let mut guard = lock(room);
            if guard.mode == Mode::Online {
                return Err(Refusal::OnlineUndo.into());
            }
            if guard.over() && guard.game.info().hidden_information {
                return Err(Refusal::FinishedHidden.into());
            }
            if !guard.can_undo(seats) {
                return Err(Refusal::NothingToTakeBack.into());
            }
            let count = guard.game.undo_count()?;
            // Forgotten in storage first: a failure leaves the game as it was.
            lock(&self.store)
                .truncate(&guard.id, guard.game.ply() - count)
                .map_err(|source| HubError::Store {
                    what: "the undo",
                    source,
                })?;
            guard
                .game
                .undo_turn()
                .map_err(|e| HubError::Internal(format!("a checked undo failed: {e}")))?;
            guard.thinking = None;
            guard.version += 1;
            guard.broadcast();
        }
        self.schedule_computer(room);
        Ok(())
    }

    /// Resigns for a connection playing `seats` (the seat to move if it plays it).
    ///
    /// # Errors
    /// When the game is over or the connection plays no seat.
    pub fn resign(&self, room: &SharedRoom, seats: &[usize]) -> Result<(), HubError> {
        let mut guard = lock(room);
        if guard.over() {
            return Err(Refusal::GameOver.into());
        }
        let Some(seat) = guard.perspective(seats).or(seats.first().copied()) else {
            return Err(Refusal::SpectatorResign.into());
        };
        lock(&self.store)
            .resign(&guard.id, seat)
            .map_err(|source| HubError::Store {
                what: "the resignation",
                source,
            })?;
        guard.resigned = Some(seat);
        guard.thinking = None;
        guard.game.stop_thinking();
        guard.version += 1;
        guard.broadcast();
        Ok(())
    }

    /// Computes a hint off the async runtime and sends it to `reply` only.
    ///
    /// # Errors
    /// When it is not this connection's turn.
    pub fn hint(
        &self,
        room: &SharedRoom,
        seats: &[usize],
        reply: tokio::sync::mpsc::Sender<Outgoing>,
    ) -> Result<(), HubError> {
        let guard = lock(room);
        match guard.to_move() {
            Some(s) if seats.contains(&s) => {}
            _ => return Err(Refusal::HintNotYourTurn.into()),
        }
        let job = guard.game.hint_job().ok_or(Refusal::NoHint)?;
        drop(guard);
        let (computers, permits) = (Arc::clone(&self.computers), self.search_permits());
        tokio::spawn(async move {
            // Hints share the computer players' threads.
            let Ok(_permit) = computers.acquire_many_owned(permits).await else {
                return;
            };
            let message = match tokio::task::spawn_blocking(job).await {
                Ok(Some(notation)) => ServerMessage::Hint { notation },
                _ => ServerMessage::error("no hint could be found"),
            };
            let _ = reply.send(Outgoing::text(message.to_json())).await;
        });
        Ok(())
    }

    /// Sends `reply` the picture of position `at` as this connection may see it.
    pub fn look(&self, room: &SharedRoom, seats: &[usize], at: usize, reply: &Sender<Outgoing>) {
        let guard = lock(room);
        let at = at.min(guard.game.ply());
        let picture = guard.game.picture_at(guard.perspective(seats), at);
        drop(guard);
        let _ = reply.try_send(Outgoing::text(
            ServerMessage::Look {
                at,
                picture: Box::new(picture),
            }
            .to_json(),
        ));
    }

    /// Rates every legal move of position `at` of a finished game off the async runtime (on
    /// the computer players' threads) and sends the analysis to `reply` only.
    ///
    /// # Errors
    /// A game still being played or of hidden information, or a position past the end.
    pub fn analyse(
        &self,
        room: &SharedRoom,
        at: usize,
        reply: Sender<Outgoing>,
    ) -> Result<(), HubError> {
        let guard = lock(room);
        if guard.game.info().hidden_information {
            return Err(Refusal::AnalysisHidden.into());
        }
        if !guard.over() || at > guard.game.ply() {
            return Err(Refusal::AnalysisNotNow.into());
        }
        let job = guard.game.analysis_job(at);
        drop(guard);
        let (computers, permits) = (Arc::clone(&self.computers), self.search_permits());
        tokio::spawn(async move {
            let (moves, source) = match job {
                None => (
                    Vec::new(),
                    "no move to analyse: the game ended here".to_owned(),
                ),
                Some(job) => {
                    let Ok(_permit) = computers.acquire_many_owned(permits).await else {
                        return;
                    };
                    match tokio::task::spawn_blocking(job).await {
                        Ok(found) => found,
                        Err(e) => {
                            let text = ServerMessage::error(format!("the analysis failed: {e}"));
                            let _ = reply.send(Outgoing::text(text.to_json())).await;
                            return;
                        }
                    }
                }
            };
            let message = ServerMessage::Analysis { at, moves, source };
            let _ = reply.send(Outgoing::text(message.to_json())).await;
        });
        Ok(())
    }

    /// Creates, once, a new game with this finished game's settings (the same options, a
    /// board settled by chance included) and its seats turned by one: seat 1's player plays
    /// seat 2, and so on (two players swap). Everyone watching is sent their new link.
    ///
    /// # Errors
    /// A game still being played, or a connection that plays no seat.
    pub fn rematch(self: &Arc<Self>, room: &SharedRoom, seats: &[usize]) -> Result<(), HubError> {
        let mut guard = lock(room);
        if !guard.over() {
            return Err(Refusal::RematchNotOver.into());
        }
        if seats.is_empty() {
            return Err(Refusal::SpectatorRematch.into());
        }
        if guard.rematch.is_some() {
            guard.broadcast();
            return Ok(());
        }
        let info = guard.game.info();
        let record = guard.game.record();
        let players = guard.seats.len();
        let mode = guard.mode;
        let mut plans = Vec::with_capacity(players);
        for new_seat in 0..players {
            let old = &guard.seats[(new_seat + players - 1) % players];
            plans.push(match old {
                StoredSeat::Human { .. } => (Seat::Human, "human".to_owned()),
                StoredSeat::Computer { level } => {
                    (Seat::Computer(offered_level(info, level)?), level.clone())
                }
            });
        }
        drop(guard);
        let options = Options::new(
            info,
            record.options.iter().map(|(k, v)| (k.as_str(), v.as_str())),
        )?;
        let hub = Arc::clone(self);
        let room = Arc::clone(room);
        tokio::spawn(async move {
            let created = hub.create_planned(info, options, mode, plans).await;
            let mut guard = lock(&room);
            match created {
                Ok(created) => {
                    let link_of = |seat: usize| {
                        created
                            .seats
                            .get(seat)
                            .and_then(|s| s.link.clone())
                            .unwrap_or_else(|| created.spectator.clone())
                    };
                    guard.rematch = Some(Rematch {
                        links: (0..players)
                            .map(|old| link_of((old + 1) % players))
                            .collect(),
                        spectator: created.spectator.clone(),
                    });
                    guard.broadcast();
                }
                Err(e) => {
                    let text =
                        Outgoing::text(ServerMessage::error(format!("no rematch: {e}")).to_json());
                    for s in &guard.subscribers {
                        let _ = s.tx.try_send(text.clone());
                    }
                }
            }
        });
        Ok(())
    }

    /// If a computer is to move: on a database nodes share, queues its move for the workers
    /// of every node ([`Hub::work`]); otherwise starts it here ([`Hub::think`]).
    pub fn schedule_computer(self: &Arc<Self>, room: &SharedRoom) {
        if !self.queued {
            drop(self.think(room));
            return;
        }
        let guard = lock(room);
        if guard.computer_to_move().is_none() {
            return;
        }
        let (id, ply, version) = (guard.id.clone(), guard.game.ply(), guard.version);
        drop(guard);
        if let Err(e) = lock(&self.store).enqueue_computer(&id, ply) {
            eprintln!("tabuleiro serve: game {id}: the computer's move cannot be queued: {e}");
            return;
        }
        // Shown as thinking until the move arrives, from whichever node makes it.
        let mut guard = lock(room);
        if guard.version == version && guard.queued != Some(version) {
            guard.queued = Some(version);
            guard.broadcast();
        }
    }

    /// If a computer is to move and not yet thinking, starts it on a blocking thread; its
    /// move is played unless the game changed meanwhile. The task ends once the move is
    /// played (or dropped).
    fn think(self: &Arc<Self>, room: &SharedRoom) -> Option<tokio::task::JoinHandle<()>> {
        let mut guard = lock(room);
        guard.computer_to_move()?;
        let version = guard.version;
        if guard.thinking == Some(version) {
            return None;
        }
        let job = guard.game.computer_job()?;
        guard.thinking = Some(version);
        guard.broadcast();
        drop(guard);
        let hub = Arc::clone(self);
        let room = Arc::clone(room);
        Some(tokio::spawn(async move {
            // Each search holds as many of the pool's threads as it searches on; a game waits
            // its turn.
            let permits = hub.search_permits();
            let Ok(_permit) = Arc::clone(&hub.computers).acquire_many_owned(permits).await else {
                return;
            };
            {
                // Resigned, taken back or moved on while it waited: nothing to think about.
                let guard = lock(&room);
                if guard.thinking != Some(version) || guard.version != version {
                    return;
                }
            }
            hub.searches.fetch_add(1, Ordering::Relaxed);
            hub.running.fetch_add(1, Ordering::Relaxed);
            let chosen = tokio::task::spawn_blocking(job).await;
            hub.running.fetch_sub(1, Ordering::Relaxed);
            {
                let mut guard = lock(&room);
                if guard.thinking != Some(version) || guard.version != version {
                    return;
                }
                guard.thinking = None;
                let result = match chosen {
                    Ok(Some(text)) => hub.apply(&mut guard, &text),
                    Ok(None) => Err(HubError::Computer("it found no move".to_owned())),
                    Err(e) => Err(HubError::Computer(e.to_string())),
                };
                if let Err(HubError::Refused(Refusal::ChangedElsewhere)) = result {
                    // Another node played this turn first: catch up with it.
                    drop(guard);
                    hub.refresh_room(&room);
                    return;
                }
                if let Err(message) = result {
                    eprintln!("tabuleiro serve: game {}: {message}", guard.id);
                    let text = Outgoing::text(ServerMessage::error(message.to_string()).to_json());
                    for s in &guard.subscribers {
                        let _ = s.tx.try_send(text.clone());
                    }
                    guard.broadcast();
                    return;
                }
            }
            hub.schedule_computer(&room);
        }))
    }

    /// How many of the computer pool's threads one search holds: the threads it searches on
    /// ([`tabuleiro_ai::threads::default`], which `tabuleiro serve --threads` sets), at most
    /// the whole pool.
    fn search_permits(&self) -> u32 {
        let pool = self.limits.computer_threads.max(1);
        u32::try_from(tabuleiro_ai::threads::default().clamp(1, pool)).unwrap_or(1)
    }

    /// Runs `workers` workers for ever (none when 0): each claims a queued computer move of
    /// any game from the shared database ([`GameStore::claim_computer`]), opens the game
    /// here, thinks, and plays the move through the same path as a person's. A claim lasts
    /// [`CLAIM`]: a node that dies while thinking leaves its move to another worker then.
    /// Nothing to do on a database no other node shares.
    pub fn work(self: &Arc<Self>, workers: usize) {
        if !self.queued {
            return;
        }
        for n in 0..workers {
            let hub = Arc::downgrade(self);
            let name = format!("{}/{n}", self.node);
            tokio::spawn(async move {
                loop {
                    let Some(hub) = hub.upgrade() else {
                        return;
                    };
                    if !hub.work_once(&name).await {
                        drop(hub);
                        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
                    }
                }
            });
        }
    }

    /// Claims and makes one queued computer move; returns whether there was one.
    async fn work_once(self: &Arc<Self>, worker: &str) -> bool {
        let hub = Arc::clone(self);
        let name = worker.to_owned();
        let claimed =
            tokio::task::spawn_blocking(move || lock(&hub.store).claim_computer(&name, CLAIM))
                .await;
        let Ok(Ok(Some((id, ply)))) = claimed else {
            return false;
        };
        let Ok(Some(room)) = self.room(&id).await else {
            return true;
        };
        // The room may lag behind the stored game (a move made elsewhere, not yet heard of).
        if lock(&room).game.ply() != ply {
            let (hub, held) = (Arc::clone(self), Arc::clone(&room));
            let _ = tokio::task::spawn_blocking(move || hub.refresh_room(&held)).await;
        }
        if lock(&room).game.ply() != ply {
            return true;
        }
        if let Some(thinking) = self.think(&room) {
            let _ = thinking.await;
        }
        true
    }

    /// The record of a finished game, as JSON. Never while the game is played: the record
    /// holds the seed, which in a game of hidden information decides everything hidden (and
    /// the tiles each seat traded); a finished game of hidden information cannot be reopened
    /// by undo ([`Hub::undo`]).
    ///
    /// # Errors
    /// When the game is still being played.
    pub fn record(&self, room: &SharedRoom) -> Result<String, HubError> {
        let guard = lock(room);
        if !guard.over() {
            return Err(Refusal::NotOver.into());
        }
        let mut record = guard.game.record();
        if guard.resigned.is_some() {
            record.resigned = guard.resigned;
            record.result = guard.outcome();
        }
        Ok(record.to_json())
    }
}

/// Rebuilds a stored game.
fn restore(stored: &StoredGame) -> Result<Room, HubError> {
    let info = REGISTRY
        .games()
        .iter()
        .find(|g| g.id == stored.game)
        .ok_or_else(|| unknown_game(&stored.game))?;
    let options = Options::new(
        info,
        stored.options.iter().map(|(k, v)| (k.as_str(), v.as_str())),
    )?;
    let mode = Mode::from_name(&stored.mode).ok_or_else(|| HubError::Mode(stored.mode.clone()))?;
    let plans = stored
        .seats
        .iter()
        .map(|s| match s {
            StoredSeat::Human { .. } => Ok(Seat::Human),
            StoredSeat::Computer { level } => offered_level(info, level).map(Seat::Computer),
        })
        .collect::<Result<Vec<Seat>, _>>()?;
    let setup = Setup {
        players: stored.players,
        options,
        seed: stored.seed,
    };
    let game = build(info.id, setup, &plans, &stored.moves)?;
    Ok(Room::new(
        stored.id.clone(),
        mode,
        stored.seats.clone(),
        game,
        stored.resigned,
    ))
}

/// The error for a game id the server does not have, listing those it has.
pub(crate) fn unknown_game(given: &str) -> HubError {
    let known: Vec<&str> = REGISTRY.games().iter().map(|g| g.id).collect();
    HubError::UnknownGame {
        given: given.to_owned(),
        known: known.join(", "),
    }
}

/// The level of ladder name `name` (`easy`, `hard`, …) for game `info`. The web plays the
/// ladder only (with `perfect` where the game is solved here): every level on it thinks for a
/// bounded time, so no request can start a search without end.
fn offered_level(info: &GameInfo, name: &str) -> Result<Level, HubError> {
    let ladder = REGISTRY.engine(info.id).map(ladder_for).unwrap_or_default();
    let found = ladder
        .iter()
        .find(|n| n.name.eq_ignore_ascii_case(name.trim()));
    match found {
        Some(named) => Ok(named.level.parse()?),
        None => Err(HubError::NotOffered {
            given: name.to_owned(),
            game: info.name,
            offered: ladder.iter().map(|n| n.name).collect::<Vec<_>>().join(", "),
        }),
    }
}
