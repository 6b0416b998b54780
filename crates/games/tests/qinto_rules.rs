//! Q!nto rules, checked on positions worked out by hand from the rule book
//! (`shared/rules/qinto.md`).

use std::collections::BTreeMap;

use tabuleiro_core::{Game, GameRecord, Outcome, Player, PlayerResult, Session, Setup};
use tabuleiro_core::{random_playout, rng_from_seed};
use tabuleiro_games::qinto::{Ending, Qinto, QintoMove, Tile, deck, is_line};

use crate::util::illegal_reason;

/// Plays moves separated by `;`; each must be legal.
fn play(state: &mut Qinto, moves: &str) {
    for text in moves.split(';') {
        let mv = state
            .parse_move(text)
            .unwrap_or_else(|e| panic!("`{text}` in `{moves}` should be legal: {e}"));
        state.play(mv).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    }
}

fn tiles(text: &str) -> Vec<Tile> {
    text.split_whitespace()
        .map(|t| Tile::parse(t).unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

fn position(grid: &str, hands: &[&str], piles: &[&str]) -> Qinto {
    Qinto::arranged(hands.len(), Player(0), grid, hands, piles)
        .unwrap_or_else(|e| panic!("arranged position: {e}"))
}

fn hand(state: &Qinto, p: u8) -> String {
    let names: Vec<String> = state
        .hand(Player(p))
        .tiles()
        .map(|t| t.to_string())
        .collect();
    names.join(" ")
}

/// The tiles of `p`'s pile, from the top down.
fn pile(state: &Qinto, p: u8) -> Vec<String> {
    state
        .pile(Player(p))
        .codes()
        .iter()
        .filter_map(|&c| Tile::from_code(c))
        .map(|t| t.to_string())
        .collect()
}

fn new_game(players: usize, seed: u64) -> Qinto {
    Qinto::new(&Setup {
        players,
        seed,
        ..Setup::default_for(Qinto::INFO)
    })
    .expect("a Q!nto setup")
}

#[test]
fn the_deck_has_the_sixty_tiles_of_the_spec() {
    let deck = deck();
    assert_eq!(deck.len(), 60);
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    for tile in &deck {
        *counts.entry(tile.to_string()).or_default() += 1;
    }
    // Two of each colour x shape.
    for colour in ["R", "G", "B", "Y", "K"] {
        for shape in ["S", "X", "D", "H", "C"] {
            assert_eq!(
                counts.get(&format!("{colour}{shape}")),
                Some(&2),
                "{colour}{shape}"
            );
        }
    }
    assert_eq!(counts.get("**"), Some(&2));
    for wild in ["*S", "*D", "*H", "*C", "G*", "R*", "B*", "Y*"] {
        assert_eq!(counts.get(wild), Some(&1), "{wild}");
    }
    assert_eq!(counts.len(), 25 + 1 + 8, "no other kind: {counts:?}");
    assert!(Tile::parse("*X").is_err(), "no wild-colour !");
    assert!(Tile::parse("K*").is_err(), "no black wild-shape");
}

#[test]
fn the_deal_splits_the_deck_into_piles_and_hands_of_five() {
    for (players, each) in [(2, 30), (3, 20), (4, 15)] {
        let state = new_game(players, 9);
        let mut all: Vec<u8> = Vec::new();
        for p in 0..players {
            let player = Player(p as u8);
            assert_eq!(state.hand(player).len(), 5);
            assert_eq!(state.tiles_left(player), each);
            all.extend(state.hand(player).codes());
            all.extend(state.pile(player).codes());
        }
        all.sort_unstable();
        let mut full: Vec<u8> = deck().iter().map(|t| t.code()).collect();
        full.sort_unstable();
        assert_eq!(
            all, full,
            "{players} players: the deal holds the whole deck"
        );
        assert_eq!(state.to_move(), Some(Player(0)));
    }
    // The seed decides the deal.
    assert_eq!(new_game(2, 5), new_game(2, 5));
    assert_ne!(new_game(2, 5), new_game(2, 6));
}

#[test]
fn line_validity_truth_table_with_every_kind_of_wild() {
    let table: &[(&str, bool)] = &[
        // Ordinary tiles.
        ("RH", true),
        ("RH RS RD", true),           // same colour, different shapes
        ("RH GH BH YH KH", true),     // same shape, different colours: a Q!nto
        ("RS GX BD YH KC", true),     // all different
        ("RH RH", true),              // all same colour and all same shape
        ("RH RS GD", false),          // colours R R G
        ("RH GS BS", false),          // shapes H S S
        ("RS GX BD YH KC RD", false), // six tiles
        ("RS RX RD RH RC", true),
        // Q!nto tiles stand for anything.
        ("** RH", true),
        ("RH ** RD", true),
        ("RH ** GD", true),
        ("** ** RH", true),
        ("** RH RH GS", false), // the fixed colours R R G stay wrong
        ("** ** ** ** **", true),
        ("** RS GX BD YH KC", false), // six
        // Wild colour, fixed shape.
        ("*H RH GH", true),
        ("*H RH RS", false), // shapes H H S
        ("*S RS", true),
        ("*S *D RH", true), // shapes S D H all different
        ("*S *S RS", true), // shapes S S S, one fixed colour (the deck has one *S; as a run)
        ("*C GC GC", true),
        ("*D RH GS", true),  // shapes D H S all different, colours R G different
        ("*D RH GD", false), // shapes D H D
        // Wild shape, fixed colour.
        ("R* RH RS", true),
        ("R* GH GS", false), // colours R G G
        ("G* *S", true),
        ("B* Y* *H", true), // colours B Y different, shape H alone
        ("Y* YS YS", true),
    ];
    for &(text, expected) in table {
        assert_eq!(is_line(&tiles(text)), expected, "`{text}`");
    }
}

#[test]
fn a_wild_stands_for_different_tiles_in_its_row_and_column() {
    // Row 0: RS RD ** — the wild is red there. Column 0: ** GH (and GS to come) — green there.
    let mut state = position(
        "RS@-2,0 RD@-1,0 **@0,0 GH@0,1",
        &["GS RX GC YC", "BS"],
        &["", ""],
    );
    play(&mut state, "GS@0,2");
    assert_eq!(state.grid().len(), 5);
    // Back to player 1 after player 2's pass: no ordinary tile fits both the red row and the
    // green column, so the wild cannot be swapped.
    play(&mut state, "pass");
    assert_eq!(
        illegal_reason(&state, "swap RX@0,0"),
        "RX cannot take the place of the wild on 0,0: colours in column 0 are neither all same \
         nor all different"
    );
    assert_eq!(
        illegal_reason(&state, "swap GC@0,0"),
        "GC cannot take the place of the wild on 0,0: colours in row 0 are neither all same nor \
         all different"
    );
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    assert!(!moves.iter().any(|m| matches!(m, QintoMove::Swap(_))));
}

#[test]
fn a_swap_takes_a_wild_only_where_the_hand_tile_fits_both_ways() {
    // Row 0: RS RD **; column 0: ** RH. RX fits the row (red, a new shape) and the column
    // (red, X next to H); RS does not fit the row (shapes S D S); BH does not fit the row.
    let mut state = position(
        "RS@-2,0 RD@-1,0 **@0,0 RH@0,1",
        &["RX RS BH", "BS"],
        &["", ""],
    );
    assert!(illegal_reason(&state, "swap RS@0,0").contains("shapes in row 0"));
    assert!(illegal_reason(&state, "swap BH@0,0").contains("colours in row 0"));
    assert!(illegal_reason(&state, "swap RX@-1,0").contains("not a wild"));
    assert!(illegal_reason(&state, "swap RX@5,5").contains("empty"));
    let swaps: Vec<String> = {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        moves
            .into_iter()
            .filter(|m| matches!(m, QintoMove::Swap(_)))
            .map(|m| state.format_move(m))
            .collect()
    };
    assert_eq!(swaps, ["swap RX@0,0"]);
    play(&mut state, "swap RX@0,0");
    assert_eq!(
        state
            .grid()
            .get(tabuleiro_games::qinto::Cell { x: 0, y: 0 })
            .map(|t| t.to_string()),
        Some("RX".into())
    );
    assert_eq!(hand(&state, 0), "RS BH **");
    assert_eq!(state.to_move(), Some(Player(1)), "a swap ends the turn");
}

#[test]
fn plays_must_form_one_touching_run_of_lines() {
    let state = position("RS@0,0 RX@1,0", &["RD RH GS GD GC", "BS"], &["", ""]);
    // Fine: extends the row to RS RX RD RH.
    assert!(state.parse_move("RD@2,0 RH@3,0").is_ok());
    // A gap between the placed tiles.
    assert!(illegal_reason(&state, "RD@2,0 RH@4,0").contains("cell 3,0"));
    // Not touching the grid.
    assert!(illegal_reason(&state, "RD@5,5").contains("touch"));
    // The error names the row.
    assert_eq!(
        illegal_reason(&state, "GS@2,0"),
        "colours in row 0 are neither all same nor all different"
    );
    assert_eq!(
        illegal_reason(&state, "GD@0,1 GC@0,2"),
        "colours in column 0 are neither all same nor all different"
    );
    // A tile the hand does not hold.
    assert!(illegal_reason(&state, "YH@2,0").contains("does not hold"));
    // Syntax: not in one line, or a cell named twice.
    assert!(state.parse_move("RD@2,0 RH@3,1").is_err());
    assert!(state.parse_move("RD@2,0 RH@2,0").is_err());
    // Tiles placed across an existing tile: RD@-1,0 and RH@2,0 with RS RX between them.
    assert!(state.parse_move("RD@-1,0 RH@2,0").is_ok());
    // The order of the tiles typed does not matter.
    assert_eq!(
        state.parse_move("RH@3,0 RD@2,0"),
        state.parse_move("RD@2,0 RH@3,0")
    );
    assert_eq!(
        state.format_move(state.parse_move("rh@3,0 rd@2,0").unwrap()),
        "RD@2,0 RH@3,0"
    );
}

#[test]
fn the_first_play_covers_the_origin_and_may_use_negative_cells() {
    let mut state = position("", &["RS RX GD BH YC", "BS"], &["", ""]);
    assert!(illegal_reason(&state, "RS@1,1").contains("0,0"));
    play(&mut state, "RS@-1,0 RX@0,0");
    assert_eq!(state.grid().len(), 2);
    let mut next = position("RS@-1,0 RX@0,0", &["RD", "RH"], &["", ""]);
    play(&mut next, "RD@-2,0");
    assert!(
        next.grid()
            .get(tabuleiro_games::qinto::Cell { x: -2, y: 0 })
            .is_some()
    );
}

#[test]
fn the_hand_refills_from_the_pile_even_when_it_runs_short() {
    let mut state = position("RS@0,0", &["RX RD RH GS GD", "BS"], &["KC KD", "BD"]);
    play(&mut state, "RX@1,0 RD@2,0 RH@3,0");
    // 2 kept + 2 drawn: the pile had only 2.
    assert_eq!(hand(&state, 0), "GS GD KD KC");
    assert!(state.pile(Player(0)).is_empty());
    assert_eq!(state.tiles_left(Player(0)), 4);
    // A pass with a trade puts the tiles under the pile and draws from the top.
    let mut state = position("RS@0,0", &["RX", "BS BX BD BH BC"], &["", "YC YD"]);
    play(&mut state, "pass;pass BS");
    assert_eq!(hand(&state, 1), "BX BD BH BC YC");
    let pile = pile(&state, 1);
    assert_eq!(pile, ["YD", "BS"], "the traded tile is at the bottom");
}

#[test]
fn completing_a_qinto_gives_another_turn() {
    let mut state = position(
        "RS@0,0 RX@1,0 RD@2,0 RH@3,0",
        &["RC GC", "BS"],
        &["YS", "BD"],
    );
    let mut other = state.clone();
    play(&mut state, "RC@4,0");
    assert_eq!(state.to_move(), Some(Player(0)), "a Q!nto: player 1 again");
    // A play that makes no line of 5 passes the turn on.
    play(&mut other, "GC@0,-1");
    assert_eq!(other.to_move(), Some(Player(1)));
    // A Q!nto across the play counts too: column 4 from 4,-4 to 4,0.
    let mut column = position(
        "BC@4,-4 GC@4,-3 YC@4,-2 KC@4,-1 RS@0,0 RX@1,0 RD@2,0",
        &["RC RH", "BS"],
        &["YS", ""],
    );
    play(&mut column, "RH@3,0 RC@4,0");
    assert_eq!(column.to_move(), Some(Player(0)));
}

#[test]
fn emptying_hand_and_pile_wins_at_once() {
    let mut state = position("RS@0,0 RX@1,0 RD@2,0 RH@3,0", &["RC", "BS BX"], &["", "BD"]);
    play(&mut state, "RC@4,0");
    assert_eq!(state.to_move(), None, "the win beats the extra turn");
    assert_eq!(state.ending(), Some(Ending::Emptied(Player(0))));
    let outcome = state.outcome().expect("over");
    assert_eq!(outcome.winner(), Some(Player(0)));
    assert_eq!(outcome.result(Player(1)), PlayerResult::Loss);
}

#[test]
fn the_game_ends_when_everybody_passes_two_rounds() {
    // Three players; player 3 has the fewest tiles.
    let mut state = Qinto::arranged(
        3,
        Player(0),
        "RS@0,0",
        &["GS GX", "BS BX BD", "YS"],
        &["", "", ""],
    )
    .unwrap();
    play(&mut state, "pass;pass;pass;pass;pass");
    assert_eq!(
        state.to_move(),
        Some(Player(2)),
        "five passes are not yet two rounds"
    );
    // A trade resets the count.
    let mut traded = state.clone();
    play(&mut traded, "pass YS");
    play(&mut traded, "pass;pass;pass;pass;pass");
    assert!(traded.to_move().is_some());
    play(&mut state, "pass");
    assert_eq!(state.ending(), Some(Ending::AllPassed));
    let outcome = state.outcome().unwrap();
    assert_eq!(outcome.winner(), Some(Player(2)), "{outcome}");
    // A tie for the fewest tiles is a draw between the tied players.
    let mut tie = position("RS@0,0", &["GS", "BS"], &["", ""]);
    play(&mut tie, "pass;pass;pass;pass");
    let outcome: Outcome = tie.outcome().unwrap();
    assert_eq!(
        outcome.results,
        vec![PlayerResult::Draw, PlayerResult::Draw],
        "{outcome}"
    );
}

#[test]
fn the_turn_limit_ends_the_game() {
    let setup = Setup {
        options: tabuleiro_core::Options::parse(Qinto::INFO, &["max_turns=3".into()]).unwrap(),
        ..Setup::default_for(Qinto::INFO)
    };
    let mut state = Qinto::new(&setup).unwrap();
    play(&mut state, "pass;pass");
    assert!(state.to_move().is_some());
    play(&mut state, "pass");
    assert_eq!(state.ending(), Some(Ending::TurnLimit));
}

#[test]
fn a_record_replays_the_same_deal_from_its_seed() {
    let setup = Setup {
        players: 3,
        seed: 4242,
        ..Setup::default_for(Qinto::INFO)
    };
    let mut session = Session::<Qinto>::new(setup, vec!["random".into(); 3]).unwrap();
    let mut rng = rng_from_seed(1);
    for _ in 0..30 {
        let Some(mv) = session.state().random_move(&mut rng) else {
            break;
        };
        session.play(mv).unwrap();
    }
    let record = GameRecord::from_json(&session.record().to_json()).unwrap();
    assert_eq!(record.seed, 4242);
    let replayed = record.replay::<Qinto>().unwrap();
    assert_eq!(replayed.first(), Some(&new_game(3, 4242)), "the same deal");
    assert_eq!(replayed.last(), Some(session.state()));
}

#[test]
fn a_player_sees_only_the_own_hand() {
    let state = new_game(3, 77);
    let mine = state.render(tabuleiro_core::Perspective::Player(Player(1)));
    let everyone = state.render(tabuleiro_core::Perspective::Everyone);
    for p in 0..3u8 {
        let text = hand(&state, p);
        assert!(everyone.contains(&text), "{everyone}");
        assert_eq!(mine.contains(&text), p == 1, "{mine}");
    }
    // Views of states that differ only in hidden tiles are equal; samples keep the own hand,
    // the grid and every size.
    let (played, _) = random_playout(state, &mut rng_from_seed(5), 12);
    let view = played.view(Player(1));
    let sample = Qinto::sample_from_view(&view, &mut rng_from_seed(9));
    assert_eq!(sample.hand(Player(1)), played.hand(Player(1)));
    assert_eq!(sample.grid(), played.grid());
    for p in 0..3u8 {
        assert_eq!(sample.hand(Player(p)).len(), played.hand(Player(p)).len());
        assert_eq!(sample.pile(Player(p)).len(), played.pile(Player(p)).len());
    }
    assert_eq!(sample.view(Player(1)), view);
}

#[test]
fn spectators_see_no_hand_and_nobody_reads_another_seats_trade() {
    let state = new_game(2, 77);
    let public = state.render_public();
    for p in 0..2u8 {
        let text = hand(&state, p);
        assert!(!public.contains(&text), "{public}");
    }
    assert!(public.contains("5 in hand"), "{public}");
    let traded = hand(&state, 0)
        .split_whitespace()
        .take(2)
        .collect::<Vec<_>>()
        .join(" ");
    let mv = state
        .parse_move(&format!("pass {traded}"))
        .expect("a trade of two own tiles");
    assert_eq!(
        state.format_move_for(mv, Some(Player(0))),
        format!("pass {traded}")
    );
    for viewer in [Some(Player(1)), None] {
        assert_eq!(state.format_move_for(mv, viewer), "pass (traded 2)");
    }
}

#[test]
fn the_frontier_is_every_empty_cell_next_to_a_tile() {
    let mut rng = rng_from_seed(11);
    for seed in 0..40 {
        let mut state = new_game(2 + seed as usize % 3, seed);
        while let Some(mv) = state.random_move(&mut rng) {
            state.play_unchecked(mv);
            let grid = state.grid();
            let mut expected: Vec<u16> = grid
                .occupied()
                .iter()
                .flat_map(|&i| [i - 1, i + 1, i - 128, i + 128])
                .filter(|&n| !grid.is_occupied(n as usize))
                .collect();
            expected.sort_unstable();
            expected.dedup();
            let mut frontier = grid.frontier().to_vec();
            frontier.sort_unstable();
            assert_eq!(frontier, expected, "seed {seed}, turn {}", state.turn());
        }
    }
}

#[test]
fn a_pile_keeps_its_order_over_many_trades() {
    // Player 2 trades 3 tiles 30 times: each trade goes under the pile, in order, and the
    // hand draws from the top.
    let mut state = position("RS@0,0", &["RX", "BS BX BD BH BC"], &["", "YC YD YH"]);
    let mut expected: Vec<String> = ["YC", "YD", "YH"].map(String::from).to_vec();
    for _ in 0..30 {
        let hand_now = hand(&state, 1);
        let traded: Vec<&str> = hand_now.split(' ').take(3).collect();
        play(&mut state, &format!("pass;pass {}", traded.join(" ")));
        expected.extend(traded.iter().map(ToString::to_string));
        expected.drain(..3);
        assert_eq!(pile(&state, 1), expected);
    }
}
