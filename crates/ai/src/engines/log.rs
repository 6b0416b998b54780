//! `--engine-log FILE`: both sides of every engine's conversation, one line each.
//!
//! Each line names the engine and its process, then who spoke: `>` the host, `<` the engine,
//! `!` the engine's standard error, `#` the host's own remark (an engine killed, a flood):
//!
//! ```text
//! mine#4242 > go 1000
//! mine#4242 < move A1c
//! ```

use std::fs::File;
use std::io::Write;
use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};

/// The log file every engine writes to, when one was asked for.
static LOG: OnceLock<Arc<Mutex<File>>> = OnceLock::new();

/// Opens `path` (appending) as the log of every engine started from now on.
///
/// # Errors
/// When the file cannot be opened, or a log was already set.
pub fn set_log_file(path: &Path) -> Result<(), String> {
    let file = File::options()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| format!("cannot open the engine log {}: {e}", path.display()))?;
    LOG.set(Arc::new(Mutex::new(file)))
        .map_err(|_| "the engine log is already set".to_owned())
}

/// Where one engine's lines go: the log file, if there is one.
#[derive(Clone, Debug)]
pub struct EngineLog {
    sink: Option<Arc<Mutex<File>>>,
    who: String,
}

impl EngineLog {
    /// The log for the engine named `name` (lines are dropped when no log was set).
    pub fn named(name: &str) -> Self {
        EngineLog {
            sink: LOG.get().cloned(),
            who: name.to_owned(),
        }
    }

    /// The same log, naming process `pid` too.
    pub fn for_process(&self, pid: u32) -> Self {
        EngineLog {
            sink: self.sink.clone(),
            who: format!("{}#{pid}", self.who),
        }
    }

    fn write(&self, mark: char, text: &str) {
        if let Some(sink) = &self.sink
            && let Ok(mut file) = sink.lock()
        {
            let _ = writeln!(file, "{} {mark} {text}", self.who);
        }
    }

    /// A line from the host to the engine.
    pub fn host(&self, line: &str) {
        self.write('>', line);
    }

    /// A line from the engine.
    pub fn engine(&self, line: &str) {
        self.write('<', line);
    }

    /// A line of the engine's standard error.
    pub fn stderr(&self, line: &str) {
        self.write('!', line);
    }

    /// A remark of the host's (a kill, a flood, a forfeit).
    pub fn note(&self, text: &str) {
        self.write('#', text);
    }
}
