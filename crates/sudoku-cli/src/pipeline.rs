//! Streaming in input order with worker threads: a producer reads items, `jobs` workers
//! answer them, and the caller's sink writes each answer as soon as it and every earlier one
//! are done. At most [`IN_FLIGHT_PER_JOB`] batches per worker are read ahead, so memory stays
//! flat whatever the input size, and a slow input (a person typing, a pipe) gets each answer
//! as soon as it exists when batches are of one item.
//!
//! Items travel in batches: a batch costs a few channel operations, so batches of many small
//! items (puzzles solved in microseconds) keep that cost out of the way; inputs that may
//! stall between items (standard input) use batches of one, so nothing waits for a batch to
//! fill.

use std::collections::BTreeMap;
use std::io;
use std::sync::mpsc::{self, TryRecvError};
use std::sync::{Arc, Mutex};

/// Batches read ahead per worker: enough to keep workers busy, few enough to stay small.
pub(crate) const IN_FLIGHT_PER_JOB: usize = 16;

/// Where answers go, in order.
pub(crate) trait Sink<O> {
    /// Writes one answer.
    fn write(&mut self, answer: O) -> io::Result<()>;
    /// Flushes what was written: called whenever no further answer is ready, so output
    /// reaches a reader without delay yet goes out in large writes when answers come fast.
    fn flush(&mut self) -> io::Result<()>;
}

/// Runs the pipeline. `produce` calls its argument with each item, in order, and stops when it
/// returns `false` (the sink failed, say on a closed pipe); items go to the workers in batches
/// of up to `batch`; `state` makes each worker's private state (its solvers); `work` answers
/// one item.
pub(crate) fn run<I, O, S>(
    jobs: usize,
    batch: usize,
    produce: impl FnOnce(&mut dyn FnMut(I) -> bool) + Send,
    state: impl Fn() -> S + Sync,
    work: impl Fn(&mut S, I) -> O + Sync,
    sink: &mut dyn Sink<O>,
) -> io::Result<()>
where
    I: Send,
    O: Send,
{
    let jobs = jobs.max(1);
    let cap = jobs * IN_FLIGHT_PER_JOB;
    std::thread::scope(|scope| {
        // Created inside the scope, so that returning (on a sink error) drops the receivers
        // and every thread blocked on them stops before the scope joins it.
        // Tokens bound the items between the producer and the sink; work items wait for a
        // worker.
        let (token_tx, token_rx) = mpsc::sync_channel::<()>(cap);
        let (work_tx, work_rx) = mpsc::sync_channel::<(usize, Vec<I>)>(cap);
        let (done_tx, done_rx) = mpsc::channel::<(usize, Vec<O>)>();
        let work_rx = Arc::new(Mutex::new(work_rx));
        let batch = batch.max(1);
        scope.spawn(move || {
            let mut seq = 0;
            let mut pending = Vec::with_capacity(batch);
            let mut send = |items: Vec<I>| {
                if token_tx.send(()).is_err() || work_tx.send((seq, items)).is_err() {
                    return false;
                }
                seq += 1;
                true
            };
            let mut emit = |item: I| {
                pending.push(item);
                if pending.len() < batch {
                    return true;
                }
                send(std::mem::replace(&mut pending, Vec::with_capacity(batch)))
            };
            produce(&mut emit);
            if !pending.is_empty() {
                send(pending);
            }
        });
        for _ in 0..jobs {
            let work_rx = Arc::clone(&work_rx);
            let done_tx = done_tx.clone();
            let (state, work) = (&state, &work);
            scope.spawn(move || {
                let mut own = state();
                loop {
                    let next = work_rx.lock().map(|rx| rx.recv());
                    let Ok(Ok((seq, items))) = next else { break };
                    let answers = items.into_iter().map(|item| work(&mut own, item)).collect();
                    if done_tx.send((seq, answers)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(done_tx);
        let mut pending = BTreeMap::new();
        let mut next = 0;
        loop {
            let (seq, answer) = match done_rx.try_recv() {
                Ok(done) => done,
                Err(TryRecvError::Empty) => {
                    sink.flush()?;
                    match done_rx.recv() {
                        Ok(done) => done,
                        Err(_) => break,
                    }
                }
                Err(TryRecvError::Disconnected) => break,
            };
            pending.insert(seq, answer);
            while let Some(answers) = pending.remove(&next) {
                for answer in answers {
                    sink.write(answer)?;
                }
                next += 1;
                // A slot frees up for the producer.
                let _ = token_rx.try_recv();
            }
        }
        sink.flush()
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Collect(Vec<usize>, usize);

    impl Sink<usize> for Collect {
        fn write(&mut self, answer: usize) -> io::Result<()> {
            self.0.push(answer);
            Ok(())
        }
        fn flush(&mut self) -> io::Result<()> {
            self.1 += 1;
            Ok(())
        }
    }

    #[test]
    fn answers_come_in_input_order_whatever_the_workers() {
        for (jobs, batch) in [(1, 1), (2, 1), (2, 16), (7, 5)] {
            let mut sink = Collect(Vec::new(), 0);
            run(
                jobs,
                batch,
                |emit| {
                    for i in 0..5000usize {
                        if !emit(i) {
                            break;
                        }
                    }
                },
                || (),
                |_, i| {
                    // Uneven work, so that workers finish out of order.
                    if i % 13 == 0 {
                        std::thread::sleep(std::time::Duration::from_micros(50));
                    }
                    i * 2
                },
                &mut sink,
            )
            .unwrap();
            assert_eq!(sink.0, (0..5000).map(|i| i * 2).collect::<Vec<_>>());
            assert!(sink.1 >= 1);
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
        let produced = std::sync::atomic::AtomicUsize::new(0);
        let result = run(
            2,
            4,
            |emit| {
                for i in 0..1_000_000usize {
                    produced.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if !emit(i) {
                        break;
                    }
                }
            },
            || (),
            |_, i| i,
            &mut Failing(0),
        );
        assert!(result.is_err());
        let produced = produced.into_inner();
        assert!(produced < 10_000, "the producer went on: {produced} items");
    }
}
