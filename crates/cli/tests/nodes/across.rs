//! Games played across nodes, a node killed, computer moves taken by the nodes' workers, and
//! who is here seen from another node (a player who left claimed against there).

use std::time::Duration;

use serde_json::json;
use tabuleiro_load::client::GameSocket;
use tabuleiro_web::protocol::ServerMessage;

use super::{create, database, errors_within, join, node, node_with, until, until_noting_errors};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test runs it (TABULEIRO_TEST_POSTGRES)"]
async fn a_game_is_played_across_nodes_and_survives_one_killed() {
    let url = database("across");
    let mut a = node(&url);
    let b = node(&url);
    let game = create(&a, json!({ "game": "quantik", "mode": "online" })).await;
    let token = |seat: usize| game.seats[seat].token.clone().expect("a token");
    let mut seats = [
        join(&a, &game.id, Some(&token(0))).await,
        join(&b, &game.id, Some(&token(1))).await,
    ];
    let mut watcher = join(&a, &game.id, None).await;
    let mut legal_of = [
        until(&mut seats[0], 0).await.1,
        until(&mut seats[1], 0).await.1,
    ];
    until(&mut watcher, 0).await;
    let mut moves: Vec<String> = Vec::new();
    let mut over = false;
    // Each move by the seat to move, on its own node; both nodes and the spectator follow.
    let play = async |seats: &mut [GameSocket; 2],
                      watcher: &mut GameSocket,
                      legal_of: &mut [Vec<String>; 2],
                      moves: &mut Vec<String>,
                      over: &mut bool| {
        let n = moves.len();
        let mover = n % 2;
        seats[mover]
            .send(&json!({ "type": "move", "notation": legal_of[mover][0] }))
            .await
            .expect("send");
        let (zero, legal_zero, done) = until(&mut seats[0], n + 1).await;
        let (one, legal_one, _) = until(&mut seats[1], n + 1).await;
        let (seen, _, _) = until(watcher, n + 1).await;
        assert_eq!(seen, zero, "the spectator sees every move");
        assert_eq!(zero, one, "both nodes agree");
        *legal_of = [legal_zero, legal_one];
        *moves = zero;
        *over = done;
    };
    for _ in 0..4 {
        play(
            &mut seats,
            &mut watcher,
            &mut legal_of,
            &mut moves,
            &mut over,
        )
        .await;
    }
    assert_eq!(moves.len(), 4);
    // Node A is killed; its players come back through node B and the game goes on.
    a.kill();
    seats[0] = join(&b, &game.id, Some(&token(0))).await;
    watcher = join(&b, &game.id, None).await;
    let (again, legal, _) = until(&mut seats[0], 4).await;
    assert_eq!(again, moves, "nothing acknowledged is lost");
    legal_of[0] = legal;
    until(&mut watcher, 4).await;
    while !over {
        play(
            &mut seats,
            &mut watcher,
            &mut legal_of,
            &mut moves,
            &mut over,
        )
        .await;
    }
    assert!(moves.len() > 4);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test runs it (TABULEIRO_TEST_POSTGRES)"]
async fn two_moves_for_one_turn_on_two_nodes_are_accepted_once() {
    let url = database("race");
    let a = node(&url);
    let b = node(&url);
    for round in 0..5 {
        let game = create(&a, json!({ "game": "quantik", "mode": "online" })).await;
        let token = game.seats[0].token.clone().expect("a token");
        let mut on_a = join(&a, &game.id, Some(&token)).await;
        let mut on_b = join(&b, &game.id, Some(&token)).await;
        let (_, legal, _) = until(&mut on_a, 0).await;
        until(&mut on_b, 0).await;
        let (first, second) = (legal[0].clone(), legal[1].clone());
        let (to_a, to_b) = (
            json!({ "type": "move", "notation": first }),
            json!({ "type": "move", "notation": second }),
        );
        let (sent_a, sent_b) = tokio::join!(on_a.send(&to_a), on_b.send(&to_b));
        sent_a.expect("send");
        sent_b.expect("send");
        // Each connection ends up seeing exactly one move: one of the two; the other is
        // refused with the reason.
        let (seen_a, mut errors_a) = until_noting_errors(&mut on_a, 1).await;
        let (seen_b, mut errors_b) = until_noting_errors(&mut on_b, 1).await;
        errors_a.extend(errors_within(&mut on_a, Duration::from_millis(500)).await);
        errors_b.extend(errors_within(&mut on_b, Duration::from_millis(500)).await);
        let refusals: Vec<&String> = errors_a.iter().chain(&errors_b).collect();
        assert_eq!(
            refusals.len(),
            1,
            "round {round}: the other move is refused, with its reason: {refusals:?}"
        );
        assert_eq!(seen_a.len(), 1, "round {round}: {seen_a:?}");
        assert_eq!(
            seen_a, seen_b,
            "round {round}: both nodes show the move accepted"
        );
        assert!(seen_a[0] == first || seen_a[0] == second);
        // And the stored game holds that one move.
        let stored = join(&b, &game.id, None).await;
        let mut stored = stored;
        assert_eq!(until(&mut stored, 1).await.0, seen_a);
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test runs it (TABULEIRO_TEST_POSTGRES)"]
async fn the_computers_move_is_made_by_a_node_still_alive() {
    let url = database("computer");
    // Node A is the only worker; B serves pages only.
    let mut a = node(&url);
    let b = node_with(&url, &["--workers", "0"]);
    let game = create(
        &a,
        json!({ "game": "taiji", "mode": "computer", "level": "hard", "options": { "size": "7" } }),
    )
    .await;
    let token = game.seats[0].token.clone().expect("a token");
    let mut person = join(&a, &game.id, Some(&token)).await;
    let (_, legal, _) = until(&mut person, 0).await;
    person
        .send(&json!({ "type": "move", "notation": legal[0] }))
        .await
        .expect("send");
    until(&mut person, 1).await;
    // A's worker claims the computer's move and thinks (a second a move); A is killed.
    tokio::time::sleep(Duration::from_millis(400)).await;
    a.kill();
    let mut person = join(&b, &game.id, Some(&token)).await;
    assert_eq!(
        until(&mut person, 1).await.0.len(),
        1,
        "the person's move is kept"
    );
    // A new worker node takes the move over once A's claim has run out.
    let _c = node(&url);
    let (moves, _, _) = until(&mut person, 2).await;
    assert_eq!(moves.len(), 2, "the computer's move made: {moves:?}");
    assert_eq!(moves[0], legal[0]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test runs it (TABULEIRO_TEST_POSTGRES)"]
async fn a_front_end_node_leaves_the_computers_to_a_worker_only_node() {
    let url = database("workers");
    let front = node_with(&url, &["--workers", "0"]);
    let game = create(
        &front,
        json!({ "game": "quantik", "mode": "computer", "level": "easy", "seat": 1 }),
    )
    .await;
    let token = game.seats[1].token.clone().expect("a token");
    let mut person = join(&front, &game.id, Some(&token)).await;
    // The computer moves first, and nobody works for it yet: its move waits in the queue,
    // shown as the computer thinking.
    let thinking = tokio::time::timeout(Duration::from_secs(5), async {
        loop {
            if let Ok(ServerMessage::State {
                thinking: true,
                moves,
                ..
            }) = person.next().await
            {
                return moves.is_empty();
            }
        }
    })
    .await;
    assert_eq!(thinking, Ok(true), "the queued move is shown as thinking");
    assert!(
        tokio::time::timeout(Duration::from_secs(2), until(&mut person, 1))
            .await
            .is_err(),
        "a node without workers does not think"
    );
    let _worker = node(&url);
    let (moves, legal, _) = until(&mut person, 1).await;
    assert_eq!(
        moves.len(),
        1,
        "the other node's worker made the computer's move"
    );
    person
        .send(&json!({ "type": "move", "notation": legal[0] }))
        .await
        .expect("send");
    let (moves, _, _) = until(&mut person, 3).await;
    assert_eq!(
        moves.len(),
        3,
        "and the next one, after the person's: {moves:?}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test runs it (TABULEIRO_TEST_POSTGRES)"]
async fn a_change_never_announced_still_reaches_every_node() {
    let url = database("unannounced");
    let (a, b) = (node(&url), node(&url));
    let game = create(&a, json!({ "game": "quantik", "mode": "hotseat" })).await;
    let token = game.seats[0].token.clone().expect("a token");
    let mut on_a = join(&a, &game.id, Some(&token)).await;
    let mut on_b = join(&b, &game.id, Some(&token)).await;
    let (_, legal, _) = until(&mut on_a, 0).await;
    until(&mut on_b, 0).await;
    // A move stored as a node that died before announcing it would have left it.
    let (db, id, mv) = (url.clone(), game.id.clone(), legal[0].clone());
    std::thread::spawn(move || {
        let mut client = postgres::Client::connect(&db, postgres::NoTls).expect("PostgreSQL");
        client
            .execute(
                "INSERT INTO moves (game_id, ply, notation) VALUES ($1, 0, $2)",
                &[&id, &mv],
            )
            .expect("the move");
        client
            .execute(
                "UPDATE games SET revision = revision + 1 WHERE id = $1",
                &[&id],
            )
            .expect("the revision");
    })
    .join()
    .expect("stored");
    // Both nodes find it by checking what they hold against the database.
    let seen_a = tokio::time::timeout(Duration::from_secs(10), until(&mut on_a, 1)).await;
    let seen_b = tokio::time::timeout(Duration::from_secs(10), until(&mut on_b, 1)).await;
    assert_eq!(seen_a.expect("node A within 10 s").0, [legal[0].clone()]);
    assert_eq!(seen_b.expect("node B within 10 s").0, [legal[0].clone()]);
}

/// The presence of the next `state` or `presence` message that satisfies `done`.
async fn presence_until(
    socket: &mut GameSocket,
    done: impl Fn(&[tabuleiro_web::protocol::SeatPresence]) -> bool,
) -> Vec<tabuleiro_web::protocol::SeatPresence> {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(20), socket.next())
            .await
            .expect("a message within 20 s")
            .expect("a message");
        let (ServerMessage::State {
            presence: Some(seats),
            ..
        }
        | ServerMessage::Presence { seats }) = message
        else {
            continue;
        };
        if done(&seats) {
            return seats;
        }
    }
}

/// What a state says: its seats, whose turn it is, the legal moves, who is here.
type Seen = (
    Vec<tabuleiro_web::protocol::SeatInfo>,
    Option<usize>,
    Vec<String>,
    Vec<tabuleiro_web::protocol::SeatPresence>,
);

/// The first state with `count` moves.
async fn state_after(socket: &mut GameSocket, count: usize) -> Seen {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(20), socket.next())
            .await
            .expect("a message within 20 s")
            .expect("a message");
        if let ServerMessage::State {
            moves,
            seats,
            to_move,
            legal,
            presence,
            ..
        } = message
            && moves.len() == count
        {
            let legal = legal.into_iter().map(|l| l.notation).collect();
            return (seats, to_move, legal, presence.unwrap_or_default());
        }
    }
}

/// Who is here, across nodes, in a rated game made through the lobby: Ana on node A and Bia
/// on node B each see the other here; when Ana closes her page Bia, on B, sees her gone at once
/// and, after the documented time (10 s on a minute's clock), claims the win, which ends the
/// game and rates it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL: scripts/test runs it (TABULEIRO_TEST_POSTGRES)"]
async fn a_player_who_left_is_seen_gone_from_the_other_node_and_claimed_against() {
    use std::net::IpAddr;
    use tabuleiro_load::client::request_from;
    let url = database("presence");
    let a = node(&url);
    let b = node(&url);
    // Ana on node A and Bia on node B, each from a network of her own.
    let places = [(&a, "Ana", [127, 0, 0, 41]), (&b, "Bia", [127, 0, 0, 42])];
    let mut sessions = Vec::new();
    for (n, name, from) in places {
        let answer = request_from(
            Some(IpAddr::from(from)),
            n.addr,
            "POST",
            "/api/me",
            &[("Content-Type", "application/json")],
            Some(&json!({ "name": name }).to_string()),
        )
        .await
        .expect("a name");
        assert_eq!(answer.status, 201, "{}", answer.body);
        sessions.push(answer.session().expect("a session"));
    }
    let cookies: Vec<String> = sessions
        .iter()
        .map(|s| format!("tabuleiro_session={s}"))
        .collect();
    let call = |i: usize, method: &'static str, path: String, body: Option<String>| {
        let (n, _, from) = places[i];
        let cookie = cookies[i].clone();
        async move {
            let headers = [
                ("Content-Type", "application/json"),
                ("Cookie", cookie.as_str()),
            ];
            let answer = request_from(
                Some(IpAddr::from(from)),
                n.addr,
                method,
                &path,
                &headers,
                body.as_deref(),
            )
            .await
            .expect("an answer");
            assert!(answer.status < 300, "{path}: {}", answer.body);
            serde_json::from_str::<serde_json::Value>(&answer.body).expect("JSON")
        }
    };
    let asked = json!({ "game": "quantik", "rated": true, "clock": { "minutes": 1 } });
    let posted = call(0, "POST", "/api/lobby".to_owned(), Some(asked.to_string())).await;
    let id = posted["id"].as_str().expect("an id").to_owned();
    // Bia accepts through node A, which so opens the game: node B opens it only when she
    // joins there, after node A said Ana is here.
    let accepted = {
        let headers = [
            ("Content-Type", "application/json"),
            ("Cookie", cookies[1].as_str()),
        ];
        let path = format!("/api/lobby/{id}/accept");
        let answer = request_from(
            Some(IpAddr::from(places[1].2)),
            a.addr,
            "POST",
            &path,
            &headers,
            None,
        )
        .await
        .expect("an answer");
        assert!(answer.status < 300, "{path}: {}", answer.body);
        serde_json::from_str::<serde_json::Value>(&answer.body).expect("JSON")
    };
    let game = accepted["game"].as_str().expect("a game").to_owned();
    // Ana first, so that node B opens the game after node A said she is here.
    let mut ana = GameSocket::connect_as(a.addr, &game, &sessions[0])
        .await
        .expect("connect");
    ana.send(&json!({ "type": "join" })).await.expect("join");
    let (seats, mut to_move, mut legal_ana, here) = state_after(&mut ana, 0).await;
    // Node A's word that Ana is here has gone out (it waits 20 ms for others to go with it).
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut bia = GameSocket::connect_as(b.addr, &game, &sessions[1])
        .await
        .expect("connect");
    bia.send(&json!({ "type": "join" })).await.expect("join");
    let (_, _, mut legal_bia, here_bia) = state_after(&mut bia, 0).await;
    // Each sees the other here, though connected to another node, and soon: a node that opened
    // the game after the other said who is here is answered at once, not at the other's next
    // beat (every 5 s, so that without the answer this fails most times).
    let everybody = |s: &[tabuleiro_web::protocol::SeatPresence]| s.iter().all(|p| p.connected);
    let soon = Duration::from_millis(1500);
    assert!(soon < tabuleiro_web::room::presence::BEAT);
    if !everybody(&here) {
        tokio::time::timeout(soon, presence_until(&mut ana, everybody))
            .await
            .expect("Ana sees Bia here within 1.5 s");
    }
    if !everybody(&here_bia) {
        tokio::time::timeout(soon, presence_until(&mut bia, everybody))
            .await
            .expect("Bia sees Ana here within 1.5 s");
    }
    let ana_seat = seats
        .iter()
        .position(|s| s.player.as_ref().is_some_and(|p| p.name == "Ana"))
        .expect("Ana's seat");
    // A move each, whoever was drawn to begin.
    for ply in 0..2 {
        let (mover, legal) = if to_move == Some(ana_seat) {
            (&mut ana, &legal_ana)
        } else {
            (&mut bia, &legal_bia)
        };
        mover
            .send(&json!({ "type": "move", "notation": legal[0] }))
            .await
            .expect("send");
        (_, to_move, legal_ana, _) = state_after(&mut ana, ply + 1).await;
        (_, _, legal_bia, _) = state_after(&mut bia, ply + 1).await;
    }
    // Ana (on A) closes her page: Bia (on B) is told, with when she may claim.
    drop(ana);
    let seats = presence_until(&mut bia, |s| !s[ana_seat].connected).await;
    let claim_in = seats[ana_seat]
        .claim_in_ms
        .expect("a game that may be claimed");
    assert!((8_000..=10_000).contains(&claim_in), "{claim_in} ms");
    tokio::time::sleep(Duration::from_millis(claim_in + 500)).await;
    bia.send(&json!({ "type": "claim" })).await.expect("send");
    loop {
        let message = tokio::time::timeout(Duration::from_secs(20), bia.next())
            .await
            .expect("a message within 20 s")
            .expect("a message");
        match message {
            ServerMessage::State {
                ending: Some(ending),
                seats,
                ..
            } if seats
                .iter()
                .all(|s| s.player.as_ref().is_some_and(|p| p.change.is_some())) =>
            {
                assert_eq!(
                    ending.reason,
                    format!("player {} forfeits: left the game", ana_seat + 1)
                );
                let change = |seat: usize| {
                    seats[seat]
                        .player
                        .as_ref()
                        .and_then(|p| p.change)
                        .expect("rated")
                };
                assert!(change(ana_seat).after < change(ana_seat).before, "Ana lost");
                assert!(
                    change(1 - ana_seat).after > change(1 - ana_seat).before,
                    "Bia won"
                );
                break;
            }
            ServerMessage::Error { message } => panic!("the claim was refused: {message}"),
            _ => {}
        }
    }
}
