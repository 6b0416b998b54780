//! Q!nto's fast move generator against a deliberately simple one written from the rule book
//! (`shared/rules/qinto.md`): every set of empty cells in one row or column × every
//! arrangement of hand tiles on them, every set of wilds × every assignment of hand tiles,
//! every part of the hand to trade — each kept when the grid it makes passes the rules' line
//! test ([`is_line`]) on every run through a changed cell.

use std::collections::BTreeSet;

use tabuleiro_core::{Engine, Game, GameRng, Player, Setup, rng_from_seed};
use tabuleiro_games::qinto::{Qinto, QintoMove, Tile, is_line};

/// The grid as a plain array of cells (every tile lies within 62 cells of the origin).
struct Grid {
    cells: Vec<Option<Tile>>,
    /// The tiles of the position, for the bounds and the wilds.
    tiles: Vec<((i32, i32), Tile)>,
}

impl Grid {
    const SIDE: i32 = 160;

    fn of(state: &Qinto) -> Grid {
        let mut grid = Grid {
            cells: vec![None; (Self::SIDE * Self::SIDE) as usize],
            tiles: Vec::new(),
        };
        for (c, t) in state.grid().tiles() {
            let cell = (i32::from(c.x), i32::from(c.y));
            grid.insert(cell, t);
            grid.tiles.push((cell, t));
        }
        grid
    }

    fn slot((x, y): (i32, i32)) -> usize {
        ((y + Self::SIDE / 2) * Self::SIDE + x + Self::SIDE / 2) as usize
    }

    fn get(&self, cell: (i32, i32)) -> Option<&Tile> {
        self.cells[Self::slot(cell)].as_ref()
    }

    fn contains_key(&self, cell: (i32, i32)) -> bool {
        self.get(cell).is_some()
    }

    fn insert(&mut self, cell: (i32, i32), tile: Tile) -> Option<Tile> {
        self.cells[Self::slot(cell)].replace(tile)
    }

    fn remove(&mut self, cell: (i32, i32)) {
        self.cells[Self::slot(cell)] = None;
    }

    fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }
}

/// The tiles of the run through `cell` along `(dx, dy)` in `grid`.
fn run_through(grid: &Grid, cell: (i32, i32), (dx, dy): (i32, i32)) -> Vec<Tile> {
    let mut first = cell;
    while grid.contains_key((first.0 - dx, first.1 - dy)) {
        first = (first.0 - dx, first.1 - dy);
    }
    let mut run = Vec::new();
    let mut at = first;
    while let Some(&t) = grid.get(at) {
        run.push(t);
        at = (at.0 + dx, at.1 + dy);
    }
    run
}

/// Whether every run through one of `changed` in `grid` is a line (or a single tile).
fn only_lines(grid: &Grid, changed: &[(i32, i32)]) -> bool {
    changed.iter().all(|&c| {
        [(1, 0), (0, 1)].into_iter().all(|dir| {
            let run = run_through(grid, c, dir);
            run.len() < 2 || is_line(&run)
        })
    })
}

/// Whether `grid` with `tiles` put on `cells` holds only lines through them; `grid` is left
/// as it was.
fn with_tiles(grid: &mut Grid, cells: &[(i32, i32)], tiles: &[Tile]) -> bool {
    let before: Vec<Option<Tile>> = cells
        .iter()
        .zip(tiles)
        .map(|(&c, &t)| grid.insert(c, t))
        .collect();
    let fine = only_lines(grid, cells);
    for (c, old) in cells.iter().zip(before) {
        match old {
            Some(t) => {
                grid.insert(*c, t);
            }
            None => grid.remove(*c),
        }
    }
    fine
}

/// Every injective assignment of hand positions to `n` slots, as distinct tile sequences.
fn arrangements(hand: &[Tile], n: usize) -> Vec<Vec<Tile>> {
    fn grow(
        hand: &[Tile],
        used: &mut Vec<bool>,
        seq: &mut Vec<Tile>,
        n: usize,
        out: &mut Vec<Vec<Tile>>,
    ) {
        if seq.len() == n {
            out.push(seq.clone());
            return;
        }
        for i in 0..hand.len() {
            if !used[i] {
                used[i] = true;
                seq.push(hand[i]);
                grow(hand, used, seq, n, out);
                seq.pop();
                used[i] = false;
            }
        }
    }
    let mut out = Vec::new();
    grow(
        hand,
        &mut vec![false; hand.len()],
        &mut Vec::new(),
        n,
        &mut out,
    );
    out.sort_unstable();
    out.dedup();
    out
}

/// Tiles on cells in the game's notation: `RH@0,0 RS@1,0`.
fn placements(cells: &[(i32, i32)], tiles: &[Tile]) -> String {
    let parts: Vec<String> = cells
        .iter()
        .zip(tiles)
        .map(|(&(x, y), t)| format!("{t}@{x},{y}"))
        .collect();
    parts.join(" ")
}

/// Every legal move of `state`, by brute force, as parsed moves.
fn simple_moves(state: &Qinto) -> BTreeSet<String> {
    let mut texts = BTreeSet::new();
    if state.outcome().is_some() {
        return texts;
    }
    let hand: Vec<Tile> = state.hand(state.mover()).tiles().collect();
    // The arrangements of the hand on 0..=5 cells.
    let arranged: Vec<Vec<Vec<Tile>>> = (0..=5).map(|n| arrangements(&hand, n)).collect();
    let mut grid = Grid::of(state);

    // Plays: a first cell, a direction, and which of the next 4 cells also take a tile.
    let (lo, hi) = if grid.is_empty() {
        ((-4, -4), (4, 4))
    } else {
        let xs = grid.tiles.iter().map(|(c, _)| c.0);
        let ys = grid.tiles.iter().map(|(c, _)| c.1);
        (
            (
                xs.clone().min().unwrap_or(0) - 5,
                ys.clone().min().unwrap_or(0) - 5,
            ),
            (xs.max().unwrap_or(0) + 5, ys.max().unwrap_or(0) + 5),
        )
    };
    for x in lo.0..=hi.0 {
        for y in lo.1..=hi.1 {
            for (dx, dy) in [(1, 0), (0, 1)] {
                for mask in 0u32..16 {
                    let mut cells = vec![(x, y)];
                    for k in 1..=4 {
                        if mask & (1 << (k - 1)) != 0 {
                            cells.push((x + dx * k, y + dy * k));
                        }
                    }
                    // A single tile is written once, as a row play.
                    if cells.len() > hand.len() || (cells.len() == 1 && dy == 1) {
                        continue;
                    }
                    if cells.iter().any(|&c| grid.contains_key(c)) {
                        continue;
                    }
                    // One run: every cell between the first and the last holds a tile.
                    let last = cells[cells.len() - 1];
                    let span = (last.0 - x) + (last.1 - y);
                    let gapless = (0..span)
                        .map(|k| (x + dx * k, y + dy * k))
                        .all(|c| cells.contains(&c) || grid.contains_key(c));
                    if !gapless {
                        continue;
                    }
                    // Touching the grid, or covering 0,0 for the first play.
                    let touches = if grid.is_empty() {
                        cells.contains(&(0, 0))
                    } else {
                        cells.iter().any(|&(cx, cy)| {
                            [(1, 0), (-1, 0), (0, 1), (0, -1)]
                                .iter()
                                .any(|(ox, oy)| grid.contains_key((cx + ox, cy + oy)))
                        })
                    };
                    if !touches {
                        continue;
                    }
                    for tiles in &arranged[cells.len()] {
                        if with_tiles(&mut grid, &cells, tiles) {
                            texts.insert(placements(&cells, tiles));
                        }
                    }
                }
            }
        }
    }

    // Swaps: a set of wilds on the grid, each given a different hand tile.
    let mut wilds: Vec<(i32, i32)> = grid
        .tiles
        .iter()
        .filter(|(_, t)| t.is_wild())
        .map(|&(c, _)| c)
        .collect();
    wilds.sort_unstable();
    for subset in 1u32..(1 << wilds.len()) {
        let cells: Vec<(i32, i32)> = (0..wilds.len())
            .filter(|&k| subset & (1 << k) != 0)
            .map(|k| wilds[k])
            .collect();
        if cells.len() > hand.len() {
            continue;
        }
        for tiles in &arranged[cells.len()] {
            if cells
                .iter()
                .zip(tiles)
                .any(|(&c, t)| grid.get(c) == Some(t))
            {
                continue;
            }
            if with_tiles(&mut grid, &cells, tiles) {
                texts.insert(format!("swap {}", placements(&cells, tiles)));
            }
        }
    }

    // Passes: any part of the hand, in any order (the notation sorts it).
    for subset in 0u32..(1 << hand.len()) {
        let parts: Vec<String> = (0..hand.len())
            .filter(|&k| subset & (1 << k) != 0)
            .map(|k| hand[k].to_string())
            .collect();
        texts.insert(format!("pass {}", parts.join(" ")).trim_end().to_owned());
    }

    // Written the game's way (cells in order, traded tiles sorted), through its parser.
    texts
        .into_iter()
        .map(|text| {
            let mv = state
                .parse_notation(&text)
                .unwrap_or_else(|e| panic!("the simple generator wrote `{text}`: {e}"));
            state.format_move(mv)
        })
        .collect()
}

/// The fast generator's moves, checked to hold no move twice.
fn fast_moves(state: &Qinto) -> BTreeSet<String> {
    let mut moves: Vec<QintoMove> = Vec::new();
    state.legal_moves(&mut moves);
    let texts: BTreeSet<String> = moves.iter().map(|&m| state.format_move(m)).collect();
    assert_eq!(texts.len(), moves.len(), "a move listed twice in {moves:?}");
    texts
}

fn compare(state: &Qinto, context: &str) {
    let fast = fast_moves(state);
    let simple = simple_moves(state);
    let missing: Vec<&String> = simple.difference(&fast).collect();
    let extra: Vec<&String> = fast.difference(&simple).collect();
    assert!(
        missing.is_empty() && extra.is_empty(),
        "{context}: the fast generator misses {missing:?} and adds {extra:?}\n{}",
        state.render(tabuleiro_core::Perspective::Everyone)
    );
}

/// A move for the seeded games: mostly the playout policy (real games: long runs, wilds
/// laid and taken), sometimes a uniform move of the list (swaps of every kind), sometimes the
/// random fast path.
fn next_move(state: &Qinto, rng: &mut GameRng, turn: u64) -> Option<QintoMove> {
    match turn % 5 {
        0 | 3 => {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            let swaps: Vec<QintoMove> = moves
                .iter()
                .copied()
                .filter(|m| matches!(m, QintoMove::Swap(_)))
                .collect();
            let pool = if swaps.is_empty() { moves } else { swaps };
            if pool.is_empty() {
                return None;
            }
            pool.get(tabuleiro_core::rng::random_index(rng, pool.len()))
                .copied()
        }
        4 => state.random_move(rng),
        _ => state.playout_move(rng),
    }
}

/// Compares the generators on every position of seeded games; returns how many.
fn compare_games(players: usize, seeds: std::ops::Range<u64>) -> usize {
    let mut positions = 0;
    for seed in seeds {
        let mut state = Qinto::new(&Setup {
            players,
            seed,
            ..Setup::default_for(Qinto::INFO)
        })
        .expect("a Q!nto setup");
        let mut rng = rng_from_seed(seed ^ 0x5eed);
        for turn in 0..120 {
            compare(
                &state,
                &format!("{players} players, seed {seed}, turn {turn}"),
            );
            positions += 1;
            let Some(mv) = next_move(&state, &mut rng, turn) else {
                break;
            };
            state.play(mv).expect("a listed move is legal");
        }
    }
    positions
}

#[test]
fn both_generators_agree_with_two_players() {
    let positions = compare_games(2, 0..40);
    assert!(positions >= 1000, "{positions} positions");
    eprintln!("2 players: {positions} positions compared");
}

#[test]
fn both_generators_agree_with_three_players() {
    let positions = compare_games(3, 100..150);
    assert!(positions >= 1000, "{positions} positions");
    eprintln!("3 players: {positions} positions compared");
}

#[test]
fn both_generators_agree_with_four_players() {
    let positions = compare_games(4, 200..255);
    assert!(positions >= 1000, "{positions} positions");
    eprintln!("4 players: {positions} positions compared");
}

fn play_all(state: &mut Qinto, moves: &[&str]) {
    for text in moves {
        let mv = state
            .parse_move(text)
            .unwrap_or_else(|e| panic!("`{text}` should be legal: {e}"));
        state.play(mv).unwrap_or_else(|e| panic!("`{text}`: {e}"));
    }
}

#[test]
fn a_swap_legal_only_as_a_whole_is_listed() {
    // The game of the issue report: seed 100, 2 players.
    let mut state = Qinto::new(&Setup {
        players: 2,
        seed: 100,
        ..Setup::default_for(Qinto::INFO)
    })
    .expect("a Q!nto setup");
    play_all(
        &mut state,
        &[
            "KS@0,-2 *H@0,-1 KD@0,0",
            "RX@-1,1 **@0,1 KD@1,1 B*@2,1",
            "KH@-1,-3 RS@-1,-2 YX@-1,-1",
            "BC@2,0 BH@2,2",
            "YC@3,2 RC@3,3",
            "BS@2,3",
            "BX@2,-1",
            "pass GD BH YH",
            "Y*@-3,-1 **@-2,-1",
        ],
    );
    // Row -1 reads Y* ** YX *H. GX alone on -3,-1 breaks the row's shapes (X, X, H); KX
    // alone on 0,-1 breaks its colours (Y, Y, K); with both, the row reads colours G ? Y K
    // and shapes X ? X X — a line — and column 0 reads K S, K X, K D, ** — a line too.
    let fast = fast_moves(&state);
    assert!(fast.contains("swap GX@-3,-1 KX@0,-1"), "{fast:?}");
    assert!(state.parse_move("swap GX@-3,-1").is_err());
    assert!(state.parse_move("swap KX@0,-1").is_err());
    compare(&state, "the issue's position");
}

#[test]
fn a_wild_in_hand_may_take_a_wilds_place() {
    // Row 0: RS RD *H, a red row of spade, diamond and heart. A Q!nto tile or the red
    // wild-shape tile in hand fits there; the green club does not.
    let state = Qinto::arranged(
        2,
        Player(0),
        "RS@-2,0 RD@-1,0 *H@0,0",
        &["** R* GC", "BS"],
        &["", ""],
    )
    .expect("a position");
    let fast = fast_moves(&state);
    assert!(fast.contains("swap **@0,0"), "{fast:?}");
    assert!(fast.contains("swap R*@0,0"), "{fast:?}");
    // GC is green in a red row: refused, as before.
    assert!(!fast.contains("swap GC@0,0"), "{fast:?}");
    let mut after = state.clone();
    play_all(&mut after, &["swap **@0,0"]);
    let hand: Vec<String> = after
        .hand(Player(0))
        .tiles()
        .map(|t| t.to_string())
        .collect();
    assert!(
        hand.contains(&"*H".to_owned()),
        "the wild taken joins the hand: {hand:?}"
    );
    compare(&state, "wild for wild");
}

#[test]
fn giving_the_tile_already_there_is_not_a_move() {
    let state = Qinto::arranged(2, Player(0), "RS@-1,0 **@0,0", &["** RX", "BS"], &["", ""])
        .expect("a position");
    let reason = state
        .parse_move("swap **@0,0")
        .expect_err("a swap that changes nothing");
    assert!(
        reason.to_string().contains("already on cell 0,0"),
        "{reason}"
    );
    assert!(!fast_moves(&state).contains("swap **@0,0"));
}
