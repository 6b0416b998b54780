//! Seats' players and ratings in PostgreSQL: which player sat where (every player's games),
//! each player's Glicko-2 rating per game, and how each rated game changed them.

use deadpool_postgres::Object;
use tabuleiro_ai::glicko::Glicko;

use super::super::{PlayedGame, PlayerRating, RatingChange, StoreError};

/// The tables (migration 6).
pub(super) const SCHEMA: &str = "
CREATE TABLE seat_players (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    player TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seat_players_player ON seat_players (player);
CREATE TABLE ratings (
    player TEXT NOT NULL,
    game TEXT NOT NULL,
    rating DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    volatility DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (player, game)
);
CREATE TABLE rating_changes (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    player TEXT NOT NULL,
    before DOUBLE PRECISION NOT NULL,
    after DOUBLE PRECISION NOT NULL,
    deviation DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (game_id, seat)
);
";

pub(super) async fn of_player(
    client: &impl deadpool_postgres::GenericClient,
    player: &str,
) -> Result<Vec<PlayerRating>, StoreError> {
    Ok(client
        .query(
            "SELECT game, rating, deviation, volatility, games FROM ratings WHERE player = $1 \
             ORDER BY game",
            &[&player],
        )
        .await?
        .iter()
        .map(|row| PlayerRating {
            game: row.get(0),
            glicko: Glicko {
                rating: row.get(1),
                deviation: row.get(2),
                volatility: row.get(3),
            },
            games: u32::try_from(row.get::<_, i32>(4)).unwrap_or(0),
        })
        .collect())
}

pub(super) async fn games(
    client: &Object,
    player: &str,
    game: Option<&str>,
    limit: usize,
) -> Result<Vec<PlayedGame>, StoreError> {
    let limit = i64::try_from(limit).unwrap_or(i64::MAX);
    Ok(client
        .query(
            "SELECT g.id, s.seat, EXTRACT(EPOCH FROM g.created)::BIGINT FROM seat_players s \
             JOIN games g ON g.id = s.game_id WHERE s.player = $1 \
             AND ($2::TEXT IS NULL OR g.game = $2) ORDER BY g.created DESC LIMIT $3",
            &[&player, &game, &limit],
        )
        .await?
        .iter()
        .map(|row| PlayedGame {
            id: row.get(0),
            seat: usize::try_from(row.get::<_, i32>(1)).unwrap_or(0),
            created: row.get(2),
        })
        .collect())
}

pub(super) async fn changes(
    client: &impl deadpool_postgres::GenericClient,
    id: &str,
) -> Result<Vec<RatingChange>, StoreError> {
    Ok(client
        .query(
            "SELECT seat, player, before, after, deviation FROM rating_changes \
             WHERE game_id = $1 ORDER BY seat",
            &[&id],
        )
        .await?
        .iter()
        .map(|row| RatingChange {
            seat: usize::try_from(row.get::<_, i32>(0)).unwrap_or(0),
            player: row.get(1),
            before: row.get(2),
            after: row.get(3),
            deviation: row.get(4),
        })
        .collect())
}

/// Rates game `id` unless it was, in one transaction: the game's row is locked first, so two
/// nodes rating it at once rate it once, and the players' rows are locked in the order of
/// their ids, so games ending together never wait for each other in a circle.
pub(super) async fn rate(
    client: &mut Object,
    id: &str,
    game: &str,
    seated: &[String],
    places: &[usize],
) -> Result<Vec<RatingChange>, StoreError> {
    let tx = client.transaction().await?;
    let changes = rate_in(&tx, id, game, seated, places).await?;
    tx.commit().await?;
    Ok(changes)
}

/// [`rate`] within `tx` (the transaction of the change that ended the game, or one of its
/// own), not committed.
pub(super) async fn rate_in(
    tx: &deadpool_postgres::Transaction<'_>,
    id: &str,
    game: &str,
    seated: &[String],
    places: &[usize],
) -> Result<Vec<RatingChange>, StoreError> {
    tx.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", &[&id])
        .await?;
    let done = changes(tx, id).await?;
    if !done.is_empty() {
        return Ok(done);
    }
    let mut ordered: Vec<&String> = seated.iter().collect();
    ordered.sort();
    ordered.dedup();
    for player in &ordered {
        tx.execute(
            "SELECT 1 FROM ratings WHERE player = $1 AND game = $2 FOR UPDATE",
            &[player, &game],
        )
        .await?;
    }
    let mut before = Vec::with_capacity(seated.len());
    for player in seated {
        let found = of_player(tx, player)
            .await?
            .into_iter()
            .find(|r| r.game == game);
        before.push(found.map(|r| r.glicko).unwrap_or_default());
    }
    let mut repeated = false;
    for (a, b) in crate::ratings::pairs(seated) {
        let together: i64 = tx
            .query_one(
                "SELECT COUNT(DISTINCT x.game_id) FROM rating_changes x \
                 JOIN rating_changes y ON y.game_id = x.game_id \
                 JOIN games g ON g.id = x.game_id \
                 WHERE x.player = $1 AND y.player = $2 AND x.game_id <> $3 \
                 AND g.created >= now() - interval '1 day'",
                &[&a, &b, &id],
            )
            .await?
            .get(0);
        repeated |= u64::try_from(together).unwrap_or(0) >= crate::ratings::PAIR_GAMES_PER_DAY;
    }
    let (after, changes) = if repeated {
        (Vec::new(), crate::ratings::unchanged(seated, &before))
    } else {
        crate::ratings::rate(seated, &before, places)
    };
    for (player, glicko) in seated.iter().zip(&after) {
        tx.execute(
            "INSERT INTO ratings (player, game, rating, deviation, volatility, games) \
             VALUES ($1, $2, $3, $4, $5, 1) ON CONFLICT (player, game) DO UPDATE SET \
             rating = EXCLUDED.rating, deviation = EXCLUDED.deviation, \
             volatility = EXCLUDED.volatility, games = ratings.games + 1",
            &[
                player,
                &game,
                &glicko.rating,
                &glicko.deviation,
                &glicko.volatility,
            ],
        )
        .await?;
    }
    for change in &changes {
        tx.execute(
            "INSERT INTO rating_changes (game_id, seat, player, before, after, deviation) \
             VALUES ($1, $2, $3, $4, $5, $6)",
            &[
                &id,
                &(change.seat as i32),
                &change.player,
                &change.before,
                &change.after,
                &change.deviation,
            ],
        )
        .await?;
    }
    Ok(changes)
}
