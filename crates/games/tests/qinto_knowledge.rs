//! Q!nto: a computer's guesses of hidden tiles respect everything its seat knows — the tiles
//! it traded under its own pile, and the wilds another seat took into hand by a swap.

use std::collections::{BTreeMap, VecDeque};

use tabuleiro_core::{Engine, Game, GameRng, Player, Setup, rng::random_index, rng_from_seed};
use tabuleiro_games::qinto::{Qinto, QintoMove, Tile};

fn play(state: &mut Qinto, text: &str) {
    let mv = state
        .parse_move(text)
        .unwrap_or_else(|e| panic!("`{text}` should be legal: {e}"));
    state.play(mv).unwrap_or_else(|e| panic!("`{text}`: {e}"));
}

fn pile(state: &Qinto, p: u8) -> Vec<String> {
    state
        .pile(Player(p))
        .codes()
        .iter()
        .map(|&c| Tile::from_code(c).map_or("?".to_owned(), |t| t.to_string()))
        .collect()
}

fn hand(state: &Qinto, p: u8) -> Vec<String> {
    state
        .hand(Player(p))
        .tiles()
        .map(|t| t.to_string())
        .collect()
}

#[test]
fn the_tiles_traded_under_the_own_pile_stay_where_they_were_put() {
    let mut state = Qinto::arranged(
        2,
        Player(0),
        "RS@0,0",
        &["RH GS BX YD KC", "BS BD"],
        &["GD GX GH", "YS YX YH"],
    )
    .expect("a position");
    // Player 1 trades RH: it goes under GD GX GH, then GD is drawn: the pile is GX GH RH.
    play(&mut state, "pass RH");
    play(&mut state, "pass");
    assert_eq!(pile(&state, 0), ["GX", "GH", "RH"]);
    let view = state.view(Player(0));
    let mut rng = rng_from_seed(3);
    let mut tops = BTreeMap::new();
    for _ in 0..200 {
        let sample = Qinto::sample_from_view(&view, &mut rng);
        let guessed = pile(&sample, 0);
        assert_eq!(guessed.len(), 3);
        assert_eq!(
            guessed[2], "RH",
            "the traded tile is known to lie at the bottom"
        );
        *tops.entry(guessed[0].clone()).or_insert(0) += 1;
    }
    // The tiles above it are still guesses.
    assert!(tops.len() > 3, "{tops:?}");
}

#[test]
fn a_wild_taken_by_a_swap_is_known_to_be_in_that_hand_until_it_leaves() {
    // Row 0: RS RD **. Player 1 gives RX for the Q!nto tile.
    let mut state = Qinto::arranged(
        2,
        Player(0),
        "RS@-2,0 RD@-1,0 **@0,0",
        &["RX GS GD GX GH", "YS YX YH YD YC"],
        &["BS BD BX BH BC", "KS KD KX KH KC"],
    )
    .expect("a position");
    play(&mut state, "swap RX@0,0");
    assert!(hand(&state, 0).contains(&"**".to_owned()));
    let mut rng = rng_from_seed(5);
    let view = state.view(Player(1));
    for _ in 0..100 {
        let sample = Qinto::sample_from_view(&view, &mut rng);
        assert!(
            hand(&sample, 0).contains(&"**".to_owned()),
            "player 1 holds the Q!nto tile"
        );
    }
    // Once player 1 trades, nobody else knows which tiles stayed in the hand.
    play(&mut state, "pass");
    play(&mut state, "pass ** GS");
    let view = state.view(Player(1));
    let without = (0..200)
        .filter(|_| {
            let sample = Qinto::sample_from_view(&view, &mut rng);
            !hand(&sample, 0).contains(&"**".to_owned())
        })
        .count();
    assert!(
        without > 0,
        "after a trade the Q!nto tile may be anywhere hidden"
    );
}

/// What one seat knows, tracked from outside the game: its own pile (known tiles at the
/// bottom, `None` for unknown ones) and the tiles it knows in each other hand.
struct Facts {
    viewer: usize,
    pile: VecDeque<Option<Tile>>,
    shown: Vec<Vec<Tile>>,
}

impl Facts {
    fn new(state: &Qinto, viewer: usize) -> Facts {
        Facts {
            viewer,
            pile: vec![None; state.pile(Player(viewer as u8)).len()].into(),
            shown: vec![Vec::new(); state.player_count()],
        }
    }

    /// Updates the facts for `mv`, played by the mover of `before`, which led to `after`.
    fn update(&mut self, before: &Qinto, mv: QintoMove, after: &Qinto) {
        let p = before.mover().index();
        let forget = |list: &mut Vec<Tile>, tile: Tile| {
            if let Some(i) = list.iter().position(|&t| t == tile) {
                list.remove(i);
            }
        };
        match mv {
            QintoMove::Play(play) => {
                for (_, tile) in play.placements() {
                    forget(&mut self.shown[p], tile);
                }
            }
            QintoMove::Swap(swap) => {
                for (cell, tile) in swap.pairs() {
                    forget(&mut self.shown[p], tile);
                    self.shown[p].push(before.grid().get(cell).expect("a wild to take"));
                }
            }
            QintoMove::Pass(trade) => {
                if trade.count > 0 {
                    self.shown[p].clear();
                    if p == self.viewer {
                        self.pile.extend(trade.tiles().map(Some));
                    }
                }
            }
        }
        let now = after.pile(Player(self.viewer as u8)).len();
        while self.pile.len() > now {
            self.pile.pop_front();
        }
    }

    /// Checks a sample against the facts and the true position.
    fn check(&self, truth: &Qinto, sample: &Qinto, context: &str) {
        let me = Player(self.viewer as u8);
        assert_eq!(sample.grid(), truth.grid(), "{context}");
        assert_eq!(sample.hand(me), truth.hand(me), "{context}: the own hand");
        let pile = sample.pile(me).codes();
        assert_eq!(pile.len(), self.pile.len(), "{context}");
        for (k, fact) in self.pile.iter().enumerate() {
            if let Some(tile) = fact {
                assert_eq!(
                    Tile::from_code(pile[k]),
                    Some(*tile),
                    "{context}: own pile slot {k}"
                );
            }
        }
        let mut counts: BTreeMap<Tile, usize> = BTreeMap::new();
        for p in 0..truth.player_count() {
            let seat = Player(p as u8);
            assert_eq!(sample.hand(seat).len(), truth.hand(seat).len(), "{context}");
            assert_eq!(sample.pile(seat).len(), truth.pile(seat).len(), "{context}");
            let mut held: Vec<Tile> = sample.hand(seat).tiles().collect();
            for &tile in &self.shown[p] {
                let i = held
                    .iter()
                    .position(|&t| t == tile)
                    .unwrap_or_else(|| panic!("{context}: seat {p} is known to hold {tile}"));
                held.remove(i);
            }
            let tiles = sample.hand(seat).tiles().chain(
                sample
                    .pile(seat)
                    .codes()
                    .iter()
                    .filter_map(|&c| Tile::from_code(c)),
            );
            for tile in tiles {
                *counts.entry(tile).or_default() += 1;
            }
        }
        for (_, tile) in sample.grid().tiles() {
            *counts.entry(tile).or_default() += 1;
        }
        let mut deck: BTreeMap<Tile, usize> = BTreeMap::new();
        for tile in tabuleiro_games::qinto::deck() {
            *deck.entry(tile).or_default() += 1;
        }
        assert_eq!(counts, deck, "{context}: every tile of the deck once");
    }
}

/// Moves rich in swaps and trades: a swap when there is one (half the time), a trade of a
/// random part of the hand a quarter of the time, else the playout policy.
fn next_move(state: &Qinto, rng: &mut GameRng) -> Option<QintoMove> {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let swaps: Vec<QintoMove> = moves
        .iter()
        .copied()
        .filter(|m| matches!(m, QintoMove::Swap(_)))
        .collect();
    if !swaps.is_empty() && random_index(rng, 2) == 0 {
        return Some(swaps[random_index(rng, swaps.len())]);
    }
    let trades: Vec<QintoMove> = moves
        .iter()
        .copied()
        .filter(|m| matches!(m, QintoMove::Pass(t) if t.count > 0))
        .collect();
    if !trades.is_empty() && random_index(rng, 4) == 0 {
        return Some(trades[random_index(rng, trades.len())]);
    }
    state.playout_move(rng)
}

#[test]
fn sampled_hands_and_piles_always_agree_with_what_the_seat_knows() {
    let mut samples = 0;
    let mut facts_used = 0;
    for players in 2..=4 {
        for seed in 0..8u64 {
            let mut state = Qinto::new(&Setup {
                players,
                seed: 500 + seed,
                ..Setup::default_for(Qinto::INFO)
            })
            .expect("a Q!nto setup");
            let mut facts: Vec<Facts> = (0..players).map(|v| Facts::new(&state, v)).collect();
            let mut rng = rng_from_seed(seed);
            for turn in 0..150 {
                for f in &facts {
                    let view = state.view(Player(f.viewer as u8));
                    for _ in 0..2 {
                        let sample = Qinto::sample_from_view(&view, &mut rng);
                        let context = format!(
                            "{players} players, seed {seed}, turn {turn}, seat {}",
                            f.viewer
                        );
                        f.check(&state, &sample, &context);
                        samples += 1;
                    }
                    facts_used += f.pile.iter().flatten().count()
                        + f.shown.iter().map(Vec::len).sum::<usize>();
                }
                let Some(mv) = next_move(&state, &mut rng) else {
                    break;
                };
                let before = state.clone();
                state.play(mv).expect("a listed move");
                for f in &mut facts {
                    f.update(&before, mv, &state);
                }
            }
        }
    }
    assert!(samples > 1000, "{samples} samples");
    assert!(
        facts_used > 100,
        "the games must exercise the facts: {facts_used}"
    );
}
