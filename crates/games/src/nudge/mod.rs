//! Nudge (Nudge Games, 2019), exactly as `shared/rules/nudge.md` says.
//!
//! - 5×5 board, squares `a1`..`e5` (columns `a`–`e` left to right, rows `1`–`5` top to
//!   bottom). White ([`WHITE`], `Player(0)`) and Black ([`BLACK`], `Player(1)`) have three discs
//!   each, set out in one of four official layouts (option `start`, see [`LAYOUTS`]).
//! - A turn is **two moves** by the same player, both compulsory. In the core abstraction these
//!   are two consecutive moves with the same [`Game::to_move`];
//!   [`Game::move_in_turn`] says `(1, 2)` then `(2, 2)`.
//! - A move names a disc (the *tail*) and a direction. The *line* is the tail and the own
//!   discs straight ahead of it; it moves one square forward into an empty square, never off
//!   the board, and it *nudges* an opponent run ahead of it only when the line is strictly
//!   longer than the run and the square past the run is empty or off the board.
//! - Pushing an opponent disc off the board wins at once, on either move of the turn.
//!
//! Decisions where the rules leave room, all tested in `tests/nudge_rules.rs`:
//!
//! - **No return.** The second move of a turn may not put the board back exactly as it was at
//!   the start of the turn. Only the first move played backwards can do that (a nudge cannot
//!   be undone in one move), so the state keeps that one forbidden move. A first move is never
//!   refused for what it leaves: if afterwards the only move left would be the forbidden one,
//!   the player has no legal move and **loses**, as the rule "a player who must move and has
//!   no legal move loses" says.
//! - **No legal move** at the start of a turn also loses. With three discs a side (every
//!   unfinished game) neither case can happen: the tests check that every placement of the
//!   discs leaves the player to move at least two moves, of which the no-return rule forbids
//!   at most one. Both arise only in positions with fewer discs built by
//!   [`Nudge::from_diagram`] for analysis.
//! - **Repetition** (a project addition): the third time the same discs with the same player
//!   to move are seen at the start of a turn, the game is a draw. The state counts every
//!   start-of-turn position in a small hash table for this, so it is not `Copy`.
//! - **Turn limit**: option `max_turns` (default `none`) counts the turns of both players;
//!   when that many turns have been played without a winner, the game is a draw. A disc
//!   pushed off on the last turn still wins.
//! - **Who starts**: option `first` is `white` (default), `black`, or `random`, which is
//!   decided once from the game's seed so that a record replays the same way. The game itself
//!   has no chance events, so [`INFO`] says `chance: false` (as Quantik does for its random
//!   first player). Seats never change: White is always `Player(0)`.
//!
//! Notation: the tail square and a direction letter `u`, `d`, `l`, `r`, e.g. `c2d` (case and
//! spaces do not matter: `C2 D` reads the same). A turn is two such moves, entered one at a
//! time. Moves are written in lower case.
//!
//! Representation: one 25-bit mask per colour. The legal moves of all discs in one direction
//! are found at once with shifts and masks; listing moves writes into a caller's vector, and
//! [`Game::random_move`] counts the legal moves per direction and picks one without listing
//! any. [`Nudge::from_diagram`] and [`Nudge::from_discs`] build positions for tests and
//! analysis.
//!
//! Solved: [`solve`] labels every position with three discs a side as won, lost or drawn
//! with perfect play (by retrograde analysis over whole turns) and offers the table to the
//! `perfect` level and analysis through [`Engine::oracle`]. All four layouts are draws, whoever
//! moves first.
//!
//! Random games are long: about 325 moves on average from layout 1 (most end with a disc
//! pushed off; few by repetition). [`Game::position_key`] is exact on everything that decides
//! the legal moves.
//!
//! [`Engine::oracle`]: tabuleiro_core::Engine::oracle

pub mod actions;
mod board;
mod diagram;
mod engine;
mod motifs;
mod picture;
mod push;
mod render;
mod seen;
pub mod solve;
mod state;

use crate::cell_name::parse_on_board;
use tabuleiro_core::{
    First, Game, GameInfo, GameRng, IllegalMove, MoveError, OptionKind, OptionSpec, Outcome,
    Perspective, Player, Setup, SetupError, SyntaxError,
};

pub use board::{Direction, EDGE, FULL, Mask, NudgeMove, SQUARES, parse_square, square_name};
pub use diagram::DiagramError;
pub use state::{BLACK, DISCS, Ending, LAYOUTS, Nudge, WHITE, colour_name};

/// Static facts about Nudge.
pub static INFO: GameInfo = GameInfo {
    id: "nudge",
    name: "Nudge",
    summary: "Move lines of discs on a 5x5 board, two moves a turn; push an opponent disc off to win.",
    min_players: 2,
    max_players: 2,
    chance: false,
    hidden_information: false,
    scores: false,
    move_syntax: "tail square and direction u/d/l/r, e.g. c2d; a turn is two moves, one at a time",
    max_moves: None,
    options: &[
        OptionSpec {
            name: "start",
            label: "Starting position",
            description: "starting layout 1-4 (1: b2 c2 d2 against b4 c4 d4)",
            kind: OptionKind::Choice(&["1", "2", "3", "4"]),
            default: "1",
        },
        OptionSpec {
            name: "first",
            label: "First player",
            description: "who moves first: white, black, or random (from the game's seed)",
            kind: OptionKind::Choice(&["white", "black", "random"]),
            default: "white",
        },
        OptionSpec {
            name: "max_turns",
            label: "Turn limit",
            description: "turns (of both players) after which the game is a draw, or none",
            kind: OptionKind::Integer {
                min: 1,
                max: 1_000_000,
                words: &["none"],
            },
            default: "none",
        },
    ],
    rules: include_str!("rules.txt"),
};

impl Game for Nudge {
    type Move = NudgeMove;
    type View = Nudge;
    const INFO: &'static GameInfo = &INFO;

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        SetupError::check_players(&INFO, setup.players)?;
        let options = &setup.options;
        let layout = options.select("start", &[("1", 1), ("2", 2), ("3", 3), ("4", 4)])?;
        // The seats are listed white, black: `first=white` is seat 1.
        let first = match options.first(setup.players)? {
            First::Seat(seat) => seat,
            First::Random => {
                use tabuleiro_core::rng::RngExt;
                Player(tabuleiro_core::rng_from_seed(setup.seed).random_range(0..2))
            }
        };
        let max_turns = options.number::<u32>("max_turns")?;
        Ok(Nudge::start(layout, first, max_turns))
    }

    fn players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Option<Player> {
        self.ending.is_none().then_some(Player(self.to_move))
    }

    fn outcome(&self) -> Option<Outcome> {
        Nudge::outcome(self)
    }

    fn move_in_turn(&self) -> (usize, usize) {
        (self.move_number(), 2)
    }

    fn legal_moves(&self, moves: &mut Vec<NudgeMove>) {
        moves.clear();
        self.push_moves(moves);
    }

    fn check_move(&self, mv: NudgeMove) -> Result<(), IllegalMove> {
        self.check(mv)
    }

    #[inline]
    fn play_unchecked(&mut self, mv: NudgeMove) {
        self.apply(mv);
    }

    fn format_move(&self, mv: NudgeMove) -> String {
        mv.to_string()
    }

    fn parse_notation(&self, text: &str) -> Result<NudgeMove, SyntaxError> {
        let error = |reason: &str| SyntaxError {
            text: text.trim().to_owned(),
            reason: reason.to_owned(),
        };
        let compact: String = text
            .chars()
            .filter(|c| !c.is_whitespace() && *c != ',')
            .collect();
        let chars: Vec<char> = compact.chars().collect();
        match chars.as_slice() {
            [] => Err(error("empty move; give a square and a direction, e.g. c2d")),
            [column, row, letter] => {
                let square = parse_square(&format!("{column}{row}")).ok_or_else(|| {
                    error("a move starts with a square a1..e5 (column a-e, row 1-5), e.g. c2d")
                })?;
                let direction = Direction::from_letter(*letter).ok_or_else(|| {
                    error("after the square comes a direction: u up, d down, l left, r right")
                })?;
                Ok(NudgeMove::new(square, direction))
            }
            _ if chars.len().is_multiple_of(3) && chars.len() <= 9 => Err(error(
                "one move at a time: a turn is two moves, each a square and a direction, e.g. c2d",
            )),
            _ => Err(error(
                "a move is a square a1..e5 and a direction u/d/l/r, e.g. c2d",
            )),
        }
    }

    /// As every game reads moves, but a square named beyond the board (`f2r`, `a6u`) is an
    /// illegal move naming the board rather than bad syntax (module `cell_name`).
    fn parse_move(&self, text: &str) -> Result<NudgeMove, MoveError> {
        // A square, then one direction letter.
        parse_on_board(self, text, 5, 5, |text| {
            let mut compact: String = text
                .chars()
                .filter(|c| !c.is_whitespace() && *c != ',')
                .collect();
            let last = compact.pop()?;
            Direction::from_letter(last).map(|_| compact)
        })
    }

    fn render(&self, _perspective: Perspective) -> String {
        render::board(self)
    }

    fn picture(&self, _perspective: Perspective) -> tabuleiro_core::Picture {
        picture::picture(self)
    }

    fn gesture(&self, mv: NudgeMove) -> tabuleiro_core::Gesture {
        picture::gesture(mv)
    }

    fn view(&self, _player: Player) -> Nudge {
        self.clone()
    }

    fn sample_from_view(view: &Nudge, _rng: &mut GameRng) -> Self {
        view.clone()
    }

    /// Exact on everything that decides the legal moves (discs, player to move, move of the
    /// turn, the move the no-return rule forbids, whether the game is over), mixed by a
    /// bijection so that the low bits vary. The repetition counts are left out.
    fn position_key(&self) -> u64 {
        let mut z = self.key_code();
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    #[inline]
    fn random_move(&self, rng: &mut GameRng) -> Option<NudgeMove> {
        self.random_move_with(|n| tabuleiro_core::rng::below(rng, n))
    }
}
