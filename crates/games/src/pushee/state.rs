//! The position: board, values, pieces in hand, and push resolution.

use tabuleiro_core::rng::{RngExt, below};
use tabuleiro_core::{
    First, IllegalMove, OptionError, Outcome, Player, Setup, SetupError, rng_from_seed,
};

use super::notation::{Cell, Direction, Orientation, PusheeMove};
use super::values;

/// Most columns or rows of a board.
pub const MAX_SIDE: usize = 12;
/// Fewest columns or rows of a board.
pub const MIN_SIDE: usize = 4;
/// Most cells of a board.
pub const MAX_CELLS: usize = MAX_SIDE * MAX_SIDE;
/// Most pieces a player may have (option `pieces`).
pub const MAX_PIECES: usize = 72;

/// One piece: its owner (seat 0 or 1) and orientation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// The seat that owns the piece.
    pub owner: Player,
    /// Which way it pushes.
    pub orientation: Orientation,
}

impl Piece {
    fn code(self) -> u8 {
        1 + 2 * self.owner.0 + u8::from(self.orientation == Orientation::Vertical)
    }

    fn from_code(code: u8) -> Option<Piece> {
        (code != 0).then(|| Piece {
            owner: Player((code - 1) / 2),
            orientation: if (code - 1).is_multiple_of(2) {
                Orientation::Horizontal
            } else {
                Orientation::Vertical
            },
        })
    }

    /// The two-character mark of the piece: `A-`/`A|` for player 1, `b-`/`b|` for player 2.
    pub fn mark(self) -> String {
        let owner = if self.owner.0 == 0 { 'A' } else { 'b' };
        let bar = match self.orientation {
            Orientation::Horizontal => '-',
            Orientation::Vertical => '|',
        };
        format!("{owner}{bar}")
    }
}

/// One piece moved (or pushed off the board) during the last move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PushStep {
    /// 0 for the placement push, then 1, 2, .. for the chain tiers.
    pub tier: u8,
    /// Where the piece was.
    pub from: Cell,
    /// Which way it was pushed.
    pub direction: Direction,
    /// Where it went, or `None` when it left the board (walls off).
    pub to: Option<Cell>,
}

/// A position of Pushee Pieces.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pushee {
    width: u8,
    height: u8,
    values: [u8; MAX_CELLS],
    board: [u8; MAX_CELLS],
    left: [u8; 2],
    mover: u8,
    walls: bool,
    chains: Option<u16>,
    values_key: u64,
    last: Vec<PushStep>,
}

/// Reads `WxH` (columns by rows).
pub(super) fn parse_size(text: &str) -> Result<(usize, usize), OptionError> {
    let bad = || OptionError::Invalid {
        name: "size".to_owned(),
        reason: format!(
            "bad size `{text}`: give columns x rows, each {MIN_SIDE} to {MAX_SIDE}, e.g. 6x6 or 5x7"
        ),
    };
    let (w, h) = text.trim().split_once(['x', 'X']).ok_or_else(bad)?;
    let w: usize = w.trim().parse().map_err(|_| bad())?;
    let h: usize = h.trim().parse().map_err(|_| bad())?;
    if !(MIN_SIDE..=MAX_SIDE).contains(&w) || !(MIN_SIDE..=MAX_SIDE).contains(&h) {
        return Err(bad());
    }
    Ok((w, h))
}

/// The SplitMix64 finaliser.
pub(crate) const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Pushee {
    /// A new game from a setup (see the module documentation for the options).
    pub fn start(setup: &Setup) -> Result<Self, SetupError> {
        SetupError::check_players(&super::INFO, setup.players)?;
        let options = &setup.options;
        let (width, height) = parse_size(options.text("size")?)?;
        let mut rng = rng_from_seed(setup.seed);
        let values_text = options.text("values")?;
        let values = if values_text.trim().eq_ignore_ascii_case(values::RANDOM) {
            let mut values = [0; MAX_CELLS];
            for v in values.iter_mut().take(width * height) {
                *v = below(&mut rng, 10) as u8;
            }
            values
        } else {
            values::parse_literal(values_text, width, height).map_err(|reason| {
                OptionError::Invalid {
                    name: "values".to_owned(),
                    reason,
                }
            })?
        };
        let pieces = options.integer::<u8>("pieces")?;
        let walls = options.select("walls", &[("on", true), ("off", false)])?;
        let chains = options.number::<u16>("chains")?;
        // Drawn after the values, from the same generator, as always.
        let mover = match options.first(setup.players)? {
            First::Seat(seat) => seat.0,
            First::Random => rng.random_range(0..2u8),
        };
        let values_key = values[..width * height]
            .iter()
            .fold(mix((width * 16 + height) as u64), |k, &v| {
                mix(k ^ u64::from(v))
            });
        Ok(Pushee {
            width: width as u8,
            height: height as u8,
            values,
            board: [0; MAX_CELLS],
            left: [pieces; 2],
            mover,
            walls,
            chains,
            values_key,
            last: Vec::new(),
        })
    }

    /// A position for tests and analysis: the game of `setup` (values, pieces in hand, options,
    /// player to move) with pieces already standing as `diagram` says, without any pushes.
    ///
    /// The diagram has one line per row from the top (or rows separated by `/`), each cell a
    /// whitespace-separated token: `.` empty, `A-` / `A|` a horizontal / vertical piece of
    /// player 1, `b-` / `b|` of player 2 (the letters in either case). Pieces on the board do
    /// not count against the pieces in hand.
    ///
    /// ```
    /// use tabuleiro_core::{Game, Options, Setup};
    /// use tabuleiro_games::pushee::Pushee;
    ///
    /// let setup = Setup::default_for(<Pushee as Game>::INFO);
    /// let state = Pushee::from_diagram(&setup, "A- . . . . b|").unwrap();
    /// assert_eq!(state.pieces_on_board(), 2);
    /// ```
    pub fn from_diagram(setup: &Setup, diagram: &str) -> Result<Self, SetupError> {
        let mut state = Pushee::start(setup)?;
        let rows: Vec<&str> = diagram
            .split(['\n', '/'])
            .map(str::trim)
            .filter(|r| !r.is_empty())
            .collect();
        if rows.len() > state.height() {
            return Err(SetupError::Position(format!(
                "the diagram has {} rows but the board has {}",
                rows.len(),
                state.height()
            )));
        }
        for (r, row) in rows.iter().enumerate() {
            let tokens: Vec<&str> = row.split_whitespace().collect();
            if tokens.len() > state.width() {
                return Err(SetupError::Position(format!(
                    "row {} of the diagram has {} cells but the board has {}",
                    r + 1,
                    tokens.len(),
                    state.width()
                )));
            }
            for (c, token) in tokens.iter().enumerate() {
                let lower = token.to_ascii_lowercase();
                let owner = match lower.chars().next() {
                    Some('.') if lower.len() == 1 => continue,
                    Some('a') => Player(0),
                    Some('b') => Player(1),
                    _ => {
                        return Err(SetupError::Position(format!(
                            "unknown diagram cell `{token}`"
                        )));
                    }
                };
                let orientation = match &lower[1..] {
                    "-" => Orientation::Horizontal,
                    "|" => Orientation::Vertical,
                    _ => {
                        return Err(SetupError::Position(format!(
                            "unknown diagram cell `{token}`"
                        )));
                    }
                };
                state.board[r * state.width() + c] = Piece { owner, orientation }.code();
            }
        }
        Ok(state)
    }

    /// Columns.
    pub fn width(&self) -> usize {
        usize::from(self.width)
    }

    /// Rows.
    pub fn height(&self) -> usize {
        usize::from(self.height)
    }

    /// Whether runs stop at the edge (`walls=on`).
    pub fn walls(&self) -> bool {
        self.walls
    }

    /// Chain tiers after the placement push, `None` for unlimited.
    pub fn chains(&self) -> Option<u16> {
        self.chains
    }

    /// The seat whose turn it is (also after the end: who would move next).
    pub fn mover(&self) -> Player {
        Player(self.mover)
    }

    /// Pieces `player` still has in hand.
    pub fn pieces_left(&self, player: Player) -> usize {
        usize::from(self.left[player.index()])
    }

    /// Pieces standing on the board.
    pub fn pieces_on_board(&self) -> usize {
        self.cells().filter(|&i| self.board[i] != 0).count()
    }

    /// The pushes of the last move, tier by tier, in the order they happened.
    pub fn last_pushes(&self) -> &[PushStep] {
        &self.last
    }

    fn cells(&self) -> std::ops::Range<usize> {
        0..self.width() * self.height()
    }

    fn index(&self, cell: Cell) -> usize {
        usize::from(cell.row) * self.width() + usize::from(cell.column)
    }

    fn cell_of(&self, index: usize) -> Cell {
        Cell {
            column: (index % self.width()) as u8,
            row: (index / self.width()) as u8,
        }
    }

    /// Whether `cell` is on this board.
    pub fn on_board(&self, cell: Cell) -> bool {
        usize::from(cell.column) < self.width() && usize::from(cell.row) < self.height()
    }

    /// The value of a cell (0-9).
    pub fn value(&self, cell: Cell) -> u8 {
        self.values[self.index(cell)]
    }

    /// Every cell's value as a literal grid, the form option `values` reads: rows of digits
    /// from the top, separated by `/` (`1234/5678/9012/3456`).
    pub fn values_grid(&self) -> String {
        values::literal(&self.values, self.width(), self.height())
    }

    /// The piece on a cell, if any.
    pub fn at(&self, cell: Cell) -> Option<Piece> {
        Piece::from_code(self.board[self.index(cell)])
    }

    /// Empty cells on the board.
    pub fn empty_cells(&self) -> usize {
        self.cells().filter(|&i| self.board[i] == 0).count()
    }

    /// Whether the game is over: the player to move has no piece left, or no cell is empty.
    pub fn is_over(&self) -> bool {
        self.left[usize::from(self.mover)] == 0 || self.empty_cells() == 0
    }

    /// Both scores: the sum of the values under each player's pieces.
    pub fn both_scores(&self) -> [i64; 2] {
        let mut scores = [0; 2];
        for i in self.cells() {
            if let Some(piece) = Piece::from_code(self.board[i]) {
                scores[piece.owner.index()] += i64::from(self.values[i]);
            }
        }
        scores
    }

    /// The result once the game is over.
    pub fn result(&self) -> Option<Outcome> {
        if !self.is_over() {
            return None;
        }
        let scores = self.both_scores();
        let why = if self.left == [0, 0] {
            "both players have placed all their pieces".to_owned()
        } else if self.left[usize::from(self.mover)] == 0 {
            format!("{} has no piece left", Player(self.mover))
        } else {
            "no empty cell is left".to_owned()
        };
        let reason = format!("{why}; score {} to {}", scores[0], scores[1]);
        let mut outcome = if scores[0] == scores[1] {
            Outcome::draw(2, reason)
        } else {
            let winner = u8::from(scores[0] < scores[1]);
            Outcome::win(Player(winner), 2, reason)
        };
        outcome.scores = Some(scores.to_vec());
        Some(outcome)
    }

    /// Why `mv` may not be played here, if it may not.
    pub fn check(&self, mv: PusheeMove) -> Result<(), IllegalMove> {
        if self.left[usize::from(self.mover)] == 0 {
            return Err(IllegalMove::new("you have no pieces left"));
        }
        if self.is_over() {
            return Err(IllegalMove::new("the game is over"));
        }
        if !self.on_board(mv.cell) {
            return Err(IllegalMove::new(format!(
                "{} is off the {}x{} board",
                mv.cell, self.width, self.height
            )));
        }
        if self.at(mv.cell).is_some() {
            return Err(IllegalMove::new(format!("{} is occupied", mv.cell)));
        }
        Ok(())
    }

    /// Every legal move: empty cells in reading order, `h` before `v`.
    pub fn list(&self, moves: &mut Vec<PusheeMove>) {
        moves.clear();
        if self.is_over() {
            return;
        }
        for i in self.cells() {
            if self.board[i] == 0 {
                let cell = self.cell_of(i);
                for orientation in [Orientation::Horizontal, Orientation::Vertical] {
                    moves.push(PusheeMove { orientation, cell });
                }
            }
        }
    }

    /// The `n`-th legal move of [`Pushee::list`] without listing them.
    pub fn nth_move(&self, n: usize) -> PusheeMove {
        let i = self
            .cells()
            .filter(|&i| self.board[i] == 0)
            .nth(n / 2)
            .expect("n below the number of legal moves");
        let orientation = if n.is_multiple_of(2) {
            Orientation::Horizontal
        } else {
            Orientation::Vertical
        };
        PusheeMove {
            orientation,
            cell: self.cell_of(i),
        }
    }

    /// A uniformly random legal move.
    pub fn random(&self, rng: &mut tabuleiro_core::GameRng) -> Option<PusheeMove> {
        if self.is_over() {
            return None;
        }
        let n = 2 * self.empty_cells();
        Some(self.nth_move(below(rng, n as u32) as usize))
    }

    /// Places the piece and resolves every push (the move must be legal).
    pub fn place(&mut self, mv: PusheeMove) {
        debug_assert!(self.check(mv).is_ok(), "illegal move {mv}");
        let start = self.index(mv.cell);
        self.board[start] = Piece {
            owner: Player(self.mover),
            orientation: mv.orientation,
        }
        .code();
        self.left[usize::from(self.mover)] -= 1;
        self.mover ^= 1;
        self.last.clear();
        let mut moved = [false; MAX_CELLS];
        moved[start] = true;
        let mut pushers = vec![start];
        let mut next = Vec::new();
        let mut tier: u16 = 0;
        loop {
            // Reading order of the pushers' cells at the start of the tier.
            pushers.sort_unstable();
            for &p in &pushers {
                let piece =
                    Piece::from_code(self.board[p]).expect("a pusher stays put in its tier");
                let (first, second) = match piece.orientation {
                    Orientation::Horizontal => (Direction::Left, Direction::Right),
                    Orientation::Vertical => (Direction::Up, Direction::Down),
                };
                for direction in [first, second] {
                    self.push(p, direction, tier, &mut moved, &mut next);
                }
            }
            if next.is_empty() || self.chains.is_some_and(|c| tier >= c) {
                break;
            }
            tier += 1;
            std::mem::swap(&mut pushers, &mut next);
            next.clear();
        }
    }

    /// The cell one step from `index` in `direction`, if on the board.
    fn step(&self, index: usize, direction: Direction) -> Option<usize> {
        let (column, row) = (index % self.width(), index / self.width());
        match direction {
            Direction::Left => (column > 0).then(|| index - 1),
            Direction::Right => (column + 1 < self.width()).then(|| index + 1),
            Direction::Up => (row > 0).then(|| index - self.width()),
            Direction::Down => (row + 1 < self.height()).then(|| index + self.width()),
        }
    }

    /// The piece at `pusher` pushes the run next to it in `direction`, if it can.
    fn push(
        &mut self,
        pusher: usize,
        direction: Direction,
        tier: u16,
        moved: &mut [bool; MAX_CELLS],
        next: &mut Vec<usize>,
    ) {
        let mut run = Vec::new();
        let mut at = self.step(pusher, direction);
        while let Some(i) = at {
            if self.board[i] == 0 {
                break;
            }
            run.push(i);
            at = self.step(i, direction);
        }
        if run.is_empty() || run.iter().any(|&i| moved[i]) {
            return;
        }
        let tier = tier.min(u16::from(u8::MAX)) as u8;
        // `at` is now the empty cell past the run, or `None` at the edge.
        if at.is_none() {
            if self.walls {
                return;
            }
            let outer = run.pop().expect("a non-empty run");
            self.last.push(PushStep {
                tier,
                from: self.cell_of(outer),
                direction,
                to: None,
            });
            self.board[outer] = 0;
        }
        // Move from the far end back towards the pusher.
        let mut steps = Vec::with_capacity(run.len());
        for &i in run.iter().rev() {
            let to = self.step(i, direction).expect("room past the run");
            self.board[to] = self.board[i];
            self.board[i] = 0;
            moved[to] = true;
            next.push(to);
            steps.push(PushStep {
                tier,
                from: self.cell_of(i),
                direction,
                to: Some(self.cell_of(to)),
            });
        }
        // Report the run from the pusher outwards.
        steps.reverse();
        self.last.extend(steps);
    }

    /// A key of everything that decides the play from here.
    pub fn key(&self) -> u64 {
        let mut key = self.values_key
            ^ mix(u64::from(self.mover)
                | u64::from(self.left[0]) << 8
                | u64::from(self.left[1]) << 16
                | u64::from(self.walls) << 24
                | u64::from(self.chains.map_or(u16::MAX, |c| c)) << 32);
        for chunk in self.board[..self.width() * self.height()].chunks(16) {
            let mut word: u64 = 0;
            for (k, &code) in chunk.iter().enumerate() {
                word |= u64::from(code) << (4 * k);
            }
            key = mix(key ^ word);
        }
        key
    }
}
