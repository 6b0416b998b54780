//! A stored change means one thing on both databases: the same random sequences of changes
//! (moves, undos, offers and answers, clocks, seats, endings, resignations, rematches, ratings,
//! and changes made at a revision that is no longer the game's) made to SQLite and to
//! PostgreSQL are answered the same way, and both read back the same games and ratings.

use std::collections::BTreeMap;
use std::sync::Arc;

use tabuleiro_core::rng::RngExt as _;
use tabuleiro_core::{GameRng, rng_from_seed};
use tabuleiro_web::clock::{Clock, TimeControl};
use tabuleiro_web::store::{
    Change, Database, GameStore, Offer, OfferKind, Rating, SeatPlayer, StoreError, StoreOptions,
    StoredEnding, StoredGame, StoredPlayer, StoredSeat, Timed,
};

use super::{NEEDS, database};

/// Random games, and the most changes tried on each.
const GAMES: u64 = 40;
const CHANGES: usize = 30;

/// The players who sit in the games (stored on both databases first).
const PLAYERS: [&str; 3] = ["00000000000000a1", "00000000000000b2", "00000000000000c3"];

async fn open(database: Database) -> Arc<dyn GameStore> {
    database
        .open(&StoreOptions::default())
        .await
        .expect("open a store")
}

/// What a store answered, comparable across stores: a conflict's revisions, any other error
/// by kind only (its words are the database's own).
fn answered<T: std::fmt::Debug>(result: &Result<T, StoreError>) -> String {
    match result {
        Ok(value) => format!("ok {value:?}"),
        Err(StoreError::Conflict { expected, stored }) => format!("conflict {expected} {stored}"),
        Err(e) => format!("error ({e})")
            .split(" (")
            .next()
            .unwrap_or("error")
            .to_owned(),
    }
}

/// A new game, numbered `n`, timed when `timed`.
fn new_game(n: u64, timed: bool, rematch_of: Option<&str>) -> StoredGame {
    StoredGame {
        id: match rematch_of {
            Some(of) => format!("{of}r"),
            None => format!("same{n:04}"),
        },
        game: "quantik".to_owned(),
        players: 2,
        options: BTreeMap::new(),
        seed: n.wrapping_mul(0x9e37_79b9_7f4a_7c15),
        mode: "rated".to_owned(),
        seats: vec![
            StoredSeat::human(format!("{n:064x}")),
            StoredSeat::human(format!("{:064x}", n + 1)),
        ],
        resigned: None,
        moves: Vec::new(),
        revision: 0,
        rematch: None,
        offer: None,
        ending: None,
        clock: timed.then(|| {
            Clock::new(
                TimeControl::RealTime {
                    initial_ms: 180_000,
                    increment_ms: 2_000,
                },
                2,
            )
        }),
    }
}

/// A clock after a change, with a deadline drawn at random.
fn timed(game: &StoredGame, rng: &mut GameRng) -> Option<Box<Timed>> {
    let mut clock = game.clock.clone()?;
    for left in &mut clock.remaining {
        *left = rng.random_range(0..180_000);
    }
    Some(Box::new(Timed {
        clock,
        deadline: Some(rng.random_range(1_700_000_000_000..1_800_000_000_000)),
    }))
}

/// A random change to `game` as the test believes it stands (`moves` stored, `over` when it
/// ended), and whether it is made at a revision that is no longer the game's.
fn random_change(
    n: u64,
    game: &StoredGame,
    moves: usize,
    over: bool,
    rng: &mut GameRng,
) -> (Change, Option<Rating>) {
    let seat = rng.random_range(0..2usize);
    let notation = ["Ca1", "Sd4", "Tb2", "Oc3", "Cb4", "Sa2"][rng.random_range(0..6usize)];
    let rating = || Rating {
        game: "quantik".to_owned(),
        seated: PLAYERS[..2].iter().map(|p| (*p).to_owned()).collect(),
        places: if seat == 0 { vec![0, 1] } else { vec![1, 0] },
    };
    match rng.random_range(0..23u32) {
        _ if over => (
            Change::Rematch {
                game: Box::new(new_game(n, game.clock.is_some(), Some(&game.id))),
            },
            None,
        ),
        0..=11 => (
            Change::Move {
                ply: if rng.random_range(0..10u32) == 0 {
                    moves + 1
                } else {
                    moves
                },
                notation: notation.to_owned(),
                finished: false,
                clock: timed(game, rng),
            },
            None,
        ),
        12 => (
            Change::Move {
                ply: moves,
                notation: notation.to_owned(),
                finished: true,
                clock: timed(game, rng),
            },
            Some(rating()),
        ),
        13..=15 => (
            Change::Truncate {
                from: rng.random_range(0..=moves),
                clock: timed(game, rng),
            },
            None,
        ),
        16..=18 => (
            Change::Offer {
                offer: (rng.random_range(0..3u32) > 0).then(|| {
                    let kind = if rng.random_range(0..2u32) == 0 {
                        OfferKind::Draw
                    } else {
                        OfferKind::Takeback
                    };
                    let offer = Offer::new(kind, seat, moves, 1_000 * moves as i64);
                    if rng.random_range(0..2u32) == 0 {
                        offer.declined(2_000 * moves as i64)
                    } else {
                        offer
                    }
                }),
            },
            None,
        ),
        19 | 20 => {
            let mut seats = game.seats.clone();
            if let StoredSeat::Human { player, .. } = &mut seats[seat] {
                *player = Some(SeatPlayer::of(&StoredPlayer {
                    id: PLAYERS[rng.random_range(0..PLAYERS.len())].to_owned(),
                    name: "Ana".to_owned(),
                    bot: false,
                }));
            }
            (
                Change::Sit {
                    seat,
                    seats,
                    clock: None,
                },
                None,
            )
        }
        21 => (Change::Resign { seat }, Some(rating())),
        _ => {
            let ending = match rng.random_range(0..3u32) {
                0 => StoredEnding::Agreed,
                1 => StoredEnding::Aborted { seat },
                _ => StoredEnding::Timeout { seat },
            };
            let rated = !matches!(ending, StoredEnding::Aborted { .. });
            let clock = game
                .clock
                .clone()
                .map(|c| Box::new(c.stopped(Some(seat), 1)));
            (Change::End { ending, clock }, rated.then(rating))
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test runs it (TABULEIRO_TEST_POSTGRES)"]
async fn the_same_changes_read_back_the_same_on_sqlite_and_postgresql() {
    let _ = NEEDS;
    let folder = std::env::temp_dir().join(format!("same-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).expect("a data folder");
    let stores = [
        open(Database::Folder(folder.clone())).await,
        open(Database::Postgres(database("same"))).await,
    ];
    for store in &stores {
        for (i, id) in PLAYERS.iter().enumerate() {
            let player = StoredPlayer {
                id: (*id).to_owned(),
                name: format!("P{i}"),
                bot: false,
            };
            store
                .create_player(player, format!("{i:064x}"))
                .await
                .expect("a player");
        }
    }
    let mut made = 0;
    let mut conflicts = 0;
    let mut rated = 0;
    for n in 0..GAMES {
        let mut rng = rng_from_seed(n);
        let mut game = new_game(n, n % 2 == 0, None);
        for store in &stores {
            store.create(game.clone()).await.expect("a game");
        }
        let mut revision = 0u64;
        for _ in 0..CHANGES {
            let stored = stores[0]
                .load(&game.id)
                .await
                .expect("read")
                .expect("the game");
            let over = stored.resigned.is_some() || stored.ending.is_some();
            if over && stored.rematch.is_some() {
                break;
            }
            let (change, rating) = random_change(n, &stored, stored.moves.len(), over, &mut rng);
            // Now and then a change decided against an older revision: both refuse it.
            let at = if rng.random_range(0..8u32) == 0 {
                revision.saturating_sub(1)
            } else {
                revision
            };
            let mut answers = Vec::new();
            for store in &stores {
                let answer = match rating.clone() {
                    Some(rating) => answered(
                        &store
                            .change_rated(&game.id, at, change.clone(), rating)
                            .await,
                    ),
                    None => answered(&store.change(&game.id, at, change.clone()).await),
                };
                answers.push(answer);
            }
            assert_eq!(
                answers[0], answers[1],
                "game {} at revision {at}: {change:?} answered differently",
                game.id
            );
            if answers[0].starts_with("ok") {
                made += 1;
                revision += 1;
                rated += usize::from(rating.is_some());
            } else {
                conflicts += usize::from(answers[0].starts_with("conflict"));
            }
        }
        let read: Vec<StoredGame> = {
            let mut read = Vec::new();
            for store in &stores {
                read.push(store.load(&game.id).await.expect("read").expect("the game"));
            }
            read
        };
        assert_eq!(read[0], read[1], "game {} reads back differently", game.id);
        if let Some(rematch) = &read[0].rematch {
            let a = stores[0].load(rematch).await.expect("read");
            let b = stores[1].load(rematch).await.expect("read");
            assert_eq!(a, b, "rematch {rematch}");
        }
        let a = stores[0]
            .rating_changes(game.id.clone())
            .await
            .expect("ratings");
        let b = stores[1]
            .rating_changes(game.id.clone())
            .await
            .expect("ratings");
        assert_eq!(a, b, "game {}'s rating changes", game.id);
        game.revision = revision;
    }
    for id in PLAYERS {
        let a = stores[0]
            .player_ratings(id.to_owned())
            .await
            .expect("ratings");
        let b = stores[1]
            .player_ratings(id.to_owned())
            .await
            .expect("ratings");
        assert_eq!(a, b, "player {id}'s ratings");
    }
    println!("{made} changes made alike on both, {conflicts} refused alike, {rated} rated");
    assert!(made > GAMES as usize * 5, "too few changes made: {made}");
    assert!(
        conflicts > 0 && rated > 0,
        "{conflicts} conflicts, {rated} rated"
    );
    let _ = std::fs::remove_dir_all(&folder);
}
