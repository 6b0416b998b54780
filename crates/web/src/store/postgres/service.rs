//! The beat that says a node serves this database, and the clocks moved on after an outage
//! (see [`crate::store::outage`]), in PostgreSQL.

use deadpool_postgres::Object;

use crate::store::{StoreError, outage};

/// The table (migration 13): one row, when a node last said it serves.
pub(super) const SCHEMA: &str = "
CREATE TABLE service (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    alive_at BIGINT NOT NULL
);
";

/// Notes that a node serves at `now` (ms since 1970).
const BEAT: &str = "INSERT INTO service (id, alive_at) VALUES (1, $1) \
    ON CONFLICT (id) DO UPDATE SET alive_at = GREATEST(service.alive_at, EXCLUDED.alive_at)";

/// Notes that a node serves at `now`.
pub(super) async fn beat(client: &Object, now: i64) -> Result<(), StoreError> {
    let statement = client.prepare_cached(BEAT).await?;
    client.execute(&statement, &[&now]).await?;
    Ok(())
}

/// At a node's start at `now`: every running clock moved on by the time no node served, if
/// that was an outage; returns that time (0: none). One transaction, the beat's row locked:
/// of two nodes starting together, the second finds the first's beat.
pub(super) async fn resume(client: &mut Object, now: i64) -> Result<i64, StoreError> {
    let tx = client.transaction().await?;
    let last: Option<i64> = tx
        .query_opt("SELECT alive_at FROM service WHERE id = 1 FOR UPDATE", &[])
        .await?
        .map(|row| row.get(0));
    tx.execute(BEAT, &[&now]).await?;
    let Some(gap) = outage::gap(last, now) else {
        tx.commit().await?;
        return Ok(0);
    };
    let running = tx
        .query(
            "SELECT id, clock, deadline FROM games \
             WHERE deadline IS NOT NULL AND clock IS NOT NULL AND NOT finished FOR UPDATE",
            &[],
        )
        .await?;
    for row in running {
        let id: String = row.get(0);
        let (clock, deadline) = outage::resumed(row.get(1), row.get(2), gap)?;
        tx.execute(
            "UPDATE games SET clock = $2, deadline = $3, revision = revision + 1 WHERE id = $1",
            &[&id, &clock, &deadline],
        )
        .await?;
    }
    tx.commit().await?;
    Ok(gap)
}
