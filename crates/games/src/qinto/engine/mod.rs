//! What Q!nto's computer players know beyond the rules.
//!
//! [`Engine::playout_move`] is a quick sensible policy (module `policy`: the play worth most, a Q!nto counting as 4 tiles more; else a swap; else a trade of the ordinary
//! tiles), which the `strong` level's sampled rollouts use for the other players;
//! [`Engine::planning_move`] is the same policy keeping wilds (worth two tiles in hand), which
//! they use for the searching player's own turns; and
//! [`Engine::win_this_turn`] is `Yes` only for a player whose pile is empty and who can lay
//! the whole hand this turn (a win from more needs a rare chain of Q!ntos, which greedy play
//! does not look for).
//!
//! **Evaluation**: 100 per tile the leading opponent has left more than the player, 300
//! for having the move (only an extra turn earned by a Q!nto gives it at the end of one's own
//! move), plus a small bonus for a playable hand (wilds, and tiles that fit next to the grid),
//! so one tile more on the grid always outweighs a better hand.

mod finish;
mod policy;

use tabuleiro_core::{ActionSpace, Engine, EngineInfo, GameRng, Player, SearchKind, TurnWin};

use crate::qinto::grid::{DOWN, RIGHT};
use crate::qinto::notation::QintoMove;
use crate::qinto::state::{HAND, Qinto};
use crate::qinto::tile::Tile;

impl Engine for Qinto {
    const ENGINE: EngineInfo = EngineInfo {
        search: SearchKind::Rollouts,
        solvable: false,
    };

    /// The evaluation: 100 for each tile fewer left (hand and pile) than the best placed
    /// opponent, `TEMPO` (300) when it is `player`'s move in a game still going, and the hand's
    /// quality (below 100).
    fn evaluate(&self, player: Player) -> i32 {
        let mine = self.tiles_left(player) as i32;
        let leader = (0..self.player_count())
            .filter(|&p| p != player.index())
            .map(|p| self.tiles_left(Player(p as u8)) as i32)
            .min()
            .unwrap_or(mine);
        let tempo = if self.ending.is_none() && self.to_move == player.0 {
            TEMPO
        } else {
            0
        };
        100 * (leader - mine) + hand_quality(self, player) + tempo
    }

    /// Exact for a player whose pile is empty, found without listing every move (module
    /// `finish`); `No` for a player with tiles still in the pile, where a win within one turn
    /// needs a chain of Q!ntos laying every tile of hand and pile, rare enough that greedy play
    /// does not search every reply for it.
    fn win_this_turn(&self) -> TurnWin {
        if self.can_finish_this_turn() {
            TurnWin::Yes
        } else {
            TurnWin::No
        }
    }

    /// The policy (module `policy`): the most tiles, a Q!nto first, else swaps, else a trade.
    fn playout_move(&self, rng: &mut GameRng) -> Option<QintoMove> {
        self.policy_move(rng)
    }

    /// The policy (module `policy`), but keeping wilds worth two tiles each.
    fn planning_move(&self, rng: &mut GameRng) -> Option<QintoMove> {
        self.plan_move(rng)
    }

    /// 15,667 actions, a move a short sequence of them, and 14 planes over the reachable grid:
    /// [`crate::qinto::actions`].
    fn action_space() -> Option<&'static dyn ActionSpace<Self>> {
        Some(&crate::qinto::actions::QintoActions)
    }
}

/// What having the move is worth to the evaluation: about the tiles a turn lays (3, each
/// worth 100). Only a Q!nto hands a player the move at the end of their own play, so this is
/// what greedy play sees of the extra turn it earns. Without it greedy won 14.5 % of 400
/// games against greedy playing the extra turn out by the playout policy; with 300 (or 450:
/// the same choices), 47.8 % of 400 and 52.6 % of 1,000.
const TEMPO: i32 = 300;

/// A bonus below 100 for a hand that is easy to play: 15 for a Q!nto tile, 10 for another
/// wild, and for an ordinary tile 1 per cell next to the grid where it alone would fit (at
/// most 5).
fn hand_quality(state: &Qinto, player: Player) -> i32 {
    let grid = state.grid();
    let mut value = 0;
    // The ordinary tiles, each with the cells found where it fits (counted up to 5).
    let mut ordinary = [(Tile::QINTO, 0); HAND];
    let mut open = 0;
    for tile in state.hand(player).tiles() {
        if tile == Tile::QINTO {
            value += 15;
        } else if tile.is_wild() {
            value += 10;
        } else if grid.is_empty() {
            value += 5;
        } else {
            ordinary[open] = (tile, 0);
            open += 1;
        }
    }
    // The cells next to the grid are looked at until each tile has its 5 (the runs a cell
    // would join found once for all the tiles).
    let mut looking = open;
    for &cell in grid.frontier() {
        if looking == 0 {
            break;
        }
        let cell = usize::from(cell);
        let allowed = grid.joined_run(cell, RIGHT).fitting_codes()
            & grid.joined_run(cell, DOWN).fitting_codes();
        for (tile, fits) in &mut ordinary[..open] {
            if *fits < 5 && allowed >> tile.code() & 1 == 1 {
                *fits += 1;
                if *fits == 5 {
                    looking -= 1;
                }
            }
        }
    }
    value + ordinary[..open].iter().map(|&(_, fits)| fits).sum::<i32>()
}
