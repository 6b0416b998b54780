//! `tabuleiro play` and the menu: piped moves, bad input, undo, help, seeds, hidden hands.

use crate::cli::util::{run, saved, scratch, stderr, stdout};

#[test]
fn menu_computer_vs_computer_plays_to_the_end_then_input_ends() {
    // Game 1 (Quantik), mode 3 (computer vs computer), random and greedy, default option.
    let out = run(&[], "1\n3\n1\n2\n\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Choose a game"), "{text}");
    assert!(text.contains("Game over after"), "{text}");
    assert!(text.contains("wins:"), "{text}");
    // After the game the menu comes back, and the end of input ends it cleanly.
    assert_eq!(text.matches("Choose a game").count(), 2, "{text}");
}

#[test]
fn menu_human_vs_computer_with_bad_input_and_undo() {
    // Quantik, human vs computer, human takes seat 1, computer greedy, option first=2 (the
    // computer starts), then: a bad menu answer is asked again.
    let input = "1\n2\n1\n9\n2\n2\nundo\nZa1\nCa1\nCa1\n? C\nquit\n";
    let out = run(&[], input);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("Please answer with a number from 1 to 5"),
        "{text}"
    );
    assert!(text.contains("Player 2 (easy) plays"), "{text}");
    assert!(text.contains("Nothing to undo"), "{text}");
    assert!(text.contains("cannot read `Za1` as a move"), "{text}");
    assert!(text.contains("legal moves starting with `C`"), "{text}");
    assert!(text.contains("Game abandoned"), "{text}");
}

#[test]
fn every_kind_of_bad_move_gets_a_reason_and_the_game_goes_on() {
    // Player 1: bad syntax, then Ca1. Player 2: occupied, region, row and column refusals,
    // then Yc2. Player 1: Cd3. Player 2: Ob4. Player 1 has no cube left for b3.
    let input = "hello world\nCa1\nCa1\ncb2\nCc1\nCa4\nYc2\nCd3\nOb4\nCb3\nsave\nquit\n";
    let out = run(&["play", "quantik", "--seed", "1"], input);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    // Unknown command / bad syntax.
    assert!(
        text.contains("cannot read `hello world` as a move"),
        "{text}"
    );
    assert!(text.contains("a1 is occupied"), "{text}");
    assert!(
        text.contains("opponent has a cube in region a1-b2"),
        "{text}"
    );
    assert!(text.contains("opponent has a cube in row 1"), "{text}");
    assert!(text.contains("opponent has a cube in column a"), "{text}");
    assert!(text.contains("you have no cube left"), "{text}");
    // The refusals lost nothing: the game went on to the fifth piece.
    assert!(
        text.contains("Player 1 (upper case) has left: Cx0"),
        "{text}"
    );
    assert!(text.contains("Usage: save FILE"), "{text}");
}

#[test]
fn undo_between_humans_takes_back_one_turn() {
    let out = run(
        &["play", "quantik", "--seed", "1"],
        "Ca1\nYb3\nundo\nundo\nundo\nquit\n",
    );
    let text = stdout(&out);
    assert_eq!(text.matches("Took back 1 move(s).").count(), 2, "{text}");
    assert!(text.contains("Nothing to undo"), "{text}");
}

#[test]
fn qinto_hotseat_hides_each_hand_until_its_player_is_at_the_screen() {
    // Two humans: the first play must cover 0,0; `?` lists the moves, the first line of which
    // is a legal play. Player 1 passes; then Player 2 must be asked to take the screen before
    // their hand is shown.
    let out = run(
        &[
            "play", "qinto", "--p1", "human", "--p2", "human", "--seed", "3", "--plain",
        ],
        "\npass\n\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let to_p1 = text.find("Pass the screen to Player 1").expect(&text);
    let to_p2 = text.find("Pass the screen to Player 2").expect(&text);
    assert!(to_p1 < to_p2, "{text}");
    // Player 1's hand shows only after their prompt, Player 2's only after theirs.
    let hand_lines = |from: usize, to: usize| -> Vec<String> {
        text[from..to]
            .lines()
            .filter(|l| l.contains("— hand "))
            .map(str::to_owned)
            .collect()
    };
    let first = hand_lines(to_p1, to_p2);
    assert!(
        first.iter().any(|l| l.contains("Player 1")),
        "player 1 sees their hand: {first:?}"
    );
    assert!(
        first.iter().all(|l| !l.contains("Player 2")),
        "player 1 does not see player 2's hand: {first:?}"
    );
    let second = hand_lines(to_p2, text.len());
    assert!(
        second.iter().all(|l| !l.contains("Player 1")),
        "player 2 does not see player 1's hand: {second:?}"
    );
}

#[test]
fn play_help_lists_the_menus_ladder_of_levels() {
    let out = run(&["play", "--help"], "");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    // The help of `--p1`, however clap wraps it: its line and those up to the next option.
    let p1: String = text
        .lines()
        .skip_while(|l| !l.trim_start().starts_with("--p1"))
        .enumerate()
        .take_while(|(k, l)| *k == 0 || !l.trim_start().starts_with('-'))
        .map(|(_, l)| l.trim())
        .collect::<Vec<_>>()
        .join(" ");
    assert!(p1.starts_with("--p1"), "{text}");
    for step in tabuleiro_ai::LADDER {
        assert!(p1.contains(step.name), "{} missing from: {p1}", step.name);
        assert!(p1.contains(step.level), "{} missing from: {p1}", step.level);
    }
    // And the names are accepted as seats.
    let out = run(
        &[
            "play", "quantik", "--p1", "easy", "--p2", "random", "--seed", "2",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("Game over"), "{}", stdout(&out));
}

#[test]
fn menu_asks_again_for_an_option_value_the_game_refuses() {
    // Pushee Pieces (game 4), computer vs computer, random and random; `size=99x2` has the
    // right form but no board has it: asked again, then 5x4 and the defaults.
    let out = run(&[], "4\n3\n1\n1\n99x2\n5x4\n\n\n\n\n\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.contains("size = 99x2 cannot be played: bad size `99x2`"),
        "{text}"
    );
    assert_eq!(text.matches("size [6x6]> ").count(), 2, "{text}");
    assert!(text.contains("size=5x4"), "{text}");
    assert!(text.contains("Game over after"), "{text}");
    assert_eq!(
        text.matches("Choose a game").count(),
        2,
        "back to the menu: {text}"
    );
}

#[test]
fn qinto_play_shows_its_seed_only_once_the_game_is_over() {
    // A seed from the operating system (no --seed): not in the transcript of a game in
    // progress, though the record saved for resuming holds it.
    let dir = scratch("qinto-deal");
    let path = dir.join("game.json");
    let out = run(
        &[
            "play",
            "qinto",
            "--p1",
            "human",
            "--p2",
            "random",
            "--save",
            path.to_str().expect("path"),
        ],
        "?\npass\nboard\nhelp\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("Game abandoned."), "{text}");
    let seed = saved(&path)["seed"].as_u64().expect("a seed in the record");
    assert!(
        !text.contains(&seed.to_string()),
        "seed {seed} shown: {text}"
    );
    assert!(!text.contains("seed"), "{text}");
    // A seed given on the command line is not repeated either; the end of the game shows it.
    let out = run(
        &[
            "play",
            "qinto",
            "--p1",
            "random",
            "--p2",
            "random",
            "--seed",
            "8070605040302010",
            "-o",
            "max_turns=30",
        ],
        "",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let over = text.find("Game over after").expect(&text);
    assert!(!text[..over].contains("8070605040302010"), "{text}");
    assert!(
        text[over..].contains("The seed, which decided everything hidden, was 8070605040302010."),
        "{text}"
    );
    // Two games started without a seed get different ones.
    let other = dir.join("other.json");
    let out = run(
        &["play", "qinto", "--save", other.to_str().expect("path")],
        "quit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert_ne!(saved(&other)["seed"].as_u64(), Some(seed));
}

#[test]
fn quantik_play_still_shows_its_seed() {
    let out = run(&["play", "quantik", "--seed", "424242"], "quit\n");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    let header = text.lines().next().expect("a header");
    assert!(header.ends_with("— seed 424242"), "{text}");
}

#[test]
fn play_builds_the_computer_players_every_front_end_builds() {
    // The game expected from the shared builder (`tabuleiro_ai::seat_agents`, which the web
    // server uses too), a person always taking the first legal move against greedy; then the
    // same person's moves piped into `tabuleiro play` with the same seed.
    use tabuleiro_ai::{Level, seat_agents};
    use tabuleiro_core::{Game, Setup};
    use tabuleiro_games::quantik::Quantik;

    let setup = Setup {
        seed: 77,
        ..Setup::default_for(Quantik::INFO)
    };
    let mut agents = seat_agents::<Quantik>(&setup, &[None, Some(Level::Greedy)]).expect("players");
    let mut state = Quantik::new(&setup).expect("a start");
    let (mut expected, mut typed) = (Vec::new(), String::new());
    while let Some(mover) = state.to_move() {
        let mv = if let Some(agent) = &mut agents[mover.index()] {
            agent.choose(&state.view(mover)).expect("a move")
        } else {
            let mut moves = Vec::new();
            state.legal_moves(&mut moves);
            let first = moves[0];
            typed.push_str(&state.format_move(first));
            typed.push('\n');
            first
        };
        expected.push(state.format_move(mv));
        state.play(mv).expect("legal");
    }
    let dir = scratch("same-players");
    let file = dir.join("game.json");
    let file_arg = file.to_str().expect("utf-8 path");
    let out = run(
        &[
            "play", "quantik", "--p1", "human", "--p2", "greedy", "--seed", "77", "--save",
            file_arg,
        ],
        &typed,
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("record written"))
            .expect("JSON");
    assert_eq!(
        record["moves"],
        serde_json::json!(expected),
        "{}",
        stdout(&out)
    );
}

#[test]
fn help_in_a_game_names_that_games_moves_only() {
    let out = run(
        &["play", "nudge", "--p1", "human", "--p2", "human"],
        "help\nquit\n",
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("tail square and direction"), "{text}");
    assert!(!text.contains("Quantik"), "{text}");
}
