//! One engine process: started from its command, spoken to line by line, and stopped for sure.
//!
//! The host never blocks on the engine: a writer thread sends the host's lines (an engine
//! that does not read cannot stall the host on a full pipe), a reader thread reads the
//! engine's lines into a channel that the host waits on with a deadline, and a third thread
//! drains its standard error into the log. The reader stops at a line longer than
//! [`MAX_LINE`] or more than [`MAX_OUTPUT`] bytes since the last [`EngineProcess::reset_budget`]
//! (a flood). Dropping the process asks it to `quit`, closes its input, gives it [`QUIT_GRACE`]
//! to exit, then kills it, and always waits for it: no zombie is left.
//!
//! On Unix each engine is the leader of a process group of its own, and the host ends the
//! whole group: whatever the engine started (a shell's children, a runtime's helpers) goes
//! with it. An engine that exits is reported as gone at once, even when children it left
//! behind still hold its output open.

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread;
use std::time::{Duration, Instant};

use super::log::EngineLog;

/// The longest line an engine may write, in bytes.
pub const MAX_LINE: usize = 64 * 1024;

/// The most an engine may write between two of the host's `go` lines (or before the first),
/// in bytes: more is a flood.
pub const MAX_OUTPUT: usize = 1024 * 1024;

/// How long an engine is given to exit after `quit` before it is killed.
pub const QUIT_GRACE: Duration = Duration::from_millis(500);

/// How often the host, waiting for a line, looks whether the engine has exited.
const EXIT_POLL: Duration = Duration::from_millis(20);

/// How long the host still reads lines an engine wrote just before it exited.
const LAST_WORDS: Duration = Duration::from_millis(100);

/// What the reader thread saw.
#[derive(Debug)]
enum Event {
    /// A line, without its line ending.
    Line(String),
    /// The engine wrote too much; the reader stopped.
    Flood(String),
    /// The engine closed its output (it exited, most likely).
    Closed,
}

/// Why waiting for a line ended without one.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReadError {
    /// Nothing came before the deadline.
    #[error("no answer within {0} ms")]
    Timeout(u128),
    /// The engine wrote too much.
    #[error("{0}")]
    Flood(String),
    /// The engine's output closed.
    #[error("{0}")]
    Exited(String),
}

/// A running engine.
pub struct EngineProcess {
    child: Child,
    pid: u32,
    lines: Receiver<Event>,
    to_engine: Option<Sender<String>>,
    written: Arc<AtomicUsize>,
    log: EngineLog,
    /// Set once the output closed or flooded: nothing more will come.
    finished: Option<ReadError>,
}

impl EngineProcess {
    /// Starts `argv` (the program and its arguments) with piped input and output.
    ///
    /// # Errors
    /// When the program cannot be started, in words.
    pub fn start(argv: &[String], log: &EngineLog) -> Result<Self, String> {
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| "the engine's command is empty".to_owned())?;
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command
            .spawn()
            .map_err(|e| format!("could not be started (`{program}`: {e})"))?;
        let pid = child.id();
        let log = log.for_process(pid);
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err("its pipes could not be opened".to_owned());
        };
        let written = Arc::new(AtomicUsize::new(0));
        let (line_tx, lines) = mpsc::channel();
        let counter = Arc::clone(&written);
        let reader_log = log.clone();
        let error_log = log.clone();
        let (to_engine, from_host) = mpsc::channel::<String>();
        let threads = thread::Builder::new()
            .name(format!("engine-{pid}-out"))
            .spawn(move || read_lines(stdout, &line_tx, &counter, &reader_log))
            .and_then(|_| {
                thread::Builder::new()
                    .name(format!("engine-{pid}-err"))
                    .spawn(move || drain_errors(stderr, &error_log))
            })
            .and_then(|_| {
                thread::Builder::new()
                    .name(format!("engine-{pid}-in"))
                    .spawn(move || write_lines(stdin, &from_host))
            });
        if let Err(e) = threads {
            let _ = child.kill();
            let _ = child.wait();
            return Err(format!("no thread to speak to it: {e}"));
        }
        Ok(EngineProcess {
            child,
            pid,
            lines,
            to_engine: Some(to_engine),
            written,
            log,
            finished: None,
        })
    }

    /// The process id.
    pub fn pid(&self) -> u32 {
        self.pid
    }

    /// Sends one line (without its line ending). A line to an engine that has stopped
    /// reading is dropped: the next read tells what happened.
    pub fn send(&mut self, line: &str) {
        self.log.host(line);
        if let Some(to_engine) = &self.to_engine {
            let _ = to_engine.send(format!("{line}\n"));
        }
    }

    /// Writes a remark of the host's to the log.
    pub fn note(&self, text: &str) {
        self.log.note(text);
    }

    /// Starts a new allowance of [`MAX_OUTPUT`] bytes (the host does at each `go`).
    pub fn reset_budget(&self) {
        self.written.store(0, Ordering::Relaxed);
    }

    /// The next line from the engine, waiting until `deadline` at most.
    ///
    /// # Errors
    /// Nothing came in time, the engine flooded, or its output closed (with its exit status
    /// when it has exited).
    pub fn read_line(&mut self, deadline: Instant) -> Result<String, ReadError> {
        if let Some(done) = &self.finished {
            return Err(done.clone());
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        let event = loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left.min(EXIT_POLL)) {
                Ok(event) => break event,
                Err(RecvTimeoutError::Disconnected) => break Event::Closed,
                Err(RecvTimeoutError::Timeout) if left.is_zero() => {
                    return Err(ReadError::Timeout(wait.as_millis()));
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
            // Exited, while children it left may hold its output open: what it wrote last
            // is read, then it is gone.
            if !matches!(self.child.try_wait(), Ok(None)) {
                self.end_group();
                break match self.lines.recv_timeout(LAST_WORDS) {
                    Ok(event) => event,
                    Err(_) => Event::Closed,
                };
            }
        };
        let done = match event {
            Event::Line(line) => return Ok(line),
            Event::Flood(what) => ReadError::Flood(what),
            Event::Closed => ReadError::Exited(self.exit_words()),
        };
        self.finished = Some(done.clone());
        Err(done)
    }

    /// Kills every process left in the engine's process group (its own, when it still runs).
    fn end_group(&self) {
        #[cfg(unix)]
        if let Some(group) = i32::try_from(self.pid)
            .ok()
            .and_then(rustix::process::Pid::from_raw)
        {
            let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
        }
    }

    /// Whether the process has exited.
    pub fn exited(&mut self) -> bool {
        self.finished.is_some() || !matches!(self.child.try_wait(), Ok(None))
    }

    /// How the process ended, in words, waiting a moment for it to end after closing its
    /// output.
    fn exit_words(&mut self) -> String {
        let until = Instant::now() + Duration::from_millis(200);
        loop {
            match self.child.try_wait() {
                Ok(Some(status)) => {
                    return match status.code() {
                        Some(code) => format!("the engine exited (status {code})"),
                        None => format!("the engine was stopped ({status})"),
                    };
                }
                Ok(None) if Instant::now() < until => thread::sleep(Duration::from_millis(5)),
                _ => return "the engine closed its output".to_owned(),
            }
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if !self.exited() {
            self.send("quit");
        }
        // Closing the channel ends the writer thread, which closes the engine's input.
        self.to_engine = None;
        let until = Instant::now() + QUIT_GRACE;
        while Instant::now() < until {
            if !matches!(self.child.try_wait(), Ok(None)) {
                break;
            }
            thread::sleep(Duration::from_millis(5));
        }
        if matches!(self.child.try_wait(), Ok(None)) {
            self.log.note("did not stop after `quit`: killed");
            let _ = self.child.kill();
        }
        // Whatever it started and left behind goes with it.
        self.end_group();
        let _ = self.child.wait();
    }
}

/// Reads the engine's lines into `lines` until it closes its output, floods, or nobody
/// listens.
fn read_lines(stdout: impl Read, lines: &Sender<Event>, written: &AtomicUsize, log: &EngineLog) {
    let mut reader = BufReader::with_capacity(16 * 1024, stdout);
    let mut line = Vec::new();
    loop {
        line.clear();
        // One byte over the limit tells a line that is too long.
        let read = (&mut reader)
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut line);
        let event = match read {
            Ok(0) | Err(_) => Event::Closed,
            Ok(n) => {
                let total = written.fetch_add(n, Ordering::Relaxed) + n;
                let complete = line.last() == Some(&b'\n');
                if !complete && n > MAX_LINE {
                    Event::Flood(format!("wrote a line longer than {MAX_LINE} bytes"))
                } else if total > MAX_OUTPUT {
                    Event::Flood(format!("wrote more than {MAX_OUTPUT} bytes in one turn"))
                } else {
                    let text = String::from_utf8_lossy(&line);
                    let text = text.trim_end_matches(['\n', '\r']).to_owned();
                    log.engine(&text);
                    Event::Line(text)
                }
            }
        };
        let last = !matches!(event, Event::Line(_));
        if let Event::Flood(what) = &event {
            log.note(what);
        }
        if lines.send(event).is_err() || last {
            return;
        }
    }
}

/// Passes the engine's standard error to the log, line by line (dropped without a log).
fn drain_errors(stderr: impl Read, log: &EngineLog) {
    let mut reader = BufReader::new(stderr);
    let mut line = Vec::new();
    loop {
        line.clear();
        match (&mut reader)
            .take(MAX_LINE as u64)
            .read_until(b'\n', &mut line)
        {
            Ok(0) | Err(_) => return,
            Ok(_) => log.stderr(String::from_utf8_lossy(&line).trim_end()),
        }
    }
}

/// Writes the host's lines to the engine until the host closes the channel or the engine its
/// input.
fn write_lines(mut stdin: ChildStdin, lines: &Receiver<String>) {
    for line in lines {
        if stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.flush())
            .is_err()
        {
            return;
        }
    }
}
