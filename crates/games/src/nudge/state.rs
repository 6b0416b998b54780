//! The Nudge position and its rules, on bitboards.

use tabuleiro_core::{IllegalMove, Outcome, Player};

use super::board::{Direction, FULL, Mask, NudgeMove, SQUARES, square_name};
use super::push::{Effect, Refusal, few, resolve, slide, tails};
use super::seen::Seen;

/// How many discs each player has.
pub const DISCS: u32 = 3;

/// White's seat: `Player(0)`. Seats do not change with who moves first.
pub const WHITE: Player = Player(0);

/// Black's seat: `Player(1)`.
pub const BLACK: Player = Player(1);

/// The square in `column` (`b'a'..=b'e'`) and `row` (1..=5) as a mask.
const fn at(column: u8, row: u32) -> Mask {
    1 << ((row - 1) * 5 + (column - b'a') as u32)
}

/// The four official starting layouts (option `start` 1..=4), as `[white, black]`.
pub const LAYOUTS: [[Mask; 2]; 4] = [
    // White B2 C2 D2 — Black B4 C4 D4
    [
        at(b'b', 2) | at(b'c', 2) | at(b'd', 2),
        at(b'b', 4) | at(b'c', 4) | at(b'd', 4),
    ],
    // White A1 C1 E1 — Black A5 C5 E5
    [
        at(b'a', 1) | at(b'c', 1) | at(b'e', 1),
        at(b'a', 5) | at(b'c', 5) | at(b'e', 5),
    ],
    // White C1 B2 D2 — Black B4 D4 C5
    [
        at(b'c', 1) | at(b'b', 2) | at(b'd', 2),
        at(b'b', 4) | at(b'd', 4) | at(b'c', 5),
    ],
    // White B1 D1 C2 — Black C4 B5 D5
    [
        at(b'b', 1) | at(b'd', 1) | at(b'c', 2),
        at(b'c', 4) | at(b'b', 5) | at(b'd', 5),
    ],
];

/// No move is forbidden by the no-return rule (a value no [`NudgeMove`] code takes).
const NO_MOVE: u8 = 127;

/// The name of a seat's colour, capitalised: `White` or `Black`.
pub fn colour_name(player: Player) -> &'static str {
    if player.0 == 0 { "White" } else { "Black" }
}

/// The name of a seat's colour in lower case, as in "a black disc".
fn colour_word(colour: usize) -> &'static str {
    if colour == 0 { "white" } else { "black" }
}

/// How a finished game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// `winner` pushed the opponent's disc that stood on square `from` off the board.
    PushedOff {
        /// Who pushed.
        winner: Player,
        /// Where the pushed-off disc stood (0..25), on the edge.
        from: u8,
    },
    /// `loser` had to move and had no legal move.
    NoMove {
        /// The player left without a move.
        loser: Player,
    },
    /// The position came up for the third time at the start of a turn, with the same player
    /// to move (a project addition, so that every game ends).
    Repetition,
    /// The `max_turns` option's number of turns was played without a winner.
    TurnLimit,
}

/// A Nudge position: the discs, who is to move and which move of the turn, the board at the
/// start of the turn and the move the no-return rule forbids, the turns played, and how often
/// each start-of-turn position has come up (for the repetition draw).
///
/// Equal values are equal game states (the repetition counts included);
/// [`Nudge::position_key`](tabuleiro_core::Game::position_key) leaves the counts out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Nudge {
    /// Squares of each colour's discs: `[white, black]`.
    pub(super) discs: [Mask; 2],
    /// The colour to move (or who would move, once the game is over).
    pub(super) to_move: u8,
    /// Whether this is the second move of the turn.
    pub(super) second: bool,
    /// On the second move: the code of the one move that would put the board back as it was
    /// at the start of the turn (the first move played backwards), or [`NO_MOVE`] when the
    /// first move was a nudge, which no single move undoes.
    pub(super) forbidden: u8,
    /// Turns completed (by either player).
    pub(super) turns: u32,
    /// The `max_turns` option.
    pub(super) max_turns: Option<u32>,
    /// How the game ended, once it has.
    pub(super) ending: Option<Ending>,
    /// The discs at the start of the current turn.
    pub(super) turn_start: [Mask; 2],
    /// Every start-of-turn position so far (discs and player to move, packed by
    /// [`board_code`]) with how often it came up.
    pub(super) seen: Seen,
}

/// Discs and player to move, packed exactly into 51 bits.
fn board_code(discs: [Mask; 2], to_move: u8) -> u64 {
    u64::from(discs[0]) | (u64::from(discs[1]) << 25) | (u64::from(to_move) << 50)
}

impl Nudge {
    /// The start of a game: `layout` 1..=4 (see [`LAYOUTS`]), `first` to move, and the
    /// optional turn limit.
    ///
    /// # Panics
    /// When `layout` is not 1..=4.
    pub fn start(layout: usize, first: Player, max_turns: Option<u32>) -> Self {
        assert!((1..=4).contains(&layout), "no starting layout {layout}");
        Nudge::at_turn_start(LAYOUTS[layout - 1], first, max_turns)
    }

    /// A position at the start of `to_move`'s turn, with no turns played.
    pub(super) fn at_turn_start(discs: [Mask; 2], to_move: Player, max_turns: Option<u32>) -> Self {
        let mut state = Nudge {
            discs,
            to_move: to_move.0 & 1,
            second: false,
            forbidden: NO_MOVE,
            turns: 0,
            max_turns,
            ending: None,
            turn_start: discs,
            seen: Seen::new(),
        };
        state.begin_turn(discs);
        state
    }

    /// The squares of `player`'s discs: bit `i` is square `i`, at row `i / 5` and column
    /// `i % 5` (see [`square_name`](super::square_name)).
    pub fn discs(&self, player: Player) -> Mask {
        self.discs[player.index() & 1]
    }

    /// Whose disc is on `square` (0..25), if any.
    pub fn disc_at(&self, square: usize) -> Option<Player> {
        let bit = 1 << square;
        (0..2u8)
            .find(|&p| self.discs[p as usize] & bit != 0)
            .map(Player)
    }

    /// The board at the start of the current turn: `[white, black]`.
    pub fn turn_start(&self) -> [Mask; 2] {
        self.turn_start
    }

    /// How many times the position at the start of the current turn (discs and player to
    /// move) has come up at the start of a turn, this turn included: the game is drawn when
    /// it reaches 3.
    pub fn repetitions(&self) -> u64 {
        self.seen.count(board_code(self.turn_start, self.to_move))
    }

    /// Turns completed so far, by either player.
    pub fn turns_played(&self) -> u32 {
        self.turns
    }

    /// The turn limit (option `max_turns`), if any.
    pub fn max_turns(&self) -> Option<u32> {
        self.max_turns
    }

    /// How the game ended, if it is over.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// The colour to move (or who would move, once the game is over).
    pub(super) fn colour(&self) -> usize {
        (self.to_move & 1) as usize
    }

    /// Which move of the turn is next: 1 or 2.
    pub fn move_number(&self) -> usize {
        1 + usize::from(self.second)
    }

    /// The exact code of everything that decides the legal moves: discs, player to move,
    /// move of the turn, whether the game is over, and the move the no-return rule forbids.
    pub(super) fn key_code(&self) -> u64 {
        board_code(self.discs, self.to_move)
            | (u64::from(self.second) << 51)
            | (u64::from(self.ending.is_some()) << 52)
            | (u64::from(self.forbidden) << 53)
    }

    /// What `mv` would do for `colour`, or why it may not be played (ignoring whose turn it
    /// is, the end of the game and the no-return rule).
    #[inline]
    fn effect(&self, colour: usize, mv: NudgeMove) -> Result<Effect, Refusal> {
        resolve(
            self.discs[colour],
            self.discs[colour ^ 1],
            1 << mv.tail(),
            mv.direction(),
        )
    }

    /// Why `mv` is illegal for the player to move, or `Ok` when it is legal.
    pub(super) fn check(&self, mv: NudgeMove) -> Result<(), IllegalMove> {
        if self.ending.is_some() {
            return Err(IllegalMove::new("the game is over"));
        }
        let colour = self.colour();
        let opponent = colour_word(colour ^ 1);
        if self.discs[colour] & (1 << mv.tail()) == 0 {
            return Err(IllegalMove::new(format!(
                "there is no {} disc on {}",
                colour_word(colour),
                square_name(mv.tail())
            )));
        }
        match self.effect(colour, mv) {
            Err(Refusal::OwnOff) => Err(IllegalMove::new(
                "that would put your own disc off the board",
            )),
            Err(Refusal::Equal { line }) => Err(IllegalMove::new(format!(
                "equal lines cannot push: your {} meets a {opponent} {}",
                count_of(line, "line"),
                count_of(line, "run")
            ))),
            Err(Refusal::Longer { line, run }) => Err(IllegalMove::new(format!(
                "a longer {opponent} run cannot be pushed: your {} meets a {opponent} {}",
                count_of(line, "line"),
                count_of(run, "run")
            ))),
            Err(Refusal::Blocked) => Err(IllegalMove::new(format!(
                "a disc behind the {opponent} run blocks the push"
            ))),
            Ok(_) if mv.code() == self.forbidden => {
                Err(IllegalMove::new("the turn would end where it started"))
            }
            Ok(_) => Ok(()),
        }
    }

    /// Plays a legal move: moves the discs, then moves on to the second move of the turn or
    /// to the other player's turn, and decides whether the game is over.
    #[inline]
    pub(super) fn apply(&mut self, mv: NudgeMove) {
        debug_assert!(self.check(mv).is_ok(), "illegal move {mv} in {self:?}");
        let colour = self.colour();
        let [white, black] = self.discs;
        let (own, opponent) = if colour == 0 {
            (white, black)
        } else {
            (black, white)
        };
        let effect = slide(own, opponent, 1 << mv.tail(), mv.direction());
        let (own, opponent) = (effect.own, effect.opponent);
        // The new discs are passed on in registers rather than read back from `self.discs`.
        let discs = if colour == 0 {
            [own, opponent]
        } else {
            [opponent, own]
        };
        self.discs = discs;
        if effect.lost != 0 {
            self.ending = Some(Ending::PushedOff {
                winner: Player(colour as u8),
                from: effect.lost.trailing_zeros() as u8,
            });
            self.forbidden = NO_MOVE;
            return;
        }
        if self.second {
            self.second = false;
            self.forbidden = NO_MOVE;
            self.turns += 1;
            self.to_move ^= 1;
            self.begin_turn(discs);
        } else {
            self.second = true;
            // Only the same line moved back restores the board; a nudge cannot be undone.
            self.forbidden = if effect.pushed {
                NO_MOVE
            } else {
                NudgeMove::new(
                    effect.arrived.trailing_zeros() as usize,
                    mv.direction().opposite(),
                )
                .code()
            };
            if !self.has_move(own, opponent) {
                self.ending = Some(Ending::NoMove {
                    loser: Player(colour as u8),
                });
            }
        }
    }

    /// Records the start of a turn, with `discs` on the board, and ends the game on a third
    /// repetition, at the turn limit, or when the player to move has no legal move.
    #[inline]
    fn begin_turn(&mut self, discs: [Mask; 2]) {
        self.turn_start = discs;
        let seen = self.seen.add(board_code(discs, self.to_move));
        let own = discs[usize::from(self.to_move & 1)];
        let opponent = discs[usize::from(!self.to_move & 1)];
        self.ending = if seen >= 3 {
            Some(Ending::Repetition)
        } else if self.max_turns.is_some_and(|m| self.turns >= m) {
            Some(Ending::TurnLimit)
        } else if self.has_move(own, opponent) {
            None
        } else {
            Some(Ending::NoMove {
                loser: Player(self.to_move),
            })
        };
    }

    /// For each direction (in [`Direction::ALL`] order), the tails of the legal moves of the
    /// player to move (ignoring whether the game is over).
    #[inline]
    fn legal_tails(&self) -> [Mask; 4] {
        let colour = self.colour();
        let (own, opponent) = (self.discs[colour], self.discs[colour ^ 1]);
        Direction::ALL.map(|d| tails(own, opponent, d).0 & !self.forbidden_tail(d))
    }

    /// The tail of the move towards `direction` that the no-return rule forbids, as a mask
    /// (empty when there is none).
    #[inline]
    fn forbidden_tail(&self, direction: Direction) -> Mask {
        // `NO_MOVE` names bit 31, which is never a square, so no branch is needed.
        let f = self.forbidden;
        let this_way = u32::from(usize::from(f & 3) == direction.index());
        (1 << (f >> 2)) & this_way.wrapping_neg()
    }

    /// Whether the player to move, with discs `own` against `opponent`, has a legal move
    /// (ignoring whether the game is over).
    #[inline]
    fn has_move(&self, own: Mask, opponent: Mask) -> bool {
        // Nearly always some disc can step into an empty square other than by the forbidden
        // move; only otherwise are all moves worked out.
        let empty = FULL & !(own | opponent);
        let steps = Direction::ALL.into_iter().fold(0, |any, d| {
            any | (own & d.opposite().shift(empty) & !self.forbidden_tail(d))
        });
        steps != 0
            || Direction::ALL
                .into_iter()
                .any(|d| tails(own, opponent, d).0 & !self.forbidden_tail(d) != 0)
    }

    /// Every legal move, appended to `moves` in a fixed order: by direction (up, down, left,
    /// right), then by tail square.
    pub(super) fn push_moves(&self, moves: &mut Vec<NudgeMove>) {
        if self.ending.is_some() {
            return;
        }
        for (direction, mut rest) in Direction::ALL.into_iter().zip(self.legal_tails()) {
            while rest != 0 {
                let square = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                moves.push(NudgeMove::new(square, direction));
            }
        }
    }

    /// A uniformly random legal move drawn with `pick(n)`, which returns a number below `n`;
    /// `None` when there is none or the game is over.
    #[inline]
    pub(super) fn random_move_with(&self, pick: impl FnOnce(u32) -> u32) -> Option<NudgeMove> {
        if self.ending.is_some() {
            return None;
        }
        let [t0, t1, t2, t3] = self.legal_tails();
        let c0 = few(t0);
        let c1 = c0 + few(t1);
        let c2 = c1 + few(t2);
        let total = c2 + few(t3);
        if total == 0 {
            return None;
        }
        let n = pick(total);
        let (mask, before, direction) = if n < c0 {
            (t0, 0, Direction::Up)
        } else if n < c1 {
            (t1, c0, Direction::Down)
        } else if n < c2 {
            (t2, c1, Direction::Left)
        } else {
            (t3, c2, Direction::Right)
        };
        // A mask has at most three squares: drop the lowest one or two as needed.
        // Written without branches: the choice is random, so a branch would be mispredicted.
        let k = n - before;
        let is = |i: u32| u32::from(k == i).wrapping_neg();
        let second = mask & mask.wrapping_sub(1);
        let third = second & second.wrapping_sub(1);
        let chosen = (mask & is(0)) | (second & is(1)) | (third & is(2));
        Some(NudgeMove::new(
            chosen.trailing_zeros() as usize % SQUARES,
            direction,
        ))
    }

    /// A legal move that pushes an opponent disc off the board, if there is one.
    pub(super) fn pushing_off_move(&self) -> Option<NudgeMove> {
        if self.ending.is_some() {
            return None;
        }
        let colour = self.colour();
        let (own, opponent) = (self.discs[colour], self.discs[colour ^ 1]);
        Direction::ALL.into_iter().find_map(|direction| {
            let winning = tails(own, opponent, direction).1;
            (winning != 0).then(|| NudgeMove::new(winning.trailing_zeros() as usize, direction))
        })
    }

    /// For `player` as if it were to move at the start of a turn: how many moves it has, and
    /// how many of them push an opponent disc off the board.
    pub fn mobility(&self, player: Player) -> (u32, u32) {
        let colour = player.index() & 1;
        let (own, opponent) = (self.discs[colour], self.discs[colour ^ 1]);
        Direction::ALL
            .into_iter()
            .map(|direction| tails(own, opponent, direction))
            .fold((0, 0), |(moves, off), (legal, winning)| {
                (moves + few(legal), off + few(winning))
            })
    }

    /// The outcome, when the game is over.
    pub(super) fn outcome(&self) -> Option<Outcome> {
        Some(match self.ending? {
            Ending::PushedOff { winner, from } => Outcome::win(
                winner,
                2,
                format!(
                    "{} pushed the {} disc on {} off the board",
                    colour_name(winner),
                    colour_word(winner.index() ^ 1),
                    square_name(from as usize)
                ),
            ),
            Ending::NoMove { loser } => Outcome::win(
                Player(loser.0 ^ 1),
                2,
                format!("{} has no legal move", colour_name(loser)),
            ),
            Ending::Repetition => Outcome::draw(
                2,
                format!(
                    "the same position with {} to move came up for the third time",
                    colour_name(Player(self.to_move))
                ),
            ),
            Ending::TurnLimit => {
                Outcome::draw(2, format!("the limit of {} turns was reached", self.turns))
            }
        })
    }
}

/// "line of 2 discs", "run of 1 disc".
fn count_of(n: u32, what: &str) -> String {
    format!("{what} of {n} disc{}", if n == 1 { "" } else { "s" })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_of_two_pushes_one_into_an_empty_square() {
        // Row 3: W W B . .
        let row = |c: u8| at(c, 3);
        let own = row(b'a') | row(b'b');
        let opponent = row(b'c');
        let effect = resolve(own, opponent, row(b'a'), Direction::Right).unwrap();
        assert_eq!(effect.own, row(b'b') | row(b'c'));
        assert_eq!(effect.opponent, row(b'd'));
        assert!(effect.pushed);
        assert_eq!(effect.lost, 0);
        // From the middle disc, the line is one disc long: no push.
        assert_eq!(
            resolve(own, opponent, row(b'b'), Direction::Right),
            Err(Refusal::Equal { line: 1 })
        );
        // Backwards the line leaves the board.
        assert_eq!(
            resolve(own, opponent, row(b'b'), Direction::Left),
            Err(Refusal::OwnOff)
        );
    }

    /// The all-discs-at-once [`tails`] and the branch-free [`slide`] agree with the one-line
    /// [`resolve`] on random boards
    /// (with 1 to 3 discs a side, so lines and runs of every length meet the rim).
    #[test]
    fn tails_agree_with_resolve() {
        use tabuleiro_core::rng::RngExt;
        let mut rng = tabuleiro_core::rng_from_seed(5);
        let (mut legal, mut winning) = (0, 0);
        for _ in 0..20_000 {
            let mut squares: Vec<usize> = (0..SQUARES).collect();
            for i in (1..SQUARES).rev() {
                squares.swap(i, rng.random_range(0..=i));
            }
            let n_own = rng.random_range(1..=3);
            let n_opponent = rng.random_range(1..=3);
            let own: Mask = squares[..n_own].iter().map(|&s| 1 << s).sum();
            let opponent: Mask = squares[n_own..n_own + n_opponent]
                .iter()
                .map(|&s| 1 << s)
                .sum();
            for direction in Direction::ALL {
                let (tails_legal, tails_winning) = tails(own, opponent, direction);
                for square in 0..SQUARES {
                    let bit = 1 << square;
                    let (is_legal, is_winning) = if own & bit == 0 {
                        (false, false)
                    } else {
                        match resolve(own, opponent, bit, direction) {
                            Ok(effect) => {
                                assert_eq!(slide(own, opponent, bit, direction), effect);
                                (true, effect.lost != 0)
                            }
                            Err(_) => (false, false),
                        }
                    };
                    assert_eq!(tails_legal & bit != 0, is_legal, "{own:#x} {opponent:#x}");
                    assert_eq!(
                        tails_winning & bit != 0,
                        is_winning,
                        "{own:#x} {opponent:#x}"
                    );
                    legal += usize::from(is_legal);
                    winning += usize::from(is_winning);
                }
            }
        }
        assert!(legal > 10_000 && winning > 100, "{legal} {winning}");
    }

    #[test]
    fn layouts_have_three_discs_each_and_mirror() {
        for [white, black] in LAYOUTS {
            assert_eq!(white.count_ones(), DISCS);
            assert_eq!(black.count_ones(), DISCS);
            let mut mirrored = 0;
            for s in 0..SQUARES {
                if white & (1 << s) != 0 {
                    mirrored |= 1 << ((4 - s / 5) * 5 + s % 5);
                }
            }
            assert_eq!(mirrored, black);
        }
    }
}
