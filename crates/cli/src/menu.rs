//! The interactive menu: game → mode → computer levels → options → play, and again.

use anyhow::Result;
use tabuleiro_ai::{LADDER, Level, NamedLevel};
use tabuleiro_core::{GameInfo, Options, Player, Registry, Setup};
use tabuleiro_games::REGISTRY;

use crate::console::Console;
use crate::play::{Ending, GameConfig, PlayVisitor, Seat, clock_seed};

/// The modes of play.
const MODES: [&str; 4] = [
    "Human vs Human",
    "Human vs Computer",
    "Computer vs Computer",
    "Choose each seat (any mix of humans and computer levels)",
];

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
fn configure(console: &mut Console<'_>, info: &GameInfo) -> Result<Option<GameConfig>> {
    let modes: Vec<String> = MODES.iter().map(|m| (*m).to_owned()).collect();
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
        let seats: Vec<String> = (0..players).map(|i| Player(i as u8).to_string()).collect();
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
                let title = format!("Who plays {}?", Player(i as u8));
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
    let Some(options) = ask_options(console, info)? else {
        return Ok(None);
    };
    let seed = clock_seed();
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
    let ladder: Vec<&NamedLevel> = LADDER
        .iter()
        .filter(|n| n.name != "perfect" || info.solvable)
        .collect();
    let labels: Vec<String> = ladder
        .iter()
        .map(|n| format!("{} — {}", n.name, n.description))
        .collect();
    let title = format!("Level of {player}:");
    let Some(i) = console.choose(&title, &labels, Some(3))? else {
        return Ok(None);
    };
    Ok(Some(ladder[i].level.parse()?))
}

fn ask_options(console: &mut Console<'_>, info: &GameInfo) -> Result<Option<Options>> {
    let mut given: Vec<(&str, String)> = Vec::new();
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
            if answer.is_empty() {
                break;
            }
            if spec.accepts(&answer) {
                given.push((spec.name, answer));
                break;
            }
            console.say(format!(
                "`{answer}` is not allowed; choose from {}.",
                spec.allowed()
            ))?;
        }
    }
    Ok(Some(Options::new(
        info,
        given.iter().map(|(k, v)| (*k, v.as_str())),
    )?))
}
