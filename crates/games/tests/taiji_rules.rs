//! Taiji positions checked by hand against the rule book (`shared/rules/taiji.md`), and the
//! fast rules compared with the reference implementation (in `taiji_perft`) along random
//! games.

use std::collections::{HashMap, HashSet};

use tabuleiro_core::{
    Engine, Game, MoveError, Perspective, Player, PlayerResult, Setup, rng_from_seed,
};
use tabuleiro_games::taiji::{Cell, Colour, Scoring, Taiji, TaijiMove};

use crate::taiji_perft::reference::{self, Board, Half, spot_name};
use crate::util::{illegal_reason, play, setup};

fn taiji(options: &[&str]) -> Taiji {
    Taiji::new(&setup::<Taiji>(options, 0)).expect("a Taiji setup")
}

fn legal(state: &Taiji) -> Vec<TaijiMove> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves
}

fn legal_texts(state: &Taiji) -> HashSet<String> {
    legal(state)
        .into_iter()
        .map(|mv| state.format_move(mv))
        .collect()
}

/// The moves that lay the tiles of a picture: rows of `O` (light), `#` (dark) and `.`
/// (empty) from the top, separated by spaces; missing rows and cells are empty. Each light
/// cell is paired with a neighbouring dark cell (a perfect matching, found by augmenting
/// paths); every pairing reaches the same cells, which is all a position holds.
fn picture_moves(picture: &str) -> Vec<String> {
    let grid: Vec<Vec<char>> = picture
        .lines()
        .map(|l| {
            l.split_whitespace()
                .filter_map(|w| w.chars().next())
                .collect()
        })
        .filter(|row: &Vec<char>| !row.is_empty())
        .collect();
    let at = |(r, c): (usize, usize)| grid.get(r).and_then(|row| row.get(c)).copied();
    let mut lights = Vec::new();
    let mut darks = 0;
    for (r, row) in grid.iter().enumerate() {
        for (c, &symbol) in row.iter().enumerate() {
            match symbol {
                'O' => lights.push((r, c)),
                '#' => darks += 1,
                '.' => {}
                other => panic!("unexpected `{other}` in the picture"),
            }
        }
    }
    assert_eq!(lights.len(), darks, "a picture needs as many O as #");

    let is_dark = |spot| at(spot) == Some('#');
    let mut owner = HashMap::new();
    for l in 0..lights.len() {
        let found = augment(l, &lights, &is_dark, &mut owner, &mut HashSet::new());
        assert!(found, "no dark neighbour left for {}", spot_name(lights[l]));
    }
    let mut tiles: Vec<((usize, usize), (usize, usize))> =
        owner.into_iter().map(|(d, l)| (lights[l], d)).collect();
    tiles.sort_unstable();
    tiles
        .into_iter()
        .map(|(l, d)| format!("{}-{}", spot_name(l), spot_name(d)))
        .collect()
}

/// Finds a dark cell for light cell `l` (Kuhn's augmenting path): a free dark neighbour, or
/// one whose light partner can move to another dark cell.
fn augment(
    l: usize,
    lights: &[(usize, usize)],
    is_dark: &dyn Fn((usize, usize)) -> bool,
    owner: &mut HashMap<(usize, usize), usize>,
    seen: &mut HashSet<(usize, usize)>,
) -> bool {
    let (r, c) = lights[l];
    let around = [
        (r.wrapping_sub(1), c),
        (r + 1, c),
        (r, c.wrapping_sub(1)),
        (r, c + 1),
    ];
    for spot in around {
        if !is_dark(spot) || !seen.insert(spot) {
            continue;
        }
        let free = match owner.get(&spot).copied() {
            None => true,
            Some(other) => augment(other, lights, is_dark, owner, seen),
        };
        if free {
            owner.insert(spot, l);
            return true;
        }
    }
    false
}

/// The position of a picture (see [`picture_moves`]) with these options, its tiles played
/// in order.
fn position(options: &[&str], picture: &str) -> Taiji {
    let mut state = taiji(options);
    play(&mut state, &picture_moves(picture).join(" "));
    state
}

/// Nine by nine, part-way: Light has groups of 8, 3 and 2; Dark 3, 2 and eight single cells.
const NINE: &str = "
    . # . # . # . . .
    O O O O O O . . .
    # O # O # . . . .
    . # . # . . . . .
    . . . . . . . . .
    O O O . # # . . .
    # # # . O O . . .
";

/// Seven by seven, finished (three isolated empty cells): Light 7, 7, 6, 1, 1, 1 and Dark
/// 10, 7, 6 (the bottom row's dark cells join row 6).
const SEVEN_DARK_AHEAD: &str = "
    O O O O O O .
    # # # # # # #
    O O O O O O O
    # # # # # # .
    O O O O O O O
    # # # # # # #
    . O # O # O #
";

/// The same with the colours swapped: Light 10, 7, 6 and Dark 7, 7, 6, 1, 1, 1.
const SEVEN_LIGHT_AHEAD: &str = "
    # # # # # # .
    O O O O O O O
    # # # # # # #
    O O O O O O .
    # # # # # # #
    O O O O O O O
    . # O # O # O
";

/// Seven by seven, finished: a checkerboard of single cells, seven isolated empty cells.
const CHECKERBOARD: &str = "
    O # O # O # .
    . O # O # O #
    O # O # O # .
    . O # O # O #
    O # O # O # .
    . O # O # O #
    O # O # O # .
";

#[test]
fn the_first_position_has_two_moves_per_adjacent_pair() {
    for (size, count) in [("size=7", 168), ("size=9", 288), ("size=11", 440)] {
        let state = taiji(&[size]);
        assert_eq!(state.to_move(), Some(Player(0)), "{size}: Light starts");
        let moves = legal(&state);
        assert_eq!(moves.len(), count, "{size}");
        let distinct: HashSet<TaijiMove> = moves.iter().copied().collect();
        assert_eq!(distinct.len(), count, "{size}: no move twice");
        for mv in moves {
            assert!(mv.light.is_adjacent(mv.dark), "{size}: {mv}");
            assert!(mv.light.on_board(state.size()) && mv.dark.on_board(state.size()));
            let flipped = TaijiMove {
                light: mv.dark,
                dark: mv.light,
            };
            assert!(
                distinct.contains(&flipped),
                "{size}: both orientations of {mv}"
            );
        }
    }
    // The default board is 9x9.
    assert_eq!(taiji(&[]).size(), 9);
    assert_eq!(legal(&taiji(&[])).len(), 288);
}

#[test]
fn light_moves_first_then_the_players_alternate() {
    let mut state = taiji(&["size=7"]);
    let mut expected = Player(0);
    for text in ["d4-d5", "a1-a2", "g7-f7", "c3-b3", "e5-e6"] {
        assert_eq!(state.to_move(), Some(expected), "before {text}");
        play(&mut state, text);
        expected = expected.next(2);
    }
    // Either player places both colours: five light and five dark cells are down.
    assert_eq!(state.group_sizes(Colour::Light).iter().sum::<u32>(), 5);
    assert_eq!(state.group_sizes(Colour::Dark).iter().sum::<u32>(), 5);
    assert_eq!(state.at(Cell::new(3, 3)), Some(Colour::Light));
    assert_eq!(state.at(Cell::new(3, 4)), Some(Colour::Dark));
    assert_eq!(state.at(Cell::new(6, 6)), Some(Colour::Light));
    assert_eq!(state.at(Cell::new(5, 6)), Some(Colour::Dark));
    assert_eq!(state.at(Cell::new(0, 6)), None);
    // Each tile takes one pair and the pairs touching its cells.
    assert_eq!(legal(&state).len(), legal_texts(&state).len());
}

#[test]
fn notation_names_the_light_cell_then_the_dark_cell() {
    let state = taiji(&[]);
    let mv = TaijiMove {
        light: Cell::new(3, 3),
        dark: Cell::new(3, 4),
    };
    assert_eq!(state.format_move(mv), "d4-d5");
    for text in ["d4-d5", "D4-D5", "d4 d5", "d4d5", "  d4 - d5 "] {
        assert_eq!(state.parse_move(text), Ok(mv), "`{text}`");
    }
    // The other orientation is another move.
    let flipped = state.parse_move("d5-d4").expect("legal");
    assert_eq!(flipped.light, Cell::new(3, 4));
    assert_ne!(flipped, mv);
    // Two-digit rows need no separator either.
    let big = taiji(&["size=11"]);
    assert_eq!(
        big.parse_move("k11k10").map(|m| big.format_move(m)),
        Ok("k11-k10".to_owned())
    );
}

#[test]
fn non_moves_are_syntax_errors() {
    let state = taiji(&[]);
    for text in [
        "", "d4", "d4-", "-d5", "d4--d5", "d4-d5-e5", "44-55", "dd-ee", "d0-d1", "d4:d5", "pass",
    ] {
        assert!(
            matches!(state.parse_move(text), Err(MoveError::Syntax(_))),
            "`{text}` should be bad syntax"
        );
    }
}

#[test]
fn illegal_moves_say_why() {
    let mut state = taiji(&[]);
    play(&mut state, "c4-c5");
    assert_eq!(illegal_reason(&state, "c4-d4"), "c4 is taken");
    assert_eq!(illegal_reason(&state, "b5-c5"), "c5 is taken");
    assert_eq!(
        illegal_reason(&state, "d4-f6"),
        "cells d4 and f6 are not adjacent"
    );
    assert_eq!(
        illegal_reason(&state, "e1-f2"),
        "cells e1 and f2 are not adjacent"
    );
    assert_eq!(
        illegal_reason(&state, "c12-c11"),
        "c12 is off the 9x9 board"
    );
    assert_eq!(illegal_reason(&state, "j1-i1"), "j1 is off the 9x9 board");
    assert!(illegal_reason(&state, "e5-e5").contains("both halves"));
    // The same cells are on the 11x11 board.
    let big = taiji(&["size=11"]);
    assert!(big.parse_move("j1-i1").is_ok());
    assert!(big.parse_move("c11-c10").is_ok());
    assert_eq!(
        illegal_reason(&big, "c12-c11"),
        "c12 is off the 11x11 board"
    );
}

#[test]
fn options_choose_the_size_the_groups_and_the_scoring() {
    for (options, size, groups) in [
        (vec![], 9, 2),
        (vec!["size=7"], 7, 1),
        (vec!["size=9"], 9, 2),
        (vec!["size=11"], 11, 3),
        (vec!["size=11", "groups=auto"], 11, 3),
        (vec!["size=7", "groups=3"], 7, 3),
        (vec!["size=11", "groups=1"], 11, 1),
    ] {
        let state = taiji(&options);
        assert_eq!(state.size(), size, "{options:?}");
        assert_eq!(state.groups_counted(), groups, "{options:?}");
        assert_eq!(state.scoring(), Scoring::Standard);
    }
    assert_eq!(taiji(&["scoring=omega"]).scoring(), Scoring::Omega);
    let three = Setup {
        players: 3,
        ..setup::<Taiji>(&[], 0)
    };
    assert!(Taiji::new(&three).is_err());
    assert!(Taiji::start(8, 1, Scoring::Standard).is_err());
    assert!(Taiji::start(9, 4, Scoring::Standard).is_err());
}

#[test]
fn standard_scoring_sums_the_n_largest_groups() {
    let state = position(&[], NINE);
    assert_eq!(state.group_sizes(Colour::Light), [8, 3, 2]);
    assert_eq!(
        state.group_sizes(Colour::Dark),
        [3, 2, 1, 1, 1, 1, 1, 1, 1, 1]
    );
    // Not over: 13 tiles down, Dark to move.
    assert_eq!(state.to_move(), Some(Player(1)));
    // 9x9 counts the two largest groups by default.
    assert_eq!(state.scores(), Some(vec![11, 5]));
    assert_eq!(state.counted_groups(Colour::Light), [8, 3]);
    assert_eq!(state.score_text(Colour::Light), "Light 11 (8+3)");
    assert_eq!(state.score_text(Colour::Dark), "Dark 5 (3+2)");
    for (groups, light, dark) in [("groups=1", 8, 3), ("groups=2", 11, 5), ("groups=3", 13, 6)] {
        let state = position(&[groups], NINE);
        assert_eq!(state.scores(), Some(vec![light, dark]), "{groups}");
    }
}

#[test]
fn with_fewer_groups_than_n_all_of_them_count() {
    // Light has one group of 6; Dark six single cells. 11x11 counts three groups.
    let picture = "
        . # . # . # . . . . .
        O O O O O O . . . . .
        # . # . # . . . . . .
    ";
    let state = position(&["size=11"], picture);
    assert_eq!(state.group_sizes(Colour::Light), [6]);
    assert_eq!(state.scores(), Some(vec![6, 3]));
    assert_eq!(state.score_text(Colour::Light), "Light 6 (6)");
    assert_eq!(state.score_text(Colour::Dark), "Dark 3 (1+1+1)");
    let one = position(&["size=11", "groups=1"], picture);
    assert_eq!(one.scores(), Some(vec![6, 1]));
    // An empty colour scores 0 under both scorings.
    assert_eq!(taiji(&[]).scores(), Some(vec![0, 0]));
    assert_eq!(taiji(&["scoring=omega"]).scores(), Some(vec![0, 0]));
    assert_eq!(taiji(&[]).score_text(Colour::Dark), "Dark 0 (no groups)");
}

#[test]
fn omega_multiplies_the_sizes_of_all_groups() {
    let state = position(&["scoring=omega"], NINE);
    // 8 x 3 x 2 against 3 x 2 x 1 x ... x 1.
    assert_eq!(state.scores(), Some(vec![48, 6]));
    assert_eq!(state.score_text(Colour::Light), "Light 48 (8x3x2)");
    assert_eq!(
        state.score_text(Colour::Dark),
        "Dark 6 (3x2x1x1x1x1x1x1x1x1)"
    );
    // The groups option plays no part.
    let state = position(&["scoring=omega", "groups=1"], NINE);
    assert_eq!(state.scores(), Some(vec![48, 6]));
    let finished = position(&["size=7", "scoring=omega"], SEVEN_DARK_AHEAD);
    let outcome = finished.outcome().expect("over");
    assert_eq!(outcome.scores, Some(vec![7 * 7 * 6, 10 * 7 * 6]));
    assert_eq!(outcome.winner(), Some(Player(1)));
}

/// The bottom row of [`SEVEN_DARK_AHEAD`] without its last tile: f7 and g7 are the only
/// adjacent empty cells.
const SEVEN_ONE_PAIR_LEFT: &str = "
    O O O O O O .
    # # # # # # #
    O O O O O O O
    # # # # # # .
    O O O O O O O
    # # # # # # #
    . O # O # . .
";

#[test]
fn the_game_ends_exactly_when_no_two_adjacent_cells_are_empty() {
    let state = position(&["size=7"], SEVEN_ONE_PAIR_LEFT);
    assert_eq!(state.outcome(), None);
    assert_eq!(state.to_move(), Some(Player(0)));
    assert_eq!(
        legal_texts(&state),
        HashSet::from(["f7-g7".to_owned(), "g7-f7".to_owned()])
    );
    // a7 and g4 are empty but have no empty neighbour.
    assert!(illegal_reason(&state, "a7-a6").contains("taken"));
    for last in ["f7-g7", "g7-f7"] {
        let mut end = state;
        play(&mut end, last);
        assert_eq!(end.to_move(), None, "after {last}");
        assert!(legal(&end).is_empty());
        let mut rng = rng_from_seed(1);
        assert_eq!(end.random_move(&mut rng), None);
        assert_eq!(illegal_reason(&end, "a7-b7"), "the game is over");
        let outcome = end.outcome().expect("over with isolated empty cells");
        assert_eq!(outcome.scores, Some(vec![7, 10]), "after {last}");
    }
    // Every finished picture still has empty cells, none of them next to another.
    for picture in [SEVEN_DARK_AHEAD, SEVEN_LIGHT_AHEAD, CHECKERBOARD] {
        let end = position(&["size=7"], picture);
        assert!(end.outcome().is_some());
        assert!(end.empty().count_ones() >= 3);
    }
}

#[test]
fn the_higher_score_wins_and_the_outcome_names_the_scores() {
    let dark = position(&["size=7"], SEVEN_DARK_AHEAD)
        .outcome()
        .expect("over");
    assert_eq!(dark.winner(), Some(Player(1)));
    assert_eq!(dark.result(Player(0)), PlayerResult::Loss);
    assert_eq!(dark.scores, Some(vec![7, 10]));
    assert_eq!(
        dark.reason,
        "no two adjacent empty cells remain; Light 7 (7), Dark 10 (10)"
    );

    let light = position(&["size=7"], SEVEN_LIGHT_AHEAD)
        .outcome()
        .expect("over");
    assert_eq!(light.winner(), Some(Player(0)));
    assert_eq!(light.scores, Some(vec![10, 7]));
    let three = position(&["size=7", "groups=3"], SEVEN_LIGHT_AHEAD)
        .outcome()
        .expect("over");
    assert_eq!(three.scores, Some(vec![23, 20]));
    assert!(three.reason.contains("Light 23 (10+7+6), Dark 20 (7+7+6)"));
}

#[test]
fn a_tie_is_won_by_dark() {
    for options in [
        vec!["size=7"],
        vec!["size=7", "groups=3"],
        vec!["size=7", "scoring=omega"],
    ] {
        let end = position(&options, CHECKERBOARD);
        assert_eq!(end.group_sizes(Colour::Light), [1; 21]);
        let outcome = end.outcome().expect("over");
        let [light, dark] = outcome.scores.clone().expect("scores")[..] else {
            panic!("two scores")
        };
        assert_eq!(light, dark, "{options:?}");
        assert_eq!(outcome.winner(), Some(Player(1)), "{options:?}");
        assert!(outcome.reason.ends_with("a tie goes to Dark"), "{outcome}");
    }
}

#[test]
fn winning_move_finds_a_last_tile_that_wins() {
    // Light to move, one pair left: in the light-ahead picture both orientations win for
    // Light; in the dark-ahead one neither does.
    let mut ahead = position(&["size=7"], SEVEN_LIGHT_AHEAD);
    assert!(ahead.to_move().is_none());
    let picture_without_last = SEVEN_LIGHT_AHEAD.replace(". # O # O # O", ". # O # O . .");
    ahead = position(&["size=7"], &picture_without_last);
    assert_eq!(ahead.to_move(), Some(Player(0)));
    let win = ahead.winning_move().expect("a winning last tile");
    assert_eq!(ahead.format_move(win), "f7-g7");
    let behind = position(&["size=7"], SEVEN_ONE_PAIR_LEFT);
    assert_eq!(behind.winning_move(), None);
    // Far from the end, no move ends the game.
    assert_eq!(taiji(&[]).winning_move(), None);
}

#[test]
fn a_game_lasts_at_most_half_the_cells() {
    let mut rng = rng_from_seed(5);
    for (n, games) in [(7usize, 400), (9, 200), (11, 100)] {
        let size = format!("size={n}");
        let mut longest = 0;
        for _ in 0..games {
            let mut state = taiji(&[&size]);
            let mut moves = 0;
            while let Some(mv) = state.random_move(&mut rng) {
                state.play(mv).expect("random moves are legal");
                moves += 1;
                assert!(moves <= n * n / 2, "{n}x{n}: more than {} moves", n * n / 2);
            }
            longest = longest.max(moves);
            // At the end, no empty cell has an empty neighbour (explicit look).
            for row in 0..n as u8 {
                for column in 0..n as u8 {
                    let here = Cell::new(column, row);
                    let right = Cell::new(column + 1, row);
                    let below = Cell::new(column, row + 1);
                    for other in [right, below] {
                        assert!(
                            !(other.on_board(n)
                                && state.at(here).is_none()
                                && state.at(other).is_none()),
                            "{n}x{n}: {here} and {other} are empty at the end"
                        );
                    }
                }
            }
            assert!(state.outcome().is_some());
        }
        assert!(longest > n * n / 3, "{n}x{n}: longest game {longest}");
    }
}

/// The score the rules give to group sizes (largest first).
fn rule_score(sizes: &[u32], scoring: Scoring, n: usize) -> i64 {
    match scoring {
        Scoring::Standard => sizes.iter().take(n).map(|&s| i64::from(s)).sum(),
        Scoring::Omega if sizes.is_empty() => 0,
        Scoring::Omega => sizes.iter().map(|&s| i64::from(s)).product(),
    }
}

/// After every move of many seeded random games, the fast rules (bitboards, flood fill) and
/// the reference (array board, explicit loops and depth-first search) agree on the legal
/// moves, the player to move, the end, the groups and the scores.
#[test]
fn fast_rules_match_the_reference_along_random_games() {
    let mut rng = rng_from_seed(9);
    let setups: [(&[&str], usize); 5] = [
        (&["size=7"], 150),
        (&["size=9"], 80),
        (&["size=11"], 40),
        (&["size=9", "scoring=omega"], 40),
        (&["size=11", "groups=1"], 20),
    ];
    let mut positions = 0;
    for (options, games) in setups {
        for _ in 0..games {
            let mut state = taiji(options);
            let mut slow = Board::new(state.size());
            loop {
                positions += 1;
                let expected: HashSet<String> = slow
                    .moves()
                    .into_iter()
                    .map(|(l, d)| format!("{}-{}", spot_name(l), spot_name(d)))
                    .collect();
                assert_eq!(legal_texts(&state), expected, "{options:?}");
                for (colour, half) in [(Colour::Light, Half::Light), (Colour::Dark, Half::Dark)] {
                    let sizes = slow.group_sizes(half);
                    assert_eq!(state.group_sizes(colour), sizes, "{options:?}");
                    assert_eq!(
                        state.score(colour),
                        rule_score(&sizes, state.scoring(), state.groups_counted()),
                        "{options:?}"
                    );
                }
                if expected.is_empty() {
                    assert_eq!(state.to_move(), None);
                    let outcome = state.outcome().expect("over");
                    assert_eq!(outcome.scores, state.scores());
                    break;
                }
                assert_eq!(state.to_move(), Some(Player(slow.to_move as u8)));
                let mv = state.random_move(&mut rng).expect("moves left");
                let text = state.format_move(mv);
                state.play(mv).expect("legal");
                let (light, dark) = reference::read_move(&text);
                slow.play(light, dark);
            }
        }
    }
    assert!(positions > 10_000, "{positions}");
}

#[test]
fn random_moves_are_uniform() {
    let state = taiji(&["size=7"]);
    let mut rng = rng_from_seed(3);
    let mut counts: HashMap<TaijiMove, u32> = HashMap::new();
    for _ in 0..168 * 500 {
        *counts
            .entry(state.random_move(&mut rng).expect("a move"))
            .or_default() += 1;
    }
    assert_eq!(counts.len(), 168);
    // Each count is Binomial(84000, 1/168): mean 500, sd about 22.
    for (mv, count) in counts {
        assert!((400..600).contains(&count), "{mv}: {count}");
    }
}

#[test]
fn render_shows_coordinates_halves_scores_and_turn() {
    let mut state = taiji(&["size=7"]);
    play(&mut state, "d4-d5 c4-b4");
    let expected = "     a b c d e f g
   1 . . . . . . .
   2 . . . . . . .
   3 . . . . . . .
   4 . # O O . . .
   5 . . . # . . .
   6 . . . . . . .
   7 . . . . . . .

  O Light 2 (2), # Dark 1 (1)  (the largest group counts)
  Light (player 1) to move; tiles placed: 2
";
    assert_eq!(state.render(Perspective::Everyone), expected);
    assert_eq!(state.render(Perspective::Player(Player(1))), expected);

    let nine = position(&[], NINE).render(Perspective::Everyone);
    assert!(
        nine.starts_with("     a b c d e f g h i\n   1 . # . # . #"),
        "{nine}"
    );
    assert!(nine.contains("O Light 11 (8+3), # Dark 5 (3+2)  (the 2 largest groups count)"));
    assert!(nine.contains("Dark (player 2) to move"), "{nine}");

    let big = taiji(&["size=11"]).render(Perspective::Everyone);
    assert!(big.contains("  11 . . . . . . . . . . .\n"), "{big}");

    let end = position(&["size=7"], SEVEN_DARK_AHEAD).render(Perspective::Everyone);
    assert!(
        end.contains(
            "Player 2 wins: no two adjacent empty cells remain; Light 7 (7), Dark 10 (10)"
        ),
        "{end}"
    );
    assert!(!end.contains("to move"), "{end}");
}

#[test]
fn evaluation_is_the_score_difference_from_each_side() {
    for options in [vec![], vec!["scoring=omega"]] {
        let state = position(&options, NINE);
        let light = state.evaluate(Player(0));
        assert_eq!(light, -state.evaluate(Player(1)), "{options:?}");
        assert!(light > 0, "{options:?}: Light is ahead: {light}");
    }
    // Standard scoring: 16 per point (11 against 5), plus at most the empty cells of room.
    let value = position(&[], NINE).evaluate(Player(0));
    assert!((16 * 6 - 81..=16 * 6 + 81).contains(&value), "{value}");
    assert_eq!(taiji(&[]).evaluate(Player(0)), 0);
}
