//! Locks that outlive a panic: a thread that panicked while holding one leaves data whose
//! every change was complete (each change is made before its lock is released).

use std::sync::{Mutex, MutexGuard, PoisonError};

/// Locks a mutex, going on with the data if a thread panicked while holding it (every
/// change to a room is complete before its lock is released).
pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}
