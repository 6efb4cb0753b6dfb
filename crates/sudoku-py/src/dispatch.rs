//! Each thread's [`Worker`] of the front door (its solvers are dear to build and keep their
//! buffers), leased for one call and kept for the thread's next.

use std::cell::RefCell;
use std::ops::{Deref, DerefMut};

use sudoku_api::{Front, Worker};

thread_local! {
    /// The worker a thread used last, kept for its next call: a program that solves one
    /// puzzle per call would otherwise build the solvers every time.
    static KEPT: RefCell<Option<Worker>> = const { RefCell::new(None) };
}

/// A thread's worker for one call, taken from what the thread kept and given back when
/// dropped.
pub(crate) struct Lease(Option<Worker>);

impl Lease {
    pub(crate) fn new() -> Lease {
        let kept = KEPT
            .try_with(|kept| kept.borrow_mut().take())
            .ok()
            .flatten();
        Lease(Some(kept.unwrap_or_else(|| Worker::new(Front::Python))))
    }
}

impl Deref for Lease {
    type Target = Worker;

    fn deref(&self) -> &Worker {
        self.0
            .as_ref()
            .expect("a lease holds its worker until dropped")
    }
}

impl DerefMut for Lease {
    fn deref_mut(&mut self) -> &mut Worker {
        self.0
            .as_mut()
            .expect("a lease holds its worker until dropped")
    }
}

impl Drop for Lease {
    fn drop(&mut self) {
        let worker = self.0.take();
        // A thread being torn down keeps nothing.
        let _ = KEPT.try_with(|kept| *kept.borrow_mut() = worker);
    }
}
