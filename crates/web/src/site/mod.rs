//! The site channel: every page of a player with a name keeps one WebSocket open on
//! `/api/me/ws`, whatever it shows. Through it the player is told, on every page and in every
//! tab, what concerns them ([`SiteEvent`]): a challenge of theirs accepted (the game opens), a
//! rematch or another offer made to them, their turn in a correspondence game, a game of theirs
//! ended. While one is open the player is on the site: their real-time challenges stay in the
//! lobby (this node notes it every quarter of [`crate::limits::Limits::lobby_gone_after`]).
//!
//! An event is told by the node that makes the change, to its own channels at once and, on a
//! database that nodes share, to the others' through the database's notifications
//! ([`GameStore::tell_nodes`](crate::store::GameStore::tell_nodes)), so a player connected to
//! any node hears it. The channel itself, the WebSocket, is [`channel`].

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;

use crate::clock::{TimeControl, now_ms};
use crate::hub::{Hub, lock};
use crate::room::Room;
use crate::store::{Change, OfferKind};

pub mod channel;

/// What a player is told on every page of the site.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum SiteEvent {
    /// A challenge of theirs was accepted: its game started (the pages open it).
    Started {
        /// The game's id.
        game: String,
        /// The game's name (`Quantik`).
        name: String,
    },
    /// The other player of a game offers something: a rematch, a draw, a takeback.
    Offer {
        /// The game's id.
        game: String,
        /// What is offered.
        kind: OfferKind,
        /// Who offers it (`Ana#1f0c2b3d`), or the seat's name.
        from: String,
    },
    /// Their turn in a correspondence game.
    YourTurn {
        /// The game's id.
        game: String,
        /// The game's name.
        name: String,
    },
    /// A game of theirs ended.
    Ended {
        /// The game's id.
        game: String,
        /// The result in one sentence.
        text: String,
    },
}

/// What a change to a live game may tell its players, seen before it is made: an offer, an
/// end, a move of a correspondence game ([`Told::events`] once it is made).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Told {
    /// `seat` offered something.
    Offer(OfferKind, usize),
    /// The game ended.
    Ended,
    /// A move in a correspondence game.
    Moved,
}

impl Told {
    /// What `change` may tell; none for most changes (a move of a real-time game above all).
    pub(crate) fn of(change: &Change) -> Option<Told> {
        match change {
            Change::Offer { offer: Some(offer) } if !offer.declined => {
                Some(Told::Offer(offer.kind, offer.seat))
            }
            Change::Move { finished: true, .. } | Change::Resign { .. } | Change::End { .. } => {
                Some(Told::Ended)
            }
            Change::Move {
                clock: Some(timed), ..
            } if matches!(timed.clock.control, TimeControl::Correspondence { .. }) => {
                Some(Told::Moved)
            }
            _ => None,
        }
    }

    /// The events the change made to `room` tells, each with the player it is for: an offer
    /// to the other players, an end to every player, a correspondence move to the player to
    /// move. Only players with a name are told, in games between people.
    pub(crate) fn events(self, room: &Room) -> Vec<(String, SiteEvent)> {
        if !room.mode().between_people() {
            return Vec::new();
        }
        let game = room.id().to_owned();
        let players = room.seats().iter().map(|s| s.player());
        match self {
            Told::Offer(kind, seat) => {
                let from = room.seats().get(seat).and_then(|s| s.player()).map_or_else(
                    || format!("Player {}", seat + 1),
                    |p| crate::players::shown_name(&p.name, &p.id),
                );
                players
                    .enumerate()
                    .filter(|(s, _)| *s != seat)
                    .filter_map(|(_, p)| p)
                    .map(|p| {
                        let event = SiteEvent::Offer {
                            game: game.clone(),
                            kind,
                            from: from.clone(),
                        };
                        (p.id.clone(), event)
                    })
                    .collect()
            }
            Told::Ended => {
                let text = room
                    .outcome()
                    .map(|o| crate::protocol::Ending::from(&o).text)
                    .unwrap_or_default();
                players
                    .flatten()
                    .map(|p| {
                        let event = SiteEvent::Ended {
                            game: game.clone(),
                            text: text.clone(),
                        };
                        (p.id.clone(), event)
                    })
                    .collect()
            }
            Told::Moved => room
                .to_move()
                .and_then(|seat| room.seats().get(seat))
                .and_then(|s| s.player())
                .map(|p| {
                    let event = SiteEvent::YourTurn {
                        game,
                        name: room.game().info().name.to_owned(),
                    };
                    vec![(p.id.clone(), event)]
                })
                .unwrap_or_default(),
        }
    }
}

/// A player's site channels open on this node: each one's number, and where its events go.
type Channels = Vec<(u64, mpsc::Sender<String>)>;

/// Every site channel open on this node, by player.
#[derive(Default)]
pub struct Sites {
    open: Mutex<HashMap<String, Channels>>,
}

impl Sites {
    /// A channel of `player` opened, numbered `id`.
    pub(crate) fn add(&self, player: &str, id: u64, tx: mpsc::Sender<String>) {
        lock(&self.open)
            .entry(player.to_owned())
            .or_default()
            .push((id, tx));
    }

    /// Channel `id` of `player` closed.
    pub(crate) fn remove(&self, player: &str, id: u64) {
        let mut open = lock(&self.open);
        if let Some(list) = open.get_mut(player) {
            list.retain(|(i, _)| *i != id);
            if list.is_empty() {
                open.remove(player);
            }
        }
    }

    /// The players with a channel open on this node.
    pub fn here(&self) -> Vec<String> {
        lock(&self.open).keys().cloned().collect()
    }

    /// Sends `text` to every channel of `player` on this node; how many took it.
    pub fn tell(&self, player: &str, text: &str) -> usize {
        let open = lock(&self.open);
        open.get(player).map_or(0, |list| {
            list.iter()
                .filter(|(_, tx)| tx.try_send(text.to_owned()).is_ok())
                .count()
        })
    }
}

impl Hub {
    /// Tells `player` `event` on every page of theirs, on every node.
    pub fn tell(&self, player: &str, event: &SiteEvent) {
        let Ok(text) = serde_json::to_string(event) else {
            return;
        };
        self.sites().tell(player, &text);
        self.store().tell_nodes(player, &text);
    }

    /// Notes every quarter of [`crate::limits::Limits::lobby_gone_after`] that the players
    /// with a channel open here are on the site (their challenges stay), for as long as the hub
    /// lives or until the task is aborted.
    pub fn keep_challenges(self: &Arc<Self>) -> tokio::task::JoinHandle<()> {
        let hub = Arc::downgrade(self);
        let every = (self.limits().lobby_gone_after / 4).max(Duration::from_millis(10));
        tokio::spawn(async move {
            let mut ticks = tokio::time::interval(every);
            ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                ticks.tick().await;
                let Some(hub) = hub.upgrade() else {
                    return;
                };
                for player in hub.sites().here() {
                    let touched = hub.store().touch_challenges(player, now_ms());
                    if let Err(e) = hub.stored(touched).await {
                        tracing::warn!(error = %e, "cannot keep the challenges of players here");
                        break;
                    }
                }
            }
        })
    }
}
