//! Running a call's puzzles on every core, without the GIL: a rayon pool works through them
//! while the calling thread waits with the GIL released, waking a few times a second to let
//! Python handle signals. Ctrl-C stops the call within a fraction of a second: the waiting
//! thread sets the call's cancel flag, which every puzzle's budget carries, so that the
//! searches in flight give up at their next look at the clock. Answers come back in input
//! order, each worker keeping its own solvers; a panic in a worker becomes that puzzle's
//! failure, never a crash of the interpreter.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use pyo3::exceptions::{PyMemoryError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use rayon::prelude::*;

use sudoku_api::{Budget, Puzzle};

use crate::dispatch::Lease;
use crate::errors::{Failure, FailureKind};
use crate::input::{self, Batch, Board, Form};
use crate::options::Options;

/// How often the waiting thread looks at Python's signals.
const SIGNAL_CHECK: Duration = Duration::from_millis(50);

/// How long a cheap puzzle may run on the calling thread, where Python cannot see a signal,
/// before it is run again on the pool, where it can.
const SLICE: Duration = Duration::from_millis(50);

/// What one puzzle costs: cheap work (a solve, a count) of a single puzzle runs on the calling
/// thread, with the GIL released, for at most [`SLICE`] (handing it to another thread costs
/// more than most such puzzles take), and again on the pool when it takes longer; dear work
/// (a rating, a generated puzzle) always runs on the pool, so that Ctrl-C can stop it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Cost {
    Cheap,
    Dear,
}

/// The `threads` argument: `None` for every core, else 1 to 256 (the command line's rule).
pub(crate) fn threads(threads: Option<usize>) -> PyResult<usize> {
    sudoku_api::threads(threads.map(|n| n as i128), sudoku_api::Front::Python)
        .map_err(crate::errors::usage)
}

/// The most items one call answers: a Python list holds at most this many.
pub(crate) const MAX_ITEMS: usize = (isize::MAX as usize) / std::mem::size_of::<usize>();

/// Items a worker pool answers between two looks at the results: large, so that the pool
/// seldom waits for the last item of a chunk, small next to memory.
const CHUNK: usize = 1 << 14;

/// Reads the puzzles of `x` (see [`input::read`]) and answers each with `work`, given a
/// worker of the front door, the puzzle read or why it could not be, and its budget (see
/// [`run`]), on the threads and within the budget of `call`'s keywords: the form of the
/// input, for the answers, and each puzzle's result in input order.
///
/// # Errors
///
/// As [`input::read`] and [`run`].
pub(crate) fn each<O: Send>(
    py: Python<'_>,
    x: &Bound<'_, PyAny>,
    call: &Options,
    cost: Cost,
    work: impl Fn(&mut Lease, Result<Board, Failure>, Budget) -> Result<O, Failure> + Sync + Send,
) -> PyResult<(Form, Vec<Result<O, Failure>>)> {
    each_with(py, x, call, cost, Lease::new, work)
}

/// As [`each`], each worker with the state `init` makes instead of a front door's worker.
///
/// # Errors
///
/// As [`input::read`] and [`run`].
pub(crate) fn each_with<S, O>(
    py: Python<'_>,
    x: &Bound<'_, PyAny>,
    call: &Options,
    cost: Cost,
    init: impl Fn() -> S + Sync + Send,
    work: impl Fn(&mut S, Result<Board, Failure>, Budget) -> Result<O, Failure> + Sync + Send,
) -> PyResult<(Form, Vec<Result<O, Failure>>)>
where
    S: Send,
    O: Send,
{
    each_read(py, x, call, cost, init, Batch::board, work)
}

/// As [`each`], each puzzle with the solution its text gives after it (see
/// [`Batch::board_with_solution`]).
///
/// # Errors
///
/// As [`input::read`] and [`run`].
pub(crate) fn each_stated<O: Send>(
    py: Python<'_>,
    x: &Bound<'_, PyAny>,
    call: &Options,
    cost: Cost,
    work: impl Fn(&mut Lease, Result<(Board, Option<Puzzle>), Failure>, Budget) -> Result<O, Failure>
    + Sync
    + Send,
) -> PyResult<(Form, Vec<Result<O, Failure>>)> {
    each_read(
        py,
        x,
        call,
        cost,
        Lease::new,
        Batch::board_with_solution,
        work,
    )
}

/// Reads the puzzles of `x`, each with `read`, and answers them with `work`, as [`each`]
/// describes.
fn each_read<S, T, O>(
    py: Python<'_>,
    x: &Bound<'_, PyAny>,
    call: &Options,
    cost: Cost,
    init: impl Fn() -> S + Sync + Send,
    read: fn(&Batch, usize) -> Result<T, Failure>,
    work: impl Fn(&mut S, Result<T, Failure>, Budget) -> Result<O, Failure> + Sync + Send,
) -> PyResult<(Form, Vec<Result<O, Failure>>)>
where
    S: Send,
    O: Send,
{
    let threads = self::threads(call.threads)?;
    let input = input::read(x)?;
    let results = run(
        py,
        threads,
        cost,
        call.budget,
        input.len(),
        init,
        |state, i, budget| work(state, read(&input, i), budget),
    )?;
    Ok((input.form, results))
}

/// Answers puzzles `0..n` with `work`, each worker with its own state made by `init`, on
/// `threads` threads (0: every core), the GIL released. `work` is given the puzzle's index
/// and the budget to search within: the call's `budget` with the call's cancel flag (and, on
/// the calling thread, at most [`SLICE`] of time).
///
/// # Errors
///
/// When Python raises an exception while waiting (a KeyboardInterrupt from Ctrl-C: the
/// searches in flight give up at once, the others do not start), or the pool cannot be built.
pub(crate) fn run<S, O>(
    py: Python<'_>,
    threads: usize,
    cost: Cost,
    budget: Budget,
    n: usize,
    init: impl Fn() -> S + Sync + Send,
    work: impl Fn(&mut S, usize, Budget) -> Result<O, Failure> + Sync + Send,
) -> PyResult<Vec<Result<O, Failure>>>
where
    S: Send,
    O: Send,
{
    let flag = CancelFlag::take();
    let cancel = flag.0;
    let budget = budget.with_cancel(cancel);
    let guarded =
        |state: &mut S, i: usize, budget: Budget| match catch_unwind(AssertUnwindSafe(|| {
            work(state, i, budget)
        })) {
            Ok(result) => result,
            Err(payload) => {
                // The state may be half-way through an update: start afresh, and leak the old
                // state rather than drop it, so that nothing it holds goes back to a cache.
                std::mem::forget(std::mem::replace(state, init()));
                Err(crate::errors::panic_failure(&*payload))
            }
        };
    if n > MAX_ITEMS {
        return Err(PyValueError::new_err(format!(
            "{n} items are more than a Python list holds (at most {MAX_ITEMS}): ask for fewer, \
             in parts"
        )));
    }
    if n == 0 {
        return Ok(Vec::new());
    }
    let mut kept = None;
    if n == 1 && cost == Cost::Cheap {
        // A limit of the caller's below the slice needs no second run: the slice is theirs.
        let sliced = budget.time_limit().is_some_and(|limit| limit <= SLICE);
        let (state, answer, took) = py.detach(|| {
            let started = Instant::now();
            let mut state = init();
            let answer = guarded(&mut state, 0, budget.min(Budget::time(SLICE)));
            (state, answer, started.elapsed())
        });
        if took < SLICE || sliced {
            return Ok(vec![answer]);
        }
        // It may have given up at the slice's end: run it again where Ctrl-C reaches it,
        // with the solvers it warmed.
        kept = Some(state);
    }
    let kept = Mutex::new(kept);
    let init = || {
        kept.lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .take()
            .unwrap_or_else(&init)
    };
    let pool = pool(threads)?;
    let (sender, receiver) = mpsc::sync_channel(1);
    std::thread::scope(|scope| {
        let (pool, init, guarded) = (&pool, &init, &guarded);
        // The items in chunks, each answered on the pool and handed over as it ends, so that
        // the results grow as they come (nothing is set aside for `n` results up front).
        scope.spawn(move || {
            let mut start = 0;
            while start < n && !cancel.load(Ordering::Relaxed) {
                let end = n.min(start.saturating_add(CHUNK));
                let part: Vec<Result<O, Failure>> = pool.install(|| {
                    (start..end)
                        .into_par_iter()
                        .map_init(init, |state, i| {
                            if cancel.load(Ordering::Relaxed) {
                                Err(Failure::new(FailureKind::Internal, "cancelled"))
                            } else {
                                guarded(state, i, budget)
                            }
                        })
                        .collect()
                });
                if sender.send(part).is_err() {
                    break;
                }
                start = end;
            }
        });
        let mut results: Vec<Result<O, Failure>> = Vec::new();
        let mut receiver = receiver;
        loop {
            let (back, received) = py.detach(move || {
                let received = receiver.recv_timeout(SIGNAL_CHECK);
                (receiver, received)
            });
            receiver = back;
            match received {
                Ok(part) => {
                    if results.try_reserve(part.len()).is_err() {
                        cancel.store(true, Ordering::Relaxed);
                        return Err(PyMemoryError::new_err(format!(
                            "no memory for more than {} results: ask for fewer, in parts",
                            results.len()
                        )));
                    }
                    results.extend(part);
                    if results.len() == n {
                        return Ok(results);
                    }
                }
                Err(RecvTimeoutError::Timeout) => {
                    if let Err(err) = py.check_signals() {
                        cancel.store(true, Ordering::Relaxed);
                        // The workers stop at their next item; wait for them.
                        py.detach(move || while receiver.recv().is_ok() {});
                        return Err(err);
                    }
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err(
                        "the worker threads stopped without an answer",
                    ));
                }
            }
        }
    })
}

/// A cancel flag for one call, taken from those no call holds and given back when dropped
/// (cleared): a budget holds a `'static` flag, so flags are made once and reused, as many as
/// calls ever ran at once.
struct CancelFlag(&'static AtomicBool);

/// The flags no call holds.
static FREE_FLAGS: Mutex<Vec<&'static AtomicBool>> = Mutex::new(Vec::new());

impl CancelFlag {
    fn take() -> CancelFlag {
        let free = FREE_FLAGS
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .pop();
        CancelFlag(free.unwrap_or_else(|| Box::leak(Box::new(AtomicBool::new(false)))))
    }
}

impl Drop for CancelFlag {
    fn drop(&mut self) {
        // Every thread that searched with the flag has ended: `run` waits for them.
        self.0.store(false, Ordering::Relaxed);
        FREE_FLAGS
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
            .push(self.0);
    }
}

/// The pools built so far, by process (a forked child cannot use its parent's threads) and
/// size (0: every core).
type Pools = Vec<(u32, usize, Arc<rayon::ThreadPool>)>;

static POOLS: Mutex<Pools> = Mutex::new(Vec::new());

/// At most this many pools are kept (for calls with different `threads`).
const KEPT_POOLS: usize = 8;

/// A pool of `threads` threads (0: every core), built once per process and size.
fn pool(threads: usize) -> PyResult<Arc<rayon::ThreadPool>> {
    let pid = std::process::id();
    let mut pools = POOLS
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    // The pools of a parent process have no threads in this one: they are forgotten, not
    // dropped, since dropping would wake threads that do not exist here.
    if pools.iter().any(|(owner, _, _)| *owner != pid) {
        for (owner, size, pool) in std::mem::take(&mut *pools) {
            if owner == pid {
                pools.push((owner, size, pool));
            } else {
                std::mem::forget(pool);
            }
        }
    }
    if let Some((_, _, pool)) = pools.iter().find(|(_, size, _)| *size == threads) {
        return Ok(Arc::clone(pool));
    }
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .thread_name(|i| format!("sudoku_rs-{i}"))
        .build()
        .map_err(|err| PyRuntimeError::new_err(format!("cannot start threads: {err}")))?;
    let pool = Arc::new(pool);
    if pools.len() >= KEPT_POOLS {
        pools.remove(0);
    }
    pools.push((pid, threads, Arc::clone(&pool)));
    Ok(pool)
}
