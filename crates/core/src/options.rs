//! Validated option settings for one game.

use std::collections::BTreeMap;
use std::fmt;

use crate::info::{GameInfo, OptionKind, OptionSpec};
use crate::player::Player;

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
    /// A value the game checks itself (a literal grid, a board size) is not one it can play;
    /// the reason names what is wrong with it.
    #[error("{reason}")]
    Invalid {
        /// The option's name.
        name: String,
        /// What is wrong with the value.
        reason: String,
    },
    /// The settings have no option of that name (they were made for another game).
    #[error("no option `{0}` in these settings")]
    Missing(String),
}

/// Who moves first, as a game's `first` option says: the option lists the seats in order,
/// then `random` (drawn by the game from its seed, each game in its own way).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum First {
    /// This seat.
    Seat(Player),
    /// A seat drawn from the game's seed.
    Random,
}

/// Every option of one game with a checked value (defaults filled in).
///
/// Built only by [`Options::new`], which checks each value against the game's
/// [`GameInfo::options`], so a game reading its options never meets an unknown name or a
/// value outside the declared set.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(transparent)]
pub struct Options {
    values: BTreeMap<String, String>,
    /// The game's declarations, for reading values as what they are.
    #[serde(skip)]
    specs: &'static [OptionSpec],
}

impl Options {
    /// The defaults of `info`, with each `(name, value)` of `given` applied in order.
    pub fn new<'a>(
        info: &'static GameInfo,
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
            let value = if matches!(spec.kind, OptionKind::Text) {
                value.to_owned()
            } else {
                value.to_ascii_lowercase()
            };
            map.insert(spec.name.to_owned(), value);
        }
        Ok(Options {
            values: map,
            specs: info.options,
        })
    }

    /// The defaults of `info`.
    pub fn defaults(info: &'static GameInfo) -> Self {
        Options {
            values: info
                .options
                .iter()
                .map(|o| (o.name.to_owned(), o.default.to_owned()))
                .collect(),
            specs: info.options,
        }
    }

    /// Parses `name=value` strings (as given on the command line) for `info`.
    pub fn parse(info: &'static GameInfo, settings: &[String]) -> Result<Self, OptionError> {
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
        self.values.get(name).map(String::as_str)
    }

    /// Every `(name, value)` pair, sorted by name.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.values.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// The value of option `name` as text (for options the game reads itself: a grid, a
    /// size).
    ///
    /// # Errors
    /// When the settings have no such option.
    pub fn text(&self, name: &str) -> Result<&str, OptionError> {
        self.get(name)
            .ok_or_else(|| OptionError::Missing(name.to_owned()))
    }

    /// The number option `name` holds: `None` when it holds one of its words (`none`,
    /// `unlimited`, `auto`).
    ///
    /// # Errors
    /// When the settings have no such option, or the number does not fit `T`.
    pub fn number<T: TryFrom<i64>>(&self, name: &str) -> Result<Option<T>, OptionError> {
        let value = self.text(name)?;
        let Ok(n) = value.parse::<i64>() else {
            return Ok(None);
        };
        T::try_from(n)
            .map(Some)
            .map_err(|_| self.bad(name, value, None))
    }

    /// The number option `name` holds, for an option that takes numbers only.
    ///
    /// # Errors
    /// When the settings have no such option, or its value is not a number that fits `T`.
    pub fn integer<T: TryFrom<i64>>(&self, name: &str) -> Result<T, OptionError> {
        let value = self.text(name)?;
        self.number(name)?
            .ok_or_else(|| self.bad(name, value, None))
    }

    /// The game's own value for the choice option `name`, from `table` (the option's words
    /// with what each stands for).
    ///
    /// # Errors
    /// When the settings have no such option, or `table` lacks its value.
    pub fn select<T: Copy>(&self, name: &str, table: &[(&str, T)]) -> Result<T, OptionError> {
        let value = self.text(name)?;
        table
            .iter()
            .find(|(word, _)| word.eq_ignore_ascii_case(value))
            .map(|(_, meaning)| *meaning)
            .ok_or_else(|| self.bad(name, value, None))
    }

    /// Who moves first, from the option `first` (its listed values are the seats in order,
    /// then `random`), in a game of `players` seats.
    ///
    /// # Errors
    /// When the settings have no `first`, or it names a seat beyond `players` (Q!nto's
    /// `first=4` with three players).
    pub fn first(&self, players: usize) -> Result<First, OptionError> {
        const NAME: &str = "first";
        let value = self.text(NAME)?;
        if value.eq_ignore_ascii_case("random") {
            return Ok(First::Random);
        }
        let seats = self.seat_names(NAME);
        match seats.iter().position(|s| s.eq_ignore_ascii_case(value)) {
            Some(seat) if seat < players => Ok(First::Seat(Player(seat as u8))),
            _ => Err(self.bad(NAME, value, Some(players))),
        }
    }

    /// The value of option `first` that names `seat` (`1`, `2`, … or the game's own names for
    /// its seats, such as Nudge's `white` and `black`); `None` without such an option.
    pub fn first_value(&self, seat: Player) -> Option<String> {
        self.seat_names("first").get(seat.index()).cloned()
    }

    /// The seat names option `name` lists: its choices but `random`, or the numbers of an
    /// integer option (seats counted from 1).
    fn seat_names(&self, name: &str) -> Vec<String> {
        match self.specs.iter().find(|s| s.name == name).map(|s| s.kind) {
            Some(OptionKind::Choice(values)) => values
                .iter()
                .filter(|v| !v.eq_ignore_ascii_case("random"))
                .map(|v| (*v).to_owned())
                .collect(),
            Some(OptionKind::Integer { min: 1, max, .. }) => {
                (1..=max).map(|n| n.to_string()).collect()
            }
            _ => Vec::new(),
        }
    }

    /// A bad value of option `name`, listing the values allowed (the first `seats` seat
    /// names and `random`, for `first`).
    fn bad(&self, name: &str, value: &str, seats: Option<usize>) -> OptionError {
        let allowed = match seats {
            Some(players) => {
                let mut names: Vec<String> =
                    self.seat_names(name).into_iter().take(players).collect();
                names.push("random".to_owned());
                names.join(" | ")
            }
            None => self
                .specs
                .iter()
                .find(|s| s.name == name)
                .map_or_else(String::new, OptionSpec::allowed),
        };
        OptionError::BadValue {
            name: name.to_owned(),
            value: value.to_owned(),
            allowed,
        }
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
                label: "First player",
                description: "",
                kind: OptionKind::Choice(&["1", "2", "random"]),
                default: "1",
            },
            OptionSpec {
                name: "max_turns",
                label: "Turn limit",
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
    fn values_read_as_what_they_are() {
        let o = Options::parse(&INFO, &["first=2".into(), "max_turns=7".into()]).unwrap();
        assert_eq!(o.first(2), Ok(First::Seat(Player(1))));
        assert_eq!(o.number::<u16>("max_turns"), Ok(Some(7)));
        let d = Options::defaults(&INFO);
        assert_eq!(d.first(2), Ok(First::Seat(Player(0))));
        assert_eq!(d.number::<u16>("max_turns"), Ok(None), "the word none");
        let r = Options::parse(&INFO, &["first=random".into()]).unwrap();
        assert_eq!(r.first(2), Ok(First::Random));
        let table = [("1", 'a'), ("2", 'b'), ("random", 'r')];
        assert_eq!(o.select("first", &table), Ok('b'));
        assert_eq!(o.text("max_turns"), Ok("7"));
        assert_eq!(
            o.text("colour"),
            Err(OptionError::Missing("colour".to_owned()))
        );
    }

    #[test]
    fn a_seat_beyond_the_players_is_a_bad_value_naming_the_seats_there_are() {
        let o = Options::parse(&INFO, &["first=2".into()]).unwrap();
        let e = o.first(1).unwrap_err();
        assert_eq!(
            e,
            OptionError::BadValue {
                name: "first".to_owned(),
                value: "2".to_owned(),
                allowed: "1 | random".to_owned(),
            }
        );
        // A number too large for the type asked for.
        let o = Options::parse(&INFO, &["max_turns=10".into()]).unwrap();
        assert!(matches!(o.number::<i8>("max_turns"), Ok(Some(10))));
        assert!(
            o.select("first", &[("2", 0)]).is_err(),
            "a table without the value"
        );
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
