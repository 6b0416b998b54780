//! Stopping a search from outside: a front end whose game was resigned, or changed, while a
//! computer player thought sets the flag the search was started with, and every search stops
//! soon after with the best move found so far: alpha-beta at its next look at the clock
//! (every 64 positions), MCTS within 256 iterations, sampled rollouts before their next
//! sample. The flag belongs to the thread running the search (helper threads are handed it).

use std::cell::RefCell;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

thread_local! {
    static STOP: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
}

/// Puts the flag back as it was when dropped, even if the search panicked.
struct Restore(Option<Arc<AtomicBool>>);

impl Drop for Restore {
    fn drop(&mut self) {
        let earlier = self.0.take();
        STOP.with(|stop| *stop.borrow_mut() = earlier);
    }
}

/// Runs `search` on this thread so that setting `stop` stops it.
pub fn cancellable<R>(stop: Arc<AtomicBool>, search: impl FnOnce() -> R) -> R {
    let earlier = STOP.with(|s| s.borrow_mut().replace(stop));
    let _restore = Restore(earlier);
    search()
}

/// The flag of the search running on this thread, to hand to the helper threads it starts
/// (each runs its share [`cancellable`] with it).
pub fn current() -> Option<Arc<AtomicBool>> {
    STOP.with(|stop| stop.borrow().clone())
}

/// Runs `search` so that setting `stop`, if there is one, stops it: [`cancellable`] with an
/// optional flag, for helper threads given [`current`] of the thread that started them.
pub fn cancellable_with<R>(stop: Option<Arc<AtomicBool>>, search: impl FnOnce() -> R) -> R {
    match stop {
        Some(stop) => cancellable(stop, search),
        None => search(),
    }
}

/// Whether the search running on this thread has been told to stop.
pub fn cancelled() -> bool {
    STOP.with(|stop| {
        stop.borrow()
            .as_ref()
            .is_some_and(|flag| flag.load(Ordering::Relaxed))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_flag_counts_only_inside_and_on_this_thread() {
        let stop = Arc::new(AtomicBool::new(true));
        assert!(!cancelled());
        assert!(cancellable(Arc::clone(&stop), cancelled));
        assert!(!cancelled(), "restored after the search");
        let inner = Arc::clone(&stop);
        let elsewhere = std::thread::spawn(move || {
            cancellable(inner, || {
                std::thread::spawn(cancelled).join().unwrap_or(true)
            })
        });
        assert_eq!(
            elsewhere.join().ok(),
            Some(false),
            "another thread is not stopped"
        );
        let handed = Arc::clone(&stop);
        let helper = std::thread::spawn(move || {
            cancellable(handed, || {
                let flag = current();
                std::thread::spawn(move || cancellable_with(flag, cancelled))
                    .join()
                    .unwrap_or(false)
            })
        });
        assert_eq!(
            helper.join().ok(),
            Some(true),
            "a handed flag stops a helper"
        );
        assert!(current().is_none());
    }
}
