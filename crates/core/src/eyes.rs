//! Through whose eyes a front end shows a game: the one choice of perspective every front end
//! makes the same way. Front ends hold no per-game code: the game itself hides what it must
//! ([`Game::render`], [`Game::render_public`], [`Game::format_move_for`]).

use crate::game::{Game, Perspective};
use crate::picture::Picture;
use crate::player::Player;

/// What a screen, a connection or a message may show of a game: the board, the move list and
/// the moves announced.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Eyes {
    /// Everything: a game without hidden information, or computers only at play.
    All,
    /// What this seat may know: the only human at a screen, the hotseat player who has taken
    /// it, or the connection that plays this seat.
    Seat(Player),
    /// Only what no seat may hide: a spectator, or a screen shared by several humans whenever
    /// the seat to move is not a human who has taken it (a computer moving, a screen being
    /// passed on, the end of the game).
    Public,
}

impl Eyes {
    /// The eyes of a screen shared by the human seats `humans` in position `state`, where
    /// `shown` is the human who has taken the screen (hotseat), if any. With one human, that
    /// human's view throughout; with several, the seat to move's own view once it has taken
    /// the screen, else the public view. Everything in a game without hidden information, or
    /// with no human at the screen.
    pub fn of_screen<G: Game>(state: &G, humans: &[Player], shown: Option<Player>) -> Eyes {
        if !G::INFO.hidden_information || humans.is_empty() {
            return Eyes::All;
        }
        if let [only] = humans {
            return Eyes::Seat(*only);
        }
        match state.to_move() {
            Some(p) if shown == Some(p) && humans.contains(&p) => Eyes::Seat(p),
            _ => Eyes::Public,
        }
    }

    /// The eyes of a connection that plays `seat` (`None`: a spectator).
    pub fn of_viewer(seat: Option<Player>) -> Eyes {
        seat.map_or(Eyes::Public, Eyes::Seat)
    }

    /// The seat whose view these eyes are, if any.
    pub fn seat(self) -> Option<Player> {
        match self {
            Eyes::Seat(p) => Some(p),
            Eyes::All | Eyes::Public => None,
        }
    }

    /// The position as these eyes may see it.
    pub fn render<G: Game>(self, state: &G) -> String {
        match self {
            Eyes::All => state.render(Perspective::Everyone),
            Eyes::Seat(p) => state.render(Perspective::Player(p)),
            Eyes::Public => state.render_public(),
        }
    }

    /// The position as a picture these eyes may see.
    pub fn picture<G: Game>(self, state: &G) -> Picture {
        match self {
            Eyes::All => state.picture(Perspective::Everyone),
            Eyes::Seat(p) => state.picture(Perspective::Player(p)),
            Eyes::Public => state.picture_public(),
        }
    }

    /// The move `mv`, played from position `before`, as these eyes may read it (a trade of
    /// hidden tiles by another seat shows only how many were traded).
    pub fn move_text<G: Game>(self, before: &G, mv: G::Move) -> String {
        match self {
            Eyes::All => before.format_move(mv),
            Eyes::Seat(p) => before.format_move_for(mv, Some(p)),
            Eyes::Public => before.format_move_for(mv, None),
        }
    }
}
