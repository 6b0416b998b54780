//! Changes sent to two nodes at the same moment, many rounds each. After every round the
//! stored moves have no hole, both nodes show the stored game, and the changes in it are
//! exactly those acknowledged (a change is acknowledged when its connection is sent no error).

use std::time::Duration;

use serde_json::json;

use tabuleiro_load::client::GameSocket;

use super::{
    Heard, Settled, Stored, create, database, hear, join, node, node_with, settle, stored, until,
};

/// Rounds of each race.
const ROUNDS: usize = 15;

/// How long a connection must be quiet to count as settled.
const QUIET: Duration = Duration::from_millis(800);

/// Sends the two requests at the same moment, each on its own connection (on two nodes), lets
/// both settle and reads the stored game; checks that it has no hole and that both connections
/// show it. Returns what each connection saw and the stored game.
async fn race(
    url: &str,
    id: &str,
    round: usize,
    (on_a, to_a): (&mut GameSocket, &serde_json::Value),
    (on_b, to_b): (&mut GameSocket, &serde_json::Value),
) -> (Settled, Settled, Stored) {
    let (sent_a, sent_b) = tokio::join!(on_a.send(to_a), on_b.send(to_b));
    sent_a.expect("send");
    sent_b.expect("send");
    let seen_a = settle(on_a, QUIET, Settled::default()).await;
    let seen_b = settle(on_b, QUIET, Settled::default()).await;
    let kept = stored(url, id);
    assert!(kept.no_hole(), "round {round}: a hole: {kept:?}");
    assert_eq!(
        seen_a.moves, kept.moves,
        "round {round}: node A shows the stored game"
    );
    assert_eq!(
        seen_b.moves, kept.moves,
        "round {round}: node B shows the stored game"
    );
    (seen_a, seen_b, kept)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test runs it (TABULEIRO_TEST_POSTGRES)"]
async fn undo_against_move_on_two_nodes() {
    let url = database("undo_move");
    let (a, b) = (node(&url), node(&url));
    let mut outcomes = [0; 4];
    for round in 0..ROUNDS {
        let game = create(&a, json!({ "game": "quantik", "mode": "hotseat" })).await;
        let token = game.seats[0].token.clone().expect("a token");
        let mut on_a = join(&a, &game.id, Some(&token)).await;
        let mut on_b = join(&b, &game.id, Some(&token)).await;
        // Two moves first, through node A.
        for n in 0..2 {
            let (_, legal, _) = until(&mut on_a, n).await;
            on_a.send(&json!({ "type": "move", "notation": legal[0] }))
                .await
                .expect("send");
        }
        until(&mut on_a, 2).await;
        let (before, legal, _) = until(&mut on_b, 2).await;
        let mv = legal[round % legal.len()].clone();
        let undo = json!({ "type": "undo" });
        let play = json!({ "type": "move", "notation": mv });
        let (seen_a, seen_b, kept) = race(
            &url,
            &game.id,
            round,
            (&mut on_a, &undo),
            (&mut on_b, &play),
        )
        .await;
        let (undo_ok, move_ok) = (seen_a.errors.is_empty(), seen_b.errors.is_empty());
        let taken_back = before[..1].to_vec();
        let mut played = before.clone();
        played.push(mv.clone());
        let mut undo_then_move = taken_back.clone();
        undo_then_move.push(mv.clone());
        match (undo_ok, move_ok) {
            (true, true) => assert!(
                kept.moves == undo_then_move || kept.moves == before,
                "round {round}: both acknowledged, yet {:?}",
                kept.moves
            ),
            (true, false) => assert_eq!(kept.moves, taken_back, "round {round}: the undo only"),
            (false, true) => assert_eq!(kept.moves, played, "round {round}: the move only"),
            (false, false) => panic!("round {round}: both refused: {seen_a:?} {seen_b:?}"),
        }
        outcomes[usize::from(undo_ok) * 2 + usize::from(move_ok)] += 1;
    }
    eprintln!(
        "undo against move, {ROUNDS} rounds: [neither, move only, undo only, both] = {outcomes:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test runs it (TABULEIRO_TEST_POSTGRES)"]
async fn resignation_against_move_on_two_nodes() {
    let url = database("resign_move");
    let (a, b) = (node(&url), node(&url));
    let mut outcomes = [0; 4];
    for round in 0..ROUNDS {
        let game = create(&a, json!({ "game": "quantik", "mode": "online" })).await;
        let token = |seat: usize| game.seats[seat].token.clone().expect("a token");
        let mut first = join(&a, &game.id, Some(&token(0))).await;
        let mut second = join(&b, &game.id, Some(&token(1))).await;
        let (_, legal, _) = until(&mut first, 0).await;
        first
            .send(&json!({ "type": "move", "notation": legal[0] }))
            .await
            .expect("send");
        until(&mut first, 1).await;
        let (before, legal, _) = until(&mut second, 1).await;
        let mv = legal[round % legal.len()].clone();
        // Seat 1 resigns on node A while seat 2 moves on node B.
        let resign = json!({ "type": "resign" });
        let play = json!({ "type": "move", "notation": mv });
        let (seen_a, seen_b, kept) = race(
            &url,
            &game.id,
            round,
            (&mut first, &resign),
            (&mut second, &play),
        )
        .await;
        let (resign_ok, move_ok) = (seen_a.errors.is_empty(), seen_b.errors.is_empty());
        assert_eq!(seen_a.over, kept.resigned.is_some(), "round {round}");
        assert_eq!(seen_b.over, kept.resigned.is_some(), "round {round}");
        let mut played = before.clone();
        played.push(mv.clone());
        assert_eq!(
            kept.resigned.is_some(),
            resign_ok,
            "round {round}: {kept:?}"
        );
        assert_eq!(
            kept.moves,
            if move_ok { played } else { before },
            "round {round}: the move is stored exactly when acknowledged"
        );
        assert!(resign_ok || move_ok, "round {round}: both refused");
        // A move acknowledged with a resignation acknowledged too came first: the
        // resignation's connection was shown it before the end.
        outcomes[usize::from(resign_ok) * 2 + usize::from(move_ok)] += 1;
    }
    eprintln!(
        "resignation against move, {ROUNDS} rounds: [neither, move only, resignation only, both] = {outcomes:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test runs it (TABULEIRO_TEST_POSTGRES)"]
async fn a_persons_undo_against_the_workers_computer_move() {
    let url = database("undo_worker");
    // The person plays through A, which thinks for no computer; B's worker makes every
    // computer move.
    let a = node_with(&url, &["--workers", "0"]);
    let b = node(&url);
    let rounds = 25;
    let mut undone = 0;
    for round in 0..rounds {
        let game = create(
            &a,
            json!({ "game": "quantik", "mode": "computer", "level": "easy", "seat": 0 }),
        )
        .await;
        let token = game.seats[0].token.clone().expect("a token");
        let mut person = join(&a, &game.id, Some(&token)).await;
        let mut watcher = join(&b, &game.id, None).await;
        let (_, legal, _) = until(&mut person, 0).await;
        person
            .send(&json!({ "type": "move", "notation": legal[0] }))
            .await
            .expect("send");
        until(&mut person, 1).await;
        // The undo, at a different moment each round, while B's worker claims, thinks and
        // stores the computer's reply.
        tokio::time::sleep(Duration::from_millis((round as u64 * 37) % 500)).await;
        person.send(&json!({ "type": "undo" })).await.expect("send");
        let seen = settle(&mut person, QUIET, Settled::default()).await;
        let watched = settle(&mut watcher, QUIET, Settled::default()).await;
        let kept = stored(&url, &game.id);
        assert!(kept.no_hole(), "round {round}: a hole: {kept:?}");
        assert_eq!(
            seen.moves, kept.moves,
            "round {round}: node A shows the stored game"
        );
        assert_eq!(
            watched.moves, kept.moves,
            "round {round}: node B shows the stored game"
        );
        assert_eq!(
            kept.moves.len() % 2,
            0,
            "round {round}: the person is to move: {kept:?}"
        );
        if seen.errors.is_empty() {
            undone += 1;
        }
        // Not stuck: the person moves, and the computer answers.
        let n = seen.moves.len();
        assert!(
            !seen.legal.is_empty(),
            "round {round}: the person has moves"
        );
        person
            .send(&json!({ "type": "move", "notation": seen.legal[0] }))
            .await
            .expect("send");
        let (after, _, _) = until(&mut person, n + 2).await;
        assert_eq!(
            after.len(),
            n + 2,
            "round {round}: the computer answered: {after:?}"
        );
        assert!(stored(&url, &game.id).no_hole());
    }
    eprintln!("a person's undo against the worker's move: {undone} of {rounds} undos acknowledged");
}

/// The games stored in the database at `url`, and the rematch stored for game `id`.
fn games_and_rematch(url: &str, id: &str) -> (i64, Option<String>) {
    let (url, id) = (url.to_owned(), id.to_owned());
    std::thread::spawn(move || {
        let mut client = postgres::Client::connect(&url, postgres::NoTls).expect("PostgreSQL");
        let games: i64 = client
            .query_one("SELECT COUNT(*) FROM games", &[])
            .expect("the games")
            .get(0);
        let rematch: Option<String> = client
            .query_one("SELECT rematch FROM games WHERE id = $1", &[&id])
            .expect("the game")
            .get(0);
        (games, rematch)
    })
    .join()
    .expect("read the database")
}

/// Reads `socket` until a state names a rematch; returns the rematch's game id.
async fn rematch_of(socket: &mut GameSocket) -> String {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(30), socket.next())
            .await
            .expect("a message within 30 s")
            .expect("a message");
        if let tabuleiro_web::protocol::ServerMessage::State {
            rematch: Some(link),
            ..
        } = message
        {
            let game = link.trim_start_matches("/?game=");
            return game.split('#').next().unwrap_or(game).to_owned();
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test runs it (TABULEIRO_TEST_POSTGRES)"]
async fn both_players_pressing_rematch_on_two_nodes_make_one_rematch() {
    let url = database("rematch_twice");
    let (a, b) = (node(&url), node(&url));
    for round in 0..ROUNDS {
        let game = create(&a, json!({ "game": "quantik", "mode": "online" })).await;
        let first = game.seats[0].token.clone().expect("a token");
        let second = game.seats[1].token.clone().expect("a token");
        let mut on_a = join(&a, &game.id, Some(&first)).await;
        let mut on_b = join(&b, &game.id, Some(&second)).await;
        until(&mut on_a, 0).await;
        until(&mut on_b, 0).await;
        on_a.send(&json!({ "type": "resign" })).await.expect("send");
        for socket in [&mut on_a, &mut on_b] {
            while !matches!(hear(socket).await, Heard::State { over: true, .. }) {}
        }
        let (before, _) = games_and_rematch(&url, &game.id);
        let press = json!({ "type": "rematch" });
        let (pressed_a, pressed_b) = tokio::join!(on_a.send(&press), on_b.send(&press));
        pressed_a.expect("send");
        pressed_b.expect("send");
        let (seen_a, seen_b) = (rematch_of(&mut on_a).await, rematch_of(&mut on_b).await);
        assert_eq!(
            seen_a, seen_b,
            "round {round}: both players get the same rematch"
        );
        // Whatever was still on its way has settled.
        tokio::time::sleep(QUIET).await;
        let (after, kept) = games_and_rematch(&url, &game.id);
        assert_eq!(
            after,
            before + 1,
            "round {round}: one game stored for two presses"
        );
        assert_eq!(kept.as_deref(), Some(seen_a.as_str()), "round {round}");
    }
}
