//! The perft data files (`tests/data/*.perft`) and the fast counts they are checked against.
//!
//! A line reads `GAME [OPTION=VALUE]... [moves=M1,M2,...] depth D COUNT` (`#` starts a comment,
//! `_` may group digits): the number of move sequences of length `D` from the start of `GAME`
//! with those options, after those moves. A finished game has no continuations.

use tabuleiro_core::{Engine, Game, GameVisitor, Registry};
use tabuleiro_games::REGISTRY;

use crate::util::{play, setup};

/// Number of move sequences of length `depth` from `state`.
pub fn perft<G: Game>(state: &G, depth: u32) -> u64 {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    match depth {
        0 => 1,
        // Every legal move is one sequence, whether or not it ends the game.
        1 => moves.len() as u64,
        _ => moves
            .iter()
            .map(|&mv| {
                let mut child = state.clone();
                child.play_unchecked(mv);
                perft(&child, depth - 1)
            })
            .sum(),
    }
}

/// Per depth `d` (index `d - 1`): sequences of length `d`, and how many of them end the game
/// on their last move. The same numbers as [`reference::perft`].
pub fn perft_with_endings<G: Game>(state: &G, depth: usize) -> Vec<(u64, u64)> {
    fn walk<G: Game>(state: &G, depth: usize, ply: usize, counts: &mut [(u64, u64)]) {
        if ply == depth {
            return;
        }
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        for mv in moves {
            let mut child = state.clone();
            child.play_unchecked(mv);
            counts[ply].0 += 1;
            if child.outcome().is_some() {
                counts[ply].1 += 1;
            } else {
                walk(&child, depth, ply + 1, counts);
            }
        }
    }
    let mut counts = vec![(0, 0); depth];
    walk(state, depth, 0, &mut counts);
    counts
}

/// One line of a perft file.
#[derive(Clone, Debug)]
pub struct Line {
    pub number: usize,
    pub game: String,
    pub options: Vec<String>,
    pub moves: Vec<String>,
    pub depth: u32,
    pub count: u64,
}

/// Every line of a perft file, in order.
pub fn parse_perft_file(text: &str) -> Vec<Line> {
    let mut lines = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let content = raw.split('#').next().unwrap_or_default().trim();
        if content.is_empty() {
            continue;
        }
        let number = i + 1;
        let words: Vec<&str> = content.split_whitespace().collect();
        let at = words
            .iter()
            .position(|w| *w == "depth")
            .unwrap_or_else(|| panic!("perft line {number}: no `depth`: {raw}"));
        assert!(
            at >= 1 && words.len() == at + 3,
            "perft line {number}: malformed: {raw}"
        );
        let mut options = Vec::new();
        let mut moves = Vec::new();
        for word in &words[1..at] {
            match word.strip_prefix("moves=") {
                Some(list) => moves.extend(list.split(',').map(str::to_owned)),
                None => options.push((*word).to_owned()),
            }
        }
        let number_at = |k: usize| -> u64 {
            words[k]
                .replace('_', "")
                .parse()
                .unwrap_or_else(|e| panic!("line {number}: {e}: {raw}"))
        };
        lines.push(Line {
            number,
            game: words[0].to_owned(),
            options,
            moves,
            depth: number_at(at + 1) as u32,
            count: number_at(at + 2),
        });
    }
    lines
}

/// Counts one line's position with the fast implementation of its game.
struct FastPerft<'a>(&'a Line);

impl GameVisitor for FastPerft<'_> {
    type Output = u64;
    fn visit<G: Engine>(self) -> u64 {
        let line = self.0;
        let options: Vec<&str> = line.options.iter().map(String::as_str).collect();
        let mut state = G::new(&setup::<G>(&options, 0))
            .unwrap_or_else(|e| panic!("perft line {}: {e}", line.number));
        play(&mut state, &line.moves.join(" "));
        perft(&state, line.depth)
    }
}

/// The count of `line` by its game's fast implementation.
pub fn fast_count(line: &Line) -> u64 {
    REGISTRY
        .visit(&line.game, FastPerft(line))
        .unwrap_or_else(|| panic!("perft line {}: no game `{}`", line.number, line.game))
}

/// Checks every line of a perft file whose count is at most `limit` against the fast
/// implementation, printing each line's time; returns how many lines were checked.
pub fn check_fast_counts(text: &str, limit: u64) -> usize {
    let mut checked = 0;
    for line in parse_perft_file(text).iter().filter(|l| l.count <= limit) {
        let start = std::time::Instant::now();
        assert_eq!(
            fast_count(line),
            line.count,
            "perft line {}: {line:?}",
            line.number
        );
        eprintln!(
            "line {}: {} in {:.2?}",
            line.number,
            line.count,
            start.elapsed()
        );
        checked += 1;
    }
    checked
}
