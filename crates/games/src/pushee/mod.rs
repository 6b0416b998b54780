//! Pushee Pieces (Eric Daryl Stevenson, 2014), exactly as `shared/rules/pushee.md` says.
//!
//! - A board of `size` columns × rows (option, `4x4`..`12x12`, rectangles such as `5x7`
//!   allowed, default `6x6`); cells `a1`.. (columns `a`.. left to right, rows `1`.. from the
//!   top). Every cell has a value 0-9: option `values` is `random` (default: drawn from the
//!   game's seed) or a literal grid, rows of digits separated by `/` (`123/456/...`) whose
//!   shape must match `size`. A game's record holds the grid itself, drawn or given, and
//!   the first player ([`Game::settled_options`]), so it replays on the same board whatever
//!   the generator, and the board can be shared. Any other value names a file of one row of digits per line
//!   ([`Game::option_names_file`]), which the command line reads ([`Game::option_from_file`]
//!   checks it against `size` and names the bad line); the rules never open files.
//! - Each player has `pieces` pieces in hand (option, 1..72, default 15). Player 1
//!   (`Player(0)`, drawn `A`) moves first unless option `first` is `2` or `random` (decided
//!   from the seed).
//! - A move places one piece of the player to move, horizontal (`h`) or vertical (`v`), on an
//!   empty cell. There is no pass.
//! - **Placement push**: the placed piece pushes at both ends along its axis; a push moves the
//!   adjacent piece and the whole contiguous run behind it (either owner) one cell.
//! - **Walls** (option `walls`, default `on`): a run that would cross the edge is not pushed;
//!   with `off` it is pushed and its outermost piece leaves the board (removed for good; it
//!   does not return to its owner's hand).
//! - **Chains** (option `chains`, default 3, `0`..`144` or `unlimited`): the pieces moved in
//!   one tier push in the next tier by their own orientation from their new cells, like a
//!   placement push. `chains` counts the tiers after the placement push. A piece pushed off
//!   the board does not push.
//! - **Each piece moves at most once per turn**; the placed piece counts as moved. A run that
//!   contains a moved piece (including its outermost piece when walls are off) is not pushed
//!   at all. Consequently a pusher is never moved within its own tier, and `unlimited` always
//!   ends (every tier moves fresh pieces).
//! - **Order**: tiers one after another; within a tier the pushers act in reading order of
//!   their cells at the start of the tier (top row first, left to right), each pushing left
//!   (or up) before right (or down). Every push sees the board as the earlier ones left it.
//! - **End**: when the player to move has no piece left (with equal hands that is when both
//!   have placed all their pieces) or no cell is empty. Scores are the sums of the values
//!   under each player's pieces; the higher wins, equal scores draw. The outcome carries both
//!   scores (player 1 first) and [`Game::scores`] gives them during play.
//!
//! Notation: orientation letter then cell, `hc4`; `h c4` and any case are read too. Any
//! column `a`-`z` and row `1`-`99` parse, so `hm3` on 6×6 is an illegal move ("m3 is off the
//! 6x6 board"); an orientation other than `h`/`v` is bad syntax ("orientation must be h or
//! v"). Moves are written in lower case without a space.
//!
//! The state keeps the pushes of the last move ([`Pushee::last_pushes`]) for the rendering;
//! they do not take part in [`Game::position_key`], which covers the pieces, hands, player
//! to move, the values and the rule options. `max_moves` is 144: every move places one of at
//! most 2 × 72 pieces. The game has chance (the generated board), decided once by the seed.

pub mod actions;
mod engine;
mod motifs;
mod notation;
mod picture;
mod render;
mod state;
mod values;

use tabuleiro_core::{
    Game, GameInfo, GameRng, IllegalMove, LineError, OptionKind, OptionSpec, Options, Outcome,
    Perspective, Player, Setup, SetupError, SyntaxError,
};

pub use notation::{Cell, Direction, Orientation, PusheeMove, parse_cell, parse_move};
pub use state::{MAX_CELLS, MAX_PIECES, MAX_SIDE, MIN_SIDE, Piece, PushStep, Pushee};

/// Static facts about Pushee Pieces.
pub static INFO: GameInfo = GameInfo {
    id: "pushee",
    name: "Pushee Pieces",
    summary: "Place pieces that push their neighbours in chain reactions; score the cell values under yours.",
    min_players: 2,
    max_players: 2,
    chance: true,
    hidden_information: false,
    scores: true,
    move_syntax: "orientation h or v and an empty cell, e.g. hc4 (also h c4)",
    max_moves: Some(2 * MAX_PIECES),
    options: &[
        OptionSpec {
            name: "size",
            label: "Board size",
            description: "board size, columns x rows, 4x4 to 12x12 (e.g. 6x6, 5x7)",
            kind: OptionKind::Text,
            default: "6x6",
        },
        OptionSpec {
            name: "values",
            label: "Cell values",
            description: "cell values: random (from the seed), rows of digits separated by /, or a file of one row per line",
            kind: OptionKind::Text,
            default: "random",
        },
        OptionSpec {
            name: "pieces",
            label: "Pieces",
            description: "pieces each player has",
            kind: OptionKind::Integer {
                min: 1,
                max: MAX_PIECES as i64,
                words: &[],
            },
            default: "15",
        },
        OptionSpec {
            name: "walls",
            label: "Walls",
            description: "on: runs stop at the edge; off: the piece pushed over the edge is removed",
            kind: OptionKind::Choice(&["on", "off"]),
            default: "on",
        },
        OptionSpec {
            name: "chains",
            label: "Chain tiers",
            description: "chain tiers after the placement push (0 = none)",
            kind: OptionKind::Integer {
                min: 0,
                max: 144,
                words: &["unlimited"],
            },
            default: "3",
        },
        OptionSpec {
            name: "first",
            label: "First player",
            description: "who moves first: 1, 2, or random (from the game's seed)",
            kind: OptionKind::Choice(&["1", "2", "random"]),
            default: "1",
        },
    ],
    rules: include_str!("rules.txt"),
};

impl Game for Pushee {
    type Move = PusheeMove;
    type View = Pushee;
    const INFO: &'static GameInfo = &INFO;

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        Pushee::start(setup)
    }

    fn players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Option<Player> {
        (!self.is_over()).then(|| self.mover())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result()
    }

    /// Empty cells in reading order, `h` before `v` on each.
    fn legal_moves(&self, moves: &mut Vec<PusheeMove>) {
        self.list(moves);
    }

    fn check_move(&self, mv: PusheeMove) -> Result<(), IllegalMove> {
        self.check(mv)
    }

    fn play_unchecked(&mut self, mv: PusheeMove) {
        self.place(mv);
    }

    fn format_move(&self, mv: PusheeMove) -> String {
        mv.to_string()
    }

    fn parse_notation(&self, text: &str) -> Result<PusheeMove, SyntaxError> {
        parse_move(text).map_err(|reason| SyntaxError {
            text: text.trim().to_owned(),
            reason,
        })
    }

    fn render(&self, _perspective: Perspective) -> String {
        render::board(self)
    }

    fn picture(&self, _perspective: Perspective) -> tabuleiro_core::Picture {
        picture::picture(self)
    }

    fn gesture(&self, mv: PusheeMove) -> tabuleiro_core::Gesture {
        picture::gesture(self, mv)
    }

    fn scores(&self) -> Option<Vec<i64>> {
        Some(self.both_scores().to_vec())
    }

    /// The board's values as a literal grid, whether drawn or given, and who moves first:
    /// with `values=random` the draw for `first=random` follows the board's in the seed's
    /// stream, so a record that keeps the grid must keep the first player too.
    fn settled_options(&self) -> Vec<(&'static str, String)> {
        let first = if self.mover() == Player(0) { "1" } else { "2" };
        vec![("values", self.values_grid()), ("first", first.to_owned())]
    }

    /// `values` names a file unless it is `random` or digits separated by `/`.
    fn option_names_file(name: &str, value: &str) -> bool {
        name.eq_ignore_ascii_case("values") && !values::is_literal(value)
    }

    /// A values file: one row of digits per line from the top, blank lines skipped; the
    /// board size comes from option `size`.
    fn option_from_file(name: &str, text: &str, options: &Options) -> Result<String, LineError> {
        if !name.eq_ignore_ascii_case("values") {
            return Ok(text.trim().to_owned());
        }
        match options.text("size").map(state::parse_size) {
            Ok(Ok((width, height))) => values::from_file(text, width, height),
            // A bad size is refused when the game is set up, before the values are read.
            _ => Ok(text.split_whitespace().collect::<Vec<_>>().join("/")),
        }
    }

    fn view(&self, _player: Player) -> Pushee {
        self.clone()
    }

    fn sample_from_view(view: &Pushee, _rng: &mut GameRng) -> Self {
        view.clone()
    }

    fn position_key(&self) -> u64 {
        self.key()
    }

    fn random_move(&self, rng: &mut GameRng) -> Option<PusheeMove> {
        self.random(rng)
    }
}
