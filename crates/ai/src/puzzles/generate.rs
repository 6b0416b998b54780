//! Finding puzzles: positions from games of the ladder's levels (or any finished games given as
//! records), each kept when it makes a puzzle that is proved.
//!
//! How a game's puzzles are proved follows from what the game is ([`Method::for_game`]):
//! - a game with its own solved table (Nudge): every turn's value read from the table;
//! - a game solved here by search (Quantik): [`DistanceSolver`], every position to the end;
//! - a game too large (Taiji, Pushee Pieces): [`SearchProver`], a puzzle only where the search
//!   proves every turn's value, at [`SHORT_THINK`] and again at [`LONG_THINK`], and the
//!   strongest level of the ladder (`hard`) plays the solver's side of the whole line;
//! - a game of hidden hands (Q!nto): none, since a position is not the same puzzle for a
//!   player who cannot see it all.
//!
//! Positions are taken at the start of each turn of a game, folded by symmetry
//! ([`tabuleiro_core::Game::canonical_key`]) so that a position is used once. So that a set is not all wins in
//! one, no kind of puzzle ([`kind`]) may take more than [`Settings::max_share`] of it.

use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;
use std::time::Instant;

use tabuleiro_core::{Engine, GameRecord, Oracle, Player, Session, Setup, derive_seed};

use super::entry::{PuzzleEntry, kind};
use super::search::{LONG_THINK, SHORT_THINK, SearchProver};
use super::{DistanceSolver, ExactSource, Puzzle, Theme, classify, turns};
use crate::level::Level;
use crate::matchplay::{PlayError, agent_seed, play_game};
use crate::solver::{Solver, Value};

/// The pairings of the ladder's levels whose games positions are drawn from, played in turn:
/// wild games give positions where a win is there to be seen, stronger ones positions that
/// people reach.
pub const PAIRINGS: [(&str, &str); 4] = [
    ("random", "random"),
    ("random", "easy"),
    ("easy", "easy"),
    ("easy", "medium"),
];

/// The most positions the distance solver searches for one position's value while
/// generating: positions whose trees are larger are passed over.
pub const DISTANCE_BUDGET: u64 = 200_000;

/// The level that must play the solver's side of a puzzle proved by search.
pub const CHECKING_LEVEL: &str = "hard";

/// How many puzzles to find, and where to stop looking.
#[derive(Clone, Copy, Debug)]
pub struct Settings {
    /// Puzzles wanted.
    pub count: usize,
    /// Seed of the first game (game `i` is seeded with `derive_seed(seed, i)`).
    pub seed: u64,
    /// The most games to play before giving up.
    pub max_games: usize,
    /// The largest share of the set one kind of puzzle may take.
    pub max_share: f64,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            count: 100,
            seed: 53,
            max_games: 1_000_000,
            max_share: 0.5,
        }
    }
}

/// A position offered to the generator.
#[derive(Clone, Debug)]
pub struct Candidate<G> {
    /// The position.
    pub state: G,
    /// The game up to it.
    pub record: GameRecord,
    /// Where it came from, in words.
    pub source: String,
}

/// The start-of-turn positions of a game with a player to move, after at least one turn, each
/// with the record of the game up to it (its source: `seed S, after move N`).
pub fn positions_of<G: Engine>(session: &Session<G>) -> Vec<Candidate<G>> {
    let record = session.record();
    let positions = session.positions();
    let mut found = Vec::new();
    for (ply, state) in positions.iter().enumerate().skip(1) {
        let Some(mover) = state.to_move() else {
            continue;
        };
        if positions[ply - 1].to_move() == Some(mover) {
            continue;
        }
        let mut upto = record.clone();
        upto.moves.truncate(ply);
        upto.result = None;
        upto.forfeit = None;
        found.push(Candidate {
            state: state.clone(),
            record: upto,
            source: format!("seed {}, after move {ply}", record.seed),
        });
    }
    found
}

/// How a game's puzzles are proved.
pub enum Method<G: Engine> {
    /// From the game's solved table.
    Table(Arc<dyn Oracle<G>>),
    /// By the distance solver, after the win/draw/loss solver has found a single turn that
    /// keeps the position's value (most positions have several, and the distance solver
    /// searches every position below them: looking first is many times quicker).
    Distance(DistanceSolver<G>, Solver<G>),
    /// By search, at two thinking times.
    Search(SearchProver<G>, SearchProver<G>),
}

impl<G: Engine> Method<G> {
    /// The method for game `G`; `Ok(None)` for a game with hidden information.
    ///
    /// # Errors
    /// When the game's solved table cannot be opened or built.
    pub fn for_game() -> Result<Option<Method<G>>, String> {
        if G::INFO.hidden_information {
            return Ok(None);
        }
        if let Some(oracle) = crate::oracle_play::open_oracle::<G>() {
            return oracle
                .map(|o| Some(Method::Table(o)))
                .map_err(|e| e.to_string());
        }
        if G::ENGINE.solvable {
            return Ok(Some(Method::Distance(
                DistanceSolver::with_budget(DISTANCE_BUDGET),
                Solver::new(),
            )));
        }
        Ok(Some(Method::Search(
            SearchProver::new(SHORT_THINK),
            SearchProver::new(LONG_THINK),
        )))
    }

    /// How a puzzle of this method is proved, in words.
    pub fn proof(&self) -> &'static str {
        match self {
            Method::Table(_) => {
                "every turn's exact value read from the game's solved table (retrograde analysis)"
            }
            Method::Distance(..) => {
                "every turn's exact value by a full search to the end of the game (every position)"
            }
            Method::Search(..) => {
                "every turn's value proved by alpha-beta to the end of the game at 50 ms and at 500 ms a position; the line played by the hard level"
            }
        }
    }

    /// The puzzle `state` makes, proved by this method.
    pub fn puzzle(&mut self, state: &G) -> Option<Puzzle<G::Move>> {
        match self {
            Method::Table(oracle) => {
                let mut source: &dyn Oracle<G> = &**oracle;
                classify(state, &mut source)
            }
            Method::Distance(distances, solver) => {
                single_keeper(state, solver)?;
                classify(state, distances)
            }
            Method::Search(short, long) => {
                let found = classify(state, short)?;
                (classify(state, long)? == found).then_some(found)
            }
        }
    }

    /// Whether the method can prove the value of `state` at all: always for a table or a
    /// solver; for search, when the short search proves it. Positions earlier in a game are
    /// harder to prove, so the generator looks at a game's positions from its end and stops
    /// at the first it cannot prove.
    pub fn proves(&mut self, state: &G) -> bool {
        match self {
            Method::Search(short, _) => short.value(state).is_some(),
            _ => true,
        }
    }

    /// Whether the method asks the strongest level to play the line.
    pub fn checks_with_level(&self) -> bool {
        matches!(self, Method::Search(..))
    }
}

/// `Some` when exactly one turn of `state` keeps its value for the player to move, a win or a
/// draw, by the win/draw/loss solver.
fn single_keeper<G: Engine>(state: &G, solver: &mut Solver<G>) -> Option<()> {
    let me = state.to_move()?;
    let (mut wins, mut draws) = (0, 0);
    for (_, after) in turns(state) {
        match solver.value_after(&after, me) {
            Value::Win => wins += 1,
            Value::Draw => draws += 1,
            Value::Loss => {}
        }
    }
    (wins == 1 || (wins == 0 && draws == 1)).then_some(())
}

/// What a generation found.
#[derive(Debug, Default)]
pub struct Generated {
    /// The puzzles, in the order found.
    pub entries: Vec<PuzzleEntry>,
    /// Games played (or read).
    pub games: usize,
    /// Positions looked at (after folding symmetric ones together).
    pub positions: usize,
    /// Puzzles left out because their kind had its share already.
    pub over_share: usize,
    /// Puzzles left out because the checking level did not play their line.
    pub refused_by_level: usize,
    /// Seconds taken.
    pub seconds: f64,
}

impl Generated {
    /// How many puzzles have each theme.
    pub fn by_theme(&self) -> BTreeMap<String, usize> {
        let mut counts = BTreeMap::new();
        for entry in &self.entries {
            for theme in &entry.themes {
                *counts.entry(theme.clone()).or_insert(0) += 1;
            }
        }
        counts
    }
}

/// Told after each game: games so far and puzzles found.
pub type Progress<'a> = &'a mut dyn FnMut(usize, usize);

/// Finds `settings.count` puzzles of game `G` in the games `games` gives (the ladder's
/// [`ladder_games`], or finished games read from elsewhere), proved by `method`.
///
/// # Errors
/// When a game cannot be played.
pub fn generate<G: Engine>(
    method: &mut Method<G>,
    games: &mut dyn Iterator<Item = Result<Vec<Candidate<G>>, PlayError>>,
    settings: &Settings,
    progress: Progress<'_>,
) -> Result<Generated, PlayError> {
    let clock = Instant::now();
    let mut generated = Generated::default();
    let mut seen = HashSet::new();
    let mut kinds: BTreeMap<Theme, usize> = BTreeMap::new();
    let cap = ((settings.count as f64) * settings.max_share)
        .ceil()
        .max(1.0) as usize;
    let mut checker = if method.checks_with_level() {
        let level: Level = CHECKING_LEVEL
            .parse()
            .map_err(|e: crate::level::LevelError| PlayError::Invalid(e.0))?;
        Some(level.build::<G>(agent_seed(settings.seed, Player(0)))?)
    } else {
        None
    };
    'games: for candidates in games {
        if generated.games >= settings.max_games {
            break;
        }
        generated.games += 1;
        let mut candidates = candidates?;
        let from_the_end = method.checks_with_level();
        if from_the_end {
            candidates.reverse();
        }
        for candidate in candidates {
            if generated.entries.len() >= settings.count {
                break 'games;
            }
            if !seen.insert(candidate.state.canonical_key()) {
                continue;
            }
            generated.positions += 1;
            if from_the_end && !method.proves(&candidate.state) {
                break;
            }
            let Some(puzzle) = method.puzzle(&candidate.state) else {
                continue;
            };
            let kind = match kind(&puzzle) {
                Theme::WinIn(n) => Theme::WinIn(n.min(4)),
                other => other,
            };
            let taken = kinds.entry(kind).or_insert(0);
            if *taken >= cap {
                generated.over_share += 1;
                continue;
            }
            if let Some(agent) = checker.as_mut() {
                agent.new_game(derive_seed(settings.seed, generated.positions as u64));
                if !super::rating::solves(agent.as_mut(), &candidate.state, &puzzle.solution) {
                    generated.refused_by_level += 1;
                    continue;
                }
            }
            *taken += 1;
            let id = format!("{}-{:04}", G::INFO.id, generated.entries.len() + 1);
            generated.entries.push(PuzzleEntry::new(
                id,
                &candidate.state,
                candidate.record,
                &puzzle,
                method.proof(),
                candidate.source,
            ));
        }
        progress(generated.games, generated.entries.len());
    }
    generated.seconds = clock.elapsed().as_secs_f64();
    Ok(generated)
}

/// Games of the ladder's levels in the default setup of `G`, the pairings of [`PAIRINGS`] in
/// turn (each colour taking each side), game `i` seeded with `derive_seed(seed, i)`; each
/// game given as its candidate positions.
pub fn ladder_games<G: Engine>(
    seed: u64,
) -> impl Iterator<Item = Result<Vec<Candidate<G>>, PlayError>> {
    (0u64..).map(move |i| {
        let pairing = PAIRINGS[(i as usize / 2) % PAIRINGS.len()];
        let (first, second) = if i % 2 == 0 {
            pairing
        } else {
            (pairing.1, pairing.0)
        };
        let setup = Setup {
            seed: derive_seed(seed, i),
            ..Setup::default_for(G::INFO)
        };
        let mut agents = Vec::new();
        for (seat, name) in [first, second].into_iter().enumerate() {
            let level: Level = name
                .parse()
                .map_err(|e: crate::level::LevelError| PlayError::Invalid(e.0))?;
            agents.push(level.build::<G>(agent_seed(setup.seed, Player(seat as u8)))?);
        }
        let limit = G::INFO.max_moves.unwrap_or(2_000);
        let session = play_game(&setup, &mut agents, limit)?;
        // Name the ladder's levels rather than what they stand for.
        let mut candidates = positions_of(&session);
        for candidate in &mut candidates {
            candidate.record.agents = vec![first.to_owned(), second.to_owned()];
            candidate.source = format!("{first} vs {second}, {}", candidate.source);
        }
        Ok(candidates)
    })
}

/// The candidate positions of finished games given as records (the server's games, exported):
/// records of another game, or that do not replay, are skipped.
pub fn record_games<G: Engine>(
    records: Vec<GameRecord>,
) -> impl Iterator<Item = Result<Vec<Candidate<G>>, PlayError>> {
    records
        .into_iter()
        .filter(|r| r.game == G::INFO.id)
        .filter_map(|record| Session::<G>::from_record(&record).ok())
        .map(|session| {
            let mut candidates = positions_of(&session);
            for candidate in &mut candidates {
                candidate.source = format!("a finished game, {}", candidate.source);
            }
            Ok(candidates)
        })
}
