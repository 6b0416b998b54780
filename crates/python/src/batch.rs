//! Many games of one kind stepped at once in Rust, for `tabuleiro.VectorEnv`: each step plays
//! one action (given, or a random legal one) in every game, starts a finished game again, and
//! writes every game's observation, legal-action mask and player to move into flat buffers
//! that become NumPy arrays.
//!
//! Where a move takes several actions (Q!nto), a step takes one action of each game's move
//! being built; a random one is the next action of a move drawn by the game's random move at
//! the move's first action.

use tabuleiro_core::actions::Partial;
use tabuleiro_core::{
    ActionSpace, Engine, GameRng, GameVisitor, Options, Player, PlayerResult, Registry, Setup,
    rng_from_seed,
};
use tabuleiro_games::REGISTRY;

use crate::table::no_actions;

/// What one step wrote, besides the observations: each game's rewards (seat by seat), whether
/// it ended at this step (it has been started again since).
#[derive(Debug, Default)]
pub struct Stepped {
    /// `games × seats`: 1 win, -1 loss, 0 draw for the games that ended; 0 for the others.
    pub rewards: Vec<f32>,
    /// Whether each game ended at this step.
    pub ended: Vec<bool>,
}

/// The buffers a batch writes its games' positions into.
#[derive(Debug, Default)]
pub struct Seen {
    /// `games × planes × rows × columns`, each game from the side of its seat to move.
    pub observations: Vec<f32>,
    /// `games × actions`: 1 for each legal action.
    pub masks: Vec<i8>,
    /// Each game's seat to move.
    pub to_move: Vec<i64>,
}

/// A batch of games of one kind, whatever the kind.
pub trait DynBatch: Send + Sync {
    /// Games in the batch.
    fn games(&self) -> usize;
    /// Seats of each game.
    fn players(&self) -> usize;
    /// The size of the action space.
    fn action_count(&self) -> usize;
    /// `[planes, rows, columns]` of one observation.
    fn observation_shape(&self) -> [usize; 3];
    /// Starts every game again, game `i` with seed `seed + i`.
    ///
    /// # Errors
    /// A setup that no longer starts (not expected: it started when the batch was built).
    fn reset(&mut self, seed: u64) -> Result<(), String>;
    /// Plays `actions[i]` in game `i` (random legal actions when `None`), starting finished
    /// games again.
    ///
    /// # Errors
    /// A wrong number of actions, or an action not legal in its game (named, nothing played).
    fn step(&mut self, actions: Option<&[i64]>) -> Result<Stepped, String>;
    /// Writes every game's observation, mask and seat to move.
    fn look(&self, seen: &mut Seen);
}

/// Builds `games` games of `id` with `players` seats and option settings, seeded from `seed`.
///
/// # Errors
/// An unknown game, bad options or players, or a game without an action space, in words.
pub fn build(
    id: &str,
    games: usize,
    players: Option<usize>,
    seed: u64,
    settings: &[String],
) -> Result<Box<dyn DynBatch>, String> {
    REGISTRY
        .visit(
            id,
            Builder {
                games,
                players,
                seed,
                settings,
            },
        )
        .unwrap_or_else(|| Err(format!("unknown game `{id}`")))
}

struct Builder<'a> {
    games: usize,
    players: Option<usize>,
    seed: u64,
    settings: &'a [String],
}

impl GameVisitor for Builder<'_> {
    type Output = Result<Box<dyn DynBatch>, String>;

    fn visit<G: Engine>(self) -> Self::Output {
        let space = G::action_space().ok_or_else(|| no_actions(G::INFO))?;
        let info = G::INFO;
        let setup = Setup {
            players: self.players.unwrap_or(info.min_players),
            options: Options::parse(info, self.settings).map_err(|e| e.to_string())?,
            seed: 0,
        };
        tabuleiro_core::SetupError::check_players(info, setup.players)
            .map_err(|e| e.to_string())?;
        let probe = G::new(&setup).map_err(|e| e.to_string())?;
        let mut batch = Batch {
            space,
            actions: space.count(&probe),
            shape: space.observation_shape(&probe),
            setup,
            games: Vec::with_capacity(self.games),
            partials: Vec::with_capacity(self.games),
            plans: Vec::with_capacity(self.games),
            next_seed: 0,
            rng: rng_from_seed(self.seed),
        };
        batch.games.resize(self.games, probe);
        batch.partials.resize(self.games, Partial::default());
        batch.plans.resize(self.games, Vec::new());
        batch.reset(self.seed)?;
        Ok(Box::new(batch))
    }
}

struct Batch<G: Engine> {
    space: &'static dyn ActionSpace<G>,
    actions: usize,
    shape: [usize; 3],
    setup: Setup,
    games: Vec<G>,
    /// Each game's move being built (where moves take several actions).
    partials: Vec<Partial>,
    /// Each game's random move's actions still to take, last first.
    plans: Vec<Vec<usize>>,
    /// The seed of the next game started.
    next_seed: u64,
    /// Draws the random legal actions.
    rng: GameRng,
}

impl<G: Engine> Batch<G> {
    /// A new game with the next seed.
    fn fresh(&mut self) -> Result<G, String> {
        self.setup.seed = self.next_seed;
        self.next_seed = self.next_seed.wrapping_add(1);
        G::new(&self.setup).map_err(|e| e.to_string())
    }
}

impl<G: Engine> DynBatch for Batch<G> {
    fn games(&self) -> usize {
        self.games.len()
    }

    fn players(&self) -> usize {
        self.setup.players
    }

    fn action_count(&self) -> usize {
        self.actions
    }

    fn observation_shape(&self) -> [usize; 3] {
        self.shape
    }

    fn reset(&mut self, seed: u64) -> Result<(), String> {
        self.next_seed = seed;
        self.rng = rng_from_seed(seed);
        for i in 0..self.games.len() {
            self.restart(i)?;
        }
        Ok(())
    }

    fn step(&mut self, actions: Option<&[i64]>) -> Result<Stepped, String> {
        let n = self.games.len();
        let seats = self.setup.players;
        if let Some(actions) = actions
            && actions.len() != n
        {
            return Err(format!("{} actions for {n} games", actions.len()));
        }
        if self.space.sequential() {
            return self.step_actions(actions);
        }
        // Every action is checked before any is played.
        let mut chosen = Vec::with_capacity(n);
        for (i, game) in self.games.iter().enumerate() {
            let mv = match actions {
                Some(actions) => {
                    let wanted = actions[i];
                    let found = usize::try_from(wanted)
                        .ok()
                        .and_then(|a| self.space.move_of(game, a))
                        .filter(|&mv| game.check_move(mv).is_ok());
                    found.ok_or_else(|| format!("game {i}: action {wanted} is not legal there"))?
                }
                None => game
                    .random_move(&mut self.rng)
                    .ok_or_else(|| format!("game {i} has no move"))?,
            };
            chosen.push(mv);
        }
        let mut stepped = Stepped {
            rewards: vec![0.0; n * seats],
            ended: vec![false; n],
        };
        for (i, mv) in chosen.into_iter().enumerate() {
            self.play(i, mv, &mut stepped)?;
        }
        Ok(stepped)
    }

    fn look(&self, seen: &mut Seen) {
        let n = self.games.len();
        let size: usize = self.shape.iter().product();
        // Each game is written into small buffers and appended: the large arrays are written
        // once, not cleared first.
        seen.observations.clear();
        seen.observations.reserve(n * size);
        seen.masks.clear();
        seen.masks.reserve(n * self.actions);
        seen.to_move.clear();
        let mut observation = vec![0.0; size];
        let mut mask = vec![0; self.actions];
        let mut next = Vec::new();
        let sequential = self.space.sequential();
        for (i, game) in self.games.iter().enumerate() {
            let seat = game.to_move().unwrap_or(Player(0));
            seen.to_move.push(seat.index() as i64);
            if sequential {
                let partial = &self.partials[i];
                self.space
                    .observe_partial(game, seat, partial.chosen(), &mut observation);
                partial.next_actions(self.space, game, &mut next);
                mask.fill(0);
                for &action in &next {
                    mask[action] = 1;
                }
            } else {
                self.space.observe(game, seat, &mut observation);
                self.space.legal_mask(game, &mut mask);
            }
            seen.observations.extend_from_slice(&observation);
            seen.masks.extend_from_slice(&mask);
        }
    }
}

impl<G: Engine> Batch<G> {
    /// Plays `mv` in game `i`, noting its rewards and starting it again if it ended.
    fn play(&mut self, i: usize, mv: G::Move, stepped: &mut Stepped) -> Result<(), String> {
        let seats = self.setup.players;
        self.games[i].play_unchecked(mv);
        if let Some(outcome) = self.games[i].outcome() {
            for (seat, result) in outcome.results.iter().enumerate().take(seats) {
                stepped.rewards[i * seats + seat] = match result {
                    PlayerResult::Win => 1.0,
                    PlayerResult::Loss => -1.0,
                    PlayerResult::Draw => 0.0,
                };
            }
            stepped.ended[i] = true;
            self.restart(i)?;
        }
        Ok(())
    }

    /// Starts game `i` again with the next seed, nothing of a move begun.
    fn restart(&mut self, i: usize) -> Result<(), String> {
        self.games[i] = self.fresh()?;
        self.partials[i].clear();
        self.plans[i].clear();
        Ok(())
    }

    /// A step where a move takes several actions: one action of each game's move being built.
    fn step_actions(&mut self, actions: Option<&[i64]>) -> Result<Stepped, String> {
        let n = self.games.len();
        let mut stepped = Stepped {
            rewards: vec![0.0; n * self.setup.players],
            ended: vec![false; n],
        };
        // Every action is checked (on copies of the moves being built) before any is taken.
        let mut partials = self.partials.clone();
        let mut taken = Vec::with_capacity(n);
        for (i, game) in self.games.iter().enumerate() {
            let action = if let Some(actions) = actions {
                self.plans[i].clear();
                usize::try_from(actions[i])
                    .map_err(|_| format!("game {i}: action {} is not legal there", actions[i]))?
            } else {
                if self.plans[i].is_empty() {
                    let mv = game
                        .random_move(&mut self.rng)
                        .ok_or_else(|| format!("game {i} has no move"))?;
                    self.space.sequence(game, mv, &mut self.plans[i]);
                    self.plans[i].reverse();
                }
                self.plans[i]
                    .pop()
                    .ok_or_else(|| format!("game {i} has no move"))?
            };
            let done = partials[i]
                .take(self.space, game, action)
                .map_err(|_| format!("game {i}: action {action} is not legal there"))?;
            taken.push(done);
        }
        self.partials = partials;
        for (i, done) in taken.into_iter().enumerate() {
            if let Some(mv) = done {
                self.play(i, mv, &mut stepped)?;
            }
        }
        Ok(stepped)
    }
}
