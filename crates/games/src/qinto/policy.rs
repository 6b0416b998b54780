//! The playout policy of Q!nto's searches ([`tabuleiro_core::Game::playout_move`]): a quick
//! sensible player, since random players hardly ever lay more than one tile and their games
//! say little about a position.
//!
//! It makes the play worth most — a tile for each tile laid, and 4 more for completing a
//! Q!nto, about what the extra turn lays; with no play it swaps as many wilds as it can take; otherwise it passes,
//! trading every ordinary tile of its hand (keeping its wilds, which always fit somewhere).
//! Ties are broken at random.

use tabuleiro_core::GameRng;
use tabuleiro_core::rng::random_index;

use super::grid::{DOWN, RIGHT};
use super::notation::{Play, QintoMove};
use super::state::Qinto;

impl Qinto {
    /// Whether the legal `play` completes a Q!nto: a run of 5 along the play or across one
    /// of its tiles, judged before the tiles are placed.
    pub fn completes_qinto(&self, play: &Play) -> bool {
        let grid = self.grid();
        let (along, across) = if play.vertical {
            (DOWN, RIGHT)
        } else {
            (RIGHT, DOWN)
        };
        let start = play.start.index();
        let mut last = start;
        for (cell, _) in play.placements() {
            let index = cell.index();
            if grid.neighbours_run(index, across).len() == 4 {
                return true;
            }
            last = index;
        }
        let extent = |from: usize, step: isize| {
            let mut n = 0;
            let mut i = from;
            while n < 5 {
                i = i.wrapping_add_signed(step);
                if grid.at(i).is_none() {
                    break;
                }
                n += 1;
            }
            n
        };
        let span = (last - start) / along.unsigned_abs() + 1;
        extent(start, -along) + span + extent(last, along) == 5
    }

    /// The policy's move (see the module docs), or `None` when the game is over.
    pub(super) fn policy_move(&self, rng: &mut GameRng) -> Option<QintoMove> {
        let mut moves = Vec::new();
        self.list(&mut moves);
        // A play is worth its tiles, and a Q!nto about one more play on top.
        let worth = |play: &Play| play.count() + if self.completes_qinto(play) { 4 } else { 0 };
        let best = moves
            .iter()
            .filter_map(|mv| match mv {
                QintoMove::Play(play) => Some(worth(play)),
                _ => None,
            })
            .max();
        if let Some(best) = best {
            let pool: Vec<QintoMove> = moves
                .iter()
                .copied()
                .filter(|mv| matches!(mv, QintoMove::Play(play) if worth(play) == best))
                .collect();
            return pool.get(random_index(rng, pool.len())).copied();
        }
        let most_swapped = moves
            .iter()
            .filter_map(|mv| match mv {
                QintoMove::Swap(swap) => Some(swap.count),
                _ => None,
            })
            .max();
        let pool: Vec<QintoMove> = if let Some(most) = most_swapped {
            moves
                .into_iter()
                .filter(|mv| matches!(mv, QintoMove::Swap(swap) if swap.count == most))
                .collect()
        } else {
            let ordinary = moves.into_iter().filter(
                |mv| matches!(mv, QintoMove::Pass(trade) if trade.tiles().all(|t| !t.is_wild())),
            );
            let most = ordinary.clone().map(|mv| match mv {
                QintoMove::Pass(trade) => trade.count,
                _ => 0,
            });
            let most = most.max()?;
            ordinary
                .filter(|mv| matches!(mv, QintoMove::Pass(trade) if trade.count == most))
                .collect()
        };
        pool.get(random_index(rng, pool.len())).copied()
    }
}
