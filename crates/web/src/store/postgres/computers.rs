//! The queue of computer moves that every node's workers take from: a job per game whose
//! computer is to move, claimed by one worker for a while, handed back by a stopping node.

use std::time::Duration;

use tokio_postgres::Client;

use crate::store::StoreError;

/// Queues the computer's move at move number `ply` of game `id` (replacing an older job of
/// the game), counted for client `network`.
pub(super) async fn enqueue(
    client: &Client,
    id: &str,
    ply: usize,
    network: Option<String>,
) -> Result<(), StoreError> {
    client
        .execute(
            "INSERT INTO computer_jobs (game_id, ply, network) VALUES ($1, $2, $3) \
             ON CONFLICT (game_id) DO UPDATE SET ply = EXCLUDED.ply, claimed_by = NULL, \
             claimed_until = NULL, queued = now(), \
             network = COALESCE(computer_jobs.network, EXCLUDED.network) \
             WHERE computer_jobs.ply <> EXCLUDED.ply",
            &[&id, &(ply as i32), &network],
        )
        .await
        .map(|_| ())
        .map_err(StoreError::from)
}

/// One statement: the oldest job nobody holds, of a network holding fewer than `share`
/// unexpired claims (a job of no network is never held back), is locked
/// (`FOR UPDATE SKIP LOCKED`, so that two workers never wait for each other nor take the
/// same job) and claimed for `worker` until `lease` from now: its game and ply. Two workers
/// claiming at the same instant may each see the network one claim short and both take one:
/// a network holds at most `share` plus the workers claiming at that instant, for as long as
/// those searches last.
pub(super) async fn claim(
    client: &Client,
    worker: &str,
    lease: Duration,
    share: usize,
) -> Result<Option<(String, usize)>, StoreError> {
    let seconds = lease.as_secs_f64();
    let share = i64::try_from(share.max(1)).unwrap_or(i64::MAX);
    client
        .query_opt(
            "UPDATE computer_jobs SET claimed_by = $1, \
             claimed_until = now() + make_interval(secs => $2) \
             WHERE game_id = (SELECT j.game_id FROM computer_jobs j \
               WHERE (j.claimed_until IS NULL OR j.claimed_until < now()) \
               AND (j.network IS NULL OR (SELECT count(*) FROM computer_jobs k \
                 WHERE k.network = j.network AND k.claimed_until >= now()) < $3) \
               ORDER BY j.queued LIMIT 1 FOR UPDATE SKIP LOCKED) \
             RETURNING game_id, ply",
            &[&worker, &seconds, &share],
        )
        .await
        .map(|row| {
            row.map(|r| {
                (
                    r.get::<_, String>(0),
                    usize::try_from(r.get::<_, i32>(1)).unwrap_or(0),
                )
            })
        })
        .map_err(StoreError::from)
}

/// Hands back every job claimed by the workers of `node` (named `node/N`): nobody holds them
/// any more, and the next worker of any node takes each. Returns how many.
pub(super) async fn release(client: &Client, node: &str) -> Result<usize, StoreError> {
    let prefix = format!("{node}/");
    client
        .execute(
            "UPDATE computer_jobs SET claimed_by = NULL, claimed_until = NULL \
             WHERE left(claimed_by, length($1)) = $1",
            &[&prefix],
        )
        .await
        .map(|n| usize::try_from(n).unwrap_or(usize::MAX))
        .map_err(StoreError::from)
}
