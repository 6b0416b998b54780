//! A small client of the server for the load benchmark, `tabuleiro bot` and the tests: HTTP/1.1
//! requests on a TCP connection (with TLS to an [`Endpoint`] that speaks it), and WebSocket
//! connections that read [`ServerMessage`]s.

use std::net::SocketAddr;

use futures_util::{SinkExt, StreamExt};
use tabuleiro_web::protocol::ServerMessage;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::endpoint::Endpoint;

/// A client failure.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// The connection failed.
    #[error("connection: {0}")]
    Io(#[from] std::io::Error),
    /// The WebSocket failed.
    #[error("websocket: {0}")]
    WebSocket(#[from] tokio_tungstenite::tungstenite::Error),
    /// The server's answer could not be read.
    #[error("unexpected answer: {0}")]
    Answer(String),
}

/// An HTTP answer: status code and body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Status code, e.g. 200.
    pub status: u16,
    /// The body as text.
    pub body: String,
    /// The status line and the headers, as sent.
    pub head: String,
}

impl Answer {
    /// The session secret the answer's `Set-Cookie` gives (after naming a player or claiming
    /// a key), if it gives one.
    pub fn session(&self) -> Option<String> {
        self.head.lines().find_map(|line| {
            let (name, value) = line.split_once(':')?;
            if !name.trim().eq_ignore_ascii_case("set-cookie") {
                return None;
            }
            let (cookie, secret) = value.trim().split(';').next()?.split_once('=')?;
            (cookie.trim() == tabuleiro_web::players::COOKIE && !secret.is_empty())
                .then(|| secret.trim().to_owned())
        })
    }
}

/// Sends one HTTP request (`body` as JSON when given) and reads the whole answer.
///
/// # Errors
/// When the connection fails or the answer is not HTTP.
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> Result<Answer, ClientError> {
    let json = [("Content-Type", "application/json")];
    request_with(addr, method, path, &json, body).await
}

/// [`request`] with these headers besides `Host`, `Connection: close` and `Content-Length`
/// (the body is sent as it is).
///
/// # Errors
/// When the connection fails or the answer is not HTTP.
pub async fn request_with(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> Result<Answer, ClientError> {
    request_from(None, addr, method, path, headers, body).await
}

/// [`request_with`] from the local address `from` (another loopback address stands for
/// another client network), or from any address when `None`.
///
/// # Errors
/// When the connection fails or the answer is not HTTP.
pub async fn request_from(
    from: Option<std::net::IpAddr>,
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> Result<Answer, ClientError> {
    let mut stream = match from {
        None => TcpStream::connect(addr).await?,
        Some(from) => {
            let socket = if from.is_ipv4() {
                tokio::net::TcpSocket::new_v4()?
            } else {
                tokio::net::TcpSocket::new_v6()?
            };
            socket.bind(SocketAddr::new(from, 0))?;
            socket.connect(addr).await?
        }
    };
    exchange(&mut stream, &addr.to_string(), method, path, headers, body).await
}

/// [`request_with`] to the server `endpoint` (plain HTTP, or HTTPS when it speaks TLS), asked
/// by its name.
///
/// # Errors
/// When the connection or the TLS handshake fails, or the answer is not HTTP.
pub async fn request_at(
    endpoint: &Endpoint,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> Result<Answer, ClientError> {
    let mut stream = endpoint.connect().await?;
    exchange(&mut stream, &endpoint.host, method, path, headers, body).await
}

/// Sends one request on `stream` and reads the whole answer (the server closes after it).
async fn exchange<S>(
    stream: &mut S,
    host: &str,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> Result<Answer, ClientError>
where
    S: tokio::io::AsyncRead + tokio::io::AsyncWrite + Unpin,
{
    let body = body.unwrap_or("");
    let mut extra = String::new();
    for (name, value) in headers {
        extra.push_str(name);
        extra.push_str(": ");
        extra.push_str(value);
        extra.push_str("\r\n");
    }
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n{extra}Content-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).await?;
    stream.write_all(body.as_bytes()).await?;
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await?;
    let text = String::from_utf8_lossy(&raw);
    let (head, rest) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| ClientError::Answer(text.to_string()))?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| ClientError::Answer(head.to_owned()))?;
    let chunked = head
        .lines()
        .any(|l| l.eq_ignore_ascii_case("transfer-encoding: chunked"));
    let body = if chunked {
        dechunk(rest)
    } else {
        rest.to_owned()
    };
    Ok(Answer {
        status,
        body,
        head: head.to_owned(),
    })
}

/// The body of a chunked answer.
fn dechunk(mut rest: &str) -> String {
    let mut body = String::new();
    while let Some((size, after)) = rest.split_once("\r\n") {
        let Ok(size) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if size == 0 || after.len() < size {
            break;
        }
        body.push_str(&after[..size]);
        rest = after[size..].trim_start_matches("\r\n");
    }
    body
}

/// The read chunk of a client's WebSocket: a whole state of the largest kind (a Quantik
/// opening's, with its legal moves, is about 14 KiB) in one chunk, allocated once when the
/// connection opens rather than grown while the game plays (not the default zeroed 128 KiB).
const READ_CHUNK: usize = 32 * 1024;

/// A WebSocket connection to one game.
pub struct GameSocket {
    socket: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl GameSocket {
    /// Connects to game `id`'s WebSocket.
    ///
    /// # Errors
    /// When the connection or the upgrade fails.
    pub async fn connect(addr: SocketAddr, id: &str) -> Result<Self, ClientError> {
        let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
            .read_buffer_size(READ_CHUNK);
        let (socket, _) = tokio_tungstenite::connect_async_with_config(
            format!("ws://{addr}/api/games/{id}/ws"),
            Some(config),
            false,
        )
        .await?;
        Ok(GameSocket { socket })
    }

    /// Connects to game `id`'s WebSocket as the player whose session secret is `session` (the
    /// value of the `tabuleiro_session` cookie a name or a key gave the browser).
    ///
    /// # Errors
    /// When the connection or the upgrade fails.
    pub async fn connect_as(
        addr: SocketAddr,
        id: &str,
        session: &str,
    ) -> Result<Self, ClientError> {
        GameSocket::open_as(addr, &format!("/api/games/{id}/ws"), session).await
    }

    /// Opens the site channel (`/api/me/ws`: events for the player on every page) of the
    /// player whose session secret is `session`; read it with [`GameSocket::next_text`].
    ///
    /// # Errors
    /// When the connection or the upgrade fails (no such player: 404).
    pub async fn site(addr: SocketAddr, session: &str) -> Result<Self, ClientError> {
        GameSocket::open_as(addr, "/api/me/ws", session).await
    }

    /// Opens the WebSocket at `path` with the session cookie `session`.
    async fn open_as(addr: SocketAddr, path: &str, session: &str) -> Result<Self, ClientError> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;
        let mut request = format!("ws://{addr}{path}").into_client_request()?;
        let cookie = format!("tabuleiro_session={session}")
            .parse()
            .map_err(|_| ClientError::Answer("a session secret is a cookie's value".to_owned()))?;
        request.headers_mut().insert("Cookie", cookie);
        let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
            .read_buffer_size(READ_CHUNK);
        let (socket, _) =
            tokio_tungstenite::connect_async_with_config(request, Some(config), false).await?;
        Ok(GameSocket { socket })
    }

    /// Opens the WebSocket at `path` of the server `endpoint` (`wss://` when it speaks TLS),
    /// with the session cookie `session`.
    ///
    /// # Errors
    /// When the connection, the TLS handshake or the upgrade fails.
    pub async fn open_at(
        endpoint: &Endpoint,
        path: &str,
        session: &str,
    ) -> Result<Self, ClientError> {
        use tokio_tungstenite::tungstenite::client::IntoClientRequest as _;
        let mut request = endpoint.ws_url(path).into_client_request()?;
        let cookie = format!("tabuleiro_session={session}")
            .parse()
            .map_err(|_| ClientError::Answer("a session secret is a cookie's value".to_owned()))?;
        request.headers_mut().insert("Cookie", cookie);
        let stream = endpoint.connect().await?;
        let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
            .read_buffer_size(READ_CHUNK);
        let (socket, _) =
            tokio_tungstenite::client_async_with_config(request, stream, Some(config)).await?;
        Ok(GameSocket { socket })
    }

    /// Connects to game `id`'s WebSocket from local address `from` (another loopback address
    /// such as 127.0.0.2 is another client network to the server).
    ///
    /// # Errors
    /// When the address cannot be bound, or the connection or the upgrade fails.
    pub async fn connect_from(
        addr: SocketAddr,
        id: &str,
        from: std::net::IpAddr,
    ) -> Result<Self, ClientError> {
        let socket = if addr.is_ipv4() {
            tokio::net::TcpSocket::new_v4()?
        } else {
            tokio::net::TcpSocket::new_v6()?
        };
        socket.bind(SocketAddr::new(from, 0))?;
        let stream = socket.connect(addr).await?;
        let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
            .read_buffer_size(READ_CHUNK);
        let (socket, _) = tokio_tungstenite::client_async_with_config(
            format!("ws://{addr}/api/games/{id}/ws"),
            MaybeTlsStream::Plain(stream),
            Some(config),
        )
        .await?;
        Ok(GameSocket { socket })
    }

    /// Sends a text message as it is.
    ///
    /// # Errors
    /// When the connection fails.
    pub async fn send_text(&mut self, text: &str) -> Result<(), ClientError> {
        self.socket.send(Message::text(text)).await?;
        Ok(())
    }

    /// Sends a message given as a JSON value.
    ///
    /// # Errors
    /// When the connection fails.
    pub async fn send(&mut self, value: &serde_json::Value) -> Result<(), ClientError> {
        self.send_text(&value.to_string()).await
    }

    /// Reads the next message as raw text (`None` when the connection closed).
    ///
    /// # Errors
    /// When the connection fails.
    pub async fn next_text(&mut self) -> Result<Option<String>, ClientError> {
        while let Some(message) = self.socket.next().await {
            match message? {
                Message::Text(text) => return Ok(Some(text.to_string())),
                Message::Close(_) => return Ok(None),
                _ => {}
            }
        }
        Ok(None)
    }

    /// Reads the next message.
    ///
    /// # Errors
    /// When the connection fails or closes, or the message is not a [`ServerMessage`].
    pub async fn next(&mut self) -> Result<ServerMessage, ClientError> {
        let text = self
            .next_text()
            .await?
            .ok_or_else(|| ClientError::Answer("connection closed".to_owned()))?;
        serde_json::from_str(&text).map_err(|e| ClientError::Answer(format!("{e}: {text}")))
    }
}
