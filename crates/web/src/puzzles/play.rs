//! `POST /api/puzzles/{id}/play`: a puzzle played on the page's board (docs/api.md#puzzles).
//! The body is `{"moves": [...], "show": false, "look": null}`: the moves the player made since
//! the puzzle's position (the turns judged right, then the turn under way); `show` asks for
//! the solution played out from the last turn judged right; `look` asks for the picture of an
//! earlier position of the game (its number of moves). The answer says what the last move
//! came to (`verdict`: `start`, `unfinished`, `best`, `solved`, `wrong` or `shown`), the
//! defender's `answer`, and the `states` to draw in turn, each in the very form of a game's
//! state (with `welcome` before them when no move was sent). The judging is [`super::line`]'s.

use std::sync::Arc;

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;

use super::line::{self, Judged};
use crate::answers::{error, json_body};
use crate::dyngame;
use crate::hub::Hub;
use crate::protocol::ServerMessage;

/// The body of a play.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Play {
    /// The player's moves since the puzzle's position.
    #[serde(default)]
    moves: Vec<String>,
    /// Whether to play the solution out.
    #[serde(default)]
    show: bool,
    /// The position of the game to draw (its number of moves), instead of the states.
    #[serde(default)]
    look: Option<usize>,
}

/// `POST /api/puzzles/{id}/play`.
pub async fn play(
    State(hub): State<Arc<Hub>>,
    Path(id): Path<String>,
    request: HeaderMap,
    body: axum::body::Body,
) -> Response {
    let play: Play = match json_body(&hub, &request, body, "a puzzle's moves").await {
        Ok(p) => p,
        Err(refused) => return refused,
    };
    let Some(entry) = hub.puzzles().puzzle(&id) else {
        return error(StatusCode::NOT_FOUND, format!("no puzzle `{id}`"));
    };
    let walked = match line::walk(&tabuleiro_games::REGISTRY, entry, &play.moves, play.show) {
        Ok(walked) => walked,
        Err(why) => return error(StatusCode::BAD_REQUEST, why),
    };
    let last = walked.shown.last().map_or(&[][..], Vec::as_slice);
    let game = match dyngame::replay(&entry.position, last) {
        Ok(game) => game,
        Err(why) => return error(StatusCode::INTERNAL_SERVER_ERROR, why),
    };
    if let Some(at) = play.look {
        if at > game.ply() {
            return error(
                StatusCode::BAD_REQUEST,
                format!(
                    "the game has {} moves: there is no position {at}",
                    game.ply()
                ),
            );
        }
        let picture = Box::new(game.picture_at(Some(walked.seat), at));
        return axum::Json(ServerMessage::Look { at, picture }).into_response();
    }
    let states = match line::states(entry, &walked) {
        Ok(states) => states,
        Err(why) => return error(StatusCode::INTERNAL_SERVER_ERROR, why),
    };
    let welcome =
        (walked.judged == Judged::Start).then(|| line::welcome(entry, game.as_ref(), walked.seat));
    axum::Json(json!({
        "verdict": walked.judged.name(),
        "seat": walked.seat,
        "answer": walked.answer,
        "welcome": welcome,
        "states": states,
    }))
    .into_response()
}
