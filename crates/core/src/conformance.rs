//! A conformance suite that every game runs: seeded random games checking the [`Game`]
//! contract, generic over the game type.
//!
//! [`check`] (or [`check_with`] for more settings) plays random games from each given setup
//! and panics, naming the setup, the seed and the moves so far, at the first broken promise:
//!
//! - **Turns and endings.** A state has legal moves exactly when [`Game::to_move`] is `Some`
//!   and [`Game::outcome`] is `None`; a finished state has an outcome with one result per
//!   seat. Games end within [`GameInfo::max_moves`](crate::GameInfo::max_moves) when it is
//!   set.
//! - **Moves.** The list has no duplicates and is the same every time it is asked for; every
//!   listed move passes [`Game::check_move`], and [`Game::play`] and [`Game::play_unchecked`]
//!   agree on it.
//! - **Notation.** Every listed move's text reads back as the same move (also in lower and
//!   upper case, unless turned off). Every text seen anywhere in the run is tried in every
//!   position: when it does not name a listed move it must be refused — as bad syntax or as
//!   an illegal move — and a refused [`Game::play`] must leave the state unchanged.
//! - **Quick wins.** A move offered by [`Engine::winning_move`] is legal and wins at once.
//! - **Randomness.** [`Game::random_move`] returns listed moves only, `None` exactly when the
//!   game is over, the same move for the same generator state, and every legal move of the
//!   starting position over enough draws.
//! - **Keys.** Clones have equal [`Game::position_key`] and [`Game::canonical_key`]; two
//!   positions of one key have the same player to move and the same legal moves; a position
//!   reached again by swapping two moves of the same player (when that is legal and gives an
//!   equal state) has the same keys.
//! - **Views.** A position sampled from the view of the player to move has the same player
//!   to move and the same legal moves (and, without hidden information, is the position
//!   itself, and no move [reveals anything hidden](Game::reveals_hidden)). Rendering never
//!   comes out empty.
//! - **Records.** A [`Session`] played through holds the same positions; its
//!   [`GameRecord`] survives JSON and [`GameRecord::replay`] reproduces every position exactly
//!   and the same outcome, as does [`Session::from_record`]; a record with a move after the
//!   end or an edited result is refused. The same holds for a record of the unfinished game
//!   cut at a random move.
//! - **Setups.** The same setup gives the same start; every value of every choice option is
//!   accepted; player counts outside the game's range are refused.

use std::collections::{BTreeSet, HashMap, HashSet};
use std::fmt;

use crate::engine::Engine;
use crate::game::{MoveError, Perspective, Setup};
use crate::info::OptionKind;
use crate::options::Options;
use crate::player::Player;
use crate::record::{GameRecord, RecordError};
use crate::rng::{GameRng, RngExt, derive_seed, rng_from_seed};
use crate::session::Session;

/// Settings of a conformance run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Random games played from each setup.
    pub games_per_setup: usize,
    /// Base seed: every game's setup seed and move choices derive from it.
    pub seed: u64,
    /// Whether move notation must read the same in lower and upper case.
    pub case_insensitive: bool,
    /// For games without [`GameInfo::max_moves`](crate::GameInfo::max_moves): a game still
    /// running after this many moves is cut short (and checked as an unfinished game).
    pub ply_limit: usize,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            games_per_setup: 100,
            seed: 0,
            case_insensitive: true,
            ply_limit: 10_000,
        }
    }
}

/// What a conformance run checked, so that a caller can make sure it was not vacuous.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// Games that reached their end (the others were cut at [`Config::ply_limit`]).
    pub finished: usize,
    /// Positions checked.
    pub positions: usize,
    /// Legal moves checked (notation, legality, play).
    pub legal_moves: usize,
    /// Well-formed but unlisted moves that were refused.
    pub refused: usize,
    /// Texts that did not parse at all in some position.
    pub syntax_errors: usize,
    /// Transpositions (two moves of one player swapped) that reached an equal state.
    pub transpositions: usize,
    /// Records round-tripped and replayed.
    pub records: usize,
    /// Positions where [`Engine::winning_move`] offered a move (checked to win at once).
    pub quick_wins: usize,
}

impl Report {
    fn add(&mut self, other: Report) {
        self.games += other.games;
        self.finished += other.finished;
        self.positions += other.positions;
        self.legal_moves += other.legal_moves;
        self.refused += other.refused;
        self.syntax_errors += other.syntax_errors;
        self.transpositions += other.transpositions;
        self.records += other.records;
        self.quick_wins += other.quick_wins;
    }
}

/// Runs the suite on `games_per_setup` random games from each setup (default settings
/// otherwise, see [`Config`]). Each game keeps its setup's players and options and gets its own
/// seed derived from `seed`, so chance (a deal, a random first player) varies across games.
///
/// # Panics
/// At the first broken promise, with the game, setup, seed and moves so far.
pub fn check<G: Engine>(setups: &[Setup], games_per_setup: usize, seed: u64) -> Report {
    check_with::<G>(
        setups,
        &Config {
            games_per_setup,
            seed,
            ..Config::default()
        },
    )
}

/// Runs the suite with explicit settings; see the [module documentation](self).
///
/// # Panics
/// At the first broken promise, with the game, setup, seed and moves so far.
pub fn check_with<G: Engine>(setups: &[Setup], config: &Config) -> Report {
    assert!(
        !setups.is_empty(),
        "conformance of {}: no setups given",
        G::INFO.id
    );
    check_setups::<G>(setups);
    let mut report = Report::default();
    for (index, setup) in setups.iter().enumerate() {
        let mut run = Run::<G>::new(config);
        for game in 0..config.games_per_setup {
            let stream = ((index as u64) << 32) | game as u64;
            let game_seed = derive_seed(config.seed, stream);
            let setup = Setup {
                seed: derive_seed(game_seed, 0),
                ..setup.clone()
            };
            run.play_game(&setup, game_seed, index, game);
        }
        report.add(run.report);
    }
    report
}

/// Where a failure happened, shown in every panic message.
struct Trace<'a> {
    setup: &'a Setup,
    index: usize,
    game: usize,
    moves: &'a [String],
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
struct KeyFacts<M> {
    to_move: Option<Player>,
    moves: HashSet<M>,
}

/// The state shared by the games played from one setup.
struct Run<'c, G: Engine> {
    config: &'c Config,
    /// Every move text seen so far (sorted, so runs are reproducible).
    seen: BTreeSet<String>,
    /// Facts per position key.
    keys: HashMap<u64, KeyFacts<G::Move>>,
    report: Report,
}

/// Texts that are not moves of any sensible game: they must be refused (or, for the odd
/// ones, at least not panic).
const EMPTY_TEXTS: [&str; 2] = ["", "   "];
const ODD_TEXTS: [&str; 6] = [
    "?",
    "é1",
    "\u{1F3B2}",
    "-1",
    "99999999999999999999",
    "a1a1a1a1a1a1a1a1",
];

impl<'c, G: Engine> Run<'c, G> {
    fn new(config: &'c Config) -> Self {
        Run {
            config,
            seen: BTreeSet::new(),
            keys: HashMap::new(),
            report: Report::default(),
        }
    }

    fn play_game(&mut self, setup: &Setup, game_seed: u64, index: usize, game: usize) {
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
    fn check_position(
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

        // Every other text seen so far must be refused here.
        for text in self.seen.iter().map(String::as_str).chain(EMPTY_TEXTS) {
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

    fn check_legal_move(&self, state: &G, mv: G::Move, trace: &Trace<'_>) {
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

    fn check_keys(&mut self, state: &G, moves: &HashSet<G::Move>, trace: &Trace<'_>) {
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
    fn check_transposition(&mut self, session: &Session<G>, rng: &mut GameRng, trace: &Trace<'_>) {
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

    fn check_record(&mut self, session: &Session<G>, trace: &Trace<'_>) {
        let id = G::INFO.id;
        let record = session.record();
        assert_eq!(
            record.game, id,
            "{id}: {trace}: the record names another game"
        );
        assert_eq!(
            record.moves.len(),
            session.moves().len(),
            "{id}: {trace}: record moves"
        );
        assert_eq!(
            record.result,
            session.state().outcome(),
            "{id}: {trace}: record result"
        );
        let json = record.to_json();
        let back = GameRecord::from_json(&json).unwrap_or_else(|e| {
            panic!("{id}: {trace}: the record's JSON does not read: {e}\n{json}")
        });
        assert_eq!(
            back, record,
            "{id}: {trace}: the record changed through JSON"
        );

        let replayed = back
            .replay::<G>()
            .unwrap_or_else(|e| panic!("{id}: {trace}: the record does not replay: {e}\n{json}"));
        assert_eq!(
            replayed.len(),
            session.positions().len(),
            "{id}: {trace}: replay gave another number of positions"
        );
        for (n, (a, b)) in replayed.iter().zip(session.positions()).enumerate() {
            assert!(
                a == b,
                "{id}: {trace}: replay differs from the game after {n} moves"
            );
        }
        let last = replayed
            .last()
            .unwrap_or_else(|| panic!("{id}: {trace}: replay is empty"));
        assert_eq!(
            last.outcome(),
            session.state().outcome(),
            "{id}: {trace}: replayed outcome"
        );

        let restored = Session::<G>::from_record(&back)
            .unwrap_or_else(|e| panic!("{id}: {trace}: Session::from_record failed: {e}"));
        assert!(
            restored.state() == session.state(),
            "{id}: {trace}: from_record: final position"
        );
        assert!(
            restored.moves() == session.moves(),
            "{id}: {trace}: from_record: moves"
        );
        assert!(
            restored.positions() == session.positions(),
            "{id}: {trace}: from_record: positions"
        );
        assert_eq!(
            restored.setup(),
            session.setup(),
            "{id}: {trace}: from_record: setup"
        );
        assert_eq!(
            restored.agents(),
            session.agents(),
            "{id}: {trace}: from_record: agents"
        );
        assert_eq!(
            restored.record(),
            record,
            "{id}: {trace}: from_record: record again"
        );

        if let Some(outcome) = &record.result {
            // A move after the end must be refused …
            if let Some(text) = self.seen.iter().next() {
                let mut longer = record.clone();
                longer.moves.push(text.clone());
                assert!(
                    matches!(longer.replay::<G>(), Err(RecordError::AfterEnd { .. })),
                    "{id}: {trace}: a record with the move `{text}` after the end was not \
                     refused as such"
                );
            }
            // … and so must a result that the moves do not lead to.
            let mut edited = record.clone();
            let mut wrong = outcome.clone();
            wrong.reason.push_str(" (edited)");
            edited.result = Some(wrong);
            assert!(
                matches!(
                    edited.replay::<G>(),
                    Err(RecordError::ResultMismatch { .. })
                ),
                "{id}: {trace}: a record with an edited result was not refused"
            );
        }
        self.report.records += 1;
    }
}

/// `mv` (read from `text`) is not listed here: every way in must refuse it.
fn check_refused<G: Engine>(state: &G, mv: G::Move, text: &str, trace: &Trace<'_>) {
    let id = G::INFO.id;
    assert!(
        state.check_move(mv).is_err(),
        "{id}: {trace}: check_move accepts `{text}` ({mv:?}), which legal_moves does not list"
    );
    match state.parse_move(text) {
        Err(MoveError::Illegal { error, .. }) => {
            assert!(
                !error.reason.trim().is_empty(),
                "{id}: {trace}: `{text}` is refused without a reason"
            );
        }
        other => panic!(
            "{id}: {trace}: parse_move(`{text}`) of an unlisted move gave {other:?}, not an \
             illegal-move error"
        ),
    }
    let mut copy = state.clone();
    assert!(
        copy.play(mv).is_err(),
        "{id}: {trace}: play accepts the unlisted move `{text}`"
    );
    assert!(
        copy == *state,
        "{id}: {trace}: a refused play of `{text}` changed the position"
    );
}

fn check_views<G: Engine>(
    state: &G,
    moves: &HashSet<G::Move>,
    rng: &mut GameRng,
    trace: &Trace<'_>,
) {
    let id = G::INFO.id;
    assert!(
        !state.render(Perspective::Everyone).trim().is_empty(),
        "{id}: {trace}: render(Everyone) is empty"
    );
    if !G::INFO.hidden_information
        && let Some(&mv) = moves.iter().find(|&&mv| state.reveals_hidden(mv).is_some())
    {
        panic!(
            "{id}: {trace}: without hidden information, `{}` cannot reveal anything hidden",
            state.format_move(mv)
        );
    }
    for seat in 0..state.players() {
        let player = Player(seat as u8);
        assert!(
            !state.render(Perspective::Player(player)).trim().is_empty(),
            "{id}: {trace}: render for {player} is empty"
        );
        let sample = G::sample_from_view(&state.view(player), rng);
        if !G::INFO.hidden_information {
            assert!(
                sample == *state,
                "{id}: {trace}: without hidden information, a sample from {player}'s view \
                 must be the position itself"
            );
        }
        if state.to_move() == Some(player) {
            assert_eq!(
                sample.to_move(),
                Some(player),
                "{id}: {trace}: a sample from the view of {player}, to move, has another \
                 player to move"
            );
            let mut sampled = Vec::new();
            sample.legal_moves(&mut sampled);
            let sampled: HashSet<G::Move> = sampled.into_iter().collect();
            assert!(
                sampled == *moves,
                "{id}: {trace}: a sample from the view of {player}, to move, has other legal \
                 moves"
            );
        }
    }
}

/// From the starting position, enough random draws reach every legal move.
fn check_random_coverage<G: Engine>(start: &G, rng: &mut GameRng, trace: &Trace<'_>) {
    let mut legal = Vec::new();
    start.legal_moves(&mut legal);
    let mut missing: HashSet<G::Move> = legal.iter().copied().collect();
    for _ in 0..legal.len() * 30 {
        if let Some(mv) = start.random_move(rng) {
            missing.remove(&mv);
        }
    }
    assert!(
        missing.is_empty(),
        "{}: {trace}: {} of {} starting moves never came from random_move in {} draws: {:?}",
        G::INFO.id,
        missing.len(),
        legal.len(),
        legal.len() * 30,
        missing.iter().take(5).collect::<Vec<_>>()
    );
}

/// Setup-level promises: every choice value of every option is accepted, and player counts
/// outside the game's range are refused.
fn check_setups<G: Engine>(setups: &[Setup]) {
    let info = G::INFO;
    let id = info.id;
    assert!(
        1 <= info.min_players && info.min_players <= info.max_players,
        "{id}: min_players {} / max_players {} make no sense",
        info.min_players,
        info.max_players
    );
    let seed = setups[0].seed;
    for spec in info.options {
        assert!(
            spec.accepts(spec.default),
            "{id}: option `{}` refuses its default",
            spec.name
        );
        if let OptionKind::Choice(values) = spec.kind {
            for value in values {
                let options = Options::new(info, [(spec.name, *value)]).unwrap_or_else(|e| {
                    panic!(
                        "{id}: option `{}={value}` is listed but refused: {e}",
                        spec.name
                    )
                });
                for players in info.min_players..=info.max_players {
                    let setup = Setup {
                        players,
                        options: options.clone(),
                        seed,
                    };
                    if let Err(e) = G::new(&setup) {
                        panic!("{id}: `{}={value}` with {players} players: {e}", spec.name);
                    }
                }
            }
        }
    }
    let options = setups[0].options.clone();
    let mut wrong = vec![info.max_players + 1];
    if info.min_players > 1 {
        wrong.push(info.min_players - 1);
    }
    for players in wrong {
        let setup = Setup {
            players,
            options: options.clone(),
            seed,
        };
        assert!(
            G::new(&setup).is_err(),
            "{id}: Game::new accepts {players} players"
        );
        let agents = vec!["random".to_owned(); players];
        assert!(
            Session::<G>::new(setup, agents).is_err(),
            "{id}: Session::new accepts {players} players"
        );
    }
    for setup in setups {
        let agents = vec!["random".to_owned(); setup.players + 1];
        assert!(
            Session::<G>::new(setup.clone(), agents).is_err(),
            "{id}: Session::new accepts more agents than seats"
        );
    }
}

#[cfg(test)]
mod tests {
    //! The suite on a toy game (Nim: take 1–3 counters, whoever takes the last wins), once
    //! correct and once with each of several planted bugs, which the suite must catch.

    use super::*;
    use crate::game::{Game, IllegalMove, SetupError, SyntaxError};
    use crate::info::GameInfo;
    use crate::outcome::Outcome;

    static NIM: GameInfo = GameInfo {
        id: "nim",
        name: "Nim",
        summary: "Take 1 to 3 counters; whoever takes the last wins.",
        min_players: 2,
        max_players: 2,
        chance: false,
        hidden_information: false,
        scores: false,
        move_syntax: "t1, t2 or t3",
        max_moves: Some(PILE as usize),
        options: &[],
        rules: "",
    };

    const PILE: u8 = 11;

    /// Planted bugs, one per value of `BUG` (0 is the correct game).
    const ACCEPTS_TOO_MANY: u8 = 1;
    const CASE_SENSITIVE: u8 = 2;
    const KEY_IGNORES_PILE: u8 = 3;
    const NO_OUTCOME: u8 = 4;
    const RANDOM_OUTSIDE: u8 = 5;

    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct Nim<const BUG: u8> {
        left: u8,
        to_move: u8,
    }

    impl<const BUG: u8> Game for Nim<BUG> {
        type Move = u8;
        type View = Self;
        const INFO: &'static GameInfo = &NIM;

        fn new(setup: &Setup) -> Result<Self, SetupError> {
            if setup.players == 2 {
                Ok(Nim {
                    left: PILE,
                    to_move: 0,
                })
            } else {
                Err(SetupError("two players".into()))
            }
        }
        fn players(&self) -> usize {
            2
        }
        fn to_move(&self) -> Option<Player> {
            (self.left > 0).then_some(Player(self.to_move))
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.left == 0 && BUG != NO_OUTCOME)
                .then(|| Outcome::win(Player(1 - self.to_move), 2, "took the last counter"))
        }
        fn legal_moves(&self, moves: &mut Vec<u8>) {
            moves.clear();
            moves.extend((1..=3).filter(|&k| k <= self.left));
        }
        fn check_move(&self, mv: u8) -> Result<(), IllegalMove> {
            let most = if BUG == ACCEPTS_TOO_MANY {
                3
            } else {
                self.left.min(3)
            };
            if (1..=most).contains(&mv) {
                Ok(())
            } else {
                Err(IllegalMove::new("too many"))
            }
        }
        fn play_unchecked(&mut self, mv: u8) {
            self.left = self.left.saturating_sub(mv);
            self.to_move = 1 - self.to_move;
        }
        fn format_move(&self, mv: u8) -> String {
            format!("t{mv}")
        }
        fn parse_notation(&self, text: &str) -> Result<u8, SyntaxError> {
            let text = text.trim();
            let digits = if BUG == CASE_SENSITIVE {
                text.strip_prefix('t')
            } else {
                text.strip_prefix('t').or_else(|| text.strip_prefix('T'))
            };
            digits
                .and_then(|d| d.parse::<u8>().ok())
                .filter(|k| (1..=3).contains(k))
                .ok_or_else(|| SyntaxError {
                    text: text.into(),
                    reason: "t1, t2 or t3".into(),
                })
        }
        fn render(&self, _: Perspective) -> String {
            format!("{} left", self.left)
        }
        fn view(&self, _: Player) -> Self {
            *self
        }
        fn sample_from_view(view: &Self, _: &mut GameRng) -> Self {
            *view
        }
        fn position_key(&self) -> u64 {
            let pile = if BUG == KEY_IGNORES_PILE {
                0
            } else {
                u64::from(self.left)
            };
            pile * 2 + u64::from(self.to_move)
        }
        fn random_move(&self, rng: &mut GameRng) -> Option<u8> {
            if self.left == 0 {
                None
            } else if BUG == RANDOM_OUTSIDE {
                Some(rng.random_range(1..=3))
            } else {
                Some(rng.random_range(1..=self.left.min(3)))
            }
        }
    }

    impl<const BUG: u8> Engine for Nim<BUG> {
        const ENGINE: crate::EngineInfo = crate::EngineInfo {
            search: crate::SearchKind::AlphaBeta,
            solvable: true,
        };
        fn evaluate(&self, _player: Player) -> i32 {
            0
        }
    }

    fn setups() -> Vec<Setup> {
        vec![Setup::default_for(&NIM)]
    }

    #[test]
    fn a_correct_game_passes() {
        let report = check::<Nim<0>>(&setups(), 30, 1);
        assert_eq!(report.games, 30);
        assert_eq!(report.finished, 30);
        assert_eq!(report.records, 60);
        assert!(report.refused > 0, "{report:?}");
        assert!(report.syntax_errors > 0, "{report:?}");
        // The same seed checks the same games.
        assert_eq!(check::<Nim<0>>(&setups(), 30, 1), report);
    }

    #[test]
    #[should_panic(expected = "check_move accepts `t3`")]
    fn accepting_an_unlisted_move_is_caught() {
        check::<Nim<ACCEPTS_TOO_MANY>>(&setups(), 30, 1);
    }

    #[test]
    #[should_panic(expected = "does not read as the same move")]
    fn case_sensitive_notation_is_caught() {
        check::<Nim<CASE_SENSITIVE>>(&setups(), 5, 1);
    }

    #[test]
    fn case_sensitive_notation_may_be_allowed() {
        let config = Config {
            games_per_setup: 5,
            seed: 1,
            case_insensitive: false,
            ..Config::default()
        };
        check_with::<Nim<CASE_SENSITIVE>>(&setups(), &config);
    }

    #[test]
    #[should_panic(
        expected = "is shared with a position with another player to move or other legal moves"
    )]
    fn a_key_that_misses_part_of_the_position_is_caught() {
        check::<Nim<KEY_IGNORES_PILE>>(&setups(), 30, 1);
    }

    #[test]
    #[should_panic(expected = "nobody is to move but no outcome")]
    fn a_missing_outcome_is_caught() {
        check::<Nim<NO_OUTCOME>>(&setups(), 5, 1);
    }

    #[test]
    #[should_panic(expected = "which is not a legal move")]
    fn a_random_move_outside_the_list_is_caught() {
        check::<Nim<RANDOM_OUTSIDE>>(&setups(), 30, 1);
    }
}
