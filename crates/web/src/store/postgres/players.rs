//! Players in PostgreSQL: a row per player, a row per browser session (the hash of the secret
//! its cookie holds), and the hash of the player's key; each call is one statement.

use deadpool_postgres::Object;

use super::super::{StoreError, StoredPlayer, StoredSession};

/// The tables (migration 5). Sessions name their player without a foreign key: a player and
/// its first session are written by one statement, and forgetting deletes both in one.
pub(super) const SCHEMA: &str = "
CREATE TABLE players (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    key_hash TEXT UNIQUE,
    created TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE sessions (
    hash TEXT PRIMARY KEY,
    player TEXT NOT NULL,
    created TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX sessions_player ON sessions (player);
";

/// Migration 11: whether the player is a bot (marked when `tabuleiro bot` claims its key).
pub(super) const BOTS: &str = "ALTER TABLE players ADD COLUMN bot BOOLEAN NOT NULL DEFAULT false;";

/// Migration 12: the key that made each session (none: the player's name made it).
pub(super) const SESSION_KEYS: &str = "ALTER TABLE sessions ADD COLUMN by_key TEXT;";

fn player(row: &tokio_postgres::Row) -> StoredPlayer {
    StoredPlayer {
        id: row.get(0),
        name: row.get(1),
        bot: row.get(2),
    }
}

pub(super) async fn create(
    client: &Object,
    p: &StoredPlayer,
    session: &str,
) -> Result<(), StoreError> {
    client
        .execute(
            "WITH p AS (INSERT INTO players (id, name) VALUES ($1, $2)) \
             INSERT INTO sessions (hash, player) VALUES ($3, $1)",
            &[&p.id, &p.name, &session],
        )
        .await?;
    Ok(())
}

pub(super) async fn by_session(
    client: &Object,
    session: &str,
) -> Result<Option<StoredPlayer>, StoreError> {
    Ok(client
        .query_opt(
            "SELECT p.id, p.name, p.bot FROM sessions s JOIN players p ON p.id = s.player WHERE s.hash = $1",
            &[&session],
        )
        .await?
        .as_ref()
        .map(player))
}

pub(super) async fn by_id(client: &Object, id: &str) -> Result<Option<StoredPlayer>, StoreError> {
    Ok(client
        .query_opt("SELECT id, name, bot FROM players WHERE id = $1", &[&id])
        .await?
        .as_ref()
        .map(player))
}

pub(super) async fn rename(client: &Object, id: &str, name: &str) -> Result<bool, StoreError> {
    let n = client
        .execute("UPDATE players SET name = $2 WHERE id = $1", &[&id, &name])
        .await?;
    Ok(n > 0)
}

pub(super) async fn set_key(
    client: &Object,
    id: &str,
    key: &str,
    keep: &str,
) -> Result<bool, StoreError> {
    let n = client
        .execute(
            "WITH s AS (DELETE FROM sessions WHERE player = $1 AND by_key IS NOT NULL \
             AND by_key <> $2 AND hash <> $3) \
             UPDATE players SET key_hash = $2 WHERE id = $1",
            &[&id, &key, &keep],
        )
        .await?;
    Ok(n > 0)
}

pub(super) async fn sessions(client: &Object, id: &str) -> Result<Vec<StoredSession>, StoreError> {
    Ok(client
        .query(
            "SELECT hash, EXTRACT(EPOCH FROM created)::BIGINT, by_key IS NOT NULL \
             FROM sessions WHERE player = $1 ORDER BY created, hash",
            &[&id],
        )
        .await?
        .iter()
        .map(|row| StoredSession {
            hash: row.get(0),
            created: row.get(1),
            by_key: row.get(2),
        })
        .collect())
}

pub(super) async fn end_session(client: &Object, id: &str, hash: &str) -> Result<bool, StoreError> {
    let n = client
        .execute(
            "DELETE FROM sessions WHERE player = $1 AND hash = $2",
            &[&id, &hash],
        )
        .await?;
    Ok(n > 0)
}

pub(super) async fn set_bot(client: &Object, id: &str, bot: bool) -> Result<bool, StoreError> {
    let n = client
        .execute("UPDATE players SET bot = $2 WHERE id = $1", &[&id, &bot])
        .await?;
    Ok(n > 0)
}

pub(super) async fn claim(
    client: &Object,
    key: &str,
    session: &str,
    bot: bool,
) -> Result<Option<StoredPlayer>, StoreError> {
    Ok(client
        .query_opt(
            "WITH p AS (SELECT id, name, bot FROM players WHERE key_hash = $1), \
             s AS (INSERT INTO sessions (hash, player, by_key) \
             SELECT $2, id, $1 FROM p WHERE bot OR NOT $3) \
             SELECT id, name, bot FROM p",
            &[&key, &session, &bot],
        )
        .await?
        .as_ref()
        .map(player))
}

pub(super) async fn by_key(client: &Object, key: &str) -> Result<Option<StoredPlayer>, StoreError> {
    Ok(client
        .query_opt(
            "SELECT id, name, bot FROM players WHERE key_hash = $1",
            &[&key],
        )
        .await?
        .as_ref()
        .map(player))
}

pub(super) async fn forget(client: &Object, id: &str) -> Result<bool, StoreError> {
    let n = client
        .execute(
            "WITH s AS (DELETE FROM sessions WHERE player = $1) DELETE FROM players WHERE id = $1",
            &[&id],
        )
        .await?;
    Ok(n > 0)
}
