//! A seat's view rebuilt from what it was told — the moves as it may know them and its own
//! hand — as an engine of the engine protocol knows the game ([`Game::view_from_told`]).
//!
//! The position starts as dealt (the pile and hand sizes follow from the number of players),
//! every tile hidden. Each move names the tiles it takes from its mover's hand (a play, a swap,
//! the seat's own trade): those hidden places of the mover's hand are revealed, then the move
//! is played as the rules play it. Another seat's trade is told only as a count (`pass (traded
//! 3)`): that many hidden tiles go under its pile and as many are drawn. After each move the
//! position is hidden again as the seat sees it ([`QintoView::of`]), so nothing is known but
//! what the seat may know; the seat's own hand is its last `private` text.

use tabuleiro_core::{Game, Player, Setup};

use super::hand::Hand;
use super::notation::{NONE, QintoMove, Trade, parse_move};
use super::state::{HAND, HIDDEN, Qinto};
use super::tile::Tile;
use super::view::QintoView;

/// The view of `seat` after `moves` (each as `seat` may read it, [`Game::format_move_for`]),
/// with `private` its last private text (`hand RS GD …`, [`Game::private_text`]).
///
/// # Errors
/// A move that cannot be read or followed (naming the move by its number), or a hand that does
/// not fit.
pub fn view_from_told(
    setup: &Setup,
    seat: Player,
    moves: &[String],
    private: Option<&str>,
) -> Result<QintoView, String> {
    // The deal's sizes and the first mover come from the setup; the tiles of seed 0 are hidden
    // at once (the seat's own hand too, until its private text).
    let start = Qinto::start(&Setup {
        seed: 0,
        ..setup.clone()
    })
    .map_err(|e| e.to_string())?;
    if seat.index() >= start.player_count() {
        return Err(format!(
            "{seat} does not play a game of {} players",
            start.player_count()
        ));
    }
    let mut known = QintoView::of(&start, seat).known;
    known.hands[seat.index()] = hidden(known.hands[seat.index()].len());
    for (i, text) in moves.iter().enumerate() {
        let text = text.trim();
        let said = |why: String| format!("move {} `{text}`: {why}", i + 1);
        if known.to_move().is_none() {
            return Err(said("the game was already over".to_owned()));
        }
        let mover = known.mover().index();
        if let Some(count) = traded_count(text) {
            trade_hidden(&mut known, mover, count).map_err(said)?;
        } else {
            let mv = parse_move(text).map_err(said)?;
            let taken = taken_from_hand(mv);
            for &code in &taken {
                reveal(&mut known.hands[mover], code, &taken).map_err(said)?;
            }
            known.check_move(mv).map_err(|e| said(e.to_string()))?;
            known.apply(mv);
        }
        known = QintoView::of(&known, seat).known;
    }
    if let Some(text) = private {
        let hand = read_hand(text)?;
        let size = known.hands[seat.index()].len();
        if hand.len() != size {
            return Err(format!(
                "`{text}`: the hand holds {size} tiles after these moves, not {}",
                hand.len()
            ));
        }
        known.hands[seat.index()] = hand;
    }
    Ok(QintoView::of(&known, seat))
}

/// A hand of `n` hidden tiles.
fn hidden(n: usize) -> Hand {
    let mut hand = Hand::default();
    for _ in 0..n {
        hand.push(HIDDEN);
    }
    hand
}

/// `pass (traded N)`: another seat's trade, of which only the count is told.
fn traded_count(text: &str) -> Option<u8> {
    let count = text
        .strip_prefix("pass (traded ")?
        .strip_suffix(')')?
        .trim()
        .parse()
        .ok()?;
    (1..=5).contains(&count).then_some(count)
}

/// The tile codes a move takes from its mover's hand.
fn taken_from_hand(mv: QintoMove) -> Vec<u8> {
    match mv {
        QintoMove::Play(play) => play.placements().map(|(_, t)| t.code()).collect(),
        QintoMove::Swap(swap) => swap.pairs().map(|(_, t)| t.code()).collect(),
        QintoMove::Pass(trade) => trade.tiles().map(Tile::code).collect(),
    }
}

/// Makes sure `hand` holds as many `code` tiles as `all` (every tile the move takes) names,
/// revealing hidden places.
fn reveal(hand: &mut Hand, code: u8, all: &[u8]) -> Result<(), String> {
    let need = all.iter().fold(0, |n, &c| n + usize::from(c == code));
    while hand.count(code) < need {
        if !hand.remove(HIDDEN) {
            let tile = Tile::from_code(code).map_or_else(|| "?".to_owned(), |t| t.to_string());
            return Err(format!("the mover's hand cannot hold {need} × {tile}"));
        }
        hand.push(code);
    }
    Ok(())
}

/// Another seat traded `count` tiles it alone knows: hidden tiles go under its pile, and the
/// rules then draw as many and pass the turn.
fn trade_hidden(known: &mut Qinto, mover: usize, count: u8) -> Result<(), String> {
    if usize::from(count) > known.hands[mover].len() {
        return Err(format!(
            "the hand holds {} tiles, not {count} to trade",
            known.hands[mover].len()
        ));
    }
    known.hands[mover] = hidden(known.hands[mover].len() - usize::from(count));
    for _ in 0..count {
        known.piles[mover].push_bottom(HIDDEN);
    }
    let mut tiles = [NONE; 5];
    tiles[..usize::from(count)].fill(HIDDEN);
    known.apply(QintoMove::Pass(Trade { tiles, count }));
    Ok(())
}

/// `hand RS GD …`.
fn read_hand(text: &str) -> Result<Hand, String> {
    let mut words = text.split_whitespace();
    if words.next() != Some("hand") {
        return Err(format!(
            "`{text}`: Q!nto's private text is `hand` and its tiles"
        ));
    }
    let mut hand = Hand::default();
    for word in words {
        if hand.len() == HAND {
            return Err(format!("`{text}`: more than {HAND} tiles"));
        }
        hand.push(
            Tile::parse(word)
                .map_err(|e| format!("`{text}`: {e}"))?
                .code(),
        );
    }
    Ok(hand)
}
