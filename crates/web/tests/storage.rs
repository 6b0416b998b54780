//! The storage interface, on the database the tests are given: SQLite in a folder, or
//! PostgreSQL when `TABULEIRO_TEST_POSTGRES` names a server (`scripts/test` starts one). The
//! same sequence of writes must read back the same way on both, and every change is made only
//! at the revision it names.

use std::collections::BTreeMap;
use std::sync::Arc;

use tabuleiro_web::store::{
    Change, Database, GameStore, StoreError, StoreOptions, StoredGame, StoredSeat,
};

use crate::util::{data_folder, database_of, database_sql};

fn game(id: &str, moves: &[&str]) -> StoredGame {
    StoredGame {
        id: id.to_owned(),
        game: "quantik".to_owned(),
        players: 2,
        options: BTreeMap::from([("first".to_owned(), "1".to_owned())]),
        seed: u64::MAX - 7,
        mode: "hotseat".to_owned(),
        seats: vec![
            StoredSeat::human("ab".repeat(32)),
            StoredSeat::Computer {
                level: "medium".to_owned(),
            },
        ],
        resigned: None,
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
        revision: 0,
        rematch: None,
        offer: None,
        ending: None,
        clock: None,
    }
}

fn play(ply: usize, notation: &str) -> Change {
    Change::Move {
        ply,
        notation: notation.to_owned(),
        finished: false,
        clock: None,
    }
}

async fn open(database: &Database) -> Arc<dyn GameStore> {
    database
        .open(&StoreOptions::default())
        .await
        .expect("open the store")
}

#[tokio::test]
async fn games_moves_undo_and_resignations_read_back_as_written() {
    let data = data_folder();
    let database = database_of(&data);
    if std::env::var("TABULEIRO_TEST_POSTGRES").is_ok_and(|u| !u.is_empty()) {
        assert!(matches!(database, Database::Postgres(_)), "{database:?}");
    }
    let store = open(&database).await;
    assert_eq!(store.count().await.expect("count"), 0);
    store.create(game("g1", &[])).await.expect("create");
    assert!(
        store.create(game("g1", &[])).await.is_err(),
        "one row per id"
    );
    for (ply, mv) in ["Ca1", "Sd4", "Yb1"].iter().enumerate() {
        let revision = store.change("g1", ply as u64, play(ply, mv)).await;
        assert_eq!(revision.expect("move"), ply as u64 + 1);
    }
    let mut expected = game("g1", &["Ca1", "Sd4", "Yb1"]);
    expected.revision = 3;
    assert_eq!(store.load("g1").await.expect("load"), Some(expected));
    store
        .change(
            "g1",
            3,
            Change::Truncate {
                from: 1,
                clock: None,
            },
        )
        .await
        .expect("undo");
    store
        .change("g1", 4, Change::Resign { seat: 1 })
        .await
        .expect("resign");
    let mut expected = game("g1", &["Ca1"]);
    expected.resigned = Some(1);
    expected.revision = 5;
    assert_eq!(store.load("g1").await.expect("load"), Some(expected));
    assert_eq!(store.load("nope").await.expect("load"), None);
    let imported = store
        .import(
            (0..3)
                .map(|i| game(&format!("i{i}"), &["Ca1", "cb2"]))
                .collect(),
        )
        .await
        .expect("import");
    assert_eq!(imported, 3);
    assert_eq!(store.count().await.expect("count"), 4);
    assert_eq!(
        store.load("i2").await.expect("load"),
        Some(game("i2", &["Ca1", "cb2"]))
    );
    // The same database opened again finds everything (and migrates nothing twice).
    drop(store);
    let again = open(&database).await;
    assert_eq!(again.count().await.expect("count"), 4);
}

/// A move is stored only at the ply after the last one stored: at the right revision, a move
/// that would leave a gap, or say again a ply already played, is refused and changes nothing
/// (after moves, after an undo, and on an imported game).
#[tokio::test]
async fn a_move_is_stored_only_right_after_the_last() {
    let data = data_folder();
    let store = open(&database_of(&data)).await;
    store.create(game("p", &[])).await.expect("create");
    conflict(store.change("p", 0, play(1, "Ca1")).await, 0);
    assert_eq!(
        store.change("p", 0, play(0, "Ca1")).await.expect("first"),
        1
    );
    for wrong in [0, 2, 5] {
        conflict(store.change("p", 1, play(wrong, "Sd4")).await, 1);
    }
    assert_eq!(
        store.change("p", 1, play(1, "Sd4")).await.expect("second"),
        2
    );
    let undo = Change::Truncate {
        from: 1,
        clock: None,
    };
    assert_eq!(store.change("p", 2, undo).await.expect("undo"), 3);
    conflict(store.change("p", 3, play(2, "Yb1")).await, 3);
    assert_eq!(
        store.change("p", 3, play(1, "Yb1")).await.expect("again"),
        4
    );
    let mut expected = game("p", &["Ca1", "Yb1"]);
    expected.revision = 4;
    assert_eq!(store.load("p").await.expect("load"), Some(expected));
    store
        .import(vec![game("q", &["Ca1", "cb2", "Sd4"])])
        .await
        .expect("import");
    conflict(store.change("q", 0, play(2, "Yb1")).await, 0);
    assert_eq!(store.change("q", 0, play(3, "Yb1")).await.expect("next"), 1);
}

/// Asserts that `result` is a conflict that found the game at `stored`.
fn conflict(result: Result<u64, StoreError>, stored: u64) {
    match result {
        Err(StoreError::Conflict { stored: found, .. }) => assert_eq!(found, stored),
        other => panic!("not a conflict: {other:?}"),
    }
}

#[tokio::test]
async fn a_change_at_an_old_revision_is_refused_and_changes_nothing() {
    let store = open(&database_of(&data_folder())).await;
    store.create(game("g", &[])).await.expect("create");
    store.change("g", 0, play(0, "Ca1")).await.expect("move 1");
    // A second move decided against revision 0 (another node that had not heard of move 1).
    conflict(store.change("g", 0, play(1, "Sd4")).await, 1);
    conflict(store.change("g", 0, play(0, "Sd4")).await, 1);
    // An undo decided against the old revision, and a move with a hole before it.
    conflict(
        store
            .change(
                "g",
                0,
                Change::Truncate {
                    from: 0,
                    clock: None,
                },
            )
            .await,
        1,
    );
    conflict(store.change("g", 1, play(2, "Sd4")).await, 1);
    // After a resignation nothing but an undo is made, even at the right revision.
    store
        .change("g", 1, Change::Resign { seat: 0 })
        .await
        .expect("resign");
    conflict(store.change("g", 2, play(1, "Sd4")).await, 2);
    conflict(store.change("g", 2, Change::Resign { seat: 1 }).await, 2);
    let stored = store.load("g").await.expect("load").expect("the game");
    assert_eq!(stored.moves, ["Ca1"]);
    assert_eq!((stored.revision, stored.resigned), (2, Some(0)));
    // Two rematches of one game: the first is kept, the second refused and not stored.
    let first = Change::Rematch {
        game: Box::new(game("r1", &[])),
    };
    assert_eq!(store.change("g", 2, first).await.expect("rematch"), 3);
    let second = Change::Rematch {
        game: Box::new(game("r2", &[])),
    };
    assert!(store.change("g", 3, second).await.is_err());
    assert_eq!(
        store.load("g").await.expect("load").and_then(|g| g.rematch),
        Some("r1".to_owned())
    );
    assert!(store.load("r1").await.expect("load").is_some());
    assert!(store.load("r2").await.expect("load").is_none());
    // Changing a game that does not exist is refused too.
    conflict(store.change("none", 0, play(0, "Ca1")).await, 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_many_changes_racing_for_one_revision_exactly_one_is_stored() {
    let store = open(&database_of(&data_folder())).await;
    let moves = ["Ca1", "Sd4", "Yb1", "Oc3", "cb3", "sa4"];
    for round in 0..20 {
        let id = format!("race{round}");
        store.create(game(&id, &[])).await.expect("create");
        let mut expected: Vec<String> = Vec::new();
        for step in 0..8 {
            let stored = store.load(&id).await.expect("load").expect("the game");
            let (revision, ply) = (stored.revision, stored.moves.len());
            // Four writers each decide a different change against the same revision: an
            // undo (once there is a move) and three different moves.
            let racers: Vec<_> = (0..4)
                .map(|k| {
                    let (store, id) = (Arc::clone(&store), id.clone());
                    let change = match k {
                        0 if ply > 0 => Change::Truncate {
                            from: ply - 1,
                            clock: None,
                        },
                        _ => play(ply, moves[(ply + k + step) % moves.len()]),
                    };
                    tokio::spawn(async move {
                        let made = store.change(&id, revision, change.clone()).await;
                        (change, made)
                    })
                })
                .collect();
            let mut won = Vec::new();
            for racer in racers {
                let (change, made) = racer.await.expect("a writer");
                match made {
                    Ok(new) => won.push((change, new)),
                    Err(StoreError::Conflict { .. }) => {}
                    Err(e) => panic!("a racer failed: {e}"),
                }
            }
            assert_eq!(won.len(), 1, "round {round} step {step}: {won:?}");
            let (change, new) = won.remove(0);
            assert_eq!(new, revision + 1);
            match change {
                Change::Truncate { from, .. } => expected.truncate(from),
                Change::Move { notation, .. } => expected.push(notation),
                other => panic!("{other:?}"),
            }
            let stored = store.load(&id).await.expect("load").expect("the game");
            assert_eq!(stored.moves, expected, "no hole, nothing out of order");
            assert_eq!(stored.revision, revision + 1);
        }
    }
}

#[tokio::test]
async fn a_database_written_by_a_newer_version_is_refused() {
    let data = data_folder();
    let database = database_of(&data);
    drop(open(&database).await);
    match &database {
        Database::Folder(folder) => {
            let db = rusqlite::Connection::open(folder.join("games.sqlite3")).expect("open");
            db.pragma_update(None, "user_version", 99).expect("version");
        }
        Database::Postgres(_) => {
            database_sql(
                &data,
                "INSERT INTO schema_version (version) SELECT 99 WHERE $1 <> ''",
                "x",
            );
        }
    }
    match database.open(&StoreOptions::default()).await {
        Err(StoreError::Newer { found: 99, known }) => assert!(known < 99),
        Err(other) => panic!("refused for another reason: {other}"),
        Ok(_) => panic!("a newer schema was opened"),
    }
}
