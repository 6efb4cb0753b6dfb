//! Cancelling a call from another thread: the budgets the checks of [`Budget::with_cancel`]
//! use in every crate.

use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::Duration;

use sudoku_core::Budget;

/// A new cancel flag, not set (leaked: a budget holds a `'static` flag; one flag per test, so
/// that tests running at once do not cancel each other).
pub fn cancel_flag() -> &'static AtomicBool {
    Box::leak(Box::new(AtomicBool::new(false)))
}

/// A budget of a minute whose cancel flag is already set: a call given it must give up at
/// once, cancelled.
pub fn cancelled_budget() -> Budget {
    let flag = cancel_flag();
    flag.store(true, Ordering::Relaxed);
    Budget::time(Duration::from_secs(60)).with_cancel(flag)
}

/// Runs `call` with a budget of a minute whose cancel flag another thread sets after 20 ms,
/// and returns its answer: a call that honours the flag answers that it was cancelled (a call
/// that does not runs to its end, or to the minute, which the test's assertion tells apart).
pub fn cancel_during<R>(call: impl FnOnce(Budget) -> R) -> R {
    let flag = cancel_flag();
    let budget = Budget::time(Duration::from_secs(60)).with_cancel(flag);
    thread::scope(|scope| {
        scope.spawn(|| {
            thread::sleep(Duration::from_millis(20));
            flag.store(true, Ordering::Relaxed);
        });
        call(budget)
    })
}
