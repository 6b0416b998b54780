//! New games: created from a request, or as the rematch of a finished game.

use std::sync::{Arc, Mutex};

use tabuleiro_ai::{Level, Seat, ladder_for};
use tabuleiro_core::{GameInfo, Options, Registry, SetupError};
use tabuleiro_games::REGISTRY;

use super::command::{Command, Decision};
use super::plan::plan;
use super::{Hub, SharedRoom, lock, store_error};
use crate::error::{HubError, Refusal};
use crate::protocol::{CreateRequest, Created, Mode, SeatLink};
use crate::room::Room;
use crate::store::{Change, SeatPlayer, StoredGame, StoredPlayer, StoredSeat};
use crate::token::{hash_token, new_token};

impl Hub {
    /// Creates a game: checks the request, builds the game (off the async runtime, as
    /// computer players may load tables), stores it, and returns its links. A rated game is
    /// made by a player (`creator`) who invites the others by id: every seat is bound to its
    /// player from the start, so a link can seat nobody else.
    ///
    /// # Errors
    /// A message saying what is wrong with the request, or a storage failure.
    pub async fn create(
        self: &Arc<Self>,
        request: CreateRequest,
        creator: Option<StoredPlayer>,
    ) -> Result<Created, HubError> {
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
                let asked = request.level.as_deref().unwrap_or("medium");
                let (level, name) = offered_level(info, asked)?;
                (0..players)
                    .map(|s| {
                        if s == seat {
                            (Seat::Human, "human".to_owned())
                        } else {
                            (Seat::Computer(level), name.to_owned())
                        }
                    })
                    .collect()
            }
            Mode::Hotseat | Mode::Online | Mode::Casual | Mode::Rated => {
                vec![(Seat::Human, "human".to_owned()); players]
            }
        };
        let random = |e: getrandom::Error| HubError::Random(e.to_string());
        let shared = new_token().map_err(random)?;
        let mut tokens: Vec<Option<String>> = Vec::with_capacity(players);
        for (seat, _) in &plans {
            tokens.push(match (seat, request.mode) {
                (Seat::Computer(_), _) => None,
                (Seat::Human, Mode::Online | Mode::Casual | Mode::Rated) => {
                    Some(new_token().map_err(random)?)
                }
                (Seat::Human, Mode::Computer | Mode::Hotseat) => Some(shared.clone()),
            });
        }
        let hashes: Vec<Option<String>> = tokens
            .iter()
            .map(|t| t.as_deref().map(hash_token))
            .collect();
        let control = match request.clock {
            None => None,
            Some(_) if !request.mode.between_people() => {
                return Err(HubError::Clock(
                    "clocks are for games between people (online, casual or rated)".to_owned(),
                ));
            }
            Some(asked) => Some(asked.check().map_err(HubError::Clock)?),
        };
        let bound = if request.mode == Mode::Rated {
            self.rated_seats(&request, creator, players, info.id)
                .await?
        } else {
            Vec::new()
        };
        let mut planned = plan(info, options, request.mode, &plans, &hashes, control).await?;
        for (seat, player) in planned.stored.seats.iter_mut().zip(bound) {
            if let StoredSeat::Human {
                player: sitting, ..
            } = seat
            {
                *sitting = Some(player);
            }
        }
        let (stored, room) = planned.room();
        let id = stored.id.clone();
        self.stored(self.store.create(stored))
            .await
            .map_err(|e| store_error("the game", e))?;
        let room = self.keep(room);
        self.schedule_computer(&room).await;
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

    /// The players of a rated game made by links, seat by seat: its creator in the seat they
    /// asked for, the players they invite in the others, in order.
    async fn rated_seats(
        &self,
        request: &CreateRequest,
        creator: Option<StoredPlayer>,
        players: usize,
        game: &str,
    ) -> Result<Vec<SeatPlayer>, HubError> {
        let creator = creator.ok_or(Refusal::RatedCreatorNeedsName)?;
        let seat = request.seat.unwrap_or(0);
        if seat >= players {
            return Err(HubError::NoSeat {
                seat: seat + 1,
                players,
            });
        }
        if request.invite.len() + 1 != players {
            return Err(Refusal::RatedNeedsInvite.into());
        }
        let mut invited = request.invite.iter();
        let mut bound: Vec<SeatPlayer> = Vec::with_capacity(players);
        for s in 0..players {
            let player = if s == seat {
                creator.clone()
            } else {
                let id = invited.next().map_or("", |id| id.trim());
                let found = self
                    .stored(self.store.load_player(id.to_owned()))
                    .await
                    .map_err(|e| store_error("the invited player", e))?;
                match found {
                    Some(player)
                        if bound.iter().all(|b| b.id != player.id) && player.id != creator.id =>
                    {
                        player
                    }
                    _ => return Err(HubError::NoSuchInvitee(id.chars().take(40).collect())),
                }
            };
            bound.push(self.seat_player(&player, game).await?);
        }
        let ids: Vec<String> = bound.iter().map(|p| p.id.clone()).collect();
        self.check_established(&ids).await?;
        Ok(bound)
    }

    /// Whether players `ids` may fill a rated table together: a table of more than two needs
    /// one of them with [`crate::ratings::ESTABLISHED_GAMES`] finished rated games (names made
    /// for the occasion cannot fill it together).
    ///
    /// # Errors
    /// A table of newcomers only, or the store failing.
    pub async fn check_established(&self, ids: &[String]) -> Result<(), HubError> {
        if ids.len() <= 2 {
            return Ok(());
        }
        for id in ids {
            let ratings = self
                .stored(self.store.player_ratings(id.clone()))
                .await
                .map_err(|e| store_error("the players' ratings", e))?;
            let games: u32 = ratings.iter().map(|r| r.games).sum();
            if games >= crate::ratings::ESTABLISHED_GAMES {
                return Ok(());
            }
        }
        Err(Refusal::RatedNewcomers.into())
    }

    /// Puts a new room among the games in memory.
    fn keep(&self, mut room: Room) -> SharedRoom {
        if self.queued {
            // Players may be connected to other nodes: each node tells the others who is here.
            room.share_presence(self.presence_out());
        }
        let id = room.id().to_owned();
        let room = Arc::new(Mutex::new(room));
        lock(&self.rooms).insert(id, Arc::clone(&room));
        room
    }

    /// Creates, once, a new game with this finished game's settings (the same options, a
    /// board settled by chance included) and its seats turned by one: seat 1's player plays
    /// seat 2, and so on (two players swap). Each player keeps their token: the rematch's
    /// seat stores the hash of the same token, so every connection's link to it is written
    /// from the token it joined with, on whichever node it is. The rematch is stored with
    /// this game's new revision in one transaction: two players asking at once, on one node
    /// or two, create one rematch. Everyone watching is sent their new link.
    ///
    /// Between two people a rematch is an offer: the first to ask offers it
    /// ([`Command::OfferRematch`]), and the other accepts it by asking too (or answering yes);
    /// the players sit in it with their ratings as they are now.
    ///
    /// # Errors
    /// A game still being played, a connection that plays no seat, a rematch offered too soon
    /// after the other player declined one, or a storage failure.
    pub async fn rematch(
        self: &Arc<Self>,
        room: &SharedRoom,
        seats: &[usize],
        address: std::net::IpAddr,
    ) -> Result<(), HubError> {
        if seats.is_empty() {
            return Err(Refusal::SpectatorRematch.into());
        }
        // Twice at most: an offer that finds the other player's offer stored first (on this
        // node or another) is an acceptance.
        for _ in 0..2 {
            let offered = {
                let guard = lock(room);
                guard.over()
                    && guard.rematch().is_none()
                    && guard.mode().between_people()
                    && guard.seats().len() == 2
                    && !guard.open_offer().is_some_and(|o| {
                        o.kind == crate::store::OfferKind::Rematch && !seats.contains(&o.seat)
                    })
            };
            if !offered {
                return self.make_rematch(room, address).await;
            }
            match self.transact(room, Command::OfferRematch { seats }).await {
                Err(HubError::Refused(Refusal::ChangedElsewhere)) => {}
                done => return done.map(drop),
            }
        }
        Err(Refusal::ChangedElsewhere.into())
    }

    /// The rematch made: [`Hub::rematch`] once asked for by every player it needs.
    async fn make_rematch(
        self: &Arc<Self>,
        room: &SharedRoom,
        address: std::net::IpAddr,
    ) -> Result<(), HubError> {
        // Planned before the game's order is taken: a finished game changes only by its
        // rematch, which the command checks again.
        let (info, record, old_seats, mode, control) = {
            let guard = lock(room);
            if !guard.over() {
                return Err(Refusal::RematchNotOver.into());
            }
            if guard.rematch().is_some() {
                return Ok(());
            }
            // A rematch is a new game: counted against the creations of the asking address.
            self.allow_creation(address)?;
            (
                guard.game().info(),
                guard.game().record(),
                guard.seats().to_vec(),
                guard.mode(),
                guard.clock().map(|c| c.control),
            )
        };
        let players = old_seats.len();
        let mut plans = Vec::with_capacity(players);
        let mut hashes = Vec::with_capacity(players);
        let mut sitting = Vec::with_capacity(players);
        for new_seat in 0..players {
            let old = &old_seats[(new_seat + players - 1) % players];
            sitting.push(old.player().cloned());
            match old {
                StoredSeat::Human { token_hash, .. } => {
                    plans.push((Seat::Human, "human".to_owned()));
                    hashes.push(Some(token_hash.clone()));
                }
                StoredSeat::Computer { level } => {
                    let (level, name) = offered_level(info, level)?;
                    plans.push((Seat::Computer(level), name.to_owned()));
                    hashes.push(None);
                }
            }
        }
        let options = Options::new(
            info,
            record.options.iter().map(|(k, v)| (k.as_str(), v.as_str())),
        )?;
        // Each player keeps their seat's player too: they sit in the rematch at once, shown
        // with their rating as it is now (the first game may have changed it).
        for player in sitting.iter_mut().flatten() {
            if player.rating.is_some() {
                player.rating = Some(self.current_rating(&player.id, info.id).await?);
            }
        }
        let mut planned = plan(info, options, mode, &plans, &hashes, control).await?;
        for (seat, player) in planned.stored.seats.iter_mut().zip(sitting) {
            if let StoredSeat::Human { player: new, .. } = seat {
                *new = player;
            }
        }
        let (stored, fresh) = planned.room();
        let command = Command::Rematch {
            game: Box::new(stored),
        };
        match self.transact(room, command).await {
            Ok(true) => {
                let fresh = self.keep(fresh);
                self.schedule_computer(&fresh).await;
                Ok(())
            }
            // Another player's rematch (maybe on another node) was stored first: the room
            // shows it.
            Ok(false) | Err(HubError::Refused(Refusal::ChangedElsewhere)) => Ok(()),
            Err(e) => Err(e),
        }
    }
}

/// A rematch planned as `game`, decided against the room: none when the game has one
/// already (another player's, maybe from another node).
pub(crate) fn decide_rematch(room: &Room, game: &StoredGame) -> Result<Option<Decision>, HubError> {
    if !room.over() {
        return Err(Refusal::RematchNotOver.into());
    }
    if room.rematch().is_some() {
        return Ok(None);
    }
    let change = Change::Rematch {
        game: Box::new(game.clone()),
    };
    Ok(Some(Decision::new("the rematch", change)))
}

pub use crate::error::unknown_game;

/// The level of ladder name `name` (`easy`, `hard`, …; matched after trimming, whatever its
/// case) for game `info`, with the ladder's own spelling of the name, which is what is
/// stored and shown. The web plays the ladder only (with `perfect` where the game is solved
/// here): every level on it thinks for a bounded time, so no request can start a search
/// without end.
pub(crate) fn offered_level(
    info: &GameInfo,
    name: &str,
) -> Result<(Level, &'static str), HubError> {
    let ladder = REGISTRY.engine(info.id).map(ladder_for).unwrap_or_default();
    let found = ladder
        .iter()
        .find(|n| n.name.eq_ignore_ascii_case(name.trim()));
    match found {
        Some(named) => Ok((named.level.parse()?, named.name)),
        None => Err(HubError::NotOffered {
            given: name.to_owned(),
            game: info.name,
            offered: ladder.iter().map(|n| n.name).collect::<Vec<_>>().join(", "),
        }),
    }
}

impl Hub {
    /// The challenge asked for, checked as a game's creation checks it (its game, number of
    /// players, options and clock, and that a game starts from them), with no id and nobody
    /// seated yet.
    ///
    /// # Errors
    /// What is wrong with it.
    pub async fn check_challenge(
        &self,
        asked: &crate::protocol::ChallengeRequest,
    ) -> Result<crate::store::Challenge, HubError> {
        let info = REGISTRY
            .games()
            .iter()
            .find(|g| g.id.eq_ignore_ascii_case(asked.game.trim()))
            .ok_or_else(|| unknown_game(&asked.game))?;
        let players = asked.players.unwrap_or(info.min_players);
        SetupError::check_players(info, players)?;
        let options = Options::new(
            info,
            asked.options.iter().map(|(k, v)| (k.as_str(), v.as_str())),
        )?;
        let clock = asked
            .clock
            .map(|c| c.check().map_err(HubError::Clock))
            .transpose()?;
        if asked.bots && clock.is_none() {
            return Err(Refusal::BotsNeedClock.into());
        }
        // The game it would start, built and dropped: options that pass one by one but make
        // no game (a board that cannot be read) are refused now, not when it is accepted.
        let seats = vec![(Seat::Human, "human".to_owned()); players];
        let hashes = vec![None; players];
        plan(info, options.clone(), Mode::Online, &seats, &hashes, clock).await?;
        Ok(crate::store::Challenge {
            id: String::new(),
            game: info.id.to_owned(),
            players,
            options: super::plan::stored_options(&options),
            rated: asked.rated,
            bots: asked.bots,
            clock,
            seated: Vec::new(),
            game_id: None,
            revision: 0,
            network: String::new(),
        })
    }

    /// The game of a challenge every seat of which is taken, not yet stored: each seat bound
    /// to its player (opened by the player's session, with no link: its token is random and
    /// told to nobody), who plays first drawn.
    ///
    /// # Errors
    /// A challenge that no longer makes a game, or the random source failing.
    pub async fn plan_challenge(
        &self,
        challenge: &crate::store::Challenge,
    ) -> Result<(StoredGame, Room), HubError> {
        let info = REGISTRY
            .games()
            .iter()
            .find(|g| g.id == challenge.game)
            .ok_or_else(|| unknown_game(&challenge.game))?;
        let options = Options::new(
            info,
            challenge
                .options
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str())),
        )?;
        let random = |e: getrandom::Error| HubError::Random(e.to_string());
        let mut players = challenge.seated.clone();
        let draw = tabuleiro_core::fresh_seed().map_err(|e| HubError::Random(e.to_string()))?;
        let turn = usize::try_from(draw % players.len() as u64).unwrap_or(0);
        players.rotate_left(turn);
        let plans = vec![(Seat::Human, "human".to_owned()); players.len()];
        let mut hashes = Vec::with_capacity(players.len());
        for _ in &players {
            hashes.push(Some(hash_token(&new_token().map_err(random)?)));
        }
        let mode = challenge.mode();
        let mut planned = plan(info, options, mode, &plans, &hashes, challenge.clock).await?;
        for (seat, player) in planned.stored.seats.iter_mut().zip(&players) {
            if let StoredSeat::Human {
                player: sitting, ..
            } = seat
            {
                *sitting = Some(player.clone());
            }
        }
        Ok(planned.room())
    }

    /// Puts a room whose game was just stored among the games in memory.
    pub fn keep_room(&self, room: Room) {
        self.keep(room);
    }

    /// The games between people not over on this node, every seat taken, the most watched
    /// first (at most [`crate::store::PLAYING_SHOWN`]), the first
    /// [`crate::store::PLAYING_PICTURED`] with their position as a spectator sees it.
    pub fn playing(&self) -> Vec<crate::store::Playing> {
        let rooms: Vec<SharedRoom> = lock(&self.rooms).values().cloned().collect();
        let mut playing = Vec::new();
        for room in &rooms {
            let guard = lock(room);
            if guard.mode().between_people()
                && !guard.over()
                && guard.seats().iter().all(|s| s.player().is_some())
            {
                playing.push(crate::store::Playing {
                    id: guard.id().to_owned(),
                    game: guard.game().info().id.to_owned(),
                    seats: guard.seat_infos(),
                    spectators: guard.spectators(),
                    clock: guard
                        .clock()
                        .map_or_else(|| "none".to_owned(), |c| c.control.label()),
                    picture: None,
                });
            }
        }
        crate::store::most_watched(&mut playing);
        for shown in playing.iter_mut().take(crate::store::PLAYING_PICTURED) {
            let room = rooms.iter().find(|r| lock(r).id() == shown.id);
            if let Some(room) = room {
                let guard = lock(room);
                shown.picture = Some(guard.game().picture_at(None, guard.game().ply()));
            }
        }
        playing
    }

    /// This node's name among the nodes of a shared database.
    pub fn node(&self) -> &str {
        &self.node
    }
}
