//! A game of any type behind one object-safe trait, built from the registry by a
//! [`GameVisitor`]: the Python module never names a game.

use tabuleiro_core::actions::{Partial, legal_actions};
use tabuleiro_core::{
    ActionSpace, Engine, GameInfo, GameVisitor, Options, Perspective, Player, PlayerResult,
    Registry, Session, Setup, SetupError, rng_from_seed,
};
use tabuleiro_games::REGISTRY;

/// A game in progress, whatever its type.
pub trait DynGame: Send + Sync {
    /// The game's static facts.
    fn info(&self) -> &'static GameInfo;
    /// Number of seats.
    fn players(&self) -> usize;
    /// The seat to move (from 0), `None` once the game is over.
    fn to_move(&self) -> Option<usize>;
    /// (which move of the turn, moves per turn), from 1.
    fn move_in_turn(&self) -> (usize, usize);
    /// The legal moves of the seat to move, in the game's notation.
    fn legal_moves(&self) -> Vec<String>;
    /// Reads and plays a move; returns it in the game's notation.
    ///
    /// # Errors
    /// Bad syntax or an illegal move, in words; the game is unchanged.
    fn play(&mut self, text: &str) -> Result<String, String>;
    /// Each seat's result once the game is over: 1 for a win, -1 for a loss, 0 for a draw
    /// (all 0 before the end).
    fn returns(&self) -> Vec<f64>;
    /// Why the game ended, in words, once it has.
    fn reason(&self) -> Option<String>;
    /// The running scores, for games that keep score.
    fn scores(&self) -> Option<Vec<i64>>;
    /// The board as text, as everyone sees it (`None`) or as seat `viewer` does.
    fn render(&self, viewer: Option<usize>) -> String;
    /// The game so far as a record (JSON), which `tabuleiro replay` reads.
    ///
    /// # Errors
    /// A position sampled from a seat's view, which no record leads to.
    fn record_json(&self) -> Result<String, String>;
    /// Number of moves played.
    fn ply(&self) -> usize;
    /// A copy of the game.
    fn boxed_clone(&self) -> Box<dyn DynGame>;
    /// The size of the game's fixed action space ([`tabuleiro_core::actions`]), `None` for a
    /// game without one.
    fn action_count(&self) -> Option<usize>;
    /// The legal moves' actions, ascending, each with its notation; `None` for a game without
    /// an action space.
    fn legal_actions(&self) -> Option<Vec<(usize, String)>>;
    /// The action of the move written `text` in this position (legal or not), if it reads.
    ///
    /// # Errors
    /// A game without an action space, or text that is not a move, in words.
    fn action_of(&self, text: &str) -> Result<usize, String>;
    /// The legal moves' actions, ascending, without their notation (the fast path of a step);
    /// `None` for a game without an action space.
    fn legal_action_ids(&self) -> Option<Vec<usize>>;
    /// 1 for each legal action ([`Self::legal_action_ids`]) of the action space, else 0;
    /// `None` for a game without an action space.
    fn legal_mask(&self) -> Option<Vec<i8>>;
    /// Takes `action`: plays the move it names, or (in a game whose moves take several actions)
    /// the move it completes, or keeps it as the next action of the move being built.
    ///
    /// # Errors
    /// A game without an action space, or an action not legal here, in words.
    fn apply_action(&mut self, action: usize) -> Result<(), String>;
    /// Whether a move takes several actions (Q!nto).
    fn sequential(&self) -> bool;
    /// The actions taken so far of the move being built (empty between moves).
    fn partial_actions(&self) -> Vec<usize>;
    /// The actions of the legal move written `text`, in order.
    ///
    /// # Errors
    /// A game without an action space, or text that is not a legal move, in words.
    fn move_actions(&self, text: &str) -> Result<Vec<usize>, String>;
    /// A key of the position (equal positions, equal keys).
    fn position_key(&self) -> u64;
    /// A position `seat` cannot tell from this one: every tile it cannot see dealt again at
    /// random with `seed` (for games of hidden information; a copy for the others).
    fn resample(&self, seat: usize, seed: u64) -> Box<dyn DynGame>;
    /// The observation's shape `[planes, rows, columns]`, `None` for a game without one.
    fn observation_shape(&self) -> Option<[usize; 3]>;
    /// Writes what `seat` may know into `out` (the shape's length).
    fn observe(&self, seat: usize, out: &mut [f32]);
    /// The game as [`std::any::Any`], for a player built for its type ([`crate::levels`]).
    fn as_any(&self) -> &dyn std::any::Any;
    /// A computer player of `level` for this game's type, seeded.
    ///
    /// # Errors
    /// A level that does not read or does not play this game, in words.
    fn agent(&self, level: &str, seed: u64) -> Result<Box<dyn crate::levels::DynAgent>, String>;
    /// Every legal move with its exact value, best first.
    ///
    /// # Errors
    /// A game not solved here, in words.
    fn solve(&self) -> Result<Vec<crate::levels::SolvedMove>, String>;
}

/// Builds game `id` with `players` seats (the fewest when `None`), `seed` and option settings
/// `name=value`.
///
/// # Errors
/// An unknown game, a bad option or number of players, in words.
pub fn build(
    id: &str,
    players: Option<usize>,
    seed: u64,
    settings: &[String],
) -> Result<Box<dyn DynGame>, String> {
    REGISTRY
        .visit(
            id,
            Builder {
                players,
                seed,
                settings,
            },
        )
        .unwrap_or_else(|| {
            let known: Vec<&str> = REGISTRY.games().iter().map(|g| g.id).collect();
            Err(format!("unknown game `{id}` (games: {})", known.join(", ")))
        })
}

struct Builder<'a> {
    players: Option<usize>,
    seed: u64,
    settings: &'a [String],
}

impl GameVisitor for Builder<'_> {
    type Output = Result<Box<dyn DynGame>, String>;

    fn visit<G: Engine>(self) -> Self::Output {
        let info = G::INFO;
        let players = self.players.unwrap_or(info.min_players);
        SetupError::check_players(info, players).map_err(|e| e.to_string())?;
        let options = Options::parse(info, self.settings).map_err(|e| e.to_string())?;
        let setup = Setup {
            players,
            options,
            seed: self.seed,
        };
        let session = Session::<G>::new(setup, vec!["python".to_owned(); players])
            .map_err(|e| e.to_string())?;
        Ok(Box::new(Live {
            setup: session.setup().clone(),
            state: session.state().clone(),
            moves: Vec::new(),
            partial: Partial::default(),
            sampled: false,
        }))
    }
}

/// A game of type `G` in progress: its setup (options drawn by chance settled), position,
/// moves and the move being built action by action. The record is made when asked, by playing
/// the moves again: a step keeps no more than the position and the move.
#[derive(Clone)]
pub struct Live<G: Engine> {
    setup: Setup,
    state: G,
    moves: Vec<G::Move>,
    partial: Partial,
    /// Sampled from a seat's view: no record leads to it.
    sampled: bool,
}

impl<G: Engine> Live<G> {
    /// The position.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The game's action space, or why it has none.
    fn space() -> Result<&'static dyn ActionSpace<G>, String> {
        G::action_space().ok_or_else(|| no_actions(G::INFO))
    }
}

impl<G: Engine> DynGame for Live<G> {
    fn info(&self) -> &'static GameInfo {
        G::INFO
    }

    fn players(&self) -> usize {
        self.setup.players
    }

    fn to_move(&self) -> Option<usize> {
        self.state.to_move().map(Player::index)
    }

    fn move_in_turn(&self) -> (usize, usize) {
        self.state.move_in_turn()
    }

    fn legal_moves(&self) -> Vec<String> {
        let state = &self.state;
        let mut moves = Vec::new();
        if state.outcome().is_none() {
            state.legal_moves(&mut moves);
        }
        moves.into_iter().map(|mv| state.format_move(mv)).collect()
    }

    fn play(&mut self, text: &str) -> Result<String, String> {
        let state = &self.state;
        if state.outcome().is_some() {
            return Err(format!("{text}: the game is over"));
        }
        if !self.partial.chosen().is_empty() {
            return Err(format!(
                "{text}: a move is being built action by action ({} taken): take its next \
                 actions first",
                self.partial.chosen().len()
            ));
        }
        let mv = state.parse_move(text).map_err(|e| format!("{text}: {e}"))?;
        let shown = state.format_move(mv);
        self.state.play(mv).map_err(|e| format!("{text}: {e}"))?;
        self.moves.push(mv);
        Ok(shown)
    }

    fn returns(&self) -> Vec<f64> {
        match self.state.outcome() {
            Some(outcome) => outcome
                .results
                .iter()
                .map(|r| match r {
                    PlayerResult::Win => 1.0,
                    PlayerResult::Loss => -1.0,
                    PlayerResult::Draw => 0.0,
                })
                .collect(),
            None => vec![0.0; self.players()],
        }
    }

    fn reason(&self) -> Option<String> {
        self.state.outcome().map(|o| o.reason)
    }

    fn scores(&self) -> Option<Vec<i64>> {
        self.state.scores()
    }

    fn render(&self, viewer: Option<usize>) -> String {
        let state = &self.state;
        match viewer {
            Some(seat) => state.render(Perspective::Player(Player(seat as u8))),
            None => state.render_public(),
        }
    }

    fn record_json(&self) -> Result<String, String> {
        if self.sampled {
            return Err(
                "a position sampled from a seat's view has no record: no deal leads to it".into(),
            );
        }
        let agents = vec!["python".to_owned(); self.setup.players];
        let mut session =
            Session::<G>::new(self.setup.clone(), agents).map_err(|e| e.to_string())?;
        for &mv in &self.moves {
            session.play(mv).map_err(|e| e.to_string())?;
        }
        Ok(session.record().to_json())
    }

    fn ply(&self) -> usize {
        self.moves.len()
    }

    fn boxed_clone(&self) -> Box<dyn DynGame> {
        Box::new(self.clone())
    }

    fn action_count(&self) -> Option<usize> {
        G::action_space().map(|space| space.count(&self.state))
    }

    fn legal_actions(&self) -> Option<Vec<(usize, String)>> {
        let space = G::action_space()?;
        let state = &self.state;
        if space.sequential() {
            let mut next = Vec::new();
            self.partial.next_actions(space, state, &mut next);
            return Some(
                next.into_iter()
                    .map(|a| (a, space.action_name(state, a).unwrap_or_default()))
                    .collect(),
            );
        }
        let mut actions: Vec<(usize, String)> = legal_actions(space, state)
            .into_iter()
            .map(|(action, mv)| (action, state.format_move(mv)))
            .collect();
        actions.sort_unstable_by_key(|(action, _)| *action);
        Some(actions)
    }

    fn action_of(&self, text: &str) -> Result<usize, String> {
        let space = Self::space()?;
        let state = &self.state;
        if space.sequential() {
            return space.action_named(state, text).ok_or_else(|| {
                format!(
                    "`{text}` names no action of {} (a cell x,y, a tile, across, down, gap, \
                     swap, pass or end; move_to_actions gives a whole move's)",
                    G::INFO.name
                )
            });
        }
        let mv = state
            .parse_notation(text)
            .map_err(|e| format!("{text}: {e}"))?;
        Ok(space.action(state, mv))
    }

    fn legal_action_ids(&self) -> Option<Vec<usize>> {
        let space = G::action_space()?;
        if space.sequential() {
            let mut next = Vec::new();
            self.partial.next_actions(space, &self.state, &mut next);
            return Some(next);
        }
        let mut moves = Vec::new();
        if self.state.outcome().is_none() {
            self.state.legal_moves(&mut moves);
        }
        let mut actions: Vec<usize> = moves
            .into_iter()
            .map(|mv| space.action(&self.state, mv))
            .collect();
        actions.sort_unstable();
        Some(actions)
    }

    fn apply_action(&mut self, action: usize) -> Result<(), String> {
        let space = Self::space()?;
        let taken = self.partial.take(space, &self.state, action).map_err(|_| {
            match self.partial.chosen().len() {
                0 => format!("action {action} is not a legal move here"),
                n => format!(
                    "action {action} does not go on the move being built here ({n} actions \
                     taken)"
                ),
            }
        })?;
        if let Some(mv) = taken {
            self.state.play_unchecked(mv);
            self.moves.push(mv);
        }
        Ok(())
    }

    fn legal_mask(&self) -> Option<Vec<i8>> {
        let space = G::action_space()?;
        let mut mask = vec![0; space.count(&self.state)];
        if space.sequential() {
            let mut next = Vec::new();
            self.partial.next_actions(space, &self.state, &mut next);
            for action in next {
                mask[action] = 1;
            }
        } else {
            space.legal_mask(&self.state, &mut mask);
        }
        Some(mask)
    }

    fn sequential(&self) -> bool {
        G::action_space().is_some_and(ActionSpace::sequential)
    }

    fn partial_actions(&self) -> Vec<usize> {
        self.partial.chosen().to_vec()
    }

    fn move_actions(&self, text: &str) -> Result<Vec<usize>, String> {
        let space = Self::space()?;
        let state = &self.state;
        if state.outcome().is_some() {
            return Err(format!("{text}: the game is over"));
        }
        let mv = state.parse_move(text).map_err(|e| format!("{text}: {e}"))?;
        let mut sequence = Vec::new();
        space.sequence(state, mv, &mut sequence);
        Ok(sequence)
    }

    fn position_key(&self) -> u64 {
        self.state.position_key()
    }

    fn resample(&self, seat: usize, seed: u64) -> Box<dyn DynGame> {
        let seat = Player(seat as u8);
        let mut rng = rng_from_seed(seed);
        let mut sample = self.clone();
        sample.state = G::sample_from_view(&self.state.view(seat), &mut rng);
        sample.sampled = true;
        // The move being built is the mover's: another seat cannot know it.
        if self.state.to_move() != Some(seat) {
            sample.partial.clear();
        }
        Box::new(sample)
    }

    fn observation_shape(&self) -> Option<[usize; 3]> {
        G::action_space().map(|space| space.observation_shape(&self.state))
    }

    fn observe(&self, seat: usize, out: &mut [f32]) {
        if let Some(space) = G::action_space() {
            space.observe_partial(&self.state, Player(seat as u8), self.partial.chosen(), out);
        }
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn agent(&self, level: &str, seed: u64) -> Result<Box<dyn crate::levels::DynAgent>, String> {
        crate::levels::build::<G>(level, seed)
    }

    fn solve(&self) -> Result<Vec<crate::levels::SolvedMove>, String> {
        let state = &self.state;
        if state.outcome().is_some() {
            return Err("the game is over".to_owned());
        }
        crate::levels::solve(state)
    }
}

/// Why a game has no actions, in words.
pub fn no_actions(info: &GameInfo) -> String {
    format!(
        "{} has no fixed action space yet: play it by notation (legal_moves, apply_move)",
        info.name
    )
}
