//! Backups of a SQLite data folder: a consistent copy taken while a server serves it
//! (`VACUUM INTO`, which reads one snapshot of the database in a read transaction, so a move
//! stored meanwhile is either wholly in the copy or not at all), checked before it is
//! called done; and a restore that puts a checked copy in place of a folder's database.
//! PostgreSQL is backed up with its own tools (`pg_dump`, `pg_restore`: docs/deploy.md).

use std::path::{Path, PathBuf};

use rusqlite::{Connection, OpenFlags};

/// The database file of a data folder (as the SQLite store names it).
pub const DATABASE_FILE: &str = "games.sqlite3";

/// What a backup or a restore did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Copied {
    /// The file written.
    pub path: PathBuf,
    /// How many games it holds.
    pub games: u64,
    /// Its size in bytes.
    pub bytes: u64,
}

/// Why a backup or a restore did nothing.
#[derive(Debug, thiserror::Error)]
pub enum BackupError {
    /// The data folder holds no database.
    #[error("{0} holds no database ({DATABASE_FILE}): is it the folder given to `serve --data`?")]
    NoDatabase(String),
    /// The file to write exists already.
    #[error("{0} exists already: a backup never overwrites a file (choose another name)")]
    Exists(String),
    /// A restore would replace a database that exists, and was not told to.
    #[error(
        "{0} holds a database already: stop its server, then restore with --force (the old database is kept beside it)"
    )]
    WouldReplace(String),
    /// The copy is not a sound tabuleiro database.
    #[error("{path} is not a sound tabuleiro database: {why}")]
    Unsound {
        /// The file checked.
        path: String,
        /// What the check found.
        why: String,
    },
    /// SQLite refused.
    #[error("SQLite: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The file system refused.
    #[error("{path}: {error}")]
    Io {
        /// The file or folder.
        path: String,
        /// The error.
        error: std::io::Error,
    },
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> BackupError + '_ {
    move |error| BackupError::Io {
        path: path.display().to_string(),
        error,
    }
}

/// Copies the database of data folder `folder` to the new file `to`, consistently even while
/// a server writes to it, then checks the copy.
///
/// # Errors
/// No database in `folder`, `to` exists, or SQLite or the file system refused; a copy that
/// fails its check is removed.
pub fn backup(folder: &Path, to: &Path) -> Result<Copied, BackupError> {
    let source = folder.join(DATABASE_FILE);
    if !source.is_file() {
        return Err(BackupError::NoDatabase(folder.display().to_string()));
    }
    if to.exists() {
        return Err(BackupError::Exists(to.display().to_string()));
    }
    let db = Connection::open_with_flags(
        &source,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )?;
    // A server may be writing: wait for its write to end rather than fail.
    db.busy_timeout(std::time::Duration::from_secs(10))?;
    let target = to.to_str().ok_or_else(|| BackupError::Io {
        path: to.display().to_string(),
        error: std::io::Error::new(std::io::ErrorKind::InvalidInput, "not a UTF-8 path"),
    })?;
    db.execute("VACUUM INTO ?1", [target])?;
    drop(db);
    match check(to) {
        Ok(copied) => Ok(copied),
        Err(e) => {
            let _ = std::fs::remove_file(to);
            Err(e)
        }
    }
}

/// Puts the backup `from` in place as the database of data folder `folder` (made if need
/// be), after checking it. A database already there is replaced only with `force`, and then
/// kept beside it as `games.sqlite3.before-restore-SECONDS`. Stop the folder's server first.
///
/// # Errors
/// `from` is not a sound tabuleiro database, a database is there and `force` is not given,
/// or the file system refused.
pub fn restore(from: &Path, folder: &Path, force: bool) -> Result<Copied, BackupError> {
    check(from)?;
    std::fs::create_dir_all(folder).map_err(io(folder))?;
    let target = folder.join(DATABASE_FILE);
    if target.exists() {
        if !force {
            return Err(BackupError::WouldReplace(folder.display().to_string()));
        }
        let seconds = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs());
        let kept = folder.join(format!("{DATABASE_FILE}.before-restore-{seconds}"));
        // The old database with its write-ahead log folded in, as one file.
        backup(folder, &kept)?;
    }
    let part = folder.join(format!("{DATABASE_FILE}.restoring"));
    std::fs::copy(from, &part).map_err(io(&part))?;
    std::fs::File::open(&part)
        .and_then(|f| f.sync_all())
        .map_err(io(&part))?;
    // The old database's log and shared memory belong to the old file: gone with it.
    for suffix in ["-wal", "-shm"] {
        let stale = folder.join(format!("{DATABASE_FILE}{suffix}"));
        if stale.exists() {
            std::fs::remove_file(&stale).map_err(io(&stale))?;
        }
    }
    std::fs::rename(&part, &target).map_err(io(&target))?;
    check(&target)
}

/// Checks that `path` is a sound SQLite database holding tabuleiro's games; says how many.
///
/// # Errors
/// It is not, or it cannot be read.
pub fn check(path: &Path) -> Result<Copied, BackupError> {
    let unsound = |why: String| BackupError::Unsound {
        path: path.display().to_string(),
        why,
    };
    if !path.is_file() {
        return Err(unsound("no such file".to_owned()));
    }
    let db = Connection::open_with_flags(path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    let integrity: String = db
        .query_row("PRAGMA integrity_check", [], |row| row.get(0))
        .map_err(|e| unsound(e.to_string()))?;
    if integrity != "ok" {
        return Err(unsound(integrity));
    }
    let games: i64 = db
        .query_row("SELECT count(*) FROM games", [], |row| row.get(0))
        .map_err(|e| unsound(format!("no table of games ({e})")))?;
    let bytes = std::fs::metadata(path).map_err(io(path))?.len();
    Ok(Copied {
        path: path.to_path_buf(),
        games: u64::try_from(games).unwrap_or(0),
        bytes,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SqliteStore;

    fn folder(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "tabuleiro-backup-{name}-{}-{}",
            std::process::id(),
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos())
        ));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn the_store_keeps_its_games_in_the_file_a_backup_copies() {
        let data = folder("name");
        drop(SqliteStore::open(&data).expect("a store"));
        assert!(data.join(DATABASE_FILE).is_file());
        let _ = std::fs::remove_dir_all(&data);
    }

    #[test]
    fn refusals_say_why_and_write_nothing() {
        let data = folder("refusals");
        let empty = folder("empty");
        let err = backup(&empty, &data.join("copy")).expect_err("no database");
        assert!(err.to_string().contains("holds no database"), "{err}");
        drop(SqliteStore::open(&data).expect("a store"));
        let copy = data.join("copy.sqlite3");
        backup(&data, &copy).expect("a backup");
        let again = backup(&data, &copy).expect_err("no overwrite");
        assert!(again.to_string().contains("exists already"), "{again}");
        let replace = restore(&copy, &data, false).expect_err("no replace");
        assert!(replace.to_string().contains("--force"), "{replace}");
        let junk = data.join("junk");
        std::fs::write(&junk, b"not a database").expect("write");
        let unsound = restore(&junk, &folder("never"), false).expect_err("unsound");
        assert!(unsound.to_string().contains("not a sound"), "{unsound}");
        let _ = std::fs::remove_dir_all(&data);
    }
}
