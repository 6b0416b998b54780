//! A progress bar on standard error for long table builds (hidden when it is not a terminal).

use std::io::IsTerminal;
use std::sync::{Arc, Mutex, PoisonError};

use indicatif::{ProgressBar, ProgressStyle};
use tabuleiro_core::oracle::{Progress, ProgressFn};

/// A reporter drawing a bar per stage of a build on a terminal; `None` when standard error is
/// not a terminal.
pub fn table_progress() -> Option<ProgressFn> {
    if !std::io::stderr().is_terminal() {
        return None;
    }
    let current: Mutex<Option<(&'static str, ProgressBar)>> = Mutex::new(None);
    Some(Arc::new(move |p: Progress| {
        let mut current = current.lock().unwrap_or_else(PoisonError::into_inner);
        if current.as_ref().is_none_or(|(stage, _)| *stage != p.stage) {
            if let Some((_, bar)) = current.take() {
                bar.finish_and_clear();
            }
            let bar = ProgressBar::new(p.total);
            if let Ok(style) = ProgressStyle::with_template(
                "{msg:20} {bar:40} {percent:>3}%  {elapsed} elapsed, ETA {eta}",
            ) {
                bar.set_style(style);
            }
            bar.set_message(p.stage);
            *current = Some((p.stage, bar));
        }
        if let Some((_, bar)) = current.as_ref() {
            bar.set_position(p.done);
            if p.done >= p.total {
                bar.finish_and_clear();
            }
        }
    }))
}
