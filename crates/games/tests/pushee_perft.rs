//! Perft of Pushee Pieces on a small fixed board (`data/pushee.perft`).

use crate::perft_file::{check_fast_counts, parse_perft_file};

const PUSHEE_PERFT: &str = include_str!("data/pushee.perft");

#[test]
fn pushee_perft_file() {
    assert_eq!(parse_perft_file(PUSHEE_PERFT).len(), 30);
    assert_eq!(check_fast_counts(PUSHEE_PERFT, u64::MAX), 30);
}

/// With walls on, every placement keeps every piece on the board: 2 moves per empty cell.
#[test]
fn with_walls_on_the_counts_follow_the_empty_cells() {
    for line in parse_perft_file(PUSHEE_PERFT)
        .iter()
        .filter(|l| l.options.iter().any(|o| o == "walls=on"))
    {
        let expected: u64 = (0..u64::from(line.depth)).map(|k| 2 * (16 - k)).product();
        assert_eq!(line.count, expected, "perft line {}", line.number);
    }
}

/// Walls off removes pieces, so the counts grow past the formula from depth 3 on, and the
/// chain setting matters from depth 4 on.
#[test]
fn walls_off_and_chains_change_the_counts() {
    let lines = parse_perft_file(PUSHEE_PERFT);
    let count = |walls: &str, chains: &str, depth: u32| {
        lines
            .iter()
            .find(|l| {
                l.depth == depth
                    && l.options.iter().any(|o| o == &format!("walls={walls}"))
                    && l.options.iter().any(|o| o == &format!("chains={chains}"))
            })
            .map(|l| l.count)
            .expect("a line")
    };
    assert_eq!(count("off", "3", 3), count("on", "3", 3) + 64);
    assert_ne!(count("off", "0", 4), count("off", "3", 4));
}
