//! Pushee Pieces positions checked by hand against the rule book (`shared/rules/pushee.md`).

use tabuleiro_core::{
    Engine, Game, GameRecord, MoveError, Perspective, Player, PlayerResult, Session, Setup,
    rng_from_seed,
};
use tabuleiro_games::pushee::{Cell, Piece, Pushee};

use crate::util::{illegal_reason, play, setup};

/// A 6x6 game of these options (seed 0) with pieces standing as `diagram` says (one line
/// per row from the top, blank lines are empty rows).
fn game(options: &[&str], diagram: &str) -> Pushee {
    Pushee::from_diagram(&setup::<Pushee>(options, 0), &expect(6, 6, diagram))
        .expect("a Pushee position")
}

/// The board as a diagram: rows from the top separated by ` / `, cells by spaces, `.` empty.
fn picture(state: &Pushee) -> String {
    (0..state.height())
        .map(|r| {
            (0..state.width())
                .map(|c| {
                    state
                        .at(Cell::new(c as u8, r as u8))
                        .map_or_else(|| ".".to_owned(), Piece::mark)
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(" / ")
}

/// A diagram in the form [`picture`] writes, from rows given one per line (missing rows and
/// cells empty; a blank line is an empty row) on a board of `width` × `height`.
fn expect(width: usize, height: usize, rows: &str) -> String {
    let given: Vec<Vec<&str>> = rows
        .lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>())
        .collect();
    (0..height)
        .map(|r| {
            (0..width)
                .map(|c| {
                    given
                        .get(r)
                        .and_then(|row| row.get(c))
                        .copied()
                        .unwrap_or(".")
                })
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect::<Vec<_>>()
        .join(" / ")
}

fn pushes(state: &Pushee) -> Vec<String> {
    state
        .render(Perspective::Everyone)
        .lines()
        .filter(|l| l.contains(" pushed "))
        .map(|l| l.trim().to_owned())
        .collect()
}

#[test]
fn placement_pushes_both_ends_left_first() {
    let mut state = game(&[], ". . . . . .\n. . . . . .\n. A- . b| . .");
    play(&mut state, "hc3");
    assert_eq!(picture(&state), expect(6, 6, "\n\nA- . A- . b| ."));
    assert_eq!(
        pushes(&state),
        [
            "placement: b3 pushed left to a3",
            "placement: d3 pushed right to e3"
        ]
    );
    // A vertical piece pushes up and down instead.
    let mut state = game(
        &[],
        ". . . . . .\n. . b- . . .\n. A- . b| . .\n. . A| . . .",
    );
    play(&mut state, "vc3");
    assert_eq!(
        picture(&state),
        expect(
            6,
            6,
            ". . b- . . .\n. . . . . .\n. A- A| b| . .\n. . . . . .\n. . A| . . ."
        )
    );
}

#[test]
fn a_run_of_mixed_owners_moves_together_and_moved_pieces_do_not_move_again() {
    let mut state = game(&[], "\n\n. . A- b- . .");
    play(&mut state, "hb3");
    // c3 d3 move as one run to d3 e3. In tier 1 the piece now on d3 would push e3 to f3, but
    // e3 has moved this turn, so that run is blocked.
    assert_eq!(picture(&state), expect(6, 6, "\n\n. A- . A- b- ."));
    assert_eq!(pushes(&state).len(), 2);
}

#[test]
fn walls_stop_a_run_at_the_edge_or_let_the_outer_piece_leave() {
    let diagram = "\n\nb| A- . . . .";
    let mut walls = game(&[], diagram);
    play(&mut walls, "hc3");
    assert_eq!(picture(&walls), expect(6, 6, "\n\nb| A- A- . . ."));
    assert!(pushes(&walls).is_empty());

    let mut open = game(&["walls=off"], diagram);
    play(&mut open, "hc3");
    assert_eq!(picture(&open), expect(6, 6, "\n\nA- . A- . . ."));
    assert_eq!(
        pushes(&open),
        [
            "placement: a3 pushed left off the board",
            "placement: b3 pushed left to a3"
        ]
    );
    assert_eq!(open.pieces_on_board(), 2);
    // The removed piece does not go back to its owner's hand.
    assert_eq!(open.pieces_left(Player(1)), 15);
}

#[test]
fn chain_tiers_push_by_each_moved_pieces_own_orientation() {
    let diagram = ". . . . . .\nA- . . . . .\n. b| . . . .\nb- . . . . .";
    let mut state = game(&[], diagram);
    play(&mut state, "hc3");
    // b3 (vertical) moves to a3, then pushes up and down from there: a2 to a1, a4 to a5. The
    // horizontal pieces moved in tier 1 then push sideways, into empty cells.
    assert_eq!(
        picture(&state),
        expect(
            6,
            6,
            "A- . . . . .\n. . . . . .\nb| . A- . . .\n. . . . . .\nb- . . . . ."
        )
    );
    assert_eq!(
        pushes(&state),
        [
            "placement: b3 pushed left to a3",
            "chain 1: a2 pushed up to a1",
            "chain 1: a4 pushed down to a5"
        ]
    );

    // chains=0: only the placement push.
    let mut state = game(&["chains=0"], diagram);
    play(&mut state, "hc3");
    assert_eq!(
        picture(&state),
        expect(
            6,
            6,
            ". . . . . .\nA- . . . . .\nb| . A- . . .\nb- . . . . ."
        )
    );
}

#[test]
fn a_run_holding_a_piece_moved_in_an_earlier_tier_is_blocked() {
    let diagram = "\n\n. b| . b| . .\nA- . . . A- .\n. b- b- b- . .";
    let mut state = game(&[], diagram);
    play(&mut state, "hc3");
    // Tier 1 moves a4 to a5 and e4 to e5; in tier 2 each of them would push the row 5 run,
    // which holds the other: both are blocked.
    assert_eq!(
        picture(&state),
        expect(6, 6, "\n\nb| . A- . b| .\n. . . . . .\nA- b- b- b- A- .")
    );
    assert_eq!(pushes(&state).len(), 4);
}

#[test]
fn the_placed_piece_counts_as_moved() {
    let diagram = ". A| . . . .\nb- . b- . . .\n. A| . . . .";
    let mut state = game(&[], diagram);
    play(&mut state, "hc3");
    // Tier 0: b3 to a3. Tier 1: a3 pushes a2 up to a1. Tier 2: a1 pushes b1 right to c1.
    // Tier 3: c1 pushes down the run c2 c3, which holds the placed piece: blocked.
    assert_eq!(
        picture(&state),
        expect(6, 6, "b- . A| . . .\n. . b- . . .\nA| . A- . . .")
    );
    assert_eq!(
        pushes(&state),
        [
            "placement: b3 pushed left to a3",
            "chain 1: a2 pushed up to a1",
            "chain 2: b1 pushed right to c1"
        ]
    );
}

#[test]
fn pushers_of_a_tier_act_in_reading_order() {
    let diagram = "\n\n. b| . b| . .\nb- . . . b- .\n. A| . A| . .";
    let mut state = game(&[], diagram);
    play(&mut state, "hc3");
    // In tier 2, a5 acts before e5: it pushes b5 to c5; then e5's run d5 c5 holds a moved
    // piece and is blocked. (The other order would have moved d5 instead.)
    assert_eq!(
        picture(&state),
        expect(6, 6, "\n\nb| . A- . b| .\n. . . . . .\nb- . A| A| b- .")
    );
    assert_eq!(
        pushes(&state),
        [
            "placement: b3 pushed left to a3",
            "placement: d3 pushed right to e3",
            "chain 1: a4 pushed down to a5",
            "chain 1: e4 pushed down to e5",
            "chain 2: b5 pushed right to c5",
        ]
    );
}

#[test]
fn unlimited_chains_go_on_and_limited_chains_stop() {
    // A zigzag: each moved piece pushes the next one, alternating orientations.
    let diagram = ". . A| . . .\n. . . b- . .\n. . . . A| .\n. . . . . b-\n. . . . A| .";
    let run = |chains: &str| {
        let mut state = game(&[chains], diagram);
        play(&mut state, "hb1");
        state
    };
    let first = ". A- . A| . .\n";
    assert_eq!(
        picture(&run("chains=0")),
        expect(
            6,
            6,
            &format!("{first}. . . b- . .\n. . . . A| .\n. . . . . b-\n. . . . A| .")
        )
    );
    assert_eq!(
        picture(&run("chains=1")),
        expect(
            6,
            6,
            &format!("{first}. . . . . .\n. . . b- A| .\n. . . . . b-\n. . . . A| .")
        )
    );
    // The default, 3 tiers: the fourth tier (f5 pushing e5) does not happen.
    assert_eq!(
        picture(&run("chains=3")),
        expect(
            6,
            6,
            &format!("{first}. . . . . .\n. . . b- . A|\n. . . . . .\n. . . . A| b-")
        )
    );
    let unlimited = run("chains=unlimited");
    assert_eq!(
        picture(&unlimited),
        expect(
            6,
            6,
            &format!("{first}. . . . . .\n. . . b- . A|\n. . . . . .\n. . . A| . b-")
        )
    );
    assert_eq!(
        pushes(&unlimited).last().unwrap(),
        "chain 4: e5 pushed left to d5"
    );
    assert_eq!(picture(&run("chains=4")), picture(&unlimited));
}

#[test]
fn the_game_ends_when_the_pieces_run_out_with_scores() {
    let values = "values=9000/0000/0000/0001";
    let mut state = Pushee::new(&setup::<Pushee>(&["size=4x4", values, "pieces=1"], 0)).unwrap();
    assert_eq!(state.scores(), Some(vec![0, 0]));
    play(&mut state, "ha1");
    assert_eq!(state.scores(), Some(vec![9, 0]));
    assert_eq!(state.evaluate(Player(0)), 9);
    assert_eq!(state.evaluate(Player(1)), -9);
    play(&mut state, "vd4");
    assert_eq!(state.to_move(), None);
    let outcome = state.outcome().expect("over");
    assert_eq!(outcome.winner(), Some(Player(0)));
    assert_eq!(outcome.scores, Some(vec![9, 1]));
    assert!(outcome.to_string().contains("9 to 1"), "{outcome}");
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(illegal_reason(&state, "hb2"), "you have no pieces left");
}

#[test]
fn equal_scores_are_a_draw() {
    let values = "values=1111/1111/1111/1111";
    let mut state = Pushee::new(&setup::<Pushee>(&["size=4x4", values, "pieces=2"], 0)).unwrap();
    play(&mut state, "ha1 hd4 va4 vd1");
    let outcome = state.outcome().expect("over");
    assert_eq!(outcome.results, [PlayerResult::Draw, PlayerResult::Draw]);
    assert_eq!(outcome.scores, Some(vec![2, 2]));
}

#[test]
fn the_game_ends_when_the_board_is_full() {
    let mut state = Pushee::new(&setup::<Pushee>(&["size=4x4", "pieces=72"], 0)).unwrap();
    let mut rng = tabuleiro_core::rng_from_seed(5);
    let mut played = 0;
    while let Some(mv) = state.random_move(&mut rng) {
        state.play(mv).unwrap();
        played += 1;
    }
    assert!(played >= 16, "{played}");
    assert_eq!(state.empty_cells(), 0);
    assert!(state.outcome().unwrap().reason.contains("no empty cell"));
}

#[test]
fn literal_values_grid_and_sizes() {
    let state = Pushee::new(&setup::<Pushee>(
        &["size=5x4", "values=12345/67890/11111/22222"],
        0,
    ))
    .unwrap();
    assert_eq!((state.width(), state.height()), (5, 4));
    assert_eq!(state.value(Cell::new(0, 0)), 1);
    assert_eq!(state.value(Cell::new(4, 1)), 0);
    assert_eq!(state.value(Cell::new(3, 3)), 2);
    let text = state.render(Perspective::Everyone);
    assert!(text.contains("A (player 1) to move"), "{text}");
    assert!(illegal_reason(&state, "hf1").contains("off the 5x4 board"));
    assert!(state.parse_move("he4").is_ok());

    for (options, needle) in [
        (vec!["size=6x6", "values=123/456/789"], "rows"),
        (vec!["size=4x4", "values=1234/1234/1234/123"], "row 4"),
        (
            vec!["size=4x4", "values=1234/1234/1234/12a4"],
            "not a digit",
        ),
        (vec!["size=3x3"], "4 to 12"),
        (vec!["size=13x4"], "4 to 12"),
        (vec!["size=6by6"], "columns x rows"),
    ] {
        let e = Pushee::new(&setup::<Pushee>(&options, 0)).unwrap_err();
        assert!(e.to_string().contains(needle), "{options:?}: {e}");
    }
}

#[test]
fn the_seed_decides_the_board_and_random_first_player() {
    let a = Pushee::new(&setup::<Pushee>(&[], 1)).unwrap();
    let b = Pushee::new(&setup::<Pushee>(&[], 1)).unwrap();
    let c = Pushee::new(&setup::<Pushee>(&[], 2)).unwrap();
    assert_eq!(a, b);
    assert_ne!(a, c);
    assert_ne!(a.position_key(), c.position_key());
    let firsts: std::collections::HashSet<Player> = (0..20)
        .map(|seed| {
            Pushee::new(&setup::<Pushee>(&["first=random"], seed))
                .unwrap()
                .to_move()
                .unwrap()
        })
        .collect();
    assert_eq!(firsts.len(), 2);
    let second = Pushee::new(&setup::<Pushee>(&["first=2"], 0)).unwrap();
    assert_eq!(second.to_move(), Some(Player(1)));
    let wrong = Setup {
        players: 3,
        ..setup::<Pushee>(&[], 0)
    };
    assert!(Pushee::new(&wrong).is_err());
}

#[test]
fn notation_and_reasons() {
    let state = game(&[], "\n. b| . . . .");
    for text in ["hc4", "h c4", "HC4", " H c4 "] {
        let mv = state.parse_move(text).unwrap();
        assert_eq!(state.format_move(mv), "hc4");
    }
    assert_eq!(state.format_move(state.parse_move("V A1").unwrap()), "va1");
    for text in ["", "c4", "x c4", "h", "h4c", "hc0", "hc100", "h c4 d5"] {
        assert!(
            matches!(state.parse_move(text), Err(MoveError::Syntax(_))),
            "`{text}`"
        );
    }
    assert!(
        state
            .parse_notation("xc4")
            .unwrap_err()
            .reason
            .contains("orientation must be h or v")
    );
    assert_eq!(illegal_reason(&state, "vb2"), "b2 is occupied");
    assert_eq!(illegal_reason(&state, "hm3"), "m3 is off the 6x6 board");
}

#[test]
fn rendering_shows_values_pieces_scores_and_turn() {
    let values = "values=1234/5678/9012/3456";
    let mut state = Pushee::new(&setup::<Pushee>(&["size=4x4", values], 0)).unwrap();
    play(&mut state, "hb1 vb2");
    let text = state.render(Perspective::Everyone);
    // b2 (vertical) would push b1 up, but the wall stops it; b3 is empty.
    assert!(text.contains("A-2"), "{text}");
    assert!(text.contains("b|6"), "{text}");
    assert!(
        text.contains("score: A (player 1) 2, b (player 2) 6"),
        "{text}"
    );
    assert!(text.contains("A (player 1) to move"), "{text}");
}

#[test]
fn a_record_holds_the_drawn_board_and_replays_on_it_whatever_the_seed() {
    let seats = vec!["random".to_owned(), "random".to_owned()];
    let options = ["size=5x4", "first=random"];
    let mut session =
        Session::<Pushee>::new(setup::<Pushee>(&options, 11), seats).expect("a Pushee game");
    let mut rng = rng_from_seed(3);
    while let Some(mv) = session.state().random_move(&mut rng) {
        session.play(mv).expect("a legal move");
    }
    let record = session.record();
    let grid = record.options.get("values").expect("values recorded");
    // Row r of the grid, column c, is the value of the cell in column c, row r.
    let start = &session.positions()[0];
    let rows: Vec<&str> = grid.split('/').collect();
    assert_eq!(rows.len(), 4, "{grid}");
    for (r, row) in rows.iter().enumerate() {
        let digits: Vec<u8> = row.bytes().map(|b| b - b'0').collect();
        let board: Vec<u8> = (0..5).map(|c| start.value(Cell::new(c, r as u8))).collect();
        assert_eq!(digits, board, "row {} of {grid}", r + 1);
    }
    // The first player, drawn from the same stream after the board, is kept too.
    let first = if start.to_move() == Some(Player(0)) {
        "1"
    } else {
        "2"
    };
    assert_eq!(record.options.get("first").map(String::as_str), Some(first));
    // The saved record replays to the same end, and so it does with another seed: the board
    // comes from the grid, not from the generator.
    let back = GameRecord::from_json(&record.to_json()).expect("the record reads back");
    assert_eq!(back, record);
    for seed in [record.seed, record.seed + 1] {
        let reseeded = GameRecord {
            seed,
            ..back.clone()
        };
        let positions = reseeded.replay::<Pushee>().expect("the record replays");
        assert!(positions.last() == Some(session.state()), "seed {seed}");
    }
    // Whereas the seed alone, with values=random, draws another board.
    let other = Pushee::new(&setup::<Pushee>(&["size=5x4"], 12)).expect("a game");
    assert_ne!(other.values_grid(), *grid);
}
