//! The full-screen interface run for real, in a terminal made by tmux (80×24): start, choose
//! Quantik against the random player, make a move, see the reply, undo, quit.
//!
//! Needs the `tmux` program (`scripts/test` installs it when missing). Each run uses its own
//! tmux server socket, so other tmux sessions on the machine are never touched.

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// A private tmux server with one 80×24 session.
struct Tmux {
    socket: String,
}

impl Tmux {
    fn start(command: &str) -> Tmux {
        let socket = format!("tabuleiro-e2e-{}", std::process::id());
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
    assert!(game.contains("C· (1/4) ⏎ plays Ca1"), "{game}");

    // A cube at b2: cursor right and down, Enter. The reply follows.
    tmux.keys(&["Right", "Down", "Enter"]);
    let replied = tmux.wait_for("Moves (2)");
    assert!(replied.contains("1. P1 Cb2"), "{replied}");
    assert!(
        replied.contains("[■]"),
        "the cube under the cursor:\n{replied}"
    );
    tmux.wait_for("Player 2 (random) played");

    // Undo takes back the reply and the move.
    tmux.keys(&["u"]);
    let undone = tmux.wait_for("Took back 2 move(s)");
    assert!(!undone.contains("Moves (2)"), "{undone}");
    assert!(undone.contains("│  2  +[+]"), "{undone}");

    // Nothing in progress any more: q quits at once, and the terminal is given back.
    tmux.keys(&["q"]);
    let after = tmux.wait_for("exit status 0");
    assert!(
        !after.contains("Moves"),
        "the full screen is gone:\n{after}"
    );
}
