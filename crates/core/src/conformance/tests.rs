//! The suite on a toy game (Nim: take 1–3 counters, whoever takes the last wins), once
//! correct and once with each of several planted bugs, which the suite must catch.

use super::*;
use crate::game::Perspective;
use crate::game::{Game, IllegalMove, SetupError, SyntaxError};
use crate::info::GameInfo;
use crate::outcome::Outcome;
use crate::picture::{Axis, Board, Cell, Gesture, Ink, Picture, Piece, Placed, Shape};
use crate::player::Player;
use crate::rng::{GameRng, RngExt};

static NIM: GameInfo = GameInfo {
    id: "nim",
    name: "Nim",
    summary: "Take 1 to 3 counters; whoever takes the last wins.",
    min_players: 2,
    max_players: 2,
    chance: false,
    hidden_information: false,
    scores: false,
    move_syntax: "t1, t2 or t3",
    max_moves: Some(PILE as usize),
    options: &[],
    rules: "",
};

const PILE: u8 = 11;

/// Planted bugs, one per value of `BUG` (0 is the correct game).
const ACCEPTS_TOO_MANY: u8 = 1;
const CASE_SENSITIVE: u8 = 2;
const KEY_IGNORES_PILE: u8 = 3;
const NO_OUTCOME: u8 = 4;
const RANDOM_OUTSIDE: u8 = 5;
const ONE_GESTURE: u8 = 6;
const PIECE_OFF_BOARD: u8 = 7;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Nim<const BUG: u8> {
    left: u8,
    to_move: u8,
}

impl<const BUG: u8> Game for Nim<BUG> {
    type Move = u8;
    type View = Self;
    const INFO: &'static GameInfo = &NIM;

    fn new(setup: &Setup) -> Result<Self, SetupError> {
        SetupError::check_players(&NIM, setup.players)?;
        Ok(Nim {
            left: PILE,
            to_move: 0,
        })
    }
    fn players(&self) -> usize {
        2
    }
    fn to_move(&self) -> Option<Player> {
        (self.left > 0).then_some(Player(self.to_move))
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.left == 0 && BUG != NO_OUTCOME)
            .then(|| Outcome::win(Player(1 - self.to_move), 2, "took the last counter"))
    }
    fn legal_moves(&self, moves: &mut Vec<u8>) {
        moves.clear();
        moves.extend((1..=3).filter(|&k| k <= self.left));
    }
    fn check_move(&self, mv: u8) -> Result<(), IllegalMove> {
        let most = if BUG == ACCEPTS_TOO_MANY {
            3
        } else {
            self.left.min(3)
        };
        if (1..=most).contains(&mv) {
            Ok(())
        } else {
            Err(IllegalMove::new("too many"))
        }
    }
    fn play_unchecked(&mut self, mv: u8) {
        self.left = self.left.saturating_sub(mv);
        self.to_move = 1 - self.to_move;
    }
    fn format_move(&self, mv: u8) -> String {
        format!("t{mv}")
    }
    fn parse_notation(&self, text: &str) -> Result<u8, SyntaxError> {
        let text = text.trim();
        let digits = if BUG == CASE_SENSITIVE {
            text.strip_prefix('t')
        } else {
            text.strip_prefix('t').or_else(|| text.strip_prefix('T'))
        };
        digits
            .and_then(|d| d.parse::<u8>().ok())
            .filter(|k| (1..=3).contains(k))
            .ok_or_else(|| SyntaxError {
                text: text.into(),
                reason: "t1, t2 or t3".into(),
            })
    }
    fn render(&self, _: Perspective) -> String {
        format!("{} left", self.left)
    }
    /// A row of counters, those left at the start of the row.
    fn picture(&self, _: Perspective) -> Picture {
        let mut picture = Picture::new(Board {
            columns: Axis::numbers(usize::from(PILE)),
            rows: Axis::numbers(1),
            open: false,
        });
        let shift = i32::from(BUG == PIECE_OFF_BOARD);
        for i in 0..self.left {
            picture.pieces.push(Placed {
                cell: Cell::new(i32::from(i) + shift, 0),
                piece: Piece::new(Shape::Disc, Ink::Light, ""),
            });
        }
        picture
    }
    /// Taking `mv` counters: pointing at the first of them.
    fn gesture(&self, mv: u8) -> Gesture {
        let first = if BUG == ONE_GESTURE {
            0
        } else {
            i32::from(self.left) - i32::from(mv)
        };
        Gesture::cells(vec![Cell::new(first, 0)])
    }
    fn view(&self, _: Player) -> Self {
        *self
    }
    fn sample_from_view(view: &Self, _: &mut GameRng) -> Self {
        *view
    }
    fn position_key(&self) -> u64 {
        let pile = if BUG == KEY_IGNORES_PILE {
            0
        } else {
            u64::from(self.left)
        };
        pile * 2 + u64::from(self.to_move)
    }
    fn random_move(&self, rng: &mut GameRng) -> Option<u8> {
        if self.left == 0 {
            None
        } else if BUG == RANDOM_OUTSIDE {
            Some(rng.random_range(1..=3))
        } else {
            Some(rng.random_range(1..=self.left.min(3)))
        }
    }
}

impl<const BUG: u8> Engine for Nim<BUG> {
    const ENGINE: crate::EngineInfo = crate::EngineInfo {
        search: crate::SearchKind::AlphaBeta,
        solvable: true,
    };
    fn evaluate(&self, _player: Player) -> i32 {
        0
    }
}

fn setups() -> Vec<Setup> {
    vec![Setup::default_for(&NIM)]
}

#[test]
fn a_correct_game_passes() {
    let report = check::<Nim<0>>(&setups(), 30, 1);
    assert_eq!(report.games, 30);
    assert_eq!(report.finished, 30);
    assert_eq!(report.records, 60);
    assert!(report.refused > 0, "{report:?}");
    assert!(report.syntax_errors > 0, "{report:?}");
    // The same seed checks the same games.
    assert_eq!(check::<Nim<0>>(&setups(), 30, 1), report);
}

#[test]
#[should_panic(expected = "check_move accepts `t3`")]
fn accepting_an_unlisted_move_is_caught() {
    check::<Nim<ACCEPTS_TOO_MANY>>(&setups(), 30, 1);
}

#[test]
#[should_panic(expected = "does not read as the same move")]
fn case_sensitive_notation_is_caught() {
    check::<Nim<CASE_SENSITIVE>>(&setups(), 5, 1);
}

#[test]
fn case_sensitive_notation_may_be_allowed() {
    let config = Config {
        games_per_setup: 5,
        seed: 1,
        case_insensitive: false,
        ..Config::default()
    };
    check_with::<Nim<CASE_SENSITIVE>>(&setups(), &config);
}

#[test]
#[should_panic(
    expected = "is shared with a position with another player to move or other legal moves"
)]
fn a_key_that_misses_part_of_the_position_is_caught() {
    check::<Nim<KEY_IGNORES_PILE>>(&setups(), 30, 1);
}

#[test]
#[should_panic(expected = "nobody is to move but no outcome")]
fn a_missing_outcome_is_caught() {
    check::<Nim<NO_OUTCOME>>(&setups(), 5, 1);
}

#[test]
#[should_panic(expected = "which is not a legal move")]
fn a_random_move_outside_the_list_is_caught() {
    check::<Nim<RANDOM_OUTSIDE>>(&setups(), 30, 1);
}

#[test]
#[should_panic(expected = "are made by the same gesture")]
fn two_moves_with_one_gesture_are_caught() {
    check::<Nim<ONE_GESTURE>>(&setups(), 5, 1);
}

#[test]
#[should_panic(expected = "off its board")]
fn a_piece_drawn_off_the_board_is_caught() {
    check::<Nim<PIECE_OFF_BOARD>>(&setups(), 5, 1);
}
