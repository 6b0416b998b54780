//! Exact values with the moves to the end, for games without cycles (Quantik): a full search
//! that remembers every position it solves, folded over the game's symmetries
//! ([`Game::canonical_key`](tabuleiro_core::Game::canonical_key)). Unlike [`crate::Solver`],
//! which stops at the first winning move, it knows how long each win and loss takes: what a
//! "win in N" puzzle needs.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;
use std::marker::PhantomData;

use tabuleiro_core::{Engine, ExactValue, PlayerResult};

use super::ExactSource;
use crate::solver::KeyHasher;

/// A search for exact values with distances, remembering every position it solved.
#[derive(Debug)]
pub struct DistanceSolver<G> {
    memory: HashMap<u64, ExactValue, BuildHasherDefault<KeyHasher>>,
    /// Positions searched (not answered from memory), over the solver's life.
    pub nodes: u64,
    /// The most positions one question may search; `None`: no limit.
    budget: Option<u64>,
    /// Where the question under way must stop.
    stop_at: u64,
    game: PhantomData<fn() -> G>,
}

impl<G> Default for DistanceSolver<G> {
    fn default() -> Self {
        DistanceSolver {
            memory: HashMap::default(),
            nodes: 0,
            budget: None,
            stop_at: u64::MAX,
            game: PhantomData,
        }
    }
}

impl<G: Engine> DistanceSolver<G> {
    /// A solver that remembers nothing yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// A solver that gives up a question (answers `None`) once it has searched `nodes`
    /// positions for it: early in a game a position's whole tree is large, and a generator
    /// has other positions to look at. What was solved before giving up is remembered.
    pub fn with_budget(nodes: u64) -> Self {
        DistanceSolver {
            budget: Some(nodes),
            ..Self::default()
        }
    }

    /// Positions remembered.
    pub fn positions(&self) -> usize {
        self.memory.len()
    }

    /// The value of an unfinished `state` for its player to move: the best of its moves, a
    /// quicker win before a slower one, a slower loss before a quicker one.
    fn search(&mut self, state: &G) -> Option<ExactValue> {
        let key = state.canonical_key();
        if let Some(&known) = self.memory.get(&key) {
            return Some(known);
        }
        if self.nodes >= self.stop_at {
            return None;
        }
        self.nodes += 1;
        let Some(me) = state.to_move() else {
            return Some(ExactValue::Draw);
        };
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let mut best: Option<ExactValue> = None;
        for mv in moves {
            let mut child = state.clone();
            child.play_unchecked(mv);
            let value = match child.outcome() {
                Some(outcome) => match outcome.result(me) {
                    PlayerResult::Win => ExactValue::Win { plies: 1 },
                    PlayerResult::Draw => ExactValue::Draw,
                    PlayerResult::Loss => ExactValue::Loss { plies: 1 },
                },
                None => self.search(&child)?.before(1, child.to_move() == Some(me)),
            };
            if best.is_none_or(|b| value.rank() > b.rank()) {
                best = Some(value);
            }
        }
        // A position with nobody able to move is over in every game of the registry; drawn
        // if one ever is not.
        let value = best.unwrap_or(ExactValue::Draw);
        self.memory.insert(key, value);
        Some(value)
    }
}

impl<G: Engine> ExactSource<G> for DistanceSolver<G> {
    fn value(&mut self, state: &G) -> Option<ExactValue> {
        state.to_move()?;
        self.stop_at = self
            .budget
            .map_or(u64::MAX, |b| self.nodes.saturating_add(b));
        self.search(state)
    }
}
