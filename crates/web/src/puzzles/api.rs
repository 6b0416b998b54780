//! Puzzles in the public API (docs/api.md):
//! - `GET /api/puzzles`: the games with puzzles, their counts and themes, and the daily puzzle;
//! - `GET /api/puzzles/next?game=G[&theme=T][&rating=R][&seen=IDS][&streak=true]`: the next
//!   puzzle for this browser's player (by their puzzle rating in the game, one they have not
//!   tried), or for a guest and in a streak (by `rating`, 1500 unless given, one not `seen`);
//! - `GET /api/puzzles/daily`, `GET /api/puzzles/{id}`: a puzzle;
//! - `POST /api/puzzles/{id}/attempt` with `{"solved": true|false}`: rated for a player's
//!   first attempt at it, unrated for later ones and for guests;
//! - `GET /api/players/{id}/puzzles`: a player's puzzle ratings and their newest attempts.
//!
//! A puzzle is sent with its position drawn as the page draws boards (`picture`, and the
//! solver's `seat`) and with its solution, as lichess sends its puzzles: the page plays the
//! defender's answers and tells right from wrong at once.

use std::collections::HashSet;
use std::sync::Arc;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{Value, json};
use tabuleiro_ai::glicko::Glicko;
use tabuleiro_ai::puzzles::PuzzleEntry;

use crate::answers::{error, json_body};
use crate::hub::Hub;
use crate::me::unavailable;
use crate::store::ShownRating;
use crate::store::puzzle::PuzzleAttempt;

/// The most attempts a player's history lists.
pub const HISTORY: usize = 200;

/// The most attempts looked through for the puzzles a player has tried.
const TRIED: usize = 10_000;

/// A puzzle as the API shows it, with its rating now.
fn shown(hub: &Hub, entry: &PuzzleEntry) -> Value {
    let rating = ShownRating::from(&hub.puzzles().rating(entry));
    let name = hub
        .puzzles()
        .game(&entry.game)
        .map_or(entry.game.as_str(), |g| g.name);
    let (picture, seat) = super::book::position(&tabuleiro_games::REGISTRY, entry).unzip();
    json!({
        "id": entry.id,
        "game": entry.game,
        "name": name,
        "picture": picture,
        "seat": seat,
        "record": entry.position,
        "goal": entry.value,
        "solution": entry.solution,
        "themes": entry.themes,
        "rating": rating.value,
        "deviation": rating.deviation,
        "proof": entry.proof,
        "source": entry.source,
    })
}

/// Reads the puzzles' ratings again when they are old.
async fn fresh(hub: &Hub) {
    if hub.puzzles().stale()
        && let Ok(read) = hub.stored(hub.store().puzzle_ratings()).await
    {
        hub.puzzles().refresh(read);
    }
}

/// `GET /api/puzzles`.
pub async fn list(State(hub): State<Arc<Hub>>) -> Response {
    let games: Vec<Value> = hub
        .puzzles()
        .games()
        .iter()
        .map(|g| {
            let themes: Vec<Value> = g
                .themes()
                .into_iter()
                .map(|(name, count)| json!({ "name": name, "count": count }))
                .collect();
            json!({ "game": g.game, "name": g.name, "count": g.entries.len(), "themes": themes })
        })
        .collect();
    let daily = hub.puzzles().daily(today()).map(|e| e.id.clone());
    axum::Json(json!({ "games": games, "daily": daily })).into_response()
}

fn today() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400)
}

/// `GET /api/puzzles/daily`.
pub async fn daily(State(hub): State<Arc<Hub>>) -> Response {
    fresh(&hub).await;
    match hub.puzzles().daily(today()) {
        Some(entry) => axum::Json(shown(&hub, entry)).into_response(),
        None => error(StatusCode::NOT_FOUND, "this server has no puzzles"),
    }
}

/// `GET /api/puzzles/{id}`.
pub async fn one(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    fresh(&hub).await;
    match hub.puzzles().puzzle(&id) {
        Some(entry) => axum::Json(shown(&hub, entry)).into_response(),
        None => error(StatusCode::NOT_FOUND, format!("no puzzle `{id}`")),
    }
}

/// What `GET /api/puzzles/next` may ask.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NextQuery {
    /// The game (`quantik`).
    game: String,
    /// Only puzzles with this theme.
    #[serde(default)]
    theme: Option<String>,
    /// A guest's rating (ignored for a player, whose puzzle rating is used).
    #[serde(default)]
    rating: Option<f64>,
    /// Puzzle ids a guest has seen, comma-separated (a player's are stored).
    #[serde(default)]
    seen: Option<String>,
    /// A streak: the puzzle nearest `rating` among those not `seen`, for a player too (a
    /// streak climbs from easy puzzles whatever the player's rating).
    #[serde(default)]
    streak: bool,
}

/// `GET /api/puzzles/next`.
pub async fn next(
    State(hub): State<Arc<Hub>>,
    Query(query): Query<NextQuery>,
    request: HeaderMap,
) -> Response {
    let Some(game) = hub.puzzles().game(&query.game) else {
        return error(
            StatusCode::NOT_FOUND,
            format!("no puzzles of `{}`", query.game),
        );
    };
    if let Some(theme) = &query.theme
        && !game.entries.iter().any(|e| e.has_theme(theme))
    {
        return error(
            StatusCode::NOT_FOUND,
            format!("no {} puzzle has the theme `{theme}`", game.name),
        );
    }
    fresh(&hub).await;
    let player = match crate::me::current(&hub, &request).await {
        Ok(player) => player,
        Err(refused) => return refused,
    };
    let mut tried: HashSet<String> = query
        .seen
        .as_deref()
        .unwrap_or_default()
        .split(',')
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
        .collect();
    let mut rating = query
        .rating
        .filter(|r| r.is_finite())
        .unwrap_or(tabuleiro_ai::glicko::NEW_RATING);
    if let Some(player) = player.as_ref().filter(|_| !query.streak) {
        match hub
            .stored(hub.store().player_puzzles(player.id.clone(), TRIED))
            .await
        {
            Ok((ratings, attempts)) => {
                rating = ratings
                    .iter()
                    .find(|r| r.game == game.game)
                    .map_or(tabuleiro_ai::glicko::NEW_RATING, |r| r.glicko.rating);
                tried.extend(attempts.into_iter().map(|a| a.puzzle));
            }
            Err(e) => return unavailable(e),
        }
    }
    let pick = tabuleiro_core::fresh_seed().unwrap_or_default();
    let chosen = hub
        .puzzles()
        .next(game.game, query.theme.as_deref(), rating, &tried, pick)
        // Every puzzle tried: any again, nearest the rating.
        .or_else(|| {
            hub.puzzles().next(
                game.game,
                query.theme.as_deref(),
                rating,
                &HashSet::new(),
                pick,
            )
        });
    match chosen {
        Some(entry) => axum::Json(shown(&hub, entry)).into_response(),
        None => error(StatusCode::NOT_FOUND, "no puzzle left to offer"),
    }
}

/// The body of an attempt.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Attempt {
    /// Whether the puzzle was solved.
    solved: bool,
}

fn rating_json(g: &Glicko) -> Value {
    let shown = ShownRating::from(g);
    json!({ "rating": shown.value, "deviation": shown.deviation, "provisional": shown.provisional })
}

/// `POST /api/puzzles/{id}/attempt`.
pub async fn attempt(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    request: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let attempt: Attempt = match json_body(&hub, &request, body, "an attempt").await {
        Ok(a) => a,
        Err(refused) => return refused,
    };
    let Some(entry) = hub.puzzles().puzzle(&id) else {
        return error(StatusCode::NOT_FOUND, format!("no puzzle `{id}`"));
    };
    let player = match crate::me::current(&hub, &request).await {
        Ok(player) => player,
        Err(refused) => return refused,
    };
    let Some(player) = player else {
        return axum::Json(json!({ "rated": false, "solved": attempt.solved, "guest": true }))
            .into_response();
    };
    let at = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX));
    let stored = hub
        .stored(hub.store().puzzle_attempt(PuzzleAttempt {
            player: player.id,
            game: entry.game.clone(),
            puzzle: entry.id.clone(),
            first_rating: entry.rating,
            solved: attempt.solved,
            at,
        }))
        .await;
    match stored {
        Ok(rated) => {
            hub.puzzles().rated(&entry.id, rated.puzzle_after);
            axum::Json(json!({
                "rated": rated.rated,
                "solved": attempt.solved,
                "before": rating_json(&rated.player_before),
                "after": rating_json(&rated.player_after),
                "puzzle": rating_json(&rated.puzzle_after),
            }))
            .into_response()
        }
        Err(e) => error(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("could not store the attempt: {e}; try again"),
        ),
    }
}

/// `GET /api/players/{id}/puzzles`.
pub async fn of_player(State(hub): State<Arc<Hub>>, Path(id): Path<String>) -> Response {
    let (ratings, attempts) = match hub.stored(hub.store().player_puzzles(id, HISTORY)).await {
        Ok(found) => found,
        Err(e) => return unavailable(e),
    };
    let ratings: Vec<Value> = ratings
        .iter()
        .map(|r| {
            let mut shown = rating_json(&r.glicko);
            shown["game"] = json!(r.game);
            shown["attempts"] = json!(r.attempts);
            shown
        })
        .collect();
    let attempts: Vec<Value> = attempts
        .iter()
        .map(|a| {
            json!({
                "puzzle": a.puzzle,
                "game": a.game,
                "solved": a.solved,
                "rated": a.rated,
                "rating_after": a.rating_after.round() as i64,
                "at": a.at,
            })
        })
        .collect();
    axum::Json(json!({ "ratings": ratings, "attempts": attempts })).into_response()
}
