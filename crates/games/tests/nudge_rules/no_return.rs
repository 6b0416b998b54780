//! Nudge's no-return rule: a turn's second move may not restore the turn's start.

use tabuleiro_core::{Game, rng_from_seed};
use tabuleiro_games::nudge::{BLACK, WHITE};

use super::{after, legal, nudge, squares};
use crate::util::illegal_reason;

#[test]
fn the_second_move_may_not_restore_the_turns_start() {
    let state = nudge(&[]);
    let one = after(&state, "c2d");
    assert_eq!(
        illegal_reason(&one, "c3u"),
        "the turn would end where it started"
    );
    assert!(!legal(&one).contains("c3u"));
    assert!(legal(&one).contains("c3l"));
    // A random second move never goes back.
    let mut rng = rng_from_seed(3);
    for _ in 0..500 {
        let mv = one.random_move(&mut rng).unwrap();
        assert_ne!(one.format_move(mv), "c3u");
    }
    // A whole line moved and moved back is the same.
    let line = after(&state, "b2r");
    assert_eq!(squares(&line, WHITE), "c2 d2 e2");
    assert_eq!(
        illegal_reason(&line, "e2l"),
        "the turn would end where it started"
    );
    // A different way to the start board over two moves: first b2u, then b1d is refused,
    // but moving the same disc elsewhere is fine.
    let other = after(&state, "b2u");
    assert_eq!(
        illegal_reason(&other, "b1d"),
        "the turn would end where it started"
    );
    assert!(legal(&other).contains("b1r"));
}

#[test]
fn earlier_turns_positions_are_not_restricted() {
    // White steps two discs out, Black answers, and White steps them back: White's discs are
    // where they were two turns ago, which is allowed.
    let state = after(&nudge(&[]), "b2u d2u b4d d4d b1d");
    assert!(legal(&state).contains("d1d"));
    let back = after(&state, "d1d");
    assert_eq!(squares(&back, WHITE), "b2 c2 d2");
    assert_eq!(back.to_move(), Some(BLACK));
}
