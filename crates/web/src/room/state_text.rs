//! A state's JSON for each connection, its common part written once: in a game that hides
//! nothing every seat sees the same board, picture and moves, so a broadcast writes them once
//! and each view adds only what is its own (its legal moves, whether it may undo, its rematch
//! link). The text is the same message as [`crate::protocol::ServerMessage::State`] (tested),
//! its fields in another order.

use serde::Serialize;
use tabuleiro_core::{Picture, Piece};

use super::Room;
use crate::clock::ClockView;
use crate::protocol::{
    Declined, Ending, Legal, Played, SeatInfo, SeatPresence, compact_previews, legal_wire,
    picture_wire,
};
use crate::store::Offer;

use super::Outgoing;

/// What every connection's state shows alike in a game without hidden information.
#[derive(Serialize)]
struct Common {
    version: u64,
    board: String,
    #[serde(with = "picture_wire")]
    picture: Box<Picture>,
    to_move: Option<usize>,
    move_in_turn: (usize, usize),
    moves: Vec<Played>,
    #[serde(skip_serializing_if = "Option::is_none")]
    scores: Option<Vec<i64>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    ending: Option<Ending>,
    thinking: bool,
    seats: Vec<SeatInfo>,
    #[serde(skip_serializing_if = "Option::is_none")]
    offer: Option<Offer>,
    #[serde(skip_serializing_if = "Option::is_none")]
    declined: Option<Box<Declined>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    presence: Option<Vec<SeatPresence>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    clock: Option<Box<ClockView>>,
}

/// What is one view's own in a state.
#[derive(Serialize)]
struct Own<'a> {
    #[serde(rename = "type")]
    kind: &'static str,
    #[serde(with = "legal_wire")]
    legal: Vec<Legal>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    previews: Vec<Piece>,
    can_undo: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    rematch: Option<&'a str>,
}

/// Writes a state's views, the common part once.
pub(super) struct StateText<'r> {
    room: &'r Room,
    /// The common part's fields as JSON (without its braces), once written.
    common: Option<String>,
}

impl<'r> StateText<'r> {
    /// For the views of `room`'s current state.
    pub(super) fn new(room: &'r Room) -> Self {
        StateText { room, common: None }
    }

    /// The state of a connection playing `seats` that joined with `token`, as
    /// [`Room::state_with`] makes it.
    pub(super) fn of(&mut self, seats: &[usize], token: Option<&str>) -> Outgoing {
        let room = self.room;
        if room.game.info().hidden_information {
            return Outgoing::message(&room.state_with(seats, token));
        }
        let common = self.common.get_or_insert_with(|| common_fields(room));
        let mut legal = room.legal_for(seats);
        let previews = compact_previews(&mut legal);
        let rematch = room.rematch_link(if seats.is_empty() { None } else { token });
        let own = Own {
            kind: "state",
            legal,
            previews,
            can_undo: room.can_undo(seats),
            rematch: rematch.as_deref(),
        };
        // Only strings, numbers, lists and maps with string keys: serialising cannot fail.
        let mut text = serde_json::to_string(&own).unwrap_or_default();
        // Both are objects: `{own…}` and `common…}` make one.
        text.pop();
        text.push(',');
        text.push_str(common);
        Outgoing::State(text.into())
    }
}

/// The common part's fields, as JSON without the opening brace.
fn common_fields(room: &Room) -> String {
    let mut shown = room.game.shown(None);
    // Said once, in the welcome.
    shown.picture.legend.clear();
    let common = Common {
        version: room.version,
        board: shown.board,
        picture: Box::new(shown.picture),
        to_move: room.to_move(),
        move_in_turn: room.game.move_in_turn(),
        moves: shown.moves,
        scores: shown.scores,
        ending: room.outcome().as_ref().map(Ending::from),
        thinking: room.thinking.is_some() || room.queued == Some(room.version),
        seats: room.seat_infos(),
        offer: room.open_offer(),
        declined: room.declined_shown(),
        presence: room.shown_presence(),
        clock: room.clock_view().map(Box::new),
    };
    let mut text = serde_json::to_string(&common).unwrap_or_default();
    text.remove(0);
    text
}

#[cfg(test)]
mod tests {
    use tabuleiro_ai::Seat;
    use tabuleiro_core::{Options, Registry, Setup};
    use tabuleiro_games::REGISTRY;

    use super::*;
    use crate::dyngame::build;
    use crate::protocol::{Mode, ServerMessage};
    use crate::store::StoredSeat;
    use crate::token::hash_token;

    /// A state as compared here: its legal moves in notation order (the lean form sends them
    /// in its graph's order), its seats' presence without times (counted from now, which
    /// moves between two writings).
    fn comparable(mut message: ServerMessage) -> ServerMessage {
        let ServerMessage::State {
            legal, presence, ..
        } = &mut message
        else {
            panic!("not a state: {message:?}");
        };
        legal.sort_by(|a, b| a.notation.cmp(&b.notation));
        for seat in presence.iter_mut().flatten() {
            seat.away_ms = seat.away_ms.map(|_| 0);
            seat.claim_in_ms = seat.claim_in_ms.map(|_| 0);
        }
        message
    }

    /// Every view's text, read back, is the message `state_with` makes for it.
    fn check(room: &Room, views: &[Vec<usize>]) -> usize {
        let mut text = StateText::new(room);
        for seats in views {
            let token = seats.first().map(|s| format!("token{s}"));
            let Outgoing::State(written) = text.of(seats, token.as_deref()) else {
                panic!("not a state");
            };
            let read: ServerMessage = serde_json::from_str(written.as_str())
                .unwrap_or_else(|e| panic!("{}: {e}", room.game.info().id));
            assert_eq!(
                comparable(read),
                comparable(room.state_with(seats, token.as_deref())),
                "{} seats {seats:?}",
                room.game.info().id
            );
        }
        views.len()
    }

    #[test]
    fn each_view_of_a_state_is_the_message_of_its_seats() {
        let mut checked = 0;
        for info in REGISTRY.games() {
            for players in info.min_players..=info.max_players.min(3) {
                for (seed, mode) in [(1_u64, Mode::Online), (2, Mode::Hotseat)] {
                    let setup = Setup {
                        players,
                        options: Options::defaults(info),
                        seed,
                    };
                    let game = build(info.id, setup, &vec![Seat::Human; players], &[])
                        .unwrap_or_else(|e| panic!("{}: {e}", info.id));
                    let seats = (0..players)
                        .map(|s| StoredSeat::human(hash_token(&format!("token{s}"))))
                        .collect();
                    let mut room = Room::new("g".to_owned(), mode, seats, game, None);
                    let mut views: Vec<Vec<usize>> = (0..players).map(|s| vec![s]).collect();
                    views.push(Vec::new());
                    views.push((0..players).collect());
                    for ply in 0..30_usize {
                        checked += check(&room, &views);
                        let legal = room.game.legal_moves();
                        if room.to_move().is_none() || legal.is_empty() {
                            break;
                        }
                        let pick = (seed as usize * 7 + ply * 13) % legal.len();
                        room.game
                            .play(&legal[pick].notation)
                            .unwrap_or_else(|e| panic!("{}: {e}", info.id));
                        room.version += 1;
                    }
                    room.resigned = Some(0);
                    room.version += 1;
                    checked += check(&room, &views);
                }
            }
        }
        assert!(checked > 1000, "{checked} views checked");
    }
}
