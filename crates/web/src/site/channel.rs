//! The site channel's WebSocket, `GET /api/me/ws`: the events of [`super::SiteEvent`] to one
//! page of a player, for as long as it is open.

use std::sync::Arc;

use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use tokio::sync::mpsc;

use crate::clock::now_ms;
use crate::hub::Hub;

/// The most events waiting for one slow page; more are dropped for it.
const QUEUE: usize = 64;

/// `GET /api/me/ws`: the site channel of this browser's player (a browser without a player
/// gets 404).
pub async fn upgrade(
    ws: WebSocketUpgrade,
    State(hub): State<Arc<Hub>>,
    request: HeaderMap,
) -> Response {
    let player = match crate::me::signed_in(&hub, &request).await {
        Ok(player) => player,
        Err(refused) => return refused,
    };
    // The player's challenges stay from the first moment.
    if let Err(e) = hub
        .stored(hub.store().touch_challenges(player.id.clone(), now_ms()))
        .await
    {
        return crate::me::unavailable(e);
    }
    ws.read_buffer_size(crate::ws::READ_CHUNK)
        .max_message_size(crate::protocol::MAX_MESSAGE)
        .on_upgrade(move |socket| channel(hub, socket, player.id))
        .into_response()
}

/// One site channel: events to the page until either side closes it; what the page sends is
/// read and dropped (a ping is answered by the WebSocket layer).
async fn channel(hub: Arc<Hub>, socket: WebSocket, player: String) {
    let _counted = hub
        .metrics()
        .map(|m| m.opened(crate::metrics::Connection::WebSocket));
    let id = hub.connection_id();
    let (tx, mut rx) = mpsc::channel::<String>(QUEUE);
    hub.sites().add(&player, id, tx);
    let (mut sink, mut stream) = socket.split();
    loop {
        tokio::select! {
            event = rx.recv() => {
                let Some(text) = event else { break };
                let sent = tokio::time::timeout(
                    crate::ws::WRITE_TIMEOUT,
                    sink.send(Message::Text(text.into())),
                )
                .await;
                if !matches!(sent, Ok(Ok(()))) {
                    break;
                }
            }
            read = stream.next() => {
                if !matches!(read, Some(Ok(_))) {
                    break;
                }
                if matches!(read, Some(Ok(Message::Close(_)))) {
                    break;
                }
            }
        }
    }
    hub.sites().remove(&player, id);
    let _ = sink.close().await;
}
