//! The main menu: a form of game, number of players, mode, seat levels and the game's options,
//! all read from the games' [`GameInfo`], with Start, Puzzles, Rules, Load and Quit.

use ratatui::Frame;
use ratatui::crossterm::event::{KeyCode, KeyEvent};
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier, Style, Stylize};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Wrap};
use tabuleiro_ai::NamedLevel;
use tabuleiro_ai::engines::menu_levels;
use tabuleiro_core::{GameInfo, OptionKind, OptionSpec, Options, Player, Registry, Setup};
use tabuleiro_games::REGISTRY;

use super::prompt::{Prompt, PromptEvent};
use crate::names::{self, Mode};
use crate::play::{GameConfig, Seat};

/// The level a computer seat starts with: the ladder's `hard`.
const DEFAULT_LEVEL: &str = "hard";

/// How a ladder level is shown: its name and what it does.
fn level_label(level: &NamedLevel) -> String {
    format!("{}: {}", level.name, level.description)
}

/// One line of the form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    /// Which game.
    Game,
    /// How many players (games with a choice only).
    Players,
    /// Who plays.
    Mode,
    /// Which seat the human takes (Against the computer).
    HumanSeat,
    /// The level of a computer seat.
    Level(usize),
    /// A game option, by index in [`GameInfo::options`].
    Option(usize),
    /// Start the game.
    Start,
    /// Solve the game's puzzles.
    Puzzles,
    /// Read the rules.
    Rules,
    /// Load a saved game.
    Load,
    /// Leave.
    Quit,
}

/// What the menu asks of the app.
#[derive(Clone, Debug)]
pub enum MenuAction {
    /// Nothing more.
    None,
    /// Start this game.
    Start(Box<GameConfig>),
    /// Solve this game's puzzles.
    Puzzles(&'static GameInfo),
    /// Show this game's rules.
    Rules(&'static GameInfo),
    /// Load the game saved in this file.
    Load(String),
    /// Leave the program.
    Quit,
}

/// The menu's state.
#[derive(Clone, Debug)]
pub struct Menu {
    game: usize,
    players: usize,
    mode: Mode,
    human_seat: usize,
    /// Level text of each seat (used for computer seats).
    levels: Vec<&'static str>,
    /// Value of each option of the current game.
    options: Vec<String>,
    focus: usize,
    editing: Option<(Row, Prompt)>,
    /// A line for errors and news.
    pub message: String,
}

impl Default for Menu {
    fn default() -> Self {
        Menu::new()
    }
}

impl Menu {
    /// The menu on the first game, Against the computer, computers at `hard`.
    pub fn new() -> Self {
        let mut menu = Menu {
            game: 0,
            players: 2,
            mode: Mode::HumanVsComputer,
            human_seat: 0,
            levels: Vec::new(),
            options: Vec::new(),
            focus: 0,
            editing: None,
            message: String::new(),
        };
        menu.select_game(0);
        menu
    }

    /// The facts of the chosen game.
    pub fn info(&self) -> &'static GameInfo {
        REGISTRY.games()[self.game]
    }

    fn select_game(&mut self, index: usize) {
        self.game = index;
        let info = self.info();
        self.players = self.players.clamp(info.min_players, info.max_players);
        self.human_seat = self.human_seat.min(self.players - 1);
        self.options = info.options.iter().map(|o| o.default.to_owned()).collect();
        self.levels.resize(info.max_players, DEFAULT_LEVEL);
        let choices = self.level_choices();
        for level in &mut self.levels {
            if !choices.iter().any(|n| n.name == *level) {
                *level = DEFAULT_LEVEL;
            }
        }
    }

    /// The ladder's levels this game offers (`perfect` only where the game is solved), then
    /// the engines registered.
    fn level_choices(&self) -> Vec<&'static NamedLevel> {
        REGISTRY
            .engine(self.info().id)
            .map(menu_levels)
            .unwrap_or_default()
    }

    fn is_computer(&self, seat: usize) -> bool {
        match self.mode {
            Mode::HumanVsHuman => false,
            Mode::HumanVsComputer => seat != self.human_seat,
            Mode::ComputerVsComputer => true,
        }
    }

    /// The form's lines for the chosen game and mode.
    pub fn rows(&self) -> Vec<Row> {
        let info = self.info();
        let mut rows = vec![Row::Game];
        if info.min_players != info.max_players {
            rows.push(Row::Players);
        }
        rows.push(Row::Mode);
        if self.mode == Mode::HumanVsComputer {
            rows.push(Row::HumanSeat);
        }
        rows.extend(
            (0..self.players)
                .filter(|&s| self.is_computer(s))
                .map(Row::Level),
        );
        rows.extend((0..info.options.len()).map(Row::Option));
        rows.extend([Row::Start, Row::Puzzles, Row::Rules, Row::Load, Row::Quit]);
        rows
    }

    /// The line with the focus.
    pub fn focused(&self) -> Row {
        let rows = self.rows();
        rows[self.focus.min(rows.len() - 1)]
    }

    /// Moves the focus to `row`, if the form has it.
    #[cfg(test)]
    pub fn focus_on(&mut self, row: Row) {
        if let Some(i) = self.rows().iter().position(|&r| r == row) {
            self.focus = i;
        }
    }

    /// The label and value shown for `row`.
    pub fn describe(&self, row: Row) -> (String, String) {
        let info = self.info();
        match row {
            Row::Game => ("Game".into(), info.name.into()),
            Row::Players => ("Players".into(), self.players.to_string()),
            Row::Mode => ("Mode".into(), self.mode.label().into()),
            Row::HumanSeat => (
                "You play".into(),
                names::seat(Player(self.human_seat as u8)),
            ),
            Row::Level(seat) => {
                let level = self.levels[seat];
                let label = self
                    .level_choices()
                    .into_iter()
                    .find(|n| n.name == level)
                    .map_or(level.to_owned(), level_label);
                (format!("{} is", names::seat(Player(seat as u8))), label)
            }
            Row::Option(i) => (info.options[i].label.to_owned(), self.options[i].clone()),
            Row::Start => ("▶ Start".into(), String::new()),
            Row::Puzzles => ("Puzzles".into(), String::new()),
            Row::Rules => ("Rules".into(), String::new()),
            Row::Load => ("Load a saved game".into(), String::new()),
            Row::Quit => ("Quit".into(), String::new()),
        }
    }

    /// Applies one key.
    pub fn handle_key(&mut self, key: KeyEvent) -> MenuAction {
        if let Some((row, prompt)) = self.editing.as_mut() {
            let row = *row;
            match prompt.handle_key(key) {
                PromptEvent::Editing => {}
                PromptEvent::Cancelled => self.editing = None,
                PromptEvent::Done(text) => {
                    self.editing = None;
                    return self.finish_edit(row, text);
                }
            }
            return MenuAction::None;
        }
        let rows = self.rows();
        self.message.clear();
        match key.code {
            KeyCode::Up | KeyCode::Char('k') => {
                self.focus = (self.focus + rows.len() - 1) % rows.len();
            }
            KeyCode::Down | KeyCode::Char('j') | KeyCode::Tab => {
                self.focus = (self.focus + 1) % rows.len();
            }
            KeyCode::Left | KeyCode::Char('h') => self.change(false),
            KeyCode::Right | KeyCode::Char('l') => self.change(true),
            KeyCode::Char('q') | KeyCode::Esc => return MenuAction::Quit,
            KeyCode::Char('r' | '?') => return MenuAction::Rules(self.info()),
            KeyCode::Char('p') => return MenuAction::Puzzles(self.info()),
            KeyCode::Char('o') => self.edit(Row::Load),
            KeyCode::Char('s') => return self.start(),
            KeyCode::Enter | KeyCode::Char(' ') => return self.activate(),
            _ => {}
        }
        MenuAction::None
    }

    fn activate(&mut self) -> MenuAction {
        let row = self.focused();
        match row {
            Row::Rules => MenuAction::Rules(self.info()),
            Row::Puzzles => MenuAction::Puzzles(self.info()),
            Row::Load => {
                self.edit(Row::Load);
                MenuAction::None
            }
            Row::Quit => MenuAction::Quit,
            Row::Option(i) if !matches!(self.info().options[i].kind, OptionKind::Choice(_)) => {
                self.edit(row);
                MenuAction::None
            }
            _ => self.start(),
        }
    }

    fn edit(&mut self, row: Row) {
        let (label, value) = match row {
            Row::Option(i) => (
                format!(
                    "{} ({}):",
                    self.info().options[i].name,
                    self.info().options[i].allowed()
                ),
                self.options[i].clone(),
            ),
            _ => ("Load file:".to_owned(), String::new()),
        };
        self.editing = Some((row, Prompt::new(label, value)));
    }

    fn finish_edit(&mut self, row: Row, text: String) -> MenuAction {
        match row {
            Row::Option(i) => {
                let spec = &self.info().options[i];
                if spec.accepts(&text) {
                    self.options[i] = text;
                } else {
                    self.message = format!(
                        "`{text}` is not allowed for {}: {}",
                        spec.name,
                        spec.allowed()
                    );
                }
                MenuAction::None
            }
            _ if text.is_empty() => MenuAction::None,
            _ => MenuAction::Load(text),
        }
    }

    /// Changes the value of the focused line.
    fn change(&mut self, forward: bool) {
        let step = |i: usize, n: usize| {
            if forward {
                (i + 1) % n
            } else {
                (i + n - 1) % n
            }
        };
        match self.focused() {
            Row::Game => {
                let n = REGISTRY.games().len();
                self.select_game(step(self.game, n));
            }
            Row::Players => {
                let info = self.info();
                let count = info.max_players - info.min_players + 1;
                self.players = info.min_players + step(self.players - info.min_players, count);
                self.human_seat = self.human_seat.min(self.players - 1);
            }
            Row::Mode => {
                let i = Mode::ALL.iter().position(|&m| m == self.mode).unwrap_or(0);
                self.mode = Mode::ALL[step(i, Mode::ALL.len())];
            }
            Row::HumanSeat => self.human_seat = step(self.human_seat, self.players),
            Row::Level(seat) => {
                let choices = self.level_choices();
                let i = choices
                    .iter()
                    .position(|n| n.name == self.levels[seat])
                    .unwrap_or(0);
                self.levels[seat] = choices[step(i, choices.len())].name;
            }
            Row::Option(i) => {
                let spec = &self.info().options[i];
                if let Some(value) = step_option(spec, &self.options[i], forward) {
                    self.options[i] = value;
                } else {
                    self.message = format!("Press Enter to type a value for {}.", spec.name);
                }
            }
            Row::Start | Row::Puzzles | Row::Rules | Row::Load | Row::Quit => {}
        }
        let rows = self.rows().len();
        self.focus = self.focus.min(rows - 1);
    }

    /// The game as set up in the form.
    fn start(&mut self) -> MenuAction {
        match self.config() {
            Ok(config) => MenuAction::Start(Box::new(config)),
            Err(e) => {
                self.message = e;
                MenuAction::None
            }
        }
    }

    /// The configuration of the game set up in the form.
    ///
    /// # Errors
    /// A message when an option or level does not suit the game.
    pub fn config(&self) -> Result<GameConfig, String> {
        let info = self.info();
        let options = Options::new(
            info,
            info.options
                .iter()
                .zip(&self.options)
                .map(|(spec, value)| (spec.name, value.as_str())),
        )
        .map_err(|e| e.to_string())?;
        let mut seats = Vec::with_capacity(self.players);
        for seat in 0..self.players {
            seats.push(if self.is_computer(seat) {
                self.levels[seat]
                    .parse::<Seat>()
                    .map_err(|e| e.to_string())?
            } else {
                Seat::Human
            });
        }
        Ok(GameConfig {
            setup: Setup {
                players: self.players,
                options,
                seed: tabuleiro_core::fresh_seed().map_err(|e| e.to_string())?,
            },
            seats,
            save: None,
        })
    }

    /// Draws the menu.
    pub fn render(&self, frame: &mut Frame<'_>, area: Rect) {
        let info = self.info();
        let width = area.width.min(78);
        let area = Rect {
            x: area.x + (area.width - width) / 2,
            width,
            ..area
        };
        let rows = self.rows();
        let [title, form, about, footer] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Length(rows.len() as u16 + 2),
            Constraint::Min(0),
            Constraint::Length(1),
        ])
        .areas(area);
        frame.render_widget(
            Line::from(vec![
                Span::styled(
                    " tabuleiro ",
                    Style::default().add_modifier(Modifier::REVERSED),
                ),
                Span::raw(" abstract strategy games"),
            ])
            .bold(),
            title,
        );
        let focused = self.focus.min(rows.len() - 1);
        let lines: Vec<Line<'static>> = rows
            .iter()
            .enumerate()
            .map(|(i, &row)| {
                let (label, value) = self.describe(row);
                let value = if value.is_empty() {
                    String::new()
                } else {
                    format!("◀ {value} ▶")
                };
                let line = Line::from(vec![
                    Span::raw(if i == focused { "› " } else { "  " }),
                    Span::raw(format!("{label:<18}")),
                    Span::styled(value, Style::default().fg(Color::Cyan)),
                ]);
                if i == focused {
                    line.add_modifier(Modifier::REVERSED | Modifier::BOLD)
                } else {
                    line
                }
            })
            .collect();
        frame.render_widget(
            Paragraph::new(lines).block(Block::bordered().title(" New game ")),
            form,
        );
        let mut text = vec![Line::from(info.summary.to_owned())];
        if self.focused() == Row::Puzzles {
            text.push(
                Line::from(format!(
                    "Puzzles of {}: find the only turn that wins or holds the draw, the easiest first.",
                    info.name
                ))
                .dark_gray(),
            );
        }
        if let Row::Option(i) = self.focused() {
            let spec = &info.options[i];
            text.push(
                Line::from(format!(
                    "{}: {} ({})",
                    spec.name,
                    spec.description,
                    spec.allowed()
                ))
                .dark_gray(),
            );
        }
        if let Some((_, prompt)) = &self.editing {
            text.push(Line::from(prompt.display()).bold());
        } else if !self.message.is_empty() {
            text.push(Line::from(self.message.clone()).light_red());
        }
        frame.render_widget(Paragraph::new(text).wrap(Wrap { trim: true }), about);
        frame.render_widget(
            Line::from("↑↓ choose · ←→ change · ⏎ start · p puzzles · r rules · o load · q quit")
                .dark_gray(),
            footer,
        );
    }
}

/// The next (or previous) value of an option that can be stepped through; `None` for free
/// text.
fn step_option(spec: &OptionSpec, current: &str, forward: bool) -> Option<String> {
    match spec.kind {
        OptionKind::Choice(values) => {
            let n = values.len();
            let i = values
                .iter()
                .position(|v| v.eq_ignore_ascii_case(current))
                .unwrap_or(0);
            let next = if forward {
                (i + 1) % n
            } else {
                (i + n - 1) % n
            };
            Some(values[next].to_owned())
        }
        OptionKind::Integer { min, max, words } => {
            let word = words.iter().position(|w| w.eq_ignore_ascii_case(current));
            let number = current.parse::<i64>().ok();
            let first = || {
                words
                    .first()
                    .map_or_else(|| min.to_string(), |w| (*w).to_owned())
            };
            let last = || max.to_string();
            Some(match (word, number, forward) {
                (Some(i), _, true) => words
                    .get(i + 1)
                    .map_or_else(|| min.to_string(), |w| (*w).to_owned()),
                (Some(0), _, false) => last(),
                (Some(i), _, false) => words[i - 1].to_owned(),
                (None, Some(n), true) if n < max => (n + 1).to_string(),
                (None, Some(n), false) if n > min => (n - 1).to_string(),
                (None, Some(_), false) => words.last().map_or_else(last, |w| (*w).to_owned()),
                _ => first(),
            })
        }
        OptionKind::Text => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ratatui::crossterm::event::KeyModifiers;

    fn press(menu: &mut Menu, code: KeyCode) -> MenuAction {
        menu.handle_key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    #[test]
    fn the_form_follows_the_game_and_mode() {
        let mut menu = Menu::new();
        assert_eq!(menu.info().id, "quantik");
        assert_eq!(
            menu.rows(),
            vec![
                Row::Game,
                Row::Mode,
                Row::HumanSeat,
                Row::Level(1),
                Row::Option(0),
                Row::Start,
                Row::Puzzles,
                Row::Rules,
                Row::Load,
                Row::Quit
            ]
        );
        press(&mut menu, KeyCode::Down);
        press(&mut menu, KeyCode::Right);
        assert_eq!(menu.describe(Row::Mode).1, "Computer against computer");
        assert!(menu.rows().contains(&Row::Level(0)));
        menu.focus_on(Row::Game);
        press(&mut menu, KeyCode::Right);
        assert_eq!(menu.info().id, "nudge");
        assert_eq!(
            menu.rows()
                .iter()
                .filter(|r| matches!(r, Row::Option(_)))
                .count(),
            3
        );
    }

    #[test]
    fn levels_and_options_are_stepped_and_checked() {
        let mut menu = Menu::new();
        menu.focus_on(Row::Level(1));
        press(&mut menu, KeyCode::Left);
        press(&mut menu, KeyCode::Left);
        press(&mut menu, KeyCode::Left);
        assert_eq!(
            menu.describe(Row::Level(1)).1,
            "random: plays any legal move"
        );
        menu.focus_on(Row::Option(0));
        press(&mut menu, KeyCode::Right);
        assert_eq!(menu.describe(Row::Option(0)).1, "2");
        let MenuAction::Start(config) = press(&mut menu, KeyCode::Enter) else {
            panic!("Enter on a choice starts the game");
        };
        assert_eq!(
            config.seats,
            vec![Seat::Human, Seat::Computer(tabuleiro_ai::Level::Random)]
        );
        assert_eq!(config.setup.options.get("first"), Some("2"));
    }

    #[test]
    fn a_bad_typed_option_is_refused_with_the_allowed_values() {
        let mut menu = Menu::new();
        while menu.info().id != "pushee" {
            menu.select_game(menu.game + 1);
        }
        menu.focus_on(Row::Option(2));
        assert_eq!(menu.describe(Row::Option(2)).0, "Pieces");
        press(&mut menu, KeyCode::Enter);
        press(&mut menu, KeyCode::Backspace);
        press(&mut menu, KeyCode::Backspace);
        for c in "99".chars() {
            press(&mut menu, KeyCode::Char(c));
        }
        press(&mut menu, KeyCode::Enter);
        assert!(menu.message.contains("1..72"), "{}", menu.message);
        assert_eq!(menu.describe(Row::Option(2)).1, "15");
    }

    #[test]
    fn integer_options_step_through_words_and_numbers() {
        let spec = OptionSpec {
            name: "max_turns",
            label: "Turn limit",
            description: "",
            kind: OptionKind::Integer {
                min: 1,
                max: 3,
                words: &["none"],
            },
            default: "none",
        };
        assert_eq!(step_option(&spec, "none", true).as_deref(), Some("1"));
        assert_eq!(step_option(&spec, "3", true).as_deref(), Some("none"));
        assert_eq!(step_option(&spec, "none", false).as_deref(), Some("3"));
        assert_eq!(step_option(&spec, "1", false).as_deref(), Some("none"));
    }
}
