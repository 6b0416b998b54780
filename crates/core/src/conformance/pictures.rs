//! Checks of a position's [`Picture`] and of its moves' [`Gesture`]s: everything drawn lies on
//! the drawn board, no seat's picture shows another seat's hidden pieces, and every legal move
//! can be made by pointing — its gesture is built step by step, fits it all the way, and is
//! the gesture of no other legal move.

use std::collections::HashMap;

use crate::engine::Engine;
use crate::game::Perspective;
use crate::picture::{Cell, Gesture, Picture};
use crate::player::Player;

use super::run::Trace;

/// The parts of a gesture that tell moves apart, in a fixed order.
type GestureKey = (Vec<Cell>, Vec<(String, Option<Cell>)>, Option<String>);

fn key(gesture: &Gesture) -> GestureKey {
    let mut pieces: Vec<(String, Option<Cell>)> = gesture
        .pieces
        .iter()
        .map(|p| (p.token.clone(), p.cell))
        .collect();
    pieces.sort();
    (
        gesture.cells.clone(),
        pieces,
        gesture.choice.as_ref().map(|c| c.token.clone()),
    )
}

/// Everything `picture` draws lies on its board, at most one piece stands on a cell, and
/// every reserve belongs to a seat.
fn check_drawn<G: Engine>(picture: &Picture, players: usize, whose: &str, trace: &Trace<'_>) {
    let id = G::INFO.id;
    let board = &picture.board;
    assert!(
        !board.columns.is_empty() && !board.rows.is_empty(),
        "{id}: {trace}: the picture {whose} has no cell"
    );
    let mut seen = Vec::with_capacity(picture.pieces.len());
    for placed in &picture.pieces {
        assert!(
            board.contains(placed.cell),
            "{id}: {trace}: the picture {whose} has a piece on {:?}, off its board",
            placed.cell
        );
        assert!(
            !seen.contains(&placed.cell),
            "{id}: {trace}: the picture {whose} has two pieces on {:?}",
            placed.cell
        );
        seen.push(placed.cell);
    }
    for &[a, b] in &picture.links {
        assert!(
            a.x.abs_diff(b.x) + a.y.abs_diff(b.y) == 1 && seen.contains(&a) && seen.contains(&b),
            "{id}: {trace}: the picture {whose} links {a:?} and {b:?}, which are not two \
             neighbouring cells with pieces"
        );
    }
    let marked = picture
        .values
        .iter()
        .map(|v| v.cell)
        .chain(picture.regions.iter().flatten().copied())
        .chain(picture.last.iter().copied())
        .chain(picture.deciding.iter().copied());
    for cell in marked {
        assert!(
            board.contains(cell),
            "{id}: {trace}: the picture {whose} marks {cell:?}, off its board"
        );
    }
    for reserve in &picture.reserves {
        assert!(
            reserve.seat < players,
            "{id}: {trace}: the picture {whose} has a reserve for seat {}, not a seat",
            reserve.seat
        );
    }
}

/// Checks the pictures of `state` and the gestures of its `legal` moves.
pub(super) fn check_pictures<G: Engine>(state: &G, legal: &[G::Move], trace: &Trace<'_>) {
    let id = G::INFO.id;
    let players = state.players();
    let everyone = state.picture(Perspective::Everyone);
    check_drawn::<G>(&everyone, players, "for everyone", trace);
    let public = state.picture_public();
    check_drawn::<G>(&public, players, "for spectators", trace);
    if !G::INFO.hidden_information {
        assert!(
            public == everyone,
            "{id}: {trace}: without hidden information, spectators see everything"
        );
    }
    for seat in 0..players {
        let player = Player(seat as u8);
        let picture = state.picture(Perspective::Player(player));
        check_drawn::<G>(&picture, players, &format!("for {player}"), trace);
        assert!(
            picture.board == everyone.board && picture.pieces == everyone.pieces,
            "{id}: {trace}: {player} sees another board than everyone does"
        );
        if G::INFO.hidden_information {
            for reserve in picture.reserves.iter().filter(|r| r.seat != seat) {
                let everyone_holds = everyone
                    .reserves
                    .iter()
                    .find(|r| r.seat == reserve.seat)
                    .map_or(0, |r| r.items.iter().map(|i| i.count).sum::<usize>());
                assert!(
                    reserve.items.is_empty() || everyone_holds == 0,
                    "{id}: {trace}: {player}'s picture shows seat {}'s hidden pieces",
                    reserve.seat + 1
                );
            }
        }
    }
    if G::INFO.hidden_information {
        assert!(
            public.reserves.iter().all(|r| r.items.is_empty()),
            "{id}: {trace}: a spectator's picture shows hidden pieces"
        );
    }

    let Some(mover) = state.to_move() else {
        return;
    };
    let seen_by_mover = state.picture(Perspective::Player(mover));
    let tokens: Vec<&str> = seen_by_mover
        .reserves
        .iter()
        .filter(|r| r.seat == mover.index())
        .flat_map(|r| r.items.iter().map(|i| i.token.as_str()))
        .collect();
    let gestures: Vec<Gesture> = legal.iter().map(|&mv| state.gesture(mv)).collect();
    let mut owners: HashMap<GestureKey, usize> = HashMap::with_capacity(gestures.len());
    for (i, gesture) in gestures.iter().enumerate() {
        let text = state.format_move(legal[i]);
        for cell in gesture.all_cells() {
            assert!(
                seen_by_mover.board.contains(cell),
                "{id}: {trace}: `{text}` points at {cell:?}, off the board its player sees"
            );
        }
        for piece in &gesture.pieces {
            assert!(
                tokens.contains(&piece.token.as_str()),
                "{id}: {trace}: `{text}` takes `{}`, which {mover}'s reserve does not show",
                piece.token
            );
        }
        if let Some(j) = owners.insert(key(gesture), i) {
            panic!(
                "{id}: {trace}: `{}` and `{text}` are made by the same gesture",
                state.format_move(legal[j])
            );
        }
        // Pointing step by step: each cell, each piece picked up then put down, the choice.
        let mut made = Gesture::cells(Vec::new());
        for &cell in &gesture.cells {
            made.cells.push(cell);
            assert!(made.fits(gesture), "{id}: {trace}: `{text}`: {made:?}");
        }
        for piece in &gesture.pieces {
            made.pieces.push(crate::picture::Placement {
                token: piece.token.clone(),
                cell: None,
            });
            assert!(made.fits(gesture), "{id}: {trace}: `{text}`: {made:?}");
            if let Some(last) = made.pieces.last_mut() {
                last.cell = piece.cell;
            }
            assert!(made.fits(gesture), "{id}: {trace}: `{text}`: {made:?}");
        }
        made.choice.clone_from(&gesture.choice);
        assert!(
            made.same(gesture),
            "{id}: {trace}: `{text}` is not rebuilt by pointing at its parts"
        );
    }
}
