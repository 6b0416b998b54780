//! Taiji (nestorgames, 2007, by Néstor Romeral Andrés), exactly as `shared/rules/taiji.md`
//! says.
//!
//! - A square board of 7×7, 9×9 or 11×11 cells (option `size`, default `9`), cells `a1`..
//!   (columns `a`.., rows `1`.. counted from the top).
//! - Light (seat 0, player 1) moves first, then the players alternate. A move places one tile
//!   on two orthogonally adjacent empty cells: one cell gets the tile's light half, the other
//!   its dark half, in either orientation. Both players place both colours. There is no pass.
//! - The game ends when no two orthogonally adjacent empty cells remain; isolated empty cells
//!   may stay. A game therefore lasts at most ⌊n²/2⌋ moves.
//! - A group is a set of orthogonally connected cells of one colour. Light scores the light
//!   cells, Dark the dark ones.
//! - Option `scoring`:
//!   - `standard` (default): the sum of the sizes of the N largest groups, or of all groups
//!     when there are fewer than N; a colour with no cells scores 0. Option `groups` sets N:
//!     `1`, `2`, `3`, or `auto` (default), which is 1 on 7×7, 2 on 9×9 and 3 on 11×11.
//!   - `omega`: the product of the sizes of all groups (`groups` is then ignored). A colour
//!     with no cells (only possible before the first move) scores **0**, like under standard
//!     scoring, not the empty product 1. The product is an `i64` and cannot overflow (at most
//!     3^20 on 11×11); it saturates all the same.
//! - The higher score wins; a tie is won by Dark, so there are no draws. The outcome carries
//!   both scores, Light first, and its reason names the groups that count.
//! - Tournament play: each pairing plays twice with colours swapped, and the sums of the two
//!   scores decide ([`Game::PAIR_SCORING`] is [`PairScoring::SummedScores`]): paired matches
//!   and tournaments count each pair as one win, loss, or (equal sums) draw.
//!
//! Notation: the light cell then the dark cell, `d4-d5`, case-insensitive; a space or no
//! separator is accepted too (`d4 d5`, `d4d5`: each cell starts with its letter, so this is
//! never ambiguous). Any letter `a`–`z` and row `1`–`99` can be read, so that `c12` on 9×9 is
//! an illegal move ("c12 is off the 9x9 board") rather than bad syntax. In text renderings light
//! cells are `O`, dark cells `#` and empty cells `.`.
//!
//! Representation: one 128-bit mask per colour, on an 11-wide layout for every size (see
//! [`geometry`]), so that the shifts to a neighbour are constants. Listing moves writes into the
//! caller's vector; [`Game::random_move`] counts the pairs of empty cells and picks the n-th
//! without listing any. Groups are found when needed by flood fill over the masks (nothing
//! is tracked move by move); which cells were paired into one tile is not kept, as no rule
//! depends on it.

pub mod actions;
mod engine;
pub mod geometry;
mod motifs;
mod picture;
mod render;
mod state;
mod tile;

use tabuleiro_core::rng::below;
use tabuleiro_core::{
    Game, GameInfo, GameRng, IllegalMove, OptionKind, OptionSpec, Outcome, PairScoring,
    Perspective, Player, Setup, SetupError, SyntaxError,
};

pub use geometry::{Cell, Mask, parse_cell};
pub use state::{Scoring, Taiji, default_groups};
pub use tile::{Colour, TaijiMove};

use geometry::{STRIDE, nth_bit};

/// The longest game on the largest board: ⌊121 / 2⌋ tiles.
const MAX_MOVES: usize = 60;

/// Static facts about Taiji.
pub static INFO: GameInfo = GameInfo {
    id: "taiji",
    name: "Taiji",
    summary: "Place light-dark tiles on a square board; your largest groups of your colour score.",
    min_players: 2,
    max_players: 2,
    chance: false,
    hidden_information: false,
    scores: true,
    move_syntax: "light cell then dark cell, two adjacent empty cells, e.g. d4-d5 (also d4 d5 or d4d5)",
    max_moves: Some(MAX_MOVES),
    options: &[
        OptionSpec {
            name: "size",
            label: "Board size",
            description: "board side: 7, 9 or 11",
            kind: OptionKind::Choice(&["7", "9", "11"]),
            default: "9",
        },
        OptionSpec {
            name: "groups",
            label: "Groups counted",
            description: "how many of the largest groups count (standard scoring); auto: 1 on 7x7, 2 on 9x9, 3 on 11x11",
            kind: OptionKind::Choice(&["auto", "1", "2", "3"]),
            default: "auto",
        },
        OptionSpec {
            name: "scoring",
            label: "Scoring",
            description: "standard: sum of the largest groups; omega: product of all group sizes",
            kind: OptionKind::Choice(&["standard", "omega"]),
            default: "standard",
        },
    ],
    rules: include_str!("rules.txt"),
};

impl Game for Taiji {
    type Move = TaijiMove;
    type View = Taiji;
    const INFO: &'static GameInfo = &INFO;
    /// The tournament rule: each pairing plays twice with colours swapped, and the sums of
    /// the two scores decide.
    const PAIR_SCORING: PairScoring = PairScoring::SummedScores;

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        SetupError::check_players(&INFO, setup.players)?;
        let options = &setup.options;
        let size = options.select("size", &[("7", 7), ("9", 9), ("11", 11)])?;
        let groups = options
            .select(
                "groups",
                &[
                    ("auto", None),
                    ("1", Some(1)),
                    ("2", Some(2)),
                    ("3", Some(3)),
                ],
            )?
            .unwrap_or_else(|| default_groups(size));
        let scoring = options.select(
            "scoring",
            &[("standard", Scoring::Standard), ("omega", Scoring::Omega)],
        )?;
        Taiji::start(size, groups, scoring)
    }

    fn players(&self) -> usize {
        2
    }

    #[inline]
    fn to_move(&self) -> Option<Player> {
        (!self.is_over()).then(|| Player(self.mover()))
    }

    fn outcome(&self) -> Option<Outcome> {
        Taiji::outcome(self)
    }

    /// Horizontal pairs first, then vertical ones, each by its top-left cell in reading order;
    /// each pair with the light half first on the top-left cell, then on the other.
    fn legal_moves(&self, moves: &mut Vec<TaijiMove>) {
        moves.clear();
        let (h, v) = self.pairs();
        for (mut pairs, step) in [(h, 1), (v, STRIDE)] {
            while pairs != 0 {
                let a = Cell::from_bit(pairs.trailing_zeros());
                let b = Cell::from_bit(pairs.trailing_zeros() + step);
                moves.push(TaijiMove { light: a, dark: b });
                moves.push(TaijiMove { light: b, dark: a });
                pairs &= pairs - 1;
            }
        }
    }

    fn check_move(&self, mv: TaijiMove) -> Result<(), IllegalMove> {
        self.check(mv)
    }

    #[inline]
    fn play_unchecked(&mut self, mv: TaijiMove) {
        self.place(mv);
    }

    fn format_move(&self, mv: TaijiMove) -> String {
        mv.to_string()
    }

    fn parse_notation(&self, text: &str) -> Result<TaijiMove, SyntaxError> {
        tile::parse_tile(text).map_err(|reason| SyntaxError {
            text: text.trim().to_owned(),
            reason: reason.to_owned(),
        })
    }

    fn render(&self, _perspective: Perspective) -> String {
        render::board(self)
    }

    fn picture(&self, _perspective: Perspective) -> tabuleiro_core::Picture {
        picture::picture(self)
    }

    fn gesture(&self, mv: TaijiMove) -> tabuleiro_core::Gesture {
        picture::gesture(mv)
    }

    fn preview(&self, mv: TaijiMove) -> Vec<tabuleiro_core::Placed> {
        picture::preview(mv)
    }

    fn scores(&self) -> Option<Vec<i64>> {
        Some(self.both_scores().to_vec())
    }

    fn view(&self, _player: Player) -> Taiji {
        *self
    }

    fn sample_from_view(view: &Taiji, _rng: &mut GameRng) -> Self {
        *view
    }

    /// Every cell of both colours (which also gives the player to move: the number of light
    /// cells), and the board size, mixed into 64 bits.
    fn position_key(&self) -> u64 {
        let words = [
            self.light as u64,
            (self.light >> 64) as u64,
            self.dark as u64,
            (self.dark >> 64) as u64,
        ];
        words
            .iter()
            .fold(u64::from(self.size), |key, &w| mix(key ^ w))
    }

    #[inline]
    fn random_move(&self, rng: &mut GameRng) -> Option<TaijiMove> {
        let (h, v) = self.pairs();
        let across = h.count_ones();
        let total = across + v.count_ones();
        if total == 0 {
            return None;
        }
        let pick = below(rng, 2 * total);
        let pair = pick >> 1;
        let (mask, index, step) = if pair < across {
            (h, pair, 1)
        } else {
            (v, pair - across, STRIDE)
        };
        let a = nth_bit(mask, index);
        let (first, second) = (Cell::from_bit(a), Cell::from_bit(a + step));
        Some(if pick & 1 == 0 {
            TaijiMove {
                light: first,
                dark: second,
            }
        } else {
            TaijiMove {
                light: second,
                dark: first,
            }
        })
    }
}

impl Taiji {
    /// Who wins on the current scores: Light with the higher score, Dark otherwise (a tie goes
    /// to Dark). Meaningful once the game is over.
    pub fn winner(&self) -> Player {
        let [light, dark] = self.both_scores();
        if light > dark { Player(0) } else { Player(1) }
    }
}

/// The SplitMix64 finaliser: a bijection of 64-bit words that spreads every input bit.
const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
