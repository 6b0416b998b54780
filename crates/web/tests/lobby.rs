//! The lobby over HTTP and WebSocket on the real store (SQLite, and PostgreSQL when
//! `scripts/test` runs the server tests again on it): challenges posted, listed, accepted seat
//! by seat and cancelled; the game they start seats its players, who open it without a link.

use serde_json::{Value, json};
use tabuleiro_load::client::GameSocket;
use tabuleiro_web::protocol::ServerMessage;

use crate::util::{Browser, Server, next};

async fn named(server: &Server, name: &str) -> Browser {
    named_in(Browser::new(server.addr), name).await
}

/// A player named `name` in a browser of another client network (loopback address `from`).
async fn named_on(server: &Server, name: &str, from: [u8; 4]) -> Browser {
    named_in(Browser::on_network(server.addr, from), name).await
}

async fn named_in(mut browser: Browser, name: &str) -> Browser {
    let (answer, _) = browser
        .send("POST", "/api/me", Some(json!({ "name": name })))
        .await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    browser
}

/// Opens game `id` as `browser`'s player, without a link: the seats it plays and their names.
async fn open(
    server: &Server,
    browser: &Browser,
    id: &str,
) -> (GameSocket, Vec<usize>, Vec<String>) {
    let session = browser.cookie.as_deref().expect("a session");
    let mut socket = GameSocket::connect_as(server.addr, id, session)
        .await
        .expect("connect");
    socket.send(&json!({ "type": "join" })).await.expect("join");
    match next(&mut socket).await {
        ServerMessage::Welcome { you, seats, .. } => {
            let names = seats
                .iter()
                .map(|s| {
                    s.player
                        .as_ref()
                        .map(|p| p.name.clone())
                        .unwrap_or_default()
                })
                .collect();
            (socket, you, names)
        }
        other => panic!("expected a welcome, got {other:?}"),
    }
}

fn challenge<'a>(lobby: &'a Value, id: &str) -> Option<&'a Value> {
    lobby["challenges"]
        .as_array()
        .and_then(|all| all.iter().find(|c| c["id"] == id))
}

#[tokio::test]
async fn a_challenge_is_posted_accepted_and_starts_a_game_its_players_open_without_links() {
    let server = Server::start().await;
    let mut nobody = Browser::new(server.addr);
    let (answer, _) = nobody
        .send("POST", "/api/lobby", Some(json!({ "game": "quantik" })))
        .await;
    assert_eq!(answer.status, 404, "a name first: {}", answer.body);
    let mut ana = named(&server, "Ana").await;
    let mut bia = named_on(&server, "Bia", [127, 0, 0, 21]).await;
    let mut cid = named(&server, "Cid").await;
    for (bad, says) in [
        (json!({ "game": "go" }), "unknown game"),
        (json!({ "game": "quantik", "clock": { "days": 5 } }), "days"),
        (json!({ "game": "quantik", "players": 3 }), "player"),
    ] {
        let (answer, _) = ana.send("POST", "/api/lobby", Some(bad.clone())).await;
        assert_eq!(answer.status, 400, "{bad}: {}", answer.body);
        assert!(answer.body.contains(says), "{bad}: {}", answer.body);
    }
    let (answer, posted) = ana
        .send(
            "POST",
            "/api/lobby",
            Some(json!({ "game": "quantik", "rated": true, "clock": { "minutes": 3, "increment": 2 } })),
        )
        .await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    let id = posted["id"].as_str().expect("an id").to_owned();
    let (_, lobby) = bia.send("GET", "/api/lobby", None).await;
    let open_one = challenge(&lobby, &id).expect("listed");
    assert_eq!(open_one["seated"][0]["name"], "Ana");
    assert_eq!(open_one["seated"][0]["rating"]["value"], 1500);
    assert_eq!(
        (open_one["clock"].as_str(), open_one["rated"].as_bool()),
        (Some("3+2"), Some(true))
    );
    let (answer, _) = ana
        .send("POST", &format!("/api/lobby/{id}/accept"), None)
        .await;
    assert_eq!(answer.status, 409, "not one's own: {}", answer.body);
    // Another name on Ana's network: a rated challenge is for other networks.
    let (answer, _) = cid
        .send("POST", &format!("/api/lobby/{id}/accept"), None)
        .await;
    assert_eq!(answer.status, 403, "{}", answer.body);
    assert!(answer.body.contains("other networks"), "{}", answer.body);

    let (answer, accepted) = bia
        .send("POST", &format!("/api/lobby/{id}/accept"), None)
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let game = accepted["game"]
        .as_str()
        .expect("the game started")
        .to_owned();
    let (_, lobby) = Browser::new(server.addr)
        .send("GET", "/api/lobby", None)
        .await;
    assert!(challenge(&lobby, &id).is_none(), "no longer open: {lobby}");
    let (_, lobby) = ana.send("GET", "/api/lobby", None).await;
    assert_eq!(
        challenge(&lobby, &id).expect("Ana's own")["game_id"],
        game.as_str()
    );

    // Each opens the game without a link and plays their own seat.
    let (mut one, you_ana, names) = open(&server, &ana, &game).await;
    let (mut two, you_bia, _) = open(&server, &bia, &game).await;
    let mut seats = [you_ana[0], you_bia[0]];
    seats.sort_unstable();
    assert_eq!(seats, [0, 1], "one seat each");
    let mut sorted = names.clone();
    sorted.sort();
    assert_eq!(sorted, ["Ana", "Bia"]);
    let (first, _) = if you_ana[0] == 0 {
        (&mut one, &mut two)
    } else {
        (&mut two, &mut one)
    };
    first
        .send(&json!({ "type": "move", "notation": "Ca1" }))
        .await
        .expect("send");
    loop {
        if let ServerMessage::State { moves, clock, .. } = next(first).await
            && moves.len() == 1
        {
            assert_eq!(clock.map(|c| c.control), Some("3+2".to_owned()));
            break;
        }
    }
    let (_, lobby) = ana.send("GET", "/api/lobby", None).await;
    let playing = lobby["playing"].as_array().expect("games being played");
    let shown = playing
        .iter()
        .find(|g| g["id"] == game.as_str())
        .unwrap_or_else(|| panic!("{lobby}"));
    // A small live board: the position as a spectator sees it, the one piece played.
    let pieces = shown["picture"]["pieces"].as_array().expect("a live board");
    assert_eq!(pieces.len(), 1, "{shown}");
    // And the game is on the players' pages.
    let (_, me) = bia.send("GET", "/api/me", None).await;
    let (_, history) = bia
        .send(
            "GET",
            &format!(
                "/api/players/{}/history",
                me["id"].as_str().unwrap_or_default()
            ),
            None,
        )
        .await;
    assert_eq!(history["games"][0]["id"], game.as_str(), "{history}");
    assert_eq!(history["games"][0]["time_control"], "3+2");
}

#[tokio::test]
async fn a_qinto_challenge_fills_seat_by_seat_and_a_creator_cancels() {
    let server = Server::start().await;
    let mut ana = named(&server, "Ana").await;
    let mut bia = named(&server, "Bia").await;
    let mut caio = named(&server, "Caio").await;
    let (_, posted) = ana
        .send(
            "POST",
            "/api/lobby",
            Some(json!({ "game": "qinto", "players": 3, "rated": false })),
        )
        .await;
    let id = posted["id"].as_str().expect("an id").to_owned();
    let (answer, accepted) = bia
        .send("POST", &format!("/api/lobby/{id}/accept"), None)
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(accepted["game"], Value::Null, "one seat still open");
    let (_, lobby) = caio.send("GET", "/api/lobby", None).await;
    assert_eq!(
        challenge(&lobby, &id).expect("listed")["seated"]
            .as_array()
            .map(Vec::len),
        Some(2)
    );
    let (answer, _) = bia
        .send("POST", &format!("/api/lobby/{id}/accept"), None)
        .await;
    assert_eq!(answer.status, 409, "one seat each: {}", answer.body);
    let (_, accepted) = caio
        .send("POST", &format!("/api/lobby/{id}/accept"), None)
        .await;
    let game = accepted["game"].as_str().expect("full: started").to_owned();
    let (_, you, names) = open(&server, &caio, &game).await;
    assert_eq!(you.len(), 1);
    assert_eq!(names.len(), 3);

    // Cancelled by its creator only.
    let (_, posted) = ana
        .send("POST", "/api/lobby", Some(json!({ "game": "nudge" })))
        .await;
    let id = posted["id"].as_str().expect("an id").to_owned();
    let (answer, _) = bia.send("DELETE", &format!("/api/lobby/{id}"), None).await;
    assert_eq!(answer.status, 404, "{}", answer.body);
    let (answer, _) = ana.send("DELETE", &format!("/api/lobby/{id}"), None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let (_, lobby) = caio.send("GET", "/api/lobby", None).await;
    assert!(challenge(&lobby, &id).is_none());
    let (answer, _) = caio
        .send("POST", &format!("/api/lobby/{id}/accept"), None)
        .await;
    assert_eq!(answer.status, 404, "{}", answer.body);
}

/// A player marked as a bot on their page, whose key a program claimed (`"bot": true`), is a
/// bot: it may take a seat only at a challenge that welcomes bots, and the lobby, the game's
/// seats and the player's page say it is one. A claim never makes a person a bot, and the mark
/// can be undone. A Q!nto seat is told its own hand in `private`; a spectator is told none.
#[tokio::test]
async fn a_bot_sits_only_where_bots_are_welcome_and_is_shown_as_one() {
    let server = Server::start().await;
    let mut ana = named(&server, "Ana").await;
    let mut owner = named(&server, "Robo").await;
    let (answer, key) = owner.send("POST", "/api/me/key", None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let key = key["key"].as_str().expect("a key").to_owned();
    let (_, me) = owner.send("GET", "/api/me", None).await;
    assert_eq!(me["bot"], false, "a person");
    // The audit's finding: a program's claim turned a person into a bot for ever.
    let mut bot = Browser::new(server.addr);
    let (answer, _) = bot
        .send(
            "POST",
            "/api/me/claim",
            Some(json!({ "key": key, "bot": true })),
        )
        .await;
    assert_eq!(answer.status, 409, "{}", answer.body);
    assert!(bot.cookie.is_none(), "no session for a refused claim");
    let (_, me) = owner.send("GET", "/api/me", None).await;
    assert_eq!(me["bot"], false, "still a person");
    // Marked on the player's own page, undone, and marked again.
    for marked in [true, false, true] {
        let (answer, me) = owner
            .send("POST", "/api/me/bot", Some(json!({ "bot": marked })))
            .await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        assert_eq!(me["bot"], marked);
    }
    let (answer, me) = bot
        .send(
            "POST",
            "/api/me/claim",
            Some(json!({ "key": key, "bot": true })),
        )
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(
        (me["name"].as_str(), me["bot"].as_bool()),
        (Some("Robo"), Some(true))
    );
    let id = me["id"].as_str().expect("an id").to_owned();
    let (_, page) = ana.send("GET", &format!("/api/players/{id}"), None).await;
    assert_eq!(page["bot"], true, "the player's page says so: {page}");

    let post = |bots: bool| json!({ "game": "qinto", "rated": false, "bots": bots, "options": { "first": "random" }, "clock": { "days": 1 } });
    // Open to bots, a challenge has a clock: a bot never waits for ever for a person who left.
    let untimed = json!({ "game": "qinto", "rated": false, "bots": true });
    let (answer, _) = ana.send("POST", "/api/lobby", Some(untimed)).await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    assert!(answer.body.contains("needs a clock"), "{}", answer.body);
    let (_, people) = ana.send("POST", "/api/lobby", Some(post(false))).await;
    let people = people["id"].as_str().expect("an id").to_owned();
    let (answer, _) = bot
        .send("POST", &format!("/api/lobby/{people}/accept"), None)
        .await;
    assert_eq!(answer.status, 403, "{}", answer.body);
    assert!(answer.body.contains("bots"), "{}", answer.body);

    let (_, welcome) = ana.send("POST", "/api/lobby", Some(post(true))).await;
    let welcome = welcome["id"].as_str().expect("an id").to_owned();
    let (_, lobby) = bot.send("GET", "/api/lobby", None).await;
    let listed = challenge(&lobby, &welcome).expect("listed");
    assert_eq!(
        (
            listed["bots"].as_bool(),
            listed["seated"][0]["bot"].as_bool()
        ),
        (Some(true), Some(false))
    );
    let (answer, accepted) = bot
        .send("POST", &format!("/api/lobby/{welcome}/accept"), None)
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let game = accepted["game"].as_str().expect("started").to_owned();

    let (mut seat, you, _) = open(&server, &bot, &game).await;
    let ServerMessage::State { seats, private, .. } = next(&mut seat).await else {
        panic!("a state after the welcome");
    };
    let shown: Vec<(String, bool)> = seats
        .iter()
        .filter_map(|s| s.player.as_ref().map(|p| (p.name.clone(), p.bot)))
        .collect();
    assert!(shown.contains(&("Robo".to_owned(), true)), "{shown:?}");
    assert!(shown.contains(&("Ana".to_owned(), false)), "{shown:?}");
    let hand = private.expect("a Q!nto seat is told its hand");
    assert!(hand.starts_with("hand "), "{hand}");
    assert_eq!(
        hand.split_whitespace().count(),
        1 + 5,
        "five tiles: {hand} (seat {you:?})"
    );

    let mut spectator = GameSocket::connect(server.addr, &game)
        .await
        .expect("connect");
    spectator
        .send(&json!({ "type": "join" }))
        .await
        .expect("join");
    let ServerMessage::Welcome { options, .. } = next(&mut spectator).await else {
        panic!("a welcome");
    };
    assert_ne!(
        options.get("first").map(String::as_str),
        Some("random"),
        "{options:?}"
    );
    let ServerMessage::State { private, .. } = next(&mut spectator).await else {
        panic!("a state after the welcome");
    };
    assert_eq!(private, None, "a spectator holds no hand");
}

/// The audit's flood: one client filled every row of the lobby. Now a player has at most
/// three challenges open and a network six; the newest are listed first, so an honest
/// challenge posted after the flood is shown to everyone.
#[tokio::test]
async fn a_lobby_flood_is_capped_per_player_and_network_and_an_honest_challenge_stays_visible() {
    let server = Server::start().await;
    let mut flooders = Vec::new();
    for n in 0..3 {
        flooders.push(named(&server, &format!("Flood {n}")).await);
    }
    let post = json!({ "game": "quantik", "rated": false });
    let mut open = 0;
    let mut refused = Vec::new();
    for flooder in &mut flooders {
        for _ in 0..4 {
            let (answer, _) = flooder.send("POST", "/api/lobby", Some(post.clone())).await;
            match answer.status {
                201 => open += 1,
                429 => refused.push(answer.body),
                other => panic!("{other}: {}", answer.body),
            }
        }
    }
    assert_eq!(open, tabuleiro_web::lobby::OPEN_PER_NETWORK, "{refused:?}");
    assert!(
        refused[0].contains("3 challenges open already"),
        "the fourth of one player: {refused:?}"
    );
    assert!(
        refused.iter().any(|r| r.contains("from your network")),
        "{refused:?}"
    );
    // An honest player elsewhere: posted after the flood, shown first.
    let mut honest = Browser::on_network(server.addr, [127, 0, 0, 9]);
    let (answer, _) = honest
        .send("POST", "/api/me", Some(json!({ "name": "Honest" })))
        .await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    let (answer, posted) = honest.send("POST", "/api/lobby", Some(post)).await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    let (_, lobby) = Browser::new(server.addr)
        .send("GET", "/api/lobby", None)
        .await;
    assert_eq!(lobby["challenges"][0]["id"], posted["id"], "{lobby}");
    assert_eq!(
        lobby["challenges"].as_array().map(Vec::len),
        Some(tabuleiro_web::lobby::OPEN_PER_NETWORK + 1)
    );
    // What a network posted is never shown.
    assert!(!lobby.to_string().contains("127.0.0"), "{lobby}");
}

/// Options are checked when a challenge is posted, as when a game is created: a text option
/// that makes no game (15,000 characters of markup as Pushee's cell values) is refused at
/// once instead of sitting in every lobby as a challenge that can never start.
#[tokio::test]
async fn a_challenge_whose_options_make_no_game_is_refused_when_posted() {
    let server = Server::start().await;
    let mut ana = named(&server, "Ana").await;
    let junk = format!("<b>\u{202e}{}</b>", "9".repeat(15_000));
    for options in [
        json!({ "values": junk }),
        json!({ "size": "3x40" }),
        json!({ "values": "12/34" }),
    ] {
        let asked = json!({ "game": "pushee", "options": options });
        let (answer, _) = ana.send("POST", "/api/lobby", Some(asked.clone())).await;
        assert_eq!(answer.status, 400, "{asked}: {}", answer.body);
    }
    let (_, lobby) = ana.send("GET", "/api/lobby", None).await;
    assert_eq!(
        lobby["challenges"].as_array().map(Vec::len),
        Some(0),
        "{lobby}"
    );
    let (answer, _) = ana
        .send(
            "POST",
            "/api/lobby",
            Some(json!({ "game": "pushee", "options": { "size": "5x7" } })),
        )
        .await;
    assert_eq!(answer.status, 201, "{}", answer.body);
}

/// A challenge whose creator left the lobby (their page silent for longer than
/// [`tabuleiro_web::lobby::GONE_AFTER`]) cannot be accepted by its id: the audit's absent
/// creator lost a rated game on time that way.
#[tokio::test]
async fn a_challenge_that_left_the_lobby_cannot_be_accepted() {
    let server = Server::start().await;
    let mut ana = named(&server, "Ana").await;
    let mut bia = named_on(&server, "Bia", [127, 0, 0, 22]).await;
    let (_, posted) = ana
        .send("POST", "/api/lobby", Some(json!({ "game": "quantik" })))
        .await;
    let id = posted["id"].as_str().expect("an id").to_owned();
    let mut challenge = server
        .hub
        .store()
        .challenge(id.clone(), None)
        .await
        .expect("read")
        .expect("stored");
    // The same challenge, its creator last seen a minute ago.
    challenge.id = format!("{id}x");
    let gone_at = tabuleiro_web::clock::now_ms() - 60_000;
    let put = server
        .hub
        .store()
        .put_challenge(challenge, None, None, gone_at)
        .await
        .expect("stored");
    assert!(put);
    let (answer, _) = bia
        .send("POST", &format!("/api/lobby/{id}x/accept"), None)
        .await;
    assert_eq!(answer.status, 404, "{}", answer.body);
    assert!(answer.body.contains("left the lobby"), "{}", answer.body);
    // The one its creator's page keeps open is taken.
    let (answer, _) = bia
        .send("POST", &format!("/api/lobby/{id}/accept"), None)
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
}
