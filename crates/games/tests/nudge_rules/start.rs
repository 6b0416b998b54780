//! Nudge's start: the four layouts as the rules list them, and who moves first.

use std::collections::BTreeSet;

use tabuleiro_core::{Game, Perspective};
use tabuleiro_games::nudge::{BLACK, Nudge, WHITE};

use super::{legal, nudge, squares};
use crate::util::{illegal_reason, setup};

/// The layouts exactly as the rules list them.
const RULE_LAYOUTS: [&str; 4] = [
    "White B2 C2 D2 — Black B4 C4 D4",
    "White A1 C1 E1 — Black A5 C5 E5",
    "White C1 B2 D2 — Black B4 D4 C5",
    "White B1 D1 C2 — Black C4 B5 D5",
];

#[test]
fn the_four_layouts_are_as_listed_in_the_rules() {
    for (i, line) in RULE_LAYOUTS.iter().enumerate() {
        let (white, black) = line.split_once(" — ").unwrap();
        let sorted = |list: &str| {
            let mut names: Vec<String> = list
                .split_whitespace()
                .skip(1)
                .map(str::to_lowercase)
                .collect();
            // In square order: row, then column.
            names.sort_by_key(|n| (n.as_bytes()[1], n.as_bytes()[0]));
            names.join(" ")
        };
        let state = nudge(&[&format!("start={}", i + 1)]);
        assert_eq!(squares(&state, WHITE), sorted(white), "start={}", i + 1);
        assert_eq!(squares(&state, BLACK), sorted(black), "start={}", i + 1);
    }
    // The default is layout 1, and there is no fifth.
    assert_eq!(squares(&nudge(&[]), WHITE), "b2 c2 d2");
    let info = &tabuleiro_games::nudge::INFO;
    assert!(tabuleiro_core::Options::parse(info, &["start=5".into()]).is_err());
}

#[test]
fn white_starts_unless_first_says_otherwise() {
    let state = nudge(&[]);
    assert_eq!(state.to_move(), Some(WHITE));
    assert_eq!(state.move_in_turn(), (1, 2));
    assert!(
        state
            .render(Perspective::Everyone)
            .contains("White to move (move 1 of 2)")
    );

    let state = nudge(&["first=black"]);
    assert_eq!(state.to_move(), Some(BLACK));
    assert_eq!(state.move_in_turn(), (1, 2));
    assert!(
        state
            .render(Perspective::Everyone)
            .contains("Black to move (move 1 of 2)")
    );
    // Seats do not change: Black (player 2) still has the discs on rows 4 and 5.
    assert_eq!(squares(&state, BLACK), "b4 c4 d4");
    assert!(
        legal(&state)
            .iter()
            .all(|m| ["b4", "c4", "d4"].contains(&&m[..2])),
        "Black moves its own discs"
    );
    assert_eq!(
        illegal_reason(&state, "c2d"),
        "there is no black disc on c2"
    );
}

#[test]
fn first_random_is_decided_by_the_seed() {
    let mut starters = BTreeSet::new();
    for seed in 0..64 {
        let setup = setup::<Nudge>(&["first=random"], seed);
        let a = Nudge::new(&setup).unwrap();
        let b = Nudge::new(&setup).unwrap();
        assert_eq!(a, b, "seed {seed}: the same seed, the same start");
        starters.insert(a.to_move().unwrap());
    }
    assert_eq!(starters.len(), 2, "both players start for some seed");
}
