//! Challenges in PostgreSQL: each as JSON, with its creator, when the creator's page was last
//! seen, and the game it started.

use deadpool_postgres::Object;

use super::super::{StoreError, StoredGame};
use crate::store::{Challenge, Playing};

/// The table (migration 9).
pub(super) const SCHEMA: &str = "
CREATE TABLE challenges (
    id TEXT PRIMARY KEY,
    body TEXT NOT NULL,
    creator TEXT NOT NULL,
    revision BIGINT NOT NULL,
    seen BIGINT NOT NULL,
    game_id TEXT,
    created TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE INDEX challenges_seen ON challenges (seen);
";

/// The games being played each node serves (migration 10).
pub(super) const PLAYING_SCHEMA: &str = "
CREATE TABLE playing (
    node TEXT NOT NULL,
    game_id TEXT NOT NULL,
    body TEXT NOT NULL,
    seen BIGINT NOT NULL,
    PRIMARY KEY (node, game_id)
);
CREATE INDEX playing_seen ON playing (seen);
";

pub(super) async fn share_playing(
    client: &mut Object,
    node: &str,
    games: &[Playing],
    now: i64,
    forget: i64,
) -> Result<(), StoreError> {
    let tx = client.transaction().await?;
    tx.execute(
        "DELETE FROM playing WHERE node = $1 OR seen < $2",
        &[&node, &forget],
    )
    .await?;
    for game in games {
        tx.execute(
            "INSERT INTO playing (node, game_id, body, seen) VALUES ($1, $2, $3, $4)",
            &[&node, &game.id, &serde_json::to_string(game)?, &now],
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

pub(super) async fn playing(
    client: &Object,
    since: i64,
) -> Result<Vec<(String, Playing)>, StoreError> {
    client
        .query(
            "SELECT node, body FROM playing WHERE seen >= $1 LIMIT 1000",
            &[&since],
        )
        .await?
        .iter()
        .map(|row| {
            let game = serde_json::from_str(&row.get::<_, String>(1)).map_err(|error| {
                StoreError::Corrupt {
                    column: "playing.body",
                    error,
                }
            })?;
            Ok((row.get::<_, String>(0), game))
        })
        .collect()
}

fn decode(body: &str) -> Result<Challenge, StoreError> {
    serde_json::from_str(body).map_err(|error| StoreError::Corrupt {
        column: "challenges.body",
        error,
    })
}

pub(super) async fn put(
    client: &mut Object,
    challenge: &Challenge,
    expected: Option<u64>,
    game: Option<&StoredGame>,
    now: i64,
) -> Result<bool, StoreError> {
    let tx = client.transaction().await?;
    let mut stored = challenge.clone();
    let changed = match expected {
        None => {
            stored.revision = 0;
            tx.execute(
                "INSERT INTO challenges (id, body, creator, revision, seen, game_id) \
                 VALUES ($1, $2, $3, 0, $4, $5)",
                &[
                    &stored.id,
                    &serde_json::to_string(&stored)?,
                    &stored.creator(),
                    &now,
                    &stored.game_id,
                ],
            )
            .await?
        }
        Some(revision) => {
            stored.revision = revision + 1;
            tx.execute(
                "UPDATE challenges SET body = $2, revision = $3, game_id = $4 \
                 WHERE id = $1 AND revision = $5 AND game_id IS NULL",
                &[
                    &stored.id,
                    &serde_json::to_string(&stored)?,
                    &(stored.revision as i64),
                    &stored.game_id,
                    &(revision as i64),
                ],
            )
            .await?
        }
    };
    if changed == 0 {
        return Ok(false);
    }
    if let Some(game) = game {
        super::games::insert_game(&tx, game, false).await?;
    }
    tx.commit().await?;
    Ok(true)
}

pub(super) async fn one(
    client: &Object,
    id: &str,
    since: Option<i64>,
) -> Result<Option<Challenge>, StoreError> {
    client
        .query_opt(
            "SELECT body FROM challenges WHERE id = $1 \
             AND ($2::BIGINT IS NULL OR game_id IS NOT NULL OR seen >= $2)",
            &[&id, &since],
        )
        .await?
        .map(|row| decode(&row.get::<_, String>(0)))
        .transpose()
}

pub(super) async fn open(
    client: &Object,
    since: i64,
    mine: Option<&str>,
) -> Result<Vec<Challenge>, StoreError> {
    client
        .query(
            "SELECT body FROM challenges WHERE seen >= $1 \
             AND (game_id IS NULL OR creator = $2) ORDER BY created DESC LIMIT 200",
            &[&since, &mine],
        )
        .await?
        .iter()
        .map(|row| decode(&row.get::<_, String>(0)))
        .collect()
}

pub(super) async fn touch(client: &Object, creator: &str, now: i64) -> Result<(), StoreError> {
    client
        .execute(
            "UPDATE challenges SET seen = GREATEST(seen, $2) WHERE creator = $1",
            &[&creator, &now],
        )
        .await?;
    Ok(())
}

pub(super) async fn remove(client: &Object, id: &str, creator: &str) -> Result<bool, StoreError> {
    let n = client
        .execute(
            "DELETE FROM challenges WHERE id = $1 AND creator = $2 AND game_id IS NULL",
            &[&id, &creator],
        )
        .await?;
    Ok(n > 0)
}
