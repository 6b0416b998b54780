//! How the nodes of a shared database hear of each other's changes: `NOTIFY` on one channel,
//! moves announced in batches after their commit, and one `LISTEN` connection per node.

use std::fmt::Write as _;
use std::time::Duration;

use deadpool_postgres::{Object, Pool};
use futures_util::StreamExt as _;
use tokio_postgres::{AsyncMessage, NoTls};

use crate::store::{Changed, EVERY_GAME};

/// The channel on which every change of a game is announced, with the game's id.
pub(super) const CHANNEL: &str = "tabuleiro_games";

/// Announces committed moves to every node, for as long as the store lives: the moves
/// committed meanwhile go together in one transaction of its own, which does not wait for its
/// commit to be flushed (it writes nothing that must survive a crash), in the order they were
/// committed. Each payload is `node:game:revision:ply:notation`. A failure is logged; the moves
/// stay stored, and a node that missed one reads the game again at its next change.
pub(super) async fn announce_all(
    pool: Pool,
    timeout: Duration,
    mut waiting: tokio::sync::mpsc::UnboundedReceiver<String>,
) {
    while let Some(first) = waiting.recv().await {
        let mut sql = String::from("BEGIN; SET LOCAL synchronous_commit TO off; SELECT 1");
        let mut add = |payload: &str| {
            let _ = write!(
                sql,
                ", pg_notify('{CHANNEL}', '{}')",
                payload.replace('\'', "''")
            );
        };
        add(&first);
        let mut count = 1;
        while count < 256
            && let Ok(next) = waiting.try_recv()
        {
            add(&next);
            count += 1;
        }
        sql.push_str("; COMMIT");
        let sent = match pool.get().await {
            Ok(client) => {
                let answered = tokio::time::timeout(timeout, client.batch_execute(&sql)).await;
                if let Ok(done) = answered {
                    done.map_err(|e| e.to_string())
                } else {
                    // It may still be waiting for the database: not back into the pool.
                    drop(Object::take(client));
                    Err(format!("no answer within {timeout:?}"))
                }
            }
            Err(e) => Err(e.to_string()),
        };
        if let Err(e) = sent {
            tracing::warn!(error = %e, count, "stored moves could not be announced");
        }
    }
}

/// Reads an announcement: `node:game` for any change, `node:game:revision:ply:notation` for a
/// move. Returns the node that made it and the change.
pub(super) fn heard(payload: &str) -> (&str, Changed) {
    let mut parts = payload.splitn(5, ':');
    let from = parts.next().unwrap_or_default();
    let id = parts.next().unwrap_or_default();
    let moved = match (parts.next(), parts.next(), parts.next()) {
        (Some(revision), Some(ply), Some(notation)) => revision
            .parse()
            .ok()
            .zip(ply.parse().ok())
            .map(|(r, p)| (r, p, notation.to_owned())),
        _ => None,
    };
    (
        from,
        Changed {
            id: id.to_owned(),
            moved,
        },
    )
}

/// Listens on [`CHANNEL`] on a connection of its own, for ever, sending the id of each game
/// another node than `node` changed to `changed`; after a lost connection, it connects again
/// and sends [`EVERY_GAME`]. Stops when nobody receives any more.
pub(super) async fn listen(
    config: tokio_postgres::Config,
    node: String,
    changed: tokio::sync::mpsc::UnboundedSender<Changed>,
) {
    let mut first = true;
    loop {
        if let Ok((client, mut connection)) = config.connect(NoTls).await {
            let (notes, mut notes_heard) = tokio::sync::mpsc::unbounded_channel();
            let driver = tokio::spawn(async move {
                let mut messages =
                    futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
                while let Some(Ok(message)) = messages.next().await {
                    if let AsyncMessage::Notification(note) = message
                        && notes.send(note.payload().to_owned()).is_err()
                    {
                        return;
                    }
                }
            });
            if client
                .batch_execute(&format!("LISTEN {CHANNEL}"))
                .await
                .is_ok()
            {
                if !first && changed.send(Changed::any(EVERY_GAME)).is_err() {
                    return;
                }
                first = false;
                while let Some(payload) = notes_heard.recv().await {
                    let (from, change) = heard(&payload);
                    if from != node && changed.send(change).is_err() {
                        return;
                    }
                }
            }
            driver.abort();
            tracing::warn!("lost the connection that hears other nodes' changes; connecting again");
        }
        if changed.is_closed() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn announcements_read_back_with_their_move() {
        let (from, change) = heard("17:g1:5:4:YH@4,0 KS@4,1");
        assert_eq!(from, "17");
        assert_eq!(change.id, "g1");
        assert_eq!(change.moved, Some((5, 4, "YH@4,0 KS@4,1".to_owned())));
        let (from, change) = heard("17:g2");
        assert_eq!((from, change), ("17", Changed::any("g2")));
        // A notation holding the separator keeps it.
        assert_eq!(heard("1:g:2:1:a:b").1.moved, Some((2, 1, "a:b".to_owned())));
    }
}
