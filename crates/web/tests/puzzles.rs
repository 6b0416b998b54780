//! Puzzles over HTTP on the real store (SQLite, and PostgreSQL when `scripts/test` runs the
//! server tests again on it): the games with puzzles, the next puzzle by rating, attempts
//! rated once per player and puzzle as Glicko-2 games, a player's puzzle history.

use serde_json::{Value, json};

use crate::util::{Browser, Server};

fn rating(v: &Value) -> i64 {
    v["rating"]
        .as_i64()
        .unwrap_or_else(|| panic!("a rating in {v}"))
}

#[tokio::test]
async fn puzzles_are_offered_by_rating_and_a_players_first_attempt_is_rated() {
    let server = Server::start().await;
    let mut guest = Browser::new(server.addr);
    let (answer, list) = guest.send("GET", "/api/puzzles", None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let games: Vec<&str> = list["games"]
        .as_array()
        .expect("games")
        .iter()
        .filter_map(|g| g["game"].as_str())
        .collect();
    for game in ["quantik", "nudge", "taiji", "pushee"] {
        assert!(games.contains(&game), "{games:?}");
    }
    assert!(!games.contains(&"qinto"), "hidden hands have no puzzles");
    let daily = list["daily"].as_str().expect("a daily puzzle").to_owned();
    let (answer, shown) = guest.send("GET", "/api/puzzles/daily", None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(shown["id"], daily.as_str());

    // A guest asks by rating, and is never rated.
    let (answer, easy) = guest
        .send("GET", "/api/puzzles/next?game=quantik&rating=1000", None)
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!((rating(&easy) - 1000).abs() < 150, "{easy}");
    assert!(easy["solution"][0][0].is_string(), "{easy}");
    assert_eq!(easy["record"]["game"], "quantik");
    // The position drawn as boards are: as many pieces on the board as moves in the record.
    let moves = easy["record"]["moves"].as_array().expect("moves").len();
    let placed = easy["picture"]["pieces"]
        .as_array()
        .unwrap_or_else(|| panic!("a picture: {easy}"))
        .len();
    assert_eq!(placed, moves, "{}", easy["picture"]);
    assert_eq!(easy["seat"], u64::try_from(moves % 2).expect("seat"));
    let path = format!("/api/puzzles/{}/attempt", easy["id"].as_str().expect("id"));
    let (answer, told) = guest
        .send("POST", &path, Some(json!({ "solved": true })))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(told["rated"], false);

    // A player's first attempt is a rated game against the puzzle.
    let mut player = Browser::new(server.addr);
    let (_, me) = player
        .send("POST", "/api/me", Some(json!({ "name": "Solver" })))
        .await;
    let id = me["id"].as_str().expect("an id").to_owned();
    let (_, first) = player
        .send("GET", "/api/puzzles/next?game=quantik", None)
        .await;
    let puzzle = first["id"].as_str().expect("a puzzle").to_owned();
    assert!(
        (rating(&first) - 1500).abs() < 300,
        "near a new player's 1500: {first}"
    );
    let path = format!("/api/puzzles/{puzzle}/attempt");
    let (answer, solved) = player
        .send("POST", &path, Some(json!({ "solved": true })))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(solved["rated"], true, "{solved}");
    assert_eq!(rating(&solved["before"]), 1500);
    assert!(rating(&solved["after"]) > 1500, "{solved}");
    assert!(rating(&solved["puzzle"]) < rating(&first), "{solved}");
    let (_, again) = player
        .send("GET", &format!("/api/puzzles/{puzzle}"), None)
        .await;
    assert_eq!(
        rating(&again),
        rating(&solved["puzzle"]),
        "the puzzle's rating moved"
    );
    // A second attempt at it is not rated.
    let (_, twice) = player
        .send("POST", &path, Some(json!({ "solved": false })))
        .await;
    assert_eq!(twice["rated"], false, "{twice}");
    assert_eq!(rating(&twice["after"]), rating(&solved["after"]));
    // The next puzzle is another, and a miss costs rating.
    let (_, second) = player
        .send("GET", "/api/puzzles/next?game=quantik", None)
        .await;
    assert_ne!(second["id"], puzzle.as_str());
    let path = format!(
        "/api/puzzles/{}/attempt",
        second["id"].as_str().expect("id")
    );
    let (_, missed) = player
        .send("POST", &path, Some(json!({ "solved": false })))
        .await;
    assert_eq!(missed["rated"], true);
    assert!(
        rating(&missed["after"]) < rating(&solved["after"]),
        "{missed}"
    );

    // The history: one rating in Quantik from two rated attempts, three attempts newest first.
    let (answer, history) = guest
        .send("GET", &format!("/api/players/{id}/puzzles"), None)
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let ratings = history["ratings"].as_array().expect("ratings");
    assert_eq!(ratings.len(), 1, "{history}");
    assert_eq!(ratings[0]["game"], "quantik");
    assert_eq!(ratings[0]["attempts"], 2);
    assert_eq!(rating(&ratings[0]), rating(&missed["after"]));
    let attempts = history["attempts"].as_array().expect("attempts");
    let seen: Vec<(bool, bool)> = attempts
        .iter()
        .map(|a| (a["solved"] == true, a["rated"] == true))
        .collect();
    assert_eq!(
        seen,
        [(false, true), (false, false), (true, true)],
        "{history}"
    );

    // Kept across a restart.
    let data = server.stop().await;
    let server = Server::on(data).await;
    let mut reader = Browser::new(server.addr);
    let (_, after) = reader
        .send("GET", &format!("/api/players/{id}/puzzles"), None)
        .await;
    assert_eq!(after["ratings"], history["ratings"]);
}

#[tokio::test]
async fn bad_puzzle_requests_say_what_is_wrong() {
    let server = Server::start().await;
    let mut browser = Browser::new(server.addr);
    for (path, says) in [
        ("/api/puzzles/next?game=qinto", "no puzzles of `qinto`"),
        (
            "/api/puzzles/next?game=quantik&theme=nonsense",
            "no Quantik puzzle has the theme",
        ),
        ("/api/puzzles/no-such", "no puzzle `no-such`"),
    ] {
        let (answer, _) = browser.send("GET", path, None).await;
        assert_eq!(answer.status, 404, "{path}: {}", answer.body);
        assert!(answer.body.contains(says), "{path}: {}", answer.body);
    }
    let (answer, _) = browser
        .send(
            "GET",
            "/api/puzzles/next?game=quantik&theme=win%20in%202",
            None,
        )
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(answer.body.contains("win in 2"), "{}", answer.body);
    let (answer, _) = browser
        .send(
            "POST",
            "/api/puzzles/quantik-0001/attempt",
            Some(json!({ "solve": 1 })),
        )
        .await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    let (answer, _) = browser
        .send(
            "POST",
            "/api/puzzles/no-such/attempt",
            Some(json!({ "solved": true })),
        )
        .await;
    assert_eq!(answer.status, 404, "{}", answer.body);
}
