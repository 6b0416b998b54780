//! The JSON messages of the WebSocket and of the HTTP API.

use std::collections::BTreeMap;

pub mod legal_wire;
pub mod picture_wire;
mod seats;

use serde::{Deserialize, Serialize};
use tabuleiro_core::{Gesture, Outcome, Picture, Piece, Placed, PlayerResult};

pub use self::seats::{Declined, SeatPresence};
pub use crate::store::ShownRating;

/// Largest WebSocket message the server reads; a larger one gets an error message.
pub const MAX_MESSAGE: usize = 8 * 1024;

/// Largest HTTP request body.
pub const MAX_BODY: usize = 16 * 1024;

/// A message from a browser.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMessage {
    /// Joins the game of the connection, with a seat token (none: as a spectator). Must come
    /// first.
    Join {
        /// The seat token from the seat's link.
        #[serde(default)]
        token: Option<String>,
    },
    /// Plays a move in the game's notation.
    Move {
        /// The move, e.g. `Ca1`.
        notation: String,
        /// On a clock: how long the player thought, ms, from when the state that gave them
        /// the turn arrived (the rest of the time the server counted is lag, forgiven within
        /// a quota: [`crate::clock`]).
        #[serde(default)]
        thought: Option<u64>,
    },
    /// Takes back the last turn (against the computer and in hotseat games), unless a move to
    /// take back drew hidden tiles (then an error says so and nothing changes).
    Undo,
    /// Asks for a suggested move.
    Hint,
    /// Gives up the game.
    Resign,
    /// Asks for the picture of an earlier position (history stepping); nothing changes.
    Look {
        /// The position: 0 is the start, the number of moves played is now.
        at: usize,
    },
    /// Asks for the value of every legal move of a position of a finished game (an analysis
    /// board), in games without hidden information.
    Analyse {
        /// The position: 0 is the start, the number of moves played is the end.
        at: usize,
    },
    /// In an online game of two: offers a draw, or accepts the other player's offer.
    OfferDraw,
    /// In an online game of two, while the other player is to move: asks them to take back
    /// your last turn (refused when it drew hidden tiles).
    Takeback,
    /// Answers the other player's draw offer or takeback request.
    Answer {
        /// Accepted (a draw by agreement; the turn taken back), or declined.
        accept: bool,
    },
    /// In a game between people, before every player has moved: calls the game off, with no
    /// result and no rating change.
    Abort,
    /// In a game of two between people: claims the game over the other player, who left
    /// (`presence` says when it may be claimed): the win, or with `draw`, a draw.
    Claim {
        /// A draw rather than the win.
        #[serde(default)]
        draw: bool,
    },
    /// Asks for a `pong` at once: the page measures its latency with it, to show the clocks
    /// right.
    Ping,
    /// Asks for a new game with the same settings and the seats turned by one (two players:
    /// swapped), once this one is over. Everyone watching gets their new link.
    Rematch,
}

/// A legal move and how it is made by pointing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Legal {
    /// The move in the game's notation.
    pub notation: String,
    /// The cells, reserve pieces and choice it uses.
    pub gesture: Gesture,
    /// The pieces it puts on the board, to show while it is pointed at (a Taiji tile's
    /// halves); empty for most games.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub preview: Vec<Placed>,
}

/// A move played, as the connection may read it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played {
    /// The seat that played it, from 0.
    pub seat: usize,
    /// The turn it belongs to, from 1 (both moves of a Nudge turn share one).
    pub turn: usize,
    /// The move.
    pub text: String,
}

/// A legal move of an analysed position with its value for the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rated {
    /// The move, with its gesture (where to show the value).
    pub legal: Legal,
    /// The value in words: "wins in 7", "draw", "loses in 12", or the engine's score.
    pub value: String,
    /// The value as data, for the page to draw: a win or loss in so many moves, a draw, or
    /// the engine's score.
    pub verdict: Verdict,
    /// Whether the value is exact (from a solver) rather than an estimate.
    pub exact: bool,
    /// Higher is better for the player to move; for ordering and colouring.
    pub rank: i64,
}

/// A move's value for the player to move, as data.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Verdict {
    /// The player to move wins in so many moves (plies) with best play.
    Win {
        /// Moves to the end.
        plies: u32,
    },
    /// A draw with best play.
    Draw,
    /// The player to move loses in so many moves with best play.
    Loss {
        /// Moves to the end.
        plies: u32,
    },
    /// The engine's score after a short search (positive is good for the player to move).
    Score {
        /// The score.
        value: i32,
    },
}

/// One seat as everybody may see it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatInfo {
    /// `human` or the computer's level.
    pub name: String,
    /// Whether a computer plays it.
    pub computer: bool,
    /// The player sitting here, once one opened the seat's link.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub player: Option<ShownPlayer>,
}

/// A player in a seat, as everybody may see them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShownPlayer {
    /// Public id (their page is `/?player={id}`).
    pub id: String,
    /// Their name when they sat down.
    pub name: String,
    /// The short tag that tells equal names apart.
    pub tag: String,
    /// Their rating in this game when they sat down (games between people).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<ShownRating>,
    /// How the game changed their rating, once a rated game is over and rated.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub change: Option<ShownChange>,
    /// Whether a program plays for them (a bot, connected with `tabuleiro bot`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bot: bool,
}

/// How a rated game changed a rating, rounded.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShownChange {
    /// The rating before the game.
    pub before: i64,
    /// The rating after it.
    pub after: i64,
    /// Whether the rating after it is still provisional.
    pub provisional: bool,
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// Each seat's result.
    pub results: Vec<PlayerResult>,
    /// Final scores, if the game keeps score.
    pub scores: Option<Vec<i64>>,
    /// Why the game ended.
    pub reason: String,
    /// The result in one sentence.
    pub text: String,
}

impl From<&Outcome> for Ending {
    fn from(outcome: &Outcome) -> Self {
        Ending {
            results: outcome.results.clone(),
            scores: outcome.scores.clone(),
            reason: outcome.reason.clone(),
            text: outcome.to_string(),
        }
    }
}

/// A message to a browser.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMessage {
    /// The answer to `join`: what the game is and which seats this connection plays.
    Welcome {
        /// The game's public id.
        id: String,
        /// Game id, e.g. `quantik`.
        game: String,
        /// Game name.
        name: String,
        /// `computer`, `hotseat`, `online` or `casual` (online, with hints).
        mode: String,
        /// Whether the players may ask for hints (not in an online game between people,
        /// unless it was created casual).
        hints: bool,
        /// Option values, as the game settled them (a first player drawn by chance named).
        options: BTreeMap<String, String>,
        /// The seats.
        seats: Vec<SeatInfo>,
        /// The seats this connection plays (from 0); empty for spectators.
        you: Vec<usize>,
        /// Whether players hide things from each other (a hotseat screen is then covered
        /// between turns).
        hidden_information: bool,
        /// The rules of the game, for people (paragraphs separated by blank lines).
        rules: String,
        /// What a move looks like when typed.
        move_syntax: String,
        /// Whether finished games can be analysed on the board.
        analysis: bool,
        /// What the pieces mean, once for the game: the states' pictures leave it out.
        #[serde(default)]
        legend: Vec<tabuleiro_core::Key>,
    },
    /// The position as this connection may see it.
    State {
        /// Increases with every change of the game.
        version: u64,
        /// The board as text (column and row labels, then status lines).
        board: String,
        /// The position as a picture seen by this connection, the last turn marked (its
        /// values flat: [`picture_wire`]).
        #[serde(with = "picture_wire")]
        picture: Box<Picture>,
        /// The seat to move (from 0), none when the game is over.
        to_move: Option<usize>,
        /// (which move of the turn, moves per turn).
        move_in_turn: (usize, usize),
        /// The moves so far, as this connection may read them.
        moves: Vec<Played>,
        /// The moves this connection may play now (empty when it is not its turn), in the
        /// lean form of [`legal_wire`].
        #[serde(with = "legal_wire")]
        legal: Vec<Legal>,
        /// When every legal move's preview is the same pieces put on its gesture's cells in
        /// order (a Taiji tile: the light half on the first cell, the dark on the second),
        /// those pieces, once; the moves then carry no preview of their own (see
        /// [`compact_previews`]).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        previews: Vec<Piece>,
        /// Running scores, for games that keep score (absent otherwise).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        scores: Option<Vec<i64>>,
        /// What this connection's seat alone may see, in words, in a game that hides
        /// something: a Q!nto hand (`hand RS GD …`, as the engine protocol's `private` line
        /// says it); absent otherwise.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        private: Option<String>,
        /// The result, when the game is over (absent before).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ending: Option<Ending>,
        /// A computer player is choosing its move.
        thinking: bool,
        /// This connection may take back a turn.
        can_undo: bool,
        /// The link to this connection's seat in the rematch, once one was created.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        rematch: Option<String>,
        /// The seats, with the players sitting in them and, at the end of a rated game, how
        /// it changed their ratings.
        seats: Vec<SeatInfo>,
        /// A draw offer or takeback request waiting for the other player's answer.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        offer: Option<crate::store::Offer>,
        /// The offer the other player declined last, while its player may not make it again
        /// ([`crate::store::OfferKind::again_after`] moves).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        declined: Option<Box<Declined>>,
        /// Whether each seat's player is here ([`ServerMessage::Presence`]); absent where the
        /// server cannot know (nodes sharing a database).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        presence: Option<Vec<SeatPresence>>,
        /// The clocks, for a game on one: each seat's time left when this message was
        /// written, and whose time runs.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        clock: Option<Box<crate::clock::ClockView>>,
    },
    /// A suggested move for this connection's seat.
    Hint {
        /// The move, in notation.
        notation: String,
    },
    /// Whether each seat's player is here, sent when it changes.
    Presence {
        /// Seat by seat.
        seats: Vec<SeatPresence>,
    },
    /// The picture of an earlier position, as asked for with `look`.
    Look {
        /// The position: 0 is the start.
        at: usize,
        /// What this connection may see of it, the turn that led to it marked.
        picture: Box<Picture>,
    },
    /// The value of every legal move of a position, as asked for with `analyse`.
    Analysis {
        /// The position: 0 is the start.
        at: usize,
        /// Every legal move with its value, best first.
        moves: Vec<Rated>,
        /// What the values are: "exact, from the solver" or "the engine's estimate".
        source: String,
    },

    /// The answer to `ping`.
    Pong,
    /// The server is stopping: the page reconnects by itself (to another node behind a load
    /// balancer); every change acknowledged is stored.
    Restarting,
    /// A request was refused; nothing changed.
    Error {
        /// What was wrong.
        message: String,
    },
}

impl ServerMessage {
    /// The message as JSON text.
    pub fn to_json(&self) -> String {
        // Only strings, numbers, lists and maps with string keys: serialising cannot fail.
        serde_json::to_string(self).unwrap_or_default()
    }

    /// An error message.
    pub fn error(message: impl Into<String>) -> Self {
        ServerMessage::Error {
            message: message.into(),
        }
    }
}

/// How a new game is played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mode {
    /// One person against computer players.
    Computer,
    /// Everyone on one screen.
    Hotseat,
    /// Each seat from its own browser, by its link: a game between people, without the
    /// engine's hints.
    Online,
    /// As [`Mode::Online`], but every player may ask the engine for hints: a casual game,
    /// named as such to every player.
    Casual,
    /// As [`Mode::Online`], between players with names only, and rated: each seat is taken by
    /// the first player who opens its link, the game starts once every seat has its player,
    /// and its result changes their ratings ([`crate::ratings`]).
    Rated,
}

impl Mode {
    /// The mode's name as stored.
    pub fn name(self) -> &'static str {
        match self {
            Mode::Computer => "computer",
            Mode::Hotseat => "hotseat",
            Mode::Online => "online",
            Mode::Casual => "casual",
            Mode::Rated => "rated",
        }
    }

    /// Whether each seat plays from its own browser, by its link.
    pub fn between_people(self) -> bool {
        matches!(self, Mode::Online | Mode::Casual | Mode::Rated)
    }

    /// Whether players may ask the engine for hints: in games no other person plays (against
    /// the computer; hotseat, where both share one screen) and in casual games.
    pub fn hints(self) -> bool {
        matches!(self, Mode::Computer | Mode::Hotseat | Mode::Casual)
    }

    /// The mode of a stored name.
    pub fn from_name(name: &str) -> Option<Self> {
        [
            Mode::Computer,
            Mode::Hotseat,
            Mode::Online,
            Mode::Casual,
            Mode::Rated,
        ]
        .into_iter()
        .find(|m| m.name() == name)
    }
}

/// `POST /api/games`: a new game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreateRequest {
    /// Game id, e.g. `quantik`.
    pub game: String,
    /// Number of seats (default: the game's fewest).
    #[serde(default)]
    pub players: Option<usize>,
    /// Option values by name (others keep their defaults).
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// How the game is played.
    pub mode: Mode,
    /// The computer's level (mode `computer`), e.g. `medium` (default `medium`).
    #[serde(default)]
    pub level: Option<String>,
    /// The seat the person plays against the computer, from 0 (default 0).
    #[serde(default)]
    pub seat: Option<usize>,
    /// The time control of a game between people: `{"minutes": 3, "increment": 2}` or
    /// `{"days": 1}` (none: no clock).
    #[serde(default)]
    pub clock: Option<crate::clock::AskedControl>,
    /// A rated game's other players, by id, one for each seat besides the creator's (`seat`,
    /// default 0), in the order of the seats: each seat is theirs from the start. A rated game
    /// is made through the lobby or with this list; never with seats anyone may take.
    #[serde(default)]
    pub invite: Vec<String>,
}

/// One seat's link in the answer to a new game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatLink {
    /// The seat, from 0.
    pub seat: usize,
    /// `human` or the computer's level.
    pub name: String,
    /// The seat's secret token (none for computer seats).
    pub token: Option<String>,
    /// The page address that plays this seat (path and fragment).
    pub link: Option<String>,
}

/// The answer to `POST /api/games`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Created {
    /// The game's public id.
    pub id: String,
    /// Each seat's link.
    pub seats: Vec<SeatLink>,
    /// The read-only link.
    pub spectator: String,
}

/// Takes the previews out of `legal` when they all put the same pieces on their gestures'
/// cells in order, and gives those pieces (else leaves `legal` as it is and gives none): a
/// Taiji position's hundreds of moves then say "light half, dark half" once, not each.
pub fn compact_previews(legal: &mut [Legal]) -> Vec<Piece> {
    let Some(first) = legal.iter().find(|l| !l.preview.is_empty()) else {
        return Vec::new();
    };
    let pieces: Vec<Piece> = first.preview.iter().map(|p| p.piece.clone()).collect();
    let uniform = legal.iter().all(|l| {
        l.preview.len() == pieces.len()
            && l.gesture.cells.len() >= pieces.len()
            && l.preview
                .iter()
                .zip(&l.gesture.cells)
                .zip(&pieces)
                .all(|((placed, cell), piece)| placed.cell == *cell && placed.piece == *piece)
    });
    if !uniform {
        return Vec::new();
    }
    for l in legal.iter_mut() {
        l.preview.clear();
    }
    pieces
}

/// `POST /api/lobby`: a new challenge (see `lobby.rs`).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChallengeRequest {
    /// Game id.
    pub game: String,
    /// Number of seats (default: the game's fewest).
    #[serde(default)]
    pub players: Option<usize>,
    /// Option values by name.
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// Rated (default) or casual.
    #[serde(default = "yes")]
    pub rated: bool,
    /// Whether bots may accept (default: people only).
    #[serde(default)]
    pub bots: bool,
    /// The time control (none: no clock).
    #[serde(default)]
    pub clock: Option<crate::clock::AskedControl>,
}

fn yes() -> bool {
    true
}

#[cfg(test)]
mod preview_tests {
    use super::*;
    use crate::dyngame::build;
    use tabuleiro_ai::Seat;
    use tabuleiro_core::{Options, Registry, Setup};
    use tabuleiro_games::REGISTRY;

    fn legal_of(game: &str) -> Vec<Legal> {
        let info = REGISTRY
            .games()
            .iter()
            .find(|g| g.id == game)
            .expect("a game");
        let setup = Setup {
            players: 2,
            options: Options::defaults(info),
            seed: 3,
        };
        build(game, setup, &[Seat::Human, Seat::Human], &[])
            .expect("a game")
            .legal_moves()
    }

    #[test]
    fn a_taiji_position_says_its_tiles_halves_once() {
        let mut legal = legal_of("taiji");
        let full: Vec<Legal> = legal.clone();
        assert!(full.iter().all(|l| l.preview.len() == 2));
        let pieces = compact_previews(&mut legal);
        assert_eq!(pieces.len(), 2, "light half, dark half");
        assert_ne!(pieces[0], pieces[1]);
        assert!(legal.iter().all(|l| l.preview.is_empty()));
        // Nothing is lost: each move's preview is the pieces on its cells in order.
        for (l, f) in legal.iter().zip(&full) {
            for (i, placed) in f.preview.iter().enumerate() {
                assert_eq!(placed.cell, l.gesture.cells[i]);
                assert_eq!(placed.piece, pieces[i]);
            }
        }
        let before = serde_json::to_string(&full).expect("json").len();
        let after = serde_json::to_string(&legal).expect("json").len();
        assert!(after * 2 < before, "{after} bytes instead of {before}");
    }

    #[test]
    fn previews_that_differ_stay_with_their_moves() {
        let mut legal = legal_of("taiji");
        legal[0].preview.swap(0, 1);
        let kept = legal.clone();
        assert!(compact_previews(&mut legal).is_empty());
        assert_eq!(legal, kept);
        let mut quantik = legal_of("quantik");
        assert!(
            compact_previews(&mut quantik).is_empty(),
            "no previews, none to share"
        );
    }
}
