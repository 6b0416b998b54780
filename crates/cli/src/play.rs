//! Playing one game in the terminal: humans type moves, computer players answer.
//!
//! In games with hidden information the screen shows only what its onlookers may know
//! ([`Eyes`]): the only human's own view, or, with several humans at one screen, the view of
//! the seat to move once it has taken the screen and the public view at any other time (a
//! computer moving, the end of the game); a move by another seat reads as that seat may read
//! it (`pass (traded 3)`). `undo` takes back a whole turn, but never a move that showed its
//! player hidden things (tiles drawn from a pile, [`Game::reveals_hidden`]). The header names
//! the seed, except in games of hidden information, whose seed decides everything hidden: their
//! seed is shown only once the game is over ([`tabuleiro_core::GameInfo::shows_seed`]).

use std::fmt::Write as _;
use std::io;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use tabuleiro_ai::{Agent, Level, Seats, seat_agents};
use tabuleiro_core::{Engine, Game, GameVisitor, Perspective, Player, Session, Setup, UndoError};

use crate::console::Console;

/// Who sits in a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    /// A person typing moves.
    Human,
    /// A computer player of this level.
    Computer(Level),
}

impl Seat {
    /// Reads `human` or a computer level.
    pub fn parse(text: &str) -> Result<Seat> {
        if text.trim().eq_ignore_ascii_case("human") {
            Ok(Seat::Human)
        } else {
            Ok(Seat::Computer(text.parse()?))
        }
    }

    /// The name stored in records.
    pub fn name(&self) -> String {
        match self {
            Seat::Human => "human".to_owned(),
            Seat::Computer(level) => level.to_string(),
        }
    }
}

/// Through whose eyes a screen shared by the human seats shows a game of hidden information:
/// the board, the move list and the moves announced. Front ends hold no per-game code: the
/// game itself hides what it must ([`Game::render`], [`Game::render_public`],
/// [`Game::format_move_for`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eyes {
    /// Everything: a game without hidden information, or computers only at play.
    All,
    /// What this seat may know: the only human at the screen, or the hotseat player who has
    /// taken it.
    Seat(Player),
    /// Only what no seat may hide: on a screen shared by several humans, whenever the seat to
    /// move is not a human who has taken the screen (a computer moving, a screen being passed
    /// on, the end of the game).
    Public,
}

impl Eyes {
    /// The eyes of a screen shared by the human seats `humans` in position `state`, where
    /// `shown` is the human who has taken the screen (hotseat), if any. With one human, that
    /// human's view throughout; with several, the seat to move's own view once it has taken
    /// the screen, else the public view.
    pub fn of<G: Game>(state: &G, humans: &[Player], shown: Option<Player>) -> Eyes {
        if !G::INFO.hidden_information || humans.is_empty() {
            return Eyes::All;
        }
        if let [only] = humans {
            return Eyes::Seat(*only);
        }
        match state.to_move() {
            Some(p) if shown == Some(p) && humans.contains(&p) => Eyes::Seat(p),
            _ => Eyes::Public,
        }
    }

    /// The position as these eyes may see it.
    pub fn render<G: Game>(self, state: &G) -> String {
        match self {
            Eyes::All => state.render(Perspective::Everyone),
            Eyes::Seat(p) => state.render(Perspective::Player(p)),
            Eyes::Public => state.render_public(),
        }
    }

    /// The move `mv`, played from position `before`, as these eyes may read it (a trade of
    /// hidden tiles by another seat shows only how many were traded).
    pub fn move_text<G: Game>(self, before: &G, mv: G::Move) -> String {
        match self {
            Eyes::All => before.format_move(mv),
            Eyes::Seat(p) => before.format_move_for(mv, Some(p)),
            Eyes::Public => before.format_move_for(mv, None),
        }
    }
}

/// Everything needed to start a game.
#[derive(Clone, Debug)]
pub struct GameConfig {
    /// Players, options, seed.
    pub setup: Setup,
    /// Who plays each seat.
    pub seats: Vec<Seat>,
    /// Where to save the record at the end, if anywhere.
    pub save: Option<PathBuf>,
}

/// How a game session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The game reached its end.
    Finished,
    /// A player typed `quit`.
    Quit,
    /// Input ran out.
    EndOfInput,
}

/// Runs [`play`] on the game chosen at run time.
pub struct PlayVisitor<'c, 'io> {
    /// The terminal.
    pub console: &'c mut Console<'io>,
    /// The game to play.
    pub config: GameConfig,
}

impl GameVisitor for PlayVisitor<'_, '_> {
    type Output = Result<Ending>;
    fn visit<G: Engine>(self) -> Result<Ending> {
        play::<G>(self.console, &self.config)
    }
}

const HELP: &str = "Type a move (a turn of several moves may go on one line), or: ? (legal \
moves), ? PREFIX (legal moves starting with PREFIX; in Quantik `? C` shows the cells that accept \
a cube), undo (takes back a whole turn, but not a move that drew hidden tiles), save FILE, board, help, quit";

/// Plays one game to its end (or until `quit` or the end of input), saving the record when
/// asked to.
pub fn play<G: Engine>(console: &mut Console<'_>, config: &GameConfig) -> Result<Ending> {
    let agents = build_agents::<G>(config)?;
    play_with(console, config, agents)
}

/// A computer player for each computer seat of `config` (`None` for humans).
pub fn build_agents<G: Engine>(config: &GameConfig) -> Result<Seats<G>> {
    let levels: Vec<Option<Level>> = config
        .seats
        .iter()
        .map(|seat| match seat {
            Seat::Human => None,
            Seat::Computer(level) => Some(*level),
        })
        .collect();
    Ok(seat_agents::<G>(&config.setup, &levels)?)
}

/// [`play`] with the computer players given, one per seat (`None` for humans).
fn play_with<G: Engine>(
    console: &mut Console<'_>,
    config: &GameConfig,
    mut agents: Vec<Option<Box<dyn Agent<G>>>>,
) -> Result<Ending> {
    let names = config.seats.iter().map(Seat::name).collect();
    let mut session = Session::<G>::new(config.setup.clone(), names)?;
    let humans: Vec<Player> = (0..config.seats.len())
        .filter(|&i| config.seats[i] == Seat::Human)
        .map(|i| Player(i as u8))
        .collect();
    let is_human = |p: Player| humans.contains(&p);
    let seat_list: Vec<String> = config
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{}: {}", Player(i as u8), s.name()))
        .collect();
    // The seed of a game of hidden information decides everything hidden: it is shown only
    // once the game is over (see `finish`).
    let seed = if G::INFO.shows_seed(false) {
        format!(" — seed {}", config.setup.seed)
    } else {
        String::new()
    };
    console.say(format!(
        "{} — {} — options: {}{seed}",
        G::INFO.name,
        seat_list.join(", "),
        config.setup.options,
    ))?;
    if !humans.is_empty() {
        console.say(HELP)?;
    }
    let mut redraw = true;
    // With hidden hands and several humans at one screen, whose hand was shown last.
    let hotseat = G::INFO.hidden_information && humans.len() > 1;
    let mut shown: Option<Player> = None;
    loop {
        let state = session.state().clone();
        if hotseat
            && let Some(p) = state.to_move().filter(|&p| is_human(p))
            && shown != Some(p)
        {
            console.say(format!(
                "\n{HIDE}Pass the screen to {p}, and only {p} — press Enter to show {p}'s hand."
            ))?;
            if console.ask("")?.is_none() {
                console.say("End of input: the game is left unfinished.")?;
                save_if_asked(console, &session, config.save.as_deref())?;
                return Ok(Ending::EndOfInput);
            }
            shown = Some(p);
            redraw = true;
        }
        let eyes = Eyes::of(&state, &humans, shown);
        if redraw {
            console.say("")?;
            console.say(eyes.render(&state))?;
        }
        redraw = true;
        let Some(player) = state.to_move() else {
            finish(console, &session, config.save.as_deref())?;
            return Ok(Ending::Finished);
        };
        if let Some(agent) = agents[player.index()].as_mut() {
            let mv = agent
                .choose(&state.view(player))
                .with_context(|| format!("{} offered no move", agent.name()))?;
            let text = eyes.move_text(&state, mv);
            session.play(mv).map_err(|e| {
                anyhow::anyhow!("{} chose an illegal move {text}: {e}", agent.name())
            })?;
            console.say(format!(
                "Player {} ({}) plays {text}",
                player.0 + 1,
                agent.name()
            ))?;
            continue;
        }
        let (k, n) = state.move_in_turn();
        let prompt = if n > 1 {
            format!("{player}, move {k} of {n}> ")
        } else {
            format!("{player}> ")
        };
        let Some(line) = console.ask(&prompt)? else {
            console.say("End of input: the game is left unfinished.")?;
            save_if_asked(console, &session, config.save.as_deref())?;
            return Ok(Ending::EndOfInput);
        };
        redraw = false;
        let (word, rest) = match line.split_once(char::is_whitespace) {
            Some((w, r)) => (w, r.trim()),
            None => (line.as_str(), ""),
        };
        match word.to_ascii_lowercase().as_str() {
            "" => {}
            "?" | "moves" => console.say(list_moves(&state, rest))?,
            "help" | "h" => console.say(HELP)?,
            "board" => redraw = true,
            "quit" | "exit" | "q" => {
                console.say("Game abandoned.")?;
                save_if_asked(console, &session, config.save.as_deref())?;
                return Ok(Ending::Quit);
            }
            "undo" => match session.undo_turn(is_human) {
                Ok(undone) => {
                    console.say(format!("Took back {undone} move(s)."))?;
                    redraw = true;
                }
                Err(UndoError::Nothing) => console.say("Nothing to undo.")?,
                Err(e) => console.say(format!("Cannot undo: {e}."))?,
            },
            "save" => {
                if rest.is_empty() {
                    console.say("Usage: save FILE")?;
                } else {
                    match save(&session, Path::new(rest)) {
                        Ok(()) => console.say(format!("Saved to {rest}."))?,
                        Err(e) => console.say(format!("Could not save: {e:#}"))?,
                    }
                }
            }
            _ => match state.parse_move(&line) {
                Ok(mv) => {
                    session.play(mv).map_err(|e| anyhow::anyhow!("{e}"))?;
                    redraw = true;
                }
                Err(e) => {
                    let parts: Vec<&str> = line
                        .split(|c: char| c == ',' || c.is_whitespace())
                        .filter(|p| !p.is_empty())
                        .collect();
                    if n > 1 && parts.len() > 1 && parts.len() <= n - k + 1 {
                        redraw = play_several(console, &mut session, player, &parts)?;
                    } else {
                        console.say(format!(
                            "{e} (type ? for the legal moves, help for commands)"
                        ))?;
                    }
                }
            },
        }
    }
}

/// Pushes the last hand shown off the screen before the next player looks: a screenful of
/// blank lines, which works on any terminal and in any pipe.
const HIDE: &str =
    "\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n\n";

/// Plays the moves of one turn typed on one line, stopping at the first refused one (the moves
/// before it stay played). Returns whether any move was played.
fn play_several<G: Game>(
    console: &mut Console<'_>,
    session: &mut Session<G>,
    player: Player,
    parts: &[&str],
) -> Result<bool> {
    for (i, part) in parts.iter().enumerate() {
        if session.state().to_move() != Some(player) {
            console.say(format!(
                "The turn ended before `{part}`; it was not played."
            ))?;
            return Ok(i > 0);
        }
        match session.state().parse_move(part) {
            Ok(mv) => session.play(mv).map_err(|e| anyhow::anyhow!("{e}"))?,
            Err(e) => {
                let kept = if i > 0 {
                    " (the moves before it were played)"
                } else {
                    ""
                };
                console.say(format!("{e}{kept} (type ? for the legal moves)"))?;
                return Ok(i > 0);
            }
        }
    }
    Ok(true)
}

/// The legal moves, or those whose notation starts with `prefix`.
fn list_moves<G: Game>(state: &G, prefix: &str) -> String {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let texts: Vec<String> = moves
        .iter()
        .map(|&m| state.format_move(m))
        .filter(|t| {
            t.to_ascii_lowercase()
                .starts_with(&prefix.to_ascii_lowercase())
        })
        .collect();
    if texts.is_empty() {
        return if prefix.is_empty() {
            "No legal moves.".to_owned()
        } else {
            format!("No legal move starts with `{prefix}`.")
        };
    }
    let mut out = if prefix.is_empty() {
        format!("{} legal moves:", texts.len())
    } else {
        format!("{} legal moves starting with `{prefix}`:", texts.len())
    };
    for (i, t) in texts.iter().enumerate() {
        if i % 16 == 0 {
            out.push_str("\n ");
        }
        let _ = write!(out, " {t}");
    }
    out
}

fn finish<G: Game>(
    console: &mut Console<'_>,
    session: &Session<G>,
    path: Option<&Path>,
) -> Result<()> {
    if let Some(outcome) = session.state().outcome() {
        console.say(format!(
            "Game over after {} moves. {outcome}",
            session.moves().len()
        ))?;
        if !G::INFO.shows_seed(false) {
            console.say(format!(
                "The seed, which decided everything hidden, was {}.",
                session.setup().seed
            ))?;
        }
    }
    save_if_asked(console, session, path)
}

fn save_if_asked<G: Game>(
    console: &mut Console<'_>,
    session: &Session<G>,
    path: Option<&Path>,
) -> Result<()> {
    if let Some(path) = path {
        save(session, path)?;
        console.say(format!("Record saved to {}.", path.display()))?;
    }
    Ok(())
}

/// Writes the session's record as JSON.
pub fn save<G: Game>(session: &Session<G>, path: &Path) -> Result<()> {
    std::fs::write(path, session.record().to_json() + "\n")
        .with_context(|| format!("cannot write {}", path.display()))
}

/// Whether an I/O error means the reader went away (a closed pipe), which is no failure.
pub fn is_broken_pipe(error: &anyhow::Error) -> bool {
    error
        .downcast_ref::<io::Error>()
        .is_some_and(|e| e.kind() == io::ErrorKind::BrokenPipe)
}

/// A computer player for tests of what the screen shows.
#[cfg(test)]
pub mod testing {
    use tabuleiro_ai::Agent;
    use tabuleiro_core::{Game, rng_from_seed};

    /// Plays, when it can, a move whose text hides something from the other seats (a trade
    /// of hidden tiles), else its first legal move: whatever the screen shows of its moves
    /// must not give that away.
    pub struct Secretive;

    impl<G: Game> Agent<G> for Secretive {
        fn name(&self) -> String {
            "secretive".to_owned()
        }

        fn choose(&mut self, view: &G::View) -> Option<G::Move> {
            let state = G::sample_from_view(view, &mut rng_from_seed(1));
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            let hiding = moves
                .iter()
                .copied()
                .find(|&mv| state.format_move_for(mv, None) != state.format_move(mv));
            hiding.or_else(|| moves.first().copied())
        }

        fn new_game(&mut self, _seed: u64) {}
    }
}

#[cfg(test)]
mod tests;
