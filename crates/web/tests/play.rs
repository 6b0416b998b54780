//! Playing over the WebSocket: moves, turns, seats, tokens and bad input.

use serde_json::json;
use tabuleiro_web::protocol::ServerMessage;

use crate::util::{Server, next_error, next_state, send_move, state_until, token};

#[tokio::test]
async fn against_the_computer_a_move_gets_a_reply_and_undo_takes_both_back() {
    let server = Server::start().await;
    let game = server
        .create(json!({ "game": "quantik", "mode": "computer", "level": "random" }))
        .await;
    assert!(
        game.seats[1].token.is_none(),
        "computer seats have no token"
    );
    let (mut socket, welcome, state) = server.join(&game.id, Some(&token(&game, 0))).await;
    let ServerMessage::Welcome { you, .. } = welcome else {
        panic!("welcome")
    };
    assert_eq!(you, vec![0]);
    assert_eq!(state.to_move, Some(0));
    assert_eq!(state.legal.len(), 64, "{:?}", state.legal);
    send_move(&mut socket, "Ca1").await;
    let after = state_until(&mut socket, |s| s.moves.len() == 2 && !s.thinking).await;
    assert_eq!(after.moves[0], "Ca1");
    assert_eq!(after.to_move, Some(0));
    assert!(after.can_undo);
    assert!(!after.legal.is_empty());
    socket.send(&json!({ "type": "undo" })).await.expect("send");
    let undone = state_until(&mut socket, |s| s.moves.is_empty()).await;
    assert_eq!(undone.to_move, Some(0));
    assert_eq!(undone.legal.len(), 64);
}

#[tokio::test]
async fn online_seats_move_only_on_their_turn_and_spectators_never() {
    let server = Server::start().await;
    let game = server
        .create(json!({ "game": "quantik", "mode": "online" }))
        .await;
    let (t0, t1) = (token(&game, 0), token(&game, 1));
    assert_ne!(t0, t1);
    let (mut first, _, s0) = server.join(&game.id, Some(&t0)).await;
    let (mut second, _, s1) = server.join(&game.id, Some(&t1)).await;
    let (mut watcher, welcome, sw) = server.join(&game.id, None).await;
    let ServerMessage::Welcome { you, .. } = welcome else {
        panic!("welcome")
    };
    assert!(you.is_empty());
    assert_eq!(s0.legal.len(), 64);
    assert!(s1.legal.is_empty(), "not seat 2's turn");
    assert!(sw.legal.is_empty());

    // Wrong turn: seat 2 moves first.
    send_move(&mut second, "Ca1").await;
    assert!(next_error(&mut second).await.contains("not your turn"));
    // A spectator cannot move.
    send_move(&mut watcher, "Ca1").await;
    assert!(next_error(&mut watcher).await.contains("spectators"));
    // Undo does not exist online.
    first.send(&json!({ "type": "undo" })).await.expect("send");
    assert!(next_error(&mut first).await.contains("no undo"));

    send_move(&mut first, "Ca1").await;
    for socket in [&mut first, &mut second, &mut watcher] {
        let state = next_state(socket).await;
        assert_eq!(state.moves, vec!["Ca1"]);
        assert_eq!(state.to_move, Some(1));
    }
    // Now seat 1 may not move again.
    send_move(&mut first, "Yb2").await;
    assert!(next_error(&mut first).await.contains("not your turn"));
    // A cube in the region of the opponent's cube is refused with the rule.
    send_move(&mut second, "cb2").await;
    assert!(next_error(&mut second).await.contains("illegal"));
    send_move(&mut second, "cd4").await;
    let state = next_state(&mut first).await;
    assert_eq!(state.moves, vec!["Ca1", "Cd4"]);
}

#[tokio::test]
async fn a_forged_token_opens_no_seat_and_the_connection_survives() {
    let server = Server::start().await;
    let game = server
        .create(json!({ "game": "quantik", "mode": "online" }))
        .await;
    let mut socket = tabuleiro_load::client::GameSocket::connect(server.addr, &game.id)
        .await
        .expect("connect");
    let forged = "0123456789abcdef0123456789abcdef";
    socket
        .send(&json!({ "type": "join", "token": forged }))
        .await
        .expect("send");
    assert!(next_error(&mut socket).await.contains("opens no seat"));
    // Moves before joining are refused.
    send_move(&mut socket, "Ca1").await;
    assert!(next_error(&mut socket).await.contains("join"));
    // The same connection may still join as a spectator, and cannot move.
    socket.send(&json!({ "type": "join" })).await.expect("send");
    assert!(matches!(
        socket.next().await.expect("welcome"),
        ServerMessage::Welcome { .. }
    ));
    let state = next_state(&mut socket).await;
    assert!(state.legal.is_empty());
    send_move(&mut socket, "Ca1").await;
    assert!(next_error(&mut socket).await.contains("spectators"));
}

#[tokio::test]
async fn bad_input_gets_an_error_and_the_game_goes_on() {
    let server = Server::start().await;
    let game = server
        .create(json!({ "game": "quantik", "mode": "hotseat" }))
        .await;
    let (mut socket, _, _) = server.join(&game.id, Some(&token(&game, 0))).await;
    socket.send_text("{ not json").await.expect("send");
    assert!(next_error(&mut socket).await.contains("malformed"));
    socket
        .send(&json!({ "type": "teleport" }))
        .await
        .expect("send");
    assert!(next_error(&mut socket).await.contains("unknown variant"));
    socket.send(&json!({ "type": "move" })).await.expect("send");
    assert!(next_error(&mut socket).await.contains("notation"));
    send_move(&mut socket, "Zz9").await;
    assert!(next_error(&mut socket).await.contains("cannot read"));
    let big = format!(
        "{{\"type\":\"move\",\"notation\":\"{}\"}}",
        "a".repeat(300_000)
    );
    socket.send_text(&big).await.expect("send");
    assert!(next_error(&mut socket).await.contains("limit"));
    send_move(&mut socket, "Ca1").await;
    let state = next_state(&mut socket).await;
    assert_eq!(state.moves, vec!["Ca1"]);
    // Hotseat: the same token plays the next seat; an illegal move is refused with the rule.
    assert_eq!(state.to_move, Some(1));
    send_move(&mut socket, "ca2").await;
    let reason = next_error(&mut socket).await;
    assert!(reason.contains("illegal"), "{reason}");
    send_move(&mut socket, "sd4").await;
    let state = next_state(&mut socket).await;
    assert_eq!(state.moves, vec!["Ca1", "Sd4"]);
}

#[tokio::test]
async fn a_reconnecting_seat_resumes_where_it_was() {
    let server = Server::start().await;
    let game = server
        .create(json!({ "game": "nudge", "mode": "online" }))
        .await;
    let (t0, t1) = (token(&game, 0), token(&game, 1));
    let (mut first, _, _) = server.join(&game.id, Some(&t0)).await;
    send_move(&mut first, "c2u").await;
    let state = next_state(&mut first).await;
    assert_eq!(state.to_move, Some(0), "two moves a turn");
    drop(first);
    let (_again, _, state) = server.join(&game.id, Some(&t0)).await;
    assert_eq!(state.moves, vec!["c2u"]);
    assert_eq!(state.to_move, Some(0));
    assert!(!state.legal.is_empty());
    let (_second, _, other) = server.join(&game.id, Some(&t1)).await;
    assert_eq!(other.moves, vec!["c2u"]);
    assert!(other.legal.is_empty());
}

#[tokio::test]
async fn resigning_ends_the_game_for_everyone() {
    let server = Server::start().await;
    let game = server
        .create(json!({ "game": "taiji", "mode": "online", "options": { "size": "7" } }))
        .await;
    let (mut first, _, _) = server.join(&game.id, Some(&token(&game, 0))).await;
    let (mut second, _, _) = server.join(&game.id, Some(&token(&game, 1))).await;
    second
        .send(&json!({ "type": "resign" }))
        .await
        .expect("send");
    for socket in [&mut first, &mut second] {
        let state = next_state(socket).await;
        let ending = state.ending.expect("game over");
        assert!(ending.contains("player 2 resigned"), "{ending}");
        assert!(state.legal.is_empty());
        assert_eq!(state.to_move, None);
    }
    send_move(&mut first, "d4-d5").await;
    assert!(next_error(&mut first).await.contains("over"));
    // The downloaded record says who resigned, and replays to that result.
    let path = format!("/api/games/{}/record", game.id);
    let answer = tabuleiro_load::client::request(server.addr, "GET", &path, None)
        .await
        .expect("record");
    assert_eq!(answer.status, 200, "{}", answer.body);
    let record = tabuleiro_core::GameRecord::from_json(&answer.body).expect("a record");
    assert_eq!(record.resigned, Some(1));
    let result = record.result.clone().expect("a result");
    assert_eq!(
        result.to_string(),
        "Player 1 wins: player 2 resigned (scores 0 : 0)"
    );
    let positions = record
        .replay::<tabuleiro_games::taiji::Taiji>()
        .expect("the record replays");
    assert_eq!(positions.len(), 1);
}

#[tokio::test]
async fn a_long_computer_search_delays_no_other_game() {
    let server = Server::start().await;
    // The computer (MCTS, 1 s a move) moves first in a Taiji game.
    let slow = server
        .create(json!({ "game": "taiji", "mode": "computer", "seat": 1, "level": "hard" }))
        .await;
    let (mut watcher, _, state) = server.join(&slow.id, Some(&token(&slow, 1))).await;
    let thinking = if state.thinking {
        state
    } else {
        state_until(&mut watcher, |s| s.thinking).await
    };
    assert!(thinking.moves.is_empty());
    let started = std::time::Instant::now();
    // Meanwhile another game is played at full speed.
    let other = server
        .create(json!({ "game": "quantik", "mode": "hotseat" }))
        .await;
    let (mut socket, _, mut state) = server.join(&other.id, Some(&token(&other, 0))).await;
    for _ in 0..6 {
        let mv = state.legal[0].clone();
        let sent = std::time::Instant::now();
        send_move(&mut socket, &mv).await;
        state = next_state(&mut socket).await;
        assert!(
            sent.elapsed() < std::time::Duration::from_millis(500),
            "a move took {:?} while the computer thought",
            sent.elapsed()
        );
    }
    // The search lasts a second from when it was seen to start: a server that made the other
    // game wait for it would take nearly that long for the six moves.
    assert!(
        started.elapsed() < std::time::Duration::from_millis(700),
        "the other game waited for the search: {:?}",
        started.elapsed()
    );
    let moved = state_until(&mut watcher, |s| !s.thinking).await;
    assert_eq!(moved.moves.len(), 1);
}

#[tokio::test]
async fn a_hint_is_a_legal_move_for_the_seat_to_move_only() {
    let server = Server::start().await;
    let game = server
        .create(json!({ "game": "nudge", "mode": "computer", "seat": 0, "level": "random" }))
        .await;
    let (mut first, _, state) = server.join(&game.id, Some(&token(&game, 0))).await;
    first.send(&json!({ "type": "hint" })).await.expect("send");
    let hint = loop {
        match crate::util::next(&mut first).await {
            ServerMessage::Hint { notation } => break notation,
            ServerMessage::State { .. } => {}
            other => panic!("expected a hint, got {other:?}"),
        }
    };
    assert!(
        state.legal.contains(&hint),
        "{hint} not in {:?}",
        state.legal
    );
    let (mut watcher, _, _) = server.join(&game.id, None).await;
    watcher
        .send(&json!({ "type": "hint" }))
        .await
        .expect("send");
    assert!(next_error(&mut watcher).await.contains("seat to move"));
}

#[tokio::test]
async fn no_hint_in_a_game_between_people() {
    let server = Server::start().await;
    for name in ["quantik", "qinto"] {
        let game = server
            .create(json!({ "game": name, "mode": "online" }))
            .await;
        for seat in 0..2 {
            let (mut player, _, _) = server.join(&game.id, Some(&token(&game, seat))).await;
            player.send(&json!({ "type": "hint" })).await.expect("send");
            let refused = next_error(&mut player).await;
            assert!(refused.contains("between people"), "{name}: {refused}");
        }
    }
    // Hotseat (the players share one screen) keeps its hints.
    let game = server
        .create(json!({ "game": "quantik", "mode": "hotseat" }))
        .await;
    let (mut players, _, _) = server.join(&game.id, Some(&token(&game, 0))).await;
    players
        .send(&json!({ "type": "hint" }))
        .await
        .expect("send");
    loop {
        match crate::util::next(&mut players).await {
            ServerMessage::Hint { .. } => break,
            ServerMessage::State { .. } => {}
            other => panic!("expected a hint, got {other:?}"),
        }
    }
}

#[tokio::test]
async fn a_message_over_the_hard_limit_closes_only_its_connection() {
    let server = Server::start().await;
    let game = server
        .create(json!({ "game": "quantik", "mode": "hotseat" }))
        .await;
    let seat = token(&game, 0);
    let (mut socket, _, _) = server.join(&game.id, Some(&seat)).await;
    let huge = "x".repeat(tabuleiro_web::ws::HARD_LIMIT + 1);
    // The server stops reading: the send may fail, and the connection ends.
    let _ = socket.send_text(&huge).await;
    let end = tokio::time::timeout(std::time::Duration::from_secs(10), socket.next_text()).await;
    assert!(
        matches!(end, Ok(Ok(None) | Err(_))),
        "the connection should end: {end:?}"
    );
    let (mut again, _, state) = server.join(&game.id, Some(&seat)).await;
    assert_eq!(state.legal.len(), 64);
    send_move(&mut again, "Ca1").await;
    assert_eq!(next_state(&mut again).await.moves, vec!["Ca1"]);
}
