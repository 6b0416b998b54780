//! The full-screen interface run for real, in a terminal made by tmux (80×24 unless a test
//! says otherwise): start, choose Quantik against the random player, make a move, see the
//! reply, undo, quit; the board whole with its status line at 80×24 and 160×48; `NO_COLOR`;
//! and Quantik's puzzles from the menu.
//!
//! Needs the `tmux` program (`scripts/test` installs it when missing). Each run uses its own
//! tmux server socket, so other tmux sessions on the machine are never touched.

use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use tabuleiro_ai::puzzles::{PuzzleEntry, shipped};
use tabuleiro_core::Game;
use tabuleiro_games::quantik::Quantik;

/// A private tmux server with one session, 80×24 unless made another size.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn start(command: &str) -> Tmux {
        Tmux::start_sized(command, 80, 24)
    }

    fn start_sized(command: &str, width: u16, height: u16) -> Tmux {
        static NEXT: AtomicUsize = AtomicUsize::new(0);
        let socket = format!(
            "tabuleiro-e2e-{}-{}",
            std::process::id(),
            NEXT.fetch_add(1, Ordering::Relaxed)
        );
        let tmux = Tmux { socket };
        tmux.run(&[
            "new-session",
            "-d",
            "-s",
            "e2e",
            "-x",
            &width.to_string(),
            "-y",
            &height.to_string(),
            command,
        ]);
        tmux
    }

    fn run(&self, args: &[&str]) -> String {
        let out = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .args(args)
            .output()
            .unwrap_or_else(|e| {
                panic!("cannot run tmux ({e}); install it (scripts/test does) to run this test")
            });
        assert!(
            out.status.success(),
            "tmux {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    fn keys(&self, keys: &[&str]) {
        for key in keys {
            self.run(&["send-keys", "-t", "e2e", key]);
            std::thread::sleep(Duration::from_millis(60));
        }
    }

    fn screen(&self) -> String {
        self.run(&["capture-pane", "-p", "-t", "e2e"])
    }

    /// The screen with its attributes, as escape sequences.
    fn screen_with_colours(&self) -> String {
        self.run(&["capture-pane", "-p", "-e", "-t", "e2e"])
    }

    /// Waits until the screen shows `text` (10 s at most) and returns the screen.
    fn wait_for(&self, text: &str) -> String {
        let start = Instant::now();
        loop {
            let screen = self.screen();
            if screen.contains(text) {
                return screen;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "waited for {text:?}; the screen is:\n{screen}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = Command::new("tmux")
            .arg("-L")
            .arg(&self.socket)
            .arg("kill-server")
            .output();
    }
}

#[test]
fn quantik_against_random_in_a_real_terminal() {
    let binary = env!("CARGO_BIN_EXE_tabuleiro");
    assert!(Path::new(binary).exists());
    // The shell line after the program shows how it ended, and that the screen came back.
    let tmux = Tmux::start(&format!("'{binary}'; echo \"exit status $?\"; sleep 30"));

    let menu = tmux.wait_for("New game");
    assert!(menu.contains("◀ Quantik ▶"), "{menu}");
    // Down to player 2's level, three steps left from `hard` to `random`, then start.
    tmux.keys(&["Down", "Down", "Down", "Left", "Left", "Left"]);
    tmux.wait_for("◀ random: plays any legal move ▶");
    tmux.keys(&["Enter"]);
    let game = tmux.wait_for("Player 1 (human) vs Player 2 (random)");
    assert!(game.contains("cube (1/4) ⏎ plays Ca1"), "{game}");

    // A cube at b2: cursor right and down, Enter. The reply follows.
    tmux.keys(&["Right", "Down", "Enter"]);
    let replied = tmux.wait_for("Moves (2)");
    assert!(replied.contains("1. Player 1 Cb2"), "{replied}");
    assert!(
        replied.contains("[ ■ ]"),
        "the cube under the cursor:\n{replied}"
    );
    tmux.wait_for("Player 2 (random) played");

    // Undo takes back the reply and the move.
    tmux.keys(&["u"]);
    let undone = tmux.wait_for("Took back 2 move(s)");
    assert!(!undone.contains("Moves (2)"), "{undone}");
    assert!(undone.contains("│2 │  +  │[ + ]┃"), "{undone}");

    // Nothing in progress any more: q quits at once, and the terminal is given back.
    tmux.keys(&["q"]);
    let after = tmux.wait_for("exit status 0");
    assert!(
        !after.contains("Moves"),
        "the full screen is gone:\n{after}"
    );
}

/// Starts Quantik against `random` in a terminal of this size and returns the game screen.
fn quantik_against_random_sized(width: u16, height: u16) -> (Tmux, String) {
    let binary = env!("CARGO_BIN_EXE_tabuleiro");
    let tmux = Tmux::start_sized(&format!("'{binary}'; sleep 30"), width, height);
    tmux.wait_for("New game");
    tmux.keys(&["Down", "Down", "Down", "Left", "Left", "Left"]);
    tmux.wait_for("◀ random: plays any legal move ▶");
    tmux.keys(&["Enter"]);
    let game = tmux.wait_for("cube (1/4) ⏎ plays Ca1");
    (tmux, game)
}

/// The board's grid on `screen`: the lines from its top (`┌`) to its bottom (`└`), and the
/// characters across and lines down of its first cell.
fn grid(screen: &str) -> (Vec<&str>, (usize, usize)) {
    let lines: Vec<&str> = screen.lines().collect();
    let top = lines
        .iter()
        .position(|l| l.starts_with("│  ┌"))
        .unwrap_or_else(|| panic!("no grid:\n{screen}"));
    let bottom = lines
        .iter()
        .position(|l| l.starts_with("│  └"))
        .unwrap_or_else(|| panic!("no bottom to the grid:\n{screen}"));
    let first: Vec<char> = lines[top].chars().collect();
    let corners: Vec<usize> = (0..first.len())
        .filter(|&x| "┌┬┰┐".contains(first[x]))
        .collect();
    let below = lines[top + 1..]
        .iter()
        .position(|l| l.starts_with("│  ├") || l.starts_with("│  ┝"))
        .expect("a second row");
    (
        lines[top..=bottom].to_vec(),
        (corners[1] - corners[0] - 1, below),
    )
}

#[test]
fn at_80_by_24_the_board_is_whole_with_its_status_line() {
    let (_tmux, game) = quantik_against_random_sized(80, 24);
    let (rows, cell) = grid(&game);
    for label in ["1", "2", "3", "4"] {
        assert!(
            rows.iter().any(|r| r.starts_with(&format!("│{label} │"))),
            "row {label}:\n{game}"
        );
    }
    assert!(cell.0 >= 3 && cell.1 >= 1, "{cell:?}\n{game}");
    let lines: Vec<&str> = game.lines().collect();
    assert!(lines[21].starts_with("Player 1 to move"), "{game}");
    assert!(lines[22].starts_with("cube (1/4) ⏎ plays Ca1"), "{game}");
    // The side panels' words whole.
    assert!(game.contains("take / play / again"), "{game}");
    assert!(game.contains("● sphere (S)"), "{game}");
}

#[test]
fn at_160_by_48_the_board_is_larger_and_whole_with_its_status_line() {
    let (_tmux, game) = quantik_against_random_sized(160, 48);
    let (rows, cell) = grid(&game);
    assert!(cell.0 >= 7 && cell.1 >= 3, "{cell:?}\n{game}");
    assert_eq!(rows.len(), 1 + 4 * (cell.1 + 1), "{game}");
    let lines: Vec<&str> = game.lines().collect();
    assert!(lines[45].starts_with("Player 1 to move"), "{game}");
    assert!(lines[46].starts_with("cube (1/4) ⏎ plays Ca1"), "{game}");
}

/// The colour codes among the escape sequences of `screen`: foreground and background colours
/// (`30`–`37`, `38;…`, `40`–`47`, `48;…`, `90`–`97`, `100`–`107`); the defaults (`39`, `49`)
/// and attributes such as bold or reversed are no colours.
fn colour_codes(screen: &str) -> Vec<String> {
    let mut found = Vec::new();
    for sequence in screen.split("\x1b[").skip(1) {
        let Some(end) = sequence.find(|c: char| !(c.is_ascii_digit() || c == ';')) else {
            continue;
        };
        if !sequence[end..].starts_with('m') {
            continue;
        }
        let colour = sequence[..end].split(';').any(|p| {
            p.parse::<u16>()
                .is_ok_and(|n| matches!(n, 30..=38 | 40..=48 | 90..=97 | 100..=107))
        });
        if colour {
            found.push(sequence[..end].to_owned());
        }
    }
    found
}

#[test]
fn no_color_is_honoured_by_the_full_screen_and_the_command_line() {
    let binary = env!("CARGO_BIN_EXE_tabuleiro");
    // Without NO_COLOR the menu is coloured: the check below can see colours.
    let tmux = Tmux::start(&format!("env -u NO_COLOR '{binary}'; sleep 30"));
    tmux.wait_for("New game");
    assert!(!colour_codes(&tmux.screen_with_colours()).is_empty());
    drop(tmux);

    let tmux = Tmux::start(&format!("NO_COLOR=1 '{binary}'; sleep 30"));
    tmux.wait_for("New game");
    let menu = tmux.screen_with_colours();
    assert_eq!(colour_codes(&menu), Vec::<String>::new(), "{menu}");
    // A game screen, with its legal marks and cursor.
    tmux.keys(&["Enter"]);
    let text = tmux.wait_for("Player 1 (human) vs Player 2");
    assert!(
        text.contains("1 │[ + ]│  +"),
        "the cursor shows without colour: {text}"
    );
    let game = tmux.screen_with_colours();
    assert_eq!(colour_codes(&game), Vec::<String>::new(), "{game}");
    drop(tmux);

    // The command line's own messages (an unknown flag), on a terminal.
    let usage = |env: &str| {
        let tmux = Tmux::start(&format!("{env} '{binary}' play --bogus; sleep 30"));
        tmux.wait_for("For more information");
        tmux.screen_with_colours()
    };
    assert!(!colour_codes(&usage("env -u NO_COLOR")).is_empty());
    assert_eq!(colour_codes(&usage("NO_COLOR=1")), Vec::<String>::new());
}

/// Quantik's puzzles in the order the Puzzles screen takes them: by rating, the file's order
/// among equals.
fn quantik_puzzles() -> Vec<PuzzleEntry> {
    let mut puzzles = shipped::<Quantik>().expect("Quantik's puzzles read");
    puzzles.sort_by(|a, b| a.rating.total_cmp(&b.rating));
    puzzles
}

/// A legal move of the puzzle's position that does not reach the position of the solution's
/// first turn.
fn wrong_move(puzzle: &PuzzleEntry) -> String {
    let loaded = puzzle.load::<Quantik>().expect("the puzzle loads");
    let mut right = loaded.state;
    for &mv in &loaded.solution[0] {
        right.play_unchecked(mv);
    }
    let mut moves = Vec::new();
    loaded.state.legal_moves(&mut moves);
    let mv = moves
        .into_iter()
        .find(|&mv| {
            let mut after = loaded.state;
            after.play_unchecked(mv);
            after.position_key() != right.position_key()
        })
        .expect("a puzzle has another move");
    loaded.state.format_move(mv)
}

#[test]
fn quantik_puzzles_from_the_menu_in_a_real_terminal() {
    let binary = env!("CARGO_BIN_EXE_tabuleiro");
    let tmux = Tmux::start(&format!("'{binary}'; sleep 30"));
    tmux.wait_for("New game");
    // Game, Mode, You play, Player 2 is, First player, Start, then Puzzles.
    tmux.keys(&["Down", "Down", "Down", "Down", "Down", "Down"]);
    tmux.wait_for("› Puzzles");
    tmux.keys(&["Enter"]);

    // The easiest puzzle first; its solution typed turn by turn.
    let puzzles = quantik_puzzles();
    let first = &puzzles[0];
    let screen = tmux.wait_for(&format!("Puzzle {}", first.id));
    assert!(
        screen.contains("to move: find the only winning turn"),
        "{screen}"
    );
    assert!(
        screen.contains(&format!("rating {:.0}", first.rating)),
        "{screen}"
    );
    for (i, turn) in first.solution.iter().enumerate().step_by(2) {
        tmux.keys(&[":", &turn.join(" "), "Enter"]);
        if i + 2 < first.solution.len() {
            tmux.wait_for("Best move!");
        }
    }
    let solved = tmux.wait_for("Solved!");
    assert!(solved.contains("Streak: 1"), "{solved}");

    // The next puzzle, a wrong move: taken back, try again.
    tmux.keys(&["n"]);
    let second = &puzzles[1];
    tmux.wait_for(&format!("Puzzle {}", second.id));
    let wrong = wrong_move(second);
    tmux.keys(&[":", &wrong, "Enter"]);
    let again = tmux.wait_for("try again");
    assert!(
        again.contains(&format!("You played {wrong}. That is not the only win")),
        "{again}"
    );
    assert!(again.contains("streak 0"), "{again}");

    // Esc goes back to the menu at once.
    tmux.keys(&["Escape"]);
    tmux.wait_for("New game");
}
