//! Quantik positions checked by hand against the rule book (`shared/rules/quantik.md`), and
//! the fast rules compared with the reference implementation along random games.

use std::collections::HashSet;

use tabuleiro_core::rng::RngExt;
use tabuleiro_core::{Game, MoveError, Options, Player, PlayerResult, Setup, rng_from_seed};
use tabuleiro_games::quantik::{Quantik, QuantikMove};

use crate::quantik_reference::{self as reference, LETTERS};
use crate::util::{illegal_reason, play, quantik, quantik_after, setup};

/// Every move text of the game: shape letter, column, row.
fn all_texts() -> Vec<String> {
    let mut texts = Vec::new();
    for shape in LETTERS {
        for row in 1..=4 {
            for column in ['a', 'b', 'c', 'd'] {
                texts.push(format!("{shape}{column}{row}"));
            }
        }
    }
    texts
}

fn legal(state: &Quantik) -> Vec<QuantikMove> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves
}

fn legal_texts(state: &Quantik) -> HashSet<String> {
    legal(state)
        .into_iter()
        .map(|mv| state.format_move(mv))
        .collect()
}

#[test]
fn the_empty_board_has_64_first_moves_whoever_starts() {
    for first in ["first=1", "first=2"] {
        let state = quantik(&[first]);
        let moves = legal(&state);
        assert_eq!(moves.len(), 64, "{first}");
        let distinct: HashSet<QuantikMove> = moves.iter().copied().collect();
        assert_eq!(distinct.len(), 64, "{first}: no move twice");
        let expected: HashSet<String> = all_texts().into_iter().collect();
        assert_eq!(
            legal_texts(&state),
            expected,
            "{first}: every shape on every cell"
        );
        for text in all_texts() {
            let mv = state
                .parse_move(&text)
                .unwrap_or_else(|e| panic!("{first}: {text}: {e}"));
            assert!(distinct.contains(&mv), "{first}: {text}");
        }
    }
}

/// After any first move, the second player may put any of 4 shapes on any of the 15 empty
/// cells, except the first move's shape on the 7 other cells of its row, column and region:
/// 15 × 4 − 7 = 53 replies, so perft(2) = 64 × 53.
#[test]
fn every_first_move_leaves_53_replies() {
    for first in all_texts() {
        let state = quantik_after(&first);
        assert_eq!(state.to_move(), Some(Player(1)), "{first}");
        let replies = legal_texts(&state);
        assert_eq!(replies.len(), 53, "after {first}");
        let (shape, cell) = first.split_at(1);
        for text in all_texts() {
            let (s, c) = text.split_at(1);
            let (r1, c1) = (cell.as_bytes()[1], cell.as_bytes()[0]);
            let (r2, c2) = (c.as_bytes()[1], c.as_bytes()[0]);
            let same_region =
                (r1 - b'1') / 2 == (r2 - b'1') / 2 && (c1 - b'a') / 2 == (c2 - b'a') / 2;
            let blocked = s == shape && (r1 == r2 || c1 == c2 || same_region);
            assert_eq!(
                replies.contains(&text),
                c != cell && !blocked,
                "{text} after {first}"
            );
        }
    }
}

#[test]
fn an_opponents_shape_forbids_its_row_column_and_region() {
    // Player 1 puts a cone on c2: row 2, column c, region c1-d2.
    let mut state = quantik_after("Oc2");
    assert_eq!(
        illegal_reason(&state, "Oa2"),
        "opponent has a cone in row 2"
    );
    assert_eq!(
        illegal_reason(&state, "Oc4"),
        "opponent has a cone in column c"
    );
    assert_eq!(
        illegal_reason(&state, "Od1"),
        "opponent has a cone in region c1-d2"
    );
    assert_eq!(illegal_reason(&state, "Cc2"), "c2 is occupied");
    // Diagonal neighbours and other regions are free; other shapes are free everywhere.
    for text in ["Ob1", "Ob3", "Od3", "Oa4", "Ca2", "Yc4", "Sd1", "Cd2"] {
        assert!(state.parse_move(text).is_ok(), "{text} should be legal");
    }
    assert_eq!(legal(&state).len(), 53);

    // Player 2 puts a sphere on a4: row 4, column a, region a3-b4 are closed to player 1's
    // spheres.
    play(&mut state, "Sa4");
    assert_eq!(
        illegal_reason(&state, "Sd4"),
        "opponent has a sphere in row 4"
    );
    assert_eq!(
        illegal_reason(&state, "Sa1"),
        "opponent has a sphere in column a"
    );
    assert_eq!(
        illegal_reason(&state, "Sb3"),
        "opponent has a sphere in region a3-b4"
    );

    // Player 1's own cone does not restrict player 1: a second cone in the same row and region.
    assert!(
        state.parse_move("Oc4").is_ok(),
        "own shape in the same column is allowed"
    );
    play(&mut state, "Od2");
    play(&mut state, "Yb4");
    // Both of player 1's cones are down.
    assert_eq!(
        state.pieces_left(Player(0), tabuleiro_games::quantik::Shape::Cone),
        0
    );
    assert_eq!(illegal_reason(&state, "Oa3"), "you have no cone left");
    assert!(!legal_texts(&state).iter().any(|t| t.starts_with('O')));
}

#[test]
fn the_restriction_binds_each_player_only_by_the_other() {
    // Player 2 starts; player 2's cube on b3 closes row 3, column b, region a3-b4 to player 1.
    let mut state = quantik(&["first=2"]);
    play(&mut state, "Cb3");
    assert_eq!(state.to_move(), Some(Player(0)));
    assert_eq!(
        illegal_reason(&state, "Cd3"),
        "opponent has a cube in row 3"
    );
    assert_eq!(
        illegal_reason(&state, "Cb1"),
        "opponent has a cube in column b"
    );
    assert_eq!(
        illegal_reason(&state, "Ca4"),
        "opponent has a cube in region a3-b4"
    );
    play(&mut state, "Yd1");
    // Player 2 may double the cube in row 3.
    assert!(state.parse_move("Cd3").is_ok());
    assert_eq!(
        illegal_reason(&state, "Ya1"),
        "opponent has a cylinder in row 1"
    );
}

/// Checks a finished game: nobody to move, no moves, `winner` won, the reason names `unit`.
fn assert_won(state: &Quantik, winner: Player, unit: &str) {
    let outcome = state.outcome().expect("the game is over");
    assert_eq!(outcome.winner(), Some(winner), "{outcome:?}");
    assert_eq!(outcome.result(Player(1 - winner.0)), PlayerResult::Loss);
    assert!(
        outcome.reason.contains(unit),
        "reason `{}` should name {unit}",
        outcome.reason
    );
    assert_eq!(state.to_move(), None);
    assert!(legal(state).is_empty());
    for text in ["Ca3", "Yc3", "Sb4"] {
        assert!(state.parse_notation(text).is_ok());
        assert_eq!(illegal_reason(state, text), "the game is over");
    }
}

#[test]
fn four_different_shapes_in_a_row_win_whoever_owns_them() {
    let mut state = quantik_after("Ca1 Yb1 Oc1");
    assert_eq!(state.outcome(), None);
    play(&mut state, "Sd1");
    assert_won(&state, Player(1), "row 1");
}

#[test]
fn four_different_shapes_in_a_column_win_with_a_single_own_piece() {
    // Player 2 owns only the last piece of column a.
    let mut state = quantik_after("Ca1 Yd4 Ya2 Cc4 Oa3");
    assert_eq!(state.outcome(), None);
    play(&mut state, "Sa4");
    assert_won(&state, Player(1), "column a");
}

#[test]
fn four_different_shapes_in_a_region_win() {
    let mut state = quantik_after("Ca1 Oa2 Yb1 Cd4");
    assert_eq!(state.outcome(), None);
    play(&mut state, "Sb2");
    assert_won(&state, Player(0), "region a1-b2");
}

#[test]
fn a_full_unit_with_a_repeated_shape_or_a_diagonal_does_not_win() {
    // Row 1 full with cube, cylinder, cube, sphere: the game goes on.
    let state = quantik_after("Ca1 Yb1 Cc1 Sd1");
    assert_eq!(state.outcome(), None);
    assert_eq!(state.to_move(), Some(Player(0)));
    // The diagonal a1 b2 c3 d4 with four different shapes does not count.
    let state = quantik_after("Ca1 Yb2 Oc3 Sd4");
    assert_eq!(state.outcome(), None);
    assert_eq!(state.to_move(), Some(Player(0)));
}

/// Independent check of "no legal move": every shape `player` still has is blocked on every
/// empty cell by an opponent's piece of that shape in the same row, column or region; and no
/// unit holds four different shapes (so the game did not end by a completed unit).
fn has_no_placement(state: &Quantik, player: Player) -> bool {
    let piece = |cell: usize| {
        state
            .piece_at(cell)
            .map(|(owner, shape)| (owner, shape.index()))
    };
    let empty: Vec<usize> = (0..16).filter(|&c| piece(c).is_none()).collect();
    (0..4).all(|shape| {
        let placed = (0..16)
            .filter(|&c| piece(c) == Some((player, shape)))
            .count();
        placed == 2
            || empty.iter().all(|&cell| {
                (0..16).any(|other| {
                    piece(other).is_some_and(|(owner, s)| owner != player && s == shape)
                        && reference::related(cell, other)
                })
            })
    })
}

fn has_complete_unit(state: &Quantik) -> bool {
    reference::UNITS.iter().any(|unit| {
        let mut shapes: Vec<usize> = unit
            .iter()
            .filter_map(|&c| state.piece_at(c).map(|(_, s)| s.index()))
            .collect();
        shapes.sort_unstable();
        shapes.dedup();
        shapes.len() == 4
    })
}

#[test]
fn a_player_with_no_legal_move_loses() {
    let mut rng = rng_from_seed(11);
    let mut found = 0;
    for game in 0..5000 {
        let mut state = quantik(&[]);
        let mut texts = Vec::new();
        let mut last_mover = None;
        while let Some(player) = state.to_move() {
            let moves = legal(&state);
            let mv = moves[rng.random_range(0..moves.len())];
            texts.push(state.format_move(mv));
            state.play(mv).expect("listed moves are legal");
            last_mover = Some(player);
        }
        let winner = last_mover.expect("nobody moved");
        if has_complete_unit(&state) {
            continue;
        }
        // The game ended without a completed unit: the player who would move next has no
        // placement, and the one who moved last won.
        found += 1;
        let loser = Player(1 - winner.0);
        assert!(
            has_no_placement(&state, loser),
            "game {game}: {}",
            texts.join(" ")
        );
        let outcome = state.outcome().expect("over");
        assert_eq!(
            outcome.winner(),
            Some(winner),
            "game {game}: {}",
            texts.join(" ")
        );
        assert_eq!(outcome.result(loser), PlayerResult::Loss);
        assert!(
            outcome.reason.contains("no legal move"),
            "{}",
            outcome.reason
        );
        // The same moves typed in replay to the same position.
        assert_eq!(quantik_after(&texts.join(" ")), state);
        if found >= 20 {
            break;
        }
    }
    assert!(found >= 20, "only {found} games ended without a legal move");
}

#[test]
fn no_unfinished_position_leaves_the_player_to_move_without_a_placement() {
    // Conversely: along random games, whenever nobody has won, the player to move can place.
    let mut rng = rng_from_seed(12);
    for _ in 0..300 {
        let mut state = quantik(&[]);
        while let Some(player) = state.to_move() {
            assert!(!has_no_placement(&state, player), "{state:?}");
            assert!(!has_complete_unit(&state));
            let moves = legal(&state);
            state
                .play(moves[rng.random_range(0..moves.len())])
                .expect("legal");
        }
    }
}

#[test]
fn the_first_option_chooses_who_starts() {
    assert_eq!(quantik(&[]).to_move(), Some(Player(0)));
    assert_eq!(quantik(&["first=1"]).to_move(), Some(Player(0)));
    let mut state = quantik(&["first=2"]);
    assert_eq!(state.to_move(), Some(Player(1)));
    assert_eq!(state.first_player(), Player(1));
    play(&mut state, "Ca1");
    assert_eq!(state.to_move(), Some(Player(0)));
    // Player 2's piece restricts player 1.
    assert_eq!(
        illegal_reason(&state, "Cb1"),
        "opponent has a cube in row 1"
    );

    // `random` is decided by the seed: the same seed gives the same first player, and both
    // players start for some seeds.
    let mut starters = HashSet::new();
    for seed in 0..64 {
        let setup = setup::<Quantik>(&["first=random"], seed);
        let a = Quantik::new(&setup).expect("setup");
        let b = Quantik::new(&setup).expect("setup");
        assert_eq!(a, b, "seed {seed}");
        assert_eq!(a.to_move(), Some(a.first_player()));
        starters.insert(a.first_player());
    }
    assert_eq!(starters.len(), 2, "both players start for some seed");
    // The value is read case-insensitively; a bad value is refused when parsing options.
    let upper = setup::<Quantik>(&["first=RANDOM"], 5);
    assert_eq!(
        Quantik::new(&upper),
        Quantik::new(&setup::<Quantik>(&["first=random"], 5))
    );
    assert!(Options::parse(Quantik::INFO, &["first=3".into()]).is_err());
    assert!(Options::parse(Quantik::INFO, &["second=1".into()]).is_err());
    let three = Setup {
        players: 3,
        ..setup::<Quantik>(&[], 0)
    };
    assert!(Quantik::new(&three).is_err());
}

#[test]
fn syntax_errors_and_illegal_moves_are_told_apart() {
    let state = quantik_after("Ca1");
    for text in [
        "", "   ", "Xa1", "Ca0", "C", "Ca", "a1", "1a", "Ca1x", "CCa1", "C11",
    ] {
        match state.parse_move(text) {
            Err(MoveError::Syntax(e)) => {
                assert!(!e.reason.is_empty());
                assert!(state.parse_notation(text).is_err(), "`{text}`");
            }
            other => panic!("`{text}` should be a syntax error, got {other:?}"),
        }
    }
    // A cell beyond the board is an illegal move naming the board, as in every game.
    for text in ["Ce5", "Ca5"] {
        assert!(
            matches!(state.parse_move(text), Err(MoveError::Illegal { .. })),
            "`{text}`"
        );
    }
    // Well-formed, but a1 is taken: an illegal move, whatever the shape.
    for text in ["Ca1", "Ya1", "Oa1", "Sa1"] {
        match state.parse_move(text) {
            Err(e @ MoveError::Illegal { .. }) => {
                assert!(e.to_string().contains(text), "{e}");
                assert!(e.to_string().contains("a1 is occupied"), "{e}");
            }
            other => panic!("`{text}` should be illegal, got {other:?}"),
        }
    }
    // Case and spaces do not matter.
    let expected = state.parse_move("Yb3").expect("legal");
    for text in ["yb3", "YB3", "yB3", " Y b3 ", "y B 3"] {
        assert_eq!(state.parse_move(text), Ok(expected), "`{text}`");
    }
    assert_eq!(state.format_move(expected), "Yb3");
}

#[test]
fn pieces_show_in_upper_case_for_player_1_and_lower_case_for_player_2() {
    let state = quantik_after("Ca1 Yd4");
    let board = state.render(tabuleiro_core::Perspective::Everyone);
    let row = |n: char| -> String {
        board
            .lines()
            .find(|l| l.trim_start().starts_with(n))
            .unwrap_or_else(|| panic!("row {n} in\n{board}"))
            .to_owned()
    };
    assert!(row('1').contains('C') && !row('1').contains('c'), "{board}");
    assert!(row('4').contains('y') && !row('4').contains('Y'), "{board}");
}

/// The fast rules and the reference agree along random games: the same legal moves (as
/// notation), the same player to move, the same end and winner. Both kinds of ending occur.
#[test]
fn the_fast_rules_agree_with_the_reference_along_random_games() {
    let mut rng = rng_from_seed(13);
    let (mut by_unit, mut by_blockade) = (0, 0);
    for game in 0..1500 {
        let first = game % 2;
        let mut fast = quantik(&[if first == 0 { "first=1" } else { "first=2" }]);
        let mut slow = reference::Board::new(first);
        let mut texts = Vec::new();
        loop {
            let expected: HashSet<String> = slow
                .moves()
                .into_iter()
                .map(reference::Placement::text)
                .collect();
            assert_eq!(
                legal_texts(&fast),
                expected,
                "game {game} after [{}]",
                texts.join(" ")
            );
            match slow.winner {
                None => assert_eq!(fast.to_move(), Some(Player(slow.to_move as u8))),
                Some(winner) => {
                    assert_eq!(fast.to_move(), None);
                    let outcome = fast.outcome().expect("over");
                    assert_eq!(outcome.winner(), Some(Player(winner as u8)), "game {game}");
                    if slow.has_complete_unit() {
                        by_unit += 1;
                    } else {
                        by_blockade += 1;
                    }
                    break;
                }
            }
            let moves = slow.moves();
            let mv = moves[rng.random_range(0..moves.len())];
            slow.play(mv);
            play(&mut fast, &mv.text());
            texts.push(mv.text());
        }
    }
    assert!(
        by_unit > 100 && by_blockade > 100,
        "{by_unit} by a unit, {by_blockade} by a blockade"
    );
}
