//! Quantik (Gigamic, 2019, by Nouri Khalifa), exactly as `shared/rules/quantik.md` says.
//!
//! - 4×4 board, cells `a1`..`d4` (columns `a`–`d`, rows `1`–`4`; row `1` is drawn at the top),
//!   four 2×2 regions. Each player has two of each shape: cube `C`, cylinder `Y`, cone `O`,
//!   sphere `S`.
//! - A move places one of your own pieces on an empty cell; a shape may not go in a row,
//!   column or region where the **opponent** has that shape (your own do not restrict).
//! - Completing a row, column or region with four different shapes wins at once, whoever owns
//!   the pieces. A player to move with no legal placement loses, so there are no draws.
//! - Option `first`: `1` (default), `2`, or `random` — the published rule ("a random player
//!   starts"), decided by the game's seed so a record replays the same way.
//!
//! Notation: the shape letter then the cell, `Ca1`, case-insensitive (`c A1` is accepted too).
//! The first player's pieces are drawn in upper case, the second's in lower case.
//!
//! For programs that learn: a fixed action space of 64 and observation planes, [`actions`].
//!
//! Representation: bitboards (one 16-bit mask per shape and per player, plus the cells where
//! each player may not put each shape, kept up to date move by move). Listing moves writes
//! into a caller's vector; [`Game::random_move`] draws a move without listing any.

pub mod actions;
mod engine;
mod geometry;
mod motifs;
mod picture;
mod pieces;
mod playout;
mod render;
mod state;
pub mod symmetry;

use crate::cell_name::parse_on_board;
use tabuleiro_core::rng::RngExt;
use tabuleiro_core::{
    First, Game, GameInfo, GameRng, IllegalMove, MoveError, OptionKind, OptionSpec, Outcome,
    Perspective, Player, Setup, SetupError, SyntaxError,
};

pub use geometry::{Mask, cell_name, parse_cell};
pub use pieces::{QuantikMove, Shape};
pub use state::{Ending, PIECES_PER_SHAPE, Quantik};

/// How many pieces of either kind fill the board: no game is longer than this.
const MAX_MOVES: usize = 16;

/// Up to this many pieces on the board, [`Game::canonical_key`] folds all symmetries; past it
/// the symmetric copies are rare and the work of finding them costs more than it saves.
pub const SYMMETRY_PIECES: u32 = 7;

/// Static facts about Quantik.
pub static INFO: GameInfo = GameInfo {
    id: "quantik",
    name: "Quantik",
    summary: "Place shapes on a 4x4 board; complete a row, column or region with four different shapes.",
    min_players: 2,
    max_players: 2,
    chance: false,
    hidden_information: false,
    scores: false,
    move_syntax: "shape letter and cell, e.g. Ca1 (C cube, Y cylinder, O cone, S sphere)",
    max_moves: Some(MAX_MOVES),
    options: &[OptionSpec {
        name: "first",
        label: "First player",
        description: "who moves first: player 1, player 2, or random (from the game's seed)",
        kind: OptionKind::Choice(&["1", "2", "random"]),
        default: "1",
    }],
    rules: include_str!("rules.txt"),
};

impl Game for Quantik {
    type Move = QuantikMove;
    type View = Quantik;
    const INFO: &'static GameInfo = &INFO;

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        SetupError::check_players(&INFO, setup.players)?;
        let first = match setup.options.first(setup.players)? {
            First::Seat(seat) => seat,
            First::Random => Player(tabuleiro_core::rng_from_seed(setup.seed).random_range(0..2)),
        };
        Ok(Quantik::start(first))
    }

    fn players(&self) -> usize {
        2
    }

    fn to_move(&self) -> Option<Player> {
        (!self.is_over()).then_some(Player(self.to_move))
    }

    fn outcome(&self) -> Option<Outcome> {
        Quantik::outcome(self)
    }

    fn legal_moves(&self, moves: &mut Vec<QuantikMove>) {
        moves.clear();
        if self.won.is_some() {
            return;
        }
        let player = Player(self.to_move);
        for shape in Shape::ALL {
            let mut targets = self.targets(player, shape);
            while targets != 0 {
                let cell = targets.trailing_zeros() as u8;
                moves.push(QuantikMove { shape, cell });
                targets &= targets - 1;
            }
        }
    }

    fn check_move(&self, mv: QuantikMove) -> Result<(), IllegalMove> {
        self.check(mv)
    }

    #[inline]
    fn play_unchecked(&mut self, mv: QuantikMove) {
        self.place(mv);
    }

    fn format_move(&self, mv: QuantikMove) -> String {
        mv.to_string()
    }

    fn parse_notation(&self, text: &str) -> Result<QuantikMove, SyntaxError> {
        let compact: String = text.chars().filter(|c| !c.is_whitespace()).collect();
        let error = |reason: &str| SyntaxError {
            text: text.trim().to_owned(),
            reason: reason.to_owned(),
        };
        let mut chars = compact.chars();
        let Some(letter) = chars.next() else {
            return Err(error(
                "empty move; give a shape letter and a cell, e.g. Ca1",
            ));
        };
        let shape = Shape::from_letter(letter).ok_or_else(|| {
            error("a move starts with a shape letter: C cube, Y cylinder, O cone, S sphere")
        })?;
        let cell = parse_cell(chars.as_str())
            .ok_or_else(|| error("after the shape letter comes a cell a1..d4, e.g. Ca1"))?;
        Ok(QuantikMove {
            shape,
            cell: cell as u8,
        })
    }

    /// As every game reads moves, but a cell named beyond the board (`Ce5`, `Sa9`) is an
    /// illegal move naming the board rather than bad syntax (module `cell_name`).
    fn parse_move(&self, text: &str) -> Result<QuantikMove, MoveError> {
        // A shape letter, then a cell.
        parse_on_board(self, text, 4, 4, |text| {
            let mut compact = text.chars().filter(|c| !c.is_whitespace());
            Shape::from_letter(compact.next()?)?;
            Some(compact.collect())
        })
    }

    fn render(&self, _perspective: Perspective) -> String {
        render::board(self)
    }

    fn picture(&self, _perspective: Perspective) -> tabuleiro_core::Picture {
        picture::picture(self)
    }

    fn gesture(&self, mv: QuantikMove) -> tabuleiro_core::Gesture {
        picture::gesture(self, mv)
    }

    fn view(&self, _player: Player) -> Quantik {
        *self
    }

    fn sample_from_view(view: &Quantik, _rng: &mut GameRng) -> Self {
        *view
    }

    fn position_key(&self) -> u64 {
        let (own, opp) = self.relative_masks();
        // The relative code is exact; the player to move tells which side "own" is.
        symmetry::nibble_code(own, opp) ^ (u64::from(self.to_move) * 0x9E37_79B9_7F4A_7C15)
    }

    /// Seen from the player to move (both players have the same pieces and rules), folded over
    /// all symmetries while few pieces are down (see [`SYMMETRY_PIECES`]).
    fn canonical_key(&self) -> u64 {
        let (own, opp) = self.relative_masks();
        if self.pieces_placed() <= SYMMETRY_PIECES {
            symmetry::canonical_code(own, opp)
        } else {
            symmetry::nibble_code(own, opp)
        }
    }

    #[inline]
    fn random_move(&self, rng: &mut GameRng) -> Option<QuantikMove> {
        if self.won.is_some() {
            return None;
        }
        let p = (self.to_move & 1) as usize;
        let empty = self.empty();
        let target = |s: usize| empty & self.allowed[p][s];
        // Plain variables rather than an array: indexing a freshly built array by a computed
        // index stalls the processor, and this is the inner loop of every playout.
        let (t0, t1, t2, t3) = (target(0), target(1), target(2), target(3));
        let c0 = t0.count_ones();
        let c1 = c0 + t1.count_ones();
        let c2 = c1 + t2.count_ones();
        let total = c2 + t3.count_ones();
        if total == 0 {
            return None;
        }
        let pick = tabuleiro_core::rng::below(rng, total);
        let (in1, in2, in3) = (pick >= c0, pick >= c1, pick >= c2);
        let (mask, before) = match (in1, in2, in3) {
            (false, _, _) => (t0, 0),
            (true, false, _) => (t1, c0),
            (true, true, false) => (t2, c1),
            (true, true, true) => (t3, c2),
        };
        let s = usize::from(in1) + usize::from(in2) + usize::from(in3);
        let cell = geometry::nth_cell(mask, pick - before);
        Some(QuantikMove {
            shape: Shape::from_index(s),
            cell,
        })
    }

    /// One loop over packed words for the whole game (module `playout`): the same moves as
    /// [`Game::random_move`] one at a time, faster.
    fn play_random_moves(self, rng: &mut GameRng, limit: usize) -> (Quantik, usize) {
        self.random_moves(rng, limit)
    }
}

impl Quantik {
    /// Per-shape masks of the player to move's pieces and of the opponent's.
    fn relative_masks(&self) -> ([Mask; 4], [Mask; 4]) {
        let p = self.to_move as usize;
        let own = self.shapes.map(|m| m & self.colours[p]);
        let opp = self.shapes.map(|m| m & self.colours[1 - p]);
        (own, opp)
    }
}
