//! The engines a command line names: `--engine NAME=COMMAND` and the engines config file,
//! registered before any level is read (see [`tabuleiro_ai::engines`]).
//!
//! The config file, `$XDG_CONFIG_HOME/tabuleiro/engines.toml` (else
//! `~/.config/tabuleiro/engines.toml`), names one engine per line; its engines appear in the
//! menus too:
//!
//! ```toml
//! mine = "python3 /home/me/engines/mine.py"
//! prolog = "swipl /home/me/engines/quantik.pl"
//! ```

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use tabuleiro_ai::engines::{self, EngineSpec};

/// The engines config file: `$XDG_CONFIG_HOME/tabuleiro/engines.toml`, else
/// `~/.config/tabuleiro/engines.toml` (`None` without either variable).
pub fn config_file() -> Option<PathBuf> {
    let var = |name| std::env::var_os(name).filter(|v| !v.is_empty());
    let base = var("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| var("HOME").map(|home| PathBuf::from(home).join(".config")))?;
    Some(base.join("tabuleiro").join("engines.toml"))
}

/// The engines of a config file's text, in the order of their names.
///
/// # Errors
/// Text that is not TOML, a value that is not a string, a bad name or command.
pub fn parse_config(text: &str) -> Result<Vec<EngineSpec>, String> {
    let table: BTreeMap<String, toml::Value> = toml::from_str(text).map_err(|e| e.to_string())?;
    table
        .into_iter()
        .map(|(name, value)| match value {
            toml::Value::String(command) => EngineSpec::new(&name, &command),
            _ => Err(format!(
                "`{name}`: an engine is given as name = \"command\" (a string)"
            )),
        })
        .collect()
}

/// Registers the engines of the config file (if it exists), then those of `given`
/// (`NAME=COMMAND`), checking that each engine's program can be found; opens `log` as the
/// engine log.
///
/// # Errors
/// A config file that cannot be read, a bad engine, a program not found, a log that cannot be
/// opened.
pub fn register(given: &[String], log: Option<&Path>) -> Result<()> {
    if let Some(path) = config_file().filter(|p| p.exists()) {
        let text = std::fs::read_to_string(&path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        let specs = parse_config(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        for spec in specs {
            add(spec).with_context(|| format!("in {}", path.display()))?;
        }
    }
    for text in given {
        let spec = EngineSpec::parse(text).map_err(|e| anyhow::anyhow!("--engine {e}"))?;
        add(spec)?;
    }
    if let Some(path) = log {
        engines::log::set_log_file(path).map_err(|e| anyhow::anyhow!(e))?;
    }
    Ok(())
}

/// Registers `spec` once its program is found.
fn add(spec: EngineSpec) -> Result<()> {
    let program = &spec.argv[0];
    if !program_exists(program) {
        bail!(
            "engine `{}`: its program `{program}` is not found (give a path, or a program on PATH)",
            spec.name
        );
    }
    engines::register(spec).map_err(|e| anyhow::anyhow!(e))
}

/// Whether `program` names a file: a path (with a `/`), or a file in a folder of `PATH`.
pub(crate) fn program_exists(program: &str) -> bool {
    if program.contains('/') {
        return Path::new(program).is_file();
    }
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(program).is_file()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_config_names_engines_by_their_commands() {
        let specs = parse_config(
            "# my engines\nmine = \"python3 /tmp/my engine.py\"\nother = \"'./a b' --fast\"\n",
        )
        .expect("reads");
        assert_eq!(specs.len(), 2);
        assert_eq!(specs[0].name, "mine");
        assert_eq!(specs[0].argv, ["python3", "/tmp/my", "engine.py"]);
        assert_eq!(specs[1].argv, ["./a b", "--fast"]);
    }

    #[test]
    fn a_bad_config_says_what_is_wrong() {
        let error = parse_config("mine = 3").unwrap_err();
        assert!(error.contains("a string"), "{error}");
        let error = parse_config("hard = \"python3 x.py\"").unwrap_err();
        assert!(error.contains("name of a level"), "{error}");
        let error = parse_config("mine = \"python3 'x.py\"").unwrap_err();
        assert!(error.contains("badly quoted"), "{error}");
        assert!(parse_config("mine = ").is_err());
    }

    #[test]
    fn programs_are_found_on_the_path_or_by_their_path() {
        assert!(program_exists("sh"));
        assert!(program_exists("/bin/sh"));
        assert!(!program_exists("no-such-program-anywhere"));
        assert!(!program_exists("./no/such/file"));
    }
}
