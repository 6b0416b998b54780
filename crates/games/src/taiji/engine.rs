//! What Taiji's computer players know beyond the rules: the score with the room groups have
//! to grow as the evaluation, and a quick look for a tile that ends the game with a win.

use tabuleiro_core::{ActionSpace, Engine, EngineInfo, Game, Player, SearchKind};

use super::{Colour, Scoring, Taiji, TaijiMove};

/// Score difference with the current groups, weighted 16 per cell, plus the room the counted
/// groups have to grow (empty cells next to them), mine against the opponent's. Under omega the
/// products are compared by their logarithms, so that the value stays small.
impl Engine for Taiji {
    const ENGINE: EngineInfo = EngineInfo {
        search: SearchKind::MonteCarlo,
        solvable: false,
    };

    /// 4n² actions (light cell and the side of its dark half) and 3 planes of n×n:
    /// [`super::actions`].
    fn action_space() -> Option<&'static dyn ActionSpace<Self>> {
        Some(&super::actions::TaijiActions)
    }

    fn evaluate(&self, player: Player) -> i32 {
        let mine = Colour::of_seat(player.index());
        let (own, own_groups) = self.counted(mine);
        let (other, other_groups) = self.counted(mine.other());
        let room = self.room(own_groups) as i32 - self.room(other_groups) as i32;
        let scores = match self.scoring() {
            Scoring::Standard => 16 * (own - other) as i32,
            Scoring::Omega => {
                let log = |s: i64| (s.max(1) as f64).ln();
                (64.0 * (log(own) - log(other))).round() as i32
            }
        };
        scores + room
    }

    /// A move can only end the game when few pairs of empty cells remain: the two cells of a
    /// tile belong to at most 4 + 4 − 1 = 7 pairs. Past that bound there is no quick win to
    /// look for; below it, every move is tried. Nothing is overlooked.
    fn winning_move(&self) -> Option<TaijiMove> {
        let player = self.to_move()?;
        if self.open_pairs() > 7 {
            return None;
        }
        let mut moves = Vec::new();
        self.legal_moves(&mut moves);
        moves.into_iter().find(|&mv| {
            let mut next = *self;
            next.place(mv);
            next.is_over() && next.winner() == player
        })
    }

    /// `group joined` and `group cut`, as the module `taiji::motifs` defines them.
    fn motifs(&self, turn: &[TaijiMove]) -> Vec<&'static str> {
        super::motifs::find(self, turn)
    }

    /// The puzzles shipped with the program (`puzzles.jsonl` beside the rules), made by
    /// `tabuleiro puzzles generate taiji` (see `docs/puzzles.md`).
    fn puzzles() -> &'static str {
        include_str!("puzzles.jsonl")
    }
}
