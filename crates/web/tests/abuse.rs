//! The abuse suite: what a hostile client or a page on another site tries, over real HTTP and
//! WebSocket connections, and the server's refusal.

use serde_json::json;
use tabuleiro_web::client::{request, request_with};
use tabuleiro_web::limits::Limits;

use crate::util::{Server, data_folder};

const NEW_GAME: &str = r#"{"game":"quantik","mode":"hotseat"}"#;

/// The status of a request for a new game with these headers.
async fn creates(server: &Server, headers: &[(&str, &str)]) -> u16 {
    request_with(server.addr, "POST", "/api/games", headers, Some(NEW_GAME))
        .await
        .expect("request")
        .status
}

#[tokio::test]
async fn a_form_or_text_body_cannot_create_a_game() {
    // What a page on another site can send without asking the server first.
    let server = Server::start().await;
    for content_type in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ] {
        let status = creates(&server, &[("Content-Type", content_type)]).await;
        assert_eq!(status, 415, "{content_type}");
    }
    assert_eq!(creates(&server, &[]).await, 415, "no Content-Type");
    let status = creates(
        &server,
        &[("Content-Type", "application/json; charset=utf-8")],
    )
    .await;
    assert_eq!(status, 201);
}

#[tokio::test]
async fn a_page_from_another_origin_cannot_create_or_join_a_game() {
    let server = Server::start().await;
    let json = ("Content-Type", "application/json");
    let evil = [json, ("Origin", "http://evil.example")];
    let answer = request_with(server.addr, "POST", "/api/games", &evil, Some(NEW_GAME))
        .await
        .expect("request");
    assert_eq!(answer.status, 403, "{}", answer.body);
    assert!(
        answer.body.contains("cross-site request refused"),
        "{}",
        answer.body
    );
    // No CORS header lets the page read an answer.
    assert!(
        !answer.head.to_ascii_lowercase().contains("access-control"),
        "{}",
        answer.head
    );
    // The server's own page may.
    let own = format!("http://{}", server.addr);
    let answer = request_with(
        server.addr,
        "POST",
        "/api/games",
        &[json, ("Origin", &own)],
        Some(NEW_GAME),
    )
    .await
    .expect("request");
    assert_eq!(answer.status, 201, "{}", answer.body);
    assert!(
        !answer.head.to_ascii_lowercase().contains("access-control"),
        "{}",
        answer.head
    );
    // Nor may it open a game's WebSocket.
    let game = server
        .create(json!({ "game": "quantik", "mode": "online" }))
        .await;
    let path = format!("/api/games/{}/ws", game.id);
    let handshake = [
        ("Upgrade", "websocket"),
        ("Sec-WebSocket-Version", "13"),
        ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
        ("Origin", "http://evil.example"),
    ];
    let answer = request_with(server.addr, "GET", &path, &handshake, None)
        .await
        .expect("request");
    assert_eq!(answer.status, 403, "{}", answer.body);
}

#[tokio::test]
async fn an_origin_the_operator_allows_may_create_games() {
    let limits = Limits {
        allowed_origins: vec!["https://play.example.org".to_owned()],
        ..Limits::default()
    };
    let server = Server::with(data_folder(), limits).await;
    let json = ("Content-Type", "application/json");
    assert_eq!(
        creates(&server, &[json, ("Origin", "https://play.example.org")]).await,
        201
    );
    assert_eq!(
        creates(&server, &[json, ("Origin", "https://other.example.org")]).await,
        403
    );
}

#[tokio::test]
async fn creating_games_beyond_the_rate_is_refused_with_429() {
    let limits = Limits {
        creations_per_minute: 3,
        ..Limits::default()
    };
    let server = Server::with(data_folder(), limits).await;
    for _ in 0..3 {
        server
            .create(json!({ "game": "quantik", "mode": "hotseat" }))
            .await;
    }
    let answer = request(server.addr, "POST", "/api/games", Some(NEW_GAME))
        .await
        .expect("request");
    assert_eq!(answer.status, 429, "{}", answer.body);
    assert!(
        answer.body.contains("at most 3 a minute"),
        "{}",
        answer.body
    );
    // The rest of the server goes on: the catalogue still answers.
    let catalog = request(server.addr, "GET", "/api/catalog", None)
        .await
        .expect("request");
    assert_eq!(catalog.status, 200);
}
