//! The HTTP routes: the embedded page, the catalogue of games, creating games, records, and
//! the WebSocket of each game.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, DefaultBodyLimit, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{delete, get, post};
use axum::{Router, middleware};
use serde_json::json;
use tabuleiro_core::{OptionKind, Registry};
use tabuleiro_games::REGISTRY;

use crate::answers::{error, json_body};
use crate::hub::Hub;
use crate::origin;
use crate::protocol::{CreateRequest, MAX_BODY};
use crate::ws;

use crate::assets::{APP_CSS, FAVICON, INDEX_HTML, script};

/// The widest range of numbers the catalogue lists as choices (beyond it, a number is typed).
const MAX_LISTED: i64 = 12;

/// The server's routes over `hub`. Serve them with the client's address in each request's
/// `ConnectInfo<SocketAddr>`, as [`crate::serve_on`] does: game creation is limited per
/// address.
pub fn router(hub: Arc<Hub>) -> Router {
    Router::new()
        .route(
            "/",
            get(|h: HeaderMap| async move { INDEX_HTML.answer(&h) }),
        )
        .route("/js/{name}", get(module))
        .route(
            "/app.css",
            get(|h: HeaderMap| async move { APP_CSS.answer(&h) }),
        )
        .route(
            "/favicon.svg",
            get(|h: HeaderMap| async move { FAVICON.answer(&h) }),
        )
        .route("/api/catalog", get(catalog))
        .route(
            "/api/me",
            get(crate::me::get)
                .post(crate::me::name)
                .delete(crate::me::forget),
        )
        .route("/api/me/key", post(crate::me::key))
        .route("/api/me/claim", post(crate::me::claim))
        .route("/api/me/key-player", post(crate::me::key_player))
        .route("/api/me/sessions", get(crate::me::sessions))
        .route("/api/me/sessions/{id}", delete(crate::me::end_session))
        .route("/api/me/bot", post(crate::me::bot))
        .route("/api/me/ws", get(crate::site::channel::upgrade))
        .route("/api/me/games", get(crate::player_api::mine))
        .route("/api/players/{id}", get(crate::player_api::player))
        .route("/api/players/{id}/games", get(crate::player_api::games))
        .route("/api/players/{id}/history", get(crate::player_api::history))
        .route(
            "/api/players/{id}/puzzles",
            get(crate::puzzles::api::of_player),
        )
        .route("/api/puzzles", get(crate::puzzles::api::list))
        .route("/api/puzzles/next", get(crate::puzzles::api::next))
        .route("/api/puzzles/daily", get(crate::puzzles::api::daily))
        .route("/api/puzzles/{id}", get(crate::puzzles::api::one))
        .route(
            "/api/puzzles/{id}/attempt",
            post(crate::puzzles::api::attempt),
        )
        .route("/api/puzzles/{id}/play", post(crate::puzzles::play::play))
        .route(
            "/api/lobby",
            get(crate::lobby::lobby).post(crate::lobby::post),
        )
        .route("/api/lobby/{id}/accept", post(crate::lobby::accept))
        .route(
            "/api/lobby/{id}",
            get(crate::lobby::one).delete(crate::lobby::cancel),
        )
        .route("/api/games", post(create))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .layer(DefaultBodyLimit::max(MAX_BODY))
        .layer(middleware::from_fn_with_state(
            Arc::clone(&hub),
            origin::guard,
        ))
        // Probes of a load balancer or an orchestrator, which may name the node by its
        // address: answered whatever the Host (added after the guard, so outside it).
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .with_state(hub)
}

/// How long `/readyz` waits for the database.
pub const READY_WITHIN: std::time::Duration = std::time::Duration::from_secs(1);

/// `GET /healthz`: 200 while the process answers (docs/deploy.md).
async fn healthz() -> Response {
    (StatusCode::OK, "ok\n").into_response()
}

/// `GET /readyz`: 200 when the database answers a read within [`READY_WITHIN`], the node
/// hears the other nodes' changes (PostgreSQL) and it is not draining, else 503 with the
/// reason: a balancer sends this node no players meanwhile (docs/deploy.md).
async fn readyz(State(hub): State<Arc<Hub>>) -> Response {
    if hub.draining() {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "not ready: the node is stopping\n",
        )
            .into_response();
    }
    if !hub.store().hears_others() {
        return (
            StatusCode::SERVICE_UNAVAILABLE,
            "not ready: not hearing the other nodes' changes (the connection that listens to \
             them is starting, or was lost and is reconnecting)\n",
        )
            .into_response();
    }
    match tokio::time::timeout(READY_WITHIN, hub.store().load("readyz")).await {
        Ok(Ok(_)) => (StatusCode::OK, "ready\n").into_response(),
        Ok(Err(e)) => (
            StatusCode::SERVICE_UNAVAILABLE,
            format!("not ready: the database: {e}\n"),
        )
            .into_response(),
        Err(_) => (
            StatusCode::SERVICE_UNAVAILABLE,
            format!("not ready: the database did not answer within {READY_WITHIN:?}\n"),
        )
            .into_response(),
    }
}

/// `GET /api/catalog`: every game with its options and a picture of a position for its card
/// ([`crate::showcase`]), and the computer levels.
async fn catalog() -> Response {
    let games: Vec<serde_json::Value> = REGISTRY
        .games()
        .iter()
        .map(|g| {
            let options: Vec<serde_json::Value> = g
                .options
                .iter()
                .map(|o| {
                    // A few numbers are offered as a list (a seat, a size); a wide range
                    // is typed.
                    let choices: Vec<String> = match o.kind {
                        OptionKind::Choice(values) => {
                            values.iter().map(|v| (*v).to_owned()).collect()
                        }
                        OptionKind::Integer { min, max, words } if max - min <= MAX_LISTED => (min
                            ..=max)
                            .map(|n| n.to_string())
                            .chain(words.iter().map(|w| (*w).to_owned()))
                            .collect(),
                        OptionKind::Integer { .. } | OptionKind::Text => Vec::new(),
                    };
                    json!({
                        "name": o.name,
                        "label": o.label,
                        "description": o.description,
                        "default": o.default,
                        "allowed": o.allowed(),
                        "choices": choices,
                    })
                })
                .collect();
            json!({
                "id": g.id,
                "name": g.name,
                "summary": g.summary,
                "min_players": g.min_players,
                "max_players": g.max_players,
                "solvable": REGISTRY.engine(g.id).is_some_and(|e| e.solvable),
                "scores": g.scores,
                "move_syntax": g.move_syntax,
                "rules": g.rules,
                "options": options,
                "picture": crate::showcase::showcase(g.id),
            })
        })
        .collect();
    let levels: Vec<serde_json::Value> = tabuleiro_ai::LADDER
        .iter()
        .map(|l| json!({ "name": l.name, "description": l.description }))
        .collect();
    axum::Json(json!({ "games": games, "levels": levels })).into_response()
}

/// `POST /api/games`: a new game (JSON [`CreateRequest`], sent as `application/json`: a form
/// or `text/plain` body, which a page on another site can send without asking, is refused).
/// Counted against the client address's rate of creation.
async fn create(
    State(hub): State<Arc<Hub>>,
    ConnectInfo(client): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let request: CreateRequest = match json_body(&hub, &headers, body, "a new game").await {
        Ok(r) => r,
        Err(refused) => return refused,
    };
    if let Err(e) = hub.allow_creation(client.ip()) {
        return error(e.status(), e.to_string());
    }
    // A rated game's creator sits in their seat from the start.
    let creator = if request.mode == crate::protocol::Mode::Rated {
        match crate::me::current(&hub, &headers).await {
            Ok(player) => player,
            Err(refused) => return refused,
        }
    } else {
        None
    };
    match hub.create(request, creator).await {
        Ok(created) => (StatusCode::CREATED, axum::Json(created)).into_response(),
        Err(e) => error(e.status(), e.to_string()),
    }
}

/// `GET /js/{name}`: a module of the page's script.
async fn module(Path(name): Path<String>, request: HeaderMap) -> Response {
    match script(&name) {
        Some(asset) => asset.answer(&request),
        None => error(StatusCode::NOT_FOUND, format!("no script `{name}`")),
    }
}

/// `GET /api/games/{id}/record`: a finished game's record, as the CLI's `replay` reads it.
async fn record(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    let room = match hub.room(&id).await {
        Ok(Some(room)) => room,
        Ok(None) => return error(StatusCode::NOT_FOUND, format!("no game `{id}`")),
        Err(e) => return error(e.status(), e.to_string()),
    };
    match hub.record(&room) {
        Ok(json) => (
            [
                (header::CONTENT_TYPE, "application/json".to_owned()),
                (
                    header::CONTENT_DISPOSITION,
                    format!("attachment; filename=\"tabuleiro-{id}.json\""),
                ),
            ],
            json,
        )
            .into_response(),
        Err(e) => error(e.status(), e.to_string()),
    }
}
