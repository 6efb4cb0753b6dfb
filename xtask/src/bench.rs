//! `cargo xtask bench`: every algorithm on every puzzle set, each answer verified.
//!
//! Passes alternate between the algorithms (a different one goes first each pass) so that
//! drift of a shared, noisy machine falls on all of them alike. A puzzle's time is the median
//! of its passes; a set's figures are the median and 90th percentile of those, and puzzles per
//! second is the number of puzzles over the sum of their times (or over the wall-clock time
//! with `--jobs N`).

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use clap::{Parser, ValueEnum};
use serde_json::{Value, json};
use sudoku_core::{Grid, Tally, Verdict};

use crate::workspace_root;

mod chart;
mod data;
mod runners;
#[cfg(test)]
mod snapshot_tests;

use data::{Expect, PuzzleSet, SetKind};
use runners::{Answer, Registry, Runner};

/// Command-line options of `cargo xtask bench`.
#[derive(Parser, Debug)]
#[command(
    name = "cargo xtask bench",
    about = "Benchmark every algorithm, verifying every answer"
)]
pub(crate) struct BenchArgs {
    /// Puzzle files to run (line files `.txt`, killer `.jsonl`). Default: every set in benchdata/.
    #[arg(long, num_args = 1.., value_name = "FILE")]
    data: Vec<PathBuf>,
    /// Algorithms to run (default: all that apply to each set).
    #[arg(long, value_delimiter = ',', value_name = "ALGO")]
    algo: Vec<String>,
    /// What to time: the first solution, or counting to 2 (proving uniqueness).
    #[arg(long, value_enum, default_value_t = Mode::Solve)]
    mode: Mode,
    /// Also run reference solvers from crates.io (the `sudoku` crate) side by side.
    #[arg(long)]
    peer: bool,
    /// The algorithm the ratio column compares against.
    #[arg(long, default_value = "mrv")]
    baseline: String,
    /// Threads per algorithm (batch throughput); 1 measures single-thread latency.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
    /// At most this many puzzles of each set (the first ones).
    #[arg(long, value_name = "N")]
    limit: Option<usize>,
    /// A quick look: at most 100 puzzles per set and a single pass.
    #[arg(long)]
    quick: bool,
    /// Write the results as JSON to FILE.
    #[arg(long, value_name = "FILE")]
    json: Option<PathBuf>,
    /// Draw an SVG bar chart of the medians to FILE.
    #[arg(long, value_name = "FILE")]
    chart: Option<PathBuf>,
}

/// What each call does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum Mode {
    /// Find one solution.
    Solve,
    /// Count solutions up to 2.
    Count,
}

impl Mode {
    fn name(self) -> &'static str {
        match self {
            Mode::Solve => "solve",
            Mode::Count => "count to 2",
        }
    }
}

pub(crate) fn run(args: &[String]) -> Result<(), String> {
    let args = BenchArgs::try_parse_from(
        std::iter::once("cargo xtask bench".to_string()).chain(args.iter().cloned()),
    )
    .map_err(|err| err.to_string())?;
    if args.jobs == 0 {
        return Err("--jobs must be at least 1".into());
    }
    let files = if args.data.is_empty() {
        default_sets()?
    } else {
        args.data.clone()
    };
    let registry = Registry::new(args.peer);
    for name in &args.algo {
        if !registry.knows(name) {
            return Err(format!(
                "unknown algorithm `{name}`; known: {}",
                registry.names().join(", ")
            ));
        }
    }
    let limit = match (args.limit, args.quick) {
        (Some(n), _) => Some(n),
        (None, true) => Some(100),
        (None, false) => None,
    };
    let mut reports = Vec::new();
    let mut wrong = 0;
    for file in &files {
        let set = PuzzleSet::load(file, limit)?;
        let report = bench_set(&set, &registry, &args)?;
        print_table(&set, &report, &args);
        wrong += report.iter().map(|r| r.wrong.len()).sum::<usize>();
        reports.push((set, report));
    }
    if let Some(path) = &args.json {
        let json = to_json(&reports, &args);
        std::fs::write(
            path,
            serde_json::to_string_pretty(&json).expect("JSON values serialize"),
        )
        .map_err(|err| format!("cannot write {}: {err}", path.display()))?;
        eprintln!("wrote {}", path.display());
    }
    if let Some(path) = &args.chart {
        let groups: Vec<chart::Group> = reports
            .iter()
            .filter(|(_, algos)| !algos.is_empty())
            .map(|(set, algos)| chart::Group {
                label: set
                    .path
                    .file_stem()
                    .map_or_else(String::new, |s| s.to_string_lossy().into_owned()),
                bars: algos
                    .iter()
                    .map(|r| (r.name.clone(), micros(r.median)))
                    .collect(),
            })
            .collect();
        let title = format!(
            "median µs per puzzle, mode {}, {} thread(s)",
            args.mode.name(),
            args.jobs
        );
        chart::draw(path, &title, &groups)?;
        eprintln!("wrote {}", path.display());
    }
    if wrong > 0 {
        return Err(format!("{wrong} wrong answer(s): see WRONG lines above"));
    }
    Ok(())
}

/// The sets of benchdata/, in name order.
fn default_sets() -> Result<Vec<PathBuf>, String> {
    let dir = workspace_root().join("benchdata");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|err| format!("cannot read {}: {err}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| PuzzleSet::is_set_file(path))
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(format!("no puzzle sets in {}", dir.display()));
    }
    Ok(files)
}

/// The figures of one algorithm on one set.
#[derive(Debug)]
pub(crate) struct AlgoReport {
    name: String,
    solved: usize,
    no_solution: usize,
    gave_up: usize,
    median: Duration,
    p90: Duration,
    per_second: f64,
    stats: Tally,
    wrong: Vec<String>,
}

fn bench_set(
    set: &PuzzleSet,
    registry: &Registry,
    args: &BenchArgs,
) -> Result<Vec<AlgoReport>, String> {
    let mut runners: Vec<Box<dyn Runner>> = registry
        .for_kind(set.kind)
        .into_iter()
        .filter(|(name, _)| args.algo.is_empty() || args.algo.iter().any(|a| a == name))
        .map(|(_, make)| make())
        .filter(|runner| args.mode == Mode::Solve || runner.complete())
        .collect();
    if runners.is_empty() {
        eprintln!("{}: no algorithm applies, skipped", set.path.display());
        return Ok(Vec::new());
    }
    let n = set.len();
    let passes = if args.quick {
        1
    } else {
        planned_passes(set, &mut runners, args.mode)
    };
    let mut times = vec![vec![Vec::with_capacity(passes); n]; runners.len()];
    let mut answers: Vec<Vec<Option<Answer>>> = vec![vec![None; n]; runners.len()];
    let mut stats = vec![Tally::default(); runners.len()];
    let mut wall = vec![Duration::ZERO; runners.len()];
    let progress = Progress::new(set, runners.len() * passes);
    for pass in 0..passes {
        for k in 0..runners.len() {
            let r = (pass + k) % runners.len();
            progress.tick(runners[r].name(), pass);
            let started = Instant::now();
            let results = if args.jobs > 1 {
                let name = runners[r].name().to_string();
                run_parallel(set, registry, &name, args.mode, args.jobs)
            } else {
                (0..n)
                    .map(|i| timed(runners[r].as_mut(), set, i, args.mode))
                    .collect()
            };
            wall[r] += started.elapsed();
            for (i, (answer, elapsed, call_stats)) in results.into_iter().enumerate() {
                times[r][i].push(elapsed);
                if pass == 0 {
                    stats[r].merge(&call_stats);
                    answers[r][i] = Some(answer);
                }
            }
        }
    }
    progress.done();
    let mut reports = Vec::new();
    for (r, runner) in runners.iter().enumerate() {
        let mut wrong = Vec::new();
        let (mut solved, mut no_solution, mut gave_up) = (0, 0, 0);
        for i in 0..n {
            let answer = answers[r][i].expect("every puzzle ran in pass 1");
            match answer {
                Answer::Verdict(Verdict::Solved(_)) => solved += 1,
                Answer::Count(c) if c > 0 => solved += 1,
                Answer::Verdict(Verdict::GaveUp { .. }) => gave_up += 1,
                _ => no_solution += 1,
            }
            if let Err(why) = set.check(i, &answer, runner.complete()) {
                let line = format!(
                    "{} on {} line {}: {why}",
                    runner.name(),
                    set.path.display(),
                    set.line(i)
                );
                eprintln!("WRONG {line}");
                wrong.push(line);
            }
        }
        wrong.extend(cross_check(set, &runners, &answers, r));
        let mut per_puzzle: Vec<Duration> = times[r].iter_mut().map(|t| median(t)).collect();
        let total: Duration = per_puzzle.iter().sum();
        let per_second = if args.jobs > 1 {
            (n * passes) as f64 / wall[r].as_secs_f64()
        } else {
            n as f64 / total.as_secs_f64().max(1e-12)
        };
        reports.push(AlgoReport {
            name: runner.name().to_string(),
            solved,
            no_solution,
            gave_up,
            median: median(&mut per_puzzle),
            p90: percentile(&mut per_puzzle, 0.9),
            per_second,
            stats: stats[r].clone(),
            wrong,
        });
    }
    Ok(reports)
}

/// Complete algorithms must agree on whether each puzzle has a solution (and, counting, on
/// the count); incomplete ones must not claim a solution a complete one denies.
fn cross_check(
    set: &PuzzleSet,
    runners: &[Box<dyn Runner>],
    answers: &[Vec<Option<Answer>>],
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
        let (Some(mine), Some(theirs)) = (answers[r][i], answers[reference][i]) else {
            continue;
        };
        let disagree = match (mine, theirs) {
            (Answer::Count(a), Answer::Count(b)) => a != b,
            (Answer::Verdict(Verdict::GaveUp { .. }), _) => false,
            (Answer::Verdict(a), Answer::Verdict(b)) => a.is_solved() != b.is_solved(),
            _ => false,
        };
        if disagree {
            let line = format!(
                "{} on {} line {}: says {} but {} says {}",
                runners[r].name(),
                set.path.display(),
                set.line(i),
                mine,
                runners[reference].name(),
                theirs
            );
            eprintln!("WRONG {line}");
            wrong.push(line);
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
    let elapsed = started.elapsed();
    (answer, elapsed, runner.stats())
}

/// One pass with `jobs` threads, each with its own solver, taking puzzles from a shared index.
fn run_parallel(
    set: &PuzzleSet,
    registry: &Registry,
    name: &str,
    mode: Mode,
    jobs: usize,
) -> Vec<(Answer, Duration, Tally)> {
    let next = AtomicUsize::new(0);
    let mut results: Vec<(usize, (Answer, Duration, Tally))> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|_| {
                let next = &next;
                scope.spawn(move || {
                    let mut runner = registry.make(name).expect("runner exists");
                    let mut mine = Vec::new();
                    loop {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= set.len() {
                            break mine;
                        }
                        mine.push((i, timed(runner.as_mut(), set, i, mode)));
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

/// Enough passes (1 to 5) for each algorithm to spend about half a second on the set.
fn planned_passes(set: &PuzzleSet, runners: &mut [Box<dyn Runner>], mode: Mode) -> usize {
    let probe = set.len().min(50);
    let mut slowest = Duration::ZERO;
    for runner in runners.iter_mut() {
        let started = Instant::now();
        for i in 0..probe {
            let _ = runner.run(set.puzzle(i), mode);
        }
        slowest = slowest.max(started.elapsed());
    }
    let estimate = slowest.as_secs_f64() * set.len() as f64 / probe.max(1) as f64;
    ((0.5 / estimate.max(1e-9)).ceil() as usize).clamp(1, 5)
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

/// A one-line progress display on standard error, only when it is a terminal.
struct Progress {
    enabled: bool,
    label: String,
    steps: usize,
    done: AtomicUsize,
}

impl Progress {
    fn new(set: &PuzzleSet, steps: usize) -> Progress {
        Progress {
            enabled: std::io::stderr().is_terminal(),
            label: set
                .path
                .file_name()
                .map_or_else(String::new, |f| f.to_string_lossy().into_owned()),
            steps,
            done: AtomicUsize::new(0),
        }
    }

    fn tick(&self, algo: &str, pass: usize) {
        if self.enabled {
            let done = self.done.fetch_add(1, Ordering::Relaxed);
            let width = 30;
            let filled = done * width / self.steps.max(1);
            eprint!(
                "\r\x1b[2K{} [{}{}] {algo}, pass {}",
                self.label,
                "#".repeat(filled),
                " ".repeat(width - filled),
                pass + 1
            );
        }
    }

    fn done(&self) {
        if self.enabled {
            eprint!("\r\x1b[2K");
        }
    }
}

fn print_table(set: &PuzzleSet, reports: &[AlgoReport], args: &BenchArgs) {
    if reports.is_empty() {
        return;
    }
    println!(
        "\n{} ({} puzzles, {}; mode {}, {} thread{})",
        display_path(&set.path),
        set.len(),
        set.expect.describe(),
        args.mode.name(),
        args.jobs,
        if args.jobs == 1 { "" } else { "s" }
    );
    let baseline = reports
        .iter()
        .find(|r| r.name == args.baseline)
        .map(|r| r.median);
    let incomplete_columns = reports.iter().any(|r| r.stats.get("cycles").is_some());
    print!(
        "{:<14} {:>7} {:>7} {:>7} {:>11} {:>11} {:>11} {:>10} {:>9}",
        "algorithm",
        "solved",
        "none",
        "gave up",
        "median µs",
        "p90 µs",
        "puzzles/s",
        "nodes",
        "guesses"
    );
    if incomplete_columns {
        print!(" {:>9} {:>11}", "cycles", "evals");
    }
    println!(" {:>8}", format!("vs {}", args.baseline));
    let n = set.len().max(1) as f64;
    // A counter the algorithm keeps, per puzzle; `-` for one it does not keep.
    let mean = |r: &AlgoReport, name: &str| {
        r.stats
            .get(name)
            .map_or("-".to_string(), |total| format!("{:.1}", total as f64 / n))
    };
    for r in reports {
        print!(
            "{:<14} {:>7} {:>7} {:>7} {:>11.2} {:>11.2} {:>11.0} {:>10} {:>9}",
            r.name,
            r.solved,
            r.no_solution,
            r.gave_up,
            micros(r.median),
            micros(r.p90),
            r.per_second,
            mean(r, "nodes"),
            mean(r, "guesses")
        );
        if incomplete_columns {
            print!(" {:>9} {:>11}", mean(r, "cycles"), mean(r, "evaluations"));
        }
        match baseline {
            Some(base) if !base.is_zero() => {
                println!(" {:>7.2}x", r.median.as_secs_f64() / base.as_secs_f64())
            }
            _ => println!(" {:>8}", "-"),
        }
    }
}

fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

/// A path relative to the workspace when it is inside it, else as given.
fn display_path(path: &Path) -> String {
    let root = workspace_root();
    let root = root.canonicalize().unwrap_or(root);
    match path.canonicalize() {
        Ok(full) if full.starts_with(&root) => full
            .strip_prefix(&root)
            .unwrap_or(&full)
            .display()
            .to_string(),
        _ => path.display().to_string(),
    }
}

fn to_json(reports: &[(PuzzleSet, Vec<AlgoReport>)], args: &BenchArgs) -> Value {
    let sets: Vec<Value> = reports
        .iter()
        .map(|(set, algos)| {
            json!({
                "set": display_path(&set.path),
                "kind": match set.kind { SetKind::Classic => "classic", SetKind::Killer => "killer" },
                "puzzles": set.len(),
                "expect": set.expect.describe(),
                "results": algos.iter().map(|r| json!({
                    "algorithm": r.name,
                    "solved": r.solved,
                    "no_solution": r.no_solution,
                    "gave_up": r.gave_up,
                    "median_us": micros(r.median),
                    "p90_us": micros(r.p90),
                    "puzzles_per_second": r.per_second,
                    "nodes": r.stats.get("nodes"),
                    "guesses": r.stats.get("guesses"),
                    "cycles": r.stats.get("cycles"),
                    "evaluations": r.stats.get("evaluations"),
                    "counters": r.stats.iter().map(|(name, value)| (name.to_string(), json!(value))).collect::<serde_json::Map<String, Value>>(),
                    "wrong": r.wrong,
                })).collect::<Vec<_>>(),
            })
        })
        .collect();
    json!({
        "mode": match args.mode { Mode::Solve => "solve", Mode::Count => "count" },
        "threads": args.jobs,
        "baseline": args.baseline,
        "sets": sets,
    })
}

/// Checks an answer to a classic puzzle against what the set expects.
fn expect_ok(
    expect: Expect,
    solution: Option<&Grid>,
    puzzle: &Grid,
    answer: &Answer,
    complete: bool,
) -> Result<(), String> {
    expect_ok_by(
        expect,
        solution,
        |grid| grid.solves(puzzle),
        answer,
        complete,
    )
}

/// Checks an answer against what the set expects, `solves` deciding whether a grid solves the
/// puzzle.
fn expect_ok_by(
    expect: Expect,
    solution: Option<&Grid>,
    solves: impl Fn(&Grid) -> bool,
    answer: &Answer,
    complete: bool,
) -> Result<(), String> {
    match *answer {
        Answer::Verdict(Verdict::Solved(grid)) => {
            if !solves(&grid) {
                return Err(format!("{grid} does not solve the puzzle"));
            }
            if let Some(solution) = solution {
                if expect == Expect::Unique && grid != *solution {
                    return Err(format!("{grid} differs from the known solution {solution}"));
                }
            }
            if expect == Expect::NoSolution {
                return Err("solved a puzzle that has no solution".into());
            }
            Ok(())
        }
        Answer::Verdict(Verdict::GaveUp { .. }) if !complete => Ok(()),
        Answer::Verdict(Verdict::GaveUp { .. }) => Err("a complete algorithm gave up".into()),
        Answer::Verdict(Verdict::NoSolution | Verdict::Clash(_)) => match expect {
            Expect::Unique | Expect::Multi => {
                Err(format!("said `{answer}` on a puzzle with solutions"))
            }
            Expect::NoSolution | Expect::Any => Ok(()),
        },
        Answer::Count(count) => match expect {
            Expect::Unique if count != 1 => Err(format!("counted {count}, expected 1")),
            Expect::Multi if count != 2 => Err(format!("counted {count}, expected 2 or more")),
            Expect::NoSolution if count != 0 => Err(format!("counted {count}, expected 0")),
            _ => Ok(()),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PUZZLE: &str =
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";

    fn set_of(expect: Expect) -> PuzzleSet {
        let text = format!("# expect: {}\n{PUZZLE}\n", expect.keyword());
        PuzzleSet::parse(Path::new("test.txt"), &text, None).unwrap()
    }

    /// A solver that answers with the puzzle itself, filled with ones: always wrong.
    struct Wrong;
    impl Runner for Wrong {
        fn name(&self) -> &str {
            "wrong"
        }
        fn complete(&self) -> bool {
            true
        }
        fn run(&mut self, puzzle: &data::Puzzle, _: Mode) -> Answer {
            let data::Puzzle::Classic(grid) = puzzle else {
                unreachable!("a classic set")
            };
            let mut answer = *grid;
            for cell in 0..81 {
                if answer[cell] == 0 {
                    answer.set(cell, 1);
                }
            }
            Answer::Verdict(Verdict::Solved(answer))
        }
        fn stats(&self) -> Tally {
            Tally::default()
        }
    }

    fn args(mode: Mode) -> BenchArgs {
        BenchArgs::try_parse_from([
            "bench",
            "--quick",
            "--mode",
            if mode == Mode::Solve {
                "solve"
            } else {
                "count"
            },
        ])
        .unwrap()
    }

    #[test]
    fn a_wrong_solver_is_caught() {
        let set = set_of(Expect::Unique);
        let mut registry = Registry::new(false);
        registry.add(SetKind::Classic, "wrong", || Box::new(Wrong));
        let reports = bench_set(&set, &registry, &args(Mode::Solve)).unwrap();
        let wrong = reports.iter().find(|r| r.name == "wrong").unwrap();
        assert_eq!(wrong.wrong.len(), 1, "{wrong:?}");
        assert!(
            wrong.wrong[0].contains("does not solve"),
            "{:?}",
            wrong.wrong
        );
        assert!(wrong.wrong[0].contains("line 2"), "{:?}", wrong.wrong);
    }

    #[test]
    fn expectations_are_enforced() {
        let puzzle: Grid = PUZZLE.parse().unwrap();
        let solved = Answer::Verdict(Verdict::Solved(
            "162857493534129678789643521475312986913586742628794135356478219241935867897261354"
                .parse()
                .unwrap(),
        ));
        assert!(expect_ok(Expect::Unique, None, &puzzle, &solved, true).is_ok());
        assert!(expect_ok(Expect::NoSolution, None, &puzzle, &solved, true).is_err());
        let none = Answer::Verdict(Verdict::NoSolution);
        assert!(expect_ok(Expect::Unique, None, &puzzle, &none, true).is_err());
        assert!(expect_ok(Expect::NoSolution, None, &puzzle, &none, true).is_ok());
        let gave_up = Answer::Verdict(Verdict::GaveUp {
            best: puzzle,
            conflicts: 3,
        });
        assert!(expect_ok(Expect::Unique, None, &puzzle, &gave_up, false).is_ok());
        assert!(expect_ok(Expect::Unique, None, &puzzle, &gave_up, true).is_err());
        assert!(expect_ok(Expect::Multi, None, &puzzle, &Answer::Count(1), true).is_err());
        assert!(expect_ok(Expect::Unique, None, &puzzle, &Answer::Count(1), true).is_ok());
    }

    #[test]
    fn json_output_has_the_documented_fields() {
        let set = set_of(Expect::Unique);
        let registry = Registry::new(true);
        let a = args(Mode::Count);
        let reports = bench_set(&set, &registry, &a).unwrap();
        assert!(reports.iter().all(|r| r.wrong.is_empty()), "{reports:?}");
        let json = to_json(&[(set, reports)], &a);
        assert_eq!(json["mode"], "count");
        let results = json["sets"][0]["results"].as_array().unwrap();
        assert!(!results.is_empty());
        for result in results {
            for key in [
                "algorithm",
                "solved",
                "no_solution",
                "gave_up",
                "median_us",
                "p90_us",
                "puzzles_per_second",
                "nodes",
                "guesses",
                "wrong",
            ] {
                assert!(result.get(key).is_some(), "missing {key} in {result}");
            }
            assert_eq!(result["solved"], 1);
        }
    }
}
