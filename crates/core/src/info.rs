//! Static facts about a game, as data that front ends and computer players read.

/// The values an option may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    /// One of a fixed list of words or numbers, e.g. `first`: `1`, `2`, `random`.
    Choice(&'static [&'static str]),
    /// A whole number in `min..=max`, optionally also a listed word such as `none`.
    Integer {
        /// Smallest allowed value.
        min: i64,
        /// Largest allowed value.
        max: i64,
        /// Words accepted besides numbers (for example `none` or `unlimited`).
        words: &'static [&'static str],
    },
    /// Free text checked by the game itself (for example a literal board grid).
    Text,
}

/// One setting of a game: its name, what it may be, and its default.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The key used on the command line (`-o name=value`) and in records.
    pub name: &'static str,
    /// Its name for people, in menus and forms ("Turn limit" for `max_turns`).
    pub label: &'static str,
    /// One line for menus and `tabuleiro list`.
    pub description: &'static str,
    /// The allowed values.
    pub kind: OptionKind,
    /// The value used when none is given.
    pub default: &'static str,
}

impl OptionSpec {
    /// Whether `value` is allowed for this option (case-insensitive for words).
    pub fn accepts(&self, value: &str) -> bool {
        match self.kind {
            OptionKind::Choice(values) => values.iter().any(|v| v.eq_ignore_ascii_case(value)),
            OptionKind::Integer { min, max, words } => {
                words.iter().any(|w| w.eq_ignore_ascii_case(value))
                    || value.parse::<i64>().is_ok_and(|n| (min..=max).contains(&n))
            }
            OptionKind::Text => !value.is_empty(),
        }
    }

    /// A short human description of the allowed values, e.g. `1 | 2 | random`.
    pub fn allowed(&self) -> String {
        match self.kind {
            OptionKind::Choice(values) => values.join(" | "),
            OptionKind::Integer { min, max, words } => {
                let mut s = format!("{min}..{max}");
                for w in words {
                    s.push_str(" | ");
                    s.push_str(w);
                }
                s
            }
            OptionKind::Text => "text".to_owned(),
        }
    }
}

/// How the two games of a pair (one seed, played twice with the seats swapped: matches with
/// `--paired`, and tournaments) count in results.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PairScoring {
    /// Each game counts on its own: a win, a draw or a loss.
    EachGame,
    /// The pair counts as one result, decided by each side's sum of its two scores
    /// ([`crate::Outcome::scores`]): the larger sum wins the pair, equal sums draw it. For
    /// two-player games that keep score and whose rules play tournaments this way (Taiji).
    SummedScores,
}

/// Everything a front end or computer player needs to know about a game without playing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameInfo {
    /// Stable identifier used on the command line and in records (`quantik`).
    pub id: &'static str,
    /// Name shown to people (`Quantik`).
    pub name: &'static str,
    /// One-line summary for menus.
    pub summary: &'static str,
    /// Fewest players the game allows.
    pub min_players: usize,
    /// Most players the game allows.
    pub max_players: usize,
    /// Whether the game uses chance (always through the game's seed).
    pub chance: bool,
    /// Whether some of the state is hidden from some players.
    pub hidden_information: bool,
    /// Whether the game has scores besides win / loss / draw.
    pub scores: bool,
    /// What a move looks like, for help and error messages (`Ca1: shape letter and cell`).
    pub move_syntax: &'static str,
    /// An upper bound on the number of moves in one game, if the rules impose one.
    pub max_moves: Option<usize>,
    /// The game's settings.
    pub options: &'static [OptionSpec],
    /// The rules for people, in plain text.
    pub rules: &'static str,
}

impl GameInfo {
    /// Whether front ends may show the game's seed, given whether the game is `over`: always
    /// when nothing is hidden; for a game of hidden information only once it is over, since
    /// its seed decides everything hidden (the whole deal of Q!nto), and a player who read it
    /// could rebuild every tile their seat may not know by setting up a game with it.
    pub fn shows_seed(&self, over: bool) -> bool {
        !self.hidden_information || over
    }

    /// The option called `name`, if the game has one.
    pub fn option(&self, name: &str) -> Option<&'static OptionSpec> {
        self.options
            .iter()
            .find(|o| o.name.eq_ignore_ascii_case(name))
    }
}
