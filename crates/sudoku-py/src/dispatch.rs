//! Each thread's [`Worker`] of the front door (its solvers are dear to build and keep their
//! buffers), leased for one call and kept for the thread's next; and the keyword arguments
//! every call shares, checked by the front door's rules.

use std::cell::RefCell;
use std::ops::{Deref, DerefMut};

use pyo3::prelude::*;
use sudoku_api::{Budget, Front, Worker};

use crate::errors::usage;

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

/// The budget of one puzzle from a call's keywords: `time_limit` in seconds and `max_nodes`
/// (or its other name, `node_limit`) search nodes, either or both; none means no limit.
pub(crate) fn budget(
    time_limit: Option<f64>,
    max_nodes: Option<u64>,
    node_limit: Option<u64>,
) -> PyResult<Budget> {
    let nodes = match (max_nodes, node_limit) {
        (Some(_), Some(_)) => {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "max_nodes and node_limit are one keyword under two names: give one",
            ));
        }
        (nodes, None) | (None, nodes) => nodes,
    };
    sudoku_api::budget(time_limit, nodes, Front::Python).map_err(usage)
}
