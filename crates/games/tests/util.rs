//! Helpers shared by the test modules.

use tabuleiro_core::{Game, MoveError, Options, Setup};
use tabuleiro_games::quantik::Quantik;

/// A setup of `G` with options given as `name=value` strings, and `seed`.
pub fn setup<G: Game>(options: &[&str], seed: u64) -> Setup {
    let settings: Vec<String> = options.iter().map(|s| (*s).to_owned()).collect();
    let options =
        Options::parse(G::INFO, &settings).unwrap_or_else(|e| panic!("options {options:?}: {e}"));
    Setup {
        players: G::INFO.min_players,
        options,
        seed,
    }
}

/// A new Quantik game with these options (seed 0).
pub fn quantik(options: &[&str]) -> Quantik {
    Quantik::new(&setup::<Quantik>(options, 0)).expect("a Quantik setup")
}

/// Plays moves given in notation, separated by spaces; each must be legal.
pub fn play<G: Game>(state: &mut G, moves: &str) {
    for text in moves.split_whitespace() {
        let mv = state
            .parse_move(text)
            .unwrap_or_else(|e| panic!("`{text}` in `{moves}` should be legal: {e}"));
        state
            .play(mv)
            .unwrap_or_else(|e| panic!("`{text}` was accepted by parse_move: {e}"));
    }
}

/// A new Quantik game (player 1 first) after `moves`.
pub fn quantik_after(moves: &str) -> Quantik {
    let mut state = quantik(&[]);
    play(&mut state, moves);
    state
}

/// Why `text` is refused as an illegal move (panics if it is accepted or is bad syntax).
pub fn illegal_reason<G: Game>(state: &G, text: &str) -> String {
    match state.parse_move(text) {
        Err(MoveError::Illegal { error, .. }) => {
            // The fast path must agree, and a refused move must leave the position alone.
            let mv = state.parse_notation(text).expect("well-formed");
            let mut copy = state.clone();
            assert!(copy.play(mv).is_err(), "play accepts `{text}`");
            assert!(copy == *state, "a refused `{text}` changed the position");
            error.reason
        }
        other => panic!("`{text}` should be an illegal move, got {other:?}"),
    }
}
