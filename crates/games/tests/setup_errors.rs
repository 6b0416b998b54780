//! A setup a game cannot start from says which kind of problem it has.

use tabuleiro_core::{Game, OptionError, Options, Setup, SetupError};
use tabuleiro_games::pushee::Pushee;
use tabuleiro_games::qinto::Qinto;
use tabuleiro_games::quantik::Quantik;

fn setup<G: Game>(players: usize, options: &[&str]) -> Setup {
    let settings: Vec<String> = options.iter().map(|s| (*s).to_owned()).collect();
    Setup {
        players,
        options: Options::parse(G::INFO, &settings).expect("options of the game"),
        seed: 1,
    }
}

#[test]
fn a_seat_beyond_the_players_is_a_bad_option_listing_the_seats_there_are() {
    let error = Qinto::new(&setup::<Qinto>(3, &["first=4"])).unwrap_err();
    assert_eq!(
        error,
        SetupError::Option(OptionError::BadValue {
            name: "first".to_owned(),
            value: "4".to_owned(),
            allowed: "1 | 2 | 3 | random".to_owned(),
        })
    );
    assert!(Qinto::new(&setup::<Qinto>(4, &["first=4"])).is_ok());
}

#[test]
fn a_wrong_number_of_players_is_its_own_kind() {
    let error = Quantik::new(&setup::<Quantik>(3, &[])).unwrap_err();
    assert!(matches!(
        error,
        SetupError::Players {
            min: 2,
            max: 2,
            given: 3,
            ..
        }
    ));
    assert_eq!(error.to_string(), "Quantik is for 2 players, not 3");
    let error = Qinto::new(&setup::<Qinto>(5, &[])).unwrap_err();
    assert_eq!(error.to_string(), "Q!nto is for 2 to 4 players, not 5");
}

#[test]
fn a_value_the_game_checks_itself_names_its_option() {
    let error = Pushee::new(&setup::<Pushee>(2, &["size=99x2"])).unwrap_err();
    match error {
        SetupError::Option(OptionError::Invalid { name, reason }) => {
            assert_eq!(name, "size");
            assert!(reason.contains("bad size `99x2`"), "{reason}");
        }
        other => panic!("{other:?}"),
    }
    let error = Pushee::new(&setup::<Pushee>(2, &["size=4x4", "values=1234/5678"])).unwrap_err();
    assert!(
        matches!(&error, SetupError::Option(OptionError::Invalid { name, .. }) if name == "values"),
        "{error:?}"
    );
}
