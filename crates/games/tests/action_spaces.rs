//! The fixed action spaces and observations of the games that offer them
//! ([`Engine::action_space`]): in every position of many random games (every board size),
//! the legal moves' actions are distinct and below the count, which never changes, and read
//! back to their moves (and no other action names a legal move); each seat's
//! observation has the shape's length, values in 0..=1 and its own pieces first; and the
//! numbers the modules document for a few moves hold.

use tabuleiro_core::actions::Partial;
use tabuleiro_core::rng::RngExt;
use tabuleiro_core::{Engine, Game, Options, Player, Setup, rng_from_seed};
use tabuleiro_games::nudge::Nudge;
use tabuleiro_games::pushee::Pushee;
use tabuleiro_games::qinto::Qinto;
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
            // The mask a game writes from its own tables is the legal moves' actions.
            let mut mask = vec![7; count];
            space.legal_mask(&state, &mut mask);
            let expected: Vec<i8> = seen.iter().map(|&s| i8::from(s)).collect();
            assert_eq!(mask, expected);
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

/// A Q!nto game seeded `seed`, of 2, 3 or 4 seats by the seed, and its seats.
fn qinto_game(seed: u64) -> (Qinto, usize) {
    let players = 2 + (seed % 3) as usize;
    let setup = Setup {
        players,
        ..setup::<Qinto>(&[], seed)
    };
    (Qinto::new(&setup).expect("setup"), players)
}

/// Q!nto's moves are sequences of actions: in every position of random games (2 to 4 seats),
/// the legal moves' sequences are distinct, below the count and prefix-free, every action of
/// them reads back from its name, and a move built action by action ([`Partial`]) is offered
/// each next action and comes out as that move at its last, observations in 0..=1 all along.
#[test]
fn qinto_moves_are_prefix_free_sequences_built_back_action_by_action() {
    let space = Qinto::action_space().expect("an action space");
    assert!(space.sequential());
    let mut built_moves = 0;
    for seed in 0..24 {
        let (mut state, _) = qinto_game(seed);
        let count = space.count(&state);
        let mut observation = vec![0.0; space.observation_shape(&state).iter().product()];
        let mut rng = rng_from_seed(seed);
        while state.outcome().is_none() {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            let mut sequences: Vec<Vec<usize>> = moves
                .iter()
                .map(|&mv| {
                    let mut sequence = Vec::new();
                    space.sequence(&state, mv, &mut sequence);
                    sequence
                })
                .collect();
            for sequence in &sequences {
                assert!(sequence.iter().all(|&a| a < count), "{sequence:?}");
            }
            sequences.sort();
            for pair in sequences.windows(2) {
                assert!(
                    !pair[1].starts_with(&pair[0]),
                    "{:?} begins {:?}",
                    pair[0],
                    pair[1]
                );
            }
            // A few moves built action by action.
            for _ in 0..3 {
                let mv = moves[rng.random_range(0..moves.len())];
                let mut sequence = Vec::new();
                space.sequence(&state, mv, &mut sequence);
                let mut partial = Partial::default();
                let mut next = Vec::new();
                for (i, &action) in sequence.iter().enumerate() {
                    let name = space.action_name(&state, action).expect("a name");
                    assert_eq!(space.action_named(&state, &name), Some(action), "{name}");
                    partial.next_actions(space, &state, &mut next);
                    assert!(next.contains(&action), "{name} not offered");
                    space.observe_partial(
                        &state,
                        state.mover(),
                        partial.chosen(),
                        &mut observation,
                    );
                    assert!(observation.iter().all(|v| (0.0..=1.0).contains(v)));
                    let taken = partial.take(space, &state, action).expect("legal");
                    if i + 1 < sequence.len() {
                        assert_eq!(taken, None);
                    } else {
                        assert_eq!(taken, Some(mv), "{}", state.format_move(mv));
                    }
                }
                assert!(partial.chosen().is_empty());
                built_moves += 1;
            }
            let Some(mv) = state.random_move(&mut rng) else {
                break;
            };
            state.play(mv).expect("a legal move");
        }
    }
    assert!(built_moves > 1000, "{built_moves}");
}

/// The sequence of the move written `text` in the start of a two-seat game.
fn qinto_sequence(text: &str) -> Vec<usize> {
    let state = Qinto::new(&Setup::default_for(Qinto::INFO)).expect("setup");
    let mv = state.parse_notation(text).expect("a move");
    let mut sequence = Vec::new();
    Qinto::action_space()
        .expect("an action space")
        .sequence(&state, mv, &mut sequence);
    sequence
}

#[test]
fn qintos_documented_numbers_hold() {
    // Cell 0,0 is 62 × 125 + 62; tiles from 15,625 by code (colour × 6 + shape): RS 0, RH 3,
    // GS 6; across 15,661, gap 15,663, swap 15,664, pass 15,665, end 15,666.
    assert_eq!(
        qinto_sequence("RH@0,0 RS@1,0"),
        [7812, 15_661, 15_628, 15_625, 15_666]
    );
    assert_eq!(
        qinto_sequence("RS@0,2 RH@0,0"),
        [7812, 15_662, 15_628, 15_663, 15_625, 15_666]
    );
    assert_eq!(
        qinto_sequence("swap GS@2,1"),
        [15_664, 63 * 125 + 64, 15_631, 15_666]
    );
    assert_eq!(qinto_sequence("pass RH"), [15_665, 15_628, 15_666]);
    assert_eq!(qinto_sequence("pass"), [15_665, 15_666]);
    assert_eq!(qinto_sequence("**@-62,62")[0], 124 * 125);
    let state = Qinto::new(&Setup::default_for(Qinto::INFO)).expect("setup");
    let space = Qinto::action_space().expect("an action space");
    assert_eq!(space.count(&state), 15_667);
    assert_eq!(space.observation_shape(&state), [14, 125, 125]);
    assert_eq!(space.action_named(&state, "**"), Some(15_660));
    assert_eq!(space.action_named(&state, "63,0"), None);
    assert_eq!(space.action_named(&state, "sideways"), None);
}

/// A seat's observation holds only what it may know: the same in every position sampled from
/// its view (other hands and every pile dealt again), and blind to a move another seat is
/// building; the hidden tiles do change the other seats' observations.
#[test]
fn a_qinto_observation_is_the_same_whatever_the_seat_cannot_see() {
    let space = Qinto::action_space().expect("an action space");
    let mut differs = 0;
    for seed in 0..20 {
        let (mut state, players) = qinto_game(seed);
        let size: usize = space.observation_shape(&state).iter().product();
        let mut rng = rng_from_seed(seed);
        for _ in 0..rng.random_range(0..25) {
            let Some(mv) = state.random_move(&mut rng) else {
                break;
            };
            state.play(mv).expect("a legal move");
        }
        if state.outcome().is_some() {
            continue;
        }
        for seat in 0..players {
            let seat = Player(seat as u8);
            let other = Player(((seat.index() + 1) % players) as u8);
            let mut mine = vec![0.0; size];
            space.observe(&state, seat, &mut mine);
            let mut theirs = vec![0.0; size];
            space.observe(&state, other, &mut theirs);
            for _ in 0..4 {
                let sample = Qinto::sample_from_view(&state.view(seat), &mut rng);
                let mut seen = vec![0.0; size];
                space.observe(&sample, seat, &mut seen);
                assert!(seen == mine, "seat {} sees a hidden tile", seat.index());
                space.observe(&sample, other, &mut seen);
                differs += usize::from(seen != theirs);
            }
            // A move the seat to move is building: the other seats see nothing of it.
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            let mut sequence = Vec::new();
            space.sequence(&state, moves[moves.len() - 1], &mut sequence);
            let mut seen = vec![0.0; size];
            if seat != state.mover() {
                space.observe_partial(&state, seat, &sequence[..sequence.len() - 1], &mut seen);
                assert!(seen == mine, "seat {} sees another's move", seat.index());
            }
        }
    }
    assert!(differs > 100, "{differs}");
}
