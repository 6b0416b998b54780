//! Every game passes the generic conformance suite of `tabuleiro_core::conformance`.

use tabuleiro_core::conformance;
use tabuleiro_games::quantik::Quantik;

use crate::util::setup;

#[test]
fn quantik_conforms_for_every_first_player_option() {
    let setups = [
        setup::<Quantik>(&["first=1"], 0),
        setup::<Quantik>(&["first=2"], 0),
        setup::<Quantik>(&["first=random"], 0),
    ];
    let games = 100;
    let report = conformance::check::<Quantik>(&setups, games, 0x5EED);
    // Quantik always ends within 16 moves, so every game is played to its end.
    assert_eq!(report.games, 3 * games, "{report:?}");
    assert_eq!(report.finished, 3 * games, "{report:?}");
    assert_eq!(report.records, 2 * 3 * games, "{report:?}");
    // The suite did real work: unlisted moves were tried and refused, bad texts were met,
    // and swapped move orders reached equal positions.
    assert!(report.refused > 10_000, "{report:?}");
    assert!(report.syntax_errors > 0, "{report:?}");
    assert!(report.transpositions > 10, "{report:?}");
    assert!(report.quick_wins > 100, "{report:?}");
}
