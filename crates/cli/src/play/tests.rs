//! The plain game loop driven with piped text: what a human at the screen is shown of hidden
//! tiles, and undo.

use tabuleiro_ai::Level;
use tabuleiro_core::{Game, GameRecord, Options, Setup};
use tabuleiro_games::qinto::{Qinto, QintoMove};

use super::testing::Secretive;
use super::*;

fn qinto(seats: Vec<Seat>, seed: u64, save: Option<PathBuf>) -> GameConfig {
    GameConfig {
        setup: Setup {
            players: seats.len(),
            options: Options::defaults(Qinto::INFO),
            seed,
        },
        seats,
        save,
    }
}

/// Plays `config` with the secretive player in every computer seat; returns the output.
fn run(config: &GameConfig, input: &str) -> String {
    let mut table =
        GameTable::<Qinto>::new(config.setup.clone(), config.seats.clone()).expect("seated");
    for (i, seat) in config.seats.iter().enumerate() {
        if *seat != Seat::Human {
            table.set_agent(Player(i as u8), Box::new(Secretive));
        }
    }
    let mut input = input.as_bytes();
    let mut output = Vec::new();
    play_at(&mut Console::new(&mut input, &mut output), config, table).expect("the game runs");
    String::from_utf8(output).expect("text")
}

fn scratch(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("tabuleiro-play-{}-{name}.json", std::process::id()))
}

#[test]
fn a_computers_trade_reads_as_a_count_to_the_human() {
    let path = scratch("trade");
    let config = qinto(
        vec![Seat::Human, Seat::Computer(Level::Random)],
        3,
        Some(path.clone()),
    );
    let text = run(&config, "pass\nundo\nquit\n");
    let record =
        GameRecord::from_json(&std::fs::read_to_string(&path).expect("saved")).expect("a record");
    let _ = std::fs::remove_file(&path);
    // The computer did trade: the record, which is the whole truth, names the tiles.
    let trade = &record.moves[1];
    let count = trade.split_whitespace().count() - 1;
    assert!(count > 0, "{record:?}");
    assert!(
        text.contains(&format!("Player 2 (random) plays pass (traded {count})")),
        "{text}"
    );
    assert!(!text.contains(trade.as_str()), "{text}");
    // A trade draws from the pile too: the exchange cannot be taken back.
    assert!(
        text.contains("Cannot undo: the tiles drawn by that move are now known; it cannot be taken back (move 2)."),
        "{text}"
    );
}

#[test]
fn with_two_humans_and_a_computer_no_hand_shows_while_the_computer_moves() {
    let config = qinto(
        vec![Seat::Human, Seat::Human, Seat::Computer(Level::Random)],
        5,
        None,
    );
    let text = run(&config, "\npass\n\npass\n\nquit\n");
    // Player 2 passes; the board shown then, while the computer moves, up to the screen
    // being passed back to player 1.
    let from = text.rfind("Player 2> ").expect(&text);
    let to = from
        + text[from..]
            .find("Pass the screen to Player 1")
            .expect(&text);
    let shown = &text[from..to];
    assert!(shown.contains("in pile"), "a board is shown: {shown}");
    assert!(
        shown.contains("Player 3 (random) plays pass (traded"),
        "{shown}"
    );
    assert!(
        !shown.contains("— hand "),
        "no hand while the computer moves: {shown}"
    );
    // The hand of the seat at the screen does show while it moves.
    assert!(text[..from].contains("— hand "), "{text}");
}

#[test]
fn undo_over_a_move_that_drew_tiles_is_refused_with_the_reason() {
    let config = qinto(vec![Seat::Human, Seat::Human], 3, None);
    let start = Qinto::new(&config.setup).expect("a game");
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    let play = moves
        .iter()
        .find(|mv| matches!(mv, QintoMove::Play(_)))
        .map(|&mv| start.format_move(mv))
        .expect("a play");
    // Player 1 plays (and draws); player 2 asks to undo it, then passes; player 1 takes the
    // pass back, which drew nothing.
    let text = run(&config, &format!("\n{play}\n\nundo\npass\n\nundo\nquit\n"));
    assert!(
        text.contains(
            "Cannot undo: the tiles drawn by that move are now known; it cannot be taken back \
             (move 1)."
        ),
        "{text}"
    );
    assert!(text.contains("Took back 1 move(s)."), "{text}");
}
