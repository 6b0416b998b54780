//! Validated option settings for one game.

use std::collections::BTreeMap;
use std::fmt;

use crate::info::GameInfo;

/// A bad option setting, with what was wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// `name=value` was not of that shape.
    #[error("option `{0}` is not of the form name=value")]
    Syntax(String),
    /// The game has no such option.
    #[error("{game} has no option `{name}` (options: {known})")]
    Unknown {
        /// The game's id.
        game: &'static str,
        /// The name given.
        name: String,
        /// The names the game has.
        known: String,
    },
    /// The value is not allowed for that option.
    #[error("bad value `{value}` for option `{name}` (allowed: {allowed})")]
    BadValue {
        /// The option's name.
        name: String,
        /// The value given.
        value: String,
        /// The allowed values.
        allowed: String,
    },
}

/// Every option of one game with a checked value (defaults filled in).
///
/// Built only by [`Options::new`], which checks each value against the game's
/// [`GameInfo::options`], so a game reading its options never meets an unknown name or a
/// value outside the declared set.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(transparent)]
pub struct Options(BTreeMap<String, String>);

impl Options {
    /// The defaults of `info`, with each `(name, value)` of `given` applied in order.
    pub fn new<'a>(
        info: &GameInfo,
        given: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Self, OptionError> {
        let mut map: BTreeMap<String, String> = info
            .options
            .iter()
            .map(|o| (o.name.to_owned(), o.default.to_owned()))
            .collect();
        for (name, value) in given {
            let name = name.trim();
            let value = value.trim();
            let spec = info.option(name).ok_or_else(|| OptionError::Unknown {
                game: info.id,
                name: name.to_owned(),
                known: if info.options.is_empty() {
                    "none".to_owned()
                } else {
                    info.options
                        .iter()
                        .map(|o| o.name)
                        .collect::<Vec<_>>()
                        .join(", ")
                },
            })?;
            if !spec.accepts(value) {
                return Err(OptionError::BadValue {
                    name: spec.name.to_owned(),
                    value: value.to_owned(),
                    allowed: spec.allowed(),
                });
            }
            let value = if matches!(spec.kind, crate::info::OptionKind::Text) {
                value.to_owned()
            } else {
                value.to_ascii_lowercase()
            };
            map.insert(spec.name.to_owned(), value);
        }
        Ok(Options(map))
    }

    /// The defaults of `info`.
    pub fn defaults(info: &GameInfo) -> Self {
        Options(
            info.options
                .iter()
                .map(|o| (o.name.to_owned(), o.default.to_owned()))
                .collect(),
        )
    }

    /// Parses `name=value` strings (as given on the command line) for `info`.
    pub fn parse(info: &GameInfo, settings: &[String]) -> Result<Self, OptionError> {
        let mut pairs = Vec::with_capacity(settings.len());
        for s in settings {
            let (name, value) = s
                .split_once('=')
                .ok_or_else(|| OptionError::Syntax(s.clone()))?;
            pairs.push((name, value));
        }
        Options::new(info, pairs)
    }

    /// The value of option `name`, if the game has it.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    /// Every `(name, value)` pair, sorted by name.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }
}

impl fmt::Display for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let parts: Vec<String> = self.iter().map(|(k, v)| format!("{k}={v}")).collect();
        f.write_str(&parts.join(" "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::info::{OptionKind, OptionSpec};

    const INFO: GameInfo = GameInfo {
        id: "demo",
        name: "Demo",
        summary: "",
        min_players: 2,
        max_players: 2,
        chance: false,
        hidden_information: false,
        scores: false,
        move_syntax: "",
        max_moves: None,
        options: &[
            OptionSpec {
                name: "first",
                description: "",
                kind: OptionKind::Choice(&["1", "2", "random"]),
                default: "1",
            },
            OptionSpec {
                name: "max_turns",
                description: "",
                kind: OptionKind::Integer {
                    min: 1,
                    max: 10,
                    words: &["none"],
                },
                default: "none",
            },
        ],
        rules: "",
    };

    #[test]
    fn defaults_and_overrides() {
        let o = Options::parse(&INFO, &["first=RANDOM".into(), "max_turns=7".into()]).unwrap();
        assert_eq!(o.get("first"), Some("random"));
        assert_eq!(o.get("max_turns"), Some("7"));
        assert_eq!(Options::defaults(&INFO).get("max_turns"), Some("none"));
    }

    #[test]
    fn errors_name_the_problem() {
        let e = Options::parse(&INFO, &["first=3".into()]).unwrap_err();
        assert!(e.to_string().contains("1 | 2 | random"), "{e}");
        let e = Options::parse(&INFO, &["colour=red".into()]).unwrap_err();
        assert!(matches!(e, OptionError::Unknown { .. }), "{e}");
        let e = Options::parse(&INFO, &["first".into()]).unwrap_err();
        assert!(matches!(e, OptionError::Syntax(_)));
        let e = Options::parse(&INFO, &["max_turns=11".into()]).unwrap_err();
        assert!(e.to_string().contains("1..10 | none"), "{e}");
    }
}
