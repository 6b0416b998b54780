//! A square board of any side up to 5 with `discs` discs a side, as masks: the moves of one
//! player forwards (what a move does) and backwards (which positions a move can come from).
//!
//! The rules are those of [`Nudge`](crate::nudge::Nudge) (see `state.rs`), written again for a
//! board whose side is a parameter so that a small board (4×4, two discs each) can be solved
//! and checked against a plain search in tests. On the 5×5 board the tests check that both
//! agree move for move.

use crate::nudge::board::{Direction, Mask};

/// Board side and discs per player of a solvable Nudge variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Geometry {
    side: u32,
    discs: u32,
    full: Mask,
    first_column: Mask,
    last_column: Mask,
}

/// What one move does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Step {
    /// The move is not allowed.
    Illegal,
    /// The mover's and the opponent's discs afterwards; nobody left the board.
    Moved(Mask, Mask),
    /// An opponent disc was pushed off the board: the mover wins.
    PushedOff,
}

/// How a start-of-turn position's turns look, before any child is known.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Turns {
    /// The mover pushes a disc off on the first move (`plies == 1`) or only on the second
    /// (`plies == 2`).
    Wins {
        /// Moves until the game ends.
        plies: u16,
    },
    /// No push-off: `paths` pairs of moves lead to another start-of-turn position (a child may
    /// be reached by several), `stuck` says whether some first move leaves no legal second
    /// move (the mover then loses at once), `any_move` whether there is a first move at all.
    Paths {
        /// Legal two-move turns ending on a new start-of-turn position.
        paths: u32,
        /// Whether some first move leaves no legal second move.
        stuck: bool,
        /// Whether the mover has a legal first move.
        any_move: bool,
    },
}

impl Geometry {
    /// The real game: 5×5, three discs a side.
    pub const STANDARD: Geometry = Geometry::unchecked(5, 3);

    /// A board of `side` × `side` squares (3..=5) with `discs` discs a side (1..=3), or `None`
    /// when that does not fit.
    pub const fn new(side: u32, discs: u32) -> Option<Geometry> {
        if side < 3 || side > 5 || discs < 1 || discs > 3 || 2 * discs >= side * side {
            None
        } else {
            Some(Geometry::unchecked(side, discs))
        }
    }

    const fn unchecked(side: u32, discs: u32) -> Geometry {
        let squares = side * side;
        let full = (1 << squares) - 1;
        let mut first_column = 0;
        let mut row = 0;
        while row < side {
            first_column |= 1 << (row * side);
            row += 1;
        }
        Geometry {
            side,
            discs,
            full,
            first_column,
            last_column: first_column << (side - 1),
        }
    }

    /// Squares on a side.
    pub const fn side(self) -> u32 {
        self.side
    }

    /// Discs of each player.
    pub const fn discs(self) -> u32 {
        self.discs
    }

    /// Number of squares.
    pub const fn squares(self) -> u32 {
        self.side * self.side
    }

    /// Every square.
    pub const fn full(self) -> Mask {
        self.full
    }

    /// The squares of `m` moved one square towards `direction`; those leaving the board drop.
    #[inline]
    pub(crate) const fn step(self, m: Mask, direction: Direction) -> Mask {
        match direction {
            Direction::Up => m >> self.side,
            Direction::Down => (m << self.side) & self.full,
            Direction::Left => (m >> 1) & !self.last_column,
            Direction::Right => (m << 1) & self.full & !self.first_column,
        }
    }

    /// The move of the line whose tail is `tail` (one square of `own`) towards `direction`.
    #[inline]
    pub(crate) fn play(self, own: Mask, opponent: Mask, tail: Mask, direction: Direction) -> Step {
        let mut line = 1;
        let mut ahead = self.step(tail, direction);
        while ahead & own != 0 {
            line += 1;
            ahead = self.step(ahead, direction);
        }
        if ahead == 0 {
            return Step::Illegal;
        }
        if ahead & opponent == 0 {
            return Step::Moved(own ^ tail ^ ahead, opponent);
        }
        let mut run = 0;
        let mut past = ahead;
        while past & opponent != 0 {
            run += 1;
            past = self.step(past, direction);
        }
        if run >= line || past & own != 0 {
            Step::Illegal
        } else if past == 0 {
            Step::PushedOff
        } else {
            Step::Moved(own ^ tail ^ ahead, opponent ^ ahead ^ past)
        }
    }

    /// Calls `f` with the effect of every legal move of the player with discs `own`.
    #[inline]
    pub(crate) fn for_each_move(self, own: Mask, opponent: Mask, mut f: impl FnMut(Step)) {
        for direction in Direction::ALL {
            let mut rest = own;
            while rest != 0 {
                let tail = rest & rest.wrapping_neg();
                rest ^= tail;
                let step = self.play(own, opponent, tail, direction);
                if step != Step::Illegal {
                    f(step);
                }
            }
        }
    }

    /// The turns of the player with discs `own` at the start of a turn: an immediate win, or
    /// else every pair of moves ending on a new position, passed to `child` as the discs of
    /// the next player to move and then of this one. A turn may not end where it started.
    pub(crate) fn turns(
        self,
        own: Mask,
        opponent: Mask,
        mut child: impl FnMut(Mask, Mask),
    ) -> Turns {
        let mut first_push = false;
        self.for_each_move(own, opponent, |step| first_push |= step == Step::PushedOff);
        if first_push {
            return Turns::Wins { plies: 1 };
        }
        let (mut second_push, mut paths, mut stuck, mut any_move) = (false, 0, false, false);
        self.for_each_move(own, opponent, |step| {
            let Step::Moved(own1, opponent1) = step else {
                return;
            };
            any_move = true;
            let mut seconds = 0;
            self.for_each_move(own1, opponent1, |step| match step {
                Step::PushedOff => {
                    second_push = true;
                    seconds += 1;
                }
                Step::Moved(own2, opponent2) if (own2, opponent2) != (own, opponent) => {
                    seconds += 1;
                    paths += 1;
                    child(opponent2, own2);
                }
                _ => {}
            });
            stuck |= seconds == 0;
        });
        if second_push {
            Turns::Wins { plies: 2 }
        } else {
            Turns::Paths {
                paths,
                stuck,
                any_move,
            }
        }
    }

    /// Calls `f(own, opponent)` with every position from which one legal move of the player
    /// with discs `own` (that pushed nothing off the board) leads to `own`, `opponent`.
    ///
    /// A move whose line of `l` discs ends (after the move) on `head` came from the `l` squares
    /// behind `head`; the square behind the line was its tail and is empty afterwards. The
    /// line had to stop at `head`, so `head` was empty or held the first disc of an opponent
    /// run of fewer than `l` discs, which now sits one square further on with an empty square
    /// past it before the move.
    #[inline]
    pub(crate) fn for_each_unmove(self, own: Mask, opponent: Mask, mut f: impl FnMut(Mask, Mask)) {
        let empty = self.full & !(own | opponent);
        for direction in Direction::ALL {
            let back = direction.opposite();
            let mut heads = own;
            while heads != 0 {
                let head = heads & heads.wrapping_neg();
                heads ^= head;
                // The line after the move: own squares from `head` backwards.
                let mut line = 1;
                let mut tail = self.step(head, back);
                while tail & own != 0 {
                    line += 1;
                    tail = self.step(tail, back);
                }
                if tail & empty == 0 {
                    continue;
                }
                let own_before = own ^ tail ^ head;
                f(own_before, opponent);
                let mut last = head;
                for _ in 1..line {
                    last = self.step(last, direction);
                    if last & opponent == 0 {
                        break;
                    }
                    f(own_before, opponent ^ last ^ head);
                }
            }
        }
    }
}
