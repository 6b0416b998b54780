//! The shortcuts a game may take for its computer players give what the plain rules give:
//! [`Engine::play_playout`] plays the very game [`Engine::playout_move`] plays one move at a
//! time (same position, same use of the generator), and [`Engine::playout_points`] gives the
//! points [`Game::outcome`] gives, in every position of many random games of every game.

use tabuleiro_core::rng::Rng;
use tabuleiro_core::{Engine, Game, Player, Setup, rng_from_seed};
use tabuleiro_games::nudge::Nudge;
use tabuleiro_games::pushee::Pushee;
use tabuleiro_games::qinto::Qinto;
use tabuleiro_games::quantik::Quantik;
use tabuleiro_games::taiji::Taiji;

/// The points of each seat as the outcome gives them (½ each while the game goes on).
fn points_from_outcome<G: Game>(state: &G) -> Vec<f64> {
    (0..state.players())
        .map(|p| {
            state
                .outcome()
                .map_or(0.5, |o| o.result(Player(p as u8)).points())
        })
        .collect()
}

/// Checks both shortcuts along `games` seeded playouts from fresh deals of `G`, cutting some
/// playouts short with a small move limit.
fn check<G: Engine>(games: u64) {
    let mut decided = 0;
    for seed in 0..games {
        let start = G::new(&Setup {
            seed,
            ..Setup::default_for(G::INFO)
        })
        .expect("default setup");
        let limit = if seed % 4 == 3 { 5 } else { 10_000 };
        let mut rng = rng_from_seed(seed);
        let mut by_hand = start.clone();
        for _ in 0..limit {
            let mut points = vec![-1.0; G::INFO.max_players];
            by_hand.playout_points(&mut points);
            assert_eq!(
                points[..by_hand.players()],
                points_from_outcome(&by_hand),
                "{} seed {seed}: playout_points",
                G::INFO.id
            );
            let Some(mv) = by_hand.playout_move(&mut rng) else {
                break;
            };
            by_hand.play_unchecked(mv);
        }
        let mut other = rng_from_seed(seed);
        let fast = start.play_playout(&mut other, limit);
        assert!(
            fast == by_hand,
            "{} seed {seed}: play_playout ends elsewhere",
            G::INFO.id
        );
        assert_eq!(
            other.next_u64(),
            rng.next_u64(),
            "{} seed {seed}",
            G::INFO.id
        );
        decided += usize::from(fast.outcome().is_some());
    }
    assert!(decided > 0, "{}: no playout reached the end", G::INFO.id);
}

#[test]
fn quantik_shortcuts_agree_with_the_rules() {
    check::<Quantik>(400);
}

#[test]
fn nudge_shortcuts_agree_with_the_rules() {
    check::<Nudge>(40);
}

#[test]
fn qinto_shortcuts_agree_with_the_rules() {
    check::<Qinto>(40);
}

#[test]
fn taiji_shortcuts_agree_with_the_rules() {
    check::<Taiji>(20);
}

#[test]
fn pushee_shortcuts_agree_with_the_rules() {
    check::<Pushee>(40);
}
