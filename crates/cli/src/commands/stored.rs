//! `bench-web --stored N`: a server restarted on a database of N finished games: how long it
//! takes to start and how much memory it holds, measured on a real `tabuleiro serve` process.

use std::io::{BufRead, BufReader, Write};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{Context as _, Result, bail};

/// Resident memory of process `pid`, from `/proc` (Linux).
fn resident(pid: u32) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib * 1024)
}

/// Kills the server when dropped, whatever happened.
struct Server(Child);

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn mib(bytes: u64) -> f64 {
    bytes as f64 / (1024.0 * 1024.0)
}

/// Fills a database in `folder` with `games` finished games, starts `tabuleiro serve` on it,
/// and prints the start-up time and the server's resident memory (after start-up, and after
/// one stored game was opened).
pub fn run(game: &str, games: usize, folder: &Path, output: &mut dyn Write) -> Result<()> {
    let _ = std::fs::remove_dir_all(folder);
    let started = Instant::now();
    let moves = tabuleiro_load::bench::fill(folder, game, games)?;
    writeln!(
        output,
        "stored {games} finished games ({moves} moves) in {:.1} s",
        started.elapsed().as_secs_f64()
    )?;
    let exe = std::env::current_exe().context("cannot find this program to start the server")?;
    let started = Instant::now();
    let mut child = Command::new(exe)
        .args([
            "serve",
            "--metrics-addr",
            "off",
            "--addr",
            "127.0.0.1:0",
            "--data",
        ])
        .arg(folder)
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .context("cannot start the server")?;
    let stdout = child.stdout.take().context("no output from the server")?;
    let server = Server(child);
    let mut line = String::new();
    BufReader::new(stdout).read_line(&mut line)?;
    let startup = started.elapsed();
    let Some(addr) = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|a| a.parse::<std::net::SocketAddr>().ok())
    else {
        bail!("the server did not say where it listens: {line}");
    };
    let after_start = resident(server.0.id()).unwrap_or(0);
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let path = format!("/api/games/stored{:09}/record", games / 2);
    let answer = runtime.block_on(tabuleiro_load::client::request(addr, "GET", &path, None))?;
    // 200 with the record of a finished game, 409 for one random play left unfinished: either
    // way the server loaded it.
    if answer.status != 200 && answer.status != 409 {
        bail!(
            "a stored game could not be read back: {} {}",
            answer.status,
            answer.body
        );
    }
    std::thread::sleep(Duration::from_millis(100));
    let after_open = resident(server.0.id()).unwrap_or(0);
    drop(server);
    writeln!(
        output,
        "server on {games} stored games: started in {:.3} s; resident memory {:.1} MiB after \
         start-up, {:.1} MiB after opening one stored game",
        startup.as_secs_f64(),
        mib(after_start),
        mib(after_open)
    )?;
    Ok(())
}
