//! The storage interface, on the database the tests are given: SQLite in a folder, or
//! PostgreSQL when `TABULEIRO_TEST_POSTGRES` names a server (`scripts/test` starts one). The
//! same sequence of writes must read back the same way on both.

use std::collections::BTreeMap;

use tabuleiro_web::store::{Database, Durability, StoreError, StoredGame, StoredSeat};

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
            StoredSeat::Human {
                token_hash: "ab".repeat(32),
            },
            StoredSeat::Computer {
                level: "medium".to_owned(),
            },
        ],
        resigned: None,
        moves: moves.iter().map(|m| (*m).to_owned()).collect(),
    }
}

#[test]
fn games_moves_undo_and_resignations_read_back_as_written() {
    let data = data_folder();
    let database = database_of(&data);
    if std::env::var("TABULEIRO_TEST_POSTGRES").is_ok_and(|u| !u.is_empty()) {
        assert!(matches!(database, Database::Postgres(_)), "{database:?}");
    }
    let mut store = database.open(Durability::Full).expect("open");
    assert_eq!(store.count().expect("count"), 0);
    store.create(&game("g1", &[])).expect("create");
    assert!(store.create(&game("g1", &[])).is_err(), "one row per id");
    for (ply, mv) in ["Ca1", "Sd4", "Yb1"].iter().enumerate() {
        store.add_move("g1", ply, mv).expect("move");
    }
    assert!(
        store.add_move("g1", 1, "Oc3").is_err(),
        "two moves for one ply: the second is refused"
    );
    assert_eq!(
        store.load("g1").expect("load"),
        Some(game("g1", &["Ca1", "Sd4", "Yb1"]))
    );
    store.truncate("g1", 1).expect("undo");
    store.resign("g1", 1).expect("resign");
    let mut expected = game("g1", &["Ca1"]);
    expected.resigned = Some(1);
    assert_eq!(store.load("g1").expect("load"), Some(expected));
    assert_eq!(store.load("nope").expect("load"), None);
    assert!(store.exists("g1").expect("exists") && !store.exists("nope").expect("exists"));
    let imported = store
        .import(&mut (0..3).map(|i| game(&format!("i{i}"), &["Ca1", "cb2"])))
        .expect("import");
    assert_eq!(imported, 3);
    assert_eq!(store.count().expect("count"), 4);
    assert_eq!(
        store.load("i2").expect("load"),
        Some(game("i2", &["Ca1", "cb2"]))
    );
    // The same database opened again finds everything (and migrates nothing twice).
    drop(store);
    let mut again = database.open(Durability::Full).expect("open again");
    assert_eq!(again.count().expect("count"), 4);
}

#[test]
fn a_database_written_by_a_newer_version_is_refused() {
    let data = data_folder();
    let database = database_of(&data);
    drop(database.open(Durability::Full).expect("create the schema"));
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
    match database.open(Durability::Full) {
        Err(StoreError::Newer { found: 99, known }) => assert!(known < 99),
        Err(other) => panic!("refused for another reason: {other}"),
        Ok(_) => panic!("a newer schema was opened"),
    }
}
