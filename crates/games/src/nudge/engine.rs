//! What Nudge's computer players know beyond the rules: a cheap evaluation, a quick look for
//! a push that wins, and the solved table of the 5×5 board ([`super::solve`]).

use tabuleiro_core::{ActionSpace, Engine, EngineInfo, Player, SearchKind};

use super::{EDGE, FULL, Mask, Nudge, NudgeMove, solve};

/// The inner 3×3 squares.
const INNER: Mask = FULL & !EDGE;

/// The centre square `c3`.
const CENTRE: Mask = 1 << 12;

/// A cheap heuristic, from `player`'s side: discs kept (decisive), discs the player could
/// push off against those the opponent could (more when it is that side's turn), mobility,
/// and discs kept off the edge, where they can be pushed off.
impl Engine for Nudge {
    const ENGINE: EngineInfo = EngineInfo {
        search: SearchKind::AlphaBeta,
        solvable: true,
    };

    fn evaluate(&self, player: Player) -> i32 {
        let me = player.index() & 1;
        let them = me ^ 1;
        let count = |c: usize, mask: Mask| (self.discs[c] & mask).count_ones() as i32;
        let (my_moves, my_off) = self.mobility(Player(me as u8));
        let (their_moves, their_off) = self.mobility(Player(them as u8));
        let turn = |c: usize, off: u32| {
            if self.colour() == c && off > 0 {
                200
            } else {
                40 * off as i32
            }
        };
        1000 * (count(me, FULL) - count(them, FULL)) + turn(me, my_off) - turn(them, their_off)
            + 3 * (my_moves as i32 - their_moves as i32)
            + 10 * (count(me, INNER) - count(them, INNER))
            + 5 * (count(me, CENTRE) - count(them, CENTRE))
    }

    /// The solved table (see [`solve`]): loaded, or built on first use.
    fn oracle() -> Option<&'static dyn tabuleiro_core::OracleSource<Self>> {
        Some(&solve::oracle::SOURCE)
    }

    /// Finds a move that pushes an opponent disc off the board (the only way to win at once).
    fn winning_move(&self) -> Option<NudgeMove> {
        self.pushing_off_move()
    }

    /// `push off the edge` and `double push`, as the module `nudge::motifs` defines them.
    fn motifs(&self, turn: &[NudgeMove]) -> Vec<&'static str> {
        super::motifs::find(self, turn)
    }

    /// 100 actions (tail square and direction) and 5 planes of 5×5: [`super::actions`].
    fn action_space() -> Option<&'static dyn ActionSpace<Self>> {
        Some(&super::actions::NudgeActions)
    }

    /// The puzzles shipped with the program (`puzzles.jsonl` beside the rules), made by
    /// `tabuleiro puzzles generate nudge` (see `docs/puzzles.md`).
    fn puzzles() -> &'static str {
        include_str!("puzzles.jsonl")
    }
}
