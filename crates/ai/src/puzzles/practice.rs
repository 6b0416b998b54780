//! Computer levels solving puzzles as players do, rated as players are: how the puzzle ratings
//! are shown to mean something (the ladder's levels should end in the ladder's order).
//!
//! Each level attempts puzzles in turn with the others, each time the puzzle it has not tried
//! whose rating is nearest its own (as lichess picks a player's next puzzle); every attempt
//! updates the level's and the puzzle's ratings ([`super::rating::after_attempt`]).

use tabuleiro_core::{Engine, Player, derive_seed};

use super::entry::Loaded;
use super::rating::{after_attempt, new_puzzle, solves};
use crate::glicko::Glicko;
use crate::level::{Level, LevelError};
use crate::matchplay::agent_seed;

/// How one level did.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelResult {
    /// The level's name.
    pub level: String,
    /// Its puzzle rating at the end.
    pub rating: Glicko,
    /// Puzzles it solved.
    pub solved: usize,
    /// Puzzles it tried.
    pub attempts: usize,
}

/// Every level of `levels` attempts `attempts` puzzles of `puzzles` (whose first ratings are
/// `first`), the levels taking turns; returns each level's result and the puzzles' ratings
/// at the end. `progress` is told the attempts made so far.
///
/// # Errors
/// When a level cannot be read or cannot play the game.
pub fn rate_levels<G: Engine>(
    puzzles: &[Loaded<G>],
    first: &[f64],
    levels: &[&str],
    attempts: usize,
    seed: u64,
    progress: &mut dyn FnMut(usize),
) -> Result<(Vec<LevelResult>, Vec<Glicko>), LevelError> {
    let mut ratings: Vec<Glicko> = first.iter().map(|&r| new_puzzle(r)).collect();
    let mut agents = Vec::with_capacity(levels.len());
    for (i, name) in levels.iter().enumerate() {
        let level: Level = name.parse()?;
        agents.push(level.build::<G>(agent_seed(seed, Player(i as u8)))?);
    }
    let mut results: Vec<LevelResult> = levels
        .iter()
        .map(|name| LevelResult {
            level: (*name).to_owned(),
            rating: Glicko::default(),
            solved: 0,
            attempts: 0,
        })
        .collect();
    let mut tried = vec![vec![false; puzzles.len()]; levels.len()];
    let mut made = 0;
    for round in 0..attempts.min(puzzles.len()) {
        for (i, agent) in agents.iter_mut().enumerate() {
            let me = results[i].rating.rating;
            let Some(p) = (0..puzzles.len())
                .filter(|&p| !tried[i][p])
                .min_by(|&a, &b| {
                    (ratings[a].rating - me)
                        .abs()
                        .total_cmp(&(ratings[b].rating - me).abs())
                })
            else {
                continue;
            };
            tried[i][p] = true;
            agent.new_game(derive_seed(seed, (round * levels.len() + i) as u64));
            let puzzle = &puzzles[p];
            let solved = solves(agent.as_mut(), &puzzle.state, &puzzle.solution);
            let (player, after) = after_attempt(results[i].rating, ratings[p], solved);
            results[i].rating = player;
            ratings[p] = after;
            results[i].attempts += 1;
            results[i].solved += usize::from(solved);
            made += 1;
        }
        progress(made);
    }
    Ok((results, ratings))
}
