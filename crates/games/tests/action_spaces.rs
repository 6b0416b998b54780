//! The fixed action spaces and observations of the games that offer them
//! ([`Engine::action_space`]): in every position of many random games (every board size),
//! the legal moves' actions are distinct and below the count, which never changes, and read
//! back to their moves (and no other action names a legal move); each seat's
//! observation has the shape's length, values in 0..=1 and its own pieces first; and the
//! numbers the modules document for a few moves hold.

use tabuleiro_core::{Engine, Game, Options, Player, Setup, rng_from_seed};
use tabuleiro_games::nudge::Nudge;
use tabuleiro_games::pushee::Pushee;
use tabuleiro_games::quantik::Quantik;
use tabuleiro_games::taiji::Taiji;

fn setup<G: Game>(settings: &[&str], seed: u64) -> Setup {
    let settings: Vec<String> = settings.iter().map(|s| (*s).to_owned()).collect();
    Setup {
        options: Options::parse(G::INFO, &settings).expect("options"),
        seed,
        ..Setup::default_for(G::INFO)
    }
}

/// Plays `games` random games of `G` set up with `settings`, checking every position.
fn check<G: Engine>(settings: &[&str], games: u64) {
    let space = G::action_space().expect("an action space");
    for seed in 0..games {
        let mut state = G::new(&setup::<G>(settings, seed)).expect("setup");
        let count = space.count(&state);
        let shape = space.observation_shape(&state);
        let mut rng = rng_from_seed(seed);
        let mut observation = vec![0.0; shape.iter().product()];
        loop {
            assert_eq!(space.count(&state), count);
            assert_eq!(space.observation_shape(&state), shape);
            let mut moves = Vec::new();
            if state.outcome().is_none() {
                state.legal_moves(&mut moves);
            }
            let mut seen = vec![false; count];
            for &mv in &moves {
                let action = space.action(&state, mv);
                assert!(
                    action < count,
                    "{} → {action} of {count}",
                    state.format_move(mv)
                );
                assert!(!seen[action], "two moves share action {action}");
                seen[action] = true;
            }
            for seat in 0..state.players() {
                observation.fill(-1.0);
                space.observe(&state, Player(seat as u8), &mut observation);
                assert!(
                    observation.iter().all(|v| (0.0..=1.0).contains(v)),
                    "{observation:?}"
                );
            }
            let Some(mv) = state.random_move(&mut rng) else {
                break;
            };
            state.play(mv).expect("a legal move");
        }
    }
}

#[test]
fn every_legal_move_has_its_own_action_and_every_observation_its_shape() {
    check::<Quantik>(&[], 300);
    check::<Nudge>(&[], 100);
    for size in ["7", "9", "11"] {
        check::<Taiji>(&[&format!("size={size}")], 30);
    }
    for size in ["6x6", "4x4", "5x7", "12x12"] {
        check::<Pushee>(&[&format!("size={size}")], 20);
    }
}

/// The action of move `text` in the start position of `G` set up with `settings`.
fn action_of<G: Engine>(settings: &[&str], text: &str) -> usize {
    let state = G::new(&setup::<G>(settings, 0)).expect("setup");
    let mv = state.parse_move(text).expect("a move");
    G::action_space()
        .expect("an action space")
        .action(&state, mv)
}

#[test]
fn the_documented_numbers_hold() {
    assert_eq!(action_of::<Quantik>(&[], "Ca1"), 0);
    assert_eq!(action_of::<Quantik>(&[], "Sd4"), 63);
    assert_eq!(action_of::<Quantik>(&[], "Yb1"), 16 + 1);
    assert_eq!(action_of::<Quantik>(&[], "Oa2"), 2 * 16 + 4);
    assert_eq!(action_of::<Taiji>(&["size=9"], "a1-b1"), 0);
    assert_eq!(action_of::<Taiji>(&["size=9"], "a1-a2"), 81);
    assert_eq!(action_of::<Taiji>(&["size=9"], "b1-a1"), 2 * 81 + 1);
    assert_eq!(action_of::<Taiji>(&["size=9"], "a2-a1"), 3 * 81 + 9);
    assert_eq!(action_of::<Pushee>(&["size=6x6"], "ha1"), 0);
    assert_eq!(action_of::<Pushee>(&["size=6x6"], "va1"), 36);
    assert_eq!(action_of::<Pushee>(&["size=5x7"], "vb2"), 35 + 5 + 1);
    // Nudge's start has discs on row 1 and 5 only: a move of the first player's.
    let nudge = Nudge::new(&Setup::default_for(Nudge::INFO)).expect("setup");
    let mut moves = Vec::new();
    nudge.legal_moves(&mut moves);
    let space = Nudge::action_space().expect("an action space");
    for mv in moves {
        let text = nudge.format_move(mv);
        let bytes = text.as_bytes();
        let square = usize::from(bytes[1] - b'1') * 5 + usize::from(bytes[0] - b'a');
        let direction = "udlr".find(char::from(bytes[2])).expect("a direction");
        assert_eq!(space.action(&nudge, mv), square * 4 + direction, "{text}");
    }
}

#[test]
// The values compared are exact: 0, ½ and 1.
#[allow(clippy::float_cmp)]
fn an_observation_is_seen_from_the_observers_side() {
    let mut quantik = Quantik::new(&Setup::default_for(Quantik::INFO)).expect("setup");
    quantik
        .play(quantik.parse_move("Ca1").expect("a move"))
        .expect("legal");
    let space = Quantik::action_space().expect("an action space");
    let mut first = vec![0.0; 256];
    let mut second = vec![0.0; 256];
    space.observe(&quantik, Player(0), &mut first);
    space.observe(&quantik, Player(1), &mut second);
    // The cube on a1 is the first seat's own (plane 0), the second seat's opponent's (plane 4).
    assert_eq!(first[0], 1.0);
    assert_eq!(second[4 * 16], 1.0);
    assert_eq!(first.iter().take(128).sum::<f32>(), 1.0);
    // Cubes left in hand: one of two for the first seat, both for the second.
    assert_eq!(first[8 * 16], 0.5);
    assert_eq!(first[12 * 16], 1.0);
    assert_eq!(second[8 * 16], 1.0);
    assert_eq!(second[12 * 16], 0.5);
}
