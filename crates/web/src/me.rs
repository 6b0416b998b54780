//! `/api/me`: the player this browser is (see [`crate::players`]).
//!
//! - `GET /api/me`: the player, or 404 when this browser has none yet;
//! - `POST /api/me` `{"name": …}`: becomes a player with that name (the session's cookie is
//!   set; counted against the address's rate of creation like a new game), or renames it;
//! - `POST /api/me/key`: a new key (the earlier one stops working, and so does every browser
//!   it let in: a key that leaked is revoked by making a new one), given once, as a link
//!   whose fragment holds it (`/#key=…`: never sent to a server by the browser);
//! - `POST /api/me/claim` `{"key": …, "bot": false}`: this browser becomes the key's player;
//!   `"bot": true`: a program claims the key to play for the player (`tabuleiro bot`), which
//!   only a player marked as a bot allows (`409` for a person: a claim never makes one a bot);
//! - `GET /api/me/sessions`: the player's browsers (`{"sessions": [{"id", "created", "how":
//!   "name" | "key", "this"}]}`), `DELETE /api/me/sessions/{id}` ends one (this browser's too);
//! - `POST /api/me/bot` `{"bot": true | false}`: marks the player as a bot (a program plays for
//!   them, shown as `(bot)` wherever they sit or post a challenge) or as a person again;
//! - `POST /api/me/key-player` `{"key": …}`: whose the key is (`display`), without claiming
//!   it: a page opened from a key link asks its visitor first ("You are Ana#1f0c. Become
//!   Bruno#…?"), so that no website can swap a browser's player by sending it to a link;
//! - `DELETE /api/me`: forgets the player, its sessions and its key; the cookie is cleared.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;

use crate::answers::{error, json_body};
use crate::hub::Hub;
use crate::players::{check_name, session_secret, set_cookie, tag};
use crate::store::StoredPlayer;
use crate::token::{hash_token, new_game_id, new_token};

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Naming {
    name: String,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Claim {
    key: String,
    /// A program claims the key to play for the player (`tabuleiro bot`): the player is shown
    /// as a bot from then on.
    #[serde(default)]
    bot: bool,
}

/// A player as the API shows it.
fn shown(player: &StoredPlayer) -> serde_json::Value {
    json!({
        "id": player.id,
        "name": player.name,
        "tag": tag(&player.id),
        "display": format!("{}#{}", player.name, tag(&player.id)),
        "bot": player.bot,
    })
}

/// The answer when the store of players cannot answer now.
pub(crate) fn unavailable(e: impl std::fmt::Display) -> Response {
    error(
        StatusCode::SERVICE_UNAVAILABLE,
        format!("players are unavailable: {e}; try again"),
    )
}

fn random_failed() -> Response {
    error(
        StatusCode::INTERNAL_SERVER_ERROR,
        "the system's random source failed",
    )
}

/// The player of the request's session, if any.
pub(crate) async fn current(
    hub: &Hub,
    request: &HeaderMap,
) -> Result<Option<StoredPlayer>, Response> {
    let Some(secret) = session_secret(request) else {
        return Ok(None);
    };
    hub.stored(hub.store().session_player(hash_token(&secret)))
        .await
        .map_err(unavailable)
}

/// The player of the request's session, or the answer that there is none (404) or that the
/// store failed.
pub(crate) async fn signed_in(hub: &Hub, request: &HeaderMap) -> Result<StoredPlayer, Response> {
    current(hub, request).await?.ok_or_else(|| {
        error(
            StatusCode::NOT_FOUND,
            "no player in this browser yet: choose a name",
        )
    })
}

/// `GET /api/me`.
pub async fn get(State(hub): State<Arc<Hub>>, request: HeaderMap) -> Response {
    match signed_in(&hub, &request).await {
        Ok(player) => axum::Json(shown(&player)).into_response(),
        Err(refused) => refused,
    }
}

/// `POST /api/me`: a name, for a new player or the current one.
pub async fn name(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    request: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let naming: Naming = match json_body(&hub, &request, body, "a name").await {
        Ok(n) => n,
        Err(refused) => return refused,
    };
    let name = match check_name(&naming.name) {
        Ok(name) => name,
        Err(why) => return error(StatusCode::BAD_REQUEST, why),
    };
    match current(&hub, &request).await {
        Err(refused) => refused,
        Ok(Some(player)) => {
            match hub
                .stored(hub.store().rename_player(player.id.clone(), name.clone()))
                .await
            {
                Ok(_) => axum::Json(shown(&StoredPlayer { name, ..player })).into_response(),
                Err(e) => unavailable(e),
            }
        }
        Ok(None) => {
            if let Err(e) = hub.allow_creation(client.ip()) {
                return error(e.status(), e.to_string());
            }
            let (Ok(id), Ok(secret)) = (new_game_id(), new_token()) else {
                return random_failed();
            };
            let player = StoredPlayer {
                id,
                name,
                bot: false,
            };
            match hub
                .stored(
                    hub.store()
                        .create_player(player.clone(), hash_token(&secret)),
                )
                .await
            {
                Ok(()) => (
                    StatusCode::CREATED,
                    [(header::SET_COOKIE, set_cookie(&request, Some(&secret)))],
                    axum::Json(shown(&player)),
                )
                    .into_response(),
                Err(e) => unavailable(e),
            }
        }
    }
}

/// `POST /api/me/key`.
pub async fn key(State(hub): State<Arc<Hub>>, request: HeaderMap) -> Response {
    let player = match signed_in(&hub, &request).await {
        Ok(player) => player,
        Err(refused) => return refused,
    };
    let Ok(key) = new_token() else {
        return random_failed();
    };
    // The session asking keeps its place; every browser an earlier key let in is signed out.
    let keep = session_secret(&request)
        .map(|s| hash_token(&s))
        .unwrap_or_default();
    match hub
        .stored(
            hub.store()
                .set_player_key(player.id, hash_token(&key), keep),
        )
        .await
    {
        Ok(_) => axum::Json(json!({ "key": key, "link": format!("/#key={key}") })).into_response(),
        Err(e) => unavailable(e),
    }
}

/// `POST /api/me/claim`.
pub async fn claim(
    State(hub): State<Arc<Hub>>,
    request: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let claim: Claim = match json_body(&hub, &request, body, "a key").await {
        Ok(c) => c,
        Err(refused) => return refused,
    };
    let Ok(secret) = new_token() else {
        return random_failed();
    };
    let found = hub
        .stored(hub.store().claim_player_key(
            hash_token(claim.key.trim()),
            hash_token(&secret),
            claim.bot,
        ))
        .await;
    match found {
        Ok(Some(player)) if claim.bot && !player.bot => error(
            StatusCode::CONFLICT,
            "this key's player is a person: a program may play for them only once they mark \
             themselves as a bot (You → a program plays for me)",
        ),
        Ok(Some(player)) => (
            [(header::SET_COOKIE, set_cookie(&request, Some(&secret)))],
            axum::Json(shown(&player)),
        )
            .into_response(),
        Ok(None) => error(
            StatusCode::NOT_FOUND,
            "this key opens no player: a newer key replaced it, or the player was forgotten",
        ),
        Err(e) => unavailable(e),
    }
}

/// The id a player's page shows for a session: the start of its hash (enough to tell their
/// few sessions apart, and nothing to sign in with).
fn session_id(hash: &str) -> &str {
    hash.get(..12).unwrap_or(hash)
}

/// `GET /api/me/sessions`.
pub async fn sessions(State(hub): State<Arc<Hub>>, request: HeaderMap) -> Response {
    let player = match signed_in(&hub, &request).await {
        Ok(player) => player,
        Err(refused) => return refused,
    };
    let this = session_secret(&request).map(|s| hash_token(&s));
    match hub.stored(hub.store().player_sessions(player.id)).await {
        Ok(sessions) => axum::Json(json!({
            "sessions": sessions.iter().map(|s| json!({
                "id": session_id(&s.hash),
                "created": s.created,
                "how": if s.by_key { "key" } else { "name" },
                "this": this.as_deref() == Some(s.hash.as_str()),
            })).collect::<Vec<_>>(),
        }))
        .into_response(),
        Err(e) => unavailable(e),
    }
}

/// `DELETE /api/me/sessions/{id}`.
pub async fn end_session(
    State(hub): State<Arc<Hub>>,
    axum::extract::Path(id): axum::extract::Path<String>,
    request: HeaderMap,
) -> Response {
    let player = match signed_in(&hub, &request).await {
        Ok(player) => player,
        Err(refused) => return refused,
    };
    let sessions = match hub
        .stored(hub.store().player_sessions(player.id.clone()))
        .await
    {
        Ok(sessions) => sessions,
        Err(e) => return unavailable(e),
    };
    let Some(session) = sessions.into_iter().find(|s| session_id(&s.hash) == id) else {
        return error(StatusCode::NOT_FOUND, "no such session of yours");
    };
    let this = session_secret(&request).is_some_and(|s| hash_token(&s) == session.hash);
    match hub
        .stored(hub.store().end_session(player.id, session.hash))
        .await
    {
        Ok(_) if this => (
            [(header::SET_COOKIE, set_cookie(&request, None))],
            axum::Json(json!({ "ended": true, "this": true })),
        )
            .into_response(),
        Ok(_) => axum::Json(json!({ "ended": true, "this": false })).into_response(),
        Err(e) => unavailable(e),
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BotAsked {
    bot: bool,
}

/// `POST /api/me/bot`.
pub async fn bot(
    State(hub): State<Arc<Hub>>,
    request: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let asked: BotAsked = match json_body(&hub, &request, body, "whether you are a bot").await {
        Ok(a) => a,
        Err(refused) => return refused,
    };
    let player = match signed_in(&hub, &request).await {
        Ok(player) => player,
        Err(refused) => return refused,
    };
    if let Err(e) = hub
        .stored(hub.store().set_player_bot(player.id.clone(), asked.bot))
        .await
    {
        return unavailable(e);
    }
    // The open challenges it posted said who it was: they are withdrawn.
    if asked.bot != player.bot {
        let open = hub
            .stored(hub.store().challenges(0, Some(player.id.clone())))
            .await
            .unwrap_or_default();
        for challenge in open.iter().filter(|c| c.creator() == player.id) {
            let removed = hub
                .store()
                .remove_challenge(challenge.id.clone(), player.id.clone());
            if let Err(e) = hub.stored(removed).await {
                return unavailable(e);
            }
        }
    }
    axum::Json(shown(&StoredPlayer {
        bot: asked.bot,
        ..player
    }))
    .into_response()
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct KeyAsked {
    key: String,
}

/// `POST /api/me/key-player`.
pub async fn key_player(
    State(hub): State<Arc<Hub>>,
    request: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let asked: KeyAsked = match json_body(&hub, &request, body, "a key").await {
        Ok(c) => c,
        Err(refused) => return refused,
    };
    match hub
        .stored(hub.store().key_player(hash_token(asked.key.trim())))
        .await
    {
        Ok(Some(player)) => axum::Json(shown(&player)).into_response(),
        Ok(None) => error(
            StatusCode::NOT_FOUND,
            "this key opens no player: a newer key replaced it, or the player was forgotten",
        ),
        Err(e) => unavailable(e),
    }
}

/// `DELETE /api/me`.
pub async fn forget(State(hub): State<Arc<Hub>>, request: HeaderMap) -> Response {
    let player = match signed_in(&hub, &request).await {
        Ok(player) => player,
        Err(refused) => return refused,
    };
    match hub.stored(hub.store().forget_player(player.id)).await {
        Ok(_) => (
            [(header::SET_COOKIE, set_cookie(&request, None))],
            axum::Json(json!({ "forgotten": true })),
        )
            .into_response(),
        Err(e) => unavailable(e),
    }
}
