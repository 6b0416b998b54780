//! How the nodes of a shared database hear of each other's changes: `NOTIFY` on one channel,
//! moves announced in batches after their commit, and one `LISTEN` connection per node.

use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use deadpool_postgres::{Object, Pool};
use futures_util::StreamExt as _;
use tokio_postgres::{AsyncMessage, NoTls};

use crate::store::{Changed, EVERY_GAME};

/// The channel on which the changes of games are announced. Each notification is one node's:
/// its name, then one line per change (`game` for any change, `game:revision:ply:notation`
/// for a move, announced once its batch is committed: `moves`). Nodes of an older format,
/// which announced one change per notification on another channel, do not hear these (nor
/// these nodes them); they still see each other's changes when they check the stored
/// revisions (every 2 s).
pub(super) const CHANNEL: &str = "tabuleiro_changes";

/// The most bytes in one notification's payload (PostgreSQL takes up to 8,000).
const PAYLOAD: usize = 7_000;

/// The most changes announced in one transaction.
const CHANGES: usize = 2_048;

/// How long an announcement of anything but moves waits for others to go with it. Each
/// transaction that notifies takes PostgreSQL's lock for notifying until its commit, and wakes
/// every node's listener: under load, the presences that change as games end came one
/// transaction each. Moves have an announcer of their own, which does not wait.
pub(super) const LINGER: Duration = Duration::from_millis(20);

/// The payload of a notification of `node` announcing one `change`.
pub(super) fn payload(node: &str, change: &str) -> String {
    format!("{}\n{change}", sender(node))
}

/// The first line of a notification: the node's name, a tab, and when it was sent (ms since
/// the epoch, by the node's clock), for the metrics of the node that hears it.
pub(super) fn sender(node: &str) -> String {
    format!("{node}\t{}", crate::clock::now_ms())
}

/// Starts an announcer ([`announce_all`]) waiting `linger` for more after each first change:
/// what is sent to the returned queue is announced.
pub(super) fn announcer(
    pool: &Pool,
    timeout: Duration,
    node: &str,
    linger: Duration,
) -> tokio::sync::mpsc::UnboundedSender<String> {
    let (queue, waiting) = tokio::sync::mpsc::unbounded_channel();
    tokio::spawn(announce_all(
        pool.clone(),
        timeout,
        node.to_owned(),
        waiting,
        linger,
    ));
    queue
}

/// Announces changes of games to every node (a game healed after an outage: see
/// [`GameStore::announce`](crate::store::GameStore::announce)), for as long as the store
/// lives: the changes waiting go together, as few notifications as their size allows, in one
/// transaction of its own, which does not wait for its commit to be flushed (it writes nothing
/// that must survive a crash), in order. A failure is logged; a node that missed an announcement
/// reads the game again when it checks the stored revisions.
async fn announce_all(
    pool: Pool,
    timeout: Duration,
    node: String,
    mut waiting: tokio::sync::mpsc::UnboundedReceiver<String>,
    linger: Duration,
) {
    while let Some(first) = waiting.recv().await {
        // What comes meanwhile goes in the same transaction (a presence that changes as a
        // game's connections close, every game's beat): one notification instead of many.
        if !linger.is_zero() {
            tokio::time::sleep(linger).await;
        }
        let mut changes = vec![first];
        while changes.len() < CHANGES
            && let Ok(next) = waiting.try_recv()
        {
            changes.push(next);
        }
        let sql = notifications(&sender(&node), &changes);
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
            tracing::warn!(error = %e, count = changes.len(), "stored changes could not be announced");
        }
    }
}

/// The transaction announcing `changes` of `node`: payloads of at most [`PAYLOAD`] bytes.
fn notifications(node: &str, changes: &[String]) -> String {
    let mut sql = String::from("BEGIN; SET LOCAL synchronous_commit TO off; SELECT 1");
    let mut payload = String::new();
    let flush = |payload: &mut String, sql: &mut String| {
        if !payload.is_empty() {
            let _ = write!(
                sql,
                ", pg_notify('{CHANNEL}', '{node}{}')",
                payload.replace('\'', "''")
            );
            payload.clear();
        }
    };
    for change in changes {
        if node.len() + payload.len() + change.len() + 1 > PAYLOAD {
            flush(&mut payload, &mut sql);
        }
        payload.push('\n');
        payload.push_str(change);
    }
    flush(&mut payload, &mut sql);
    sql.push_str("; COMMIT");
    sql
}

/// The line that announces a move stored: `game:revision:ply:notation`, or the game's id
/// alone for a line longer than 100 characters or a notation of several lines (the game is
/// then read again).
pub(super) fn moved(id: &str, revision: u64, ply: usize, notation: &str) -> String {
    let line = format!("{id}:{revision}:{ply}:{notation}");
    if line.len() > 100 || line.contains('\n') {
        id.to_owned()
    } else {
        line
    }
}

/// The line that tells `event` (JSON on one line) to `player`'s site channels: `@`, the
/// player's id, a tab, the event (a game's id never starts with `@`).
pub(super) fn told(player: &str, event: &str) -> String {
    format!("@{player}\t{}", event.replace('\n', " "))
}

/// The line that says which seats of game `id` have a connection on the node: `~`, the id, a
/// tab, a `1` or `0` a seat.
pub(super) fn presence(id: &str, seats: &[bool]) -> String {
    let bits: String = seats
        .iter()
        .map(|&here| if here { '1' } else { '0' })
        .collect();
    format!("~{id}\t{bits}")
}

/// Reads a notification: the node that sent it, and its changes (each with the time it was
/// sent, when the node said: [`sender`]).
pub(super) fn heard(payload: &str) -> (&str, impl Iterator<Item = Changed> + '_) {
    let mut lines = payload.split('\n');
    let first = lines.next().unwrap_or_default();
    let (from, sent_ms) = match first.split_once('\t') {
        Some((from, sent)) => (from, sent.parse().ok()),
        None => (first, None),
    };
    let changes = lines.map(move |line| {
        if let Some((player, event)) = line.strip_prefix('@').and_then(|l| l.split_once('\t')) {
            return Changed {
                id: String::new(),
                moved: None,
                told: Some((player.to_owned(), event.to_owned())),
                presence: None,
                sent_ms,
            };
        }
        if let Some((id, bits)) = line.strip_prefix('~').and_then(|l| l.split_once('\t')) {
            return Changed {
                id: id.to_owned(),
                moved: None,
                told: None,
                presence: Some((from.to_owned(), bits.chars().map(|c| c == '1').collect())),
                sent_ms,
            };
        }
        let mut parts = line.splitn(4, ':');
        let id = parts.next().unwrap_or_default();
        let moved = match (parts.next(), parts.next(), parts.next()) {
            (Some(revision), Some(ply), Some(notation)) => revision
                .parse()
                .ok()
                .zip(ply.parse().ok())
                .map(|(r, p)| (r, p, notation.to_owned())),
            _ => None,
        };
        Changed {
            id: id.to_owned(),
            moved,
            told: None,
            presence: None,
            sent_ms,
        }
    });
    (from, changes)
}

/// Whether a node listens to the others' changes, and whether its listening connection is up
/// (for `/readyz`).
#[derive(Debug, Default)]
pub(super) struct Listening {
    /// Set once the node follows other nodes' changes.
    pub(super) asked: AtomicBool,
    /// Set while the `LISTEN` connection is up.
    pub(super) up: AtomicBool,
}

impl Listening {
    /// Ready: not asked to listen, or listening.
    pub(super) fn ready(&self) -> bool {
        !self.asked.load(Ordering::Relaxed) || self.up.load(Ordering::Relaxed)
    }
}

/// Listens on [`CHANNEL`] on a connection of its own, for ever, sending the id of each game
/// another node than `node` changed to `changed`; after a lost connection, it connects again
/// and sends [`EVERY_GAME`]. Stops when nobody receives any more. `listening.up` says
/// whether the connection is up.
pub(super) async fn listen(
    config: tokio_postgres::Config,
    node: String,
    changed: tokio::sync::mpsc::UnboundedSender<Changed>,
    listening: std::sync::Arc<Listening>,
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
                listening.up.store(true, Ordering::Relaxed);
                if !first && changed.send(Changed::any(EVERY_GAME)).is_err() {
                    return;
                }
                first = false;
                while let Some(payload) = notes_heard.recv().await {
                    let (from, changes) = heard(&payload);
                    if from == node {
                        continue;
                    }
                    for change in changes {
                        if changed.send(change).is_err() {
                            return;
                        }
                    }
                }
            }
            listening.up.store(false, Ordering::Relaxed);
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
    fn announcements_read_back_with_their_moves() {
        let (from, changes) = heard("17\ng1:5:4:YH@4,0 KS@4,1\ng2\ng3:2:1:a:b");
        assert_eq!(from, "17");
        let changes: Vec<Changed> = changes.collect();
        assert_eq!(changes.len(), 3);
        assert_eq!(changes[0].id, "g1");
        assert_eq!(changes[0].moved, Some((5, 4, "YH@4,0 KS@4,1".to_owned())));
        assert_eq!(changes[1], Changed::any("g2"));
        // A notation holding the separator of fields keeps it.
        assert_eq!(changes[2].moved, Some((2, 1, "a:b".to_owned())));
        // An event for a player's pages, its JSON whole.
        let line = told("p1", r#"{"type":"started","game":"g:1"}"#);
        let payload = format!("17\ng1\n{line}\n{}", presence("g2", &[true, false]));
        let changes: Vec<Changed> = heard(&payload).1.collect();
        assert_eq!(changes[2].id, "g2");
        assert_eq!(
            changes[2].presence,
            Some(("17".to_owned(), vec![true, false])),
            "who is here, and which node said it"
        );
        assert_eq!(changes[0], Changed::any("g1"));
        assert_eq!(
            changes[1].told,
            Some((
                "p1".to_owned(),
                r#"{"type":"started","game":"g:1"}"#.to_owned()
            ))
        );
    }

    #[test]
    fn a_stored_move_is_announced_in_a_line_read_back_as_the_move() {
        let payload = format!("17\n{}", moved("g1", 5, 4, "YH@4,0 KS@4,1"));
        let changes: Vec<Changed> = heard(&payload).1.collect();
        assert_eq!(changes[0].id, "g1");
        assert_eq!(changes[0].moved, Some((5, 4, "YH@4,0 KS@4,1".to_owned())));
        // Too long, or of several lines: the game alone, read again by who hears it.
        assert_eq!(moved("g1", 5, 4, &"x".repeat(120)), "g1");
        assert_eq!(moved("g1", 5, 4, "a\nb"), "g1");
    }

    #[test]
    fn a_notification_says_when_its_node_sent_it() {
        let before = crate::clock::now_ms();
        let payload = payload("node-7", "g1");
        let (from, changes) = heard(&payload);
        assert_eq!(from, "node-7", "the node's name without the time");
        let changes: Vec<Changed> = changes.collect();
        assert_eq!(changes.len(), 1);
        let sent = changes[0].sent_ms.expect("a sending time");
        assert!((before..=crate::clock::now_ms()).contains(&sent), "{sent}");
        // A node of the older format said no time.
        let (from, mut changes) = heard("17\ng1");
        assert_eq!(from, "17");
        assert_eq!(changes.next().and_then(|c| c.sent_ms), None);
    }

    #[test]
    fn many_changes_fill_several_notifications_each_under_the_limit() {
        let changes: Vec<String> = (0..2000).map(|i| format!("game'{i}")).collect();
        let sql = notifications("1234567890", &changes);
        let payloads: Vec<&str> = sql
            .split("pg_notify('tabuleiro_changes', '")
            .skip(1)
            .collect();
        assert!(payloads.len() > 1, "{} notifications", payloads.len());
        let mut heard_back = Vec::new();
        for p in payloads {
            let p = &p[..p.find("')").expect("a closed payload")];
            let unquoted = p.replace("''", "'");
            assert!(unquoted.len() <= PAYLOAD, "{} bytes", unquoted.len());
            let (from, changes) = heard(&unquoted);
            assert_eq!(from, "1234567890");
            heard_back.extend(changes.map(|c| c.id));
        }
        assert_eq!(heard_back, changes);
    }
}
