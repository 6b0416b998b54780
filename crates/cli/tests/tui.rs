//! The full-screen interface run for real, in a terminal made by tmux (80×24): start, choose
//! Quantik against the random player, make a move, see the reply, undo, quit; and `NO_COLOR`.
//!
//! Needs the `tmux` program (`scripts/test` installs it when missing). Each run uses its own
//! tmux server socket, so other tmux sessions on the machine are never touched.

use std::path::Path;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

/// A private tmux server with one 80×24 session.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn start(command: &str) -> Tmux {
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
            "80",
            "-y",
            "24",
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
    let game = tmux.wait_for("P1 human vs P2 random");
    assert!(game.contains("cube (1/4) ⏎ plays Ca1"), "{game}");

    // A cube at b2: cursor right and down, Enter. The reply follows.
    tmux.keys(&["Right", "Down", "Enter"]);
    let replied = tmux.wait_for("Moves (2)");
    assert!(replied.contains("1. P1 Cb2"), "{replied}");
    assert!(
        replied.contains("[ ■ ]"),
        "the cube under the cursor:\n{replied}"
    );
    tmux.wait_for("Player 2 (random) played");

    // Undo takes back the reply and the move.
    tmux.keys(&["u"]);
    let undone = tmux.wait_for("Took back 2 move(s)");
    assert!(!undone.contains("Moves (2)"), "{undone}");
    assert!(undone.contains("│2   + [ + ]"), "{undone}");

    // Nothing in progress any more: q quits at once, and the terminal is given back.
    tmux.keys(&["q"]);
    let after = tmux.wait_for("exit status 0");
    assert!(
        !after.contains("Moves"),
        "the full screen is gone:\n{after}"
    );
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
    let text = tmux.wait_for("P1 human vs P2");
    assert!(
        text.contains("1 [ + ] +"),
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
