//! How many threads one computer player's search uses.
//!
//! A level may say it (`strong:threads=N`); otherwise the search uses the process's default,
//! which is 1 until a front end sets it ([`set_default`]). The `tabuleiro` binary sets what
//! the command's `--threads` asks (`play`, `match`, `analyse`, `tournament`, `serve`), else
//! every core where a person waits for the move (the menus, `play`, `analyse`, `serve`), and
//! 1 everywhere else: in matches, so that their games replay from their seeds, in
//! tournaments, which already play several games at once, and in `bench`, whose figures are
//! for one thread (it measures more threads on request). `serve` never sets more than its
//! pool of computer threads (`--computer-threads`).

use std::sync::atomic::{AtomicUsize, Ordering};

/// The most threads one search may use.
pub const MAX_THREADS: usize = 256;

static DEFAULT: AtomicUsize = AtomicUsize::new(1);

/// Sets the number of threads of searches whose level does not give one (clamped to
/// `1..=MAX_THREADS`).
pub fn set_default(threads: usize) {
    DEFAULT.store(threads.clamp(1, MAX_THREADS), Ordering::Relaxed);
}

/// The number of threads of searches whose level does not give one.
pub fn default() -> usize {
    DEFAULT.load(Ordering::Relaxed)
}

/// How many threads this machine runs at once (its cores, as the system reports them).
pub fn available() -> usize {
    std::thread::available_parallelism().map_or(1, usize::from)
}

/// Splits `total` units of work among `threads` shares as evenly as possible, the first shares
/// taking the remainder.
pub fn split(total: u64, threads: usize) -> impl Iterator<Item = u64> {
    let n = threads.max(1) as u64;
    (0..n).map(move |i| total / n + u64::from(i < total % n))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_add_up() {
        for total in [0, 1, 7, 1000, 1001] {
            for threads in 1..6 {
                let shares: Vec<u64> = split(total, threads).collect();
                assert_eq!(shares.len(), threads);
                assert_eq!(shares.iter().sum::<u64>(), total);
                let (lo, hi) = (shares.iter().min(), shares.iter().max());
                assert!(hi.zip(lo).is_some_and(|(h, l)| h - l <= 1), "{shares:?}");
            }
        }
    }
}
