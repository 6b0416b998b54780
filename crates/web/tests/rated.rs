//! Players at the table and rated games, over HTTP and WebSocket on the real store (SQLite,
//! and PostgreSQL when `scripts/test` runs the server tests again on it): a seat shows the
//! player who opened it, a rated game waits for its players and then changes their ratings
//! once, and the changes survive a restart.

use serde_json::{Value, json};
use tabuleiro_load::client::GameSocket;
use tabuleiro_web::protocol::{SeatInfo, ServerMessage};

use crate::util::{Browser, Server, next, next_error, send_move, token};

/// A browser with a name.
pub(crate) async fn named(server: &Server, name: &str) -> (Browser, String) {
    let mut browser = Browser::new(server.addr);
    let (answer, me) = browser
        .send("POST", "/api/me", Some(json!({ "name": name })))
        .await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    (browser, me["id"].as_str().expect("an id").to_owned())
}

/// A connection of `browser` to game `id`, its join with `token` sent.
async fn joining(server: &Server, browser: &Browser, id: &str, token: Option<&str>) -> GameSocket {
    let mut socket = match &browser.cookie {
        Some(session) => GameSocket::connect_as(server.addr, id, session).await,
        None => GameSocket::connect(server.addr, id).await,
    }
    .expect("connect");
    socket
        .send(&json!({ "type": "join", "token": token }))
        .await
        .expect("send");
    socket
}

/// Opens game `id` in `browser` with `token`: its welcome's seats.
pub(crate) async fn open(
    server: &Server,
    browser: &Browser,
    id: &str,
    token: Option<&str>,
) -> (GameSocket, Vec<SeatInfo>) {
    let mut socket = joining(server, browser, id, token).await;
    match next(&mut socket).await {
        ServerMessage::Welcome { seats, .. } => (socket, seats),
        other => panic!("expected a welcome, got {other:?}"),
    }
}

/// The seats of the next state message that satisfies `done`.
async fn seats_until(socket: &mut GameSocket, done: impl Fn(&[SeatInfo]) -> bool) -> Vec<SeatInfo> {
    loop {
        if let ServerMessage::State { seats, .. } = next(socket).await
            && done(&seats)
        {
            return seats;
        }
    }
}

/// The seats of the first state that shows the game over.
async fn ended_seats(socket: &mut GameSocket) -> Vec<SeatInfo> {
    loop {
        if let ServerMessage::State {
            seats,
            ending: Some(_),
            ..
        } = next(socket).await
        {
            return seats;
        }
    }
}

fn name_of(seat: &SeatInfo) -> Option<&str> {
    seat.player.as_ref().map(|p| p.name.as_str())
}

#[tokio::test]
async fn a_seat_shows_its_player_and_a_rated_game_rates_them_once() {
    let server = Server::start().await;
    let (mut ana, ana_id) = named(&server, "Ana").await;
    let (bia, bia_id) = named(&server, "Bia").await;
    let mut stranger = Browser::new(server.addr);

    // An unrated game: a player's seat shows their name, a visitor's shows none.
    let casual = server
        .create(json!({ "game": "quantik", "mode": "online" }))
        .await;
    let (_socket, seats) = open(&server, &ana, &casual.id, Some(&token(&casual, 0))).await;
    assert_eq!(name_of(&seats[0]), Some("Ana"));
    let rating = seats[0]
        .player
        .as_ref()
        .and_then(|p| p.rating)
        .expect("a rating");
    assert_eq!((rating.value, rating.provisional), (1500, true));
    let (_socket, seats) = open(&server, &stranger, &casual.id, Some(&token(&casual, 1))).await;
    assert_eq!(name_of(&seats[1]), None);

    // A rated game: made by a player who invites the other by id; each seat is its player's
    // from the start, whoever holds its link.
    let asked = json!({ "game": "quantik", "mode": "rated", "invite": [bia_id] });
    let (answer, _) = stranger
        .send("POST", "/api/games", Some(asked.clone()))
        .await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    assert!(answer.body.contains("choose a name"), "{}", answer.body);
    let uninvited = json!({ "game": "quantik", "mode": "rated" });
    let (answer, _) = ana.send("POST", "/api/games", Some(uninvited)).await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    assert!(answer.body.contains("through the lobby"), "{}", answer.body);
    let nobody = json!({ "game": "quantik", "mode": "rated", "invite": ["0000000000000000"] });
    let (answer, _) = ana.send("POST", "/api/games", Some(nobody)).await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    let (answer, rated) = ana.send("POST", "/api/games", Some(asked)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    let rated: tabuleiro_web::protocol::Created =
        serde_json::from_value(rated).expect("a created game");
    let mut refused = joining(&server, &stranger, &rated.id, Some(&token(&rated, 0))).await;
    let message = next_error(&mut refused).await;
    assert!(message.contains("this seat is Ana#"), "{message}");
    // The creator holds every link, and cannot play the invited player's seat with it.
    let mut stolen = joining(&server, &ana, &rated.id, Some(&token(&rated, 1))).await;
    let message = next_error(&mut stolen).await;
    assert!(message.contains("this seat is Bia#"), "{message}");
    let (mut first, seats) = open(&server, &ana, &rated.id, Some(&token(&rated, 0))).await;
    assert_eq!(name_of(&seats[0]), Some("Ana"));
    assert_eq!(
        seats[1].player.as_ref().map(|p| p.id.clone()),
        Some(bia_id.clone())
    );
    let _ = next(&mut first).await; // the state after the welcome
    let (mut second, seats) = open(&server, &bia, &rated.id, Some(&token(&rated, 1))).await;
    assert_eq!(name_of(&seats[1]), Some("Bia"));

    // Both move once, then Bia resigns: Ana won, and both see by how much their ratings
    // changed.
    let _ = next(&mut second).await;
    send_move(&mut first, "Ca1").await;
    let _ = seats_until(&mut second, |_| true).await;
    send_move(&mut second, "Cd4").await;
    let _ = seats_until(&mut first, |_| true).await;
    send_move(&mut first, "Sb2").await;
    let _ = seats_until(&mut second, |_| true).await;
    second
        .send(&json!({ "type": "resign" }))
        .await
        .expect("send");
    // The game is rated in the resignation's own transaction: the very state that shows the
    // game over shows how it changed both ratings (no second state after it).
    let rated_seats = ended_seats(&mut first).await;
    assert!(
        rated_seats
            .iter()
            .all(|s| s.player.as_ref().is_some_and(|p| p.change.is_some())),
        "the state that ends a rated game shows its ratings: {rated_seats:?}"
    );
    let change = |seat: usize| {
        rated_seats[seat]
            .player
            .as_ref()
            .and_then(|p| p.change)
            .expect("a change")
    };
    assert_eq!(change(0).before, 1500);
    assert!(change(0).after > 1500, "{:?}", change(0));
    assert!(change(1).after < 1500, "{:?}", change(1));
    assert_eq!(
        change(0).after - 1500,
        1500 - change(1).after,
        "equal players, opposite changes"
    );

    // The players' ratings in the API: rated once.
    let (answer, shown) = Browser::new(server.addr)
        .send("GET", &format!("/api/players/{ana_id}"), None)
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(shown["name"], "Ana");
    let quantik: &Value = &shown["ratings"][0];
    assert_eq!(quantik["game"], "quantik");
    assert_eq!(quantik["rating"], change(0).after);
    assert_eq!(
        (quantik["games"].as_u64(), quantik["provisional"].as_bool()),
        (Some(1), Some(true))
    );
    let (answer, _) = Browser::new(server.addr)
        .send("GET", "/api/players/0000000000000000", None)
        .await;
    assert_eq!(answer.status, 404, "{}", answer.body);

    // Ana's games: the finished one's record (her name in it), and both on her page's list.
    let (answer, _) = Browser::new(server.addr)
        .send("GET", &format!("/api/players/{ana_id}/games"), None)
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(
        answer.head.contains("application/x-ndjson"),
        "{}",
        answer.head
    );
    let lines: Vec<&str> = answer.body.lines().collect();
    assert_eq!(
        lines.len(),
        1,
        "only the finished game has a record: {}",
        answer.body
    );
    let record = tabuleiro_core::GameRecord::from_json(lines[0]).expect("a record");
    assert_eq!((record.moves.len(), record.resigned), (3, Some(1)));
    assert!(
        record.agents[0].starts_with("Ana#") && record.agents[1].starts_with("Bia#"),
        "{:?}",
        record.agents
    );
    let (answer, history) = Browser::new(server.addr)
        .send("GET", &format!("/api/players/{ana_id}/history"), None)
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let games = history["games"].as_array().expect("games");
    assert_eq!(games.len(), 2, "{history}");
    assert_eq!(games[0]["id"], rated.id.as_str(), "newest first");
    assert_eq!(
        (games[0]["result"].as_str(), games[0]["mode"].as_str()),
        (Some("win"), Some("rated"))
    );
    assert_eq!(games[0]["change"]["after"], change(0).after);
    assert_eq!(games[0]["seats"][1]["player"]["name"], "Bia");
    assert_eq!(
        (games[1]["id"].as_str(), games[1]["over"].as_bool()),
        (Some(casual.id.as_str()), Some(false))
    );
    let (_, none) = Browser::new(server.addr)
        .send(
            "GET",
            &format!("/api/players/{ana_id}/history?game=nudge"),
            None,
        )
        .await;
    assert_eq!(none["games"].as_array().map(Vec::len), Some(0), "{none}");

    // After a restart the game shows the same changes, and is not rated again.
    drop((first, second));
    let data = server.stop().await;
    let server = Server::on(data).await;
    let (mut watch, seats) = open(&server, &Browser::new(server.addr), &rated.id, None).await;
    let after = match next(&mut watch).await {
        ServerMessage::State { seats, .. } => seats,
        other => panic!("expected a state, got {other:?}"),
    };
    assert_eq!(name_of(&seats[0]), Some("Ana"));
    assert_eq!(
        after[0].player.as_ref().and_then(|p| p.change),
        Some(change(0))
    );
    let (_, shown) = Browser::new(server.addr)
        .send("GET", &format!("/api/players/{bia_id}"), None)
        .await;
    assert_eq!(shown["ratings"][0]["games"], 1);
    assert_eq!(shown["ratings"][0]["rating"], change(1).after);
}

/// A rated game made for `ana` against `bia` (invited by id): its id and seat tokens.
async fn rated_game(ana: &mut Browser, bia_id: &str) -> tabuleiro_web::protocol::Created {
    let asked = json!({ "game": "quantik", "mode": "rated", "invite": [bia_id] });
    let (answer, created) = ana.send("POST", "/api/games", Some(asked)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    serde_json::from_value(created).expect("a created game")
}

/// The audit's farm: two names of one person won 20 rated games in 2 s by resigning at ply 0.
/// A game resigned before every player has moved is aborted, and no rating changes.
#[tokio::test]
async fn a_rated_game_resigned_before_every_player_moved_is_aborted_not_rated() {
    let server = Server::start().await;
    let (mut ana, ana_id) = named(&server, "Ana").await;
    let (bia, bia_id) = named(&server, "Bia").await;
    for moves_first in [false, true] {
        let rated = rated_game(&mut ana, &bia_id).await;
        let (mut first, _) = open(&server, &ana, &rated.id, Some(&token(&rated, 0))).await;
        let (mut second, _) = open(&server, &bia, &rated.id, Some(&token(&rated, 1))).await;
        let _ = next(&mut second).await;
        if moves_first {
            // One move, by Ana: Bia has not moved yet.
            send_move(&mut first, "Ca1").await;
            let _ = seats_until(&mut second, |_| true).await;
        }
        second
            .send(&json!({ "type": "resign" }))
            .await
            .expect("send");
        let ending = loop {
            if let ServerMessage::State { ending, .. } = next(&mut first).await
                && let Some(ending) = ending
            {
                break ending;
            }
        };
        assert!(
            ending.reason.contains("abort"),
            "moved first: {moves_first}: {ending:?}"
        );
    }
    for id in [&ana_id, &bia_id] {
        let (_, shown) = Browser::new(server.addr)
            .send("GET", &format!("/api/players/{id}"), None)
            .await;
        assert_eq!(
            shown["ratings"].as_array().map(Vec::len),
            Some(0),
            "rated nothing: {shown}"
        );
    }
}

/// A rated game between Ana and Bia (invited by Ana) in which both move and Bia resigns: each
/// seat's rating change as the game shows it once rated.
async fn bia_resigns(
    server: &Server,
    ana: &mut Browser,
    bia: &Browser,
    bia_id: &str,
) -> Vec<tabuleiro_web::protocol::ShownChange> {
    bia_resigns_open(server, ana, bia, bia_id).await.2
}

/// [`bia_resigns`], its players' connections kept: Ana's, Bia's, and the rating changes.
async fn bia_resigns_open(
    server: &Server,
    ana: &mut Browser,
    bia: &Browser,
    bia_id: &str,
) -> (
    GameSocket,
    GameSocket,
    Vec<tabuleiro_web::protocol::ShownChange>,
) {
    let rated = rated_game(ana, bia_id).await;
    let (mut first, _) = open(server, ana, &rated.id, Some(&token(&rated, 0))).await;
    let (mut second, _) = open(server, bia, &rated.id, Some(&token(&rated, 1))).await;
    let _ = next(&mut first).await;
    let _ = next(&mut second).await;
    send_move(&mut first, "Ca1").await;
    let _ = seats_until(&mut second, |_| true).await;
    send_move(&mut second, "Cd4").await;
    let _ = seats_until(&mut first, |_| true).await;
    second
        .send(&json!({ "type": "resign" }))
        .await
        .expect("send");
    let seats = seats_until(&mut first, |s| {
        s.iter()
            .all(|s| s.player.as_ref().is_some_and(|p| p.change.is_some()))
    })
    .await;
    let changes = seats
        .iter()
        .map(|s| s.player.as_ref().and_then(|p| p.change).expect("a change"))
        .collect();
    (first, second, changes)
}

/// The audit's farm, played out: the same two players finish rated games one after another.
/// The first three in a day change their ratings; the fourth counts for nothing.
#[tokio::test]
async fn rated_games_between_the_same_two_players_count_three_a_day() {
    let server = Server::start().await;
    let (mut ana, ana_id) = named(&server, "Ana").await;
    let (bia, bia_id) = named(&server, "Bia").await;
    let mut rating = 1500;
    for game in 1..=4 {
        let changes = bia_resigns(&server, &mut ana, &bia, &bia_id).await;
        assert_eq!(changes[0].before, rating, "game {game}");
        if game <= 3 {
            assert!(changes[0].after > rating, "game {game}: {changes:?}");
        } else {
            assert_eq!(
                (changes[0].after, changes[1].after),
                (changes[0].before, changes[1].before),
                "the fourth counts for nothing: {changes:?}"
            );
        }
        rating = changes[0].after;
    }
    let (_, shown) = Browser::new(server.addr)
        .send("GET", &format!("/api/players/{ana_id}"), None)
        .await;
    assert_eq!(shown["ratings"][0]["games"], 3, "{shown}");
    assert_eq!(shown["ratings"][0]["rating"], rating);
}

/// Four names made from one address filled a rated Q!nto table: a rated table of more than
/// two needs a player with 5 rated games.
#[tokio::test]
async fn newcomers_alone_cannot_fill_a_rated_table_of_three() {
    let server = Server::start().await;
    let (mut ana, _) = named(&server, "Ana").await;
    let (_, bia_id) = named(&server, "Bia").await;
    let (_, cid_id) = named(&server, "Cid").await;
    let asked =
        json!({ "game": "qinto", "players": 3, "mode": "rated", "invite": [bia_id, cid_id] });
    let (answer, _) = ana.send("POST", "/api/games", Some(asked)).await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    assert!(answer.body.contains("5 rated games"), "{}", answer.body);
    // The same table casual is a game.
    let casual = json!({ "game": "qinto", "players": 3, "mode": "online" });
    let (answer, _) = ana.send("POST", "/api/games", Some(casual)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
}

/// A rated game played to its end by its rules: the move that ends it and the players'
/// ratings are stored in one transaction, so the state of that move shows both changes.
#[tokio::test]
async fn the_move_that_ends_a_rated_game_rates_it_in_its_own_state() {
    let server = Server::start().await;
    let (mut ana, _) = named(&server, "Ana").await;
    let (bia, bia_id) = named(&server, "Bia").await;
    let rated = rated_game(&mut ana, &bia_id).await;
    let (first, _) = open(&server, &ana, &rated.id, Some(&token(&rated, 0))).await;
    let (second, _) = open(&server, &bia, &rated.id, Some(&token(&rated, 1))).await;
    let mut sockets = [first, second];
    // Each plays the first legal move it is given until a state shows the game over.
    let mut turn = 0;
    loop {
        let message = next(&mut sockets[turn % 2]).await;
        let ServerMessage::State {
            to_move,
            legal,
            ending,
            seats,
            ..
        } = message
        else {
            continue;
        };
        if ending.is_some() {
            assert!(
                seats
                    .iter()
                    .all(|s| s.player.as_ref().is_some_and(|p| p.change.is_some())),
                "the state of the last move shows both ratings' changes: {seats:?}"
            );
            break;
        }
        if to_move == Some(turn % 2) && !legal.is_empty() {
            send_move(&mut sockets[turn % 2], &legal[0].notation).await;
            turn += 1;
        }
        assert!(turn < 40, "a Quantik game ends within 16 moves");
    }
}

/// The offer and the declined offer of the next state that has either satisfy `done`.
async fn offers_until(
    socket: &mut GameSocket,
    done: impl Fn(
        Option<&tabuleiro_web::store::Offer>,
        Option<&tabuleiro_web::protocol::Declined>,
    ) -> bool,
) -> (
    Option<tabuleiro_web::store::Offer>,
    Option<tabuleiro_web::protocol::Declined>,
) {
    loop {
        if let ServerMessage::State {
            offer, declined, ..
        } = next(socket).await
            && done(offer.as_ref(), declined.as_deref())
        {
            return (offer, declined.map(|d| *d));
        }
    }
}

/// The rematch link of the next state that has one.
async fn rematch_link(socket: &mut GameSocket) -> String {
    loop {
        if let ServerMessage::State {
            rematch: Some(link),
            ..
        } = next(socket).await
        {
            return link;
        }
    }
}

/// The players: a rematch between people is offered, may be declined (and is then not
/// offered again at once), and is accepted; its seats show the ratings as they are after the
/// first game, not as they were when it began.
#[tokio::test]
async fn a_rematch_is_an_offer_with_manners_and_shows_the_ratings_of_now() {
    use tabuleiro_web::store::OfferKind;
    let server = Server::start().await;
    let (mut ana, _) = named(&server, "Ana").await;
    let (bia, bia_id) = named(&server, "Bia").await;
    let (mut first, mut second, changes) = bia_resigns_open(&server, &mut ana, &bia, &bia_id).await;
    let after: Vec<i64> = changes.iter().map(|c| c.after).collect();

    // Ana offers; Bia declines; Ana may not offer again at once.
    let rematch = json!({ "type": "rematch" });
    first.send(&rematch).await.expect("send");
    let (offer, _) = offers_until(&mut second, |o, _| o.is_some()).await;
    assert_eq!(
        offer.map(|o| (o.kind, o.seat)),
        Some((OfferKind::Rematch, 0)),
        "Bia is asked"
    );
    second
        .send(&json!({ "type": "answer", "accept": false }))
        .await
        .expect("send");
    let (_, declined) = offers_until(&mut first, |_, d| d.is_some()).await;
    let declined = declined.expect("declined");
    assert_eq!((declined.kind, declined.seat), (OfferKind::Rematch, 0));
    assert!(
        declined.again_in_ms.is_some_and(|ms| ms > 50_000) && declined.again_in.is_none(),
        "{declined:?}"
    );
    first.send(&rematch).await.expect("send");
    let refused = loop {
        if let ServerMessage::Error { message } = next(&mut first).await {
            break message;
        }
    };
    assert!(
        refused.starts_with("your rematch offer was declined: you may offer one again in "),
        "{refused}"
    );

    // Bia thinks again and offers one herself; Ana accepts.
    second.send(&rematch).await.expect("send");
    let (offer, _) = offers_until(&mut first, |o, _| o.is_some()).await;
    assert_eq!(
        offer.map(|o| (o.kind, o.seat)),
        Some((OfferKind::Rematch, 1))
    );
    first
        .send(&json!({ "type": "answer", "accept": true }))
        .await
        .expect("send");
    let link = rematch_link(&mut first).await;
    assert_eq!(
        rematch_link(&mut second).await.split('#').next(),
        link.split('#').next()
    );
    let id = link
        .trim_start_matches("/?game=")
        .split('#')
        .next()
        .expect("an id")
        .to_owned();
    let (_, seats) = open(&server, &ana, &id, None).await;
    // The seats turned: Bia plays first now; each shows the rating after the first game.
    let shown: Vec<(Option<&str>, Option<i64>)> = seats
        .iter()
        .map(|s| {
            (
                name_of(s),
                s.player.as_ref().and_then(|p| p.rating).map(|r| r.value),
            )
        })
        .collect();
    assert_eq!(
        shown,
        vec![(Some("Bia"), Some(after[1])), (Some("Ana"), Some(after[0]))]
    );
}
