//! The puzzles a server offers: every game's shipped puzzles
//! ([`tabuleiro_core::Engine::puzzles`]), read once at start, with each puzzle's rating as the
//! players' attempts have made it.
//!
//! The ratings are read from the store when first asked and again every
//! [`REFRESH`] (another node's attempts are seen then), and this node's attempts update them
//! at once. The stored rating is the truth: an attempt is rated from what the store holds in
//! its transaction ([`crate::store::puzzle::decide`]); this copy only picks puzzles.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use tabuleiro_ai::glicko::Glicko;
use tabuleiro_ai::puzzles::rating::new_puzzle;
use tabuleiro_ai::puzzles::{PuzzleEntry, shipped};
use tabuleiro_core::{Engine, GameVisitor, Picture, Registry};

/// How often the puzzles' ratings are read again from the store.
pub const REFRESH: Duration = Duration::from_mins(5);

/// How many of the puzzles nearest a player's rating the next one is drawn from (so that two
/// players of one rating do not all meet the same puzzles in the same order).
pub const NEAREST: usize = 8;

/// One game's puzzles.
#[derive(Debug)]
pub struct GamePuzzles {
    /// The game's id.
    pub game: &'static str,
    /// The game's name.
    pub name: &'static str,
    /// Its puzzles, in the shipped order.
    pub entries: Vec<PuzzleEntry>,
}

impl GamePuzzles {
    /// Every theme of the game's puzzles with how many puzzles have it, most common first.
    pub fn themes(&self) -> Vec<(String, usize)> {
        let mut counts: HashMap<&str, usize> = HashMap::new();
        for entry in &self.entries {
            for theme in &entry.themes {
                *counts.entry(theme).or_default() += 1;
            }
        }
        let mut themes: Vec<(String, usize)> =
            counts.into_iter().map(|(t, n)| (t.to_owned(), n)).collect();
        themes.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        themes
    }
}

/// Reads one game's shipped puzzles.
struct Shipped;

impl GameVisitor for Shipped {
    type Output = Option<GamePuzzles>;
    fn visit<G: Engine>(self) -> Option<GamePuzzles> {
        // A shipped file that does not read is a build error caught by the AI crate's tests;
        // here it leaves the game without puzzles rather than the server without a start.
        let entries = shipped::<G>().ok()?;
        (!entries.is_empty()).then_some(GamePuzzles {
            game: G::INFO.id,
            name: G::INFO.name,
            entries,
        })
    }
}

/// A puzzle's position as the page draws it, and the seat to move.
struct Position<'a>(&'a PuzzleEntry);

impl GameVisitor for Position<'_> {
    type Output = Option<(Picture, usize)>;
    fn visit<G: Engine>(self) -> Option<(Picture, usize)> {
        let loaded = self.0.load::<G>().ok()?;
        let seat = loaded.state.to_move()?.index();
        Some((loaded.state.picture_public(), seat))
    }
}

/// The position of `entry` drawn as the page draws boards, and the seat (from 0) of the
/// player who solves it; `None` for a puzzle that does not load.
pub fn position(registry: &impl Registry, entry: &PuzzleEntry) -> Option<(Picture, usize)> {
    registry.visit(&entry.game, Position(entry)).flatten()
}

/// Ratings as last read, and when.
#[derive(Debug, Default)]
struct Ratings {
    by_id: HashMap<String, Glicko>,
    read_at: Option<Instant>,
}

/// Every game's puzzles and their ratings.
#[derive(Debug)]
pub struct Book {
    games: Vec<GamePuzzles>,
    /// Puzzle id → (game index, entry index).
    index: HashMap<String, (usize, usize)>,
    ratings: Mutex<Ratings>,
}

impl Book {
    /// The puzzles shipped with the games of `registry`.
    pub fn shipped(registry: &impl Registry) -> Book {
        let games: Vec<GamePuzzles> = registry
            .games()
            .iter()
            .filter_map(|info| registry.visit(info.id, Shipped).flatten())
            .collect();
        let mut index = HashMap::new();
        for (g, game) in games.iter().enumerate() {
            for (e, entry) in game.entries.iter().enumerate() {
                index.insert(entry.id.clone(), (g, e));
            }
        }
        Book {
            games,
            index,
            ratings: Mutex::new(Ratings::default()),
        }
    }

    /// The games that have puzzles.
    pub fn games(&self) -> &[GamePuzzles] {
        &self.games
    }

    /// A game's puzzles.
    pub fn game(&self, id: &str) -> Option<&GamePuzzles> {
        self.games.iter().find(|g| g.game == id)
    }

    /// Puzzle `id`.
    pub fn puzzle(&self, id: &str) -> Option<&PuzzleEntry> {
        let &(g, e) = self.index.get(id)?;
        self.games.get(g)?.entries.get(e)
    }

    /// Whether the ratings should be read from the store again.
    pub fn stale(&self) -> bool {
        self.lock().read_at.is_none_or(|at| at.elapsed() >= REFRESH)
    }

    /// Takes the ratings read from the store.
    pub fn refresh(&self, read: Vec<(String, Glicko)>) {
        let mut ratings = self.lock();
        ratings.by_id = read.into_iter().collect();
        ratings.read_at = Some(Instant::now());
    }

    /// Notes a puzzle's rating after an attempt here.
    pub fn rated(&self, id: &str, glicko: Glicko) {
        self.lock().by_id.insert(id.to_owned(), glicko);
    }

    /// Puzzle `entry`'s rating: as attempts made it, else its first rating.
    pub fn rating(&self, entry: &PuzzleEntry) -> Glicko {
        self.lock()
            .by_id
            .get(&entry.id)
            .copied()
            .unwrap_or_else(|| new_puzzle(entry.rating))
    }

    /// The next puzzle of `game` for a player rated `rating`: among the puzzles with `theme`
    /// (any, when `None`) that are not in `tried`, one of the [`NEAREST`] whose ratings are
    /// nearest, chosen by `pick` (any number: it is taken modulo their count).
    pub fn next(
        &self,
        game: &str,
        theme: Option<&str>,
        rating: f64,
        tried: &HashSet<String>,
        pick: u64,
    ) -> Option<&PuzzleEntry> {
        let game = self.game(game)?;
        let ratings = self.lock();
        let mut near: Vec<(f64, &PuzzleEntry)> = game
            .entries
            .iter()
            .filter(|e| theme.is_none_or(|t| e.has_theme(t)) && !tried.contains(&e.id))
            .map(|e| {
                let r = ratings.by_id.get(&e.id).map_or(e.rating, |g| g.rating);
                ((r - rating).abs(), e)
            })
            .collect();
        near.sort_by(|a, b| a.0.total_cmp(&b.0));
        near.truncate(NEAREST);
        if near.is_empty() {
            return None;
        }
        let i = (pick % near.len() as u64) as usize;
        Some(near[i].1)
    }

    /// The puzzle of day `day` (days since 1970): each day another game in turn, and in it a
    /// puzzle of middling difficulty drawn by the day.
    pub fn daily(&self, day: u64) -> Option<&PuzzleEntry> {
        if self.games.is_empty() {
            return None;
        }
        let game = &self.games[(day % self.games.len() as u64) as usize];
        let mut middling: Vec<&PuzzleEntry> = game
            .entries
            .iter()
            .filter(|e| (1200.0..=1800.0).contains(&e.rating))
            .collect();
        if middling.is_empty() {
            middling = game.entries.iter().collect();
        }
        let drawn = tabuleiro_core::derive_seed(day, 53);
        middling
            .get((drawn % middling.len() as u64) as usize)
            .copied()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Ratings> {
        self.ratings
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}
