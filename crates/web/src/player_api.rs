//! Players in the public API: `GET /api/players/{id}` (name and ratings per game).

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::http::error;
use crate::hub::Hub;
use crate::players::tag;
use crate::store::ShownRating;

/// `GET /api/players/{id}`: the player's name and tag, and their rating in each game they
/// finished a rated game of (rounded, with the deviation and whether it is provisional).
pub async fn player(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    let unavailable = |e: crate::store::StoreError| {
        error(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("players are unavailable: {e}; try again"),
        )
    };
    let player = match hub.stored(hub.store().load_player(id.clone())).await {
        Ok(Some(player)) => player,
        Ok(None) => return error(StatusCode::NOT_FOUND, format!("no player `{id}`")),
        Err(e) => return unavailable(e),
    };
    let ratings = match hub.stored(hub.store().player_ratings(id)).await {
        Ok(ratings) => ratings,
        Err(e) => return unavailable(e),
    };
    let ratings: Vec<serde_json::Value> = ratings
        .iter()
        .map(|r| {
            let shown = ShownRating::from(&r.glicko);
            json!({
                "game": r.game,
                "rating": shown.value,
                "deviation": shown.deviation,
                "provisional": shown.provisional,
                "games": r.games,
            })
        })
        .collect();
    axum::Json(json!({
        "id": player.id,
        "name": player.name,
        "tag": tag(&player.id),
        "display": format!("{}#{}", player.name, tag(&player.id)),
        "ratings": ratings,
    }))
    .into_response()
}
