//! What Pushee Pieces' computer players know beyond the rules: the score difference as the
//! evaluation.

use tabuleiro_core::{ActionSpace, Engine, EngineInfo, Player, SearchKind};

use super::{Pushee, PusheeMove};

/// Own score minus the opponent's.
impl Engine for Pushee {
    const ENGINE: EngineInfo = EngineInfo {
        search: SearchKind::AlphaBeta,
        solvable: false,
    };

    /// 2WH actions (orientation and cell) and 7 planes of H×W: [`super::actions`].
    fn action_space() -> Option<&'static dyn ActionSpace<Self>> {
        Some(&super::actions::PusheeActions)
    }

    fn evaluate(&self, player: Player) -> i32 {
        let scores = self.both_scores();
        (scores[player.index()] - scores[1 - player.index()]) as i32
    }

    /// `chain push` and `push off the edge`, as the module `pushee::motifs` defines them.
    fn motifs(&self, turn: &[PusheeMove]) -> Vec<&'static str> {
        super::motifs::find(self, turn)
    }

    /// The puzzles shipped with the program (`puzzles.jsonl` beside the rules), made by
    /// `tabuleiro puzzles generate pushee` (see `docs/puzzles.md`).
    fn puzzles() -> &'static str {
        include_str!("puzzles.jsonl")
    }
}
