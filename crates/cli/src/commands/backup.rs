//! `backup` and `restore`: a SQLite data folder's database copied consistently while its
//! server serves it, and a copy put back in place ([`tabuleiro_web::backup`]).

use std::io::Write;

use anyhow::Result;

use crate::args::{BackupArgs, RestoreArgs};

/// `tabuleiro backup [--data DIR] FILE`.
///
/// # Errors
/// As [`tabuleiro_web::backup::backup`], or when the output cannot be written.
pub fn backup(args: &BackupArgs, output: &mut dyn Write) -> Result<()> {
    let folder = args
        .data
        .clone()
        .unwrap_or_else(tabuleiro_web::default_data_dir);
    let copied = tabuleiro_web::backup::backup(&folder, &args.file)?;
    writeln!(
        output,
        "backed up {} games ({} bytes) from {} to {}",
        copied.games,
        copied.bytes,
        folder.display(),
        copied.path.display()
    )?;
    Ok(())
}

/// `tabuleiro restore FILE [--data DIR] [--force]`.
///
/// # Errors
/// As [`tabuleiro_web::backup::restore`], or when the output cannot be written.
pub fn restore(args: &RestoreArgs, output: &mut dyn Write) -> Result<()> {
    let folder = args
        .data
        .clone()
        .unwrap_or_else(tabuleiro_web::default_data_dir);
    let copied = tabuleiro_web::backup::restore(&args.file, &folder, args.force)?;
    writeln!(
        output,
        "restored {} games ({} bytes) from {} into {}",
        copied.games,
        copied.bytes,
        args.file.display(),
        copied.path.display()
    )?;
    Ok(())
}
