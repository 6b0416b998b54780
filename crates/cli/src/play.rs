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
use tabuleiro_ai::{GameTable, TurnError};
use tabuleiro_core::{Engine, Game, GameVisitor, Player, Session, Setup, UndoError};

pub use tabuleiro_ai::Seat;
pub use tabuleiro_core::Eyes;

use crate::console::Console;
use crate::names;

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

/// What can be typed, with the game's own move syntax (front ends name no game).
fn help<G: Game>() -> String {
    format!(
        "Type a move ({}; a turn of several moves may go on one line), or: ? (legal moves), \
         ? PREFIX (the legal moves starting with PREFIX), undo (takes back a whole turn, but \
         not a move that drew hidden tiles), save FILE, board, help, quit",
        G::INFO.move_syntax
    )
}

/// Plays one game to its end (or until `quit` or the end of input), saving the record when
/// asked to.
pub fn play<G: Engine>(console: &mut Console<'_>, config: &GameConfig) -> Result<Ending> {
    let table = GameTable::<G>::new(config.setup.clone(), config.seats.clone())?;
    play_at(console, config, table)
}

/// [`play`] at a table already seated (tests put players of their own in it).
fn play_at<G: Engine>(
    console: &mut Console<'_>,
    config: &GameConfig,
    mut table: GameTable<G>,
) -> Result<Ending> {
    let humans = table.humans();
    let seat_list: Vec<String> = config
        .seats
        .iter()
        .enumerate()
        .map(|(i, s)| format!("{}: {}", names::seat(Player(i as u8)), names::who(s)))
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
        console.say(help::<G>())?;
    }
    let mut redraw = true;
    // With hidden hands and several humans at one screen, whose hand was shown last.
    let hotseat = G::INFO.hidden_information && humans.len() > 1;
    let mut shown: Option<Player> = None;
    loop {
        let state = table.state().clone();
        if hotseat
            && let Some(p) = state.to_move().filter(|&p| table.is_human(p))
            && shown != Some(p)
        {
            let name = names::seat(p);
            console.say(format!(
                "\n{HIDE}Pass the screen to {name}, and only {name} — press Enter to show \
                 {name}'s hand."
            ))?;
            if console.ask("")?.is_none() {
                console.say("End of input: the game is left unfinished.")?;
                save_if_asked(console, table.session(), config.save.as_deref())?;
                return Ok(Ending::EndOfInput);
            }
            shown = Some(p);
            redraw = true;
        }
        let eyes = table.screen_eyes(shown);
        if redraw {
            console.say("")?;
            console.say(eyes.render(&state))?;
        }
        redraw = true;
        let Some(player) = table.to_move() else {
            finish(console, table.session(), config.save.as_deref())?;
            return Ok(Ending::Finished);
        };
        if !table.is_human(player) {
            let Some(turn) = table.computer_turn() else {
                anyhow::bail!("{} has no computer player", names::seat(player));
            };
            let thought = turn.think();
            let agent = thought.agent().to_owned();
            // Said with the seat's level as the ladder names it, not the program's name.
            let who = names::seat_and_who(player, &config.seats[player.index()]);
            let played = table.accept(thought)?;
            if table.outcome().is_some() && played.is_none() {
                // An engine that failed forfeited: the next round says how the game ended.
                continue;
            }
            let mv = played.ok_or(TurnError::NoMove {
                player,
                agent: agent.clone(),
            })?;
            let text = eyes.move_text(&state, mv);
            console.say(format!("{who} plays {text}"))?;
            continue;
        }
        let (k, n) = state.move_in_turn();
        let name = names::seat(player);
        let prompt = if n > 1 {
            format!("{name}, move {k} of {n}> ")
        } else {
            format!("{name}> ")
        };
        let Some(line) = console.ask(&prompt)? else {
            console.say("End of input: the game is left unfinished.")?;
            save_if_asked(console, table.session(), config.save.as_deref())?;
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
            "help" | "h" => console.say(help::<G>())?,
            "board" => redraw = true,
            "quit" | "exit" | "q" => {
                console.say("Game abandoned.")?;
                save_if_asked(console, table.session(), config.save.as_deref())?;
                return Ok(Ending::Quit);
            }
            "undo" => match table.undo_turn() {
                Ok(undone) => {
                    console.say(format!("Took back {} move(s).", undone.len()))?;
                    redraw = true;
                }
                Err(UndoError::Nothing) => console.say("Nothing to undo.")?,
                Err(e) => console.say(format!("Cannot undo: {e}."))?,
            },
            "save" => {
                if rest.is_empty() {
                    console.say("Usage: save FILE")?;
                } else {
                    match save(table.session(), Path::new(rest)) {
                        Ok(()) => console.say(format!("Saved to {rest}."))?,
                        Err(e) => console
                            .say(format!("Could not save: {}", crate::describe::describe(&e)))?,
                    }
                }
            }
            _ => match state.parse_move(&line) {
                Ok(mv) => {
                    table.play(mv).map_err(|e| anyhow::anyhow!("{e}"))?;
                    redraw = true;
                }
                Err(e) => {
                    let parts: Vec<&str> = line
                        .split(|c: char| c == ',' || c.is_whitespace())
                        .filter(|p| !p.is_empty())
                        .collect();
                    if n > 1 && parts.len() > 1 && parts.len() <= n - k + 1 {
                        redraw = play_several(console, &mut table, player, &parts)?;
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
fn play_several<G: Engine>(
    console: &mut Console<'_>,
    table: &mut GameTable<G>,
    player: Player,
    parts: &[&str],
) -> Result<bool> {
    for (i, part) in parts.iter().enumerate() {
        if table.state().to_move() != Some(player) {
            console.say(format!(
                "The turn ended before `{part}`; it was not played."
            ))?;
            return Ok(i > 0);
        }
        match table.state().parse_move(part) {
            Ok(mv) => table.play(mv).map_err(|e| anyhow::anyhow!("{e}"))?,
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
    if let Some(outcome) = session.outcome() {
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
