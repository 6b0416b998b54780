//! The Nudge solver checked on a small board (4×4, two discs a side) against a plain
//! memoised minimax over whole turns written here from the rules, for every position; table
//! files refused when damaged; and draws that agree with the repetition rule.

use std::collections::HashMap;

use tabuleiro_core::ExactValue;
use tabuleiro_games::nudge::solve::{Geometry, SolvedTable, TableFileError};

/// The small board of the tests.
fn small() -> Geometry {
    Geometry::new(4, 2).expect("a 4x4 board with 2 discs fits")
}

/// The small table, solved once for all the tests of this file.
fn small_table() -> &'static SolvedTable {
    static TABLE: std::sync::OnceLock<SolvedTable> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| SolvedTable::solve(small(), &mut |_| {}))
}

/// The rules again, on squares given by row and column, for a board of side `n`.
mod reference {
    /// What one move does: `None` illegal, `Some(None)` a disc pushed off, `Some(Some(..))`
    /// the mover's and the opponent's discs afterwards.
    pub type Moved = Option<Option<(u32, u32)>>;

    const DIRECTIONS: [(i32, i32); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

    fn bit(n: i32, r: i32, c: i32) -> Option<u32> {
        (0..n).contains(&r).then_some(())?;
        (0..n).contains(&c).then_some(())?;
        Some(1 << (r * n + c))
    }

    /// The move of the disc on (`r`, `c`) and the own discs ahead of it towards `(dr, dc)`.
    pub fn play(n: i32, own: u32, opp: u32, r: i32, c: i32, (dr, dc): (i32, i32)) -> Moved {
        let tail = bit(n, r, c)?;
        let mut line = 0;
        let (mut rr, mut cc) = (r, c);
        while bit(n, rr, cc).is_some_and(|b| own & b != 0) {
            line += 1;
            rr += dr;
            cc += dc;
        }
        let ahead = bit(n, rr, cc)?;
        if opp & ahead == 0 {
            return Some(Some((own ^ tail ^ ahead, opp)));
        }
        let mut run = 0;
        let (mut pr, mut pc) = (rr, cc);
        while bit(n, pr, pc).is_some_and(|b| opp & b != 0) {
            run += 1;
            pr += dr;
            pc += dc;
        }
        if run >= line {
            return None;
        }
        match bit(n, pr, pc) {
            None => Some(None),
            Some(past) if own & past != 0 => None,
            Some(past) => Some(Some((own ^ tail ^ ahead, opp ^ ahead ^ past))),
        }
    }

    /// Every legal move's effect.
    pub fn moves(n: i32, own: u32, opp: u32) -> Vec<Option<(u32, u32)>> {
        let mut all = Vec::new();
        for r in 0..n {
            for c in 0..n {
                if bit(n, r, c).is_some_and(|b| own & b != 0) {
                    for d in DIRECTIONS {
                        if let Some(m) = play(n, own, opp, r, c, d) {
                            all.push(m);
                        }
                    }
                }
            }
        }
        all
    }

    /// A start-of-turn position's turns.
    #[derive(Debug, Default)]
    pub struct Turns {
        /// Plies of the quickest push-off within the turn, if any.
        pub win: Option<u32>,
        /// Whether there is any first move.
        pub any_move: bool,
        /// Whether some first move leaves no second move.
        pub stuck: bool,
        /// The children: (next mover's discs, this player's discs).
        pub children: Vec<(u32, u32)>,
    }

    pub fn turns(n: i32, own: u32, opp: u32) -> Turns {
        let mut t = Turns::default();
        for first in moves(n, own, opp) {
            t.any_move = true;
            let Some((own1, opp1)) = first else {
                t.win = Some(1);
                continue;
            };
            let seconds: Vec<_> = moves(n, own1, opp1)
                .into_iter()
                .filter(|m| *m != Some((own, opp)))
                .collect();
            t.stuck |= seconds.is_empty();
            for second in seconds {
                match second {
                    None => t.win = Some(t.win.map_or(2, |w| w.min(2))),
                    Some((own2, opp2)) => t.children.push((opp2, own2)),
                }
            }
        }
        t
    }
}

/// Every position of the board of side `n` with `k` discs a side: `(own, opponent)`.
fn all_positions(n: u32, k: u32) -> Vec<(u32, u32)> {
    let squares = n * n;
    let sets: Vec<u32> = (0..1u32 << squares)
        .filter(|m| m.count_ones() == k)
        .collect();
    let mut all = Vec::new();
    for &own in &sets {
        for &opp in &sets {
            if own & opp == 0 {
                all.push((own, opp));
            }
        }
    }
    all
}

/// The plain search: the value of every position when the game is cut off (as a draw) after
/// `depth` plies, memoised by depth, for depth 0, 1, 2, … until nothing changes.
struct Minimax {
    /// Every position.
    positions: Vec<(u32, u32)>,
    /// The number of each position in `positions`.
    number: HashMap<(u32, u32), usize>,
    /// `memo[d][i]`: the value of position `i` when the game is cut off after `d` plies.
    memo: Vec<Vec<ExactValue>>,
}

impl Minimax {
    fn new(n: u32, k: u32) -> Minimax {
        let positions = all_positions(n, k);
        let turns: Vec<reference::Turns> = positions
            .iter()
            .map(|&(own, opp)| reference::turns(n as i32, own, opp))
            .collect();
        let number: HashMap<(u32, u32), usize> =
            positions.iter().enumerate().map(|(i, &p)| (p, i)).collect();
        let best = |options: &mut dyn Iterator<Item = ExactValue>| {
            options
                .max_by_key(|v| v.rank())
                .expect("at least one option")
        };
        let mut memo: Vec<Vec<ExactValue>> = Vec::new();
        for depth in 0u32.. {
            let values: Vec<ExactValue> = turns
                .iter()
                .map(|t| {
                    if let Some(w) = t.win.filter(|&w| w <= depth) {
                        return ExactValue::Win { plies: w };
                    }
                    if !t.any_move {
                        return ExactValue::Loss { plies: 0 };
                    }
                    let stuck = t.stuck.then_some(if depth >= 1 {
                        ExactValue::Loss { plies: 1 }
                    } else {
                        ExactValue::Draw
                    });
                    let children = t.children.iter().map(|c| {
                        if depth < 2 {
                            ExactValue::Draw
                        } else {
                            memo[depth as usize - 2][number[c]].before(2, false)
                        }
                    });
                    best(&mut stuck.into_iter().chain(children))
                })
                .collect();
            memo.push(values);
            let d = memo.len();
            if d >= 3 && memo[d - 1] == memo[d - 2] && memo[d - 2] == memo[d - 3] {
                break;
            }
        }
        Minimax {
            positions,
            number,
            memo,
        }
    }

    /// The value of `position` with the game cut off after `depth` plies.
    fn at(&self, position: (u32, u32), depth: usize) -> ExactValue {
        self.memo[depth.min(self.memo.len() - 1)][self.number[&position]]
    }
}

/// The values of plain minimax once nothing changes any more.
fn minimax_values(n: u32, k: u32) -> HashMap<(u32, u32), ExactValue> {
    let minimax = Minimax::new(n, k);
    let last = minimax.memo.len() - 1;
    minimax
        .positions
        .iter()
        .map(|&p| (p, minimax.at(p, last)))
        .collect()
}

#[test]
fn the_small_table_matches_plain_minimax_on_every_position() {
    let table = small_table();
    let reference = minimax_values(4, 2);
    assert_eq!(table.len(), reference.len());
    assert_eq!(table.len(), 120 * 91);
    let mut seen = 0;
    for (own, opp, value) in table.positions() {
        assert_eq!(
            Some(&value),
            reference.get(&(own, opp)),
            "own {own:#06x} opponent {opp:#06x}"
        );
        seen += 1;
    }
    assert_eq!(seen, reference.len());
    let summary = table.summary();
    assert_eq!(
        summary.wins + summary.draws + summary.losses,
        summary.positions
    );
    // Not a trivial table: all three values occur, and some take several turns.
    assert!(
        summary.wins > 0 && summary.losses > 0 && summary.draws > 0,
        "{summary:?}"
    );
    assert!(summary.longest_plies >= 6, "{summary:?}");
}

#[test]
fn positions_that_are_not_in_the_table_have_no_value() {
    let table = small_table();
    assert_eq!(table.value(0b11, 0b11), None, "overlapping");
    assert_eq!(table.value(0b1, 0b110), None, "one disc");
    assert_eq!(table.value(0b11, 0b11 << 16), None, "off the 4x4 board");
    assert!(table.value(0b11, 0b1100).is_some());
}

#[test]
fn table_files_round_trip_and_damage_is_refused() {
    let table = small_table();
    let bytes = table.to_bytes();
    let again = SolvedTable::from_bytes(&bytes, small()).expect("a good file reads");
    assert!(again.positions().eq(table.positions()));

    let refused = |bytes: &[u8]| {
        SolvedTable::from_bytes(bytes, small())
            .expect_err("a bad file is refused")
            .to_string()
    };
    // One flipped bit anywhere in the values, or in the checksum.
    for at in [40, bytes.len() / 2, bytes.len() - 9, bytes.len() - 1] {
        let mut damaged = bytes.clone();
        damaged[at] ^= 0x10;
        assert!(refused(&damaged).contains("damaged"), "byte {at}");
    }
    assert!(refused(&bytes[..bytes.len() - 1]).contains("truncated"));
    assert!(refused(&bytes[..10]).contains("not a tabuleiro Nudge table"));
    assert!(refused(b"").contains("not a tabuleiro Nudge table"));
    let mut version = bytes.clone();
    version[16] = 99;
    assert!(refused(&version).contains("version 99"));
    let standard = SolvedTable::from_bytes(&bytes, Geometry::STANDARD).expect_err("another board");
    assert!(matches!(
        standard,
        TableFileError::Geometry { side: 4, discs: 2 }
    ));
    assert!(refused(&[b'x'; 100]).contains("not a tabuleiro Nudge table"));

    let dir = std::env::temp_dir().join(format!("tabuleiro-nudge-solve-{}", std::process::id()));
    let path = dir.join("small.table");
    table.save(&path).expect("saved");
    let loaded = SolvedTable::load(&path, small()).expect("loaded");
    assert!(loaded.positions().eq(table.positions()));
    let missing = SolvedTable::load(&dir.join("none.table"), small()).expect_err("missing");
    assert!(matches!(missing, TableFileError::Io(_)));
    let _ = std::fs::remove_dir_all(dir);
}

/// A draw in the table is one where neither side can force a push-off: the mover has a turn
/// to a drawn position and none to a position lost for the opponent (so the mover cannot
/// force a win), and every turn leads to a draw or a win for the opponent.
#[test]
fn draws_are_closed_neither_side_can_leave_them_with_a_win() {
    let table = small_table();
    let mut draws = 0;
    for (own, opp, value) in table.positions() {
        if value != ExactValue::Draw {
            continue;
        }
        draws += 1;
        let turns = reference::turns(4, own, opp);
        assert_eq!(turns.win, None);
        let children: Vec<ExactValue> = turns
            .children
            .iter()
            .map(|&(o, p)| table.value(o, p).expect("a child in the table"))
            .collect();
        assert!(children.contains(&ExactValue::Draw));
        assert!(
            !children
                .iter()
                .any(|v| matches!(v, ExactValue::Loss { .. }))
        );
    }
    assert!(draws > 0);
}

/// Games from drawn positions, the repetition rule applied as the game does (third time the
/// same start-of-turn position is a draw): a side that keeps to drawn positions is never
/// pushed off, whatever the other side does (random turns, or a search two turns deep); when
/// both keep to them, the game ends by repetition. From a won position, the side following
/// the table wins, against any of these defences.
#[test]
fn the_repetition_rule_and_the_table_agree() {
    use tabuleiro_core::rng::RngExt;
    let table = small_table();
    let mut rng = tabuleiro_core::rng_from_seed(10);
    let positions: Vec<(u32, u32, ExactValue)> = table.positions().collect();
    // The best turn by the table: fastest win, slowest loss, a draw kept (ties at random).
    let best_turn = |own: u32, opp: u32, rng: &mut tabuleiro_core::GameRng| {
        let t = reference::turns(4, own, opp);
        let mut options: Vec<((u32, u32), i64)> = t
            .children
            .iter()
            .map(|&(o, p)| {
                let v = table.value(o, p).expect("in the table").before(2, false);
                ((o, p), v.rank())
            })
            .collect();
        let top = options.iter().map(|o| o.1).max()?;
        options.retain(|o| o.1 == top);
        Some(options[rng.random_range(0..options.len())].0)
    };
    // A searching opponent: the plain minimax two turns deep (ties at random).
    let search = Minimax::new(4, 2);
    let searched_turn = |own: u32, opp: u32, rng: &mut tabuleiro_core::GameRng| {
        let t = reference::turns(4, own, opp);
        let mut options: Vec<((u32, u32), i64)> = t
            .children
            .iter()
            .map(|&c| (c, search.at(c, 2).before(2, false).rank()))
            .collect();
        let top = options.iter().map(|o| o.1).max()?;
        options.retain(|o| o.1 == top);
        Some(options[rng.random_range(0..options.len())].0)
    };
    let mut endings: HashMap<(bool, u8, &str), usize> = HashMap::new();
    for game in 0..3000 {
        let (start_own, start_opp, value) = positions[rng.random_range(0..positions.len())];
        if matches!(value, ExactValue::Loss { .. }) {
            continue;
        }
        // The side following the table moves first; the other side follows the table too (0),
        // plays at random (1), or searches two turns deep (2).
        let opponent = (game % 3) as u8;
        let both_perfect = opponent == 0;
        let mut seen: HashMap<(u32, u32), u32> = HashMap::new();
        let (mut own, mut opp) = (start_own, start_opp);
        let mut table_to_move = true;
        let ending = loop {
            let count = seen.entry((own, opp)).or_insert(0);
            *count += 1;
            if *count == 3 {
                break "repetition";
            }
            let t = reference::turns(4, own, opp);
            if t.win.is_some() {
                break if table_to_move {
                    "first wins"
                } else {
                    "first loses"
                };
            }
            let next = if table_to_move || both_perfect {
                best_turn(own, opp, &mut rng)
            } else if opponent == 2 {
                searched_turn(own, opp, &mut rng)
            } else if t.children.is_empty() {
                None
            } else {
                Some(t.children[rng.random_range(0..t.children.len())])
            };
            let Some((o, p)) = next else {
                break if table_to_move {
                    "first loses"
                } else {
                    "first wins"
                };
            };
            (own, opp) = (o, p);
            table_to_move = !table_to_move;
        };
        let drawn = value == ExactValue::Draw;
        *endings.entry((drawn, opponent, ending)).or_default() += 1;
        match (drawn, both_perfect) {
            (true, true) => assert_eq!(ending, "repetition", "game {game} from a draw"),
            (true, false) => assert_ne!(ending, "first loses", "game {game} from a draw"),
            (false, _) => assert_eq!(ending, "first wins", "game {game} from a win"),
        }
    }
    for kind in [
        (true, 0, "repetition"),
        (false, 0, "first wins"),
        (false, 1, "first wins"),
        (false, 2, "first wins"),
        (true, 2, "repetition"),
    ] {
        assert!(endings.get(&kind).is_some_and(|&n| n > 10), "{endings:?}");
    }
}

/// The full 5×5 solve (seconds in release) gives the published result — every start of the
/// four layouts is a draw, whoever moves first, and the positions by value — and the table
/// survives a round trip through its file format.
/// `cargo test --release -p tabuleiro-games --test tests full_board -- --ignored --nocapture`
#[test]
#[ignore = "the full solve: seconds in release, longer in a test build; run it on purpose"]
fn full_board_solve() {
    use tabuleiro_games::nudge::LAYOUTS;
    let clock = std::time::Instant::now();
    let table = SolvedTable::solve(Geometry::STANDARD, &mut |_| {});
    println!(
        "solved in {:.1} s: {:?}",
        clock.elapsed().as_secs_f64(),
        table.summary()
    );
    for (i, [white, black]) in LAYOUTS.iter().enumerate() {
        let white_first = table.value(*white, *black).expect("in the table");
        let black_first = table.value(*black, *white).expect("in the table");
        println!(
            "layout {}: white first {white_first}, black first {black_first}",
            i + 1
        );
        assert_eq!(
            (white_first, black_first),
            (ExactValue::Draw, ExactValue::Draw)
        );
    }
    let summary = table.summary();
    assert_eq!(
        (
            summary.positions,
            summary.wins,
            summary.draws,
            summary.losses
        ),
        (3_542_000, 1_258_120, 2_098_044, 185_836)
    );
    assert_eq!(summary.longest_plies, 62);
    let bytes = table.to_bytes();
    let again = SolvedTable::from_bytes(&bytes, Geometry::STANDARD).expect("reads back");
    assert!(again.positions().eq(table.positions()));
}
