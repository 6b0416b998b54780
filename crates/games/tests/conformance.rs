//! Every game passes the generic conformance suite of `tabuleiro_core::conformance`: each
//! registered game on its default settings for every number of players it allows (so a game
//! added to the registry is tested without a line here), and each game of today on settings
//! chosen for it.

use tabuleiro_core::{Engine, GameVisitor, Registry, Setup, conformance};
use tabuleiro_games::REGISTRY;
use tabuleiro_games::nudge::Nudge;
use tabuleiro_games::pushee::Pushee;
use tabuleiro_games::qinto::Qinto;
use tabuleiro_games::quantik::Quantik;
use tabuleiro_games::taiji::Taiji;

use crate::util::setup;

/// The suite on a game's default settings, for every number of players it allows.
struct Conforms;

impl GameVisitor for Conforms {
    type Output = (usize, conformance::Report);

    fn visit<G: Engine>(self) -> (usize, conformance::Report) {
        let setups: Vec<Setup> = (G::INFO.min_players..=G::INFO.max_players)
            .map(|players| Setup {
                players,
                ..Setup::default_for(G::INFO)
            })
            .collect();
        (
            setups.len(),
            conformance::check::<G>(&setups, 2, 0x00C0_FFEE),
        )
    }
}

#[test]
fn every_registered_game_conforms_on_its_default_settings() {
    let mut tested = 0;
    for info in REGISTRY.games() {
        let (setups, report) = REGISTRY
            .visit(info.id, Conforms)
            .expect("a registered game is found by its id");
        assert_eq!(report.games, 2 * setups, "{}: {report:?}", info.id);
        assert_eq!(report.finished, report.games, "{}: {report:?}", info.id);
        assert!(report.refused > 0, "{}: {report:?}", info.id);
        tested += 1;
    }
    assert_eq!(tested, 5, "five games are registered");
}

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

#[test]
fn taiji_conforms_on_every_size_and_scoring() {
    let setups = [
        setup::<Taiji>(&["size=7"], 0),
        setup::<Taiji>(&["size=9"], 0),
        setup::<Taiji>(&["size=11"], 0),
        setup::<Taiji>(&["size=9", "scoring=omega"], 0),
        setup::<Taiji>(&["size=7", "groups=3"], 0),
        setup::<Taiji>(&["size=11", "groups=1", "scoring=omega"], 0),
    ];
    let games = 40;
    let report = conformance::check::<Taiji>(&setups, games, 0x7A1_1170);
    // Every game ends within 60 moves, so every game is played to its end.
    assert_eq!(report.games, setups.len() * games, "{report:?}");
    assert_eq!(report.finished, setups.len() * games, "{report:?}");
    assert!(report.refused > 10_000, "{report:?}");
    assert!(report.syntax_errors > 0, "{report:?}");
    assert!(report.transpositions > 10, "{report:?}");
    assert!(report.quick_wins > 10, "{report:?}");
}

#[test]
fn nudge_conforms_for_every_layout_and_first_player() {
    let setups = [
        setup::<Nudge>(&["start=1"], 0),
        setup::<Nudge>(&["start=2"], 0),
        setup::<Nudge>(&["start=3"], 0),
        setup::<Nudge>(&["start=4"], 0),
        setup::<Nudge>(&["start=1", "first=black"], 0),
        setup::<Nudge>(&["start=3", "first=random"], 0),
        setup::<Nudge>(&["start=2", "max_turns=5"], 0),
    ];
    let games = 12;
    let report = conformance::check::<Nudge>(&setups, games, 0x4E_0D6E);
    // Random games end by a push off the board (about 300 moves on average), a repetition, or
    // the turn limit; none reaches the suite's cut at 10 000 moves.
    assert_eq!(report.games, setups.len() * games, "{report:?}");
    assert_eq!(report.finished, setups.len() * games, "{report:?}");
    assert!(report.refused > 10_000, "{report:?}");
    assert!(report.syntax_errors > 0, "{report:?}");
    assert!(report.quick_wins > 50, "{report:?}");
}

#[test]
fn pushee_conforms_on_sizes_walls_and_chains() {
    let setups = [
        setup::<Pushee>(&[], 0),
        setup::<Pushee>(&["walls=off"], 0),
        setup::<Pushee>(&["chains=0"], 0),
        setup::<Pushee>(&["chains=unlimited", "walls=off"], 0),
        setup::<Pushee>(&["size=4x4", "first=random"], 0),
        setup::<Pushee>(&["size=4x4", "values=1234/5678/9012/3456", "pieces=72"], 0),
        setup::<Pushee>(&["size=5x7", "first=2", "walls=off", "pieces=20"], 0),
        setup::<Pushee>(&["size=9x9", "pieces=30", "chains=unlimited"], 0),
    ];
    let games = 20;
    let report = conformance::check::<Pushee>(&setups, games, 0x0090_54EE);
    // Every game ends within 2 x pieces moves, so every game is played to its end.
    assert_eq!(report.games, setups.len() * games, "{report:?}");
    assert_eq!(report.finished, setups.len() * games, "{report:?}");
    assert!(report.refused > 1_000, "{report:?}");
    assert!(report.syntax_errors > 0, "{report:?}");
}

#[test]
fn qinto_conforms_for_two_three_and_four_players() {
    let with_players = |players: usize, options: &[&str]| Setup {
        players,
        ..setup::<Qinto>(options, 0)
    };
    let setups = [
        with_players(2, &[]),
        with_players(3, &["first=random"]),
        with_players(4, &["first=3"]),
        with_players(2, &["max_turns=12"]),
    ];
    // Few games: every position tries every move text seen so far, and Q!nto positions
    // have hundreds of moves.
    let games = 4;
    let report = conformance::check::<Qinto>(&setups, games, 0x0051_4E70);
    assert_eq!(report.games, setups.len() * games, "{report:?}");
    assert_eq!(report.finished, setups.len() * games, "{report:?}");
    assert!(report.refused > 1_000, "{report:?}");
    assert!(report.syntax_errors > 0, "{report:?}");
}
