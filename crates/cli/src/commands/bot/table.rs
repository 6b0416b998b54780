//! The engine at one game of the bot: what the server shows the bot's seat, turned into the
//! engine protocol's `game`, `moved` and `private` lines by an [`EngineSeat`], and the
//! engine's move turned back into notation.

use std::collections::BTreeMap;
use std::sync::Arc;

use tabuleiro_ai::engines::{EngineSeat, EngineSpec};
use tabuleiro_ai::{Agent, GameSoFar};
use tabuleiro_core::{Engine, GameVisitor, Options, Outcome, Player, Setup, rng_from_seed};
use tabuleiro_web::protocol::Played;

/// What the server showed the bot's seat when it was its turn.
pub struct Turn<'a> {
    /// The number of seats.
    pub players: usize,
    /// Every option as the game settled it (the welcome's).
    pub options: &'a BTreeMap<String, String>,
    /// The bot's seat, from 0.
    pub seat: usize,
    /// Every move so far, as the seat may read them.
    pub moves: &'a [Played],
    /// What the seat alone may see (a Q!nto hand).
    pub private: Option<&'a str>,
    /// The time left on the seat's clock for this move, ms, in a game on a clock.
    pub clock_ms: Option<u64>,
}

/// An engine playing one kind of game; its process is kept from game to game.
pub trait Table: Send {
    /// A new game starts.
    fn new_game(&mut self, seed: u64);
    /// The engine's move for `turn`, in notation.
    ///
    /// # Errors
    /// Why the engine could not move (it forfeits the game) or the server's view could not
    /// be followed.
    fn turn(&mut self, turn: &Turn) -> Result<String, String>;
    /// The game ended so.
    fn over(&mut self, outcome: &Outcome);
}

/// An [`EngineSeat`] of game `G`.
struct Seat<G: Engine> {
    engine: EngineSeat<G>,
}

impl<G: Engine> Table for Seat<G> {
    fn new_game(&mut self, seed: u64) {
        self.engine.new_game(seed);
    }

    fn turn(&mut self, turn: &Turn) -> Result<String, String> {
        let options = Options::new(
            G::INFO,
            turn.options.iter().map(|(k, v)| (k.as_str(), v.as_str())),
        )
        .map_err(|e| format!("the server's options: {e}"))?;
        let game = GameSoFar {
            game: G::INFO.id,
            players: turn.players,
            options: options
                .iter()
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .collect(),
            seat: seat(turn.seat)?,
            moves: turn
                .moves
                .iter()
                .map(|p| Ok((seat(p.seat)?, p.text.clone())))
                .collect::<Result<_, String>>()?,
            private: turn.private.map(str::to_owned),
            clock_ms: turn.clock_ms,
        };
        let setup = Setup {
            players: turn.players,
            options,
            seed: 0,
        };
        let texts: Vec<String> = turn.moves.iter().map(|p| p.text.clone()).collect();
        let view = G::view_from_told(&setup, game.seat, &texts, turn.private)
            .map_err(|e| format!("the server's moves cannot be followed: {e}"))?;
        let mv = self.engine.play_turn(&view, Some(&game))?;
        let position = G::sample_from_view(&view, &mut rng_from_seed(0));
        Ok(position.format_move(mv))
    }

    fn over(&mut self, outcome: &Outcome) {
        self.engine.game_over(outcome);
    }
}

fn seat(index: usize) -> Result<Player, String> {
    u8::try_from(index)
        .map(Player)
        .map_err(|_| format!("seat {index} is no seat"))
}

/// Builds the [`Table`] of the game chosen at run time.
struct Builder {
    spec: Arc<EngineSpec>,
    think_ms: u64,
}

impl GameVisitor for Builder {
    type Output = Box<dyn Table>;

    fn visit<G: Engine>(self) -> Self::Output {
        let name = self.spec.name.clone();
        Box::new(Seat::<G> {
            engine: EngineSeat::new(self.spec, name, self.think_ms, 0),
        })
    }
}

/// The table of game `id` for engine `spec`, none for a game this build does not know.
pub fn table(id: &str, spec: &Arc<EngineSpec>, think_ms: u64) -> Option<Box<dyn Table>> {
    tabuleiro_core::Registry::visit(
        &tabuleiro_games::REGISTRY,
        id,
        Builder {
            spec: Arc::clone(spec),
            think_ms,
        },
    )
}
