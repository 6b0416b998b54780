//! `tabuleiro bot` against a real `tabuleiro serve`: a person (this test, over HTTP and the
//! game's WebSocket) posts challenges; the bot (`tabuleiro engine` behind it) takes only
//! those that welcome bots, is shown as a bot, plays Quantik and Q!nto to the end through the
//! protocol — its engine told its own Q!nto hand and no other — and the records replay.

use std::io::Read as _;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{ChildStderr, ChildStdout, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};
use tabuleiro_load::client::{GameSocket, request_with};
use tabuleiro_web::protocol::ServerMessage;

use crate::support::{Process, start};

const BIN: &str = env!("CARGO_BIN_EXE_tabuleiro");

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabuleiro-cli-bot-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a scratch folder");
    dir
}

/// A browser's player: its session.
struct Person {
    addr: SocketAddr,
    session: Option<String>,
}

impl Person {
    async fn call(&mut self, method: &str, path: &str, body: Option<Value>) -> (u16, Value) {
        let cookie = self
            .session
            .as_ref()
            .map(|s| format!("tabuleiro_session={s}"));
        let mut headers = vec![("Content-Type", "application/json")];
        if let Some(cookie) = &cookie {
            headers.push(("Cookie", cookie.as_str()));
        }
        let text = body.map(|b| b.to_string());
        let answer = request_with(self.addr, method, path, &headers, text.as_deref())
            .await
            .expect("the server answers");
        if let Some(session) = answer.session() {
            self.session = Some(session);
        }
        (
            answer.status,
            serde_json::from_str(&answer.body).unwrap_or(Value::Null),
        )
    }

    async fn named(addr: SocketAddr, name: &str) -> Self {
        let mut person = Person {
            addr,
            session: None,
        };
        let (status, me) = person
            .call("POST", "/api/me", Some(json!({ "name": name })))
            .await;
        assert_eq!(status, 201, "{me}");
        person
    }

    /// Posts a challenge; its id.
    async fn challenge(&mut self, game: &str, bots: bool) -> String {
        // A challenge open to bots has a clock (a bot never waits for ever for a person).
        let body = if bots {
            json!({ "game": game, "rated": false, "bots": true, "clock": { "minutes": 30 } })
        } else {
            json!({ "game": game, "rated": false, "bots": false })
        };
        let (status, posted) = self.call("POST", "/api/lobby", Some(body)).await;
        assert_eq!(status, 201, "{posted}");
        posted["id"].as_str().expect("an id").to_owned()
    }

    /// Keeps the lobby open (as the creator's page does) until challenge `id` starts: its game.
    async fn started(&mut self, id: &str) -> String {
        for _ in 0..200 {
            self.call("GET", "/api/lobby", None).await;
            let (_, one) = self.call("GET", &format!("/api/lobby/{id}"), None).await;
            if let Some(game) = one["game_id"].as_str() {
                return game.to_owned();
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the bot did not take challenge {id} within 20 s");
    }

    /// Plays game `id` with the first legal move each turn until it ends: the players' names
    /// with whether each is a bot, and the result.
    async fn play(&self, id: &str) -> (Vec<(String, bool)>, String) {
        self.play_until(id, usize::MAX).await
    }

    /// [`Person::play`] until the game ends or has `moves` moves (then the result is empty,
    /// and the game is closed).
    async fn play_until(&self, id: &str, until: usize) -> (Vec<(String, bool)>, String) {
        let session = self.session.as_deref().expect("a session");
        let mut socket = GameSocket::connect_as(self.addr, id, session)
            .await
            .expect("connect");
        socket.send(&json!({ "type": "join" })).await.expect("join");
        let mut mine = None;
        let mut played = None;
        loop {
            let message = tokio::time::timeout(Duration::from_secs(30), socket.next())
                .await
                .expect("a message within 30 s")
                .expect("a message");
            match message {
                ServerMessage::Welcome { you, .. } => mine = you.first().copied(),
                ServerMessage::State {
                    to_move,
                    legal,
                    moves,
                    ending,
                    seats,
                    ..
                } => {
                    let players = seats
                        .iter()
                        .filter_map(|s| s.player.as_ref().map(|p| (p.name.clone(), p.bot)))
                        .collect();
                    if let Some(ending) = ending {
                        return (players, ending.text);
                    }
                    if moves.len() >= until {
                        return (players, String::new());
                    }
                    if to_move.is_some() && to_move == mine && played != Some(moves.len()) {
                        played = Some(moves.len());
                        let first = &legal.first().expect("a legal move").notation;
                        socket
                            .send(&json!({ "type": "move", "notation": first }))
                            .await
                            .expect("send");
                    }
                }
                ServerMessage::Error { message } => panic!("the server refused: {message}"),
                _ => {}
            }
        }
    }
}

/// `tabuleiro engine --level random`, as the bot's engine.
const RANDOM: [&str; 4] = [BIN, "engine", "--level", "random"];

/// Starts `tabuleiro bot` for `key` on the server at `addr` (Quantik and Q!nto, `engine`
/// behind it, `games` games), its engine log in `log`; its output and errors.
fn start_bot(
    dir: &Path,
    addr: SocketAddr,
    key: &str,
    games: &str,
    log: &Path,
    engine: &[&str],
) -> (Process, ChildStdout, ChildStderr) {
    start_bot_with(dir, &format!("http://{addr}"), key, games, log, engine, &[])
}

/// [`start_bot`] with the server as a URL and `more` of `tabuleiro bot`'s arguments.
fn start_bot_with(
    dir: &Path,
    server: &str,
    key: &str,
    games: &str,
    log: &Path,
    engine: &[&str],
    more: &[&str],
) -> (Process, ChildStdout, ChildStderr) {
    let mut bot = Command::new(BIN)
        .args(["--engine-log"])
        .arg(log)
        .args([
            "bot",
            "--server",
            server,
            "--accept",
            "quantik,qinto",
            "--think-ms",
            "200",
            "--games",
            games,
        ])
        .args(more)
        .arg("--")
        .args(engine)
        .env("TABULEIRO_BOT_KEY", key)
        .env("XDG_CONFIG_HOME", dir)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the bot starts");
    let said = bot.stdout.take().expect("stdout");
    let complaints = bot.stderr.take().expect("stderr");
    (Process(bot), said, complaints)
}

/// Waits (30 s at most) for the bot to stop: its output, once it stopped with success.
async fn stopped(bot: Process, mut said: ChildStdout, mut complaints: ChildStderr) -> String {
    let status = tokio::task::spawn_blocking(move || {
        let mut bot = bot;
        let status = bot.0.wait();
        (bot, status)
    });
    let (_bot, status) = tokio::time::timeout(Duration::from_secs(30), status)
        .await
        .expect("the bot stops after its games")
        .expect("joined");
    let mut out = String::new();
    said.read_to_string(&mut out).expect("its output");
    let mut err = String::new();
    complaints.read_to_string(&mut err).expect("its errors");
    assert!(status.expect("waited").success(), "{out}\n{err}");
    out
}

/// Whether the bot's output says how game `id` ended for it.
fn finished(out: &str, id: &str) -> bool {
    out.lines().any(|l| {
        l.starts_with(&format!("game {id}: "))
            && [" won ", " lost ", " drew "].iter().any(|w| l.contains(w))
    })
}

/// A person named `name`, and the key of a player named `bot` for `tabuleiro bot`.
async fn people(addr: SocketAddr, name: &str, bot: &str) -> (Person, String) {
    let person = Person::named(addr, name).await;
    let mut owner = Person::named(addr, bot).await;
    // Its owner says on its page that a program plays for it: no claim makes a person a bot.
    let (status, me) = owner
        .call("POST", "/api/me/bot", Some(json!({ "bot": true })))
        .await;
    assert_eq!((status, me["bot"].as_bool()), (200, Some(true)), "{me}");
    let (status, key) = owner.call("POST", "/api/me/key", None).await;
    assert_eq!(status, 200, "{key}");
    (person, key["key"].as_str().expect("a key").to_owned())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_takes_the_challenges_that_welcome_bots_and_plays_them_to_the_end() {
    let dir = scratch("two-games");
    let (_server, addr) = start(&dir.join("data"), None);
    let (mut ana, key) = people(addr, "Ana", "Robo").await;

    let people = ana.challenge("quantik", false).await;
    let log = dir.join("engine.log");
    let (bot, said, complaints) = start_bot(&dir, addr, &key, "2", &log, &RANDOM);

    let mut games = Vec::new();
    for game in ["quantik", "qinto"] {
        let challenge = ana.challenge(game, true).await;
        let id = ana.started(&challenge).await;
        let (players, result) = ana.play(&id).await;
        assert!(players.contains(&("Robo".to_owned(), true)), "{players:?}");
        assert!(players.contains(&("Ana".to_owned(), false)), "{players:?}");
        assert!(!result.is_empty());
        games.push(id);
    }

    // The people-only challenge was left alone.
    let (_, lobby) = ana.call("GET", "/api/lobby", None).await;
    let open = lobby["challenges"]
        .as_array()
        .and_then(|all| all.iter().find(|c| c["id"] == people.as_str()))
        .expect("still open");
    assert_eq!(open["seated"].as_array().map(Vec::len), Some(1), "{open}");

    // The bot stops after its two games, having said how each ended.
    let out = stopped(bot, said, complaints).await;
    assert!(out.contains("Robo#") && out.contains("as a bot"), "{out}");
    for id in &games {
        assert!(finished(&out, id), "no result of {id}: {out}");
    }

    // The records replay to their results.
    for id in &games {
        let (status, record) = ana
            .call("GET", &format!("/api/games/{id}/record"), None)
            .await;
        assert_eq!(status, 200, "{record}");
        assert!(!record["result"].is_null(), "{record}");
        let file = dir.join(format!("{id}.json"));
        std::fs::write(&file, record.to_string()).expect("written");
        let replay = Command::new(BIN)
            .arg("replay")
            .arg(&file)
            .output()
            .expect("replay runs");
        assert!(
            replay.status.success(),
            "{}",
            String::from_utf8_lossy(&replay.stderr)
        );
    }

    // The engine was told its Q!nto hand, and only its own: every `private` line is one hand
    // of at most five tiles (the whole input of a Q!nto seat is checked in `examples.rs`).
    let log = std::fs::read_to_string(&log).expect("the engine log");
    assert!(log.contains("game qinto players 2 seat"), "{log}");
    let hands: Vec<&str> = log
        .lines()
        .filter_map(|l| l.split_once("> private ").map(|(_, hand)| hand))
        .collect();
    assert!(!hands.is_empty(), "no hand told: {log}");
    for hand in hands {
        let tiles = hand
            .strip_prefix("hand")
            .expect("a hand")
            .split_whitespace()
            .count();
        assert!(tiles <= 5, "{hand}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A bot stopped (SIGKILL) while it plays a game finishes that game when it starts again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_stopped_in_a_game_finishes_it_when_started_again() {
    let dir = scratch("again");
    let (_server, addr) = start(&dir.join("data"), None);
    let (mut ana, key) = people(addr, "Ana", "Robo").await;
    let log = dir.join("engine.log");
    let (mut bot, _said, _complaints) = start_bot(&dir, addr, &key, "1", &log, &RANDOM);
    let challenge = ana.challenge("quantik", true).await;
    let id = ana.started(&challenge).await;
    // Whichever moves first, the game cannot end before Ana moves.
    let _ = bot.0.kill();
    let _ = bot.0.wait();
    drop(bot);
    let (bot, said, complaints) = start_bot(&dir, addr, &key, "1", &log, &RANDOM);
    let (players, _) = ana.play(&id).await;
    assert!(players.contains(&("Robo".to_owned(), true)), "{players:?}");
    let out = stopped(bot, said, complaints).await;
    assert!(finished(&out, &id), "the game was not finished: {out}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A bot whose engine fails (here: a move that is not a move) resigns the game with the
/// reason, and the person wins.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_whose_engine_fails_resigns_with_the_reason() {
    let dir = scratch("fails");
    let (_server, addr) = start(&dir.join("data"), None);
    let (mut ana, key) = people(addr, "Ana", "Robo").await;
    let script = "while read line; do case \"$line\" in protocol*|game*) echo ok;; go*) echo 'move zz9';; esac; done";
    let log = dir.join("engine.log");
    let (bot, said, complaints) = start_bot(&dir, addr, &key, "1", &log, &["sh", "-c", script]);
    let challenge = ana.challenge("quantik", true).await;
    let id = ana.started(&challenge).await;
    let (_, result) = ana.play(&id).await;
    assert!(result.contains("resign"), "{result}");
    let out = stopped(bot, said, complaints).await;
    assert!(
        out.contains("the engine failed (played `zz9`") && out.contains("it resigns"),
        "{out}"
    );
    assert!(out.contains(&format!("game {id}: lost")), "{out}");
    let (_, record) = ana
        .call("GET", &format!("/api/games/{id}/record"), None)
        .await;
    assert!(!record["resigned"].is_null(), "{record}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// With `--concurrency 2` the bot takes a second challenge while its first game goes on, and
/// plays both at once (with one game at a time, the second challenge waits for ever here: Ana
/// plays neither game until both have started).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_with_concurrency_2_plays_two_challenges_at_once() {
    let dir = scratch("two-at-once");
    let (_server, addr) = start(&dir.join("data"), None);
    let (mut ana, key) = people(addr, "Ana", "Robo").await;
    let log = dir.join("engine.log");
    let (bot, said, complaints) = start_bot_with(
        &dir,
        &format!("http://{addr}"),
        &key,
        "2",
        &log,
        &RANDOM,
        &["--concurrency", "2"],
    );
    let first = ana.challenge("quantik", true).await;
    let one = ana.started(&first).await;
    let second = ana.challenge("quantik", true).await;
    let two = ana.started(&second).await;
    assert_ne!(one, two);
    let ((players_one, _), (players_two, _)) = tokio::join!(ana.play(&one), ana.play(&two));
    for players in [players_one, players_two] {
        assert!(players.contains(&("Robo".to_owned(), true)), "{players:?}");
    }
    let out = stopped(bot, said, complaints).await;
    assert!(out.contains("2 at once"), "{out}");
    for id in [&one, &two] {
        assert!(finished(&out, id), "no result of {id}: {out}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A person who leaves a bot's game is claimed against as soon as the server allows it: the
/// bot takes the win and goes on.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_claims_the_win_over_a_person_who_left() {
    let dir = scratch("left");
    let (_server, addr) = start(&dir.join("data"), None);
    let (mut ana, key) = people(addr, "Ana", "Robo").await;
    let log = dir.join("engine.log");
    let (bot, said, complaints) = start_bot(&dir, addr, &key, "1", &log, &RANDOM);
    // A minute on the clock: a player away for 10 s may be claimed against.
    let asked =
        json!({ "game": "quantik", "rated": false, "bots": true, "clock": { "minutes": 1 } });
    let (status, posted) = ana.call("POST", "/api/lobby", Some(asked)).await;
    assert_eq!(status, 201, "{posted}");
    let id = ana.started(posted["id"].as_str().expect("an id")).await;
    // Ana plays until each has moved, then closes the game for good.
    let (players, _) = ana.play_until(&id, 2).await;
    assert!(players.contains(&("Robo".to_owned(), true)), "{players:?}");
    let out = stopped(bot, said, complaints).await;
    assert!(
        out.contains(&format!("game {id}: its opponent left: it claims the win")),
        "{out}"
    );
    assert!(out.contains(&format!("game {id}: won")), "{out}");
    let (_, record) = ana
        .call("GET", &format!("/api/games/{id}/record"), None)
        .await;
    assert_eq!(record["forfeit"]["reason"], "left the game", "{record}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// A TLS endpoint on loopback in front of `upstream`, with a certificate for `localhost`
/// signed by a certificate authority made here: its address, and the authority's certificate
/// (PEM) for `--ca-file`. It serves until the runtime stops.
fn tls_proxy(upstream: SocketAddr) -> (SocketAddr, String) {
    let ca_key = rcgen::KeyPair::generate().expect("a key");
    let mut ca = rcgen::CertificateParams::new(Vec::<String>::new()).expect("parameters");
    ca.is_ca = rcgen::IsCa::Ca(rcgen::BasicConstraints::Unconstrained);
    ca.distinguished_name
        .push(rcgen::DnType::CommonName, "tabuleiro test authority");
    let authority = rcgen::CertifiedIssuer::self_signed(ca, ca_key).expect("an authority");
    let key = rcgen::KeyPair::generate().expect("a key");
    let leaf = rcgen::CertificateParams::new(vec!["localhost".to_owned()])
        .expect("parameters")
        .signed_by(&key, &authority)
        .expect("a certificate");
    let provider = std::sync::Arc::new(rustls::crypto::ring::default_provider());
    let config = rustls::ServerConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("TLS versions")
        .with_no_client_auth()
        .with_single_cert(
            vec![leaf.der().clone()],
            rustls::pki_types::PrivateKeyDer::Pkcs8(key.serialize_der().into()),
        )
        .expect("a server configuration");
    let acceptor = tokio_rustls::TlsAcceptor::from(std::sync::Arc::new(config));
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let addr = listener.local_addr().expect("its address");
    listener.set_nonblocking(true).expect("non-blocking");
    let listener = tokio::net::TcpListener::from_std(listener).expect("a listener");
    tokio::spawn(async move {
        while let Ok((client, _)) = listener.accept().await {
            let acceptor = acceptor.clone();
            tokio::spawn(async move {
                let Ok(mut client) = acceptor.accept(client).await else {
                    return;
                };
                let Ok(mut server) = tokio::net::TcpStream::connect(upstream).await else {
                    return;
                };
                let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
            });
        }
    });
    (addr, authority.pem())
}

/// `tabuleiro bot --server https://…` through a TLS endpoint whose certificate this test made:
/// refused without `--ca-file` (the certificate is not trusted), and with it the bot plays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_reaches_a_server_over_https_with_a_certificate_from_its_ca_file() {
    let dir = scratch("tls");
    let (_server, addr) = start(&dir.join("data"), None);
    let (proxy, authority) = tls_proxy(addr);
    let ca_file = dir.join("authority.pem");
    std::fs::write(&ca_file, authority).expect("the CA file");
    let (mut ana, key) = people(addr, "Ana", "Robo").await;
    let log = dir.join("engine.log");
    let server = format!("https://localhost:{}", proxy.port());
    // Without the authority the certificate is refused, saying so.
    let refused = Command::new(BIN)
        .args(["bot", "--server", &server, "--games", "1", "--"])
        .args(RANDOM)
        .env("TABULEIRO_BOT_KEY", &key)
        .env("XDG_CONFIG_HOME", &dir)
        .output()
        .expect("the bot runs");
    assert!(!refused.status.success());
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(said.contains("certificate"), "{said}");
    // With it, the bot claims its key and plays a game to the end through the endpoint.
    let ca = ca_file.to_str().expect("a path");
    let (bot, said, complaints) =
        start_bot_with(&dir, &server, &key, "1", &log, &RANDOM, &["--ca-file", ca]);
    let challenge = ana.challenge("quantik", true).await;
    let id = ana.started(&challenge).await;
    let (players, _) = ana.play(&id).await;
    assert!(players.contains(&("Robo".to_owned(), true)), "{players:?}");
    let out = stopped(bot, said, complaints).await;
    assert!(finished(&out, &id), "the game was not finished: {out}");
    assert!(out.contains(&server), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
