//! `tabuleiro serve` as a process for tests: started on a data folder and a free port (or a
//! given address), and a child process killed with SIGKILL when dropped (also when a test
//! fails).

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};

/// A child process, killed with SIGKILL when dropped.
pub struct Process(pub Child);

impl Process {
    /// Kills the process with SIGKILL and waits for it.
    pub fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Starts the server on `addr` (default: a free port) with its games in `data`; returns it
/// once it says it is serving.
pub fn start(data: &Path, addr: Option<SocketAddr>) -> (Process, SocketAddr) {
    let addr = addr.unwrap_or_else(|| {
        std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
    });
    let mut command = Command::new(env!("CARGO_BIN_EXE_tabuleiro"));
    command
        .args([
            "serve",
            "--metrics-addr",
            "off",
            "--addr",
            &addr.to_string(),
            "--data",
        ])
        .arg(data)
        .stderr(Stdio::inherit());
    (serving(&mut command), addr)
}

/// Runs `command`, a server, and returns it once its first line says it is serving.
pub fn serving(command: &mut Command) -> Process {
    let mut child = command
        .stdout(Stdio::piped())
        .spawn()
        .expect("the server starts");
    let stdout = child.stdout.take().expect("stdout");
    let server = Process(child);
    let mut line = String::new();
    BufReader::new(stdout)
        .read_line(&mut line)
        .expect("the server's first line");
    assert!(line.contains("serving"), "{line}");
    server
}
