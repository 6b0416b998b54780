//! How long each level of the ladder thinks per move, for `tabuleiro bench`: every level
//! plays against itself from the game's start, and each move is timed.
//!
//! Fast levels (`random`, `easy`) play whole games until the level's time is used, so that
//! late positions (Q!nto's empty piles, say) are timed too; the searching levels stop at a
//! deadline of their own, so their moves are timed until the level's time is used, even in the
//! middle of a game. `perfect` is timed apart, by [`super::bench`].

use std::time::{Duration, Instant};

use tabuleiro_ai::{LADDER, Level};
use tabuleiro_core::{Engine, derive_seed, rng_from_seed};

/// The move times of one level.
#[derive(Debug, serde::Serialize)]
pub struct LevelTimes {
    /// The ladder's name of the level (`easy`, `hard`, …).
    pub level: &'static str,
    /// Moves timed.
    pub moves: usize,
    /// Whole games played.
    pub games: usize,
    /// Mean time of a move, in milliseconds.
    pub mean_ms: f64,
    /// The slowest move, in milliseconds.
    pub max_ms: f64,
}

/// Times every level of the ladder but `perfect` for about `budget` each (at least one
/// game of the fast levels, at least 3 moves of the searching ones).
pub fn time_levels<G: Engine>(start: &G, budget: Duration, seed: u64) -> Vec<LevelTimes> {
    let mut all = Vec::new();
    for (k, named) in LADDER.iter().enumerate() {
        let Ok(level) = named.level.parse::<Level>() else {
            continue;
        };
        if level == Level::Perfect {
            continue;
        }
        let searching = matches!(level, Level::Strong(_));
        let seed = derive_seed(seed, k as u64);
        let Ok(mut agent) = level.build::<G>(seed) else {
            continue;
        };
        let mut rng = rng_from_seed(seed);
        let (mut moves, mut games, mut total, mut max) = (0usize, 0usize, 0f64, 0f64);
        let clock = Instant::now();
        'games: loop {
            agent.new_game(derive_seed(seed, games as u64));
            let mut state = start.clone();
            while let Some(player) = state.to_move() {
                let timer = Instant::now();
                let chosen = agent.choose(&state.view(player));
                let ms = timer.elapsed().as_secs_f64() * 1000.0;
                (total, max, moves) = (total + ms, max.max(ms), moves + 1);
                let Some(mv) = chosen.or_else(|| state.random_move(&mut rng)) else {
                    break;
                };
                state.play_unchecked(mv);
                if searching && moves >= 3 && clock.elapsed() >= budget {
                    break 'games;
                }
            }
            games += 1;
            if clock.elapsed() >= budget {
                break;
            }
        }
        all.push(LevelTimes {
            level: named.name,
            moves,
            games,
            mean_ms: total / moves.max(1) as f64,
            max_ms: max,
        });
    }
    all
}
