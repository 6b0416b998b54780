//! One WebSocket connection: it joins a game with its token (or as a spectator), then sends
//! moves and other requests; every refusal is an error message, and the connection goes on.

use std::sync::Arc;

use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::extract::{ConnectInfo, Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{Notify, mpsc};
use tokio::time::Instant;
use tracing::Instrument as _;

use crate::asking::{Asking, Reply};
use crate::hub::{Hub, SharedRoom, lock};
use crate::protocol::{ClientMessage, MAX_MESSAGE, ServerMessage};
use crate::room::{Outgoing, QUEUE, Subscriber};
use crate::store::StoredPlayer;

/// Messages larger than this close the connection (the WebSocket layer stops reading them);
/// between [`MAX_MESSAGE`] and this, the connection gets an error message and goes on.
pub const HARD_LIMIT: usize = 1024 * 1024;

/// How much a connection reads from its socket at a time: messages from a page are small, and
/// the WebSocket layer's default (a zeroed 128 KiB chunk per connection) would cost 640 MB for
/// the 5,000 connections a server takes, and the zeroing of it a fifth of a busy server's time.
pub const READ_CHUNK: usize = 4 * 1024;

pub use crate::limits::WRITE_TIMEOUT;

/// `GET /api/games/{id}/ws`.
pub async fn upgrade(
    ws: WebSocketUpgrade,
    State(hub): State<Arc<Hub>>,
    ConnectInfo(client): ConnectInfo<std::net::SocketAddr>,
    Path(id): Path<String>,
    request: axum::http::HeaderMap,
) -> Response {
    if hub.draining() {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is restarting: try again in a moment",
        )
            .into_response();
    }
    let room = match hub.room(&id).await {
        Ok(Some(room)) => room,
        Ok(None) => return (StatusCode::NOT_FOUND, format!("no game `{id}`")).into_response(),
        Err(e) => return (e.status(), e.to_string()).into_response(),
    };
    // The player of this browser, if it has one: they sit in the seat they open.
    let player = match crate::me::current(&hub, &request).await {
        Ok(player) => player,
        Err(refused) => return refused,
    };
    ws.read_buffer_size(READ_CHUNK)
        .max_message_size(HARD_LIMIT)
        .max_frame_size(HARD_LIMIT)
        .on_upgrade(move |socket| {
            let id = hub.connection_id();
            let span = tracing::info_span!("connection", conn = id, game = %lock(&room).id());
            connection(hub, room, socket, id, client.ip(), player).instrument(span)
        })
}

/// What a connection knows about itself.
struct Connection {
    id: u64,
    seats: Option<Vec<usize>>,
    token: Option<String>,
    tx: mpsc::Sender<Outgoing>,
    kick: Arc<Notify>,
    /// Set while a hint or analysis this connection asked for is being worked out.
    asking: Asking,
    /// The client's address, whose creations a rematch counts against.
    address: std::net::IpAddr,
    /// The player of the browser (from its session cookie), if it has one.
    player: Option<StoredPlayer>,
    /// When the last state was written to the socket (ms since 1970; 0: none yet).
    written: Arc<std::sync::atomic::AtomicI64>,
}

impl Connection {
    /// Where the answer to a hint or an analysis goes, marking this connection as waiting for
    /// one until it is sent or dropped; refused while one is already under way.
    fn reply(&self) -> Result<Reply, String> {
        let Some(pending) = self.asking.start() else {
            return Err(
                "your last hint or analysis is still being worked out: one at a time".to_owned(),
            );
        };
        Ok(Reply {
            tx: self.tx.clone(),
            pending,
            address: self.address,
        })
    }
}

/// An error message for the client.
fn error_message(text: String) -> Outgoing {
    Outgoing::message(&ServerMessage::error(text))
}

async fn connection(
    hub: Arc<Hub>,
    room: SharedRoom,
    socket: WebSocket,
    id: u64,
    address: std::net::IpAddr,
    player: Option<StoredPlayer>,
) {
    let (mut sink, mut stream) = socket.split();
    let (tx, mut rx) = mpsc::channel::<Outgoing>(QUEUE);
    let kick = Arc::new(Notify::new());
    let stalled = Arc::clone(&kick);
    // Set when the reader is done: the queue takes nothing more (so a hint or analysis
    // waiting to answer sees that nobody waits), and what it holds is still written.
    let ended = Arc::new(Notify::new());
    let reader_ended = Arc::clone(&ended);
    // When the writer last wrote a state to the socket (ms since 1970): a move's clock counts
    // the turn from when its state left the server.
    let written = Arc::new(std::sync::atomic::AtomicI64::new(0));
    let wrote = Arc::clone(&written);
    let writer = Hub::spawn(async move {
        // How long the closing handshake may take: a client that stopped reading gets none.
        let mut closing = WRITE_TIMEOUT;
        let mut open = true;
        loop {
            let out = if open {
                tokio::select! {
                    out = rx.recv() => out,
                    () = reader_ended.notified() => {
                        rx.close();
                        open = false;
                        continue;
                    }
                }
            } else {
                rx.recv().await
            };
            let Some(out) = out else {
                break;
            };
            let (message, state) = match out {
                Outgoing::State(text) => (Message::Text(text), true),
                Outgoing::Text(text) => (Message::Text(text), false),
                Outgoing::Ping => (Message::Ping(Vec::new().into()), false),
            };
            match tokio::time::timeout(WRITE_TIMEOUT, sink.send(message)).await {
                Ok(Ok(())) => {
                    if state {
                        wrote.store(crate::clock::now_ms(), std::sync::atomic::Ordering::Relaxed);
                    }
                }
                Ok(Err(_)) => break,
                Err(_) => {
                    tracing::info!(
                        "closed: a write waited {WRITE_TIMEOUT:?} for the client to read"
                    );
                    closing = std::time::Duration::ZERO;
                    break;
                }
            }
        }
        // The connection ends with its writer: nothing more can reach the client.
        stalled.notify_one();
        let _ = tokio::time::timeout(closing, sink.close()).await;
    });
    tracing::debug!("connected");
    let mut me = Connection {
        id,
        seats: None,
        token: None,
        tx,
        kick: Arc::clone(&kick),
        asking: Asking::default(),
        address,
        player,
        written,
    };
    let _counted = hub
        .metrics()
        .map(|m| m.opened(crate::metrics::Connection::WebSocket));
    let limits = hub.limits().clone();
    // A connection must join within its deadline, and then say something (a pong to the
    // server's pings will do) within every idle period, or it is closed as gone.
    let join_by = Instant::now() + limits.join_timeout;
    let mut pings = tokio::time::interval(limits.idle_timeout / 3);
    pings.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    pings.tick().await;
    let mut heard = Instant::now();
    let mut allowance = MessageBucket::new(limits.messages_per_second, heard);
    loop {
        let deadline = if me.seats.is_none() {
            join_by.min(heard + limits.idle_timeout)
        } else {
            heard + limits.idle_timeout
        };
        let message = tokio::select! {
            next = stream.next() => match next {
                Some(Ok(message)) => message,
                _ => break,
            },
            () = kick.notified() => break,
            _ = pings.tick() => {
                if me.tx.try_send(Outgoing::Ping).is_err() {
                    break;
                }
                continue;
            }
            () = tokio::time::sleep_until(deadline) => {
                let why = if me.seats.is_none() && Instant::now() >= join_by {
                    hub.refused(crate::metrics::Limit::JoinTimeout);
                    format!("closed: join the game within {} s", limits.join_timeout.as_secs_f64())
                } else {
                    format!("closed: nothing heard for {} s", limits.idle_timeout.as_secs_f64())
                };
                let _ = me.tx.try_send(error_message(why));
                break;
            }
        };
        heard = Instant::now();
        if !allowance.take(heard) {
            hub.refused(crate::metrics::Limit::MessagesPerSecond);
            let why = format!(
                "closed: more than {} messages a second",
                limits.messages_per_second
            );
            tracing::info!("{why}");
            // Behind the answers already queued (a second at most: the client may not read).
            let told = me.tx.send(error_message(why));
            let _ = tokio::time::timeout(std::time::Duration::from_secs(1), told).await;
            break;
        }
        let reply = match message {
            Message::Text(text) => handle(&hub, &room, &mut me, text.as_str()).await,
            Message::Binary(_) => {
                Err("binary messages are not understood; send JSON text".to_owned())
            }
            Message::Close(_) => break,
            Message::Ping(_) | Message::Pong(_) => Ok(()),
        };
        if let Err(message) = reply
            && me.tx.send(error_message(message)).await.is_err()
        {
            break;
        }
    }
    {
        let mut guard = lock(&room);
        if guard.unsubscribe(me.id) {
            guard.broadcast_presence();
        }
    }
    drop(me);
    ended.notify_one();
    let _ = writer.await;
    tracing::debug!("closed");
}

async fn handle(
    hub: &Arc<Hub>,
    room: &SharedRoom,
    me: &mut Connection,
    text: &str,
) -> Result<(), String> {
    // When the message arrived: a move's clock stops here, not when its turn to be handled
    // came.
    let arrived = crate::clock::now_ms();
    if text.len() > MAX_MESSAGE {
        return Err(format!(
            "message of {} bytes refused: the limit is {MAX_MESSAGE} bytes",
            text.len()
        ));
    }
    let message: ClientMessage =
        serde_json::from_str(text).map_err(|e| format!("malformed message: {e}"))?;
    if let ClientMessage::Join { token } = message {
        if me.seats.is_some() {
            return Err("already joined".to_owned());
        }
        // A page that comes from another node (its server restarting) may have been shown a
        // move this node has not heard of yet: never show it an older game.
        hub.catch_up(room).await;
        let (seats, rated) = {
            let guard = lock(room);
            let seats = match (&token, &me.player) {
                // A player opening a game without a link takes the seat they sit in (a game
                // started from the lobby has no links).
                (None, Some(player)) => guard.seats_of_player(&player.id),
                _ => guard.seats_of(token.as_deref())?,
            };
            // A seat of a game between people is its player's alone: a visitor without a
            // name holding its link does not play it.
            if me.player.is_none() && guard.mode().between_people() {
                let taken = seats
                    .iter()
                    .find_map(|&s| guard.seats().get(s).and_then(|seat| seat.player()));
                if let Some(sitting) = taken {
                    let name = crate::players::shown_name(&sitting.name, &sitting.id);
                    return Err(crate::error::HubError::SeatTaken(name).to_string());
                }
            }
            (seats, guard.mode() == crate::protocol::Mode::Rated)
        };
        match &me.player {
            Some(player) => hub
                .sit(room, &seats, player)
                .await
                .map_err(|e| e.to_string())?,
            None if rated && !seats.is_empty() => {
                return Err(crate::error::Refusal::RatedNeedsName.to_string());
            }
            None => {}
        }
        join(hub, room, me, token, seats)?;
        hub.settle(room);
        // A computer whose earlier attempt failed gets another chance when someone joins.
        hub.schedule_computer(room).await;
        return Ok(());
    }
    let Some(seats) = me.seats.as_deref() else {
        return Err("join the game first: {\"type\":\"join\",\"token\":…}".to_owned());
    };
    match message {
        ClientMessage::Join { .. } => Ok(()),
        ClientMessage::Move { notation, thought } => {
            let shown_at = me.written.load(std::sync::atomic::Ordering::Relaxed);
            let timing = crate::hub::command::Timing {
                arrived,
                shown_at: (shown_at > 0).then_some(shown_at),
                thought,
            };
            let began = Instant::now();
            let played = hub.play_seen(room, seats, &notation, timing).await;
            if let (Ok(()), Some(metrics)) = (&played, hub.metrics()) {
                metrics.move_broadcast(began.elapsed());
            }
            played
        }
        ClientMessage::Undo => hub.undo(room, seats).await,
        ClientMessage::Hint => hub.hint(room, seats, me.reply()?),
        ClientMessage::Resign => hub.resign(room, seats).await,
        ClientMessage::Look { at } => {
            hub.look(room, seats, at, &me.tx);
            Ok(())
        }
        ClientMessage::Analyse { at } => hub.analyse(room, at, me.reply()?),
        ClientMessage::Rematch => hub.rematch(room, seats, me.address).await,
        ClientMessage::OfferDraw => hub.offer_draw(room, seats).await,
        ClientMessage::Takeback => hub.ask_takeback(room, seats).await,
        ClientMessage::Answer { accept } => hub.answer(room, seats, accept, me.address).await,
        ClientMessage::Abort => hub.abort(room, seats).await,
        ClientMessage::Claim { draw } => hub.claim(room, seats, draw).await,
        ClientMessage::Ping => {
            let _ = me.tx.try_send(Outgoing::message(&ServerMessage::Pong));
            Ok(())
        }
    }
    .map_err(|e| e.to_string())
}

/// Joins the game with `token` (`None`: as a spectator): the welcome and the state, then every
/// change.
fn join(
    hub: &Hub,
    room: &SharedRoom,
    me: &mut Connection,
    token: Option<String>,
    seats: Vec<usize>,
) -> Result<(), String> {
    let mut guard = lock(room);
    // Kept to write this connection's link to a rematch (spectators need none).
    let token = token.filter(|_| !seats.is_empty());
    let most = hub.limits().spectators_per_game;
    if seats.is_empty() && guard.spectators() >= most {
        hub.refused(crate::metrics::Limit::SpectatorsPerGame);
        return Err(format!(
            "this game already has {most} spectators, as many as it takes"
        ));
    }
    let greeting = [
        guard.welcome(&seats),
        guard.state_with(&seats, token.as_deref()),
    ];
    for message in &greeting {
        me.tx
            .try_send(Outgoing::message(message))
            .map_err(|_| "connection too slow".to_owned())?;
    }
    guard.visited_from(me.address);
    let came = guard.subscribe(Subscriber {
        id: me.id,
        seats: seats.clone(),
        token: token.clone(),
        tx: me.tx.clone(),
        kick: Arc::clone(&me.kick),
    });
    if came {
        guard.broadcast_presence();
    }
    tracing::debug!(?seats, "joined");
    me.seats = Some(seats);
    me.token = token;
    Ok(())
}

/// The messages a connection may still send now: a token bucket of twice `per_second`,
/// refilled at `per_second` (0: no limit).
struct MessageBucket {
    per_second: f64,
    tokens: f64,
    at: Instant,
}

impl MessageBucket {
    fn new(per_second: u32, now: Instant) -> Self {
        let per_second = f64::from(per_second);
        MessageBucket {
            per_second,
            tokens: 2.0 * per_second,
            at: now,
        }
    }

    /// Takes a message's token; false when none is left.
    fn take(&mut self, now: Instant) -> bool {
        if self.per_second == 0.0 {
            return true;
        }
        let refill = now.saturating_duration_since(self.at).as_secs_f64() * self.per_second;
        self.tokens = (self.tokens + refill).min(2.0 * self.per_second);
        self.at = now;
        if self.tokens < 1.0 {
            return false;
        }
        self.tokens -= 1.0;
        true
    }
}
