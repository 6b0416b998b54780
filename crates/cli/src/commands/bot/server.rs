//! The bot's side of the server's HTTP API: where it is (`http://` or `https://`), its
//! player's session, and JSON requests that time out rather than hang.

use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use serde_json::Value;
use tabuleiro_load::client::{GameSocket, request_at};
use tabuleiro_load::endpoint::Endpoint;

/// How long a request may take before the bot gives up on it.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// A server, and the session of the bot's player on it.
pub struct Server {
    /// Where the server is reached (`http://` or `https://`).
    pub endpoint: Endpoint,
    /// The session secret the key's claim gave (the cookie's value).
    session: String,
}

/// The answer's body as JSON, or the server's error in words.
fn json_of(status: u16, body: &str) -> (u16, Value) {
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

/// One request with a JSON body, the session's cookie when there is one.
async fn send(
    endpoint: &Endpoint,
    session: Option<&str>,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<tabuleiro_load::client::Answer> {
    let cookie = session.map(|s| format!("{}={s}", tabuleiro_web::players::COOKIE));
    let mut headers = vec![("Content-Type", "application/json")];
    if let Some(cookie) = &cookie {
        headers.push(("Cookie", cookie.as_str()));
    }
    let text = body.map(Value::to_string);
    tokio::time::timeout(
        REQUEST_TIMEOUT,
        request_at(endpoint, method, path, &headers, text.as_deref()),
    )
    .await
    .map_err(|_| anyhow!("{method} {path}: no answer within {REQUEST_TIMEOUT:?}"))?
    .with_context(|| format!("{method} {path}"))
}

impl Server {
    /// Claims `key` (or the link `…/#key=KEY` that holds it) on the server at `endpoint` as a
    /// bot: the server, and the player the key opens.
    ///
    /// # Errors
    /// When the server cannot be reached or refuses the key.
    pub async fn claim(endpoint: Endpoint, key: &str) -> Result<(Self, Value)> {
        let key = key.trim();
        let key = key.rsplit_once("#key=").map_or(key, |(_, k)| k);
        let body = serde_json::json!({ "key": key, "bot": true });
        let answer = send(&endpoint, None, "POST", "/api/me/claim", Some(&body)).await?;
        let (status, player) = json_of(answer.status, &answer.body);
        if status != 200 {
            bail!("the server refused the key: {}", said(&player, status));
        }
        let session = answer
            .session()
            .ok_or_else(|| anyhow!("the server answered the key without a session"))?;
        Ok((Server { endpoint, session }, player))
    }

    /// `method path` with `body`, as the bot's player: the status and the JSON answer.
    ///
    /// # Errors
    /// When the server cannot be reached or does not answer in time.
    pub async fn call(
        &self,
        method: &str,
        path: &str,
        body: Option<&Value>,
    ) -> Result<(u16, Value)> {
        let answer = send(&self.endpoint, Some(&self.session), method, path, body).await?;
        Ok(json_of(answer.status, &answer.body))
    }

    /// The WebSocket of game `id`, as the bot's player.
    ///
    /// # Errors
    /// When the connection fails.
    pub async fn socket(&self, id: &str) -> Result<GameSocket> {
        tokio::time::timeout(
            REQUEST_TIMEOUT,
            GameSocket::open_at(
                &self.endpoint,
                &format!("/api/games/{id}/ws"),
                &self.session,
            ),
        )
        .await
        .map_err(|_| anyhow!("game {id}: the WebSocket did not open within {REQUEST_TIMEOUT:?}"))?
        .with_context(|| format!("game {id}"))
    }
}

/// The server's error message in an answer, or its status.
pub fn said(answer: &Value, status: u16) -> String {
    answer["error"]
        .as_str()
        .map_or_else(|| format!("status {status}"), str::to_owned)
}
