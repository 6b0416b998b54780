//! What Pushee Pieces' computer players know beyond the rules: the score difference as the
//! evaluation.

use tabuleiro_core::{Engine, EngineInfo, Player, SearchKind};

use super::Pushee;

/// Own score minus the opponent's.
impl Engine for Pushee {
    const ENGINE: EngineInfo = EngineInfo {
        search: SearchKind::AlphaBeta,
        solvable: false,
    };

    fn evaluate(&self, player: Player) -> i32 {
        let scores = self.both_scores();
        (scores[player.index()] - scores[1 - player.index()]) as i32
    }
}
