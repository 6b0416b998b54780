//! Helpers shared by the test modules: positions and an exact brute-force judge.

use tabuleiro_core::rng::RngExt;
use tabuleiro_core::{Game, GameRng, Setup};
use tabuleiro_games::quantik::Quantik;

/// The empty board, player 1 to move.
pub fn start() -> Quantik {
    Quantik::new(&Setup::default_for(Quantik::INFO)).expect("the default setup")
}

pub fn legal(state: &Quantik) -> Vec<<Quantik as Game>::Move> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves
}

/// A position `pieces` uniformly random moves from the start that is not over yet, with the
/// moves in notation.
pub fn random_position(rng: &mut GameRng, pieces: usize) -> (Quantik, Vec<String>) {
    'again: loop {
        let mut state = start();
        let mut texts = Vec::new();
        for _ in 0..pieces {
            let moves = legal(&state);
            if moves.is_empty() {
                continue 'again;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            texts.push(state.format_move(mv));
            state.play(mv).expect("listed moves are legal");
        }
        if state.to_move().is_some() {
            return (state, texts);
        }
    }
}

/// Whether the player to move in an unfinished `state` can force a win: plain exhaustive
/// search over the rules, nothing from the AI crate (Quantik has no draws).
pub fn can_force_win(state: &Quantik) -> bool {
    let me = state.to_move().expect("an unfinished game");
    legal(state).into_iter().any(|mv| {
        let mut child = *state;
        child.play(mv).expect("legal");
        match child.outcome() {
            Some(outcome) => outcome.winner() == Some(me),
            None if child.to_move() == Some(me) => can_force_win(&child),
            None => !can_force_win(&child),
        }
    })
}
