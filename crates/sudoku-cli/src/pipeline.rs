//! Streaming in input order with worker threads: a producer reads items, `jobs` workers
//! answer them, and the caller's sink writes each answer as soon as it and every earlier one
//! are done. At most [`IN_FLIGHT_PER_JOB`] batches per worker are read ahead, so memory stays
//! flat whatever the input size.
//!
//! Items travel to the workers in batches: a batch costs a few channel operations, so batches
//! of many small items (puzzles solved in microseconds) keep that cost out of the way; inputs
//! that may stall between items (standard input) use batches of one, so nothing waits for a
//! batch to fill. Answers travel back in chunks: a worker keeps the answers of fast items in
//! its slot and hands them over together (when the writer needs the first of them and a few
//! are together or a tenth of a millisecond passed, when they have waited a few milliseconds,
//! or at the end of the batch); and a writer with nothing to write takes the answer it waits
//! for out of a worker's slot itself, so that an answer waits at most a tick of the writer
//! for the next item, which may be slow.
//!
//! A run stops early when the sink fails (a closed pipe) or a stop is asked for (a signal):
//! the producer stops reading, the workers stop before their next item, and the sink gets
//! every answer finished so far.

use std::collections::BTreeMap;
use std::io;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// Batches read ahead per worker: enough to keep workers busy, few enough to stay small.
pub(crate) const IN_FLIGHT_PER_JOB: usize = 16;

/// How long a worker holds finished answers before it hands them over anyway.
const HOLD: Duration = Duration::from_millis(5);

/// How many answers a worker gathers for a writer that waits for the first of them, unless
/// [`SOON`] passes first.
const TOGETHER: usize = 32;

/// How long a worker holds an answer the writer waits for, while the answers after it come
/// fast (an answer followed by a slow item waits at most [`TICK`]: the writer takes it).
const SOON: Duration = Duration::from_micros(100);

/// How often the writer wakes when no answer comes: to take answers out of the workers'
/// slots, to see a stop asked for, and so that the sink can redraw its progress.
const TICK: Duration = Duration::from_millis(50);

/// How long the writer waits, after a stop, for the workers to finish what they are on.
const GRACE: Duration = Duration::from_millis(500);

/// Where answers go, in order.
pub(crate) trait Sink<O> {
    /// Writes one answer.
    fn write(&mut self, answer: O) -> io::Result<()>;
    /// Flushes what was written: called whenever no further answer is ready, so output
    /// reaches a reader without delay yet goes out in large writes when answers come fast.
    fn flush(&mut self) -> io::Result<()>;
    /// Called when no answer came for a while: time to redraw progress.
    fn idle(&mut self) {}
    /// The placeholder of item `index`, read but not answered when a stop came.
    fn unanswered(&mut self, _index: usize) -> io::Result<()> {
        Ok(())
    }
    /// Called once a stop has written every finished answer, before the workers are
    /// joined (which waits for the items they are on): a program that must end now exits
    /// here.
    fn stopped(&mut self) {}
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ended {
    /// Every item was answered.
    Done,
    /// A stop was asked for: the answers finished were written, in order, with a
    /// placeholder for each item before the last of them that was still being worked on.
    Stopped,
}

/// Answers of consecutive items, from the item `first` on.
struct Chunk<O> {
    first: usize,
    answers: Vec<O>,
}

impl<O> Chunk<O> {
    fn take(&mut self) -> Chunk<O> {
        Chunk {
            first: self.first,
            answers: std::mem::take(&mut self.answers),
        }
    }
}

/// What the workers and the writer share.
struct Shared<O> {
    /// Each worker's answers not handed over yet.
    slots: Vec<Mutex<Chunk<O>>>,
    /// The index of the answer the writer waits for.
    needed: AtomicUsize,
    /// Set when the writer is done (the sink failed, or a stop): the producer and the
    /// workers end at their next step.
    quit: AtomicBool,
}

impl<O> Shared<O> {
    fn slot(&self, worker: usize) -> MutexGuard<'_, Chunk<O>> {
        self.slots[worker]
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}

/// Runs the pipeline. `produce` calls its argument with each item, in order, and stops when it
/// returns `false` (the sink failed, or a stop was asked for); items go to the workers in
/// batches of up to `batch`; `state` makes each worker's private state (its solvers); `work`
/// answers one item. `stop` asks the run to end early (set by a signal handler, say).
pub(crate) fn run<I, O, S>(
    jobs: usize,
    batch: usize,
    produce: impl FnOnce(&mut dyn FnMut(I) -> bool) + Send,
    state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, I) -> O + Sync,
    sink: &mut dyn Sink<O>,
    stop: &AtomicBool,
) -> io::Result<Ended>
where
    I: Send,
    O: Send,
{
    let jobs = jobs.max(1);
    let batch = batch.max(1);
    let cap = jobs * IN_FLIGHT_PER_JOB;
    let shared = Shared {
        slots: (0..jobs)
            .map(|_| {
                Mutex::new(Chunk {
                    first: 0,
                    answers: Vec::new(),
                })
            })
            .collect(),
        needed: AtomicUsize::new(0),
        quit: AtomicBool::new(false),
    };
    std::thread::scope(|scope| {
        // Created inside the scope, so that returning drops the receivers and every thread
        // blocked on them stops before the scope joins it.
        // Tokens bound the batches between the producer and the writer (one each, given back
        // as the batch's answers are written); work waits for a worker.
        let (token_tx, token_rx) = mpsc::sync_channel::<()>(cap);
        let (work_tx, work_rx) = mpsc::sync_channel::<(usize, Vec<I>)>(cap);
        let (done_tx, done_rx) = mpsc::channel::<Chunk<O>>();
        let work_rx = Arc::new(Mutex::new(work_rx));
        let shared = &shared;
        scope.spawn(move || {
            let mut first = 0;
            let mut pending = Vec::with_capacity(batch);
            let send = |items: Vec<I>, first: &mut usize| {
                let len = items.len();
                if shared.quit.load(Ordering::Relaxed)
                    || token_tx.send(()).is_err()
                    || work_tx.send((*first, items)).is_err()
                {
                    return false;
                }
                *first += len;
                true
            };
            let mut emit = |item: I| {
                if stop.load(Ordering::Relaxed) || shared.quit.load(Ordering::Relaxed) {
                    return false;
                }
                pending.push(item);
                if pending.len() < batch {
                    return true;
                }
                let items = std::mem::replace(&mut pending, Vec::with_capacity(batch));
                send(items, &mut first)
            };
            produce(&mut emit);
            if !pending.is_empty() {
                send(pending, &mut first);
            }
        });
        for worker in 0..jobs {
            let work_rx = Arc::clone(&work_rx);
            let done_tx = done_tx.clone();
            let (state, work) = (&state, &work);
            scope.spawn(move || {
                let mut own = state();
                let mut held_since = Instant::now();
                loop {
                    let next = work_rx.lock().map(|rx| rx.recv());
                    let Ok(Ok((first, items))) = next else { break };
                    let last = first + items.len() - 1;
                    for (offset, item) in items.into_iter().enumerate() {
                        if shared.quit.load(Ordering::Relaxed) || stop.load(Ordering::Relaxed) {
                            return;
                        }
                        let index = first + offset;
                        let answer = work(&mut own, item);
                        let mut slot = shared.slot(worker);
                        if slot.answers.is_empty() {
                            slot.first = index;
                            held_since = Instant::now();
                        }
                        slot.answers.push(answer);
                        // Hand over the end of the batch, what has waited long enough, and
                        // what the writer waits for once a few answers are together or a
                        // moment has passed: a handover (a wake-up of the writer) per answer
                        // costs more than a fast answer.
                        let held = held_since.elapsed();
                        if index == last
                            || held >= HOLD
                            || (shared.needed.load(Ordering::Relaxed) >= slot.first
                                && (slot.answers.len() >= TOGETHER || held >= SOON))
                        {
                            let chunk = slot.take();
                            drop(slot);
                            if done_tx.send(chunk).is_err() {
                                return;
                            }
                        }
                    }
                }
            });
        }
        drop(done_tx);
        let ended = write(done_rx, token_rx, batch, sink, stop, shared);
        shared.quit.store(true, Ordering::Relaxed);
        ended
    })
}

/// The writer's side: answers in order as they come; on a stop, every answer finished.
fn write<O>(
    done_rx: mpsc::Receiver<Chunk<O>>,
    token_rx: mpsc::Receiver<()>,
    batch: usize,
    sink: &mut dyn Sink<O>,
    stop: &AtomicBool,
    shared: &Shared<O>,
) -> io::Result<Ended> {
    let mut pending: BTreeMap<usize, Vec<O>> = BTreeMap::new();
    let mut next = 0;
    let mut flushed = true;
    loop {
        if stop.load(Ordering::Relaxed) {
            shared.quit.store(true, Ordering::Relaxed);
            return finish_stopped(done_rx, pending, next, sink, shared);
        }
        let chunk = match done_rx.try_recv() {
            Ok(chunk) => chunk,
            Err(_) => {
                if !flushed {
                    sink.flush()?;
                    flushed = true;
                }
                match done_rx.recv_timeout(TICK) {
                    Ok(chunk) => chunk,
                    Err(RecvTimeoutError::Timeout) => {
                        // The answer waited for may sit in a slot while its worker is on a
                        // slow item: take it.
                        match take_from_slots(shared, |first| first == next) {
                            Some(chunk) => chunk,
                            None => {
                                sink.idle();
                                continue;
                            }
                        }
                    }
                    Err(RecvTimeoutError::Disconnected) => break,
                }
            }
        };
        pending.insert(chunk.first, chunk.answers);
        while let Some(answers) = pending.remove(&next) {
            for answer in answers {
                sink.write(answer)?;
                flushed = false;
                next += 1;
                // A batch's slot frees up for the producer once its answers are all out.
                if next % batch == 0 {
                    let _ = token_rx.try_recv();
                }
            }
            shared.needed.store(next, Ordering::Relaxed);
        }
    }
    // Every worker has ended. A stop that came since the last look ended them early, with
    // answers perhaps still in their slots: those are written as after any stop.
    if stop.load(Ordering::Relaxed) {
        shared.quit.store(true, Ordering::Relaxed);
        return finish_stopped(done_rx, pending, next, sink, shared);
    }
    sink.flush()?;
    Ok(Ended::Done)
}

/// The first chunk held in a worker's slot whose first item `wanted` accepts, taken out.
fn take_from_slots<O>(shared: &Shared<O>, wanted: impl Fn(usize) -> bool) -> Option<Chunk<O>> {
    (0..shared.slots.len()).find_map(|worker| {
        let mut slot = shared.slot(worker);
        (!slot.answers.is_empty() && wanted(slot.first)).then(|| slot.take())
    })
}

/// After a stop: waits a little for the workers to end their items, then writes every
/// finished answer in order, with a placeholder for each gap before the last answer.
fn finish_stopped<O>(
    done_rx: mpsc::Receiver<Chunk<O>>,
    mut pending: BTreeMap<usize, Vec<O>>,
    mut next: usize,
    sink: &mut dyn Sink<O>,
    shared: &Shared<O>,
) -> io::Result<Ended> {
    let deadline = Instant::now() + GRACE;
    while let Ok(chunk) = done_rx.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
        pending.insert(chunk.first, chunk.answers);
    }
    while let Some(chunk) = take_from_slots(shared, |_| true) {
        pending.insert(chunk.first, chunk.answers);
    }
    for (first, answers) in pending {
        while next < first {
            sink.unanswered(next)?;
            next += 1;
        }
        next += answers.len();
        for answer in answers {
            sink.write(answer)?;
        }
    }
    sink.flush()?;
    sink.stopped();
    Ok(Ended::Stopped)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Default)]
    struct Collect {
        answers: Vec<usize>,
        flushes: usize,
        unanswered: Vec<usize>,
        stopped: bool,
    }

    impl Sink<usize> for Collect {
        fn write(&mut self, answer: usize) -> io::Result<()> {
            self.answers.push(answer);
            Ok(())
        }
        fn flush(&mut self) -> io::Result<()> {
            self.flushes += 1;
            Ok(())
        }
        fn unanswered(&mut self, index: usize) -> io::Result<()> {
            self.unanswered.push(index);
            Ok(())
        }
        fn stopped(&mut self) {
            self.stopped = true;
        }
    }

    fn numbers(n: usize) -> impl FnOnce(&mut dyn FnMut(usize) -> bool) + Send {
        move |emit| {
            for i in 0..n {
                if !emit(i) {
                    break;
                }
            }
        }
    }

    #[test]
    fn answers_come_in_input_order_whatever_the_workers() {
        for (jobs, batch) in [(1, 1), (2, 1), (2, 16), (7, 5)] {
            let mut sink = Collect::default();
            let never = AtomicBool::new(false);
            let ended = run(
                jobs,
                batch,
                numbers(5000),
                || (),
                |_, i| {
                    // Uneven work, so that workers finish out of order.
                    if i % 13 == 0 {
                        std::thread::sleep(Duration::from_micros(50));
                    }
                    i * 2
                },
                &mut sink,
                &never,
            )
            .unwrap();
            assert_eq!(ended, Ended::Done);
            assert_eq!(sink.answers, (0..5000).map(|i| i * 2).collect::<Vec<_>>());
            assert!(sink.flushes >= 1);
        }
    }

    struct Failing(usize);

    impl Sink<usize> for Failing {
        fn write(&mut self, _: usize) -> io::Result<()> {
            self.0 += 1;
            if self.0 > 10 {
                Err(io::Error::from(io::ErrorKind::BrokenPipe))
            } else {
                Ok(())
            }
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    #[test]
    fn a_failing_sink_stops_the_producer() {
        let produced = AtomicUsize::new(0);
        let never = AtomicBool::new(false);
        let result = run(
            2,
            4,
            |emit| {
                for i in 0..1_000_000usize {
                    produced.fetch_add(1, Ordering::Relaxed);
                    if !emit(i) {
                        break;
                    }
                }
            },
            || (),
            |_, i| i,
            &mut Failing(0),
            &never,
        );
        assert!(result.is_err());
        let produced = produced.into_inner();
        assert!(produced < 10_000, "the producer went on: {produced} items");
    }

    /// A sink that records what it wrote in a shared list, so that a worker can see it.
    struct Shared(Arc<Mutex<Vec<usize>>>);

    impl Sink<usize> for Shared {
        fn write(&mut self, answer: usize) -> io::Result<()> {
            self.0.lock().unwrap().push(answer);
            Ok(())
        }
        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// An answer does not wait for the item after it, even in one batch: item 1 of a batch
    /// of 32 goes on only once item 0's answer is written (and would give up after a minute
    /// were it held back).
    #[test]
    fn an_answer_is_written_before_the_next_item_ends() {
        let written = Arc::new(Mutex::new(Vec::new()));
        let never = AtomicBool::new(false);
        let seen = Arc::clone(&written);
        run(
            1,
            32,
            numbers(3),
            || (),
            |_, i| {
                if i == 1 {
                    let deadline = Instant::now() + Duration::from_secs(60);
                    while !seen.lock().unwrap().contains(&0) {
                        assert!(Instant::now() < deadline, "answer 0 held back");
                        std::thread::sleep(Duration::from_millis(1));
                    }
                }
                i
            },
            &mut Shared(Arc::clone(&written)),
            &never,
        )
        .unwrap();
        assert_eq!(*written.lock().unwrap(), [0, 1, 2]);
    }

    /// Runs 1,000 items that answer with their index, the work of item `at` asking for a
    /// stop: how the run ended, and what the sink got.
    fn stopped_at(jobs: usize, batch: usize, at: usize) -> (Ended, Collect) {
        let stop = AtomicBool::new(false);
        let mut sink = Collect::default();
        let ended = run(
            jobs,
            batch,
            numbers(1000),
            || (),
            |_, i| {
                if i == at {
                    stop.store(true, Ordering::Relaxed);
                }
                i
            },
            &mut sink,
            &stop,
        )
        .unwrap();
        (ended, sink)
    }

    /// A stop writes every answer finished, in order, with a placeholder for the items
    /// before the last answer that were not finished, and tells the sink.
    #[test]
    fn a_stop_writes_every_finished_answer() {
        let (ended, sink) = stopped_at(2, 4, 40);
        assert_eq!(ended, Ended::Stopped);
        assert!(sink.stopped);
        assert!(sink.answers.contains(&40), "{:?}", sink.answers);
        // Every index up to the last answer is an answer or a placeholder, once.
        let last = *sink.answers.iter().max().unwrap();
        let mut all: Vec<usize> = sink
            .answers
            .iter()
            .chain(&sink.unanswered)
            .copied()
            .collect();
        all.sort_unstable();
        assert_eq!(all, (0..=last).collect::<Vec<_>>());
        assert!(last < 1000);
    }

    /// A stop that comes while the writer waits, with answers still in a worker's slot and
    /// nothing left to hand over (the worker ends at the stop, so the channel closes): the
    /// answers are written all the same, and the run ends as stopped. (The writer once took
    /// the closed channel for the end of the input and left them in the slot.)
    #[test]
    fn a_stop_that_closes_the_channel_still_writes_the_held_answers() {
        for _ in 0..20 {
            // One worker and one batch of every item: the answers of the fast items before
            // the stop stay in the worker's slot, as none is the end of its batch.
            let (ended, sink) = stopped_at(1, 1000, 5);
            assert_eq!(ended, Ended::Stopped);
            assert!(sink.stopped);
            assert_eq!(sink.answers, (0..=5).collect::<Vec<_>>());
        }
    }
}
