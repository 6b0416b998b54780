//! Q!nto: no message to another seat or a spectator contains a hidden tile.

use serde_json::json;
use tabuleiro_web::client::GameSocket;

use crate::util::{Server, token};

/// The tiles of "hand X Y Z" in a board text, as written.
fn own_hand(board: &str) -> Option<String> {
    board
        .lines()
        .find_map(|l| l.split_once("— hand ").map(|(_, h)| h.trim().to_owned()))
}

/// Reads every message that arrives within 300 ms. The list of the reader's own legal moves
/// is left out: it is made of the reader's own tiles, which may be copies of another seat's
/// (the deck holds several of most tiles).
async fn read_all(socket: &mut GameSocket, into: &mut Vec<String>) {
    while let Ok(Ok(Some(text))) =
        tokio::time::timeout(std::time::Duration::from_millis(300), socket.next_text()).await
    {
        let mut value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        if let Some(fields) = value.as_object_mut() {
            fields.remove("legal");
        }
        into.push(value.to_string());
    }
}

#[tokio::test]
async fn hands_and_traded_tiles_reach_only_their_seat() {
    let server = Server::start().await;
    let game = server
        .create(json!({ "game": "qinto", "mode": "online", "players": 3 }))
        .await;
    let mut sockets = Vec::new();
    let mut received: Vec<Vec<String>> = vec![Vec::new(); 4];
    for seat in 0..3 {
        let (socket, _, _) = server.join(&game.id, Some(&token(&game, seat))).await;
        sockets.push(socket);
    }
    let (watcher, _, _) = server.join(&game.id, None).await;
    sockets.push(watcher);
    // Every seat in turn: seat 1 passes trading two tiles, the others play their first move.
    let mut hands_seen: Vec<Vec<String>> = vec![Vec::new(); 3];
    let mut traded = Vec::new();
    for turn in 0..6 {
        let seat = turn % 3;
        let (_, _, state) = server.join(&game.id, Some(&token(&game, seat))).await;
        let hand = own_hand(&state.board).expect("own hand shown to its seat");
        hands_seen[seat].push(hand.clone());
        let notation = if seat == 1 {
            let two: Vec<&str> = hand.split_whitespace().take(2).collect();
            let text = format!("pass {}", two.join(" "));
            traded.push(text.clone());
            text
        } else {
            state.legal[0].clone()
        };
        sockets[seat]
            .send(&json!({ "type": "move", "notation": notation }))
            .await
            .expect("send");
        for (i, socket) in sockets.iter_mut().enumerate() {
            read_all(socket, &mut received[i]).await;
        }
    }
    assert!(received.iter().all(|r| !r.is_empty()));
    for (seat, hands) in hands_seen.iter().enumerate() {
        for hand in hands {
            for (reader, messages) in received.iter().enumerate() {
                if reader == seat {
                    continue;
                }
                for message in messages {
                    assert!(
                        !message.contains(hand.as_str()),
                        "seat {} hand `{hand}` sent to {reader}: {message}",
                        seat + 1
                    );
                }
            }
        }
    }
    for text in &traded {
        for (reader, messages) in received.iter().enumerate() {
            let leaked = messages.iter().any(|m| m.contains(text.as_str()));
            assert_eq!(leaked, reader == 1, "`{text}` seen by {reader}");
        }
        assert!(received[3].iter().any(|m| m.contains("pass (traded 2)")));
    }
}
