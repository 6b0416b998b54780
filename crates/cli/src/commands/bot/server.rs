//! The bot's side of the server's HTTP API: its address, its player's session, and JSON
//! requests that time out rather than hang.

use std::net::SocketAddr;
use std::time::Duration;

use anyhow::{Context, Result, anyhow, bail};
use serde_json::Value;
use tabuleiro_load::client::{GameSocket, request_with};

/// How long a request may take before the bot gives up on it.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(30);

/// A server, and the session of the bot's player on it.
pub struct Server {
    /// The server's address.
    pub addr: SocketAddr,
    /// The session secret the key's claim gave (the cookie's value).
    session: String,
}

/// `http://HOST[:PORT][/]` read and resolved (port 80 by default).
///
/// # Errors
/// Another scheme, a path, or a name that does not resolve.
pub async fn resolve(url: &str) -> Result<SocketAddr> {
    let url = url.trim();
    let rest = url.strip_prefix("http://").ok_or_else(|| {
        anyhow!(
            "`{url}`: give the server as http://HOST:PORT (https is not spoken: give the \
             address a TLS proxy forwards to)"
        )
    })?;
    let host = rest.strip_suffix('/').unwrap_or(rest);
    if host.is_empty() || host.contains('/') {
        bail!("`{url}`: give the server as http://HOST:PORT, without a path");
    }
    let with_port = if host.ends_with(']') || !host.contains(':') {
        format!("{host}:80")
    } else {
        host.to_owned()
    };
    let found = match with_port.parse::<SocketAddr>() {
        Ok(addr) => Some(addr),
        Err(_) => tokio::net::lookup_host(with_port.as_str())
            .await
            .with_context(|| format!("`{url}`: the name does not resolve"))?
            .next(),
    };
    found.ok_or_else(|| anyhow!("`{url}`: the name resolves to no address"))
}

/// The answer's body as JSON, or the server's error in words.
fn json_of(status: u16, body: &str) -> (u16, Value) {
    (status, serde_json::from_str(body).unwrap_or(Value::Null))
}

/// One request with a JSON body, the session's cookie when there is one.
async fn send(
    addr: SocketAddr,
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
        request_with(addr, method, path, &headers, text.as_deref()),
    )
    .await
    .map_err(|_| anyhow!("{method} {path}: no answer within {REQUEST_TIMEOUT:?}"))?
    .with_context(|| format!("{method} {path}"))
}

impl Server {
    /// Claims `key` (or the link `…/#key=KEY` that holds it) on the server at `addr` as a bot:
    /// the server, and the player the key opens.
    ///
    /// # Errors
    /// When the server cannot be reached or refuses the key.
    pub async fn claim(addr: SocketAddr, key: &str) -> Result<(Self, Value)> {
        let key = key.trim();
        let key = key.rsplit_once("#key=").map_or(key, |(_, k)| k);
        let body = serde_json::json!({ "key": key, "bot": true });
        let answer = send(addr, None, "POST", "/api/me/claim", Some(&body)).await?;
        let (status, player) = json_of(answer.status, &answer.body);
        if status != 200 {
            bail!("the server refused the key: {}", said(&player, status));
        }
        let session = answer
            .session()
            .ok_or_else(|| anyhow!("the server answered the key without a session"))?;
        Ok((Server { addr, session }, player))
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
        let answer = send(self.addr, Some(&self.session), method, path, body).await?;
        Ok(json_of(answer.status, &answer.body))
    }

    /// The WebSocket of game `id`, as the bot's player.
    ///
    /// # Errors
    /// When the connection fails.
    pub async fn socket(&self, id: &str) -> Result<GameSocket> {
        tokio::time::timeout(
            REQUEST_TIMEOUT,
            GameSocket::connect_as(self.addr, id, &self.session),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn addresses_are_read_with_their_port_or_80() {
        for (url, addr) in [
            ("http://127.0.0.1:8080", "127.0.0.1:8080"),
            ("http://127.0.0.1:8080/", "127.0.0.1:8080"),
            ("http://127.0.0.1", "127.0.0.1:80"),
            ("http://[::1]:9000", "[::1]:9000"),
            ("http://[::1]", "[::1]:80"),
        ] {
            let found = resolve(url).await.expect(url);
            assert_eq!(
                found,
                addr.parse::<SocketAddr>().expect("an address"),
                "{url}"
            );
        }
        let local = resolve("http://localhost:7000").await.expect("localhost");
        assert!(local.ip().is_loopback() && local.port() == 7000, "{local}");
    }

    #[tokio::test]
    async fn other_schemes_and_paths_are_refused_with_the_reason() {
        for (url, says) in [
            ("https://play.example.org", "https is not spoken"),
            ("127.0.0.1:8080", "http://"),
            ("http://127.0.0.1:8080/lobby", "without a path"),
            ("http://", "without a path"),
        ] {
            let error = resolve(url).await.expect_err(url).to_string();
            assert!(error.contains(says), "{url}: {error}");
        }
    }
}
