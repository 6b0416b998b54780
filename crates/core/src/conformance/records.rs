//! Records: a session's record survives JSON and replays every position, and a damaged one
//! is refused.

use crate::engine::Engine;
use crate::record::{GameRecord, RecordError};
use crate::session::Session;

use super::run::{Run, Trace};
impl<G: Engine> Run<'_, G> {
    /// Each seat's view, rebuilt from what an engine of that seat is told
    /// ([`crate::Game::view_from_told`]: the options as played, the moves as the seat may read
    /// them, its private text), is its view of the position (compared by sampling both alike).
    fn check_told_views(session: &Session<G>, trace: &Trace<'_>) {
        let id = G::INFO.id;
        let played: Vec<String> = session
            .options_as_played()
            .iter()
            .map(|(name, value)| format!("{name}={value}"))
            .collect();
        let options = crate::Options::parse(G::INFO, &played)
            .unwrap_or_else(|e| panic!("{id}: {trace}: the options as played: {e}"));
        // The seed is not told: the rebuilt view must not depend on it.
        let setup = crate::Setup {
            options,
            seed: session.setup().seed ^ 0x5EED,
            ..session.setup().clone()
        };
        let state = session.state();
        for seat in (0..setup.players).map(|s| crate::Player(s as u8)) {
            let told: Vec<String> = session
                .positions()
                .iter()
                .zip(session.moves())
                .map(|(p, mv)| p.format_move_for(*mv, Some(seat)))
                .collect();
            let private = state.private_text(seat);
            let rebuilt = G::view_from_told(&setup, seat, &told, private.as_deref())
                .unwrap_or_else(|e| panic!("{id}: {trace}: {seat} cannot rebuild its view: {e}"));
            let mut a = crate::rng_from_seed(9);
            let mut b = crate::rng_from_seed(9);
            assert!(
                G::sample_from_view(&rebuilt, &mut a)
                    == G::sample_from_view(&state.view(seat), &mut b),
                "{id}: {trace}: {seat}'s view rebuilt from what it was told differs from its view"
            );
        }
    }

    pub(super) fn check_record(&mut self, session: &Session<G>, trace: &Trace<'_>) {
        Self::check_told_views(session, trace);
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
