//! What two people agree on, over WebSocket on the real store (SQLite, and PostgreSQL when
//! `scripts/test` runs the server tests again on it): draw offers declined (and not made
//! again too soon), lapsed and accepted, a takeback asked and granted, an abort before every player moved, and an offer
//! that waits through a restart.

use serde_json::json;
use tabuleiro_load::client::{GameSocket, request};
use tabuleiro_web::protocol::ServerMessage;
use tabuleiro_web::store::{Offer, OfferKind};

use crate::util::{Server, next, send_move, token};

/// What a state says about offers and the end.
#[derive(Debug)]
struct Seen {
    offer: Option<Offer>,
    ending: Option<String>,
    moves: usize,
}

async fn seen_until(socket: &mut GameSocket, done: impl Fn(&Seen) -> bool) -> Seen {
    loop {
        if let ServerMessage::State {
            offer,
            ending,
            moves,
            ..
        } = next(socket).await
        {
            let seen = Seen {
                offer,
                ending: ending.map(|e| e.text),
                moves: moves.len(),
            };
            if done(&seen) {
                return seen;
            }
        }
    }
}

/// The next error message, skipping the states before it.
async fn refusal(socket: &mut GameSocket) -> String {
    loop {
        if let ServerMessage::Error { message } = next(socket).await {
            return message;
        }
    }
}

async fn say(socket: &mut GameSocket, message: serde_json::Value) {
    socket.send(&message).await.expect("send");
}

/// A new online Quantik game with both players connected.
async fn two_players(server: &Server) -> (GameSocket, GameSocket) {
    let (one, two, _) = two_players_of(server).await;
    (one, two)
}

/// Two players at a new game of Quantik between people, and the game's id.
async fn two_players_of(server: &Server) -> (GameSocket, GameSocket, String) {
    let created = server
        .create(json!({ "game": "quantik", "mode": "online" }))
        .await;
    let (one, _, _) = server.join(&created.id, Some(&token(&created, 0))).await;
    let (two, _, _) = server.join(&created.id, Some(&token(&created, 1))).await;
    (one, two, created.id)
}

/// The record of finished game `id`, checked to replay to the result it states.
async fn replayed_record(server: &Server, id: &str) -> tabuleiro_core::GameRecord {
    let answer = request(server.addr, "GET", &format!("/api/games/{id}/record"), None)
        .await
        .expect("the record");
    let record = tabuleiro_core::GameRecord::from_json(&answer.body).expect("a record");
    record
        .replay::<tabuleiro_games::quantik::Quantik>()
        .expect("replays to its result");
    record
}

#[tokio::test]
async fn draw_offers_are_declined_lapse_with_a_move_and_end_the_game_when_accepted() {
    let server = Server::start().await;
    let (mut one, mut two, id) = two_players_of(&server).await;
    say(&mut one, json!({ "type": "offer_draw" })).await;
    let seen = seen_until(&mut two, |s| s.offer.is_some()).await;
    assert_eq!(
        seen.offer.map(|o| (o.kind, o.seat)),
        Some((OfferKind::Draw, 0))
    );
    say(&mut one, json!({ "type": "offer_draw" })).await;
    let refused = refusal(&mut one).await;
    assert!(refused.contains("waiting"), "{refused}");
    say(&mut two, json!({ "type": "answer", "accept": false })).await;
    seen_until(&mut one, |s| s.offer.is_none()).await;
    say(&mut two, json!({ "type": "answer", "accept": true })).await;
    let refused = refusal(&mut two).await;
    assert!(refused.contains("no offer"), "{refused}");

    // An offer lapses with the next move.
    say(&mut two, json!({ "type": "offer_draw" })).await;
    seen_until(&mut one, |s| s.offer.is_some()).await;
    send_move(&mut one, "Ca1").await;
    let seen = seen_until(&mut two, |s| s.moves == 1).await;
    assert_eq!(seen.offer, None, "the move answered it");

    // Offered and accepted by offering back: a draw by agreement.
    say(&mut two, json!({ "type": "offer_draw" })).await;
    seen_until(&mut one, |s| s.offer.is_some()).await;
    say(&mut one, json!({ "type": "offer_draw" })).await;
    let seen = seen_until(&mut two, |s| s.ending.is_some()).await;
    assert!(
        seen.ending
            .as_deref()
            .is_some_and(|e| e.contains("agreed to a draw")),
        "{seen:?}"
    );
    send_move(&mut two, "Cd4").await;
    let refused = refusal(&mut two).await;
    assert!(refused.contains("over"), "{refused}");
    // The record says so, and replays to it.
    let record = replayed_record(&server, &id).await;
    assert!(record.agreed_draw, "{record:?}");
    let result = record.result.expect("a result");
    assert_eq!(result.reason, "the players agreed to a draw");
    assert!(result.winner().is_none());
}

/// The declined offer a state shows, as (kind, seat, moves before it may be made again).
async fn declined_until(
    socket: &mut GameSocket,
    done: impl Fn(Option<(OfferKind, usize, usize)>) -> bool,
) -> Option<(OfferKind, usize, usize)> {
    loop {
        if let ServerMessage::State { declined, .. } = next(socket).await {
            let seen = declined.map(|d| (d.kind, d.seat, d.again_in.unwrap_or(0)));
            if done(seen) {
                return seen;
            }
        }
    }
}

#[tokio::test]
async fn a_declined_offer_is_not_made_again_too_soon() {
    let server = Server::start().await;
    let (mut one, mut two) = two_players(&server).await;
    say(&mut one, json!({ "type": "offer_draw" })).await;
    seen_until(&mut two, |s| s.offer.is_some()).await;
    say(&mut two, json!({ "type": "answer", "accept": false })).await;
    let declined = declined_until(&mut one, |d| d.is_some()).await;
    assert_eq!(
        declined,
        Some((OfferKind::Draw, 0, 4)),
        "four moves to wait"
    );
    say(&mut one, json!({ "type": "offer_draw" })).await;
    let refused = refusal(&mut one).await;
    assert_eq!(
        refused,
        "your draw offer was declined: you may ask again after 4 more moves"
    );
    // Three moves later, one more to wait; the other player may still offer a draw.
    for (k, notation) in ["Ca1", "Cd4", "Sb3"].into_iter().enumerate() {
        let (mover, other) = if k % 2 == 0 {
            (&mut one, &mut two)
        } else {
            (&mut two, &mut one)
        };
        send_move(mover, notation).await;
        seen_until(other, |s| s.moves == k + 1).await;
    }
    say(&mut one, json!({ "type": "offer_draw" })).await;
    let refused = refusal(&mut one).await;
    assert!(refused.ends_with("after 1 more move"), "{refused}");
    send_move(&mut two, "Sc1").await;
    declined_until(&mut one, |d| d.is_none()).await;
    say(&mut one, json!({ "type": "offer_draw" })).await;
    let seen = seen_until(&mut two, |s| s.offer.is_some()).await;
    assert_eq!(
        seen.offer.map(|o| (o.kind, o.seat)),
        Some((OfferKind::Draw, 0))
    );

    // A declined takeback is not asked again for the same move.
    send_move(&mut one, "Ya2").await;
    seen_until(&mut two, |s| s.moves == 5).await;
    say(&mut one, json!({ "type": "takeback" })).await;
    seen_until(&mut two, |s| s.offer.is_some()).await;
    say(&mut two, json!({ "type": "answer", "accept": false })).await;
    let declined = declined_until(&mut one, |d| d.is_some()).await;
    assert_eq!(declined, Some((OfferKind::Takeback, 0, 1)));
    say(&mut one, json!({ "type": "takeback" })).await;
    let refused = refusal(&mut one).await;
    assert_eq!(
        refused,
        "your takeback request was declined: you may ask again after 1 more move"
    );
}

#[tokio::test]
async fn a_takeback_is_asked_by_the_player_who_moved_and_granted_by_the_other() {
    let server = Server::start().await;
    let (mut one, mut two) = two_players(&server).await;
    say(&mut one, json!({ "type": "takeback" })).await;
    let refused = refusal(&mut one).await;
    assert!(refused.contains("opponent's turn"), "{refused}");
    send_move(&mut one, "Ca1").await;
    seen_until(&mut two, |s| s.moves == 1).await;
    say(&mut two, json!({ "type": "takeback" })).await;
    let refused = refusal(&mut two).await;
    assert!(refused.contains("opponent's turn"), "{refused}");
    say(&mut one, json!({ "type": "takeback" })).await;
    let seen = seen_until(&mut two, |s| s.offer.is_some()).await;
    assert_eq!(seen.offer.map(|o| o.kind), Some(OfferKind::Takeback));
    say(&mut two, json!({ "type": "answer", "accept": true })).await;
    let seen = seen_until(&mut one, |s| s.moves == 0).await;
    assert_eq!(seen.offer, None);
    // Player 1 moves again, somewhere else.
    send_move(&mut one, "Sb2").await;
    seen_until(&mut two, |s| s.moves == 1).await;
}

#[tokio::test]
async fn a_game_is_aborted_only_before_every_player_moved() {
    let server = Server::start().await;
    let (mut one, mut two) = two_players(&server).await;
    send_move(&mut one, "Ca1").await;
    seen_until(&mut two, |s| s.moves == 1).await;
    send_move(&mut two, "Cd4").await;
    seen_until(&mut one, |s| s.moves == 2).await;
    say(&mut one, json!({ "type": "abort" })).await;
    let refused = refusal(&mut one).await;
    assert!(refused.contains("no longer be aborted"), "{refused}");

    let (mut one, mut two, id) = two_players_of(&server).await;
    send_move(&mut one, "Ca1").await;
    seen_until(&mut two, |s| s.moves == 1).await;
    say(&mut two, json!({ "type": "abort" })).await;
    let seen = seen_until(&mut one, |s| s.ending.is_some()).await;
    assert!(
        seen.ending
            .as_deref()
            .is_some_and(|e| e.contains("aborted")),
        "{seen:?}"
    );
    let record = replayed_record(&server, &id).await;
    assert_eq!(record.aborted, Some(1), "{record:?}");
    assert!(
        record
            .result
            .is_some_and(|r| r.reason.contains("player 2 aborted")),
        "the record's result"
    );

    // Not against the computer: there, resign or start again.
    let created = server
        .create(json!({ "game": "quantik", "mode": "computer", "level": "random" }))
        .await;
    let (mut alone, _, _) = server.join(&created.id, Some(&token(&created, 0))).await;
    for message in ["abort", "offer_draw"] {
        say(&mut alone, json!({ "type": message })).await;
        let refused = refusal(&mut alone).await;
        assert!(refused.contains("online"), "{message}: {refused}");
    }
}

#[tokio::test]
async fn an_offer_waits_through_a_restart() {
    let server = Server::start().await;
    let created = server
        .create(json!({ "game": "quantik", "mode": "online" }))
        .await;
    let (mut one, _, _) = server.join(&created.id, Some(&token(&created, 0))).await;
    say(&mut one, json!({ "type": "offer_draw" })).await;
    seen_until(&mut one, |s| s.offer.is_some()).await;
    drop(one);
    let data = server.stop().await;
    let server = Server::on(data).await;
    let mut two = GameSocket::connect(server.addr, &created.id)
        .await
        .expect("connect");
    say(
        &mut two,
        json!({ "type": "join", "token": token(&created, 1) }),
    )
    .await;
    assert!(matches!(
        next(&mut two).await,
        ServerMessage::Welcome { .. }
    ));
    let seen = seen_until(&mut two, |_| true).await;
    assert_eq!(
        seen.offer.map(|o| (o.kind, o.seat)),
        Some((OfferKind::Draw, 0))
    );
    say(&mut two, json!({ "type": "answer", "accept": true })).await;
    let seen = seen_until(&mut two, |s| s.ending.is_some()).await;
    assert!(
        seen.ending.as_deref().is_some_and(|e| e.contains("agreed")),
        "{seen:?}"
    );
}
