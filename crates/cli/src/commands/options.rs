//! Game options from the command line, `-o name=value`: a value that the game says names a
//! file ([`Game::option_names_file`], e.g. Pushee's `-o values=board.txt`) is read from that
//! file here, at the edge, and checked by the game ([`Game::option_from_file`]); the rules
//! never open files themselves.

use std::path::Path;

use anyhow::{Context as _, Result};
use tabuleiro_core::{Engine, Game, GameInfo, GameVisitor, OptionError, Options};

/// Reads `name=value` settings for one game.
pub struct ReadOptions<'a> {
    /// The game's facts.
    pub info: &'static GameInfo,
    /// The settings as given, in order (a later one wins).
    pub settings: &'a [String],
}

impl GameVisitor for ReadOptions<'_> {
    type Output = Result<Options>;
    fn visit<G: Engine>(self) -> Result<Options> {
        let mut pairs = Vec::with_capacity(self.settings.len());
        for s in self.settings {
            let (name, value) = s
                .split_once('=')
                .ok_or_else(|| OptionError::Syntax(s.clone()))?;
            let (name, value) = (name.trim(), value.trim());
            pairs.push((name, value, G::option_names_file(name, value)));
        }
        // The other options first: a file is checked against them (a grid against the size).
        let given = pairs.iter().filter(|p| !p.2).map(|&(n, v, _)| (n, v));
        let others = Options::new(self.info, given)?;
        let mut values = Vec::with_capacity(pairs.len());
        for &(name, value, in_file) in &pairs {
            values.push(if in_file {
                read_file::<G>(name, Path::new(value), &others)?
            } else {
                value.to_owned()
            });
        }
        let settings = pairs.iter().zip(&values).map(|(p, v)| (p.0, v.as_str()));
        Ok(Options::new(self.info, settings)?)
    }
}

/// The value of option `name` held in the file at `path`.
fn read_file<G: Game>(name: &str, path: &Path, others: &Options) -> Result<String> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("option `{name}`: cannot read {}", path.display()))?;
    G::option_from_file(name, &text, others)
        .map_err(|e| anyhow::anyhow!("option `{name}`: {}, {e}", path.display()))
}
