//! A puzzle played on the page's own board. The page sends the moves its player made since
//! the puzzle's position (the turns judged right so far, then the turn under way); this judges
//! them turn by turn against the solution, as the terminal does
//! ([`tabuleiro_ai::puzzles::attempt`]), plays the defender's answers, and says what the page
//! shows next: the states it draws in turn, in the very form of a game's states, so that the
//! page points, reads keys and announces as it does in a game.
//!
//! Nothing is kept between requests: each one replays the puzzle from its position.

use serde_json::Value;
use tabuleiro_ai::puzzles::PuzzleEntry;
use tabuleiro_ai::puzzles::attempt::{Attempt, Stage, Verdict};
use tabuleiro_core::{Engine, GameVisitor, Registry, Session};

use crate::dyngame::{self, DynGame};
use crate::protocol::{Ending, SeatInfo, ServerMessage, compact_previews};

/// What the moves sent came to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Judged {
    /// No move yet: the puzzle's position.
    Start,
    /// A turn under way (the first move of a Nudge turn).
    Unfinished,
    /// The solution's turn, with more to find after the defender's answer.
    Best,
    /// The solution's last turn: the puzzle is solved.
    Solved,
    /// Not the solution's turn: the page takes it back.
    Wrong,
    /// The solution played out from the last turn judged right.
    Shown,
}

impl Judged {
    /// The name the page reads.
    pub fn name(self) -> &'static str {
        match self {
            Judged::Start => "start",
            Judged::Unfinished => "unfinished",
            Judged::Best => "best",
            Judged::Solved => "solved",
            Judged::Wrong => "wrong",
            Judged::Shown => "shown",
        }
    }
}

/// The moves judged, and what to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walked {
    /// What the last move (or the request to show the solution) came to.
    pub judged: Judged,
    /// The seat (from 0) of the player solving.
    pub seat: usize,
    /// The positions to show in turn, each as the moves played since the puzzle's position.
    pub shown: Vec<Vec<String>>,
    /// The defender's answer played after a right turn, in notation.
    pub answer: Vec<String>,
}

/// Judges `moves` (the player's, since the puzzle's position) against `entry`'s solution;
/// with `show`, then plays the solution out from the last turn judged right.
///
/// # Errors
/// A puzzle that does not load, a move that is not legal or not the player's to make, a wrong
/// turn before the last, or a move after the puzzle is over: in words for the player.
pub fn walk(
    registry: &impl Registry,
    entry: &PuzzleEntry,
    moves: &[String],
    show: bool,
) -> Result<Walked, String> {
    registry
        .visit(&entry.game, Walk { entry, moves, show })
        .unwrap_or_else(|| Err(format!("no game `{}` here", entry.game)))
}

struct Walk<'a> {
    entry: &'a PuzzleEntry,
    moves: &'a [String],
    show: bool,
}

/// The moves of `session` since move `start`, in notation.
fn since<G: Engine>(session: &Session<G>, start: usize) -> Vec<String> {
    session.positions()[start..]
        .iter()
        .zip(&session.moves()[start..])
        .map(|(position, &mv)| position.format_move(mv))
        .collect()
}

impl GameVisitor for Walk<'_> {
    type Output = Result<Walked, String>;

    fn visit<G: Engine>(self) -> Self::Output {
        let loaded = self.entry.load::<G>().map_err(|e| e.to_string())?;
        let mut session =
            Session::<G>::from_record(&self.entry.position).map_err(|e| e.to_string())?;
        let start = session.moves().len();
        let mut attempt =
            Attempt::new(loaded, start).ok_or("nobody is to move in this puzzle's position")?;
        let seat = attempt.solver().index();
        // The game at the start of the turn under way: where a wrong turn goes back to.
        let mut turn_start = session.clone();
        let mut walked = Walked {
            judged: Judged::Start,
            seat,
            shown: Vec::new(),
            answer: Vec::new(),
        };
        for (i, text) in self.moves.iter().enumerate() {
            walked.answer.clear();
            if attempt.stage() != Stage::Solving {
                return Err(format!(
                    "{text}: the puzzle is solved, there is no move to make"
                ));
            }
            if session.to_move() != Some(attempt.solver()) {
                return Err(format!("{text}: it is not your turn"));
            }
            let mv = session
                .state()
                .parse_move(text)
                .map_err(|e| format!("{text}: {e}"))?;
            session.play(mv).map_err(|e| format!("{text}: {e}"))?;
            let last = i + 1 == self.moves.len();
            match attempt.judge(&session) {
                Verdict::Unfinished => {
                    walked.judged = Judged::Unfinished;
                    if last {
                        walked.shown.push(since(&session, start));
                    }
                }
                Verdict::Wrong if last => {
                    walked.judged = Judged::Wrong;
                    walked.shown.push(since(&session, start));
                    session = turn_start.clone();
                }
                Verdict::Wrong => {
                    return Err(format!(
                        "{text}: not the solution's turn, and more moves came after it"
                    ));
                }
                Verdict::Best(answer) | Verdict::Solved(answer) => {
                    walked.judged = if attempt.stage() == Stage::Solved {
                        Judged::Solved
                    } else {
                        Judged::Best
                    };
                    if last {
                        walked.shown.push(since(&session, start));
                    }
                    for mv in answer {
                        walked.answer.push(session.state().format_move(mv));
                        session.play(mv).map_err(|e| e.to_string())?;
                    }
                    turn_start = session.clone();
                }
            }
        }
        if self.show {
            // The turn under way is taken back, and the solution played out from there.
            session = turn_start;
            attempt.show();
            walked.judged = Judged::Shown;
            walked.answer.clear();
            walked.shown.push(since(&session, start));
            while let Some(mv) = attempt.next_shown() {
                session.play(mv).map_err(|e| e.to_string())?;
                walked.shown.push(since(&session, start));
            }
        } else if walked.shown.is_empty()
            || walked.judged == Judged::Wrong
            || !walked.answer.is_empty()
        {
            walked.shown.push(since(&session, start));
        }
        Ok(walked)
    }
}

/// The seats of a puzzle: the player's, and the puzzle's defender.
fn seats(players: usize, seat: usize) -> Vec<SeatInfo> {
    (0..players)
        .map(|s| SeatInfo {
            name: if s == seat { "human" } else { "puzzle" }.to_owned(),
            computer: s != seat,
            player: None,
        })
        .collect()
}

/// The welcome the page reads for a puzzle: the game, the player's seat and the legend.
pub fn welcome(entry: &PuzzleEntry, game: &dyn DynGame, seat: usize) -> ServerMessage {
    let info = game.info();
    ServerMessage::Welcome {
        id: entry.id.clone(),
        game: info.id.to_owned(),
        name: info.name.to_owned(),
        mode: "puzzle".to_owned(),
        hints: false,
        options: game.options_as_played(),
        seats: seats(game.players(), seat),
        you: vec![seat],
        hidden_information: info.hidden_information,
        rules: info.rules.to_owned(),
        move_syntax: info.move_syntax.to_owned(),
        analysis: false,
        legend: game.shown(Some(seat)).picture.legend,
    }
}

/// A position of a puzzle as a game's state, seen from the player's `seat`; its moves are
/// the player's to make when it is their turn.
pub fn state(game: &dyn DynGame, seat: usize, version: u64) -> ServerMessage {
    let mut shown = game.shown(Some(seat));
    shown.picture.legend.clear();
    let to_move = game.to_move();
    let mut legal = if to_move == Some(seat) {
        game.legal_moves()
    } else {
        Vec::new()
    };
    let previews = compact_previews(&mut legal);
    ServerMessage::State {
        version,
        board: shown.board,
        picture: Box::new(shown.picture),
        to_move,
        move_in_turn: game.move_in_turn(),
        moves: shown.moves,
        legal,
        previews,
        scores: shown.scores,
        private: shown.private,
        ending: game.outcome().as_ref().map(Ending::from),
        thinking: false,
        can_undo: false,
        rematch: None,
        seats: seats(game.players(), seat),
        offer: None,
        declined: None,
        presence: None,
        clock: None,
    }
}

/// The states of `walked`'s positions in turn, as JSON; `welcome`: the welcome first.
///
/// # Errors
/// A position that does not replay (which the walk has just played: not expected).
pub fn states(entry: &PuzzleEntry, walked: &Walked) -> Result<Vec<Value>, String> {
    walked
        .shown
        .iter()
        .map(|line| {
            let game = dyngame::replay(&entry.position, line)?;
            let version = entry.position.moves.len() as u64 + line.len() as u64;
            serde_json::to_value(state(game.as_ref(), walked.seat, version))
                .map_err(|e| e.to_string())
        })
        .collect()
}
