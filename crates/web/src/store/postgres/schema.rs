//! The schema of the PostgreSQL store: its migrations, applied at start-up in one transaction
//! under an advisory lock (two nodes starting together migrate once), its version kept in
//! `schema_version`.

use deadpool_postgres::Object;

use crate::store::StoreError;

/// The schema's migrations, in order: version `i + 1` is `MIGRATIONS[i]`.
const MIGRATIONS: &[&str] = &[
    "
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    players INTEGER NOT NULL,
    options TEXT NOT NULL,
    seed BIGINT NOT NULL,
    mode TEXT NOT NULL,
    seats TEXT NOT NULL,
    resigned INTEGER,
    finished BOOLEAN NOT NULL DEFAULT false,
    created TIMESTAMPTZ NOT NULL DEFAULT now()
);
CREATE TABLE moves (
    game_id TEXT NOT NULL REFERENCES games(id),
    ply INTEGER NOT NULL,
    notation TEXT NOT NULL,
    PRIMARY KEY (game_id, ply)
);
",
    "
CREATE TABLE computer_jobs (
    game_id TEXT PRIMARY KEY REFERENCES games(id),
    ply INTEGER NOT NULL,
    claimed_by TEXT,
    claimed_until TIMESTAMPTZ
);
",
    "
ALTER TABLE games ADD COLUMN revision BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN rematch TEXT;
",
    "
ALTER TABLE computer_jobs ADD COLUMN network TEXT;
ALTER TABLE computer_jobs ADD COLUMN queued TIMESTAMPTZ NOT NULL DEFAULT now();
CREATE INDEX computer_jobs_network ON computer_jobs (network);
",
    super::players::SCHEMA,
    super::ratings::SCHEMA,
    "
ALTER TABLE games ADD COLUMN offer TEXT;
ALTER TABLE games ADD COLUMN ending TEXT;
",
    "
ALTER TABLE games ADD COLUMN clock TEXT;
ALTER TABLE games ADD COLUMN deadline BIGINT;
CREATE INDEX games_deadline ON games (deadline) WHERE deadline IS NOT NULL;
",
    super::lobby::SCHEMA,
    super::lobby::PLAYING_SCHEMA,
    super::players::BOTS,
    super::players::SESSION_KEYS,
    super::service::SCHEMA,
    super::puzzles::SCHEMA,
];

/// The key of the advisory lock held while migrating (any number the application owns).
const MIGRATION_LOCK: i64 = 0x7461_6275_6c65_6972;

/// Applies the migrations the database lacks, in one transaction.
pub(super) async fn migrate(client: &mut Object) -> Result<(), StoreError> {
    let tx = client.transaction().await?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])
        .await?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
        .await?;
    let found: i32 = tx
        .query_one("SELECT COALESCE(MAX(version), 0) FROM schema_version", &[])
        .await?
        .get(0);
    let known = MIGRATIONS.len() as i32;
    if found > known {
        return Err(StoreError::Newer {
            found: i64::from(found),
            known: i64::from(known),
        });
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(found as usize) {
        tx.batch_execute(sql).await?;
        tx.execute(
            "INSERT INTO schema_version (version) VALUES ($1)",
            &[&(i as i32 + 1)],
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}
