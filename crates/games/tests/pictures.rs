//! Each game's picture agrees with its rules: in many seeded random positions every occupied
//! cell of the state is pictured with the state's own piece there and nothing else is; the
//! marks that end a game are the cells that decided it; a Q!nto picture hides every hand but
//! the viewer's; the last turn's cells are marked.

use std::collections::BTreeMap;

use tabuleiro_core::{
    Eyes, Game, GameRng, Ink, Perspective, Picture, Player, PlayerResult, Session, rng_from_seed,
};
use tabuleiro_games::nudge::{Ending as NudgeEnding, Nudge};
use tabuleiro_games::pushee::{Cell as PusheeCell, Orientation, Pushee};
use tabuleiro_games::qinto::{Ending as QintoEnding, Qinto, QintoMove};
use tabuleiro_games::quantik::{Ending as QuantikEnding, Quantik};
use tabuleiro_games::taiji::{Cell as TaijiCell, Colour, Taiji};

use super::util::setup;

/// Every position of `games` random games from `options` with `players` seats.
fn positions<G: Game>(options: &[&str], players: usize, games: u64) -> Vec<G> {
    let mut all = Vec::new();
    for seed in 0..games {
        let mut s = setup::<G>(options, seed);
        s.players = players;
        let mut state = G::new(&s).expect("a setup");
        let mut rng: GameRng = rng_from_seed(seed + 1000);
        all.push(state.clone());
        for _ in 0..400 {
            let Some(mv) = state.random_move(&mut rng) else {
                break;
            };
            state.play_unchecked(mv);
            all.push(state.clone());
        }
    }
    all
}

/// The label of each pictured piece, by cell.
fn pictured(picture: &Picture) -> BTreeMap<(i32, i32), String> {
    picture
        .pieces
        .iter()
        .map(|p| ((p.cell.x, p.cell.y), p.piece.label.clone()))
        .collect()
}

#[test]
fn quantik_pictures_every_piece_and_the_winning_unit() {
    let mut wins = 0;
    for state in positions::<Quantik>(&[], 2, 60) {
        let mut expected = BTreeMap::new();
        for i in 0..16 {
            if let Some((owner, shape)) = state.piece_at(i) {
                let letter = shape.letter();
                let label = if owner.0 == 0 {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                };
                expected.insert(((i % 4) as i32, (i / 4) as i32), label.to_string());
            }
        }
        let picture = state.picture(Perspective::Everyone);
        assert_eq!(pictured(&picture), expected);
        assert_eq!(picture.regions.len(), 4);
        for seat in 0..2u8 {
            let left: usize = picture.reserves[usize::from(seat)]
                .items
                .iter()
                .map(|i| i.count)
                .sum();
            let placed = expected
                .values()
                .filter(|l| l.chars().all(|c| c.is_uppercase() == (seat == 0)))
                .count();
            assert_eq!(left + placed, 8, "each player has eight pieces");
        }
        match state.ending() {
            Some((_, QuantikEnding::FourShapes(_))) => {
                wins += 1;
                assert_eq!(picture.deciding.len(), 4);
                let mut shapes: Vec<String> = picture
                    .deciding
                    .iter()
                    .map(|c| expected[&(c.x, c.y)].to_ascii_uppercase())
                    .collect();
                shapes.sort();
                shapes.dedup();
                assert_eq!(shapes.len(), 4, "the winning unit holds four shapes");
            }
            _ => assert!(picture.deciding.is_empty()),
        }
    }
    assert!(wins > 10, "only {wins} games won by a unit");
}

#[test]
fn nudge_pictures_every_disc_and_the_square_pushed_off() {
    let mut pushed = 0;
    for state in positions::<Nudge>(&[], 2, 12) {
        let mut expected = BTreeMap::new();
        for square in 0..25 {
            if let Some(p) = state.disc_at(square) {
                let label = if p.0 == 0 { "W" } else { "B" };
                expected.insert(((square % 5) as i32, (square / 5) as i32), label.to_owned());
            }
        }
        let picture = state.picture(Perspective::Everyone);
        assert_eq!(pictured(&picture), expected);
        if let Some(NudgeEnding::PushedOff { from, .. }) = state.ending() {
            pushed += 1;
            let from = i32::from(from);
            assert_eq!(picture.deciding.len(), 1);
            let cell = picture.deciding[0];
            assert_eq!((cell.x, cell.y), (from % 5, from / 5));
            assert!([0, 4].contains(&cell.x) || [0, 4].contains(&cell.y));
            assert!(
                expected.contains_key(&(cell.x, cell.y)),
                "the line moved on into the square pushed off"
            );
        } else {
            assert!(picture.deciding.is_empty());
        }
    }
    assert!(pushed > 3, "only {pushed} games ended by a push");
}

#[test]
fn taiji_pictures_every_half_joined_into_tiles_and_the_counted_groups() {
    for options in [&["size=7"][..], &["size=9", "scoring=omega"]] {
        for state in positions::<Taiji>(options, 2, 10) {
            let n = state.size();
            let mut expected = BTreeMap::new();
            for row in 0..n {
                for column in 0..n {
                    if let Some(colour) = state.at(TaijiCell::new(column as u8, row as u8)) {
                        expected.insert((column as i32, row as i32), colour.symbol().to_string());
                    }
                }
            }
            let picture = state.picture(Perspective::Everyone);
            assert_eq!(pictured(&picture), expected);
            assert_eq!(picture.links.len(), expected.len() / 2, "one link a tile");
            for [a, b] in &picture.links {
                assert_ne!(
                    expected[&(a.x, a.y)],
                    expected[&(b.x, b.y)],
                    "a tile has a light and a dark half"
                );
            }
            if state.outcome().is_some() {
                let counted: u32 = [Colour::Light, Colour::Dark]
                    .iter()
                    .flat_map(|&c| state.counted_groups(c))
                    .sum();
                assert_eq!(picture.deciding.len(), counted as usize);
            } else {
                assert!(picture.deciding.is_empty());
            }
        }
    }
}

#[test]
fn pushee_pictures_every_piece_turned_its_way_with_the_values_and_pushes() {
    for state in positions::<Pushee>(&["size=6x6"], 2, 20) {
        let picture = state.picture(Perspective::Everyone);
        let mut expected = BTreeMap::new();
        for row in 0..state.height() {
            for column in 0..state.width() {
                let cell = PusheeCell::new(column as u8, row as u8);
                let (x, y) = (column as i32, row as i32);
                assert_eq!(
                    picture.value_at(tabuleiro_core::Cell::new(x, y)),
                    Some(i64::from(state.value(cell)))
                );
                if let Some(piece) = state.at(cell) {
                    let label = if piece.owner.0 == 0 { "A" } else { "b" };
                    expected.insert((x, y), label.to_owned());
                    let drawn = picture.pieces_at(tabuleiro_core::Cell::new(x, y)).next();
                    let facing = drawn.and_then(|p| p.facing);
                    let want = match piece.orientation {
                        Orientation::Horizontal => tabuleiro_core::Facing::Horizontal,
                        Orientation::Vertical => tabuleiro_core::Facing::Vertical,
                    };
                    assert_eq!(facing, Some(want));
                }
            }
        }
        assert_eq!(pictured(&picture), expected);
        for step in state.last_pushes() {
            let from =
                tabuleiro_core::Cell::new(i32::from(step.from.column), i32::from(step.from.row));
            assert!(picture.last.contains(&from), "every push is marked");
        }
        if let Some(outcome) = state.outcome() {
            for cell in &picture.deciding {
                let piece = picture
                    .pieces_at(*cell)
                    .next()
                    .expect("a piece on a deciding cell");
                let Ink::Seat(seat) = piece.ink else {
                    panic!("a piece has its seat's ink");
                };
                assert_ne!(outcome.results[seat], PlayerResult::Loss);
            }
            assert!(!picture.deciding.is_empty());
        }
    }
}

#[test]
fn qinto_pictures_the_grid_and_only_the_hands_a_viewer_may_see() {
    for players in 2..=4 {
        for state in positions::<Qinto>(&[], players, 6) {
            let expected: BTreeMap<(i32, i32), String> = state
                .grid()
                .tiles()
                .map(|(c, t)| ((i32::from(c.x), i32::from(c.y)), t.to_string()))
                .collect();
            let everyone = state.picture(Perspective::Everyone);
            assert_eq!(pictured(&everyone), expected);
            let public = state.picture_public();
            assert_eq!(pictured(&public), expected);
            for seat in 0..players {
                let player = Player(seat as u8);
                let hand = state.hand(player).len();
                let spectator = &public.reserves[seat];
                assert!(spectator.items.is_empty(), "a spectator sees a hand");
                assert_eq!(spectator.hidden, hand);
                let own = &state.picture(Perspective::Player(player)).reserves[seat];
                assert_eq!(own.items.iter().map(|i| i.count).sum::<usize>(), hand);
                let mut shown: Vec<String> = own
                    .items
                    .iter()
                    .flat_map(|i| std::iter::repeat_n(i.token.clone(), i.count))
                    .collect();
                let mut held: Vec<String> =
                    state.hand(player).tiles().map(|t| t.to_string()).collect();
                shown.sort();
                held.sort();
                assert_eq!(shown, held, "a player sees their own hand");
                for other in (0..players).filter(|&o| o != seat) {
                    let seen = &state.picture(Perspective::Player(Player(other as u8)));
                    assert!(
                        seen.reserves[seat].items.is_empty(),
                        "seat {other} sees seat {seat}'s hand"
                    );
                    assert_eq!(seen.reserves[seat].hidden, hand);
                }
            }
            if let Some(QintoEnding::Emptied(_)) = state.ending()
                && let Some(QintoMove::Play(play)) = state.history().last().map(|p| p.mv)
            {
                let cells: Vec<(i32, i32)> = play
                    .placements()
                    .map(|(c, _)| (i32::from(c.x), i32::from(c.y)))
                    .collect();
                let deciding: Vec<(i32, i32)> =
                    everyone.deciding.iter().map(|c| (c.x, c.y)).collect();
                assert_eq!(deciding, cells);
            }
        }
    }
}

#[test]
fn a_session_marks_both_moves_of_the_last_nudge_turn() {
    let mut s = setup::<Nudge>(&[], 0);
    s.players = 2;
    let mut session = Session::<Nudge>::new(s, vec!["a".into(), "b".into()]).expect("a setup");
    let mut rng: GameRng = rng_from_seed(5);
    let mut gestures = Vec::new();
    for _ in 0..4 {
        let state = session.state().clone();
        let mv = state.random_move(&mut rng).expect("a move");
        gestures.push(state.gesture(mv).all_cells());
        session.play(mv).expect("a legal move");
    }
    let picture = session.picture(Eyes::All, 4);
    let mut want: Vec<_> = gestures[2..].concat();
    want.sort();
    want.dedup();
    let mut marked = picture.last.clone();
    marked.sort();
    assert_eq!(marked, want, "the second turn's two moves");
    let earlier = session.picture(Eyes::All, 2);
    let mut first: Vec<_> = gestures[..2].concat();
    first.sort();
    first.dedup();
    let mut marked = earlier.last.clone();
    marked.sort();
    assert_eq!(marked, first, "stepping back shows the first turn's marks");
    assert!(session.picture(Eyes::All, 0).last.is_empty());
}
