//! Nudge perft: the number of move sequences of each length (one move is one ply, so a turn
//! is two plies; a finished game has no continuations). Counts live in `data/nudge.perft` and
//! are checked by one runner; they are cross-checked by [`reference`], a slow implementation
//! of the rules written straight from `shared/rules/nudge.md` on an array board, sharing no
//! code with the library.
//!
//! Data lines read `nudge [name=value ...] [moves=m1,m2,...] depth <d> <count>`; `#` starts a
//! comment. `regenerate_nudge_perft` below printed the file, asserting that the reference and
//! the fast implementation agree wherever both ran.

use std::time::Instant;

use tabuleiro_core::{Game, GameRng, Player, rng_from_seed};
use tabuleiro_games::nudge::Nudge;

use crate::util::{play, setup};

const NUDGE_PERFT: &str = include_str!("data/nudge.perft");

/// Lines whose count is above this are left to the ignored `nudge_perft_file_in_full` (run it
/// in release: `cargo test --release -p tabuleiro-games nudge_perft -- --ignored`).
const NODE_LIMIT: u64 = 3_000_000;

/// Lines whose count is at most this are also counted by the slow reference implementation.
const REFERENCE_LIMIT: u64 = 100_000;

/// The rules of Nudge once more, written for clarity rather than speed: a 5×5 array, explicit
/// loops, lists of squares, and the whole history of start-of-turn boards. Nothing here uses
/// the library.
pub mod reference {
    /// What stands on a square.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Cell {
        /// No disc.
        Empty,
        /// A white disc.
        White,
        /// A black disc.
        Black,
    }

    impl Cell {
        /// The other colour.
        pub fn other(self) -> Cell {
            match self {
                Cell::White => Cell::Black,
                Cell::Black => Cell::White,
                Cell::Empty => Cell::Empty,
            }
        }
    }

    /// `board[row][column]`; row 0 is row `1` (the top), column 0 is column `a` (the left).
    pub type Board = [[Cell; 5]; 5];

    /// How a game ended.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Result {
        /// That colour won.
        Win(Cell),
        /// A draw.
        Draw,
    }

    /// The four directions: letter, row step, column step.
    pub const DIRECTIONS: [(char, i32, i32); 4] =
        [('u', -1, 0), ('d', 1, 0), ('l', 0, -1), ('r', 0, 1)];

    /// A move: the tail disc's row and column, and a direction index into [`DIRECTIONS`].
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub struct Move {
        /// Row of the tail, 0..5.
        pub row: i32,
        /// Column of the tail, 0..5.
        pub column: i32,
        /// Index into [`DIRECTIONS`].
        pub direction: usize,
    }

    impl Move {
        /// Reads `c2d`-style notation.
        pub fn parse(text: &str) -> Move {
            let chars: Vec<char> = text.to_ascii_lowercase().chars().collect();
            assert_eq!(chars.len(), 3, "`{text}`");
            let column = "abcde".find(chars[0]).expect("a column a-e") as i32;
            let row = "12345".find(chars[1]).expect("a row 1-5") as i32;
            let direction = DIRECTIONS
                .iter()
                .position(|d| d.0 == chars[2])
                .expect("a direction u/d/l/r");
            Move {
                row,
                column,
                direction,
            }
        }

        /// In `c2d`-style notation.
        pub fn text(self) -> String {
            format!(
                "{}{}{}",
                ['a', 'b', 'c', 'd', 'e'][self.column as usize],
                self.row + 1,
                DIRECTIONS[self.direction].0
            )
        }
    }

    fn on_board(row: i32, column: i32) -> bool {
        (0..5).contains(&row) && (0..5).contains(&column)
    }

    /// The board after `me` moves the line with tail `mv`, and whether an opponent disc went
    /// off the board; `None` when the rules forbid the move (the no-return rule aside).
    pub fn moved(board: &Board, me: Cell, mv: Move) -> Option<(Board, bool)> {
        let (_, dr, dc) = DIRECTIONS[mv.direction];
        let at = |r: i32, c: i32| board[r as usize][c as usize];
        if !on_board(mv.row, mv.column) || at(mv.row, mv.column) != me {
            return None;
        }
        // The squares that move: the line (the tail and own discs straight ahead), then the
        // opponent run ahead of it.
        let mut path = vec![(mv.row, mv.column)];
        let (mut r, mut c) = (mv.row + dr, mv.column + dc);
        while on_board(r, c) && at(r, c) == me {
            path.push((r, c));
            r += dr;
            c += dc;
        }
        let line = path.len();
        if !on_board(r, c) {
            return None; // own disc off the board
        }
        let mut run = 0;
        while on_board(r, c) && at(r, c) == me.other() {
            path.push((r, c));
            run += 1;
            r += dr;
            c += dc;
        }
        if run > 0 {
            if run >= line {
                return None; // equal or longer opponent run
            }
            if on_board(r, c) && at(r, c) != Cell::Empty {
                return None; // a disc just past the run blocks
            }
        }
        // Everything on the path moves one square forward, the front one first.
        let mut next = *board;
        let front = path[path.len() - 1];
        let off = !on_board(r, c);
        if !off {
            next[r as usize][c as usize] = at(front.0, front.1);
        }
        for i in (1..path.len()).rev() {
            let (from, to) = (path[i - 1], path[i]);
            next[to.0 as usize][to.1 as usize] = at(from.0, from.1);
        }
        next[mv.row as usize][mv.column as usize] = Cell::Empty;
        Some((next, off))
    }

    /// A game of Nudge.
    #[derive(Clone, Debug)]
    pub struct Game {
        /// The discs.
        pub board: Board,
        /// Whose turn it is.
        pub to_move: Cell,
        /// 1 or 2.
        pub move_of_turn: u32,
        /// The board when the current turn began.
        pub turn_start: Board,
        /// Turns finished.
        pub turns: u32,
        /// The `max_turns` option.
        pub max_turns: Option<u32>,
        /// Every start-of-turn position so far, with the player to move.
        pub starts: Vec<(Board, Cell)>,
        /// The result, once over.
        pub result: Option<Result>,
    }

    /// The four layouts of the rules, in notation.
    pub const LAYOUTS: [(&str, &str); 4] = [
        ("b2 c2 d2", "b4 c4 d4"),
        ("a1 c1 e1", "a5 c5 e5"),
        ("c1 b2 d2", "b4 d4 c5"),
        ("b1 d1 c2", "c4 b5 d5"),
    ];

    impl Game {
        /// A game from layout `start` (1..=4).
        pub fn new(start: usize, first: Cell, max_turns: Option<u32>) -> Game {
            let mut board = [[Cell::Empty; 5]; 5];
            let (white, black) = LAYOUTS[start - 1];
            for (squares, cell) in [(white, Cell::White), (black, Cell::Black)] {
                for square in squares.split(' ') {
                    let b = square.as_bytes();
                    board[usize::from(b[1] - b'1')][usize::from(b[0] - b'a')] = cell;
                }
            }
            Game::from_board(board, first, max_turns)
        }

        /// A game from any board, at the start of `first`'s turn.
        pub fn from_board(board: Board, first: Cell, max_turns: Option<u32>) -> Game {
            let mut game = Game {
                board,
                to_move: first,
                move_of_turn: 1,
                turn_start: board,
                turns: 0,
                max_turns,
                starts: vec![(board, first)],
                result: None,
            };
            if game.legal_moves().is_empty() {
                game.result = Some(Result::Win(first.other()));
            }
            game
        }

        /// Every legal move, by row, column, then direction.
        pub fn legal_moves(&self) -> Vec<Move> {
            let mut moves = Vec::new();
            if self.result.is_some() {
                return moves;
            }
            for row in 0..5 {
                for column in 0..5 {
                    for direction in 0..4 {
                        let mv = Move {
                            row,
                            column,
                            direction,
                        };
                        if let Some((next, _)) = moved(&self.board, self.to_move, mv) {
                            // No return: the second move may not restore the turn's start.
                            if self.move_of_turn == 2 && next == self.turn_start {
                                continue;
                            }
                            moves.push(mv);
                        }
                    }
                }
            }
            moves
        }

        /// Plays a legal move.
        pub fn play(&mut self, mv: Move) {
            assert!(self.legal_moves().contains(&mv), "illegal {}", mv.text());
            let me = self.to_move;
            let (next, off) = moved(&self.board, me, mv).expect("legal");
            self.board = next;
            if off {
                self.result = Some(Result::Win(me));
                return;
            }
            if self.move_of_turn == 1 {
                self.move_of_turn = 2;
                if self.legal_moves().is_empty() {
                    self.result = Some(Result::Win(me.other()));
                }
                return;
            }
            self.turns += 1;
            self.to_move = me.other();
            self.move_of_turn = 1;
            self.turn_start = self.board;
            self.starts.push((self.board, self.to_move));
            let seen = self
                .starts
                .iter()
                .filter(|s| **s == (self.board, self.to_move))
                .count();
            if seen >= 3 || self.max_turns.is_some_and(|m| self.turns >= m) {
                self.result = Some(Result::Draw);
            } else if self.legal_moves().is_empty() {
                self.result = Some(Result::Win(self.to_move.other()));
            }
        }
    }

    /// Per depth `d` (index `d - 1`): move sequences of length `d`, and how many of them end
    /// the game on their last move.
    pub fn perft(game: &Game, depth: usize) -> Vec<(u64, u64)> {
        fn walk(game: &Game, depth: usize, ply: usize, counts: &mut [(u64, u64)]) {
            if ply == depth {
                return;
            }
            for mv in game.legal_moves() {
                let mut child = game.clone();
                child.play(mv);
                counts[ply].0 += 1;
                if child.result.is_some() {
                    counts[ply].1 += 1;
                } else {
                    walk(&child, depth, ply + 1, counts);
                }
            }
        }
        let mut counts = vec![(0, 0); depth];
        walk(game, depth, 0, &mut counts);
        counts
    }
}

use reference::Cell;

use crate::perft_file::{Line, check_fast_counts, parse_perft_file, perft, perft_with_endings};

/// The position of a perft line in the reference implementation.
fn reference_position(line: &Line) -> reference::Game {
    let option = |name: &str| {
        line.options
            .iter()
            .find_map(|o| o.strip_prefix(name)?.strip_prefix('='))
    };
    let start = option("start").map_or(1, |s| s.parse().expect("start 1-4"));
    let first = match option("first") {
        None | Some("white") => Cell::White,
        Some("black") => Cell::Black,
        Some(other) => panic!("perft line {}: first={other} is not fixed", line.number),
    };
    let max_turns = option("max_turns")
        .filter(|m| *m != "none")
        .map(|m| m.parse().expect("a number"));
    let mut game = reference::Game::new(start, first, max_turns);
    for text in &line.moves {
        game.play(reference::Move::parse(text));
    }
    game
}

#[test]
fn nudge_perft_file_within_the_node_limit() {
    let checked = check_fast_counts(NUDGE_PERFT, NODE_LIMIT);
    assert!(
        checked >= 30,
        "only {checked} perft lines under the node limit"
    );
}

#[test]
#[ignore = "tens of seconds in the test profile; run with --release"]
fn nudge_perft_file_in_full() {
    check_fast_counts(NUDGE_PERFT, u64::MAX);
}

/// The reference implementation reproduces the file's smaller counts.
#[test]
fn nudge_reference_agrees_with_the_perft_file() {
    let mut checked = 0;
    for line in parse_perft_file(NUDGE_PERFT)
        .iter()
        .filter(|l| l.count <= REFERENCE_LIMIT)
    {
        let counts = reference::perft(&reference_position(line), line.depth as usize);
        let last = counts.last().map_or(1, |c| c.0);
        assert_eq!(last, line.count, "perft line {}: {line:?}", line.number);
        checked += 1;
    }
    assert!(
        checked >= 20,
        "only {checked} lines checked by the reference"
    );
}

/// A position after `plies` random moves from `start` (White first) that is not over yet,
/// with its moves in notation.
fn random_position(rng: &mut GameRng, start: usize, plies: usize) -> (Nudge, Vec<String>) {
    let option = format!("start={start}");
    'again: loop {
        let mut state = Nudge::new(&setup::<Nudge>(&[&option], 0)).expect("a setup");
        let mut texts = Vec::new();
        for _ in 0..plies {
            let Some(mv) = state.random_move(rng) else {
                continue 'again;
            };
            texts.push(state.format_move(mv));
            state.play(mv).expect("random moves are legal");
        }
        if state.to_move().is_some() {
            return (state, texts);
        }
    }
}

/// Fast and reference agree on counts and on how many sequences end the game, depth by depth,
/// from every layout and from positions part-way through random games.
#[test]
fn nudge_reference_and_fast_agree_depth_by_depth() {
    let mut rng = rng_from_seed(31);
    let mut endings = 0;
    for start in 1..=4 {
        let fast = Nudge::new(&setup::<Nudge>(&[&format!("start={start}")], 0)).unwrap();
        let slow = reference::Game::new(start, Cell::White, None);
        assert_eq!(
            perft_with_endings(&fast, 4),
            reference::perft(&slow, 4),
            "start {start}"
        );
        for plies in [7, 20, 41] {
            let (fast, texts) = random_position(&mut rng, start, plies);
            let mut slow = reference::Game::new(start, Cell::White, None);
            for text in &texts {
                slow.play(reference::Move::parse(text));
            }
            let counts = perft_with_endings(&fast, 4);
            assert_eq!(
                counts,
                reference::perft(&slow, 4),
                "start {start} after [{}]",
                texts.join(" ")
            );
            endings += counts.iter().map(|c| c.1).sum::<u64>();
        }
    }
    assert!(endings > 20, "only {endings} sequences ended a game");
}

/// Along whole random games (short ones through `max_turns`, and full ones), both
/// implementations list the same moves and reach the same result at every step.
#[test]
fn nudge_reference_and_fast_agree_along_random_games() {
    let mut rng = rng_from_seed(32);
    let mut finished = [0; 3];
    let mut moves = Vec::new();
    for game in 0..40 {
        let start = 1 + game % 4;
        let max_turns = if game % 2 == 0 { Some(6) } else { None };
        let first = if game % 3 == 0 {
            Cell::Black
        } else {
            Cell::White
        };
        let options = [
            format!("start={start}"),
            format!(
                "first={}",
                if first == Cell::White {
                    "white"
                } else {
                    "black"
                }
            ),
            format!(
                "max_turns={}",
                max_turns.map_or("none".to_owned(), |m| m.to_string())
            ),
        ];
        let options: Vec<&str> = options.iter().map(String::as_str).collect();
        let mut fast = Nudge::new(&setup::<Nudge>(&options, 0)).unwrap();
        let mut slow = reference::Game::new(start, first, max_turns);
        loop {
            fast.legal_moves(&mut moves);
            let mut texts: Vec<String> = moves.iter().map(|&m| fast.format_move(m)).collect();
            texts.sort();
            let mut expected: Vec<String> = slow.legal_moves().iter().map(|m| m.text()).collect();
            expected.sort();
            assert_eq!(texts, expected, "game {game}");
            let result = fast.outcome().map(|o| match o.winner() {
                Some(Player(0)) => reference::Result::Win(Cell::White),
                Some(_) => reference::Result::Win(Cell::Black),
                None => reference::Result::Draw,
            });
            assert_eq!(result, slow.result, "game {game}");
            assert_eq!(
                fast.move_in_turn().0 as u32,
                slow.move_of_turn,
                "game {game}"
            );
            let Some(mv) = fast.random_move(&mut rng) else {
                finished[match result {
                    Some(reference::Result::Win(Cell::White)) => 0,
                    Some(reference::Result::Draw) => 2,
                    _ => 1,
                }] += 1;
                break;
            };
            slow.play(reference::Move::parse(&fast.format_move(mv)));
            fast.play(mv).expect("a legal move");
        }
    }
    assert!(
        finished.iter().all(|&n| n > 0),
        "wins for White, for Black, draws: {finished:?}"
    );
}

/// Prints the data file: reference counts where cheap enough, fast counts everywhere, and
/// asserts they agree. Run with
/// `cargo test --release -p tabuleiro-games regenerate_nudge -- --ignored --nocapture`.
#[test]
#[ignore = "generates tests/data/nudge.perft; slow"]
fn regenerate_nudge_perft() {
    let mut positions: Vec<(String, String, u32)> = vec![
        ("start=1".into(), String::new(), 7),
        ("start=2".into(), String::new(), 6),
        ("start=3".into(), String::new(), 6),
        ("start=4".into(), String::new(), 6),
        ("start=1 first=black".into(), String::new(), 5),
        ("start=1 max_turns=2".into(), String::new(), 5),
    ];
    // Positions part-way through seeded random games, where lines meet and push.
    let mut rng = rng_from_seed(33);
    for (start, plies) in [(1, 8), (2, 12), (3, 16), (4, 24), (1, 40)] {
        let (_, texts) = random_position(&mut rng, start, plies);
        positions.push((format!("start={start}"), texts.join(","), 6));
    }
    for (options, moves, deepest) in &positions {
        let (options, moves, deepest) = (options.as_str(), moves.as_str(), *deepest);
        let mut line = Line {
            number: 0,
            game: "nudge".to_owned(),
            options: options.split(' ').map(str::to_owned).collect(),
            moves: moves
                .split(',')
                .filter(|m| !m.is_empty())
                .map(str::to_owned)
                .collect(),
            depth: 0,
            count: 0,
        };
        let slow = reference_position(&line);
        let fast = {
            let options: Vec<&str> = line.options.iter().map(String::as_str).collect();
            let mut state = Nudge::new(&setup::<Nudge>(&options, 0)).expect("a setup");
            play(&mut state, &line.moves.join(" "));
            state
        };
        let started = Instant::now();
        let mut reference_counts = Vec::new();
        for depth in 1..=deepest {
            line.depth = depth;
            let count = perft(&fast, depth);
            if started.elapsed().as_secs() < 60 && count <= 20_000_000 {
                reference_counts = reference::perft(&slow, depth as usize);
            }
            let checked = match reference_counts.get(depth as usize - 1) {
                Some(&(slow, _)) => {
                    assert_eq!(slow, count, "{options} {moves} depth {depth}");
                    "reference"
                }
                None => "fast",
            };
            let moves = if moves.is_empty() {
                String::new()
            } else {
                format!(" moves={moves}")
            };
            println!("nudge {options}{moves} depth {depth} {count}  # {checked}");
        }
        println!();
    }
}
