//! Q!nto's computer players: they decide from their view alone, greedy lays the most tiles,
//! and matches of three or four players rotate the seats.

use tabuleiro_ai::{Agent, Level, MctsLimits, RolloutAgent, play_match};
use tabuleiro_core::{Engine, Game, GameRng, Player, Setup, TurnWin, rng_from_seed};
use tabuleiro_games::qinto::notation::QintoMove;
use tabuleiro_games::qinto::state::Qinto;

fn setup(players: usize, seed: u64) -> Setup {
    Setup {
        players,
        seed,
        ..Setup::default_for(Qinto::INFO)
    }
}

/// A game of `players` after `plies` moves of the playout policy, or `None` if it ended.
fn position(players: usize, seed: u64, plies: usize, rng: &mut GameRng) -> Option<Qinto> {
    let mut state = Qinto::new(&setup(players, seed)).expect("a legal setup");
    for _ in 0..plies {
        let mv = state.playout_move(rng)?;
        state.play(mv).expect("the policy plays legal moves");
    }
    state.to_move().is_some().then_some(state)
}

fn agents() -> Vec<(&'static str, Box<dyn Agent<Qinto>>)> {
    let strong = RolloutAgent::new(
        MctsLimits {
            time: None,
            iterations: Some(6),
            threads: Some(1),
        },
        5,
        "strong:iters=6".to_owned(),
    );
    vec![
        ("random", Level::Random.build::<Qinto>(5).expect("random")),
        ("greedy", Level::Greedy.build::<Qinto>(5).expect("greedy")),
        ("strong", Box::new(strong)),
    ]
}

#[test]
fn players_decide_from_their_view_alone() {
    let mut rng = rng_from_seed(11);
    let mut compared = 0;
    for seed in 0..8 {
        for players in [2, 3, 4] {
            let Some(real) = position(players, seed, 3 + (seed as usize % 4), &mut rng) else {
                continue;
            };
            let me = real.to_move().expect("not over");
            // Another full state that differs only in what `me` cannot see.
            let other = Qinto::sample_from_view(&real.view(me), &mut rng);
            let hidden_differs = (0..players).filter(|&p| p != me.index()).any(|p| {
                let p = Player(p as u8);
                real.hand(p) != other.hand(p) || real.pile(p) != other.pile(p)
            }) || real.pile(me) != other.pile(me);
            assert!(hidden_differs, "the sample deals the hidden tiles anew");
            assert_eq!(real.hand(me), other.hand(me), "the own hand is seen");
            assert_eq!(real.grid(), other.grid(), "the grid is seen");
            for ((name, mut a), (_, mut b)) in agents().into_iter().zip(agents()) {
                a.new_game(seed);
                b.new_game(seed);
                let from_real = a.choose(&real.view(me));
                let from_other = b.choose(&other.view(me));
                assert_eq!(
                    from_real, from_other,
                    "{name} decided differently on two states with the same view"
                );
                let mv = from_real.expect("a move while the game goes on");
                assert!(real.check_move(mv).is_ok(), "{name} chose a legal move");
                compared += 1;
            }
        }
    }
    assert!(compared >= 30, "only {compared} decisions compared");
}

#[test]
fn greedy_lays_tiles_whenever_it_can_and_the_most_without_a_qinto() {
    let mut rng = rng_from_seed(3);
    let mut checked = 0;
    for seed in 0..30 {
        let Some(state) = position(2, seed, (seed as usize) % 9, &mut rng) else {
            continue;
        };
        let me = state.to_move().expect("not over");
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let plays: Vec<_> = moves
            .iter()
            .filter_map(|mv| match mv {
                QintoMove::Play(play) => Some(*play),
                _ => None,
            })
            .collect();
        let mut greedy = Level::Greedy.build::<Qinto>(seed).expect("greedy");
        let chosen = greedy.choose(&state.view(me)).expect("a move");
        if plays.is_empty() {
            assert!(!matches!(chosen, QintoMove::Play(_)));
            continue;
        }
        let QintoMove::Play(play) = chosen else {
            panic!("greedy passed or swapped with a play at hand: {chosen}");
        };
        let any_qinto = plays
            .iter()
            .any(|p| state.check_play(p).is_ok_and(|e| e.qinto));
        if !any_qinto {
            let most = plays
                .iter()
                .map(tabuleiro_games::qinto::notation::Play::count)
                .max()
                .unwrap_or(0);
            assert_eq!(play.count(), most, "greedy lays the most tiles: {chosen}");
        }
        checked += 1;
    }
    assert!(checked >= 15, "only {checked} positions checked");
}

/// Greedy's choice for player 1 of two in a hand-built position (tiles as in
/// [`Qinto::arranged`]).
fn greedy_choice(grid: &str, hands: &[&str], piles: &[&str]) -> (Qinto, QintoMove) {
    let state = Qinto::arranged(2, Player(0), grid, hands, piles).expect("a position");
    let mut greedy = Level::Greedy.build::<Qinto>(1).expect("greedy");
    let chosen = greedy.choose(&state.view(Player(0))).expect("a move");
    (state, chosen)
}

#[test]
fn greedy_values_the_turn_a_qinto_earns_above_a_longer_play() {
    // RC completes the red row, and with GS below it in column 4 the play lays 2 tiles and
    // earns a turn; GS GX GD under RS RX RD lay 3 tiles and pass the turn. The turn earned is
    // worth about three tiles to the evaluation, so the Q!nto is worth more.
    let (state, chosen) = greedy_choice(
        "RS@0,0 RX@1,0 RD@2,0 RH@3,0",
        &["RC GS GX GD", "YS"],
        &["BS BX BD BH BC", "YX"],
    );
    let QintoMove::Play(play) = chosen else {
        panic!("greedy did not play: {chosen}");
    };
    let longest = state
        .parse_move("GS@0,1 GX@1,1 GD@2,1")
        .expect("a 3-tile play");
    assert!(state.check(longest).is_ok(), "the 3-tile play is legal");
    assert!(
        state.check_play(&play).is_ok_and(|e| e.qinto),
        "greedy chose {chosen}, which completes no Q!nto"
    );
}

#[test]
fn greedy_wins_by_a_qinto_and_the_turn_it_earns() {
    // The pile is empty and RC KS KS cannot be laid in one run, but RC completes the red row
    // and the turn it earns lays KS KS side by side: greedy must start that finish.
    let (state, chosen) = greedy_choice(
        "RS@0,0 RX@1,0 RD@2,0 RH@3,0",
        &["RC KS KS", "YS"],
        &["", "YX"],
    );
    let mut next = state.clone();
    next.play(chosen).expect("a legal move");
    assert_eq!(next.to_move(), Some(Player(0)), "{chosen} earned no turn");
    assert_eq!(
        next.win_this_turn(),
        TurnWin::Yes,
        "after {chosen} the hand cannot be emptied"
    );
}

#[test]
fn the_playout_policy_makes_the_play_worth_most() {
    let mut rng = rng_from_seed(8);
    let mut qintos = 0;
    for seed in 0..40 {
        let Some(state) = position(3, seed, seed as usize % 9, &mut rng) else {
            continue;
        };
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let mut best = None;
        for mv in &moves {
            if let QintoMove::Play(play) = mv {
                let qinto = state.check_play(play).expect("a legal play").qinto;
                assert_eq!(
                    state.completes_qinto(play),
                    qinto,
                    "the quick Q!nto test agrees with the rules on {mv}"
                );
                qintos += usize::from(qinto);
                let worth = play.count() + if qinto { 4 } else { 0 };
                best = best.max(Some(worth));
            }
        }
        let chosen = state.playout_move(&mut rng).expect("a move");
        assert!(moves.contains(&chosen), "a legal move");
        match (best, chosen) {
            (Some(best), QintoMove::Play(play)) => {
                let qinto = state.completes_qinto(&play);
                assert_eq!(play.count() + if qinto { 4 } else { 0 }, best);
            }
            (None, QintoMove::Play(_)) => panic!("a play where none is legal"),
            (Some(_), other) => panic!("{other} with a play at hand"),
            (None, _) => {}
        }
    }
    assert!(qintos > 0, "some positions offer a Q!nto");
}

#[test]
fn a_match_of_three_rotates_the_seat_of_a() {
    let result = play_match::<Qinto>(
        &setup(3, 0),
        Level::Greedy,
        Level::Random,
        6,
        21,
        true,
        |_| {},
    )
    .expect("the match plays");
    assert_eq!(result.games.len(), 6);
    for (i, game) in result.games.iter().enumerate() {
        assert_eq!(game.a_seat, Player((i % 3) as u8), "A's seat rotates");
        assert_eq!(
            game.seed,
            result.games[i - i % 3].seed,
            "paired: each seed once per seat"
        );
    }
    assert_ne!(result.games[0].seed, result.games[3].seed);
    assert_eq!(result.a.games(), 6);
    assert_eq!(result.b.games(), 12, "B plays the two other seats");
}

#[test]
fn the_planning_policy_plays_legal_moves_and_beats_the_playout_policy() {
    // Each seed is played twice, the planning policy in each seat once. Over 4,000 games it
    // wins about 59 %; 400 games put 52 % more than 2.5 standard errors below that.
    let mut rng = rng_from_seed(17);
    let (mut won, mut games) = (0, 0);
    for seed in 0..200u64 {
        for planner in 0..2u8 {
            let mut state = Qinto::new(&setup(2, seed)).expect("a legal setup");
            while let Some(mover) = state.to_move() {
                let mv = if mover == Player(planner) {
                    state.planning_move(&mut rng)
                } else {
                    state.playout_move(&mut rng)
                }
                .expect("a move while the game goes on");
                state.play(mv).expect("the policies play legal moves");
            }
            let outcome = state.outcome().expect("a finished game");
            won += usize::from(outcome.winner() == Some(Player(planner)));
            games += 1;
        }
    }
    assert!(
        won * 100 > games * 52,
        "the planning policy won {won} of {games} games"
    );
}
