//! Engines as seats: programs that speak the engine protocol (`docs/engine-protocol.md`),
//! started as processes and played like any level.
//!
//! A front end registers each engine by name ([`register`]: `--engine NAME=COMMAND`, or the
//! engines config file); the name is then read wherever a level is (`NAME`, or
//! `NAME:think=MS` for the time each move is given, [`DEFAULT_THINK_MS`] by default), and the
//! level builds an [`EngineSeat`] — one process per seat, kept from game to game and started
//! again for the next game when it died or failed.
//!
//! A seat whose engine fails loses the game ([`tabuleiro_core::Session::forfeit`]), with the
//! reason in the result and the record:
//! - it cannot be started, or does not finish the handshake (`ok`) within [`START_MS`], or
//!   does not accept the `game` line within [`START_MS`];
//! - it answers `go` with anything but `info …` and `move …` lines, or with a move that does
//!   not parse or is not legal;
//! - no `move` comes within the time `go` gave plus [`MARGIN_MS`];
//! - it exits, or closes its output;
//! - it floods: a line longer than [`process::MAX_LINE`] bytes, or more than
//!   [`process::MAX_OUTPUT`] bytes between two `go` lines.
//!
//! An engine that failed is stopped at once (`quit`, its input closed, killed after
//! [`process::QUIT_GRACE`], always waited for), so it can neither answer late nor linger.

pub mod log;
pub mod process;
mod seat;

use std::sync::{Arc, RwLock};

use tabuleiro_core::EngineInfo;

use crate::level::NamedLevel;

pub use seat::EngineSeat;

/// The time an engine is given for each move unless its level says (`NAME:think=MS`), ms.
pub const DEFAULT_THINK_MS: u64 = 1000;

/// What the host waits beyond the time it gave, before a seat that has not answered loses: the
/// way to the engine and back, and a busy machine, ms.
pub const MARGIN_MS: u64 = 1000;

/// How long an engine may take to start and answer the handshake, or to accept a `game`
/// line, ms (an interpreter may have much to load).
pub const START_MS: u64 = 10_000;

/// A named engine: how to start it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineSpec {
    /// The name it is known by (lowercase letters, digits, `-` and `_`).
    pub name: String,
    /// The program and its arguments.
    pub argv: Vec<String>,
}

impl EngineSpec {
    /// Reads `NAME=COMMAND`, the command split as a shell would split words (quotes
    /// group, nothing else is interpreted).
    ///
    /// # Errors
    /// A missing `=`, a bad name or an empty or badly quoted command.
    pub fn parse(text: &str) -> Result<Self, String> {
        let (name, command) = text
            .split_once('=')
            .ok_or_else(|| format!("`{text}`: an engine is given as NAME=COMMAND"))?;
        Self::new(name, command)
    }

    /// The engine `name` started by `command` (split as [`EngineSpec::parse`] does).
    ///
    /// # Errors
    /// As [`EngineSpec::parse`].
    pub fn new(name: &str, command: &str) -> Result<Self, String> {
        let name = name.trim().to_ascii_lowercase();
        check_name(&name)?;
        let argv = shlex::split(command)
            .ok_or_else(|| format!("engine `{name}`: the command `{command}` is badly quoted"))?;
        if argv.is_empty() {
            return Err(format!("engine `{name}`: the command is empty"));
        }
        Ok(EngineSpec { name, argv })
    }
}

/// Names a level already has, which no engine may take.
fn taken(name: &str) -> bool {
    name == "human"
        || crate::level::LEVEL_NAMES.contains(&name)
        || crate::level::LADDER.iter().any(|step| step.name == name)
}

fn check_name(name: &str) -> Result<(), String> {
    let fine = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-' || c == '_';
    if name.is_empty() || !name.chars().all(fine) {
        return Err(format!(
            "engine name `{name}`: use lowercase letters, digits, `-` and `_`"
        ));
    }
    if taken(name) {
        return Err(format!(
            "engine name `{name}` is the name of a level: choose another"
        ));
    }
    Ok(())
}

/// The engines registered in this process, in order.
static ENGINES: RwLock<Vec<Arc<EngineSpec>>> = RwLock::new(Vec::new());

/// The menus' entries of the registered engines, in order (made once per engine: a process
/// registers a handful at start-up).
static MENU: RwLock<Vec<&'static NamedLevel>> = RwLock::new(Vec::new());

/// Registers an engine, whose name is then read as a level. Registering the same name and
/// command again changes nothing.
///
/// # Errors
/// When the name is registered with another command.
pub fn register(spec: EngineSpec) -> Result<(), String> {
    let mut engines = ENGINES.write().map_err(|_| "the engine list is unusable")?;
    if let Some(known) = engines.iter().find(|e| e.name == spec.name) {
        return if known.argv == spec.argv {
            Ok(())
        } else {
            Err(format!("engine `{}` is named twice", spec.name))
        };
    }
    if engines.len() >= usize::from(u16::MAX) {
        return Err("too many engines".to_owned());
    }
    let entry = NamedLevel {
        name: Box::leak(spec.name.clone().into_boxed_str()),
        level: Box::leak(spec.name.clone().into_boxed_str()),
        description: Box::leak(format!("engine `{}`", spec.argv.join(" ")).into_boxed_str()),
    };
    engines.push(Arc::new(spec));
    if let Ok(mut menu) = MENU.write() {
        menu.push(Box::leak(Box::new(entry)));
    }
    Ok(())
}

/// The levels the menus offer for a game: the ladder's ([`crate::ladder_for`]), then every
/// registered engine.
pub fn menu_levels(engine: EngineInfo) -> Vec<&'static NamedLevel> {
    let mut levels = crate::level::ladder_for(engine);
    if let Ok(menu) = MENU.read() {
        levels.extend(menu.iter().copied());
    }
    levels
}

/// The registered engines, in order.
pub fn registered() -> Vec<Arc<EngineSpec>> {
    ENGINES.read().map(|e| e.clone()).unwrap_or_default()
}

/// The engine registered as `name`, with its number.
pub(crate) fn find(name: &str) -> Option<(u16, Arc<EngineSpec>)> {
    let engines = ENGINES.read().ok()?;
    let index = engines.iter().position(|e| e.name == name)?;
    Some((u16::try_from(index).ok()?, Arc::clone(&engines[index])))
}

/// The engine registered with number `id`.
pub(crate) fn get(id: u16) -> Option<Arc<EngineSpec>> {
    ENGINES.read().ok()?.get(usize::from(id)).cloned()
}

/// A level that is a registered engine, with the time it is given per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct EngineLevel {
    /// The engine's number in the registry.
    pub id: u16,
    /// The time `go` gives for each move, ms.
    pub think_ms: u64,
}

impl EngineLevel {
    /// The engine's name (`?` for a number never registered, which [`crate::Level`] never
    /// makes).
    pub fn name(&self) -> String {
        get(self.id).map_or_else(|| "?".to_owned(), |spec| spec.name.clone())
    }
}
