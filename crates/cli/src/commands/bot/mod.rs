//! `tabuleiro bot`: a local engine (docs/engine-protocol.md) plays on a tabuleiro server as a
//! player.
//!
//! The bot claims its player's key as a bot (the player is shown as one from then on), first
//! finishes any game it sits in that is not over (it was stopped while playing), then asks
//! the lobby every little while for an open challenge of a game it accepts whose creator
//! welcomes bots, takes a seat, and plays the game that starts over the game's WebSocket, one
//! game at a time. At each of its turns the engine is told the game as the seat may know it —
//! the moves as the server shows the seat, and the seat's own hidden things (a Q!nto hand) —
//! and asked for a move with `go`, given `--think-ms` or less when its clock has less left.
//! An engine that fails (see [`tabuleiro_ai::engines`]) resigns the game, with the reason
//! printed; its process is started again for the next game. Offers of a draw or a takeback
//! are not taken: they lapse with the bot's move. A connection that drops is opened again.

mod server;
mod table;

use std::collections::HashMap;
use std::io::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{Result, anyhow, bail};
use serde_json::{Value, json};
use tabuleiro_ai::engines::{EngineSpec, MARGIN_MS};
use tabuleiro_core::{Outcome, PlayerResult, Registry};
use tabuleiro_games::REGISTRY;
use tabuleiro_load::client::GameSocket;
use tabuleiro_web::protocol::ServerMessage;

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
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let addr = runtime.block_on(server::resolve(&args.server))?;
    let (server, me) = runtime.block_on(Server::claim(addr, &args.key))?;
    let id = me["id"]
        .as_str()
        .ok_or_else(|| anyhow!("the server did not say who the key's player is"))?
        .to_owned();
    writeln!(
        output,
        "{} plays on {} as a bot, with `{}`; it accepts {} challenges that welcome bots",
        me["display"].as_str().unwrap_or(&id),
        args.server.trim(),
        args.command.join(" "),
        accept.join(", ")
    )?;
    output.flush()?;
    let mut bot = Bot {
        server,
        me: id,
        spec,
        think_ms: args.think_ms,
        tables: HashMap::new(),
        played: 0,
    };
    let limit = args.games.unwrap_or(usize::MAX);
    let mut failures = 0;
    while bot.played < limit {
        let step = runtime.block_on(bot.step(&accept, &mut output));
        match step {
            Ok(played) => {
                failures = 0;
                if !played {
                    std::thread::sleep(POLL);
                }
            }
            Err(e) => {
                failures += 1;
                if failures >= RETRIES {
                    return Err(e.context(format!("{RETRIES} failures in a row: the bot stops")));
                }
                writeln!(output, "{e:#}; trying again in {} s", RETRY.as_secs())?;
                output.flush()?;
                std::thread::sleep(RETRY);
            }
        }
    }
    Ok(())
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

/// The bot: its server and player, and an engine table per kind of game it played.
struct Bot {
    server: Server,
    me: String,
    spec: Arc<EngineSpec>,
    think_ms: u64,
    tables: HashMap<&'static str, Box<dyn Table>>,
    played: usize,
}

impl Bot {
    /// Plays a game not over that it sits in, or takes a seat at a challenge and plays its
    /// game: whether a game was played.
    async fn step(&mut self, accept: &[&str], output: &mut impl Write) -> Result<bool> {
        let game = match self.unfinished().await? {
            Some(id) => Some(id),
            None => self.challenge(accept, output).await?,
        };
        let Some(id) = game else {
            return Ok(false);
        };
        self.play(&id, output).await?;
        self.played += 1;
        Ok(true)
    }

    /// A game the bot sits in that is not over (it was stopped while playing it).
    async fn unfinished(&self) -> Result<Option<String>> {
        let path = format!("/api/players/{}/history?limit=20", self.me);
        let (status, history) = self.server.call("GET", &path, None).await?;
        if status != 200 {
            bail!("the bot's games: {}", said(&history, status));
        }
        Ok(history["games"].as_array().and_then(|games| {
            games
                .iter()
                .find(|g| g["over"] == false)
                .and_then(|g| g["id"].as_str())
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

    /// Plays game `id` to its end.
    async fn play(&mut self, id: &str, output: &mut impl Write) -> Result<()> {
        let (mut socket, welcome) = join(&self.server, id).await?;
        let Some(&seat) = welcome.you.first().filter(|_| welcome.you.len() == 1) else {
            bail!("game {id}: the bot plays no seat of it");
        };
        let Some(game) = REGISTRY.games().iter().find(|g| g.id == welcome.game) else {
            bail!("game {id}: `{}` is not a game of this build", welcome.game);
        };
        let table = match self.tables.entry(game.id) {
            std::collections::hash_map::Entry::Occupied(t) => t.into_mut(),
            std::collections::hash_map::Entry::Vacant(v) => v.insert(
                table::table(game.id, &self.spec, self.think_ms)
                    .ok_or_else(|| anyhow!("no game `{}`", game.id))?,
            ),
        };
        table.new_game(self.played as u64);
        writeln!(
            output,
            "game {id}: {}, seat {} of {}",
            game.name,
            seat + 1,
            welcome.players
        )?;
        output.flush()?;
        // The number of moves at the turn the engine was last asked for (a Nudge turn of two
        // moves asks twice).
        let mut asked: Option<usize> = None;
        let mut drops = 0;
        let mut resigned = false;
        loop {
            let message = match socket.next().await {
                Ok(message) => message,
                Err(e) => {
                    drops += 1;
                    if drops > RETRIES {
                        bail!("game {id}: the connection keeps dropping: {e}");
                    }
                    writeln!(output, "game {id}: {e}; joining again")?;
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
                    ..
                } => {
                    if let Some(ending) = ending {
                        let outcome = Outcome {
                            results: ending.results,
                            scores: ending.scores,
                            reason: ending.reason,
                        };
                        table.over(&outcome);
                        writeln!(
                            output,
                            "game {id}: {} — {}",
                            result_word(outcome.results.get(seat)),
                            ending.text
                        )?;
                        output.flush()?;
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
                    let request = match table.turn(&turn) {
                        Ok(notation) => json!({
                            "type": "move",
                            "notation": notation,
                            "thought": u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
                        }),
                        Err(reason) => {
                            writeln!(
                                output,
                                "game {id}: the engine failed ({reason}): it resigns"
                            )?;
                            resigned = true;
                            json!({ "type": "resign" })
                        }
                    };
                    socket.send(&request).await?;
                }
                ServerMessage::Error { message } => {
                    // The server answers only what the bot sent: its move was refused, so
                    // it resigns rather than wait for ever; a refused resignation leaves.
                    writeln!(output, "game {id}: the server said: {message}")?;
                    if resigned {
                        bail!("game {id}: its resignation was refused: it leaves the game");
                    }
                    writeln!(output, "game {id}: its move was refused: it resigns")?;
                    socket.send(&json!({ "type": "resign" })).await?;
                    resigned = true;
                }
                _ => {}
            }
        }
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
