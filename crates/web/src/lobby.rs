//! The lobby: open challenges, live, and the games being played now.
//!
//! A player with a name posts a challenge (game, number of players, options, time control,
//! rated or casual, whether bots are welcome); other players accept it seat by seat, and the one who takes the last seat
//! starts the game: it is stored in the same transaction as that last seat, each seat bound
//! to its player (who opens it from any of their browsers, without a link: a player's
//! connection without a token takes the seat they sit in). Who plays first is drawn. Pages
//! ask for the lobby every [`POLL`] (any node answers from the database). A real-time
//! challenge lives with its poster: while any page of the site is open for them (a lobby page
//! asking, or any page's site channel, [`crate::site`]) it stays; one whose poster has had no
//! page open for [`GONE_AFTER`] (a server's
//! [`crate::limits::Limits::lobby_gone_after`]) has left the lobby, as one its creator
//! cancels, and can no longer be accepted. A correspondence challenge stays until it is taken or cancelled. When
//! the last seat is taken, the other players are told on every page of theirs, and the game
//! opens there ([`crate::site::SiteEvent::Started`]).
//!
//! The lobby is fair: it lists the newest open challenges first; a player may have
//! [`OPEN_PER_PLAYER`] challenges open at once and a client network (an IPv4 address, an IPv6
//! /64) [`OPEN_PER_NETWORK`] (`serve --challenges-per-network`), so that one client cannot fill
//! the list; and a challenge's options
//! are checked when it is posted as a game's are when it is created (a challenge that could
//! never start is refused at once).
//!
//! The games being played now are known by the nodes that serve them (with their spectators):
//! every node writes its list to the database every [`SHARE_EVERY`] ([`share_playing`]), and
//! the lobby shows its own node's list, fresh, with the other nodes' (a game watched through
//! several nodes counts the spectators of all of them).

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::answers::{error, json_body};
use crate::clock::now_ms;
use crate::hub::Hub;
use crate::me::{signed_in, unavailable};
use crate::players::tag;

pub use crate::protocol::ChallengeRequest;
pub use crate::store::{Challenge, PLAYING_PICTURED, PLAYING_SHOWN, Playing, most_watched};

/// The most challenges one player may have open at once.
pub const OPEN_PER_PLAYER: usize = 3;

pub use crate::limits::OPEN_PER_NETWORK;

/// How often a lobby page asks again.
pub const POLL: Duration = Duration::from_millis(1500);

pub use crate::limits::GONE_AFTER;

/// When a real-time challenge's poster must have been seen since, at `now` (ms since 1970), for
/// it to be in the lobby ([`crate::limits::Limits::lobby_gone_after`]).
fn seen_since(hub: &Hub, now: i64) -> i64 {
    now - i64::try_from(hub.limits().lobby_gone_after.as_millis()).unwrap_or(i64::MAX)
}

/// When a correspondence challenge was last seen, as stored: never too long ago.
const STAYS: i64 = i64::MAX / 2;

/// How often a node writes the games it serves to the database, for the other nodes' lobbies.
pub const SHARE_EVERY: Duration = Duration::from_secs(2);

/// A node's list is shown for this long after it was written (a node that stopped drops out).
pub const SHARED_FOR: Duration = Duration::from_secs(10);

/// This node's games being played with those other nodes wrote (`shared`: each with the node
/// that wrote it): one entry a game, spectators added up over the nodes.
pub fn merged(local: Vec<Playing>, shared: Vec<(String, Playing)>, node: &str) -> Vec<Playing> {
    let mut by_id: BTreeMap<String, Playing> =
        local.into_iter().map(|p| (p.id.clone(), p)).collect();
    for (from, game) in shared {
        if from == node {
            continue;
        }
        match by_id.get_mut(&game.id) {
            Some(known) => known.spectators += game.spectators,
            None => {
                by_id.insert(game.id.clone(), game);
            }
        }
    }
    let mut all: Vec<Playing> = by_id.into_values().collect();
    most_watched(&mut all);
    all
}

/// Writes the games this node serves to the database every [`SHARE_EVERY`], for as long as
/// the hub lives or until the task is aborted (an empty list is written once, not again and
/// again).
pub fn share_playing(hub: &Arc<Hub>) -> tokio::task::JoinHandle<()> {
    let hub = Arc::downgrade(hub);
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(SHARE_EVERY);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut wrote_none = false;
        loop {
            ticks.tick().await;
            let Some(hub) = hub.upgrade() else {
                return;
            };
            let playing = hub.playing();
            if playing.is_empty() && wrote_none {
                continue;
            }
            let now = now_ms();
            let forget = now - 3 * i64::try_from(SHARED_FOR.as_millis()).unwrap_or(i64::MAX);
            let node = hub.node().to_owned();
            let empty = playing.is_empty();
            match hub
                .stored(hub.store().share_playing(node, playing, now, forget))
                .await
            {
                Ok(()) => wrote_none = empty,
                Err(e) => tracing::warn!(error = %e, "cannot share the games being played"),
            }
        }
    })
}

/// Each game's name by its id.
fn names_of_games() -> BTreeMap<&'static str, &'static str> {
    tabuleiro_core::Registry::games(&tabuleiro_games::REGISTRY)
        .iter()
        .map(|g| (g.id, g.name))
        .collect()
}

/// A challenge as the lobby shows it.
fn shown(c: &Challenge, names: &BTreeMap<&str, &str>) -> serde_json::Value {
    json!({
        "id": c.id,
        "game": c.game,
        "name": names.get(c.game.as_str()).copied().unwrap_or(c.game.as_str()),
        "players": c.players,
        "options": c.options,
        "rated": c.rated,
        "bots": c.bots,
        "from_bot": c.seated.first().is_some_and(|p| p.bot),
        "clock": c.clock.map_or_else(|| "none".to_owned(), |t| t.label()),
        "seated": c.seated.iter().map(|p| json!({
            "id": p.id,
            "name": p.name,
            "tag": tag(&p.id),
            "rating": p.rating,
            "bot": p.bot,
        })).collect::<Vec<_>>(),
        "game_id": c.game_id,
    })
}

/// `GET /api/lobby`: the open challenges (and this browser's player's own, started or not,
/// which keeps them open) and the games being played now on every node, with their
/// spectators.
pub async fn lobby(State(hub): State<Arc<Hub>>, request: HeaderMap) -> Response {
    let me = crate::me::current(&hub, &request).await.ok().flatten();
    let now = now_ms();
    if let Some(me) = &me
        && let Err(e) = hub
            .stored(hub.store().touch_challenges(me.id.clone(), now))
            .await
    {
        return unavailable(e);
    }
    let since = seen_since(&hub, now);
    let challenges = match hub
        .stored(
            hub.store()
                .challenges(since, me.as_ref().map(|p| p.id.clone())),
        )
        .await
    {
        Ok(c) => c,
        Err(e) => return unavailable(e),
    };
    let names = names_of_games();
    let fresh = now - i64::try_from(SHARED_FOR.as_millis()).unwrap_or(i64::MAX);
    let shared = match hub.stored(hub.store().playing(fresh)).await {
        Ok(shared) => shared,
        Err(e) => return unavailable(e),
    };
    let playing: Vec<serde_json::Value> = merged(hub.playing(), shared, hub.node())
        .into_iter()
        .enumerate()
        .map(|(k, p)| {
            json!({
                "name": names.get(p.game.as_str()).copied().unwrap_or(p.game.as_str()),
                "id": p.id,
                "game": p.game,
                "seats": p.seats,
                "spectators": p.spectators,
                "clock": p.clock,
                // The most watched as small live boards.
                "picture": if k < PLAYING_PICTURED { p.picture } else { None },
            })
        })
        .collect();
    axum::Json(json!({
        "challenges": challenges.iter().map(|c| shown(c, &names)).collect::<Vec<_>>(),
        "playing": playing,
        "poll_ms": POLL.as_millis(),
    }))
    .into_response()
}

/// `POST /api/lobby`: posts a challenge for this browser's player (rate-limited like games).
pub async fn post(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let asked: ChallengeRequest = match json_body(&hub, &headers, body, "a challenge").await {
        Ok(r) => r,
        Err(refused) => return refused,
    };
    let player = match signed_in(&hub, &headers).await {
        Ok(p) => p,
        Err(refused) => return refused,
    };
    if let Err(e) = hub.allow_creation(client.ip()) {
        return error(e.status(), e.to_string());
    }
    let mut challenge = match hub.check_challenge(&asked).await {
        Ok(c) => c,
        Err(e) => return error(e.status(), e.to_string()),
    };
    let network = crate::limits::network_of(client.ip()).to_string();
    let since = seen_since(&hub, now_ms());
    let open = match hub
        .stored(hub.store().challenges(since, Some(player.id.clone())))
        .await
    {
        Ok(open) => open,
        Err(e) => return unavailable(e),
    };
    let open = open.iter().filter(|c| c.game_id.is_none());
    let (mine, ours) = open.fold((0, 0), |(mine, ours), c| {
        (
            mine + usize::from(c.creator() == player.id),
            ours + usize::from(c.network == network),
        )
    });
    if mine >= OPEN_PER_PLAYER {
        return error(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "you have {OPEN_PER_PLAYER} challenges open already: cancel one, or wait for \
                 them to be taken"
            ),
        );
    }
    let cap = hub.limits().challenges_per_network;
    if cap > 0 && ours >= cap {
        hub.refused(crate::metrics::Limit::ChallengesPerNetwork);
        return error(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "{cap} challenges are open from your network already: wait for them to be taken"
            ),
        );
    }
    challenge.network = network;
    let seat = match hub.seat_player(&player, &challenge.game).await {
        Ok(s) => s,
        Err(e) => return error(e.status(), e.to_string()),
    };
    let Ok(id) = crate::token::new_game_id() else {
        return error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the system's random source failed",
        );
    };
    challenge.id.clone_from(&id);
    challenge.seated.push(seat);
    let by_post = matches!(
        challenge.clock,
        Some(crate::clock::TimeControl::Correspondence { .. })
    );
    let seen = if by_post { STAYS } else { now_ms() };
    match hub
        .stored(hub.store().put_challenge(challenge, None, None, seen))
        .await
    {
        Ok(true) => (StatusCode::CREATED, axum::Json(json!({ "id": id }))).into_response(),
        Ok(false) => error(StatusCode::CONFLICT, "the challenge could not be posted"),
        Err(e) => unavailable(e),
    }
}

/// `POST /api/lobby/{id}/accept`: takes a seat of the challenge for this browser's player;
/// the last seat starts the game (`{"game": id}`).
pub async fn accept(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let player = match signed_in(&hub, &headers).await {
        Ok(p) => p,
        Err(refused) => return refused,
    };
    let network = crate::limits::network_of(client.ip()).to_string();
    // A seat taken by someone else meanwhile: look again, a few times.
    for _ in 0..5 {
        // Only a challenge still in the lobby (its creator's page still there).
        let since = seen_since(&hub, now_ms());
        let challenge = match hub
            .stored(hub.store().challenge(id.clone(), Some(since)))
            .await
        {
            Ok(Some(c)) => c,
            Ok(None) => {
                return error(
                    StatusCode::NOT_FOUND,
                    "this challenge is gone: its creator left the lobby or cancelled it",
                );
            }
            Err(e) => return unavailable(e),
        };
        if challenge.game_id.is_some() {
            return error(
                StatusCode::CONFLICT,
                "this challenge was taken: its game has started",
            );
        }
        if challenge.seated.iter().any(|p| p.id == player.id) {
            return error(StatusCode::CONFLICT, "you already sit at this challenge");
        }
        if player.bot && !challenge.bots {
            return error(
                StatusCode::FORBIDDEN,
                "this challenge is for people: its creator did not welcome bots",
            );
        }
        // Two names of one person on one network would farm each other's ratings.
        if challenge.rated && challenge.network == network && !hub.limits().rated_within_network {
            hub.refused(crate::metrics::Limit::RatedWithinNetwork);
            return error(
                StatusCode::FORBIDDEN,
                "a rated challenge is for players of other networks: this one was posted from \
                 yours (play it casual)",
            );
        }
        let seat = match hub.seat_player(&player, &challenge.game).await {
            Ok(s) => s,
            Err(e) => return error(e.status(), e.to_string()),
        };
        let mut taken = challenge.clone();
        taken.seated.push(seat);
        if taken.rated && taken.seated.len() == taken.players {
            let ids: Vec<String> = taken.seated.iter().map(|p| p.id.clone()).collect();
            if let Err(e) = hub.check_established(&ids).await {
                return error(e.status(), e.to_string());
            }
        }
        let (game, room) = if taken.seated.len() == taken.players {
            match hub.plan_challenge(&taken).await {
                Ok((stored, room)) => {
                    taken.game_id = Some(stored.id.clone());
                    (Some(stored), Some(room))
                }
                Err(e) => return error(e.status(), e.to_string()),
            }
        } else {
            (None, None)
        };
        let put =
            hub.store()
                .put_challenge(taken.clone(), Some(challenge.revision), game, now_ms());
        match hub.stored(put).await {
            Ok(true) => {
                if let Some(room) = room {
                    hub.keep_room(room);
                }
                if let Some(game) = &taken.game_id {
                    // The other players learn it on whatever page of the site they are.
                    let name = names_of_games()
                        .get(taken.game.as_str())
                        .copied()
                        .unwrap_or(taken.game.as_str())
                        .to_owned();
                    let started = crate::site::SiteEvent::Started {
                        game: game.clone(),
                        name,
                    };
                    for seated in taken.seated.iter().filter(|p| p.id != player.id) {
                        hub.tell(&seated.id, &started);
                    }
                }
                return axum::Json(json!({ "game": taken.game_id })).into_response();
            }
            Ok(false) => {}
            Err(e) => return unavailable(e),
        }
    }
    error(StatusCode::CONFLICT, "too many players at once: try again")
}

/// `GET /api/lobby/{id}`: one challenge, open or started (a page that took a seat learns
/// here when the game starts).
pub async fn one(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    match hub.stored(hub.store().challenge(id, None)).await {
        Ok(Some(c)) => {
            let names = names_of_games();
            axum::Json(shown(&c, &names)).into_response()
        }
        Ok(None) => error(StatusCode::NOT_FOUND, "this challenge is gone"),
        Err(e) => unavailable(e),
    }
}

/// `DELETE /api/lobby/{id}`: the creator cancels their challenge.
pub async fn cancel(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let player = match signed_in(&hub, &headers).await {
        Ok(p) => p,
        Err(refused) => return refused,
    };
    match hub
        .stored(hub.store().remove_challenge(id, player.id))
        .await
    {
        Ok(true) => axum::Json(json!({ "cancelled": true })).into_response(),
        Ok(false) => error(
            StatusCode::NOT_FOUND,
            "no open challenge of yours with this id",
        ),
        Err(e) => unavailable(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(id: &str, spectators: usize) -> Playing {
        Playing {
            id: id.to_owned(),
            game: "quantik".to_owned(),
            seats: Vec::new(),
            spectators,
            clock: "3+2".to_owned(),
            picture: None,
        }
    }

    #[test]
    fn the_games_of_every_node_are_merged_with_their_spectators_added_up() {
        let local = vec![game("g1", 1), game("g2", 0)];
        let shared = vec![
            // This node's own list as it wrote it a moment ago: already counted.
            ("me".to_owned(), game("g1", 7)),
            ("other".to_owned(), game("g1", 2)),
            ("other".to_owned(), game("g3", 5)),
            ("third".to_owned(), game("g2", 1)),
        ];
        let all = merged(local, shared, "me");
        let shown: Vec<(&str, usize)> = all.iter().map(|p| (p.id.as_str(), p.spectators)).collect();
        assert_eq!(shown, vec![("g3", 5), ("g1", 3), ("g2", 1)]);
    }

    #[test]
    fn at_most_so_many_games_are_shown() {
        let shared = (0..PLAYING_SHOWN + 10)
            .map(|i| ("other".to_owned(), game(&format!("g{i:03}"), i)))
            .collect();
        let all = merged(Vec::new(), shared, "me");
        assert_eq!(all.len(), PLAYING_SHOWN);
        assert_eq!(
            all[0].spectators,
            PLAYING_SHOWN + 9,
            "the most watched first"
        );
    }
}
