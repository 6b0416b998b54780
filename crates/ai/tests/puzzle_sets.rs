//! Puzzle sets as the generator writes them: found in games of the ladder's levels, read back
//! from their JSON lines, and proved again by independent searches; the ratings of an attempt
//! against a worked example; levels rated by solving puzzles.

use tabuleiro_ai::analysis::exact_moves;
use tabuleiro_ai::glicko::Glicko;
use tabuleiro_ai::puzzles::practice::rate_levels;
use tabuleiro_ai::puzzles::rating::{after_attempt, new_puzzle};
use tabuleiro_ai::puzzles::{Loaded, Method, PuzzleEntry, Settings, generate, ladder_games};
use tabuleiro_ai::{Exact, Solver, Value};
use tabuleiro_core::{Engine, Game};
use tabuleiro_games::pushee::Pushee;
use tabuleiro_games::quantik::Quantik;

/// `count` puzzles of `G` from the ladder's games, each written as a JSON line and read back.
fn generated<G: Engine>(count: usize, seed: u64) -> Vec<(PuzzleEntry, Loaded<G>)> {
    let mut method = Method::<G>::for_game()
        .expect("a method")
        .expect("the game has puzzles");
    let settings = Settings {
        count,
        seed,
        max_games: 2_000,
        max_share: 0.5,
    };
    let mut games = ladder_games::<G>(seed);
    let generated =
        generate(&mut method, &mut games, &settings, &mut |_, _| {}).expect("the games play");
    assert_eq!(generated.entries.len(), count, "{generated:?}");
    let mut ids = std::collections::HashSet::new();
    generated
        .entries
        .iter()
        .map(|entry| {
            assert!(ids.insert(entry.id.clone()), "ids are unique: {}", entry.id);
            assert!(entry.position.result.is_none(), "{entry:?}");
            let line = serde_json::to_string(entry).expect("as JSON");
            assert!(!line.contains('\n'));
            let back: PuzzleEntry = serde_json::from_str(&line).expect("read back");
            assert_eq!(&back, entry);
            let loaded = back.load::<G>().expect("the puzzle loads");
            (back, loaded)
        })
        .collect()
}

#[test]
fn generated_quantik_puzzles_read_back_and_are_proved_again_by_the_solver() {
    let puzzles = generated::<Quantik>(40, 7);
    let mut solver = Solver::<Quantik>::new();
    let mut keys = std::collections::HashSet::new();
    for (entry, loaded) in &puzzles {
        assert!(
            keys.insert(loaded.state.canonical_key()),
            "{}: a position met twice",
            entry.id
        );
        let me = loaded.state.to_move().expect("a player to move");
        let keeps = if entry.value == "win" {
            Value::Win
        } else {
            Value::Draw
        };
        assert_eq!(solver.solve(&loaded.state), keeps, "{}", entry.id);
        let mut moves = Vec::new();
        loaded.state.legal_moves(&mut moves);
        let keeping: Vec<_> = moves
            .into_iter()
            .filter(|&mv| {
                let mut after = loaded.state;
                after.play_unchecked(mv);
                solver.value_after(&after, me) == keeps
            })
            .collect();
        assert_eq!(keeping, loaded.solution[0], "{}: the only move", entry.id);
        assert!(!entry.themes.is_empty());
        assert!((600.0..=2400.0).contains(&entry.rating));
    }
    // Each kind of puzzle is there, none taking more than its share.
    let count = |theme: &str| puzzles.iter().filter(|(e, _)| e.has_theme(theme)).count();
    assert!(count("win in 1") <= 20 && count("win in 1") > 0);
    assert!(count("win in 2") > 0, "a win in 2");
    // The game's motifs tag the puzzles: every win in 1 completes a unit or leaves the
    // other player without a placement.
    for (entry, _) in puzzles.iter().filter(|(e, _)| e.has_theme("win in 1")) {
        assert!(
            [
                "row completed",
                "column completed",
                "region completed",
                "no placement left"
            ]
            .iter()
            .any(|m| entry.has_theme(m)),
            "{entry:?}"
        );
    }
}

/// The moves of `state` that keep its value (any win for a won position), each as a turn of
/// one move, by a full-depth search after every move without a time limit.
fn keepers_by_full_search<G: Engine>(state: &G) -> Vec<Vec<G::Move>> {
    let rated = exact_moves(state);
    let best = rated.first().map(|(_, e)| *e).expect("moves");
    rated
        .iter()
        .filter(|(_, e)| match best {
            Exact::Win { .. } => matches!(e, Exact::Win { .. }),
            _ => *e == best,
        })
        .map(|(mv, _)| vec![*mv])
        .collect()
}

#[test]
fn pushee_puzzles_by_search_are_proved_again_to_the_end_of_the_game() {
    for (entry, loaded) in generated::<Pushee>(3, 11) {
        // A full-depth search after every move: the solution's first move is the only one
        // that keeps the value.
        assert_eq!(
            keepers_by_full_search(&loaded.state),
            vec![loaded.solution[0].clone()],
            "{}",
            entry.id
        );
        assert!(entry.proof.contains("hard"), "{}", entry.proof);
    }
}

#[test]
fn an_attempt_is_a_glicko_game_between_the_player_and_the_puzzle() {
    // Worked example: two new ratings (1500, deviation 350, volatility 0.06), the player solves
    // the puzzle. By hand with Glickman's steps: g(φ) = 0.6690, E = 0.5, v = 8.935,
    // φ' = 1.6712, μ' = φ'²·g·0.5 = 0.9343: rating 1500 + 173.7178·0.9343 = 1662.3, deviation
    // 173.7178·1.6712 = 290.3; the puzzle loses as much.
    let (player, puzzle) = after_attempt(Glicko::default(), new_puzzle(1500.0), true);
    assert!((player.rating - 1662.3).abs() < 0.1, "{player:?}");
    assert!((player.deviation - 290.3).abs() < 0.1, "{player:?}");
    assert!((puzzle.rating - 1337.7).abs() < 0.1, "{puzzle:?}");
    assert!((puzzle.deviation - 290.3).abs() < 0.1, "{puzzle:?}");
    // A miss moves them the other way.
    let (player, puzzle) = after_attempt(Glicko::default(), new_puzzle(1500.0), false);
    assert!((player.rating - 1337.7).abs() < 0.1 && (puzzle.rating - 1662.3).abs() < 0.1);
}

#[test]
fn perfect_play_ends_above_random_play_as_a_puzzle_solver() {
    let puzzles = generated::<Quantik>(30, 9);
    let loaded: Vec<Loaded<Quantik>> = puzzles.iter().map(|(_, l)| l.clone()).collect();
    let first: Vec<f64> = puzzles.iter().map(|(e, _)| e.rating).collect();
    let (levels, _) =
        rate_levels(&loaded, &first, &["random", "perfect"], 30, 1, &mut |_| {}).expect("levels");
    assert_eq!(levels[1].solved, 30, "perfect solves every puzzle");
    assert!(levels[0].solved < 30, "random misses some: {levels:?}");
    assert!(
        levels[1].rating.rating > levels[0].rating.rating + 200.0,
        "{levels:?}"
    );
}

#[test]
fn a_puzzle_with_a_wrong_move_is_refused_with_its_id() {
    let (mut entry, _) = generated::<Quantik>(1, 5).remove(0);
    entry.solution[0][0] = "z9Q".to_owned();
    let error = entry.load::<Quantik>().expect_err("refused").to_string();
    assert!(
        error.contains(&entry.id) && error.contains("z9Q"),
        "{error}"
    );
}

/// The puzzles shipped with game `G`, read and loaded, with at least `at_least` of them.
fn shipped_set<G: Engine>(at_least: usize) -> Vec<(PuzzleEntry, Loaded<G>)> {
    let entries = tabuleiro_ai::puzzles::shipped::<G>().expect("the shipped file reads");
    assert!(
        entries.len() >= at_least,
        "{}: {} puzzles shipped",
        G::INFO.id,
        entries.len()
    );
    let mut ids = std::collections::HashSet::new();
    let mut keys = std::collections::HashSet::new();
    entries
        .into_iter()
        .map(|entry| {
            assert!(ids.insert(entry.id.clone()), "{}: twice", entry.id);
            let loaded = entry.load::<G>().expect("a shipped puzzle loads");
            assert!(
                keys.insert(loaded.state.canonical_key()),
                "{}: a position shipped twice",
                entry.id
            );
            (entry, loaded)
        })
        .collect()
}

#[test]
fn every_shipped_quantik_puzzle_is_proved_again_by_the_solver() {
    let mut solver = Solver::<Quantik>::new();
    for (entry, loaded) in shipped_set::<Quantik>(2000) {
        let me = loaded.state.to_move().expect("a player to move");
        let mut moves = Vec::new();
        loaded.state.legal_moves(&mut moves);
        let keeping: Vec<_> = moves
            .into_iter()
            .filter(|&mv| {
                let mut after = loaded.state;
                after.play_unchecked(mv);
                solver.value_after(&after, me) == Value::Win
            })
            .collect();
        assert_eq!(
            keeping, loaded.solution[0],
            "{}: the only winning move",
            entry.id
        );
    }
}

#[test]
fn every_shipped_nudge_puzzle_is_proved_again_by_a_table_solved_here() {
    use tabuleiro_ai::oracle_play::rate_turns;
    use tabuleiro_core::ExactValue;
    use tabuleiro_games::nudge::Nudge;
    let oracle = crate::nudge_solved::oracle();
    let mut held = 0;
    for (entry, loaded) in shipped_set::<Nudge>(2000) {
        let turns = rate_turns(&*oracle, &loaded.state).expect("the table covers it");
        let keeps = |v: &ExactValue| match entry.value.as_str() {
            "win" => matches!(v, ExactValue::Win { .. }),
            _ => matches!(v, ExactValue::Draw | ExactValue::Win { .. }),
        };
        // Every turn that keeps the value reaches the position the solution's turn reaches.
        let mut wanted = loaded.state.clone();
        for &mv in &loaded.solution[0] {
            wanted.play_unchecked(mv);
        }
        let mut keepers = 0;
        for (turn, value) in &turns {
            if keeps(value) {
                keepers += 1;
                let mut reached = loaded.state.clone();
                for &mv in turn {
                    reached.play_unchecked(mv);
                }
                assert_eq!(
                    reached.position_key(),
                    wanted.position_key(),
                    "{}",
                    entry.id
                );
            }
        }
        assert!(keepers >= 1, "{}: the solution keeps the value", entry.id);
        if entry.value == "draw" {
            held += 1;
            assert!(
                turns
                    .iter()
                    .all(|(_, v)| !matches!(v, ExactValue::Win { .. }))
            );
        }
    }
    assert!(held > 0, "some puzzles hold the draw");
}

#[test]
fn every_shipped_puzzle_of_the_searched_games_loads_and_a_sample_is_proved_to_the_end() {
    use tabuleiro_games::taiji::Taiji;
    fn check<G: Engine>(at_least: usize) {
        for (entry, loaded) in shipped_set::<G>(at_least).into_iter().step_by(25) {
            assert_eq!(
                keepers_by_full_search(&loaded.state),
                vec![loaded.solution[0].clone()],
                "{}",
                entry.id
            );
        }
    }
    check::<Taiji>(500);
    check::<Pushee>(500);
}
