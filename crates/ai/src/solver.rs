//! An exact solver for finite games without cycles (Quantik): the value of every position it
//! meets, folded over the game's symmetries through [`Game::canonical_key`].
//!
//! Values are from the point of view of the player to move: win, draw or loss. A position is
//! solved by first looking for a move that wins at once, then searching the other moves
//! depth-first until one wins; every solved position is remembered, so later questions about
//! positions met before (and their symmetric images) are answered from memory.
//!
//! [`Game::canonical_key`]: tabuleiro_core::Game::canonical_key

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use tabuleiro_core::{Engine, PlayerResult};

/// The exact value of a position for the player to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Value {
    /// The player to move loses against perfect play.
    Loss = -1,
    /// Perfect play draws.
    Draw = 0,
    /// The player to move wins with perfect play.
    Win = 1,
}

impl Value {
    fn from_i8(v: i8) -> Value {
        match v.signum() {
            1 => Value::Win,
            0 => Value::Draw,
            _ => Value::Loss,
        }
    }

    fn from_result(r: PlayerResult) -> Value {
        match r {
            PlayerResult::Win => Value::Win,
            PlayerResult::Draw => Value::Draw,
            PlayerResult::Loss => Value::Loss,
        }
    }

    /// The value for the other side.
    pub fn flip(self) -> Value {
        Value::from_i8(-(self as i8))
    }
}

/// A hasher for keys that are already position codes: one multiply, then the high bits.
#[derive(Default, Clone, Copy, Debug)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    fn write_u64(&mut self, key: u64) {
        let h = key.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 = h ^ (h >> 29);
    }
}

/// Solved positions by canonical key.
type Memory = HashMap<u64, Value, BuildHasherDefault<KeyHasher>>;

/// A solver that remembers every position it has solved.
#[derive(Debug)]
pub struct Solver<G: Engine> {
    memory: Memory,
    buffers: Vec<Vec<G::Move>>,
    children: Vec<Vec<(i32, G)>>,
    /// Positions searched (not answered from memory), over the solver's life.
    pub nodes: u64,
    use_symmetry: bool,
}

impl<G: Engine> Default for Solver<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Engine> Solver<G> {
    /// A solver that folds symmetric positions together.
    pub fn new() -> Self {
        Solver {
            memory: Memory::default(),
            buffers: Vec::new(),
            children: Vec::new(),
            nodes: 0,
            use_symmetry: true,
        }
    }

    /// A solver that uses [`Game::position_key`](tabuleiro_core::Game::position_key) only (no
    /// symmetry), as a yardstick.
    pub fn without_symmetry() -> Self {
        Solver {
            use_symmetry: false,
            ..Self::new()
        }
    }

    /// Number of positions remembered.
    pub fn positions(&self) -> usize {
        self.memory.len()
    }

    /// The value of an unfinished `state` for its player to move (use
    /// [`Solver::value_after`] for positions that may be finished; this returns `Draw` for
    /// them, as nobody is to move).
    pub fn solve(&mut self, state: &G) -> Value {
        if state.to_move().is_none() {
            return Value::Draw;
        }
        self.value(state, 0)
    }

    /// The value for `player` of `child`, a position reached by `player`'s move.
    pub fn value_after(&mut self, child: &G, player: tabuleiro_core::Player) -> Value {
        if let Some(outcome) = child.outcome() {
            return Value::from_result(outcome.result(player));
        }
        let v = self.value(child, 0);
        if child.to_move() == Some(player) {
            v
        } else {
            v.flip()
        }
    }

    fn key(&self, state: &G) -> u64 {
        if self.use_symmetry {
            state.canonical_key()
        } else {
            state.position_key()
        }
    }

    fn value(&mut self, state: &G, depth: usize) -> Value {
        let key = self.key(state);
        if let Some(&v) = self.memory.get(&key) {
            return v;
        }
        self.nodes += 1;
        let Some(me) = state.to_move() else {
            return Value::Draw;
        };
        if self.buffers.len() <= depth {
            self.buffers.resize_with(depth + 1, Vec::new);
            self.children.resize_with(depth + 1, Vec::new);
        }
        if state.winning_move().is_some() {
            self.memory.insert(key, Value::Win);
            return Value::Win;
        }
        let mut moves = std::mem::take(&mut self.buffers[depth]);
        let mut children = std::mem::take(&mut self.children[depth]);
        state.legal_moves(&mut moves);
        children.clear();
        let mut best = Value::Loss;
        for &mv in &moves {
            let mut child = state.clone();
            child.play_unchecked(mv);
            match child.outcome() {
                Some(outcome) => best = best.max(Value::from_result(outcome.result(me))),
                None => children.push((child.evaluate(me), child)),
            }
            if best == Value::Win {
                break;
            }
        }
        if best != Value::Win {
            children.sort_unstable_by_key(|(score, _)| -score);
            for (_, child) in &children {
                let v = self.value(child, depth + 1);
                let v = if child.to_move() == Some(me) {
                    v
                } else {
                    v.flip()
                };
                best = best.max(v);
                if best == Value::Win {
                    break;
                }
            }
        }
        self.buffers[depth] = moves;
        self.children[depth] = children;
        self.memory.insert(key, best);
        best
    }
}
