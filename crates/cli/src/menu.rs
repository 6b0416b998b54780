//! The interactive menu: game → mode → computer levels → options → play, and again. Each
//! option value is checked as it is typed, by setting the game up with it: a value the game
//! refuses is asked again with the reason.

use anyhow::Result;
use tabuleiro_ai::engines::menu_levels;
use tabuleiro_ai::{Level, NamedLevel};
use tabuleiro_core::{Engine, GameInfo, GameVisitor, Options, Player, Registry, Setup};
use tabuleiro_games::REGISTRY;

use crate::commands::options::ReadOptions;
use crate::console::Console;
use crate::names::{self, Mode};
use crate::play::{Ending, GameConfig, PlayVisitor, Seat};

/// The choice after the modes: each seat a human or a computer level.
const EACH_SEAT: &str = "Choose each seat (any mix of humans and computer levels)";

/// Runs the menu until the user quits or input ends.
pub fn run(console: &mut Console<'_>) -> Result<()> {
    console.say("tabuleiro — abstract strategy games")?;
    loop {
        let games = REGISTRY.games();
        let mut choices: Vec<String> = games
            .iter()
            .map(|g| format!("{} — {}", g.name, g.summary))
            .collect();
        choices.push("Quit".to_owned());
        console.say("")?;
        let Some(choice) = console.choose("Choose a game:", &choices, None)? else {
            return Ok(());
        };
        let Some(info) = games.get(choice) else {
            return Ok(());
        };
        let Some(config) = configure(console, info)? else {
            return Ok(());
        };
        let visitor = PlayVisitor { console, config };
        let ending = REGISTRY
            .visit(info.id, visitor)
            .unwrap_or(Ok(Ending::Quit))?;
        if ending == Ending::EndOfInput {
            return Ok(());
        }
    }
}

/// Asks for mode, levels, players and options. `None` at the end of input.
fn configure(console: &mut Console<'_>, info: &'static GameInfo) -> Result<Option<GameConfig>> {
    let modes: Vec<String> = Mode::ALL
        .iter()
        .map(|m| m.label().to_owned())
        .chain([EACH_SEAT.to_owned()])
        .collect();
    let Some(mode) = console.choose("Mode:", &modes, Some(1))? else {
        return Ok(None);
    };
    let players = if info.min_players == info.max_players {
        info.min_players
    } else {
        let counts: Vec<String> = (info.min_players..=info.max_players)
            .map(|n| format!("{n} players"))
            .collect();
        let Some(i) = console.choose("How many players?", &counts, Some(0))? else {
            return Ok(None);
        };
        info.min_players + i
    };
    let human_seat = if mode == 1 {
        let seats: Vec<String> = (0..players).map(|i| names::seat(Player(i as u8))).collect();
        let Some(i) = console.choose("Which seat do you take?", &seats, Some(0))? else {
            return Ok(None);
        };
        Some(i)
    } else {
        None
    };
    let mut seats = Vec::with_capacity(players);
    for i in 0..players {
        let computer = match mode {
            0 => false,
            1 => human_seat != Some(i),
            2 => true,
            _ => {
                let title = format!("Who plays {}?", names::seat(Player(i as u8)));
                let kinds = ["a human".to_owned(), "the computer".to_owned()];
                let Some(k) = console.choose(&title, &kinds, Some(0))? else {
                    return Ok(None);
                };
                k == 1
            }
        };
        if computer {
            let Some(level) = ask_level(console, info, Player(i as u8))? else {
                return Ok(None);
            };
            seats.push(Seat::Computer(level));
        } else {
            seats.push(Seat::Human);
        }
    }
    let seed = tabuleiro_core::fresh_seed()?;
    let Some(options) = ask_options(console, info, players, seed)? else {
        return Ok(None);
    };
    Ok(Some(GameConfig {
        setup: Setup {
            players,
            options,
            seed,
        },
        seats,
        save: None,
    }))
}

fn ask_level(console: &mut Console<'_>, info: &GameInfo, player: Player) -> Result<Option<Level>> {
    let ladder: Vec<&NamedLevel> = REGISTRY
        .engine(info.id)
        .map(menu_levels)
        .unwrap_or_default();
    let labels: Vec<String> = ladder
        .iter()
        .map(|n| format!("{} — {}", n.name, n.description))
        .collect();
    let title = format!("Level of {}:", names::seat(player));
    let Some(i) = console.choose(&title, &labels, Some(3))? else {
        return Ok(None);
    };
    Ok(Some(ladder[i].level.parse()?))
}

/// Asks for each option in turn. Each answer (an empty one keeps the default) is checked at
/// once, with the answers before it, by setting the game up as it will start: a value the
/// option accepts but the game refuses (Pushee `size=99x2`) is asked again with the reason,
/// so the setup is never lost. `None` at the end of input.
fn ask_options(
    console: &mut Console<'_>,
    info: &'static GameInfo,
    players: usize,
    seed: u64,
) -> Result<Option<Options>> {
    let mut given: Vec<String> = Vec::new();
    for spec in info.options {
        console.say(format!(
            "Option {} — {} ({})",
            spec.name,
            spec.description,
            spec.allowed()
        ))?;
        loop {
            let prompt = format!("{} [{}]> ", spec.name, spec.default);
            let Some(answer) = console.ask(&prompt)? else {
                return Ok(None);
            };
            if !answer.is_empty() && !spec.accepts(&answer) {
                console.say(format!(
                    "`{answer}` is not allowed; choose from {}.",
                    spec.allowed()
                ))?;
                continue;
            }
            let mut settings = given.clone();
            if !answer.is_empty() {
                settings.push(format!("{}={answer}", spec.name));
            }
            match check_setup(info, &settings, players, seed) {
                Ok(_) => {
                    given = settings;
                    break;
                }
                Err(e) => {
                    let value = if answer.is_empty() {
                        spec.default
                    } else {
                        answer.as_str()
                    };
                    console.say(format!(
                        "{} = {value} cannot be played: {}. Please choose another value.",
                        spec.name,
                        crate::describe::describe(&e)
                    ))?;
                }
            }
        }
    }
    check_setup(info, &given, players, seed).map(Some)
}

/// The options of `settings` (`name=value`, read as `-o` reads them), once the game has
/// been set up from them.
fn check_setup(
    info: &'static GameInfo,
    settings: &[String],
    players: usize,
    seed: u64,
) -> Result<Options> {
    REGISTRY
        .visit(
            info.id,
            CheckSetup {
                info,
                settings,
                players,
                seed,
            },
        )
        .unwrap_or_else(|| Err(anyhow::anyhow!("unknown game `{}`", info.id)))
}

/// Reads options and sets a game up from them, for the game chosen at run time.
struct CheckSetup<'a> {
    info: &'static GameInfo,
    settings: &'a [String],
    players: usize,
    seed: u64,
}

impl GameVisitor for CheckSetup<'_> {
    type Output = Result<Options>;
    fn visit<G: Engine>(self) -> Result<Options> {
        let options = ReadOptions {
            info: self.info,
            settings: self.settings,
        }
        .visit::<G>()?;
        G::new(&Setup {
            players: self.players,
            options: options.clone(),
            seed: self.seed,
        })?;
        Ok(options)
    }
}
