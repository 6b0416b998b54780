//! Where `serve`'s settings come from, weakest first: the built-in defaults, a TOML file
//! (`--config FILE`), an environment variable `TABULEIRO_<NAME>` for every option, and the
//! command line. Each source is read through the same clap definitions, so a value from the
//! file or the environment is checked exactly as the same flag would be.
//!
//! The file's keys are the options' long names (`max-connections = 20000`); a repeatable
//! option takes an array (`public-host = ["play.example.org"]`), a switch a boolean.

use std::ffi::OsString;
use std::path::PathBuf;

use clap::{ArgMatches, Command, CommandFactory as _, FromArgMatches as _};

use crate::args::Cli;

/// The subcommand whose options a file and the environment may set.
const SERVED: &str = "serve";

/// Why the settings could not be read.
#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    /// The command line itself (or an environment variable) is wrong, or asks for help:
    /// clap's own message.
    #[error(transparent)]
    Clap(#[from] clap::Error),
    /// The file could not be read.
    #[error("cannot read the config file {file}: {source}")]
    Read {
        /// The file.
        file: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// The file is not TOML, or holds a key or a value that is not a setting.
    #[error("the config file {file}: {reason}")]
    Invalid {
        /// The file.
        file: PathBuf,
        /// What is wrong, and where.
        reason: String,
    },
}

/// The environment variable of an option: `TABULEIRO_` and its long name in upper case,
/// dashes as underscores (`max-connections` → `TABULEIRO_MAX_CONNECTIONS`).
pub fn variable(long: &str) -> String {
    format!("TABULEIRO_{}", long.to_uppercase().replace('-', "_"))
}

/// The command line's definition, with an environment variable for every option of `serve`
/// (repeatable ones split at commas).
pub fn command() -> Command {
    Cli::command().mut_subcommand(SERVED, |serve| {
        let names: Vec<(String, String)> = settable(&serve)
            .map(|(id, long)| (id.to_owned(), long.to_owned()))
            .collect();
        names.into_iter().fold(serve, |serve, (id, long)| {
            serve.mut_arg(id, |arg| {
                let arg = arg.env(variable(&long));
                if repeats(&arg) {
                    arg.value_delimiter(',')
                } else {
                    arg
                }
            })
        })
    })
}

/// The options of `serve` a file may set, by id and long name: every one but the global
/// options, `help` and `config` itself.
fn settable(serve: &Command) -> impl Iterator<Item = (&str, &str)> {
    serve.get_arguments().filter_map(|arg| {
        let long = arg.get_long()?;
        let skip = arg.is_global_set() || matches!(long, "help" | "config");
        (!skip).then_some((arg.get_id().as_str(), long))
    })
}

/// Whether an option may be given several times.
fn repeats(arg: &clap::Arg) -> bool {
    matches!(arg.get_action(), clap::ArgAction::Append)
}

/// Reads the command line `args` (the program's name first) with the environment, and the
/// file of `serve --config` when one is given.
///
/// # Errors
/// clap's error for a wrong command line or a request for help; the file's when it cannot be
/// read or holds a wrong key or value (the message names the file).
pub fn parse<I, T>(args: I) -> Result<Cli, SettingsError>
where
    I: IntoIterator<Item = T>,
    T: Into<OsString> + Clone,
{
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let matches = command().try_get_matches_from(&args)?;
    let Some(file) = config_file(&matches) else {
        return Ok(Cli::from_arg_matches(&matches)?);
    };
    let text = std::fs::read_to_string(&file).map_err(|source| SettingsError::Read {
        file: file.clone(),
        source,
    })?;
    let invalid = |reason: String| SettingsError::Invalid {
        file: file.clone(),
        reason,
    };
    let table: toml::Table = text
        .parse()
        .map_err(|e: toml::de::Error| invalid(e.to_string()))?;
    let given = served(&matches);
    let with_file = with_defaults(command(), &table, given).map_err(&invalid)?;
    let matches = with_file
        .try_get_matches_from(&args)
        .map_err(|e| invalid(e.to_string().trim_end().to_owned()))?;
    Ok(Cli::from_arg_matches(&matches)?)
}

/// The file `serve --config` names, if any.
fn config_file(matches: &ArgMatches) -> Option<PathBuf> {
    served(matches)?.get_one::<PathBuf>("config").cloned()
}

/// The matches of `serve`, if that is the subcommand.
fn served(matches: &ArgMatches) -> Option<&ArgMatches> {
    matches
        .subcommand()
        .and_then(|(name, m)| (name == SERVED).then_some(m))
}

/// `command` with the file's values as the defaults of `serve`'s options. Where the command
/// line or the environment chose the data folder or the database, the file's choice of the
/// other one is left out (they exclude each other).
fn with_defaults(
    command: Command,
    table: &toml::Table,
    given: Option<&ArgMatches>,
) -> Result<Command, String> {
    let serve = command
        .find_subcommand(SERVED)
        .ok_or("no serve command")?
        .clone();
    let known: Vec<(String, String, bool)> = settable(&serve)
        .map(|(id, long)| {
            let repeat = serve
                .get_arguments()
                .find(|a| a.get_id() == id)
                .is_some_and(repeats);
            (id.to_owned(), long.to_owned(), repeat)
        })
        .collect();
    let chosen = |id: &str| {
        given.is_some_and(|m| {
            matches!(
                m.value_source(id),
                Some(
                    clap::parser::ValueSource::CommandLine | clap::parser::ValueSource::EnvVariable
                )
            )
        })
    };
    if table.contains_key("data") && table.contains_key("database") {
        return Err("`data` and `database` exclude each other: give one".to_owned());
    }
    let mut defaults: Vec<(String, Vec<String>)> = Vec::new();
    for (key, value) in table {
        let Some((id, _, repeat)) = known.iter().find(|(_, long, _)| long == key) else {
            let names: Vec<&str> = known.iter().map(|(_, long, _)| long.as_str()).collect();
            return Err(format!(
                "`{key}` is not a setting of serve (settings: {})",
                names.join(", ")
            ));
        };
        let other = match key.as_str() {
            "data" => Some("database"),
            "database" => Some("data"),
            _ => None,
        };
        if other.is_some_and(chosen) {
            continue;
        }
        defaults.push((id.clone(), values(key, value, *repeat)?));
    }
    Ok(command.mut_subcommand(SERVED, |serve| {
        defaults.into_iter().fold(serve, |serve, (id, values)| {
            serve.mut_arg(id, |arg| arg.default_values(values))
        })
    }))
}

/// A TOML value as the text of the option's value(s).
fn values(key: &str, value: &toml::Value, repeat: bool) -> Result<Vec<String>, String> {
    let one = |v: &toml::Value| match v {
        toml::Value::String(s) => Ok(s.clone()),
        toml::Value::Integer(n) => Ok(n.to_string()),
        toml::Value::Float(x) => Ok(x.to_string()),
        toml::Value::Boolean(b) => Ok(b.to_string()),
        other => Err(format!(
            "`{key}` takes a string, a number or a boolean, not {}",
            other.type_str()
        )),
    };
    match value {
        toml::Value::Array(items) if repeat => items.iter().map(one).collect(),
        toml::Value::Array(_) => Err(format!("`{key}` takes one value, not an array")),
        single => Ok(vec![one(single)?]),
    }
}
