//! The position: grid, hands, piles, whose turn; applying and checking moves.

use tabuleiro_core::rng::RngExt;
use tabuleiro_core::{GameRng, IllegalMove, Outcome, Player, PlayerResult, Setup, SetupError};

use super::grid::{Cell, DOWN, Grid, RIGHT};
use super::knowledge::Knowledge;
use super::notation::{NONE, Play, QintoMove, Swap, Trade};
use super::tile::{LineFault, RunSummary, Tile, deck};

/// Tiles in a full hand.
pub const HAND: usize = 5;

/// Most tiles a pile can hold (a whole deck, with room to spare).
const PILE: usize = 64;

/// A code standing for a tile the viewer cannot see (in a [`super::QintoView`]).
pub(super) const HIDDEN: u8 = u8::MAX - 1;

/// A hand of up to 5 tiles, kept sorted (so equal hands compare equal).
#[derive(Clone, Copy, Debug, Default)]
pub struct Hand {
    codes: [u8; HAND],
    len: u8,
}

/// Hands are equal when they hold the same tiles (what lies past the end does not count).
impl PartialEq for Hand {
    fn eq(&self, other: &Hand) -> bool {
        self.codes() == other.codes()
    }
}

impl Eq for Hand {}

impl std::hash::Hash for Hand {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.codes().hash(state);
    }
}

impl Hand {
    /// The tile codes, sorted.
    pub fn codes(&self) -> &[u8] {
        &self.codes[..self.len as usize]
    }

    /// The tiles (hidden ones left out).
    pub fn tiles(&self) -> impl Iterator<Item = Tile> + '_ {
        self.codes().iter().filter_map(|&c| Tile::from_code(c))
    }

    /// Number of tiles.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the hand is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// How many tiles of code `code` the hand holds.
    pub fn count(&self, code: u8) -> usize {
        self.codes()
            .iter()
            .filter(|&&c| c == code)
            .fold(0, |n, _| n + 1)
    }

    /// The codes padded to 5 (only the first [`Hand::len`] mean anything).
    pub(super) fn padded(self) -> [u8; HAND] {
        self.codes
    }

    pub(super) fn push(&mut self, code: u8) {
        debug_assert!((self.len as usize) < HAND, "hand overflow");
        let mut i = self.len as usize;
        while i > 0 && self.codes[i - 1] > code {
            self.codes[i] = self.codes[i - 1];
            i -= 1;
        }
        self.codes[i] = code;
        self.len += 1;
    }

    pub(super) fn remove(&mut self, code: u8) -> bool {
        let Some(pos) = self.codes().iter().position(|&c| c == code) else {
            return false;
        };
        self.codes.copy_within(pos + 1..self.len as usize, pos);
        self.len -= 1;
        true
    }

    /// Whether the hand holds every tile of `codes` (counted with repetition).
    pub fn contains_all(&self, codes: &[u8]) -> bool {
        let mut copy = *self;
        codes.iter().all(|&c| copy.remove(c))
    }
}

/// A face-down pile: tiles are drawn from the top and traded tiles go to the bottom.
///
/// The tiles are `codes[top..top + len]`, top first, so drawing moves no tile; a trade that
/// finds no room at the end moves the pile to the front first.
#[derive(Clone, Copy, Debug)]
pub struct Pile {
    codes: [u8; PILE],
    top: u8,
    len: u8,
}

impl Default for Pile {
    fn default() -> Self {
        Pile {
            codes: [NONE; PILE],
            top: 0,
            len: 0,
        }
    }
}

impl PartialEq for Pile {
    fn eq(&self, other: &Pile) -> bool {
        self.codes() == other.codes()
    }
}

impl Eq for Pile {}

impl std::hash::Hash for Pile {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.codes().hash(state);
    }
}

impl Pile {
    /// The codes from the top down.
    pub fn codes(&self) -> &[u8] {
        &self.codes[self.top as usize..(self.top + self.len) as usize]
    }

    /// Number of tiles.
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Whether the pile is empty.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub(super) fn push_bottom(&mut self, code: u8) {
        if (self.top + self.len) as usize == PILE {
            self.codes
                .copy_within(self.top as usize..(self.top + self.len) as usize, 0);
            self.top = 0;
        }
        self.codes[(self.top + self.len) as usize] = code;
        self.len += 1;
    }

    fn draw(&mut self, n: usize) -> &[u8] {
        let n = n.min(self.len as usize) as u8;
        let top = self.top as usize;
        self.top += n;
        self.len -= n;
        &self.codes[top..top + n as usize]
    }

    pub(super) fn codes_mut(&mut self) -> &mut [u8] {
        &mut self.codes[self.top as usize..(self.top + self.len) as usize]
    }
}

/// Why the game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// This player's hand and pile are empty.
    Emptied(Player),
    /// Every player passed without trading for two full rounds.
    AllPassed,
    /// The game reached `max_turns`.
    TurnLimit,
}

/// One move as everyone saw it: a pass shows only how many tiles were traded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Public {
    /// Who moved.
    pub player: Player,
    /// The move; the traded tiles of a pass are hidden (the count is kept).
    pub mv: QintoMove,
}

/// A Q!nto position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Qinto {
    pub(super) grid: Grid,
    pub(super) hands: [Hand; 4],
    pub(super) piles: [Pile; 4],
    pub(super) players: u8,
    pub(super) to_move: u8,
    pub(super) turn: u16,
    pub(super) idle: u8,
    pub(super) max_turns: u16,
    pub(super) ending: Option<Ending>,
    pub(super) log: Vec<Public>,
    /// What seats know of hidden tiles (not part of [`Qinto::key`]: it decides nothing).
    pub(super) knowledge: Knowledge,
}

/// What a checked play does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlayEffect {
    /// Whether it completes at least one Q!nto (a line of 5).
    pub qinto: bool,
}

impl Qinto {
    /// A new game: the deck shuffled from the seed and dealt into one pile per player (as
    /// evenly as possible, the earlier seats getting the extra tiles), each drawing 5.
    ///
    /// # Errors
    /// For a number of players outside 2..=4.
    pub fn start(setup: &Setup) -> Result<Self, SetupError> {
        if !(2..=4).contains(&setup.players) {
            return Err(SetupError(format!(
                "Q!nto is for 2 to 4 players, not {}",
                setup.players
            )));
        }
        let first = match setup.options.get("first").unwrap_or("1") {
            "random" => {
                let mut rng = tabuleiro_core::rng_from_seed(tabuleiro_core::derive_seed(
                    setup.seed, 0xF1_257,
                ));
                rng.random_range(0..setup.players) as u8
            }
            n => {
                n.parse::<u8>()
                    .ok()
                    .filter(|&n| (1..=setup.players as u8).contains(&n))
                    .ok_or_else(|| {
                        SetupError(format!(
                            "option first={n}: there is no player {n} among {} players",
                            setup.players
                        ))
                    })?
                    - 1
            }
        };
        let text = setup.options.get("max_turns").unwrap_or("1000");
        let max_turns = text
            .parse::<u16>()
            .map_err(|_| SetupError(format!("option max_turns={text} is not a number of turns")))?;
        let mut tiles: Vec<u8> = deck().into_iter().map(Tile::code).collect();
        let mut rng = tabuleiro_core::rng_from_seed(setup.seed);
        shuffle(&mut tiles, &mut rng);
        let mut state = Qinto {
            grid: Grid::default(),
            hands: [Hand::default(); 4],
            piles: [Pile::default(); 4],
            players: setup.players as u8,
            to_move: first,
            turn: 0,
            idle: 0,
            max_turns,
            ending: None,
            log: Vec::new(),
            knowledge: Knowledge::default(),
        };
        let per = tiles.len() / setup.players;
        let extra = tiles.len() % setup.players;
        let mut next = tiles.into_iter();
        for p in 0..setup.players {
            let n = per + usize::from(p < extra);
            for code in next.by_ref().take(n) {
                state.piles[p].push_bottom(code);
            }
            state.refill(p);
        }
        Ok(state)
    }

    /// Number of seats.
    pub fn player_count(&self) -> usize {
        self.players as usize
    }

    /// The seat to move (also after the end: the seat that would have moved).
    pub fn mover(&self) -> Player {
        Player(self.to_move)
    }

    /// The grid.
    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The hand of `player`.
    pub fn hand(&self, player: Player) -> &Hand {
        &self.hands[player.index()]
    }

    /// The pile of `player`.
    pub fn pile(&self, player: Player) -> &Pile {
        &self.piles[player.index()]
    }

    /// Tiles left to `player`: hand and pile.
    pub fn tiles_left(&self, player: Player) -> usize {
        self.hands[player.index()].len() + self.piles[player.index()].len()
    }

    /// Moves played so far (every action counts, extra turns too).
    pub fn turn(&self) -> usize {
        self.turn as usize
    }

    /// The turn limit (option `max_turns`).
    pub fn max_turns(&self) -> usize {
        self.max_turns as usize
    }

    /// Consecutive passes without a trade so far.
    pub fn idle_passes(&self) -> usize {
        self.idle as usize
    }

    /// Why the game ended, if it did.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// The public history: every move, with the traded tiles of passes hidden.
    pub fn history(&self) -> &[Public] {
        &self.log
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<Outcome> {
        let ending = self.ending?;
        let players = self.player_count();
        Some(match ending {
            Ending::Emptied(p) => Outcome::win(p, players, "played every tile of hand and pile"),
            Ending::AllPassed | Ending::TurnLimit => {
                let left: Vec<usize> = (0..players)
                    .map(|p| self.tiles_left(Player(p as u8)))
                    .collect();
                let fewest = left.iter().copied().min().unwrap_or(0);
                let winners = left.iter().filter(|&&n| n == fewest).count();
                let results = left
                    .iter()
                    .map(|&n| match (n == fewest, winners) {
                        (true, 1) => PlayerResult::Win,
                        (true, _) => PlayerResult::Draw,
                        _ => PlayerResult::Loss,
                    })
                    .collect();
                let why = if ending == Ending::AllPassed {
                    "every player passed without trading for two full rounds"
                } else {
                    "the turn limit was reached"
                };
                let counts: Vec<String> = left.iter().map(usize::to_string).collect();
                Outcome {
                    results,
                    scores: None,
                    reason: format!(
                        "{why}; fewest tiles left wins (tiles left: {})",
                        counts.join(" : ")
                    ),
                }
            }
        })
    }

    /// Draws from the own pile until the hand holds 5 (or the pile is empty).
    fn refill(&mut self, p: usize) {
        let need = HAND - self.hands[p].len();
        let (hand, pile) = (&mut self.hands[p], &mut self.piles[p]);
        for &code in pile.draw(need) {
            hand.push(code);
        }
        self.knowledge.drew(p, self.piles[p].len());
    }

    fn end_turn(&mut self, again: bool) {
        self.turn = self.turn.saturating_add(1);
        if !again {
            self.to_move = if self.to_move + 1 == self.players {
                0
            } else {
                self.to_move + 1
            };
        }
        if self.ending.is_none() && self.idle >= 2 * self.players {
            self.ending = Some(Ending::AllPassed);
        }
        if self.ending.is_none() && self.turn >= self.max_turns {
            self.ending = Some(Ending::TurnLimit);
        }
    }

    /// Applies a move known to be legal.
    pub(super) fn apply(&mut self, mv: QintoMove) {
        let p = self.to_move as usize;
        let mut public = mv;
        match mv {
            QintoMove::Play(play) => {
                let (along, across) = if play.vertical {
                    (DOWN, RIGHT)
                } else {
                    (RIGHT, DOWN)
                };
                let mut last = None;
                for (cell, tile) in play.placements() {
                    self.hands[p].remove(tile.code());
                    self.knowledge.played(p, tile);
                    let index = cell.index();
                    self.grid.place(index, tile);
                    last = Some(index);
                }
                // A Q!nto is a run of 5 through a placed tile: the one run along the play, or
                // a crossing run of one of its tiles.
                let mut qinto = last.is_some_and(|i| self.grid.neighbours_run(i, along).len() == 4);
                for (cell, _) in play.placements() {
                    qinto |= self.grid.neighbours_run(cell.index(), across).len() == 4;
                }
                self.refill(p);
                self.idle = 0;
                if self.hands[p].is_empty() && self.piles[p].is_empty() {
                    self.ending = Some(Ending::Emptied(Player(p as u8)));
                }
                self.end_turn(qinto && self.ending.is_none());
            }
            QintoMove::Swap(swap) => {
                for (cell, tile) in swap.pairs() {
                    self.hands[p].remove(tile.code());
                    if let Some(wild) = self.grid.replace(cell.index(), tile) {
                        self.hands[p].push(wild.code());
                        self.knowledge.swapped(p, tile, wild);
                    }
                }
                self.idle = 0;
                self.end_turn(false);
            }
            QintoMove::Pass(trade) => {
                for tile in trade.tiles() {
                    self.hands[p].remove(tile.code());
                    self.piles[p].push_bottom(tile.code());
                }
                self.knowledge
                    .traded(p, trade.count as usize, self.piles[p].len());
                self.refill(p);
                if trade.count == 0 {
                    self.idle += 1;
                } else {
                    self.idle = 0;
                }
                let mut hidden = Trade {
                    tiles: [NONE; 5],
                    count: trade.count,
                };
                hidden.tiles[..trade.count as usize].fill(HIDDEN);
                public = QintoMove::Pass(hidden);
                self.end_turn(false);
            }
        }
        self.log.push(Public {
            player: Player(p as u8),
            mv: public,
        });
    }

    /// Checks a play; on success says whether it completes a Q!nto.
    ///
    /// # Errors
    /// The first rule the play breaks, in words.
    pub fn check_play(&self, play: &Play) -> Result<PlayEffect, IllegalMove> {
        let hand = &self.hands[self.to_move as usize];
        if Tile::from_code(play.tiles[0]).is_none() {
            return Err(IllegalMove::new("a play puts at least one tile"));
        }
        if play.vertical && play.count() == 1 {
            return Err(IllegalMove::new(
                "a play of one tile is written as a row play",
            ));
        }
        let last = play.tiles.iter().rposition(|&c| c != NONE).unwrap_or(0);
        let mut placed_store = [(0usize, Tile::QINTO); 5];
        let mut codes_store = [NONE; 5];
        let mut n = 0;
        for (i, &code) in play.tiles.iter().enumerate().take(last + 1) {
            let cell = play
                .start
                .offset(play.vertical, i as i32)
                .ok_or_else(|| IllegalMove::new("the play runs off the grid's reach"))?;
            if code == NONE {
                if self.grid.get(cell).is_none() {
                    return Err(IllegalMove::new(format!(
                        "cell {cell} between the placed tiles is empty: the tiles must form one \
                         run with no gaps"
                    )));
                }
                continue;
            }
            let tile = Tile::from_code(code)
                .ok_or_else(|| IllegalMove::new("the play names a tile that does not exist"))?;
            if let Some(there) = self.grid.get(cell) {
                return Err(IllegalMove::new(format!(
                    "cell {cell} already holds {there}"
                )));
            }
            placed_store[n] = (cell.index(), tile);
            codes_store[n] = code;
            n += 1;
        }
        let placed = &placed_store[..n];
        if !hand.contains_all(&codes_store[..n]) {
            let have: Vec<String> = hand.tiles().map(|t| t.to_string()).collect();
            return Err(IllegalMove::new(format!(
                "the hand ({}) does not hold all of these tiles",
                have.join(" ")
            )));
        }
        if self.grid.is_empty() {
            if !placed.iter().any(|&(i, _)| i == Cell::ORIGIN.index()) {
                return Err(IllegalMove::new(
                    "the first play of the game must cover cell 0,0",
                ));
            }
        } else if !placed.iter().any(|&(i, _)| self.grid.touches(i)) {
            return Err(IllegalMove::new(
                "at least one placed tile must touch a tile already on the grid",
            ));
        }
        let along = if play.vertical { DOWN } else { RIGHT };
        let across = if play.vertical { RIGHT } else { DOWN };
        let (first_index, first_tile) = placed[0];
        let (run, run_start) = self.grid.run_with(first_index, first_tile, along, placed);
        let mut qinto = run.len() == 5;
        line_error(run, Cell::from_index(run_start), play.vertical)?;
        for &(index, tile) in placed {
            let (run, run_start) = self.grid.run_with(index, tile, across, &[]);
            if run.len() >= 2 {
                line_error(run, Cell::from_index(run_start), !play.vertical)?;
                qinto |= run.len() == 5;
            }
        }
        Ok(PlayEffect { qinto })
    }

    /// Checks a swap.
    ///
    /// # Errors
    /// The first rule the swap breaks, in words.
    pub fn check_swap(&self, swap: &Swap) -> Result<(), IllegalMove> {
        let hand = &self.hands[self.to_move as usize];
        if swap.count == 0 || swap.count > 5 {
            return Err(IllegalMove::new("a swap gives 1 to 5 hand tiles"));
        }
        let mut pairs: Vec<(usize, Tile)> = Vec::with_capacity(5);
        let mut codes = Vec::with_capacity(5);
        for i in 0..swap.count as usize {
            let cell = swap.cells[i];
            let tile = Tile::from_code(swap.tiles[i])
                .ok_or_else(|| IllegalMove::new("the swap names a tile that does not exist"))?;
            if i > 0 && swap.cells[i - 1] >= cell {
                return Err(IllegalMove::new(
                    "the swap's cells must be distinct and in order",
                ));
            }
            let Some(there) = self.grid.get(cell) else {
                return Err(IllegalMove::new(format!(
                    "cell {cell} is empty: no wild to take"
                )));
            };
            if !there.is_wild() {
                return Err(IllegalMove::new(format!(
                    "{there} on cell {cell} is not a wild tile"
                )));
            }
            if tile == there {
                return Err(IllegalMove::new(format!(
                    "{there} is already on cell {cell}: a swap gives a different tile"
                )));
            }
            pairs.push((cell.index(), tile));
            codes.push(tile.code());
        }
        if !hand.contains_all(&codes) {
            let have: Vec<String> = hand.tiles().map(|t| t.to_string()).collect();
            return Err(IllegalMove::new(format!(
                "the hand ({}) does not hold all of these tiles",
                have.join(" ")
            )));
        }
        for &(index, tile) in &pairs {
            for (step, vertical) in [(RIGHT, false), (DOWN, true)] {
                let (run, start) = self.grid.run_with(index, tile, step, &pairs);
                if run.len() >= 2 {
                    line_error(run, Cell::from_index(start), vertical).map_err(|e| {
                        IllegalMove::new(format!(
                            "{tile} cannot take the place of the wild on {}: {}",
                            Cell::from_index(index),
                            e.reason
                        ))
                    })?;
                }
            }
        }
        Ok(())
    }

    /// Checks a pass.
    ///
    /// # Errors
    /// When the hand does not hold the traded tiles.
    pub fn check_trade(&self, trade: &Trade) -> Result<(), IllegalMove> {
        let hand = &self.hands[self.to_move as usize];
        if trade.count as usize > HAND {
            return Err(IllegalMove::new("a pass trades at most 5 tiles"));
        }
        let codes = &trade.tiles[..trade.count as usize];
        if codes.windows(2).any(|w| w[0] > w[1]) {
            return Err(IllegalMove::new("the traded tiles must be in order"));
        }
        if !hand.contains_all(codes) {
            let have: Vec<String> = hand.tiles().map(|t| t.to_string()).collect();
            return Err(IllegalMove::new(format!(
                "the hand ({}) does not hold all of the tiles to trade",
                have.join(" ")
            )));
        }
        Ok(())
    }

    /// Checks any move.
    ///
    /// # Errors
    /// Why the move is not allowed.
    pub fn check(&self, mv: QintoMove) -> Result<(), IllegalMove> {
        if self.ending.is_some() {
            return Err(IllegalMove::new("the game is over"));
        }
        match mv {
            QintoMove::Play(play) => self.check_play(&play).map(|_| ()),
            QintoMove::Swap(swap) => self.check_swap(&swap),
            QintoMove::Pass(trade) => self.check_trade(&trade),
        }
    }

    /// A key of everything that decides the legal moves and what follows.
    pub fn key(&self) -> u64 {
        let mut h = self.grid.hash();
        let mut mix = |v: u64| {
            h = tabuleiro_core::derive_seed(h, v);
        };
        mix(u64::from(self.to_move) | u64::from(self.players) << 8 | u64::from(self.idle) << 16);
        mix(u64::from(self.turn) | u64::from(self.max_turns) << 16);
        mix(match self.ending {
            None => 0,
            Some(Ending::Emptied(p)) => 1 + u64::from(p.0),
            Some(Ending::AllPassed) => 10,
            Some(Ending::TurnLimit) => 11,
        });
        for p in 0..self.players as usize {
            let mut v = 0u64;
            for &c in self.hands[p].codes() {
                v = v << 8 | u64::from(c);
            }
            mix(v | (self.hands[p].len() as u64) << 48);
            for chunk in self.piles[p].codes().chunks(7) {
                let mut v = 0u64;
                for &c in chunk {
                    v = v << 8 | u64::from(c);
                }
                mix(v);
            }
            mix(self.piles[p].len() as u64);
        }
        h
    }
}

/// The error for a run that is not a line, naming the row or column.
fn line_error(run: RunSummary, start: Cell, vertical: bool) -> Result<(), IllegalMove> {
    let Err(fault) = run.check() else {
        return Ok(());
    };
    let place = if vertical {
        format!("column {}", start.x)
    } else {
        format!("row {}", start.y)
    };
    match fault {
        LineFault::TooLong(n) => Err(IllegalMove::new(format!(
            "the run in {place} would hold {n} tiles (a line has at most 5)"
        ))),
        LineFault::Colours => Err(IllegalMove::new(format!(
            "colours in {place} are neither all same nor all different"
        ))),
        LineFault::Shapes => Err(IllegalMove::new(format!(
            "shapes in {place} are neither all same nor all different"
        ))),
    }
}

/// Shuffles with Fisher–Yates from `rng`.
pub(super) fn shuffle(items: &mut [u8], rng: &mut GameRng) {
    for i in (1..items.len()).rev() {
        let j = tabuleiro_core::rng::below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}
