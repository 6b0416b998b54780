//! The position: grid, hands, piles, whose turn; applying and checking moves.

use tabuleiro_core::rng::RngExt;
use tabuleiro_core::{First, GameRng, Outcome, Player, PlayerResult, Setup, SetupError};

use super::grid::Grid;
use super::hand::{Hand, Pile};
use super::knowledge::Knowledge;
use super::notation::{NONE, QintoMove, Trade};
use super::tile::{Tile, deck};

/// Tiles in a full hand.
pub const HAND: usize = 5;

/// Moves the history makes room for at its first move (a random game plays about 35).
const LOG_ROOM: usize = 64;

/// A code standing for a tile the viewer cannot see (in a [`super::QintoView`]).
pub(super) const HIDDEN: u8 = u8::MAX - 1;

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
        SetupError::check_players(&super::INFO, setup.players)?;
        let first = match setup.options.first(setup.players)? {
            First::Seat(seat) => seat.0,
            First::Random => {
                let mut rng = tabuleiro_core::rng_from_seed(tabuleiro_core::derive_seed(
                    setup.seed, 0xF1_257,
                ));
                rng.random_range(0..setup.players) as u8
            }
        };
        let max_turns = setup.options.integer::<u16>("max_turns")?;
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
                // A Q!nto is a run of 5 through a placed tile: the one run along the play (as
                // it is once its last tile is placed), or a crossing run of one of its tiles
                // (which no other tile of the play can join).
                let (along, across) = if play.vertical { (1, 0) } else { (0, 1) };
                let mut qinto = false;
                let mut last = None;
                for (cell, tile) in play.placements() {
                    self.hands[p].remove(tile.code());
                    self.knowledge.played(p, tile);
                    let runs = self.grid.place(cell.index(), tile);
                    qinto |= runs[across].len() == 5;
                    last = Some(runs[along]);
                }
                qinto |= last.is_some_and(|run| run.len() == 5);
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
        if self.log.capacity() == 0 {
            // Room for a whole game at once (a copied position starts with none).
            self.log.reserve(LOG_ROOM);
        }
        self.log.push(Public {
            player: Player(p as u8),
            mv: public,
        });
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

/// Shuffles with Fisher–Yates from `rng`.
pub(super) fn shuffle(items: &mut [u8], rng: &mut GameRng) {
    for i in (1..items.len()).rev() {
        let j = tabuleiro_core::rng::below(rng, i as u32 + 1) as usize;
        items.swap(i, j);
    }
}
