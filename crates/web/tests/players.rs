//! Players over HTTP, on the real store (SQLite, and PostgreSQL when `scripts/test` runs the
//! server tests again on it): a name makes a player and sets the session's cookie, a key moves
//! the player to another browser, and "forget me" removes it all.

use serde_json::json;

use crate::util::{Browser, Server, set_cookie};

#[tokio::test]
async fn a_name_makes_a_player_that_this_browser_stays() {
    let server = Server::start().await;
    let mut browser = Browser::new(server.addr);
    let (answer, _) = browser.send("GET", "/api/me", None).await;
    assert_eq!(answer.status, 404, "{}", answer.body);
    assert!(answer.body.contains("choose a name"), "{}", answer.body);

    let (answer, me) = browser
        .send("POST", "/api/me", Some(json!({ "name": "  Ana Lúcia " })))
        .await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    let cookie = set_cookie(&answer).expect("a cookie");
    for part in ["HttpOnly", "SameSite=Lax", "Path=/"] {
        assert!(cookie.contains(part), "{cookie}");
    }
    assert!(!cookie.contains("Secure"), "plain HTTP: {cookie}");
    assert!(
        !answer
            .body
            .contains(browser.cookie.as_deref().expect("kept")),
        "the secret is only in the cookie"
    );
    let id = me["id"].as_str().expect("an id").to_owned();
    assert_eq!(me["name"], "Ana Lúcia");
    assert_eq!(me["display"], format!("Ana Lúcia#{}", &id[..8]));

    let (answer, again) = browser.send("GET", "/api/me", None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(again, me);

    // A new name keeps the player.
    let (answer, renamed) = browser
        .send("POST", "/api/me", Some(json!({ "name": "Ana" })))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(renamed["id"], me["id"]);
    assert_eq!(renamed["display"], format!("Ana#{}", &id[..8]));

    // Another browser is another player, even with the same name.
    let mut other = Browser::new(server.addr);
    let (_, twin) = other
        .send("POST", "/api/me", Some(json!({ "name": "Ana" })))
        .await;
    assert_ne!(twin["id"], me["id"]);
    assert_ne!(
        twin["display"], renamed["display"],
        "equal names differ by their tags"
    );
    assert_eq!(
        twin["tag"].as_str().map(str::len),
        Some(8),
        "tags of 8 hex digits: {twin}"
    );
    // Lookalikes of a name are refused with the reason (crates/web/src/players.rs lists them).
    let mut lookalike = Browser::new(server.addr);
    for (name, says) in [
        ("\u{410}n\u{430}", "one script"),
        ("\u{ff21}\u{ff4e}\u{ff41}", "ordinary letters"),
        ("\u{3164}\u{3164}", "shows as nothing"),
    ] {
        let (answer, _) = lookalike
            .send("POST", "/api/me", Some(json!({ "name": name })))
            .await;
        assert_eq!(answer.status, 400, "{name:?}: {}", answer.body);
        assert!(answer.body.contains(says), "{name:?}: {}", answer.body);
    }
}

#[tokio::test]
async fn bad_names_and_bad_cookies_are_refused_with_a_reason() {
    let server = Server::start().await;
    let mut browser = Browser::new(server.addr);
    for bad in [
        "",
        "A",
        "<b>bold</b>",
        "two  spaces",
        "x".repeat(25).as_str(),
        "bell\u{7}",
        "new\nline",
        "tab\there",
        "\u{202e}reversed",
        "&amp;",
    ] {
        let (answer, _) = browser
            .send("POST", "/api/me", Some(json!({ "name": bad })))
            .await;
        assert_eq!(answer.status, 400, "{bad:?}: {}", answer.body);
        assert!(answer.body.contains("name"), "{}", answer.body);
        assert!(browser.cookie.is_none(), "no player made by a bad name");
    }
    let (answer, _) = browser
        .send("POST", "/api/me", Some(json!({ "nick": "Ana" })))
        .await;
    assert_eq!(answer.status, 400, "{}", answer.body);
    // A forged or malformed cookie is no player, and no error.
    for forged in [
        "0123456789abcdef0123456789abcdef",
        "not-hex",
        "'; DROP TABLE players; --",
    ] {
        browser.cookie = Some(forged.to_owned());
        let (answer, _) = browser.send("GET", "/api/me", None).await;
        assert_eq!(answer.status, 404, "{forged}: {}", answer.body);
    }
}

#[tokio::test]
async fn a_key_moves_the_player_to_another_browser_and_forgetting_removes_it() {
    let server = Server::start().await;
    let mut home = Browser::new(server.addr);
    let (_, me) = home
        .send("POST", "/api/me", Some(json!({ "name": "Bea" })))
        .await;
    let (answer, first) = home.send("POST", "/api/me/key", None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let (_, given) = home.send("POST", "/api/me/key", None).await;
    let key = given["key"].as_str().expect("a key").to_owned();
    assert_eq!(
        given["link"],
        format!("/#key={key}"),
        "the key travels in the fragment"
    );

    // A newer key replaces the older one.
    let mut phone = Browser::new(server.addr);
    let (answer, _) = phone
        .send(
            "POST",
            "/api/me/claim",
            Some(json!({ "key": first["key"] })),
        )
        .await;
    assert_eq!(answer.status, 404, "{}", answer.body);
    let (answer, claimed) = phone
        .send("POST", "/api/me/claim", Some(json!({ "key": key })))
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(claimed["id"], me["id"]);
    assert_ne!(phone.cookie, home.cookie, "each browser its own session");
    let (_, on_phone) = phone.send("GET", "/api/me", None).await;
    assert_eq!(on_phone["display"], me["display"]);

    // Forgetting from the phone removes the player from both browsers, and the key.
    let (answer, _) = phone.send("DELETE", "/api/me", None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert!(
        set_cookie(&answer).is_some_and(|c| c.contains("Max-Age=0")),
        "{}",
        answer.head
    );
    assert!(phone.cookie.is_none());
    let (answer, _) = home.send("GET", "/api/me", None).await;
    assert_eq!(answer.status, 404, "{}", answer.body);
    let mut third = Browser::new(server.addr);
    let (answer, _) = third
        .send("POST", "/api/me/claim", Some(json!({ "key": key })))
        .await;
    assert_eq!(answer.status, 404, "{}", answer.body);
}

/// The audit's leaked key: a newer key did not end the sessions the old key had made. Now
/// it does (but the browser asking for it, and the one the name made), and a player sees
/// their browsers and signs any of them out.
#[tokio::test]
async fn a_new_key_signs_out_the_browsers_older_keys_let_in_and_a_player_ends_any_session() {
    let server = Server::start().await;
    let mut home = Browser::new(server.addr);
    let (_, me) = home
        .send("POST", "/api/me", Some(json!({ "name": "Bea" })))
        .await;
    let (_, leaked) = home.send("POST", "/api/me/key", None).await;
    let leaked = leaked["key"].as_str().expect("a key").to_owned();
    let mut thief = Browser::new(server.addr);
    let mut laptop = Browser::new(server.addr);
    for browser in [&mut thief, &mut laptop] {
        let (answer, claimed) = browser
            .send("POST", "/api/me/claim", Some(json!({ "key": leaked })))
            .await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        assert_eq!(claimed["id"], me["id"]);
    }
    let (answer, listed) = home.send("GET", "/api/me/sessions", None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let sessions = listed["sessions"].as_array().expect("sessions").clone();
    let hows: Vec<&str> = sessions.iter().filter_map(|s| s["how"].as_str()).collect();
    assert_eq!(hows, ["name", "key", "key"], "{listed}");
    assert_eq!(
        sessions.iter().filter(|s| s["this"] == true).count(),
        1,
        "{listed}"
    );
    assert!(
        !listed
            .to_string()
            .contains(home.cookie.as_deref().expect("a cookie")),
        "no secret listed: {listed}"
    );
    // The laptop (let in by the leaked key) makes a new key: the thief is signed out, the
    // laptop and the first browser stay.
    let (answer, _) = laptop.send("POST", "/api/me/key", None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    let (answer, _) = thief.send("GET", "/api/me", None).await;
    assert_eq!(
        answer.status, 404,
        "the thief is signed out: {}",
        answer.body
    );
    for browser in [&mut home, &mut laptop] {
        let (answer, still) = browser.send("GET", "/api/me", None).await;
        assert_eq!(answer.status, 200, "{}", answer.body);
        assert_eq!(still["id"], me["id"]);
    }
    let (answer, _) = thief
        .send("POST", "/api/me/claim", Some(json!({ "key": leaked })))
        .await;
    assert_eq!(
        answer.status, 404,
        "the leaked key opens nothing: {}",
        answer.body
    );
    // The first browser signs the laptop out, then itself.
    let (_, listed) = home.send("GET", "/api/me/sessions", None).await;
    let sessions = listed["sessions"].as_array().expect("sessions").clone();
    assert_eq!(sessions.len(), 2, "{listed}");
    let other = sessions
        .iter()
        .find(|s| s["this"] == false)
        .expect("the laptop's");
    let path = format!("/api/me/sessions/{}", other["id"].as_str().expect("an id"));
    let (answer, ended) = home.send("DELETE", &path, None).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(ended["this"], false);
    let (answer, _) = laptop.send("GET", "/api/me", None).await;
    assert_eq!(answer.status, 404, "{}", answer.body);
    let (answer, _) = home.send("DELETE", &path, None).await;
    assert_eq!(answer.status, 404, "ended once: {}", answer.body);
    let mine = sessions
        .iter()
        .find(|s| s["this"] == true)
        .expect("this browser's");
    let path = format!("/api/me/sessions/{}", mine["id"].as_str().expect("an id"));
    let (answer, ended) = home.send("DELETE", &path, None).await;
    assert_eq!((answer.status, ended["this"].as_bool()), (200, Some(true)));
    assert!(home.cookie.is_none(), "the cookie is cleared");
}

#[tokio::test]
async fn behind_https_the_cookie_is_secure() {
    let server = Server::start().await;
    let mut browser = Browser::new(server.addr);
    let (answer, _) = browser
        .send_with(
            "POST",
            "/api/me",
            Some(json!({ "name": "Caio" })),
            &[("X-Forwarded-Proto", "https")],
        )
        .await;
    assert_eq!(answer.status, 201, "{}", answer.body);
    let cookie = set_cookie(&answer).expect("a cookie");
    assert!(cookie.ends_with("; Secure"), "{cookie}");
}
