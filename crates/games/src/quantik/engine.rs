//! What Quantik's computer players know beyond the rules: mobility as the evaluation, and a
//! quick look for a placement that completes a row, column or region.

use tabuleiro_core::{ActionSpace, Engine, EngineInfo, Game, GameRng, Player, SearchKind};

use super::{Quantik, QuantikMove};

/// Mobility: how many placements `player` has left against how many the opponent has.
impl Engine for Quantik {
    const ENGINE: EngineInfo = EngineInfo {
        search: SearchKind::AlphaBeta,
        solvable: true,
    };

    fn evaluate(&self, player: Player) -> i32 {
        let opponent = Player(1 - player.0);
        self.mobility(player) as i32 - self.mobility(opponent) as i32
    }

    /// Finds placements that complete a row, column or region; a move that wins because the
    /// opponent is then left without a placement is not looked for.
    fn winning_move(&self) -> Option<QuantikMove> {
        self.completing_move()
    }

    /// The winner from the position's ending, without wording its reason.
    fn playout_points(&self, points: &mut [f64]) {
        match self.ending() {
            Some((winner, _)) => {
                for (seat, point) in points.iter_mut().enumerate().take(2) {
                    *point = if seat == winner.index() { 1.0 } else { 0.0 };
                }
            }
            None => points.fill(0.5),
        }
    }

    /// Quantik's playout move is its random move, so a playout is its fast random game.
    fn play_playout(self, rng: &mut GameRng, limit: usize) -> Self {
        self.play_random_moves(rng, limit).0
    }

    /// `row completed`, `column completed`, `region completed`, `shape denied` and
    /// `no placement left`, as the module `quantik::motifs` defines them.
    fn motifs(&self, turn: &[QuantikMove]) -> Vec<&'static str> {
        super::motifs::find(self, turn)
    }

    /// 64 actions (shape and cell) and 16 planes of 4×4: [`super::actions`].
    fn action_space() -> Option<&'static dyn ActionSpace<Self>> {
        Some(&super::actions::QuantikActions)
    }

    /// The puzzles shipped with the program (`puzzles.jsonl` beside the rules), made by
    /// `tabuleiro puzzles generate quantik` (see `docs/puzzles.md`).
    fn puzzles() -> &'static str {
        include_str!("puzzles.jsonl")
    }
}
