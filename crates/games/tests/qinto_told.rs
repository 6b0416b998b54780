//! Q!nto's view rebuilt from what a seat is told (`Game::view_from_told`, as an engine of the
//! engine protocol knows the game) is the seat's own view, at every move of random games of
//! 2, 3 and 4 players, for every seat — and telling it another seat's hand or traded tiles is
//! not needed: each seat is told only the moves as it may read them and its own hand.

use tabuleiro_core::{Game, Options, Player, Session, Setup, rng_from_seed};
use tabuleiro_games::qinto::Qinto;

#[test]
fn every_seat_rebuilds_its_own_view_from_what_it_was_told() {
    let mut checked = 0;
    let mut others_trades = 0;
    for players in 2..=4 {
        for game in 0..6u64 {
            let setup = Setup {
                players,
                options: Options::parse(Qinto::INFO, &["first=random".to_owned()])
                    .expect("options"),
                seed: 100 * players as u64 + game,
            };
            let names = vec!["random".to_owned(); players];
            let mut session = Session::<Qinto>::new(setup, names).expect("a game");
            // As the engine protocol's `game` line tells it: the first player as drawn.
            let played: Vec<String> = session
                .options_as_played()
                .iter()
                .map(|(name, value)| format!("{name}={value}"))
                .collect();
            assert!(!played.iter().any(|o| o.ends_with("=random")), "{played:?}");
            let setup = Setup {
                options: Options::parse(Qinto::INFO, &played).expect("options"),
                ..session.setup().clone()
            };
            let mut rng = rng_from_seed(game);
            // What each seat was told so far.
            let mut told: Vec<Vec<String>> = vec![Vec::new(); players];
            for _ in 0..400 {
                for (seat, moves) in told.iter().enumerate() {
                    let seat = Player(seat as u8);
                    let private = session.state().private_text(seat);
                    let rebuilt = Qinto::view_from_told(&setup, seat, moves, private.as_deref())
                        .unwrap_or_else(|e| panic!("{players} players, game {game}: {e}"));
                    assert_eq!(
                        rebuilt,
                        session.state().view(seat),
                        "{players} players, game {game}, {seat}, after {} moves",
                        moves.len()
                    );
                    checked += 1;
                }
                let state = session.state().clone();
                let Some(mover) = state.to_move() else { break };
                let mv = state.random_move(&mut rng).expect("a move");
                for (seat, moves) in told.iter_mut().enumerate() {
                    let text = state.format_move_for(mv, Some(Player(seat as u8)));
                    others_trades += usize::from(seat != mover.index() && text.contains("traded"));
                    moves.push(text);
                }
                session.play(mv).expect("legal");
            }
        }
    }
    assert!(
        checked > 1000 && others_trades > 0,
        "{checked} views, {others_trades} trades"
    );
}

#[test]
fn a_told_game_that_does_not_fit_is_refused_with_the_move() {
    let setup = Setup {
        players: 2,
        options: Options::defaults(Qinto::INFO),
        seed: 1,
    };
    let error =
        Qinto::view_from_told(&setup, Player(0), &["pass (traded 9)".into()], None).unwrap_err();
    assert!(error.starts_with("move 1 `pass (traded 9)`"), "{error}");
    let error = Qinto::view_from_told(&setup, Player(0), &[], Some("hand RS")).unwrap_err();
    assert!(error.contains("holds 5 tiles"), "{error}");
    let error = Qinto::view_from_told(&setup, Player(0), &[], Some("cards 1 2")).unwrap_err();
    assert!(error.contains("`hand`"), "{error}");
    assert!(Qinto::view_from_told(&setup, Player(2), &[], None).is_err());
}
