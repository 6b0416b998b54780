//! `tabuleiro bot`: a local engine (docs/engine-protocol.md) plays on a tabuleiro server as a
//! player.
//!
//! The bot claims its player's key as a bot (the player is shown as one from then on), first
//! finishes any game it sits in that is not over (it was stopped while playing), then asks
//! the lobby every little while for an open challenge of a game it accepts whose creator
//! welcomes bots, takes a seat, and plays the game that starts over the game's WebSocket: up to
//! `--concurrency` games at once (one by default), each with an engine process of its own (kept
//! for the next game of its kind). At each of its turns the engine is told the game as the seat may know it —
//! the moves as the server shows the seat, and the seat's own hidden things (a Q!nto hand) —
//! and asked for a move with `go`, given `--think-ms` or less when its clock has less left.
//! An engine that fails (see [`tabuleiro_ai::engines`]) resigns the game, with the reason
//! printed; its process is started again for the next game. Offers of a draw or a takeback
//! are not taken: they lapse with the bot's move. An opponent who leaves (no page of theirs has
//! the game open) is claimed against as soon as the server allows it (`presence` says when):
//! the bot takes the win and goes on. A connection that drops is opened again.

mod server;
mod table;

use std::collections::{HashMap, HashSet};
use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Result, anyhow, bail};
use serde_json::{Value, json};
use tabuleiro_ai::engines::{EngineSpec, MARGIN_MS};
use tabuleiro_core::{Outcome, PlayerResult, Registry};
use tabuleiro_games::REGISTRY;
use tabuleiro_load::client::GameSocket;
use tabuleiro_web::protocol::{SeatPresence, ServerMessage};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};
use tokio::task::JoinSet;

use crate::args::BotArgs;
use server::{Server, said};
use table::{Table, Turn};

/// How often the lobby is asked when the server does not say.
const POLL: Duration = Duration::from_millis(1500);

/// Failures in a row (the server restarting, the network down) before the bot gives up, each
/// [`RETRY`] apart.
const RETRIES: u32 = 12;

/// The wait between two attempts.
const RETRY: Duration = Duration::from_secs(5);

/// Of the time left on the bot's clock, what is kept for the way to the server and back,
/// beyond the host's own margin ([`MARGIN_MS`]), ms.
const NETWORK_MS: u64 = 500;

/// Runs the bot until it has played `--games` games, or for ever.
///
/// # Errors
/// A server that cannot be reached for [`RETRIES`] attempts in a row, a key it refuses, a
/// program that is not found, or `output` failing.
pub fn run(args: &BotArgs, mut output: impl Write) -> Result<()> {
    let accept = accepted(args.accept.as_deref())?;
    let program = &args.command[0];
    if !crate::engines::program_exists(program) {
        bail!("the engine's program `{program}` is not found (give a path, or a program on PATH)");
    }
    let spec = Arc::new(EngineSpec {
        name: engine_name(program),
        argv: args.command.clone(),
    });
    // Each game is a task; an engine thinking blocks its worker thread only.
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(args.concurrency.clamp(2, 8))
        .enable_all()
        .build()?;
    let endpoint = runtime.block_on(tabuleiro_load::endpoint::Endpoint::parse(
        &args.server,
        args.ca_file.as_deref(),
    ))?;
    let (server, me) = runtime.block_on(Server::claim(endpoint, &args.key))?;
    let id = me["id"]
        .as_str()
        .ok_or_else(|| anyhow!("the server did not say who the key's player is"))?
        .to_owned();
    writeln!(
        output,
        "{} plays on {} as a bot, with `{}`; it accepts {} challenges that welcome bots, {} at once",
        me["display"].as_str().unwrap_or(&id),
        args.server.trim(),
        args.command.join(" "),
        accept.join(", "),
        args.concurrency
    )?;
    output.flush()?;
    let (said, heard) = unbounded_channel();
    let mut bot = Bot {
        server: Arc::new(server),
        me: id,
        spec,
        think_ms: args.think_ms,
        tables: Arc::new(Mutex::new(HashMap::new())),
        started: 0,
        played: 0,
        playing: HashSet::new(),
        games: JoinSet::new(),
        said,
        heard,
    };
    let limit = args.games.unwrap_or(usize::MAX);
    runtime.block_on(bot.run(&accept, limit, args.concurrency, &mut output))
}

/// The games of `--accept` (every game by default), checked.
fn accepted(given: Option<&str>) -> Result<Vec<&'static str>> {
    let Some(given) = given else {
        return Ok(REGISTRY.games().iter().map(|g| g.id).collect());
    };
    let mut games = Vec::new();
    for name in given.split(',').map(str::trim).filter(|n| !n.is_empty()) {
        let info = super::find_game(name)?;
        if !games.contains(&info.id) {
            games.push(info.id);
        }
    }
    if games.is_empty() {
        bail!("--accept names no game");
    }
    Ok(games)
}

/// The engine's name in logs: its program's file name, as a name may be written.
fn engine_name(program: &str) -> String {
    let file = std::path::Path::new(program)
        .file_name()
        .map(|f| f.to_string_lossy().to_ascii_lowercase())
        .unwrap_or_default();
    let name: String = file
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                c
            } else {
                '-'
            }
        })
        .collect();
    if name.is_empty() {
        "engine".to_owned()
    } else {
        name
    }
}

/// Idle engines, by kind of game: a game takes one (or starts one) and gives it back.
type Tables = Arc<Mutex<HashMap<&'static str, Vec<Box<dyn Table>>>>>;

/// The bot: its server and player, its games being played, and the engines between games.
struct Bot {
    server: Arc<Server>,
    me: String,
    spec: Arc<EngineSpec>,
    think_ms: u64,
    tables: Tables,
    /// Games started, counting those being played.
    started: usize,
    /// Games played to their end.
    played: usize,
    /// The ids of the games being played.
    playing: HashSet<String>,
    /// The tasks that play them: each gives back its game's id and how it went.
    games: JoinSet<(String, Result<()>)>,
    /// What the games say, printed by the bot's loop.
    said: UnboundedSender<String>,
    heard: UnboundedReceiver<String>,
}

impl Bot {
    /// Plays until `limit` games are over: up to `concurrency` at once, each started as soon
    /// as there is room for it (an unfinished game of the bot's first, then a challenge).
    async fn run(
        &mut self,
        accept: &[&str],
        limit: usize,
        concurrency: usize,
        output: &mut impl Write,
    ) -> Result<()> {
        let mut failures = 0;
        let mut game_failures = 0;
        while self.played < limit {
            let room = self.playing.len() < concurrency && self.started < limit;
            let mut pause = POLL;
            if room {
                match self.next_game(accept, output).await {
                    Ok(Some(id)) => {
                        failures = 0;
                        self.start(id);
                        pause = Duration::ZERO;
                    }
                    Ok(None) => failures = 0,
                    Err(e) => {
                        failures += 1;
                        if failures >= RETRIES {
                            return Err(
                                e.context(format!("{RETRIES} failures in a row: the bot stops"))
                            );
                        }
                        writeln!(output, "{e:#}; trying again in {} s", RETRY.as_secs())?;
                        pause = RETRY;
                    }
                }
            }
            self.print(output)?;
            let ended = tokio::select! {
                Some(ended) = self.games.join_next(), if !self.games.is_empty() => Some(ended),
                () = tokio::time::sleep(pause) => None,
            };
            if let Some(ended) = ended {
                let (id, result) = ended.map_err(|e| anyhow!("a game's task failed: {e}"))?;
                self.playing.remove(&id);
                match result {
                    Ok(()) => {
                        self.played += 1;
                        game_failures = 0;
                    }
                    Err(e) => {
                        // Not over: found again among the bot's unfinished games.
                        self.started -= 1;
                        game_failures += 1;
                        writeln!(output, "{e:#}")?;
                        if game_failures >= RETRIES {
                            bail!("{RETRIES} games failed in a row: the bot stops");
                        }
                    }
                }
            }
            self.print(output)?;
        }
        Ok(())
    }

    /// Writes what the games said.
    fn print(&mut self, output: &mut impl Write) -> Result<()> {
        while let Ok(line) = self.heard.try_recv() {
            writeln!(output, "{line}")?;
        }
        output.flush()?;
        Ok(())
    }

    /// The next game to play: one the bot sits in that is not over and not being played (it
    /// was stopped while playing it), else a challenge's.
    async fn next_game(&self, accept: &[&str], output: &mut impl Write) -> Result<Option<String>> {
        match self.unfinished().await? {
            Some(id) => Ok(Some(id)),
            None => self.challenge(accept, output).await,
        }
    }

    /// Starts playing game `id` in a task of its own.
    fn start(&mut self, id: String) {
        self.started += 1;
        self.playing.insert(id.clone());
        let game = Game {
            server: Arc::clone(&self.server),
            spec: Arc::clone(&self.spec),
            think_ms: self.think_ms,
            tables: Arc::clone(&self.tables),
            seed: self.started as u64,
            said: self.said.clone(),
        };
        self.games.spawn(async move {
            let result = game.play(&id).await;
            (id, result)
        });
    }

    /// A game the bot sits in that is not over and not being played.
    async fn unfinished(&self) -> Result<Option<String>> {
        let path = format!("/api/players/{}/history?limit=20", self.me);
        let (status, history) = self.server.call("GET", &path, None).await?;
        if status != 200 {
            bail!("the bot's games: {}", said(&history, status));
        }
        Ok(history["games"].as_array().and_then(|games| {
            games
                .iter()
                .filter(|g| g["over"] == false)
                .filter_map(|g| g["id"].as_str())
                .find(|id| !self.playing.contains(*id))
                .map(str::to_owned)
        }))
    }

    /// Takes a seat at the first open challenge it may accept; the game, once its seats are
    /// all taken.
    async fn challenge(&self, accept: &[&str], output: &mut impl Write) -> Result<Option<String>> {
        let (status, lobby) = self.server.call("GET", "/api/lobby", None).await?;
        if status != 200 {
            bail!("the lobby: {}", said(&lobby, status));
        }
        let open = lobby["challenges"].as_array().cloned().unwrap_or_default();
        for challenge in open {
            let welcome = challenge["game_id"].is_null()
                && challenge["bots"] == true
                && accept.iter().any(|g| challenge["game"] == *g)
                && !seated(&challenge, &self.me);
            let Some(id) = challenge["id"].as_str().filter(|_| welcome) else {
                continue;
            };
            let path = format!("/api/lobby/{id}/accept");
            let (status, answer) = self.server.call("POST", &path, None).await?;
            if status != 200 {
                writeln!(output, "challenge {id}: {}", said(&answer, status))?;
                continue;
            }
            if let Some(game) = answer["game"].as_str() {
                return Ok(Some(game.to_owned()));
            }
            writeln!(
                output,
                "challenge {id}: seated, waiting for its other players"
            )?;
            output.flush()?;
            return self.started(id).await;
        }
        Ok(None)
    }

    /// Waits for challenge `id`, where the bot sits, to start: its game, or none when it left
    /// the lobby unstarted.
    async fn started(&self, id: &str) -> Result<Option<String>> {
        loop {
            let (status, one) = self
                .server
                .call("GET", &format!("/api/lobby/{id}"), None)
                .await?;
            if status == 404 {
                return Ok(None);
            }
            if let Some(game) = one["game_id"].as_str() {
                return Ok(Some(game.to_owned()));
            }
            let (_, lobby) = self.server.call("GET", "/api/lobby", None).await?;
            let listed = lobby["challenges"]
                .as_array()
                .is_some_and(|all| all.iter().any(|c| c["id"] == id));
            if !listed {
                return Ok(None);
            }
            tokio::time::sleep(POLL).await;
        }
    }
}

/// One game the bot plays, in a task of its own.
struct Game {
    server: Arc<Server>,
    spec: Arc<EngineSpec>,
    think_ms: u64,
    tables: Tables,
    /// The engine's seed for the game.
    seed: u64,
    said: UnboundedSender<String>,
}

impl Game {
    /// Says `line` in the bot's output.
    fn say(&self, line: String) {
        let _ = self.said.send(line);
    }

    /// Plays game `id` to its end with an engine of its kind, given back afterwards.
    ///
    /// # Errors
    /// The game cannot be joined or the connection keeps dropping: it is not over.
    async fn play(&self, id: &str) -> Result<()> {
        let (socket, welcome) = join(&self.server, id).await?;
        let Some(game) = REGISTRY.games().iter().find(|g| g.id == welcome.game) else {
            bail!("game {id}: `{}` is not a game of this build", welcome.game);
        };
        let idle = self
            .tables
            .lock()
            .ok()
            .and_then(|mut t| t.get_mut(game.id).and_then(Vec::pop));
        let mut table = match idle {
            Some(table) => table,
            None => table::table(game.id, &self.spec, self.think_ms)
                .ok_or_else(|| anyhow!("no game `{}`", game.id))?,
        };
        let result = self.play_with(id, socket, &welcome, game, &mut table).await;
        if let Ok(mut tables) = self.tables.lock() {
            tables.entry(game.id).or_default().push(table);
        }
        result
    }

    /// Plays game `id` on `socket` to its end with `table`.
    async fn play_with(
        &self,
        id: &str,
        mut socket: GameSocket,
        welcome: &Welcome,
        game: &tabuleiro_core::GameInfo,
        table: &mut Box<dyn Table>,
    ) -> Result<()> {
        let Some(&seat) = welcome.you.first().filter(|_| welcome.you.len() == 1) else {
            bail!("game {id}: the bot plays no seat of it");
        };
        table.new_game(self.seed);
        self.say(format!(
            "game {id}: {}, seat {} of {}",
            game.name,
            seat + 1,
            welcome.players
        ));
        // The number of moves at the turn the engine was last asked for (a Nudge turn of two
        // moves asks twice).
        let mut asked: Option<usize> = None;
        let mut drops = 0;
        let mut resigned = false;
        // When the game may be claimed over an opponent who left, and whether a claim waits
        // for its answer.
        let mut claim_at: Option<tokio::time::Instant> = None;
        let mut claimed = false;
        loop {
            let next = tokio::select! {
                next = socket.next() => Some(next),
                () = sleep_until(claim_at), if claim_at.is_some() => None,
            };
            let Some(next) = next else {
                claim_at = None;
                claimed = true;
                self.say(format!("game {id}: its opponent left: it claims the win"));
                socket.send(&json!({ "type": "claim" })).await?;
                continue;
            };
            let message = match next {
                Ok(message) => message,
                Err(e) => {
                    drops += 1;
                    if drops > RETRIES {
                        bail!("game {id}: the connection keeps dropping: {e}");
                    }
                    self.say(format!("game {id}: {e}; joining again"));
                    tokio::time::sleep(RETRY).await;
                    (socket, _) = join(&self.server, id).await?;
                    asked = None;
                    continue;
                }
            };
            match message {
                ServerMessage::State {
                    to_move,
                    moves,
                    legal,
                    private,
                    ending,
                    clock,
                    presence,
                    ..
                } => {
                    claim_at = presence.as_deref().and_then(|p| claim_time(p, seat));
                    if let Some(ending) = ending {
                        let outcome = Outcome {
                            results: ending.results,
                            scores: ending.scores,
                            reason: ending.reason,
                        };
                        table.over(&outcome);
                        self.say(format!(
                            "game {id}: {} — {}",
                            result_word(outcome.results.get(seat)),
                            ending.text
                        ));
                        return Ok(());
                    }
                    if to_move != Some(seat) || legal.is_empty() || asked == Some(moves.len()) {
                        continue;
                    }
                    asked = Some(moves.len());
                    let started = Instant::now();
                    let clock_ms = clock
                        .and_then(|c| c.remaining.get(seat).copied())
                        .map(|left| left.saturating_sub(MARGIN_MS + NETWORK_MS));
                    let turn = Turn {
                        players: welcome.players,
                        options: &welcome.options,
                        seat,
                        moves: &moves,
                        private: private.as_deref(),
                        clock_ms,
                    };
                    // The engine thinks on this worker thread; the other games go on.
                    let request = match tokio::task::block_in_place(|| table.turn(&turn)) {
                        Ok(notation) => json!({
                            "type": "move",
                            "notation": notation,
                            "thought": u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
                        }),
                        Err(reason) => {
                            self.say(format!(
                                "game {id}: the engine failed ({reason}): it resigns"
                            ));
                            resigned = true;
                            json!({ "type": "resign" })
                        }
                    };
                    socket.send(&request).await?;
                }
                ServerMessage::Presence { seats } => claim_at = claim_time(&seats, seat),
                ServerMessage::Error { message } if claimed => {
                    // The opponent came back meanwhile: the game goes on.
                    claimed = false;
                    self.say(format!("game {id}: its claim was refused: {message}"));
                }
                ServerMessage::Error { message } => {
                    // The server answers only what the bot sent: its move was refused, so
                    // it resigns rather than wait for ever; a refused resignation leaves.
                    self.say(format!("game {id}: the server said: {message}"));
                    if resigned {
                        bail!("game {id}: its resignation was refused: it leaves the game");
                    }
                    self.say(format!("game {id}: its move was refused: it resigns"));
                    socket.send(&json!({ "type": "resign" })).await?;
                    resigned = true;
                }
                _ => {}
            }
        }
    }
}

/// When the game may be claimed over the other player of a game of two, who left, as `seats`
/// says it (with half a second to spare); none while they are here.
fn claim_time(seats: &[SeatPresence], mine: usize) -> Option<tokio::time::Instant> {
    let other = seats
        .iter()
        .enumerate()
        .find(|(seat, _)| *seat != mine)
        .filter(|_| seats.len() == 2)?
        .1;
    let wait = Duration::from_millis(other.claim_in_ms?) + Duration::from_millis(500);
    Some(tokio::time::Instant::now() + wait)
}

/// Waits until `at`, or for ever when there is no `at`.
async fn sleep_until(at: Option<tokio::time::Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

/// Opens game `id`'s WebSocket and joins it as the bot's player.
async fn join(server: &Server, id: &str) -> Result<(GameSocket, Welcome)> {
    let mut socket = server.socket(id).await?;
    socket.send(&json!({ "type": "join" })).await?;
    loop {
        match socket.next().await? {
            ServerMessage::Welcome {
                game,
                options,
                you,
                seats,
                ..
            } => {
                let welcome = Welcome {
                    game,
                    options,
                    you,
                    players: seats.len(),
                };
                return Ok((socket, welcome));
            }
            ServerMessage::Error { message } => bail!("game {id}: {message}"),
            _ => {}
        }
    }
}

/// What the bot keeps of a game's welcome.
struct Welcome {
    game: String,
    options: std::collections::BTreeMap<String, String>,
    you: Vec<usize>,
    players: usize,
}

/// Whether player `me` sits at `challenge`.
fn seated(challenge: &Value, me: &str) -> bool {
    challenge["seated"]
        .as_array()
        .is_some_and(|s| s.iter().any(|p| p["id"] == me))
}

/// "won", "lost" or "drew": the bot's result.
fn result_word(result: Option<&PlayerResult>) -> &'static str {
    match result {
        Some(PlayerResult::Win) => "won",
        Some(PlayerResult::Loss) => "lost",
        Some(PlayerResult::Draw) => "drew",
        None => "ended",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_games_accepted_are_read_by_any_name_in_any_case_once_each() {
        assert_eq!(
            accepted(Some("quantik, Q!nto,QINTO")).expect("games"),
            ["quantik", "qinto"]
        );
        assert_eq!(
            accepted(None).expect("every game").len(),
            REGISTRY.games().len()
        );
        let unknown = accepted(Some("quantik,go")).expect_err("no such game");
        assert!(
            unknown.to_string().contains("unknown game `go`"),
            "{unknown}"
        );
        assert!(accepted(Some(" , ")).is_err(), "no game named");
    }

    #[test]
    fn an_engines_name_comes_from_its_program() {
        assert_eq!(engine_name("/usr/bin/swipl"), "swipl");
        assert_eq!(engine_name("./My Engine.py"), "my-engine-py");
        assert_eq!(engine_name("/"), "engine");
    }
}
