//! Computer players for tabuleiro, knowing games only through [`tabuleiro_core::Game`]:
//!
//! | level | how it plays |
//! |---|---|
//! | `random` | uniformly random legal moves ([`RandomAgent`]) |
//! | `greedy` | one move ahead: wins at once, avoids giving an immediate win, else best evaluation ([`GreedyAgent`]) |
//! | `strong` | negamax alpha-beta, iterative deepening, transposition table, time budget ([`StrongAgent`]); for games of large branching, Monte Carlo tree search with UCT ([`MctsAgent`]); for games of hidden information, sampled rollouts of the evaluation's favourite moves ([`RolloutAgent`]) |
//! | `perfect` | exact values from the [`Solver`], for solvable games ([`PerfectAgent`]); for games with their own solved table ([`tabuleiro_core::Engine::oracle`], Nudge), from that table ([`OracleAgent`]) |
//!
//! Every player draws its random choices from its own seeded generator, so games replay.
//!
//! The `strong` searches use several threads when asked ([`threads`], `strong:threads=N`):
//! alpha-beta as Lazy SMP over a shared lock-free [`table`], Monte Carlo tree search with one
//! tree per thread merged at the root, sampled rollouts with each round's samples spread over
//! the threads. On one thread every search is exactly the sequential one.
//!
//! Matches ([`play_match`]) and [`Tournament`]s count results game by game, or pair by pair
//! for games whose paired games are decided by summed scores ([`pairs`]).

pub mod agent;
pub mod alphabeta;
pub mod analysis;
pub mod cancel;
pub mod engines;
pub mod game_table;
pub mod glicko;
pub mod greedy;
pub mod level;
pub mod matchplay;
pub mod mcts;
pub mod oracle_play;
pub mod pairs;
pub mod perfect;
pub mod protocol;
pub mod puzzles;
pub mod random;
pub mod rating;
pub mod reference;
pub mod rollouts;
pub mod score;
pub mod solver;
pub mod strong;
pub mod table;
pub mod threads;
pub mod tournament;

pub use agent::{Agent, GameSoFar};
pub use alphabeta::{AlphaBeta, Limits, SearchResult};
pub use analysis::{
    Analysis, Evaluation, Exact, MoveRating, analyse, rate_moves, rate_moves_until,
};
pub use game_table::{ComputerTurn, GameTable, Seat, TableError, Thought, TurnError};
pub use greedy::GreedyAgent;
pub use level::{LADDER, LEVEL_NAMES, Level, LevelError, MAX_THINK_MS, NamedLevel, ladder_for};
pub use matchplay::{
    MatchGame, MatchPair, MatchResult, PlayError, Seats, Tally, ThinkTime, agent_seed, play_game,
    play_match, play_match_timed, seat_agents,
};
pub use mcts::{MctsAgent, MctsLimits, MctsReport};
pub use oracle_play::{OracleAgent, open_oracle};
pub use perfect::PerfectAgent;
pub use random::RandomAgent;
pub use rating::{DecidedShare, EloEstimate, Meeting, Rating, Step, fit_ratings};
pub use rollouts::{RolloutAgent, RolloutReport};
pub use solver::{Solver, Value};
pub use strong::StrongAgent;
pub use tournament::{Schedule, Tournament, TournamentResult};
