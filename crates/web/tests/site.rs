//! The site channel (`/api/me/ws`) over real WebSockets on the real store: a real-time
//! challenge lives with its poster (it stays while a page of theirs is open, anywhere on the
//! site, and is gone 20 s after their last page closed; a correspondence challenge stays), the
//! poster is told on every page the moment it is accepted, and a player is told of an offer
//! and of the end of a game of theirs; `/api/me/games` lists their games being played.

use std::time::Duration;

use serde_json::{Value, json};
use tabuleiro_load::client::GameSocket;
use tabuleiro_web::limits::Limits;
use tabuleiro_web::protocol::ServerMessage;
use tabuleiro_web::site::SiteEvent;
use tabuleiro_web::store::OfferKind;

use crate::util::{Browser, Server};

/// A browser with a name, on client network `from`.
async fn named(server: &Server, name: &str, from: [u8; 4]) -> Browser {
    let mut browser = Browser::on_network(server.addr, from);
    let (answer, _) = browser
        .send("POST", "/api/me", Some(json!({ "name": name })))
        .await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    browser
}

/// `browser`'s challenge, posted; its id.
async fn post(browser: &mut Browser, clock: Value) -> String {
    let asked =
        json!({ "game": "quantik", "players": 2, "rated": false, "bots": false, "clock": clock });
    let (answer, posted) = browser.send("POST", "/api/lobby", Some(asked)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    posted["id"].as_str().expect("an id").to_owned()
}

/// A site channel of `browser`'s player.
async fn site(server: &Server, browser: &Browser) -> GameSocket {
    GameSocket::site(server.addr, browser.cookie.as_deref().expect("a session"))
        .await
        .expect("the site channel opens")
}

/// The next event on a site channel, within 20 s.
async fn event(socket: &mut GameSocket) -> SiteEvent {
    let text = tokio::time::timeout(Duration::from_secs(20), socket.next_text())
        .await
        .expect("an event within 20 s")
        .expect("the channel is open")
        .expect("an event");
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{e}: {text}"))
}

/// Whether the lobby, as `browser` sees it, lists challenge `id` open.
async fn listed(browser: &mut Browser, id: &str) -> bool {
    let (_, lobby) = browser.send("GET", "/api/lobby", None).await;
    lobby["challenges"]
        .as_array()
        .is_some_and(|all| all.iter().any(|c| c["id"] == id && c["game_id"].is_null()))
}

#[tokio::test]
async fn a_challenge_lives_with_its_poster_who_is_told_on_every_page_when_it_is_taken() {
    // A lobby that forgets in 3 s, not 20 (its pages noted every 750 ms, not 5 s).
    let limits = Limits {
        lobby_gone_after: Duration::from_secs(3),
        ..Limits::default()
    };
    let server = Server::with(crate::util::data_folder(), limits).await;
    let mut ana = named(&server, "Ana", [127, 0, 0, 2]).await;
    let mut caio = named(&server, "Caio", [127, 0, 0, 3]).await;
    let mut dora = named(&server, "Dora", [127, 0, 0, 4]).await;
    let mut bia = named(&server, "Bia", [127, 0, 0, 5]).await;
    // No site channel without a player.
    assert!(GameSocket::site(server.addr, "nobody").await.is_err());
    // Ana has two tabs of the site open (neither the lobby); Caio and Dora none.
    let mut tabs = [site(&server, &ana).await, site(&server, &ana).await];
    let kept = post(&mut ana, json!({ "minutes": 3, "increment": 2 })).await;
    let left = post(&mut caio, json!({ "minutes": 3, "increment": 2 })).await;
    let by_post = post(&mut dora, json!({ "days": 1 })).await;
    tokio::time::sleep(Duration::from_millis(3_500)).await;
    assert!(
        listed(&mut bia, &kept).await,
        "Ana is on the site: hers stays"
    );
    assert!(
        !listed(&mut bia, &left).await,
        "Caio left 3.5 s ago: his is gone"
    );
    assert!(
        listed(&mut bia, &by_post).await,
        "a correspondence challenge stays"
    );
    let (answer, _) = bia
        .send("POST", &format!("/api/lobby/{left}/accept"), None)
        .await;
    assert_eq!(answer.status, 404, "{}", answer.body);
    // Bia takes Ana's: both of Ana's tabs are told, and open the game.
    let (answer, accepted) = bia
        .send("POST", &format!("/api/lobby/{kept}/accept"), None)
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let game = accepted["game"].as_str().expect("a game").to_owned();
    for tab in &mut tabs {
        assert_eq!(
            event(tab).await,
            SiteEvent::Started {
                game: game.clone(),
                name: "Quantik".to_owned()
            }
        );
    }
    // Ana's games being played: this one, with her time left.
    let (_, mine) = ana.send("GET", "/api/me/games", None).await;
    let listed_game = &mine["games"][0];
    assert_eq!(listed_game["id"], game.as_str(), "{mine}");
    assert_eq!(listed_game["left_ms"], 180_000, "{mine}");
    assert!(
        listed_game["others"][0]
            .as_str()
            .is_some_and(|o| o.starts_with("Bia#")),
        "{mine}"
    );
    // Bia offers a draw: Ana hears it on every page, then the end when Bia resigns.
    let session = bia.cookie.clone().expect("a session");
    let mut board = GameSocket::connect_as(server.addr, &game, &session)
        .await
        .expect("connect");
    board.send(&json!({ "type": "join" })).await.expect("join");
    board
        .send(&json!({ "type": "offer_draw" }))
        .await
        .expect("send");
    for tab in &mut tabs {
        let offer = event(tab).await;
        assert!(
            matches!(&offer, SiteEvent::Offer { game: g, kind: OfferKind::Draw, from }
                if *g == game && from.starts_with("Bia#")),
            "{offer:?}"
        );
    }
    board
        .send(&json!({ "type": "resign" }))
        .await
        .expect("send");
    for tab in &mut tabs {
        let ended = event(tab).await;
        assert!(
            matches!(&ended, SiteEvent::Ended { game: g, text } if *g == game && text.contains("resign")),
            "{ended:?}"
        );
    }
    let (_, mine) = ana.send("GET", "/api/me/games", None).await;
    assert_eq!(mine["games"].as_array().map(Vec::len), Some(0), "{mine}");
}

#[tokio::test]
async fn a_player_is_told_their_turn_in_a_correspondence_game_on_every_page() {
    let server = Server::start().await;
    let mut dora = named(&server, "Dora", [127, 0, 0, 4]).await;
    let mut bia = named(&server, "Bia", [127, 0, 0, 5]).await;
    let by_post = post(&mut dora, json!({ "days": 1 })).await;
    let mut dora_site = site(&server, &dora).await;
    let mut bia_site = site(&server, &bia).await;
    let (answer, accepted) = bia
        .send("POST", &format!("/api/lobby/{by_post}/accept"), None)
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let game = accepted["game"].as_str().expect("a game").to_owned();
    assert!(matches!(
        event(&mut dora_site).await,
        SiteEvent::Started { .. }
    ));
    // Whoever was drawn to move first moves; the other is told it is their turn.
    let mut boards = Vec::new();
    for browser in [&dora, &bia] {
        let session = browser.cookie.clone().expect("a session");
        let mut board = GameSocket::connect_as(server.addr, &game, &session)
            .await
            .expect("connect");
        board.send(&json!({ "type": "join" })).await.expect("join");
        let mut you = Vec::new();
        let (to_move, legal) = loop {
            match board.next().await.expect("a message") {
                ServerMessage::Welcome { you: seats, .. } => you = seats,
                ServerMessage::State { to_move, legal, .. } => break (to_move, legal),
                _ => {}
            }
        };
        boards.push((board, you, to_move, legal));
    }
    let first = boards
        .iter()
        .position(|(_, you, to_move, _)| to_move.is_some_and(|s| you.contains(&s)))
        .expect("one of them is to move");
    let notation = boards[first].3[0].notation.clone();
    boards[first]
        .0
        .send(&json!({ "type": "move", "notation": notation }))
        .await
        .expect("send");
    let told = if first == 0 {
        event(&mut bia_site).await
    } else {
        event(&mut dora_site).await
    };
    assert_eq!(
        told,
        SiteEvent::YourTurn {
            game,
            name: "Quantik".to_owned()
        }
    );
}
