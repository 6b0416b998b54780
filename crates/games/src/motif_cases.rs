//! What the motif detectors' tests share ([`tabuleiro_core::Engine::motifs`]): a position
//! reached by moves in notation, and the motifs of a whole turn played from it.

use tabuleiro_core::{Engine, Game};

/// `start` after `moves` in notation; each must be legal.
pub(crate) fn played<G: Game>(mut start: G, moves: &str) -> G {
    for text in moves.split_whitespace() {
        let mv = start
            .parse_move(text)
            .unwrap_or_else(|e| panic!("`{text}` in `{moves}`: {e}"));
        start
            .play(mv)
            .unwrap_or_else(|e| panic!("`{text}` in `{moves}`: {e}"));
    }
    start
}

/// The motifs of the legal turn `turn` (its moves in notation) from `state`.
pub(crate) fn motifs<G: Engine>(state: &G, turn: &str) -> Vec<&'static str> {
    let mut moves = Vec::new();
    let mut replay = state.clone();
    for text in turn.split_whitespace() {
        let mv = replay
            .parse_move(text)
            .unwrap_or_else(|e| panic!("`{text}` in `{turn}`: {e}"));
        assert_eq!(replay.to_move(), state.to_move(), "`{turn}` is one turn");
        replay
            .play(mv)
            .unwrap_or_else(|e| panic!("`{text}` in `{turn}`: {e}"));
        moves.push(mv);
    }
    assert_ne!(
        replay.to_move(),
        state.to_move(),
        "`{turn}` is a whole turn"
    );
    state.motifs(&moves)
}
