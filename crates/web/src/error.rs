//! Why the server refuses or fails an action: kinds, not text, so that HTTP answers with the
//! right status and tests name what they expect.

use axum::http::StatusCode;
use tabuleiro_ai::{LevelError, TableError};
use tabuleiro_core::{MoveError, OptionError, SetupError, UndoError};

use crate::store::StoreError;

/// Why an action on the server's games failed.
#[derive(Debug, thiserror::Error)]
pub enum HubError {
    /// The request names a game the server does not have.
    #[error("unknown game `{given}` (games: {known})")]
    UnknownGame {
        /// The id given.
        given: String,
        /// The ids the server has, comma-separated.
        known: String,
    },
    /// The game cannot be set up so (the number of players).
    #[error(transparent)]
    Setup(#[from] SetupError),
    /// A bad option setting.
    #[error(transparent)]
    Option(#[from] OptionError),
    /// A level the server does not know.
    #[error("level: {0}")]
    Level(#[from] LevelError),
    /// A level the web does not offer for this game: only the ladder's names are played
    /// here, so that every computer move has a bounded time.
    #[error("level `{given}` is not offered for {game} (levels: {offered})")]
    NotOffered {
        /// The level asked for.
        given: String,
        /// The game's name.
        game: &'static str,
        /// The names offered, comma-separated.
        offered: String,
    },
    /// A seat beyond the game's.
    #[error("seat {seat} does not exist (1 to {players})")]
    NoSeat {
        /// The seat asked for, from 1.
        seat: usize,
        /// The number of seats.
        players: usize,
    },
    /// A time control outside what is offered, or asked for a game not between people.
    #[error("clock: {0}")]
    Clock(String),
    /// A stored game of a mode this server does not know.
    #[error("unknown mode `{0}`")]
    Mode(String),
    /// The game cannot be seated (setup, levels, stored moves).
    #[error(transparent)]
    Table(#[from] TableError),
    /// The client's address has created its share of games for now.
    #[error(
        "too many new games from your address (at most {per_minute} a minute): try again in \
         {wait_seconds} s"
    )]
    TooMany {
        /// The limit.
        per_minute: u32,
        /// Seconds until the next game may be created.
        wait_seconds: u64,
    },
    /// The operating system gave no randomness for a seed, a game id or a token.
    #[error("random source: {0}")]
    Random(String),
    /// The database refused a change; nothing changed.
    #[error("could not store {what}: {source}")]
    Store {
        /// What was being stored (`the move`).
        what: &'static str,
        /// The database's error.
        source: StoreError,
    },
    /// The action is not allowed now.
    #[error(transparent)]
    Refused(#[from] Refusal),
    /// The move is not legal, or not a move.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// The turn cannot be taken back.
    #[error("cannot undo: {0}")]
    Undo(#[from] UndoError),
    /// A stored game cannot be read or replayed (a corrupt row, a move that no longer
    /// replays): that game alone is refused.
    #[error("game `{id}` cannot be loaded: {reason}")]
    Damaged {
        /// The game's id.
        id: String,
        /// What is wrong with it.
        reason: String,
    },
    /// The database did not answer in time or cannot be reached. `maybe_stored`: a write was
    /// sent but its answer never came, so the database may still make it when it comes back;
    /// the game is then read again and shown as stored.
    #[error("the game store is unavailable; try again{}", if *.maybe_stored {
        " (it did not answer in time: if it stored the change after all, the game will show it)"
    } else {
        ""
    })]
    Unavailable {
        /// Whether the change may have been stored although no answer came.
        maybe_stored: bool,
    },
    /// The computer player failed to move.
    #[error("the computer player failed: {0}")]
    Computer(String),
    /// A seat of a game between people opened by someone other than the player sitting in it
    /// (a link is an invitation to sit, not a key to another player's seat).
    #[error("this seat is {0}'s: only they play it (open the game where you are them)")]
    SeatTaken(String),
    /// A player invited who does not exist (or twice, or oneself).
    #[error("no player `{0}` to invite (a player's id is on their page)")]
    NoSuchInvitee(String),
    /// A check passed but the change it checked failed: a bug.
    #[error("internal error: {0}")]
    Internal(String),
}

/// An action not allowed in the game's present state, or not to this connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The game has ended.
    #[error("the game is over")]
    GameOver,
    /// Someone who plays no seat tried to move.
    #[error("spectators cannot move")]
    SpectatorMove,
    /// Someone who plays no seat tried to resign.
    #[error("spectators cannot resign")]
    SpectatorResign,
    /// Another seat is to move (the seat, from 0).
    #[error("it is not your turn: player {} is to move", .0 + 1)]
    NotYourTurn(usize),
    /// A computer is choosing its move.
    #[error("the computer is thinking")]
    ComputerThinking,
    /// A move text longer than any move.
    #[error("a move is at most {MAX_MOVE_TEXT} characters")]
    MoveTooLong,
    /// Online games have no undo.
    #[error("online games have no undo")]
    OnlineUndo,
    /// An undo in a finished game: a finished game stays finished (a game of hidden
    /// information all the more: its record, then available, holds the seed that decides
    /// every hidden tile).
    #[error("the game is over and stays as it ended: a rematch starts another")]
    Finished,
    /// Nothing this connection may take back.
    #[error("there is nothing to take back")]
    NothingToTakeBack,
    /// A hint asked by a connection whose seat is not to move.
    #[error("a hint is for the seat to move")]
    HintNotYourTurn,
    /// No hint can be searched here.
    #[error("no hint here")]
    NoHint,
    /// A hint asked in a game between people, where the engine's help would be cheating.
    #[error("no hints in a game between people: the engine's help would be cheating")]
    HintBetweenPeople,
    /// Another hint or analysis of the game is under way.
    #[error("a hint or analysis of this game is being worked out: try again when it is done")]
    GameAsking,
    /// The record of a game still being played (it holds the seed).
    #[error("the game is not over: its record is available when it ends")]
    NotOver,
    /// Analysis of a game still being played (it would help one side), or of a position
    /// beyond the moves played.
    #[error("analysis is for finished games, at a position of their history")]
    AnalysisNotNow,
    /// Analysis of a game with hidden information, which would need what no seat may see.
    #[error("games with hidden hands are not analysed: it would need what no seat may see")]
    AnalysisHidden,
    /// A rematch asked before the end.
    #[error("a rematch can be asked for once the game is over")]
    RematchNotOver,
    /// A change decided against a game that another request or server changed first.
    #[error("the game changed meanwhile (someone else changed it first); here it is now")]
    ChangedElsewhere,
    /// A rematch asked by someone who plays no seat.
    #[error("only players can ask for a rematch")]
    SpectatorRematch,
    /// A seat of a rated game opened by a visitor without a name.
    #[error("this game is rated: choose a name first (top of the page), then open the link again")]
    RatedNeedsName,
    /// A rated game asked for by links without naming every other player.
    #[error(
        "a rated game is made through the lobby, or by inviting its other players by their ids \
         (\"invite\": one player id a seat besides yours)"
    )]
    RatedNeedsInvite,
    /// A challenge open to bots without a clock: a bot would wait for ever for a person who
    /// left.
    #[error(
        "a challenge open to bots needs a clock or a correspondence deadline (\"clock\": \
         {{\"minutes\": 10, \"increment\": 5}} or {{\"days\": 1}}): a game its person leaves \
         then ends by the rules, and the bot goes on to the next"
    )]
    BotsNeedClock,
    /// A rated table of more than two filled by newcomers only.
    #[error(
        "a rated table of more than two needs a player with 5 rated games or more: play this \
         one casual"
    )]
    RatedNewcomers,
    /// A rated game asked for by someone without a name.
    #[error("to make a rated game, choose a name first (top of the page)")]
    RatedCreatorNeedsName,
    /// A player opening a second seat of one rated game.
    #[error("you already sit in seat {} of this rated game: a rated game is between different players", .0 + 1)]
    RatedOneSeat(usize),
    /// A draw offer, takeback or abort outside a game between people (or a draw offer or
    /// takeback in a game of more than two).
    #[error("draw offers and takebacks are for online games of two players")]
    NotBetweenTwo,
    /// An abort outside a game between people.
    #[error("abort is for online games: here, resign or start a new game")]
    AbortNotOnline,
    /// An abort once every player has moved.
    #[error("every player has moved: the game can no longer be aborted (resign instead)")]
    AbortTooLate,
    /// A takeback asked while it is not the other player's turn.
    #[error("ask to take back your move while it is your opponent's turn")]
    TakebackNotNow,
    /// An answer with no offer of the other player waiting.
    #[error("there is no offer of your opponent to answer")]
    NoOffer,
    /// An offer while one of the asking player's own waits.
    #[error("your offer is waiting for its answer")]
    OfferWaiting,
    /// The same offer again, too soon after the other player declined it.
    #[error("{} was declined: you may ask again after {moves} more {}", declined_what(*kind), if *moves == 1 { "move" } else { "moves" })]
    DeclinedLately {
        /// What was declined.
        kind: crate::store::OfferKind,
        /// The moves still to be played before it may be made again.
        moves: usize,
    },
    /// A rematch offered again too soon after the other player declined it.
    #[error("your rematch offer was declined: you may offer one again in {seconds} s")]
    RematchDeclinedLately {
        /// The seconds still to wait.
        seconds: u64,
    },
    /// A claim while the other player is here.
    #[error("your opponent is here: a game is claimed only when they have left")]
    ClaimOpponentHere,
    /// A claim before the other player has been away long enough.
    #[error("your opponent may come back: you may claim the game in {seconds} s if they do not")]
    ClaimTooSoon {
        /// The seconds still to wait.
        seconds: u64,
    },
    /// A claim in a game that not every player has moved in yet.
    #[error("the game has not begun (not every player has moved): abort it instead")]
    ClaimBeforeStart,
    /// A claim in a correspondence game.
    #[error("a correspondence game is not claimed: its deadline ends it")]
    ClaimCorrespondence,
    /// A move that came after its player's time ran out.
    #[error("your time ran out: the game is over")]
    OutOfTime,
    /// A move in a rated game before every seat has its player.
    #[error("the game starts when every player has opened their link")]
    WaitingForPlayers,
}

/// The longest move text the server reads.
pub const MAX_MOVE_TEXT: usize = 512;

impl HubError {
    /// The HTTP status that answers this error: the server's own failures are 500, a record
    /// asked too early 409, everything else a bad request.
    pub fn status(&self) -> StatusCode {
        match self {
            HubError::Random(_)
            | HubError::Store { .. }
            | HubError::Computer(_)
            | HubError::Damaged { .. }
            | HubError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
            HubError::Refused(Refusal::NotOver) => StatusCode::CONFLICT,
            HubError::TooMany { .. } => StatusCode::TOO_MANY_REQUESTS,
            HubError::Unavailable { .. } => StatusCode::SERVICE_UNAVAILABLE,
            _ => StatusCode::BAD_REQUEST,
        }
    }
}

/// The error for a game id the server does not have, listing those it has.
pub fn unknown_game(given: &str) -> HubError {
    use tabuleiro_core::Registry as _;
    let known: Vec<&str> = tabuleiro_games::REGISTRY
        .games()
        .iter()
        .map(|g| g.id)
        .collect();
    HubError::UnknownGame {
        given: given.to_owned(),
        known: known.join(", "),
    }
}

/// What a declined offer of `kind` is called when it is made again too soon.
fn declined_what(kind: crate::store::OfferKind) -> &'static str {
    match kind {
        crate::store::OfferKind::Draw => "your draw offer",
        crate::store::OfferKind::Takeback => "your takeback request",
        crate::store::OfferKind::Rematch => "your rematch offer",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refusals_are_bad_requests_and_say_why() {
        let error = HubError::from(Refusal::NotYourTurn(1));
        assert_eq!(error.status(), StatusCode::BAD_REQUEST);
        assert_eq!(
            error.to_string(),
            "it is not your turn: player 2 is to move"
        );
        let error = HubError::from(Refusal::MoveTooLong);
        assert_eq!(error.to_string(), "a move is at most 512 characters");
    }

    #[test]
    fn an_early_record_is_a_conflict_and_the_servers_own_failures_are_500() {
        assert_eq!(
            HubError::from(Refusal::NotOver).status(),
            StatusCode::CONFLICT
        );
        assert_eq!(
            HubError::Internal("x".to_owned()).status(),
            StatusCode::INTERNAL_SERVER_ERROR
        );
        assert_eq!(
            HubError::Random("no entropy".to_owned()).status(),
            StatusCode::INTERNAL_SERVER_ERROR
        );
    }
}
