//! The lobby: open challenges, live, and the games being played now.
//!
//! A player with a name posts a challenge (game, number of players, options, time control,
//! rated or casual); other players accept it seat by seat, and the one who takes the last seat
//! starts the game: it is stored in the same transaction as that last seat, each seat bound
//! to its player (who opens it from any of their browsers, without a link: a player's
//! connection without a token takes the seat they sit in). Who plays first is drawn. Pages
//! ask for the lobby every [`POLL`] (any node answers from the database), and a creator's page
//! asking keeps their challenges open: a challenge whose creator has not asked for
//! [`GONE_AFTER`] has left the lobby, as one its creator cancels.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{ConnectInfo, Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::clock::{AskedControl, TimeControl, now_ms};
use crate::http::{error, json_body};
use crate::hub::Hub;
use crate::me::{signed_in, unavailable};
use crate::players::tag;
use crate::protocol::Mode;
use crate::store::{SeatPlayer, ShownRating, StoredPlayer};

/// How often a lobby page asks again.
pub const POLL: Duration = Duration::from_millis(1500);

/// A challenge whose creator's page has not asked for this long is gone.
pub const GONE_AFTER: Duration = Duration::from_secs(10);

/// A challenge as stored.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Challenge {
    /// Public id.
    pub id: String,
    /// Game id (`quantik`).
    pub game: String,
    /// Number of seats.
    pub players: usize,
    /// Option values by name.
    pub options: BTreeMap<String, String>,
    /// Rated, or casual (`online`: between people, no hints, no rating).
    pub rated: bool,
    /// The time control, if any.
    pub clock: Option<TimeControl>,
    /// The players who took a seat so far, the creator first.
    pub seated: Vec<SeatPlayer>,
    /// The game, once every seat is taken.
    pub game_id: Option<String>,
    /// Raised by every change: a seat is taken only if nobody took one meanwhile.
    pub revision: u64,
}

impl Challenge {
    /// The creator's id.
    pub fn creator(&self) -> &str {
        self.seated.first().map_or("", |p| p.id.as_str())
    }
}

/// `POST /api/lobby`: a new challenge.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChallengeRequest {
    /// Game id.
    pub game: String,
    /// Number of seats (default: the game's fewest).
    #[serde(default)]
    pub players: Option<usize>,
    /// Option values by name.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// Rated (default) or casual.
    #[serde(default = "yes")]
    pub rated: bool,
    /// The time control (none: no clock).
    #[serde(default)]
    pub clock: Option<AskedControl>,
}

fn yes() -> bool {
    true
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
        "clock": c.clock.map_or_else(|| "none".to_owned(), |t| t.label()),
        "seated": c.seated.iter().map(|p| json!({
            "id": p.id,
            "name": p.name,
            "tag": tag(&p.id),
            "rating": p.rating,
        })).collect::<Vec<_>>(),
        "game_id": c.game_id,
    })
}

/// `player` with their rating in `game`, to sit at a table.
async fn seat_of(hub: &Hub, player: &StoredPlayer, game: &str) -> Result<SeatPlayer, Response> {
    let ratings = hub
        .stored(hub.store().player_ratings(player.id.clone()))
        .await
        .map_err(unavailable)?;
    let glicko = ratings
        .into_iter()
        .find(|r| r.game == game)
        .map(|r| r.glicko)
        .unwrap_or_default();
    Ok(SeatPlayer {
        id: player.id.clone(),
        name: player.name.clone(),
        rating: Some(ShownRating::from(&glicko)),
    })
}

/// `GET /api/lobby`: the open challenges (and this browser's player's own, started or not,
/// which keeps them open) and the games being played now on this node, with their spectators.
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
    let since = now - i64::try_from(GONE_AFTER.as_millis()).unwrap_or(i64::MAX);
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
    let names: BTreeMap<&str, &str> = tabuleiro_core::Registry::games(&tabuleiro_games::REGISTRY)
        .iter()
        .map(|g| (g.id, g.name))
        .collect();
    let playing: Vec<serde_json::Value> = hub
        .playing()
        .into_iter()
        .map(|(id, game, seats, spectators, clock)| {
            json!({
                "id": id,
                "game": game,
                "name": names.get(game.as_str()).copied().unwrap_or(game.as_str()),
                "seats": seats,
                "spectators": spectators,
                "clock": clock,
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
    let mut challenge = match hub.check_challenge(&asked) {
        Ok(c) => c,
        Err(e) => return error(e.status(), e.to_string()),
    };
    let seat = match seat_of(&hub, &player, &challenge.game).await {
        Ok(s) => s,
        Err(refused) => return refused,
    };
    let Ok(id) = crate::token::new_game_id() else {
        return error(
            StatusCode::INTERNAL_SERVER_ERROR,
            "the system's random source failed",
        );
    };
    challenge.id.clone_from(&id);
    challenge.seated.push(seat);
    match hub
        .stored(hub.store().put_challenge(challenge, None, None, now_ms()))
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
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let player = match signed_in(&hub, &headers).await {
        Ok(p) => p,
        Err(refused) => return refused,
    };
    // A seat taken by someone else meanwhile: look again, a few times.
    for _ in 0..5 {
        let challenge = match hub.stored(hub.store().challenge(id.clone())).await {
            Ok(Some(c)) => c,
            Ok(None) => return error(StatusCode::NOT_FOUND, "this challenge is gone"),
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
        let seat = match seat_of(&hub, &player, &challenge.game).await {
            Ok(s) => s,
            Err(refused) => return refused,
        };
        let mut taken = challenge.clone();
        taken.seated.push(seat);
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
    match hub.stored(hub.store().challenge(id)).await {
        Ok(Some(c)) => {
            let names: BTreeMap<&str, &str> =
                tabuleiro_core::Registry::games(&tabuleiro_games::REGISTRY)
                    .iter()
                    .map(|g| (g.id, g.name))
                    .collect();
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

/// The mode of a challenge's game.
pub fn mode_of(challenge: &Challenge) -> Mode {
    if challenge.rated {
        Mode::Rated
    } else {
        Mode::Online
    }
}
