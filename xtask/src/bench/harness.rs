//! Running the algorithms over a set: passes, timing, and the verdict on every answer.
//!
//! Passes alternate between the algorithms (a different one goes first each pass) so that
//! drift of a shared, noisy machine falls on all of them alike. A puzzle's time is the median
//! of its passes; a set's figures are the median and 90th percentile of those, and puzzles per
//! second is the number of puzzles over the sum of their times (or over the wall-clock time
//! with `--jobs N`). Every answer of every pass is kept and checked after the timing (see
//! [`verify`]).

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use sudoku_core::{Tally, Verdict};

use super::args::{BenchArgs, Mode};
use super::data::{Expect, PuzzleSet};
use super::progress::{Plan, Progress};
use super::runners::{Answer, Registry, Runner};
use super::verify::{self, Outcome, Reference};

/// The figures of one algorithm on one set.
#[derive(Debug)]
pub(crate) struct AlgoReport {
    pub(crate) name: String,
    /// Puzzles solved (first pass): a solution, or a count of 1 or more.
    pub(crate) solved: usize,
    /// Puzzles answered "no solution" (or clashing givens, or a count of 0) in the first pass.
    pub(crate) no_solution: usize,
    /// Puzzles on which an incomplete algorithm gave up in some pass.
    pub(crate) gave_up: usize,
    /// Puzzles with a wrong answer in some pass.
    pub(crate) wrong_puzzles: usize,
    /// Puzzles whose answers were proven right in every pass.
    pub(crate) verified: usize,
    /// Puzzles with an answer nothing independent could check (and none wrong).
    pub(crate) unverified: usize,
    pub(crate) median: Duration,
    pub(crate) p90: Duration,
    /// The sum over the puzzles of each one's median time.
    pub(crate) total: Duration,
    pub(crate) per_second: f64,
    /// Statistics of the first pass, summed over the puzzles.
    pub(crate) stats: Tally,
    /// One line per wrong answer: algorithm, file, line, pass, why.
    pub(crate) wrong: Vec<String>,
}

/// Runs every applicable algorithm of `registry` over `set` and checks every answer.
pub(crate) fn bench_set(
    set: &PuzzleSet,
    registry: &Registry,
    args: &BenchArgs,
) -> Result<Vec<AlgoReport>, String> {
    let mut runners: Vec<Box<dyn Runner>> = registry
        .for_kind(set.kind)
        .into_iter()
        .filter(|(name, _)| args.algo.is_empty() || args.algo.iter().any(|a| a == name))
        .map(|(_, make)| make())
        .filter(|runner| args.mode() == Mode::Solve || runner.complete())
        // A peer that cannot state every puzzle of the set (a rule it lacks) sits it out.
        .filter(|runner| (0..set.len()).all(|i| runner.accepts(set.puzzle(i))))
        .collect();
    // An incomplete solver can only give up where there is no solution, after its whole
    // budget (minutes on the larger boards): run it there only when asked for by name.
    if args.algo.is_empty() && set.expect == Expect::NoSolution {
        let (kept, left): (Vec<_>, Vec<_>) =
            runners.into_iter().partition(|runner| runner.complete());
        for runner in &left {
            eprintln!(
                "{}: {} left out: an incomplete solver cannot show there is no solution \
                 (--algo {} runs it)",
                set.path.display(),
                runner.name(),
                runner.name()
            );
        }
        runners = kept;
    }
    if runners.is_empty() {
        eprintln!("{}: no algorithm applies, skipped", set.path.display());
        return Ok(Vec::new());
    }
    let n = set.len();
    // The first pass is timed like the others and tells how many more fit the plan.
    let mut passes = match (args.passes, args.quick) {
        (Some(passes), _) => passes,
        _ => 1,
    };
    // times[r][i][pass], answers[r][i][pass]
    let mut times = vec![vec![Vec::new(); n]; runners.len()];
    let mut answers: Vec<Vec<Vec<Answer>>> = vec![vec![Vec::new(); n]; runners.len()];
    let mut stats = vec![Tally::default(); runners.len()];
    let mut wall = vec![Duration::ZERO; runners.len()];
    let progress = Progress::new(set, runners.len() * passes * n);
    let mut pass = 0;
    while pass < passes {
        for k in 0..runners.len() {
            let r = (pass + k) % runners.len();
            progress.start(runners[r].name(), pass);
            let started = Instant::now();
            let results = if args.jobs > 1 {
                let name = runners[r].name().to_string();
                run_parallel(set, registry, &name, args.mode(), args.jobs, &progress)
            } else {
                (0..n)
                    .map(|i| {
                        let result = timed(runners[r].as_mut(), set, i, args.mode());
                        progress.puzzle_done();
                        result
                    })
                    .collect()
            };
            wall[r] += started.elapsed();
            for (i, (answer, elapsed, call_stats)) in results.into_iter().enumerate() {
                times[r][i].push(elapsed);
                answers[r][i].push(answer);
                if pass == 0 {
                    stats[r].merge(&call_stats);
                }
            }
        }
        if pass == 0 {
            if args.passes.is_none() && !args.quick {
                passes = planned_passes(&wall);
            }
            let first: Vec<Vec<Duration>> = times
                .iter()
                .map(|per_puzzle| per_puzzle.iter().map(|t| t[0]).collect())
                .collect();
            progress.plan(runners.len() * passes * n, Plan::new(&first, &wall, passes));
        }
        pass += 1;
    }
    progress.done();
    let reference = Reference::for_answers(
        set,
        answers
            .iter()
            .flat_map(|per_puzzle| per_puzzle.iter().enumerate())
            .flat_map(|(i, passes)| passes.iter().map(move |a| (i, a))),
    );
    let mut reports = Vec::new();
    for (r, runner) in runners.iter().enumerate() {
        let mut report = AlgoReport {
            name: runner.name().to_string(),
            solved: 0,
            no_solution: 0,
            gave_up: 0,
            wrong_puzzles: 0,
            verified: 0,
            unverified: 0,
            median: Duration::ZERO,
            p90: Duration::ZERO,
            total: Duration::ZERO,
            per_second: 0.0,
            stats: stats[r].clone(),
            wrong: Vec::new(),
        };
        for i in 0..n {
            tally(
                &mut report,
                set,
                i,
                &answers[r][i],
                runner.complete(),
                &reference,
            );
        }
        let disagreements = cross_check(set, &runners, &answers, r);
        report.wrong_puzzles += disagreements.len();
        report.wrong.extend(disagreements);
        let mut per_puzzle: Vec<Duration> = times[r].iter_mut().map(|t| median(t)).collect();
        let total: Duration = per_puzzle.iter().sum();
        report.total = total;
        report.per_second = if args.jobs > 1 {
            (n * passes) as f64 / wall[r].as_secs_f64()
        } else {
            n as f64 / total.as_secs_f64().max(1e-12)
        };
        report.median = median(&mut per_puzzle);
        report.p90 = percentile(&mut per_puzzle, 0.9);
        reports.push(report);
    }
    Ok(reports)
}

/// Counts puzzle `i` in `report`: its first answer's kind, and the checks of every pass.
fn tally(
    report: &mut AlgoReport,
    set: &PuzzleSet,
    i: usize,
    passes: &[Answer],
    complete: bool,
    reference: &Reference,
) {
    match passes[0] {
        Answer::Verdict(Verdict::Solved(_)) | Answer::Variant(Verdict::Solved(_)) => {
            report.solved += 1
        }
        Answer::Count(c) if c > 0 => report.solved += 1,
        Answer::Verdict(Verdict::GaveUp { .. }) | Answer::Variant(Verdict::GaveUp { .. }) => {}
        _ => report.no_solution += 1,
    }
    let (mut all_verified, mut gave_up, mut unverified, mut wrong) = (true, false, false, false);
    for (pass, answer) in passes.iter().enumerate() {
        match verify::check(set, i, answer, complete, reference) {
            Outcome::Verified => continue,
            Outcome::GaveUp => gave_up = true,
            Outcome::Unverified => unverified = true,
            Outcome::Wrong(why) => {
                let line = format!(
                    "{} on {} line {} (pass {}): {why}",
                    report.name,
                    set.path.display(),
                    set.line(i),
                    pass + 1
                );
                eprintln!("WRONG {line}");
                report.wrong.push(line);
                wrong = true;
            }
        }
        all_verified = false;
    }
    report.verified += usize::from(all_verified);
    report.wrong_puzzles += usize::from(wrong);
    report.gave_up += usize::from(gave_up);
    report.unverified += usize::from(unverified && !wrong);
}

/// Complete algorithms must agree on whether each puzzle has a solution (and, counting, on
/// the count), pass by pass; incomplete ones must not claim a solution a complete one denies.
/// (Each answer is also checked on its own; this catches what nothing independent can check,
/// such as counts on a killer file without expectation.)
fn cross_check(
    set: &PuzzleSet,
    runners: &[Box<dyn Runner>],
    answers: &[Vec<Vec<Answer>>],
    r: usize,
) -> Vec<String> {
    let Some(reference) = runners.iter().position(|runner| runner.complete()) else {
        return Vec::new();
    };
    if reference == r {
        return Vec::new();
    }
    let mut wrong = Vec::new();
    for i in 0..set.len() {
        for (pass, (mine, theirs)) in answers[r][i].iter().zip(&answers[reference][i]).enumerate() {
            let disagree = match (mine, theirs) {
                (Answer::Count(a), Answer::Count(b)) => a != b,
                (Answer::Verdict(Verdict::GaveUp { .. }), _) => false,
                (Answer::Variant(Verdict::GaveUp { .. }), _) => false,
                (Answer::Verdict(a), Answer::Verdict(b)) => a.is_solved() != b.is_solved(),
                (Answer::Variant(a), Answer::Variant(b)) => a.is_solved() != b.is_solved(),
                _ => false,
            };
            if disagree {
                let line = format!(
                    "{} on {} line {} (pass {}): says {} but {} says {}",
                    runners[r].name(),
                    set.path.display(),
                    set.line(i),
                    pass + 1,
                    mine,
                    runners[reference].name(),
                    theirs
                );
                eprintln!("WRONG {line}");
                wrong.push(line);
            }
        }
    }
    wrong
}

fn timed(
    runner: &mut dyn Runner,
    set: &PuzzleSet,
    i: usize,
    mode: Mode,
) -> (Answer, Duration, Tally) {
    let started = Instant::now();
    let answer = runner.run(set.puzzle(i), mode);
    let elapsed = runner.own_time().unwrap_or(started.elapsed());
    (answer, elapsed, runner.stats())
}

/// One pass with `jobs` threads, each with its own solver, taking puzzles from a shared index.
fn run_parallel(
    set: &PuzzleSet,
    registry: &Registry,
    name: &str,
    mode: Mode,
    jobs: usize,
    progress: &Progress,
) -> Vec<(Answer, Duration, Tally)> {
    let next = AtomicUsize::new(0);
    let mut results: Vec<(usize, (Answer, Duration, Tally))> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|_| {
                let next = &next;
                scope.spawn(move || {
                    let mut runner = registry.make(set.kind, name).expect("runner exists");
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= set.len() {
                            break mine;
                        }
                        mine.push((i, timed(runner.as_mut(), set, i, mode)));
                        progress.puzzle_done();
                    }
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().expect("bench thread panicked"))
            .collect()
    });
    results.sort_by_key(|(i, _)| *i);
    results.into_iter().map(|(_, r)| r).collect()
}

/// Enough passes (1 to 5) for each algorithm to spend about half a second on the set, from
/// the time of each one's first pass (`wall`).
fn planned_passes(wall: &[Duration]) -> usize {
    let slowest = wall.iter().max().copied().unwrap_or_default();
    ((0.5 / slowest.as_secs_f64().max(1e-9)).ceil() as usize).clamp(1, 5)
}

fn median(times: &mut [Duration]) -> Duration {
    percentile(times, 0.5)
}

fn percentile(times: &mut [Duration], q: f64) -> Duration {
    if times.is_empty() {
        return Duration::ZERO;
    }
    times.sort_unstable();
    let index = ((times.len() - 1) as f64 * q).round() as usize;
    times[index]
}
