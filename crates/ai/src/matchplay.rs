//! Games between computer players, and matches of many games.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use tabuleiro_core::{
    Engine, Forfeit, Outcome, PairScoring, Player, PlayerResult, Session, Setup, SetupError,
    derive_seed,
};

use crate::agent::Agent;
use crate::level::{Level, LevelError};
use crate::pairs::{self, GameScores, PairScore};

/// Why a computer game could not be played.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The game could not be set up.
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A level does not fit the game.
    #[error(transparent)]
    Level(#[from] LevelError),
    /// A player offered no move (or an illegal one) in an unfinished game.
    #[error("{agent} failed to move: {reason}")]
    Agent {
        /// The player's name.
        agent: String,
        /// What went wrong.
        reason: String,
    },
    /// The match or tournament asked for cannot be played.
    #[error("{0}")]
    Invalid(String),
    /// The game went on past its length limit.
    #[error("the game did not end within {0} moves")]
    TooLong(usize),
    /// Pairs count as one result (see [`crate::pairs`]) but a pair would lack its second game.
    #[error(
        "paired games of {game} count pair by pair (the sums of the two scores decide): play an \
         even number of games, not {games}"
    )]
    OddPairs {
        /// The game's name.
        game: &'static str,
        /// The number of games asked for.
        games: usize,
    },
    /// A game whose pairs are decided by summed scores ended without scores.
    #[error("a game of {0} ended without scores")]
    Unscored(&'static str),
}

/// The seed of each computer player in a game with seed `game_seed`: the game's record holds
/// `game_seed`, so the whole game can be played again from it.
pub fn agent_seed(game_seed: u64, seat: Player) -> u64 {
    derive_seed(game_seed, 1000 + u64::from(seat.0))
}

/// One computer player per seat, `None` for a person's seat.
pub type Seats<G> = Vec<Option<Box<dyn Agent<G>>>>;

/// The computer players of a game: one for each seat given a level (`None` for a person's
/// seat), each seeded with [`agent_seed`] from the game's seed. Every front end builds its
/// players here, so that the same setup and seed give the same game wherever it is played.
///
/// # Errors
/// When a level cannot play the game (`perfect` for a game not solved here).
pub fn seat_agents<G: Engine>(
    setup: &Setup,
    levels: &[Option<Level>],
) -> Result<Seats<G>, LevelError> {
    levels
        .iter()
        .enumerate()
        .map(|(seat, level)| {
            level
                .map(|level| level.build::<G>(agent_seed(setup.seed, Player(seat as u8))))
                .transpose()
        })
        .collect()
}

/// Plays a game from `setup` to the end with one computer player per seat (each given
/// [`Agent::new_game`] with [`agent_seed`] first), stopping with an error after `limit` moves.
///
/// # Errors
/// When the game cannot start, a player fails to move, or the game is too long.
pub fn play_game<G: Engine>(
    setup: &Setup,
    agents: &mut [Box<dyn Agent<G>>],
    limit: usize,
) -> Result<Session<G>, PlayError> {
    let never = AtomicBool::new(false);
    play_game_until(setup, agents, limit, &never)?.ok_or(PlayError::TooLong(limit))
}

/// [`play_game`], abandoned (`Ok(None)`) as soon as `stop` is set: `stop` is read before
/// every move, so an interrupted tournament does not wait for long games to finish.
///
/// # Errors
/// As [`play_game`].
pub fn play_game_until<G: Engine>(
    setup: &Setup,
    agents: &mut [Box<dyn Agent<G>>],
    limit: usize,
    stop: &AtomicBool,
) -> Result<Option<Session<G>>, PlayError> {
    let names = agents.iter().map(|a| a.name()).collect();
    let mut session = Session::<G>::new(setup.clone(), names)?;
    for (seat, agent) in agents.iter_mut().enumerate() {
        agent.new_game(agent_seed(setup.seed, Player(seat as u8)));
    }
    while let Some(player) = session.to_move() {
        if stop.load(Ordering::Relaxed) {
            return Ok(None);
        }
        if session.moves().len() >= limit {
            return Err(PlayError::TooLong(limit));
        }
        let agent = &mut agents[player.index()];
        match take_turn(&session, player, agent.as_mut()) {
            Ok(mv) => session.play(mv).map_err(|e| PlayError::Agent {
                agent: agent.name(),
                reason: e.to_string(),
            })?,
            Err(reason) if agent.follows_game() => {
                // An engine that failed loses the game; it never stops a match.
                session
                    .forfeit(player, reason)
                    .map_err(|e| PlayError::Agent {
                        agent: agent.name(),
                        reason: e.to_string(),
                    })?;
            }
            Err(reason) => {
                return Err(PlayError::Agent {
                    agent: agent.name(),
                    reason,
                });
            }
        }
    }
    if let Some(outcome) = session.outcome() {
        for agent in agents.iter_mut() {
            agent.game_over(&outcome);
        }
    }
    Ok(Some(session))
}

/// Asks `agent`, playing `player`, for its move in `session`: from the seat's view, and with
/// the game so far for a player that follows it (an engine, given its level's time). A move
/// an engine offers is checked here, so that an illegal one forfeits rather than stops.
///
/// # Errors
/// Why the player could not move.
pub fn take_turn<G: Engine>(
    session: &Session<G>,
    player: Player,
    agent: &mut dyn Agent<G>,
) -> Result<G::Move, String> {
    let view = session.state().view(player);
    if !agent.follows_game() {
        return agent.play_turn(&view, None);
    }
    let game = crate::agent::GameSoFar::of(session, player);
    let mv = agent.play_turn(&view, Some(&game))?;
    session.state().check_move(mv).map_err(|e| {
        format!(
            "played `{}`: {e}",
            session.state().format_move_for(mv, Some(player))
        )
    })?;
    Ok(mv)
}

/// Wins, draws and losses of one side of a match.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct Tally {
    /// Games won.
    pub wins: usize,
    /// Games drawn.
    pub draws: usize,
    /// Games lost.
    pub losses: usize,
}

impl Tally {
    /// Counts one more game with `result`.
    pub fn add(&mut self, result: PlayerResult) {
        match result {
            PlayerResult::Win => self.wins += 1,
            PlayerResult::Draw => self.draws += 1,
            PlayerResult::Loss => self.losses += 1,
        }
    }

    /// Adds the games of `more`.
    pub fn merge(&mut self, more: Tally) {
        self.wins += more.wins;
        self.draws += more.draws;
        self.losses += more.losses;
    }

    /// Games counted.
    pub fn games(&self) -> usize {
        self.wins + self.draws + self.losses
    }

    /// The same games seen from the other side.
    pub fn reversed(&self) -> Tally {
        Tally {
            wins: self.losses,
            draws: self.draws,
            losses: self.wins,
        }
    }

    /// Share of decided games won, in percent (`None` when none was decided).
    pub fn decided_win_percent(&self) -> Option<f64> {
        let decided = self.wins + self.losses;
        (decided > 0).then(|| 100.0 * self.wins as f64 / decided as f64)
    }
}

/// One game of a match.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchGame {
    /// The game's number, from 0.
    pub index: usize,
    /// The game's seed (which also seeds both players).
    pub seed: u64,
    /// The seat of player A.
    pub a_seat: Player,
    /// How it ended.
    pub outcome: Outcome,
    /// Moves played.
    pub moves: usize,
    /// The seat that forfeited the game and why (an engine that failed), if one did.
    pub forfeit: Option<Forfeit>,
}

/// One pair of a match whose results count pairs ([`PairScoring::SummedScores`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchPair {
    /// The pair's number, from 0 (games `2 * index` and `2 * index + 1`).
    pub index: usize,
    /// The seed both games were played with.
    pub seed: u64,
    /// A's and B's summed scores, and A's result over the pair.
    pub a: PairScore,
}

/// A match between two levels.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchResult {
    /// How results count: game by game, or, for paired games of a game whose pairs are
    /// decided by summed scores, pair by pair (see [`crate::pairs`]).
    pub counted: PairScoring,
    /// Player A's results: games, or pairs when `counted` is [`PairScoring::SummedScores`].
    pub a: Tally,
    /// Player B's results, counted as A's.
    pub b: Tally,
    /// Every game in order.
    pub games: Vec<MatchGame>,
    /// Every pair in order, when results count pairs (else empty).
    pub pairs: Vec<MatchPair>,
}

/// Plays `games` games between level `a` and level `b`: in a two-player game A and B
/// alternate seats (A sits first in even games); with more players A plays one seat and B
/// every other seat, and A's seat rotates (game `i` puts A in seat `i mod players`). Game `i`
/// has seed `derive_seed(seed, i)` — or, when `paired`, `derive_seed(seed, i / players)`, so
/// each seed is played once with A in every seat (two players: twice, seats swapped, the
/// tournament format) — and the options and number of players of `setup`; `on_game` is told
/// of each game as it ends. B's tally counts every B seat.
///
/// Paired two-player games of a game whose
/// [`Game::PAIR_SCORING`](tabuleiro_core::Game::PAIR_SCORING) is
/// [`PairScoring::SummedScores`] count pair by pair: each pair is one win, draw or loss,
/// decided by each side's sum of its two scores ([`pairs::summed`]).
///
/// # Errors
/// The first game that cannot be played; an odd number of games when pairs count.
pub fn play_match<G: Engine>(
    setup: &Setup,
    a: Level,
    b: Level,
    games: usize,
    seed: u64,
    paired: bool,
    on_game: impl FnMut(&MatchGame),
) -> Result<MatchResult, PlayError> {
    play_match_timed::<G>(setup, a, b, games, seed, paired, on_game).map(|(result, _)| result)
}

/// How long one side of a match took to choose its moves (wall-clock time, so it depends on
/// the machine and its load).
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize)]
pub struct ThinkTime {
    /// Moves chosen.
    pub moves: usize,
    /// Seconds spent choosing them.
    pub total_secs: f64,
    /// The slowest move, in seconds.
    pub max_secs: f64,
}

impl ThinkTime {
    /// Mean seconds per move (0 before the first move).
    pub fn mean_secs(&self) -> f64 {
        if self.moves == 0 {
            0.0
        } else {
            self.total_secs / self.moves as f64
        }
    }
}

/// An agent whose every choice is timed into a shared [`ThinkTime`].
struct Timed<G: Engine> {
    inner: Box<dyn Agent<G>>,
    time: Arc<Mutex<ThinkTime>>,
}

impl<G: Engine> Agent<G> for Timed<G> {
    fn name(&self) -> String {
        self.inner.name()
    }

    fn new_game(&mut self, seed: u64) {
        self.inner.new_game(seed);
    }

    fn choose(&mut self, view: &G::View) -> Option<G::Move> {
        let clock = Instant::now();
        let mv = self.inner.choose(view);
        self.count(clock);
        mv
    }

    fn follows_game(&self) -> bool {
        self.inner.follows_game()
    }

    fn play_turn(
        &mut self,
        view: &G::View,
        game: Option<&crate::agent::GameSoFar>,
    ) -> Result<G::Move, String> {
        let clock = Instant::now();
        let mv = self.inner.play_turn(view, game);
        self.count(clock);
        mv
    }

    fn game_over(&mut self, outcome: &Outcome) {
        self.inner.game_over(outcome);
    }
}

impl<G: Engine> Timed<G> {
    /// Counts one move that started at `clock`.
    fn count(&self, clock: Instant) {
        let secs = clock.elapsed().as_secs_f64();
        if let Ok(mut time) = self.time.lock() {
            time.moves += 1;
            time.total_secs += secs;
            time.max_secs = time.max_secs.max(secs);
        }
    }
}

/// [`play_match`], also timing every move of A and of B.
///
/// # Errors
/// The first game that cannot be played.
pub fn play_match_timed<G: Engine>(
    setup: &Setup,
    a: Level,
    b: Level,
    games: usize,
    seed: u64,
    paired: bool,
    mut on_game: impl FnMut(&MatchGame),
) -> Result<(MatchResult, [ThinkTime; 2]), PlayError> {
    let players = setup.players.max(2);
    let times = [
        Arc::new(Mutex::new(ThinkTime::default())),
        Arc::new(Mutex::new(ThinkTime::default())),
    ];
    // A is box 0 between games; it is rotated into its seat for each game and back.
    let mut agents: Vec<Box<dyn Agent<G>>> = Vec::with_capacity(players);
    agents.push(Box::new(Timed {
        inner: a.build::<G>(0)?,
        time: Arc::clone(&times[0]),
    }));
    for _ in 1..players {
        agents.push(Box::new(Timed {
            inner: b.build::<G>(0)?,
            time: Arc::clone(&times[1]),
        }));
    }
    let counted = pairs::counting(G::PAIR_SCORING, paired, players);
    let by_pairs = counted == PairScoring::SummedScores;
    if by_pairs && !games.is_multiple_of(2) {
        return Err(PlayError::OddPairs {
            game: G::INFO.name,
            games,
        });
    }
    let limit = G::INFO.max_moves.unwrap_or(100_000);
    let mut result = MatchResult {
        counted,
        a: Tally::default(),
        b: Tally::default(),
        games: Vec::new(),
        pairs: Vec::new(),
    };
    let mut first_of_pair: Option<GameScores> = None;
    for index in 0..games {
        let stream = if paired { index / players } else { index };
        let game_seed = derive_seed(seed, stream as u64);
        let setup = Setup {
            seed: game_seed,
            ..setup.clone()
        };
        let seat = index % players;
        let a_seat = Player(seat as u8);
        agents.rotate_right(seat);
        let played = play_game(&setup, &mut agents, limit);
        agents.rotate_left(seat);
        let session = played?;
        let outcome = session.outcome().ok_or(PlayError::TooLong(limit))?;
        if by_pairs {
            let scores =
                GameScores::of(&outcome, a_seat).ok_or(PlayError::Unscored(G::INFO.name))?;
            if let Some(first) = first_of_pair.take() {
                let pair = pairs::summed([first, scores]);
                result.a.add(pair.result);
                result.b = result.a.reversed();
                result.pairs.push(MatchPair {
                    index: index / 2,
                    seed: game_seed,
                    a: pair,
                });
            } else {
                first_of_pair = Some(scores);
            }
        } else {
            result.a.add(outcome.result(a_seat));
            for other in (0..players).filter(|&p| p != seat) {
                result.b.add(outcome.result(Player(other as u8)));
            }
        }
        let game = MatchGame {
            index,
            seed: game_seed,
            a_seat,
            outcome,
            moves: session.moves().len(),
            forfeit: session.forfeited().cloned(),
        };
        on_game(&game);
        result.games.push(game);
    }
    let time = |t: &Arc<Mutex<ThinkTime>>| t.lock().map(|t| *t).unwrap_or_default();
    Ok((result, [time(&times[0]), time(&times[1])]))
}
