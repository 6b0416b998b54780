//! What a room shows each connection: the welcome, the seats, the state from the connection's
//! seats' view, and the link to the rematch.

use super::Room;
use crate::protocol::{Ending, SeatInfo, ServerMessage, ShownChange, ShownPlayer};
use crate::store::StoredSeat;

impl Room {
    /// The welcome message for a connection playing `seats`.
    pub fn welcome(&self, seats: &[usize]) -> ServerMessage {
        ServerMessage::Welcome {
            id: self.id.clone(),
            game: self.game.info().id.to_owned(),
            name: self.game.info().name.to_owned(),
            mode: self.mode.name().to_owned(),
            hints: self.mode.hints(),
            options: self.game.options_as_played(),
            seats: self.seat_infos(),
            you: seats.to_vec(),
            hidden_information: self.game.info().hidden_information,
            rules: self.game.info().rules.to_owned(),
            move_syntax: self.game.info().move_syntax.to_owned(),
            analysis: !self.game.info().hidden_information,
            legend: self.game.shown(self.perspective(seats)).picture.legend,
        }
    }

    /// The seats as everybody sees them: who sits where, their ratings, and how a rated game
    /// changed them once it is rated.
    pub fn seat_infos(&self) -> Vec<SeatInfo> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| match s {
                StoredSeat::Human { player, .. } => SeatInfo {
                    name: "human".to_owned(),
                    computer: false,
                    player: player.as_ref().map(|p| {
                        let change = self
                            .rating_changes
                            .iter()
                            .find(|c| c.seat == i && c.player == p.id)
                            .map(|c| ShownChange {
                                before: c.before.round() as i64,
                                after: c.after.round() as i64,
                                provisional: c.deviation
                                    > tabuleiro_ai::glicko::PROVISIONAL_DEVIATION,
                            });
                        ShownPlayer {
                            id: p.id.clone(),
                            name: p.name.clone(),
                            tag: crate::players::tag(&p.id).to_owned(),
                            rating: p.rating,
                            change,
                            bot: p.bot,
                        }
                    }),
                },
                StoredSeat::Computer { level } => SeatInfo {
                    name: level.clone(),
                    computer: true,
                    player: None,
                },
            })
            .collect()
    }

    /// The link to the rematch for a connection that joined with `token` (`None`: a
    /// spectator), once there is a rematch.
    pub fn rematch_link(&self, token: Option<&str>) -> Option<String> {
        let id = self.rematch.as_ref()?;
        Some(match token {
            Some(token) => format!("/?game={id}#token={}", token.trim()),
            None => format!("/?game={id}"),
        })
    }

    /// The offer the other player declined last, as a state shows it while its player may not
    /// make it again.
    pub(super) fn declined_shown(&self) -> Option<Box<crate::protocol::Declined>> {
        let now = crate::clock::now_ms();
        self.declined_offer_at(now).map(|o| {
            Box::new(crate::protocol::Declined {
                kind: o.kind,
                seat: o.seat,
                again_in: o
                    .kind
                    .again_after()
                    .map(|_| o.moves_until_again(self.game.ply())),
                again_in_ms: (o.kind == crate::store::OfferKind::Rematch)
                    .then(|| u64::try_from(o.ms_until_again(now)).unwrap_or(0)),
            })
        })
    }

    /// The state message for a connection playing `seats` (see [`Room::state_with`]), without
    /// its rematch link.
    pub fn state_for(&self, seats: &[usize]) -> ServerMessage {
        self.state_with(seats, None)
    }

    /// The moves a connection playing `seats` may play now: none when it is not its turn.
    pub(super) fn legal_for(&self, seats: &[usize]) -> Vec<crate::protocol::Legal> {
        match self.to_move() {
            Some(s) if seats.contains(&s) && self.thinking.is_none() => self.game.legal_moves(),
            _ => Vec::new(),
        }
    }

    /// The state message for a connection playing `seats` that joined with `token`.
    pub fn state_with(&self, seats: &[usize], token: Option<&str>) -> ServerMessage {
        let mut shown = self.game.shown(self.perspective(seats));
        // Said once, in the welcome.
        shown.picture.legend.clear();
        let to_move = self.to_move();
        let mut legal = self.legal_for(seats);
        let previews = crate::protocol::compact_previews(&mut legal);
        ServerMessage::State {
            version: self.version,
            board: shown.board,
            picture: Box::new(shown.picture),
            to_move,
            move_in_turn: self.game.move_in_turn(),
            moves: shown.moves,
            legal,
            previews,
            scores: shown.scores,
            private: shown.private,
            ending: self.outcome().as_ref().map(Ending::from),
            thinking: self.thinking.is_some() || self.queued == Some(self.version),
            can_undo: self.can_undo(seats),
            rematch: self.rematch_link(if seats.is_empty() { None } else { token }),
            seats: self.seat_infos(),
            offer: self.open_offer(),
            declined: self.declined_shown(),
            presence: self.shown_presence(),
            clock: self.clock_view().map(Box::new),
        }
    }
}
