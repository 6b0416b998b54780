//! The games of one setup: each position, its moves, notation, keys and transpositions.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt;

use crate::engine::Engine;
use crate::game::{MoveError, Setup};
use crate::player::Player;
use crate::rng::{GameRng, RngExt, derive_seed, rng_from_seed};
use crate::session::Session;

use super::checks::{check_random_coverage, check_refused, check_views};
use super::pictures::check_pictures;
use super::{Config, Report};
/// Where a failure happened, shown in every panic message.
pub(super) struct Trace<'a> {
    pub(super) setup: &'a Setup,
    pub(super) index: usize,
    pub(super) game: usize,
    pub(super) moves: &'a [String],
}

impl fmt::Display for Trace<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "setup #{} (players {}, options [{}], seed {}), game {}, after moves [{}]",
            self.index,
            self.setup.players,
            self.setup.options,
            self.setup.seed,
            self.game,
            self.moves.join(" ")
        )
    }
}

/// Facts that must be the same for every position with one key.
pub(super) struct KeyFacts<M> {
    pub(super) to_move: Option<Player>,
    pub(super) moves: HashSet<M>,
}

/// The state shared by the games played from one setup.
pub(super) struct Run<'c, G: Engine> {
    pub(super) config: &'c Config,
    /// Every move text seen so far (sorted, so runs are reproducible).
    pub(super) seen: BTreeSet<String>,
    /// Facts per position key.
    pub(super) keys: HashMap<u64, KeyFacts<G::Move>>,
    pub(super) report: Report,
}

/// The most texts seen elsewhere tried in one position: beyond it, an even spread of them,
/// starting at a place that moves on from position to position, so that every text is still
/// tried in many positions (Q!nto's runs see tens of thousands of texts, hundreds a position).
const TRIED: usize = 4_096;

/// Texts that are not moves of any sensible game: they must be refused (or, for the odd
/// ones, at least not panic).
pub(super) const EMPTY_TEXTS: [&str; 2] = ["", "   "];
pub(super) const ODD_TEXTS: [&str; 6] = [
    "?",
    "é1",
    "\u{1F3B2}",
    "-1",
    "99999999999999999999",
    "a1a1a1a1a1a1a1a1",
];

impl<'c, G: Engine> Run<'c, G> {
    pub(super) fn new(config: &'c Config) -> Self {
        Run {
            config,
            seen: BTreeSet::new(),
            keys: HashMap::new(),
            report: Report::default(),
        }
    }

    pub(super) fn play_game(&mut self, setup: &Setup, game_seed: u64, index: usize, game: usize) {
        let id = G::INFO.id;
        let mut texts: Vec<String> = Vec::new();
        macro_rules! trace {
            () => {
                Trace {
                    setup,
                    index,
                    game,
                    moves: &texts,
                }
            };
        }
        let start = G::new(setup)
            .unwrap_or_else(|e| panic!("{id}: {}: Game::new refused the setup: {e}", trace!()));
        let again = G::new(setup)
            .unwrap_or_else(|e| panic!("{id}: {}: Game::new refused the setup: {e}", trace!()));
        assert!(
            start == again,
            "{id}: {}: the same setup gave two different starts",
            trace!()
        );
        assert_eq!(
            start.players(),
            setup.players,
            "{id}: {}: players() differs from the setup",
            trace!()
        );
        let agents = vec!["random".to_owned(); setup.players];
        let mut session = Session::<G>::new(setup.clone(), agents)
            .unwrap_or_else(|e| panic!("{id}: {}: Session::new failed: {e}", trace!()));
        assert!(
            session.state() == &start,
            "{id}: {}: Session::new has another start",
            trace!()
        );

        let mut choose = rng_from_seed(derive_seed(game_seed, 1));
        let mut draws = rng_from_seed(derive_seed(game_seed, 2));
        if game == 0 {
            check_random_coverage(&start, &mut draws, &trace!());
        }
        let limit = G::INFO.max_moves.unwrap_or(self.config.ply_limit);
        let mut state = start;
        let mut history: Vec<G::Move> = Vec::new();
        loop {
            let legal = self.check_position(&state, &mut draws, &trace!());
            if legal.is_empty() {
                self.report.finished += 1;
                break;
            }
            if history.len() >= limit {
                assert!(
                    G::INFO.max_moves.is_none(),
                    "{id}: {}: the game did not end within max_moves = {limit}",
                    trace!()
                );
                break;
            }
            let mv = legal[choose.random_range(0..legal.len())];
            let text = state.format_move(mv);
            let before = state.clone();
            if let Err(e) = state.play(mv) {
                panic!(
                    "{id}: {}: play refused the listed move `{text}`: {e}",
                    trace!()
                );
            }
            let mut fast = before;
            fast.play_unchecked(mv);
            assert!(
                fast == state,
                "{id}: {}: play and play_unchecked of `{text}` differ",
                trace!()
            );
            if let Err(e) = session.play(mv) {
                panic!(
                    "{id}: {}: Session::play refused the listed move `{text}`: {e}",
                    trace!()
                );
            }
            history.push(mv);
            texts.push(text);
            assert!(
                session.state() == &state,
                "{id}: {}: the session's position differs from the game's",
                trace!()
            );
        }
        assert!(
            session.moves() == history.as_slice(),
            "{id}: {}: the session's moves differ from those played",
            trace!()
        );
        self.check_transposition(&session, &mut choose, &trace!());
        self.check_record(&session, &trace!());
        // The unfinished game, cut at a random move, must round-trip too.
        let cut = choose.random_range(0..=history.len());
        let mut partial = Session::<G>::new(setup.clone(), session.agents().to_vec())
            .unwrap_or_else(|e| panic!("{id}: {}: Session::new failed: {e}", trace!()));
        for &mv in &history[..cut] {
            if let Err(e) = partial.play(mv) {
                panic!(
                    "{id}: {}: replaying the first {cut} moves failed: {e}",
                    trace!()
                );
            }
        }
        let partial_texts = &texts[..cut];
        self.check_record(
            &partial,
            &Trace {
                setup,
                index,
                game,
                moves: partial_texts,
            },
        );
        self.report.games += 1;
    }

    /// Checks one position; returns its legal moves.
    pub(super) fn check_position(
        &mut self,
        state: &G,
        draws: &mut GameRng,
        trace: &Trace<'_>,
    ) -> Vec<G::Move> {
        let id = G::INFO.id;
        self.report.positions += 1;
        let mut legal = Vec::new();
        state.legal_moves(&mut legal);
        let mut again = legal.clone();
        again.extend_from_slice(&legal);
        state.legal_moves(&mut again);
        assert!(
            again == legal,
            "{id}: {trace}: legal_moves gave another list the second time (it must replace the \
             vector's contents, in a fixed order)"
        );
        let set: HashSet<G::Move> = legal.iter().copied().collect();
        assert_eq!(
            set.len(),
            legal.len(),
            "{id}: {trace}: legal_moves lists a move twice"
        );

        let players = state.players();
        if let Some(player) = state.to_move() {
            assert!(
                !legal.is_empty(),
                "{id}: {trace}: {player} is to move but has no moves"
            );
            assert!(
                state.outcome().is_none(),
                "{id}: {trace}: {player} is to move but the game has an outcome"
            );
            assert!(
                player.index() < players,
                "{id}: {trace}: {player} is not a seat"
            );
            let (k, n) = state.move_in_turn();
            assert!(
                (1..=n).contains(&k),
                "{id}: {trace}: move_in_turn() = ({k}, {n}) is not 1 <= k <= n"
            );
        } else {
            assert!(
                legal.is_empty(),
                "{id}: {trace}: nobody is to move but moves are listed"
            );
            let outcome = state
                .outcome()
                .unwrap_or_else(|| panic!("{id}: {trace}: nobody is to move but no outcome"));
            assert_eq!(
                outcome.results.len(),
                players,
                "{id}: {trace}: the outcome needs one result per player: {outcome:?}"
            );
            if let Some(scores) = &outcome.scores {
                assert_eq!(scores.len(), players, "{id}: {trace}: one score per player");
            }
        }

        self.check_keys(state, &set, trace);
        check_views(state, &set, draws, trace);
        check_pictures(state, &legal, trace);

        // A quick win, when one is offered, is a legal move that wins at once.
        if let Some(mv) = state.winning_move() {
            self.report.quick_wins += 1;
            assert!(
                set.contains(&mv),
                "{id}: {trace}: winning_move gave {mv:?}, which is not a legal move"
            );
            let mut next = state.clone();
            next.play_unchecked(mv);
            assert!(
                next.outcome()
                    .is_some_and(|o| o.winner() == state.to_move()),
                "{id}: {trace}: winning_move gave {mv:?}, which does not win at once"
            );
        }

        // Random moves: listed, reproducible, None exactly at the end.
        for _ in 0..2 {
            let mut copy = draws.clone();
            let first = state.random_move(draws);
            let second = state.random_move(&mut copy);
            assert!(
                first == second,
                "{id}: {trace}: random_move differs for equal generators"
            );
            match first {
                None => assert!(
                    legal.is_empty(),
                    "{id}: {trace}: random_move gave None with {} legal moves",
                    legal.len()
                ),
                Some(mv) => assert!(
                    set.contains(&mv),
                    "{id}: {trace}: random_move gave {mv:?}, which is not a legal move"
                ),
            }
        }

        // Notation and legality of every listed move.
        let mut legal_texts = Vec::with_capacity(legal.len());
        for &mv in &legal {
            self.check_legal_move(state, mv, trace);
            legal_texts.push(state.format_move(mv));
        }
        self.report.legal_moves += legal.len();

        // Every other text seen so far must be refused here (an even spread of them when they
        // are many).
        let stride = self.seen.len().div_ceil(TRIED).max(1);
        let start = self.report.positions % stride;
        let tried = self.seen.iter().skip(start).step_by(stride);
        for text in tried.map(String::as_str).chain(EMPTY_TEXTS) {
            match state.parse_notation(text) {
                Err(_) => {
                    self.report.syntax_errors += 1;
                    assert!(
                        matches!(state.parse_move(text), Err(MoveError::Syntax(_))),
                        "{id}: {trace}: `{text}` is not notation, but parse_move did not report \
                         a syntax error"
                    );
                }
                Ok(mv) if set.contains(&mv) => {
                    assert!(
                        !EMPTY_TEXTS.contains(&text),
                        "{id}: {trace}: the empty text `{text}` reads as a legal move"
                    );
                    assert_eq!(state.parse_move(text), Ok(mv), "{id}: {trace}: `{text}`");
                }
                Ok(mv) => {
                    self.report.refused += 1;
                    check_refused(state, mv, text, trace);
                }
            }
        }
        for text in ODD_TEXTS {
            // Only required not to panic, and not to give a move that is refused as legal.
            if let Ok(mv) = state.parse_move(text) {
                assert!(
                    set.contains(&mv),
                    "{id}: {trace}: parse_move(`{text}`) gave an unlisted move"
                );
            }
        }
        self.seen.extend(legal_texts);
        legal
    }

    pub(super) fn check_legal_move(&self, state: &G, mv: G::Move, trace: &Trace<'_>) {
        let id = G::INFO.id;
        if let Err(e) = state.check_move(mv) {
            panic!("{id}: {trace}: check_move refuses the listed move {mv:?}: {e}");
        }
        let text = state.format_move(mv);
        assert!(
            !text.trim().is_empty(),
            "{id}: {trace}: {mv:?} is written as an empty text"
        );
        assert_eq!(
            state.parse_notation(&text),
            Ok(mv),
            "{id}: {trace}: `{text}` does not read back as the move it was written from"
        );
        assert_eq!(
            state.parse_move(&text),
            Ok(mv),
            "{id}: {trace}: parse_move(`{text}`)"
        );
        if self.config.case_insensitive {
            for variant in [text.to_lowercase(), text.to_uppercase()] {
                assert_eq!(
                    state.parse_move(&variant),
                    Ok(mv),
                    "{id}: {trace}: `{variant}` (from `{text}`) does not read as the same move"
                );
            }
        }
        let mut checked = state.clone();
        if let Err(e) = checked.play(mv) {
            panic!("{id}: {trace}: play refuses the listed move `{text}`: {e}");
        }
        let mut fast = state.clone();
        fast.play_unchecked(mv);
        assert!(
            checked == fast,
            "{id}: {trace}: play and play_unchecked of `{text}` differ"
        );
    }

    pub(super) fn check_keys(&mut self, state: &G, moves: &HashSet<G::Move>, trace: &Trace<'_>) {
        let id = G::INFO.id;
        let copy = state.clone();
        assert!(
            copy == *state,
            "{id}: {trace}: a clone is not equal to its original"
        );
        let key = state.position_key();
        assert_eq!(
            copy.position_key(),
            key,
            "{id}: {trace}: a clone has another position_key"
        );
        assert_eq!(
            copy.canonical_key(),
            state.canonical_key(),
            "{id}: {trace}: a clone has another canonical_key"
        );
        let to_move = state.to_move();
        match self.keys.get(&key) {
            Some(facts) => {
                assert!(
                    facts.to_move == to_move && facts.moves == *moves,
                    "{id}: {trace}: position_key {key:#x} is shared with a position with another \
                     player to move or other legal moves"
                );
            }
            None => {
                self.keys.insert(
                    key,
                    KeyFacts {
                        to_move,
                        moves: moves.clone(),
                    },
                );
            }
        }
    }

    /// Swaps two moves of the same player (two plies apart) at a random point of the game;
    /// when the swapped order is legal and reaches an equal position, the keys must agree.
    pub(super) fn check_transposition(
        &mut self,
        session: &Session<G>,
        rng: &mut GameRng,
        trace: &Trace<'_>,
    ) {
        let moves = session.moves();
        let positions = session.positions();
        if moves.len() < 3 {
            return;
        }
        let i = rng.random_range(0..moves.len() - 2);
        if positions[i].to_move() != positions[i + 2].to_move() {
            return;
        }
        let mut state = positions[i].clone();
        for mv in [moves[i + 2], moves[i + 1], moves[i]] {
            if state.play(mv).is_err() {
                return;
            }
        }
        let target = &positions[i + 3];
        if state == *target {
            self.report.transpositions += 1;
            assert_eq!(
                state.position_key(),
                target.position_key(),
                "{}: {trace}: moves {} and {} swapped reach an equal position with another \
                 position_key",
                G::INFO.id,
                i + 1,
                i + 3
            );
            assert_eq!(
                state.canonical_key(),
                target.canonical_key(),
                "{}: {trace}: moves {} and {} swapped reach an equal position with another \
                 canonical_key",
                G::INFO.id,
                i + 1,
                i + 3
            );
        }
    }
}
