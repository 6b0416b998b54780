//! Named levels of computer players and their settings: `random`, `greedy`,
//! `strong[:think=MS][:depth=D][:iters=N][:threads=T]`, `perfect`; the ladder's names
//! (`easy`, `medium`, `hard`) stand for some of them, and `medium` and `hard` take the
//! settings of `strong` too (`hard:threads=2`).

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use tabuleiro_core::{Engine, EngineInfo, SearchKind};

use crate::agent::Agent;
use crate::alphabeta::Limits;
use crate::engines::{self, EngineLevel, EngineSeat};
use crate::greedy::GreedyAgent;
use crate::mcts::MctsAgent;
use crate::perfect::PerfectAgent;
use crate::random::RandomAgent;
use crate::strong::{DEFAULT_THINK, StrongAgent};
use crate::threads::MAX_THREADS;

/// A computer player's level with its settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Level {
    /// Uniformly random legal moves.
    Random,
    /// One move ahead with the game's evaluation.
    Greedy,
    /// The game's search within these limits: alpha-beta, Monte Carlo tree search or sampled
    /// rollouts, as the game's [`EngineInfo::search`] says (see [`Level::build`]).
    Strong(Limits),
    /// Exact play (only for games solved here: by the generic solver, or from the game's own
    /// solved table).
    Perfect,
    /// A registered engine, run as a process and spoken to through the engine protocol
    /// ([`crate::engines`]).
    Engine(EngineLevel),
}

/// The longest thinking time a level may be given, in milliseconds (a day): a search's
/// deadline must stay within the clock's range.
pub const MAX_THINK_MS: u64 = 86_400_000;

/// The names of the levels, weakest first.
pub const LEVEL_NAMES: [&str; 4] = ["random", "greedy", "strong", "perfect"];

/// A level of the menus' ladder: a friendly name for a level with settings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NamedLevel {
    /// The name people choose (`easy`, `hard`, …), also accepted wherever a level is read.
    pub name: &'static str,
    /// The level it stands for, in the syntax of [`Level::from_str`].
    pub level: &'static str,
    /// How it plays, in a few words.
    pub description: &'static str,
}

/// The ladder of levels offered to people, weakest first. Each step is measured by
/// `tabuleiro tournament GAME --agents random,easy,medium,hard[,perfect] --schedule ladder`.
pub const LADDER: [NamedLevel; 5] = [
    NamedLevel {
        name: "random",
        level: "random",
        description: "plays any legal move",
    },
    NamedLevel {
        name: "easy",
        level: "greedy",
        description: "looks one turn ahead",
    },
    NamedLevel {
        name: "medium",
        level: "strong:think=100",
        description: "searches a tenth of a second per move",
    },
    NamedLevel {
        name: "hard",
        level: "strong:think=1000",
        description: "searches a second per move",
    },
    NamedLevel {
        name: "perfect",
        level: "perfect",
        description: "never misses a win (games solved here only)",
    },
];

/// The ladder's levels a game offers: `perfect` only where the game is solved here.
pub fn ladder_for(engine: EngineInfo) -> Vec<&'static NamedLevel> {
    LADDER
        .iter()
        .filter(|n| n.name != "perfect" || engine.solvable)
        .collect()
}

/// A level that cannot be read or does not fit the game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct LevelError(pub String);

impl Level {
    /// The strong level with the default budget (1 s).
    pub fn strong() -> Self {
        Level::Strong(Limits::time(DEFAULT_THINK))
    }

    /// A strong level thinking `think` per move.
    pub fn strong_with(think: Duration) -> Self {
        Level::Strong(Limits::time(think))
    }

    /// The same level with its time budget replaced (`strong` and engines have one).
    pub fn with_think(self, think: Duration) -> Self {
        match self {
            Level::Engine(engine) => Level::Engine(EngineLevel {
                think_ms: u64::try_from(think.as_millis()).unwrap_or(MAX_THINK_MS),
                ..engine
            }),
            Level::Strong(limits) => Level::Strong(Limits {
                time: Some(think),
                ..limits
            }),
            other => other,
        }
    }

    /// A computer player of this level for game `G`, seeded with `seed`. `perfect` plays from
    /// the game's own solved table when it has one ([`tabuleiro_core::Engine::oracle`]: opened
    /// with the front end's defaults, so loaded, or built on first use), else from the generic
    /// solver.
    ///
    /// # Errors
    /// When `perfect` is asked for a game that cannot be solved here, or whose table file
    /// cannot be used.
    pub fn build<G: Engine>(self, seed: u64) -> Result<Box<dyn Agent<G>>, LevelError> {
        Ok(match self {
            Level::Random => Box::new(RandomAgent::new(seed)),
            Level::Greedy => Box::new(GreedyAgent::new(seed)),
            Level::Strong(limits) => match G::ENGINE.search {
                SearchKind::AlphaBeta => Box::new(StrongAgent::<G>::new(limits, seed)),
                SearchKind::MonteCarlo => {
                    Box::new(MctsAgent::new(limits.into(), seed, self.to_string()))
                }
                SearchKind::Rollouts => Box::new(crate::rollouts::RolloutAgent::new(
                    limits.into(),
                    seed,
                    self.to_string(),
                )),
            },
            Level::Engine(engine) => {
                let spec = engines::get(engine.id)
                    .ok_or_else(|| LevelError("no such engine is registered".to_owned()))?;
                Box::new(EngineSeat::<G>::new(
                    spec,
                    self.to_string(),
                    engine.think_ms,
                    seed,
                ))
            }
            Level::Perfect => {
                if let Some(oracle) = crate::oracle_play::open_oracle::<G>() {
                    let oracle = oracle.map_err(|e| LevelError(e.to_string()))?;
                    return Ok(Box::new(crate::oracle_play::OracleAgent::new(oracle, seed)));
                }
                if !G::ENGINE.solvable {
                    return Err(LevelError(format!(
                        "{} cannot be solved here, so it has no `perfect` level",
                        G::INFO.name
                    )));
                }
                Box::new(PerfectAgent::<G>::new(seed))
            }
        })
    }
}

impl FromStr for Level {
    type Err = LevelError;

    /// Reads `random`, `greedy`, `perfect`, or `strong` with optional settings separated by
    /// colons: `strong:think=200` (milliseconds), `strong:depth=4`, `strong:iters=5000`,
    /// `strong:threads=2`; a name of the ladder (`easy`, `medium`, `hard`) reads as its level,
    /// and `medium` and `hard` take the settings of `strong` too.
    fn from_str(text: &str) -> Result<Self, LevelError> {
        let mut text = text.trim().to_ascii_lowercase();
        let (head, rest) = text.split_once(':').unwrap_or((text.as_str(), ""));
        if let Some(named) = LADDER.iter().find(|n| n.name == head && n.level != n.name) {
            text = if rest.is_empty() {
                named.level.to_owned()
            } else {
                format!("{}:{rest}", named.level)
            };
        }
        let mut parts = text.split(':');
        let name = parts.next().unwrap_or_default();
        if let Some((id, _)) = engines::find(name) {
            let mut think_ms = engines::DEFAULT_THINK_MS;
            for setting in parts {
                let bad = || {
                    LevelError(format!(
                        "`{setting}`: an engine's setting is think=MS (1..{MAX_THINK_MS})"
                    ))
                };
                let value = setting.strip_prefix("think=").ok_or_else(bad)?;
                think_ms = value
                    .parse()
                    .ok()
                    .filter(|ms| (1..=MAX_THINK_MS).contains(ms))
                    .ok_or_else(bad)?;
            }
            return Ok(Level::Engine(EngineLevel { id, think_ms }));
        }
        let level = match name {
            "random" => Level::Random,
            "greedy" => Level::Greedy,
            "perfect" => Level::Perfect,
            "strong" => {
                let mut limits = Limits::time(DEFAULT_THINK);
                let settings: Vec<&str> = parts.by_ref().collect();
                let budgeted = |key: &str| settings.iter().any(|s| s.starts_with(key));
                if (budgeted("depth=") || budgeted("iters=")) && !budgeted("think=") {
                    limits.time = None;
                }
                for setting in settings {
                    let bad = || {
                        LevelError(format!(
                            "`{setting}`: strong settings are think=MS (1..{MAX_THINK_MS}), \
                             depth=D (1..64), iters=N (> 0) or threads=T (1..{MAX_THREADS})"
                        ))
                    };
                    let (key, value) = setting.split_once('=').ok_or_else(bad)?;
                    let number: u64 = value.parse().map_err(|_| {
                        LevelError(format!("`{setting}`: `{value}` is not a whole number"))
                    })?;
                    match key {
                        "think" if (1..=MAX_THINK_MS).contains(&number) => {
                            limits.time = Some(Duration::from_millis(number));
                        }
                        "depth" if (1..=64).contains(&number) => limits.max_depth = number as u32,
                        "iters" if number > 0 => limits.iterations = Some(number),
                        "threads" if (1..=MAX_THREADS as u64).contains(&number) => {
                            limits.threads = Some(number as usize);
                        }
                        _ => return Err(bad()),
                    }
                }
                Level::Strong(limits)
            }
            _ => {
                let engines: Vec<String> = engines::registered()
                    .iter()
                    .map(|e| e.name.clone())
                    .collect();
                let engines = if engines.is_empty() {
                    String::new()
                } else {
                    format!("; engines: {}", engines.join(", "))
                };
                return Err(LevelError(format!(
                    "unknown level `{name}` (levels: {}; or {}{engines})",
                    LEVEL_NAMES.join(", "),
                    LADDER.map(|n| n.name).join(", ")
                )));
            }
        };
        if let Some(extra) = parts.next() {
            return Err(LevelError(format!(
                "`{name}` takes no settings (got `{extra}`)"
            )));
        }
        Ok(level)
    }
}

impl Level {
    /// The name of the ladder's step that is this level (`easy`, `medium`, `hard`), if one is.
    pub fn ladder_name(&self) -> Option<&'static str> {
        LADDER
            .iter()
            .find(|step| step.level.parse::<Level>().is_ok_and(|l| l == *self))
            .map(|step| step.name)
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Level::Random => f.write_str("random"),
            Level::Greedy => f.write_str("greedy"),
            Level::Perfect => f.write_str("perfect"),
            Level::Engine(engine) => {
                f.write_str(&engine.name())?;
                if engine.think_ms != engines::DEFAULT_THINK_MS {
                    write!(f, ":think={}", engine.think_ms)?;
                }
                Ok(())
            }
            Level::Strong(limits) => {
                f.write_str("strong")?;
                if let Some(t) = limits.time
                    && t != DEFAULT_THINK
                {
                    write!(f, ":think={}", t.as_millis())?;
                }
                if limits.max_depth != 64 || (limits.time.is_none() && limits.iterations.is_none())
                {
                    write!(f, ":depth={}", limits.max_depth)?;
                }
                if let Some(n) = limits.iterations {
                    write!(f, ":iters={n}")?;
                }
                if let Some(n) = limits.threads {
                    write!(f, ":threads={n}")?;
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_round_trip() {
        for text in [
            "random",
            "greedy",
            "perfect",
            "strong",
            "strong:think=200",
            "strong:depth=4",
            "strong:iters=5000",
            "strong:think=300:iters=100",
            "strong:threads=2",
            "strong:depth=5:threads=1",
        ] {
            let level: Level = text.parse().unwrap();
            assert_eq!(level.to_string(), text);
        }
        assert_eq!(
            "strong:depth=3".parse::<Level>().unwrap(),
            Level::Strong(Limits {
                time: None,
                max_depth: 3,
                iterations: None,
                threads: None,
            })
        );
    }

    #[test]
    fn ladder_names_take_strong_settings() {
        let hard = "hard:threads=2".parse::<Level>().unwrap();
        assert_eq!(hard.to_string(), "strong:threads=2");
        assert_eq!(
            hard,
            Level::Strong(Limits {
                threads: Some(2),
                ..Limits::time(DEFAULT_THINK)
            })
        );
        assert_eq!(
            "medium:threads=3".parse::<Level>().unwrap().to_string(),
            "strong:think=100:threads=3"
        );
        assert_eq!(
            hard.ladder_name(),
            None,
            "hard on two threads is not the ladder's step"
        );
        assert!(
            "easy:threads=2".parse::<Level>().is_err(),
            "greedy takes no settings"
        );
        assert!("strong:threads=0".parse::<Level>().is_err());
        assert!("strong:threads=257".parse::<Level>().is_err());
    }

    #[test]
    fn ladder_names_are_levels() {
        assert_eq!("easy".parse::<Level>().unwrap(), Level::Greedy);
        assert_eq!(
            "Medium".parse::<Level>().unwrap(),
            Level::strong_with(Duration::from_millis(100))
        );
        assert_eq!("hard".parse::<Level>().unwrap(), Level::strong());
        for named in LADDER {
            assert_eq!(
                named.name.parse::<Level>().unwrap(),
                named.level.parse::<Level>().unwrap()
            );
        }
    }

    #[test]
    fn bad_levels_say_why() {
        assert!(
            "godlike"
                .parse::<Level>()
                .unwrap_err()
                .0
                .contains("unknown level")
        );
        assert!(
            "strong:think=x"
                .parse::<Level>()
                .unwrap_err()
                .0
                .contains("whole number")
        );
        assert!("strong:speed=3".parse::<Level>().is_err());
        assert!("strong:depth=0".parse::<Level>().is_err());
        // A budget past a day would overflow the deadline's clock arithmetic.
        assert!("strong:think=0".parse::<Level>().is_err());
        assert!("strong:think=86400000".parse::<Level>().is_ok());
        let e = "strong:think=86400001".parse::<Level>().unwrap_err();
        assert!(e.0.contains("1..86400000"), "{e}");
        assert!(
            "greedy:think=3"
                .parse::<Level>()
                .unwrap_err()
                .0
                .contains("no settings")
        );
    }
}
