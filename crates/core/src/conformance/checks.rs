//! Checks of one position or one setup that need no run state: refused moves, views,
//! random moves and setups.

use std::collections::HashSet;

use crate::engine::Engine;
use crate::game::{MoveError, Perspective, Setup};
use crate::info::OptionKind;
use crate::options::Options;
use crate::player::Player;
use crate::rng::GameRng;
use crate::session::Session;

use super::run::Trace;
/// `mv` (read from `text`) is not listed here: every way in must refuse it.
pub(super) fn check_refused<G: Engine>(state: &G, mv: G::Move, text: &str, trace: &Trace<'_>) {
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

pub(super) fn check_views<G: Engine>(
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
pub(super) fn check_random_coverage<G: Engine>(start: &G, rng: &mut GameRng, trace: &Trace<'_>) {
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
pub(super) fn check_setups<G: Engine>(setups: &[Setup]) {
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
