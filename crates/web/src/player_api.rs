//! Players in the public API: `GET /api/players/{id}` (name and ratings per game),
//! `GET /api/players/{id}/games` (the records of their finished games, as JSON lines that
//! `tabuleiro replay` reads) and `GET /api/players/{id}/history` (a line per game for their
//! page: opponents, result, rating change, date); and for the player of this browser,
//! `GET /api/me/games` (their games being played: whose turn, the time they have left).

use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use tabuleiro_core::PlayerResult;

use crate::answers::error;
use crate::hub::{Hub, lock};
use crate::me::unavailable;
use crate::players::tag;
use crate::store::{PlayedGame, ShownRating, StoredEnding, StoredPlayer};

/// The most games one answer lists (the newest), and how many unless asked.
pub const MOST_GAMES: usize = 1000;
const DEFAULT_GAMES: usize = 100;

/// What a list of a player's games may ask: only games of `game`, at most `limit`.
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GamesQuery {
    /// A game id (`quantik`).
    #[serde(default)]
    game: Option<String>,
    /// How many, newest first (at most [`MOST_GAMES`]).
    #[serde(default)]
    limit: Option<usize>,
}

/// How many of a player's newest games `GET /api/me/games` looks through for those being
/// played.
pub const RECENT_GAMES: usize = 30;

/// `GET /api/me/games`: the games this browser's player sits in that are being played (among
/// their newest [`RECENT_GAMES`]), newest first: the game, the mode, the other players, whether
/// it is their turn and, on a clock, the time they have left (ms, when the answer was written)
/// and whether it runs. The page lists them on every page.
pub async fn mine(State(hub): State<Arc<Hub>>, request: axum::http::HeaderMap) -> Response {
    let player = match crate::me::signed_in(&hub, &request).await {
        Ok(player) => player,
        Err(refused) => return refused,
    };
    let games = match hub
        .stored(
            hub.store()
                .player_games(player.id.clone(), None, RECENT_GAMES),
        )
        .await
    {
        Ok(games) => games,
        Err(e) => return unavailable(e),
    };
    let mut lines = Vec::new();
    for game in &games {
        let Ok(Some(room)) = hub.room(&game.id).await else {
            continue;
        };
        let room = lock(&room);
        if room.over() {
            continue;
        }
        let others: Vec<String> = room
            .seats()
            .iter()
            .enumerate()
            .filter(|(seat, _)| *seat != game.seat)
            .map(|(seat, s)| {
                s.player().map_or_else(
                    || format!("Player {}", seat + 1),
                    |p| crate::players::shown_name(&p.name, &p.id),
                )
            })
            .collect();
        let clock = room.clock_view();
        lines.push(json!({
            "id": room.id(),
            "game": room.game().info().id,
            "name": room.game().info().name,
            "mode": room.mode().name(),
            "seat": game.seat,
            "others": others,
            "your_turn": room.to_move() == Some(game.seat),
            "time_control": clock.as_ref().map(|c| c.control.clone()),
            "left_ms": clock.as_ref().and_then(|c| c.remaining.get(game.seat).copied()),
            "running": clock.as_ref().is_some_and(|c| c.running == Some(game.seat)),
        }));
    }
    axum::Json(json!({ "games": lines })).into_response()
}

/// Player `id`, or the answer that there is none.
async fn found(hub: &Hub, id: &str) -> Result<StoredPlayer, Response> {
    match hub.stored(hub.store().load_player(id.to_owned())).await {
        Ok(Some(player)) => Ok(player),
        Ok(None) => Err(error(StatusCode::NOT_FOUND, format!("no player `{id}`"))),
        Err(e) => Err(unavailable(e)),
    }
}

/// `GET /api/players/{id}`: the player's name and tag, and their rating in each game they
/// finished a rated game of (rounded, with the deviation and whether it is provisional).
pub async fn player(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    let player = match found(&hub, &id).await {
        Ok(player) => player,
        Err(refused) => return refused,
    };
    let ratings = match hub.stored(hub.store().player_ratings(id)).await {
        Ok(ratings) => ratings,
        Err(e) => return unavailable(e),
    };
    let ratings: Vec<Value> = ratings
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
        "bot": player.bot,
        "ratings": ratings,
    }))
    .into_response()
}

/// The player and the games they sat down in, as the query asks.
async fn played(
    hub: &Hub,
    id: &str,
    query: GamesQuery,
) -> Result<(StoredPlayer, Vec<PlayedGame>), Response> {
    let player = found(hub, id).await?;
    let limit = query.limit.unwrap_or(DEFAULT_GAMES).clamp(1, MOST_GAMES);
    let game = query.game.map(|g| g.trim().to_ascii_lowercase());
    let games = hub
        .stored(hub.store().player_games(id.to_owned(), game, limit))
        .await
        .map_err(unavailable)?;
    Ok((player, games))
}

/// `GET /api/players/{id}/games[?game=quantik&limit=100]`: the records of the player's
/// finished games, newest first, one JSON record per line (a game still being played has no
/// record yet: its record holds the seed).
pub async fn games(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(query): Query<GamesQuery>,
) -> Response {
    let (player, games) = match played(&hub, &id, query).await {
        Ok(found) => found,
        Err(refused) => return refused,
    };
    let mut lines = String::new();
    for game in games {
        let Ok(Some(room)) = hub.room(&game.id).await else {
            continue;
        };
        let record = lock(&room).finished_record();
        if let Some(record) = record
            && let Ok(line) = serde_json::to_string(&record)
        {
            lines.push_str(&line);
            lines.push('\n');
        }
    }
    let file: String = player
        .name
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    (
        [
            (header::CONTENT_TYPE, "application/x-ndjson".to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!(
                    "attachment; filename=\"tabuleiro-{file}-{}.jsonl\"",
                    tag(&player.id)
                ),
            ),
        ],
        lines,
    )
        .into_response()
}

/// `GET /api/players/{id}/history[?game=quantik&limit=100]`: a line per game the player sat
/// down in, newest first, for their page: the game, the date, the mode, every seat, the
/// player's result and rating change once it is over.
pub async fn history(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    Query(query): Query<GamesQuery>,
) -> Response {
    let (_, games) = match played(&hub, &id, query).await {
        Ok(found) => found,
        Err(refused) => return refused,
    };
    let mut lines = Vec::with_capacity(games.len());
    for game in &games {
        let Ok(Some(room)) = hub.room(&game.id).await else {
            continue;
        };
        let room = lock(&room);
        let info = room.game().info();
        let outcome = room.outcome();
        let aborted = matches!(room.ending(), Some(StoredEnding::Aborted { .. }));
        let result = outcome
            .as_ref()
            .and_then(|o| o.results.get(game.seat))
            .map(|r| match r {
                _ if aborted => "aborted",
                PlayerResult::Win => "win",
                PlayerResult::Loss => "loss",
                PlayerResult::Draw => "draw",
            });
        let seats = room.seat_infos();
        let change = seats
            .get(game.seat)
            .and_then(|s| s.player.as_ref())
            .and_then(|p| p.change);
        lines.push(json!({
            "id": room.id(),
            "game": info.id,
            "name": info.name,
            "mode": room.mode().name(),
            "created": game.created,
            "seat": game.seat,
            "seats": seats,
            "over": room.over(),
            "result": result,
            "reason": outcome.as_ref().map(|o| o.reason.clone()),
            "change": change,
            "time_control": room.clock().as_ref().map_or_else(|| "none".to_owned(), |c| c.control.label()),
        }));
    }
    axum::Json(json!({ "games": lines })).into_response()
}
