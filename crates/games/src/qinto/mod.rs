//! Q!nto, Light version (Gene Mackles, PDG Games 2014), exactly as `shared/rules/qinto.md`
//! says: 2–4 players, a shuffled deal (chance) and private hands and piles (hidden
//! information).
//!
//! - **Tiles** ([`tile`]): 60 — two of each of the 25 colour × shape tiles, two fully wild
//!   Q!nto tiles `**`, wild-colour `*S *D *H *C` and wild-shape `G* R* B* Y*`. Colours
//!   `R G B Y K`, shapes `S X D H C` (`X` is the "!"; `!` is read too).
//! - **Deal**: the deck is shuffled with the setup's seed (Xoshiro256++, Fisher–Yates) and
//!   dealt into one pile per player, 60 / players each (the earlier seats take any extra
//!   tile, which never happens for 2–4 players); each player draws 5. Player 1 starts unless
//!   option `first` (1–4 or `random`, from the seed) says otherwise.
//! - **Grid** ([`grid`]): unbounded; a cell is `x,y`, column then row, `x` growing to the right
//!   and `y` downwards, both may be negative. Stored as a 128 × 128 window around the origin:
//!   a tile can never lie more than 59 cells from the origin (see below), so cells beyond ±62
//!   are refused as out of reach.
//! - **Lines**: every run of 2 or more tiles must hold at most 5 tiles whose colours are all
//!   the same or all different and whose shapes are all the same or all different. A wild
//!   stands for whatever makes its run a line; since five colours and five shapes exist, a run
//!   of at most 5 is a line exactly when its *fixed* colours are all the same or all distinct,
//!   and the same for shapes. Row and column are judged separately, so a wild may stand for
//!   different tiles in its row and its column. As the spec says, identical tiles (`RH RH`,
//!   all same colour and all same shape) do form a line.
//!
//! Choices where the spec leaves room, made as in the published game and tested:
//!
//! - **The first play** goes "anywhere": on an unbounded grid every place is the same, so the
//!   project fixes that it must cover cell `0,0` (this keeps the move list finite and makes
//!   every later tile lie within 59 cells of the origin).
//! - **Swaps**: any hand tile may take a wild's place, a wild too (the spec gives "hand tiles
//!   for wild tiles"), as long as every run through the cell stays a line; giving the very
//!   tile that is already there changes nothing and is not a move. One swap move may exchange
//!   up to 5 tiles at once, and all its replacements are judged together: the grid after all
//!   of them must hold only lines, even where one replacement alone would break a line. The
//!   hand tiles given are those held before the swap (a wild taken cannot be given back in
//!   the same move).
//! - **Traded tiles** go under the own pile in the order written (sorted), then the player
//!   draws from the top; with a short pile the player may draw some of them back. A trade
//!   always counts as a trade for the end rule, even when the pile was empty.
//! - **A Q!nto** is completed when a play makes a run (along the play or across it) of exactly
//!   5 tiles; the same player then moves again (unless the play emptied hand and pile, which
//!   wins at once). Every action, extra turns included, counts towards `max_turns`.
//! - **The end by passing** (project addition): after `2 × players` passes in a row without a
//!   trade (every player, in turn order, twice), the game ends; so does reaching `max_turns`
//!   moves (option, 1..5000, default 1000). The fewest tiles left (hand + pile) wins; a tie
//!   is a draw among the tied players (the others lose).
//!
//! **Moves** ([`notation`]): a play lists tiles on cells, `RH@0,0 RS@1,0` (any order when
//! typed; written in order along the line); a swap `swap RH@2,1 GS@0,3` gives the hand tile
//! for the wild on that cell; a pass is `pass`, or `pass RH GS` to trade those tiles. Any
//! case is read. A play is **one move** ([`Play`]: first cell, direction, and the tile put at
//! each of the next 5 offsets), not a sequence of moves: a turn is one action, moves are 10
//! bytes and `Copy`, and the number of plays stays bounded because a run holds at most 5
//! tiles — [`generate`] lists them per anchor cell and window with a pruned search (at most
//! 5! arrangements a window); in practice a few hundred moves. Errors say why
//! ("colours in row 3 are neither all same nor all different").
//!
//! **Information** ([`view`]): a player's [`QintoView`] holds the grid, the own hand, the
//! number of tiles in every hand and pile, and the public history (a pass shows how many tiles
//! were traded, not which). The own pile is hidden too (it is face down), but for the tiles
//! the player traded under it, which stay known at its bottom until drawn; and everyone knows
//! that a wild taken by a swap is in the swapper's hand until it is played, given in another
//! swap, or may have gone under the pile in a trade (module `knowledge`).
//! [`Game::sample_from_view`] keeps every known tile where it is known to be and deals every
//! other tile not on the grid at random into the hidden places of hands and piles. [`Game::render`] for a player shows only that
//! view; `Everyone` shows every hand.
//!
//! **Randomness**: [`Game::random_move`] is a fast path that is not uniform (module
//! `random`): mostly a random play grown from a random cell of the frontier (the empty
//! cells next to a tile, which the grid keeps up to date), now and then a uniform draw from the
//! whole list; every legal move can come out.
//!
//! **For programs that learn** (module `actions`): a fixed action space of 15,667 actions in
//! which a move is a short sequence of them (its first cell and direction, then its tiles), and
//! 14 planes over the reachable grid of what one seat may know.
//!
//! **For computer players** (module `engine`): the evaluation, a quick playout policy and a
//! list-free answer to "can the player to move empty the hand this turn", apart from the rules.

pub mod actions;
mod arrange;
mod checks;
mod engine;
pub mod generate;
pub mod grid;
mod hand;
mod knowledge;
pub mod notation;
mod picture;
mod random;
mod render;
pub mod state;
pub mod tile;
mod told;
pub mod view;

use tabuleiro_core::{
    Game, GameInfo, GameRng, IllegalMove, OptionKind, OptionSpec, Outcome, Perspective, Player,
    Setup, SetupError, SyntaxError,
};

pub use grid::Cell;
pub use hand::{Hand, Pile};
pub use notation::{Play, QintoMove, Swap, Trade, parse_move};
pub use state::{Ending, PlayEffect, Public, Qinto};
pub use tile::{Tile, deck, is_line};
pub use view::QintoView;

/// Most turns a game may be given (option `max_turns`).
pub const MAX_TURNS: usize = 5000;

/// Static facts about Q!nto.
pub static INFO: GameInfo = GameInfo {
    id: "qinto",
    name: "Q!nto",
    summary: "Play coloured tiles in lines of all same or all different; first to play all their tiles wins (2-4 players, hidden hands).",
    min_players: 2,
    max_players: 4,
    chance: true,
    hidden_information: true,
    scores: false,
    move_syntax: notation::SYNTAX,
    max_moves: Some(MAX_TURNS),
    options: &[
        OptionSpec {
            name: "first",
            label: "First player",
            description: "who moves first: 1 to 4 (a seat at the table), or random (from the game's seed)",
            kind: OptionKind::Integer {
                min: 1,
                max: 4,
                words: &["random"],
            },
            default: "1",
        },
        OptionSpec {
            name: "max_turns",
            label: "Turn limit",
            description: "the game ends after this many moves (project addition); fewest tiles left wins",
            kind: OptionKind::Integer {
                min: 1,
                max: MAX_TURNS as i64,
                words: &[],
            },
            default: "1000",
        },
    ],
    rules: include_str!("rules.txt"),
};

impl Game for Qinto {
    type Move = QintoMove;
    type View = QintoView;
    const INFO: &'static GameInfo = &INFO;

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        Qinto::start(setup)
    }

    fn players(&self) -> usize {
        self.player_count()
    }

    fn to_move(&self) -> Option<Player> {
        self.ending().is_none().then(|| self.mover())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.result()
    }

    /// Plays (by direction, anchor cell and window), then swaps, then passes.
    fn legal_moves(&self, moves: &mut Vec<QintoMove>) {
        self.list(moves);
    }

    fn check_move(&self, mv: QintoMove) -> Result<(), IllegalMove> {
        self.check(mv)
    }

    fn play_unchecked(&mut self, mv: QintoMove) {
        self.apply(mv);
    }

    fn format_move(&self, mv: QintoMove) -> String {
        mv.to_string()
    }

    fn parse_notation(&self, text: &str) -> Result<QintoMove, SyntaxError> {
        parse_move(text).map_err(|reason| SyntaxError {
            text: text.trim().to_owned(),
            reason,
        })
    }

    fn render(&self, perspective: Perspective) -> String {
        match perspective {
            Perspective::Everyone => render::board(self, render::Hands::All),
            Perspective::Player(p) => {
                render::board(QintoView::of(self, p).known(), render::Hands::Own(p))
            }
        }
    }

    /// The grid and the size of each hand and pile; no hand tile.
    fn render_public(&self) -> String {
        render::board(self, render::Hands::Hidden)
    }

    fn picture(&self, perspective: Perspective) -> tabuleiro_core::Picture {
        match perspective {
            Perspective::Everyone => picture::picture(self, picture::Shown::All),
            Perspective::Player(p) => {
                picture::picture(QintoView::of(self, p).known(), picture::Shown::Own(p))
            }
        }
    }

    /// The grid and the number of tiles in each hand and pile; no hand tile.
    fn picture_public(&self) -> tabuleiro_core::Picture {
        picture::picture(self, picture::Shown::None)
    }

    fn gesture(&self, mv: QintoMove) -> tabuleiro_core::Gesture {
        picture::gesture(mv)
    }

    /// A pass with a trade names the traded tiles, which only the passing seat has seen:
    /// anyone else reads how many tiles were traded.
    fn format_move_for(&self, mv: QintoMove, viewer: Option<Player>) -> String {
        match mv {
            QintoMove::Pass(trade) if trade.count > 0 && viewer != Some(self.mover()) => {
                format!("pass (traded {})", trade.count)
            }
            _ => mv.to_string(),
        }
    }

    /// A play, or a pass that trades, draws from the mover's face-down pile unless it is
    /// empty (a trade into an empty pile draws back the very tiles traded); a swap draws
    /// nothing.
    fn reveals_hidden(&self, mv: QintoMove) -> Option<&'static str> {
        let draws = match mv {
            QintoMove::Play(_) => true,
            QintoMove::Pass(trade) => trade.count > 0,
            QintoMove::Swap(_) => false,
        };
        (draws && !self.pile(self.mover()).is_empty())
            .then_some("the tiles drawn by that move are now known")
    }

    /// The seat's hand, as `hand` and its tiles in notation (`hand RS GD BT YC RF`): the only
    /// thing a seat sees that the others do not (the piles are face down for everyone).
    fn private_text(&self, seat: Player) -> Option<String> {
        let hand = self.hands.get(seat.index())?;
        let mut text = "hand".to_owned();
        for tile in hand.tiles() {
            text.push(' ');
            text.push_str(&tile.to_string());
        }
        Some(text)
    }

    fn view_from_told(
        setup: &Setup,
        seat: Player,
        moves: &[String],
        private: Option<&str>,
    ) -> Result<QintoView, String> {
        told::view_from_told(setup, seat, moves, private)
    }

    fn view(&self, player: Player) -> QintoView {
        QintoView::of(self, player)
    }

    fn sample_from_view(view: &QintoView, rng: &mut GameRng) -> Self {
        view.sample(rng)
    }

    fn position_key(&self) -> u64 {
        self.key()
    }

    fn random_move(&self, rng: &mut GameRng) -> Option<QintoMove> {
        self.random(rng)
    }
}
