//! The bench's output: a legend once, a table per set, a closing summary on standard output,
//! and the same figures as JSON.
//!
//! The default table fits in 100 columns: the answers (solved, no solution, gave up, wrong,
//! verified) and the times. `--wide` adds the total time and the counters each algorithm
//! keeps (nodes, guesses; cycles and evaluations for the colony); `--json` has everything.

use std::fmt::Write;
use std::path::Path;
use std::time::Duration;

use serde_json::{Value, json};

use super::args::{BenchArgs, Mode};
use super::data::PuzzleSet;
use super::harness::AlgoReport;
use crate::workspace_root;

/// Two times within this ratio are reported as about equal: a shared machine drifts that much.
const ABOUT_EQUAL: f64 = 1.05;

/// The run's description and the legend of the tables, printed once before them.
pub(crate) fn legend(sets: usize, args: &BenchArgs) -> String {
    let mut out = String::new();
    let threads = if args.jobs == 1 {
        "1 thread".to_string()
    } else {
        format!("{} threads", args.jobs)
    };
    let _ = writeln!(
        out,
        "cargo xtask bench: {sets} set{}, mode {}, {threads}; every answer of every pass is checked",
        plural(sets),
        args.mode().name(),
    );
    let base = &args.baseline;
    let lines = [
        "  solved, none: the first pass's answers (a solution, no solution); gave up: puzzles an",
        "  incomplete algorithm gave up on; wrong: puzzles answered wrong in any pass; verified:",
        "  puzzles whose answers were proven right in every pass",
        "  times: each puzzle's median over its passes; median and p90 over the puzzles",
    ];
    for line in lines {
        let _ = writeln!(out, "{line}");
    }
    let _ = writeln!(
        out,
        "  puzzles/s: the puzzles over the sum of their times{}",
        if args.jobs == 1 {
            ""
        } else {
            " (over the wall-clock time: --jobs)"
        }
    );
    let _ = writeln!(
        out,
        "  vs {base}: time over {base}'s, median / total (below 1: faster than {base})"
    );
    if args.wide {
        let _ = writeln!(
            out,
            "  total ms: the sum of the puzzles' times; nodes, guesses, cycles, evals: means per \
             puzzle (first pass)"
        );
    } else {
        let _ = writeln!(
            out,
            "  --wide adds the total time, nodes and guesses (cycles and evaluations for the \
             colony)"
        );
    }
    out
}

/// Prints the table of one set (nothing when no algorithm ran on it).
pub(crate) fn print_table(set: &PuzzleSet, reports: &[AlgoReport], args: &BenchArgs) {
    if !reports.is_empty() {
        print!("{}", table(set, reports, args));
    }
}

/// The table of one set: a line naming it, a header, a line per algorithm, and a note for
/// answers nothing could check.
pub(crate) fn table(set: &PuzzleSet, reports: &[AlgoReport], args: &BenchArgs) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\n{} ({} puzzles, {})",
        display_path(&set.path),
        set.len(),
        set.expect.describe(),
    );
    // The same widths in every table (the longest name registered is `sudoku-crate`).
    let name_width = reports
        .iter()
        .map(|r| r.name.chars().count())
        .chain([12])
        .max()
        .unwrap_or(12);
    let versus = format!("vs {}", args.baseline);
    let ratio_width = versus.chars().count().max(15);
    let counters = args.wide;
    let colony = counters && reports.iter().any(|r| r.stats.get("cycles").is_some());
    let _ = write!(
        out,
        "{:<name_width$} {:>6} {:>6} {:>7} {:>5} {:>8} {:>10} {:>10} {:>10}",
        "algorithm",
        "solved",
        "none",
        "gave up",
        "wrong",
        "verified",
        "median µs",
        "p90 µs",
        "puzzles/s",
    );
    if counters {
        let _ = write!(out, " {:>10} {:>10} {:>9}", "total ms", "nodes", "guesses");
    }
    if colony {
        let _ = write!(out, " {:>9} {:>11}", "cycles", "evals");
    }
    let _ = writeln!(out, " {versus:>ratio_width$}");
    let baseline = reports.iter().find(|r| r.name == args.baseline);
    let n = set.len().max(1) as f64;
    // A counter the algorithm keeps, per puzzle; `-` for one it does not keep.
    let mean = |r: &AlgoReport, name: &str| {
        r.stats
            .get(name)
            .map_or("-".to_string(), |total| format!("{:.1}", total as f64 / n))
    };
    for r in reports {
        let _ = write!(
            out,
            "{:<name_width$} {:>6} {:>6} {:>7} {:>5} {:>8} {:>10} {:>10} {:>10.0}",
            r.name,
            r.solved,
            r.no_solution,
            r.gave_up,
            r.wrong_puzzles,
            r.verified,
            time_us(micros(r.median)),
            time_us(micros(r.p90)),
            r.per_second,
        );
        if counters {
            let _ = write!(
                out,
                " {:>10.1} {:>10} {:>9}",
                micros(r.total) / 1000.0,
                mean(r, "nodes"),
                mean(r, "guesses")
            );
        }
        if colony {
            let _ = write!(
                out,
                " {:>9} {:>11}",
                mean(r, "cycles"),
                mean(r, "evaluations")
            );
        }
        let versus = baseline.map_or("-".to_string(), |base| {
            format!(
                "{} / {}",
                ratio(r.median, base.median),
                ratio(r.total, base.total)
            )
        });
        let _ = writeln!(out, " {versus:>ratio_width$}");
    }
    for r in reports.iter().filter(|r| r.unverified > 0) {
        let _ = writeln!(
            out,
            "{}: {} puzzle(s) not checked independently (no expectation in the file, no \
             reference count)",
            r.name, r.unverified
        );
    }
    out
}

/// The closing summary: the answers over the whole run, and the fastest algorithm of each
/// set.
pub(crate) fn summary(reports: &[(PuzzleSet, Vec<AlgoReport>)]) -> String {
    let runs: Vec<&AlgoReport> = reports.iter().flat_map(|(_, algos)| algos).collect();
    let sum = |count: fn(&AlgoReport) -> usize| runs.iter().map(|r| count(r)).sum::<usize>();
    let puzzles: usize = reports
        .iter()
        .filter(|(_, algos)| !algos.is_empty())
        .map(|(set, _)| set.len())
        .sum();
    let sets = reports
        .iter()
        .filter(|(_, algos)| !algos.is_empty())
        .count();
    let mut out = String::new();
    let _ = writeln!(
        out,
        "\nsummary: {sets} set{}, {puzzles} puzzle{}, {} run{} of an algorithm over a set",
        plural(sets),
        plural(puzzles),
        runs.len(),
        plural(runs.len())
    );
    let _ = writeln!(
        out,
        "  answers: {} verified, {} wrong, {} gave up, {} unchecked (puzzles of every run)",
        sum(|r| r.verified),
        sum(|r| r.wrong_puzzles),
        sum(|r| r.gave_up),
        sum(|r| r.unverified),
    );
    if sets == 0 {
        return out;
    }
    let _ = writeln!(
        out,
        "  fastest on each set by median time, and its lead over the next (those that gave up or\n  \
         answered wrong are not ranked):"
    );
    let name_width = reports
        .iter()
        .filter(|(_, algos)| !algos.is_empty())
        .map(|(set, _)| set_name(set).chars().count())
        .max()
        .unwrap_or(0);
    for (set, algos) in reports.iter().filter(|(_, algos)| !algos.is_empty()) {
        let _ = writeln!(
            out,
            "    {:<name_width$}  {}",
            set_name(set),
            fastest(algos)
        );
    }
    out
}

/// Which algorithm of a set is fastest by median time, and by how much against the next.
fn fastest(algos: &[AlgoReport]) -> String {
    // Those that gave up or answered wrong are not ranked: their times are not comparable.
    let mut ranked: Vec<&AlgoReport> = algos
        .iter()
        .filter(|r| r.wrong_puzzles == 0 && r.gave_up == 0)
        .collect();
    ranked.sort_by_key(|r| r.median);
    let excluded: Vec<String> = algos
        .iter()
        .filter(|r| r.wrong_puzzles > 0 || r.gave_up > 0)
        .map(|r| {
            let why = if r.wrong_puzzles > 0 {
                "wrong"
            } else {
                "gave up"
            };
            format!("{} {why}", r.name)
        })
        .collect();
    let line = match ranked.as_slice() {
        [] => "none ranked".to_string(),
        [only] if excluded.is_empty() => format!("{}, the only algorithm run", only.name),
        [only] => format!("{}, the only one left", only.name),
        [first, next, ..] => {
            let by_median = times(next.median, first.median);
            let by_total = times(next.total, first.total);
            let total = if by_total >= ABOUT_EQUAL {
                format!("{} in total", multiple(by_total))
            } else if by_total * ABOUT_EQUAL > 1.0 {
                "about the same in total".to_string()
            } else {
                format!("but {} slower in total", multiple(1.0 / by_total))
            };
            if by_median < ABOUT_EQUAL {
                format!(
                    "{}: about as fast as {} ({}), {total}",
                    first.name,
                    next.name,
                    multiple(by_median)
                )
            } else {
                format!(
                    "{}: {} faster than {}, {total}",
                    first.name,
                    multiple(by_median),
                    next.name
                )
            }
        }
    };
    if excluded.is_empty() {
        line
    } else {
        format!("{line}; {}", excluded.join(", "))
    }
}

/// `slow` over `fast`, as a number (infinite when `fast` took no time).
fn times(slow: Duration, fast: Duration) -> f64 {
    if fast.is_zero() {
        if slow.is_zero() { 1.0 } else { f64::INFINITY }
    } else {
        slow.as_secs_f64() / fast.as_secs_f64()
    }
}

/// A ratio as `1.85x`, `12.3x` or `250x`.
fn multiple(x: f64) -> String {
    if !x.is_finite() {
        "-".to_string()
    } else if x < 10.0 {
        format!("{x:.2}x")
    } else if x < 100.0 {
        format!("{x:.1}x")
    } else {
        format!("{x:.0}x")
    }
}

/// `mine` over `base` (`-` when the base took no time).
fn ratio(mine: Duration, base: Duration) -> String {
    if base.is_zero() {
        "-".to_string()
    } else {
        multiple(mine.as_secs_f64() / base.as_secs_f64())
    }
}

/// Microseconds with the decimals that matter: `3.42`, `851.3`, `124530`.
fn time_us(us: f64) -> String {
    if us < 100.0 {
        format!("{us:.2}")
    } else if us < 10_000.0 {
        format!("{us:.1}")
    } else {
        format!("{us:.0}")
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

/// A set's file name (its path when it has none).
fn set_name(set: &PuzzleSet) -> String {
    set.path.file_name().map_or_else(
        || display_path(&set.path),
        |f| f.to_string_lossy().into_owned(),
    )
}

pub(crate) fn micros(d: Duration) -> f64 {
    d.as_secs_f64() * 1e6
}

/// A path relative to the workspace when it is inside it, else as given.
pub(crate) fn display_path(path: &Path) -> String {
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

/// Writes `json` to `path`, pretty-printed, and says so on standard error.
pub(crate) fn write_json(path: &Path, json: &Value) -> Result<(), String> {
    std::fs::write(
        path,
        serde_json::to_string_pretty(json).expect("JSON values serialize"),
    )
    .map_err(|err| format!("cannot write {}: {err}", path.display()))?;
    eprintln!("wrote {}", path.display());
    Ok(())
}

/// Every set's figures as one JSON document.
pub(crate) fn to_json(reports: &[(PuzzleSet, Vec<AlgoReport>)], args: &BenchArgs) -> Value {
    let sets: Vec<Value> = reports
        .iter()
        .map(|(set, algos)| {
            json!({
                "set": display_path(&set.path),
                "kind": set.kind.name(),
                "puzzles": set.len(),
                "expect": set.expect.describe(),
                "results": algos.iter().map(|r| json!({
                    "algorithm": r.name,
                    "solved": r.solved,
                    "no_solution": r.no_solution,
                    "gave_up": r.gave_up,
                    "verified": r.verified,
                    "unverified": r.unverified,
                    "wrong_puzzles": r.wrong_puzzles,
                    "median_us": micros(r.median),
                    "p90_us": micros(r.p90),
                    "total_us": micros(r.total),
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
        "mode": match args.mode() { Mode::Solve => "solve", Mode::Count => "count" },
        "threads": args.jobs,
        "baseline": args.baseline,
        "sets": sets,
    })
}

#[cfg(test)]
mod tests {
    use std::path::Path;

    use sudoku_abc::AbcStats;
    use sudoku_core::{SearchStats, Tally};

    use super::*;
    use crate::bench::args::run_args as args;

    /// The widest line of the default view (the legend, the tables and the summary).
    const WIDTH: usize = 100;

    const PUZZLE: &str =
        "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";

    /// A set of `n` puzzles named `name` (outside the workspace, so shown as named).
    fn set(name: &str, expect: &str, n: usize) -> PuzzleSet {
        let text = format!("# expect: {expect}\n{}", format!("{PUZZLE}\n").repeat(n));
        PuzzleSet::parse(Path::new(name), &text, None).unwrap()
    }

    /// A report of `name`: `solved` of `n` puzzles verified, the rest given up on, medians and
    /// totals in microseconds, and some counters.
    fn report(name: &str, n: usize, median_us: u64, total_us: u64, stats: Tally) -> AlgoReport {
        AlgoReport {
            name: name.to_string(),
            solved: n,
            no_solution: 0,
            gave_up: 0,
            wrong_puzzles: 0,
            verified: n,
            unverified: 0,
            median: Duration::from_micros(median_us),
            p90: Duration::from_micros(median_us * 3),
            total: Duration::from_micros(total_us),
            per_second: n as f64 / (total_us as f64 / 1e6),
            stats,
            wrong: Vec::new(),
        }
    }

    fn search(nodes: u64, guesses: u64) -> Tally {
        let mut tally = Tally::default();
        tally.add(&SearchStats::new(nodes, guesses));
        tally
    }

    /// A run over three sets: DLX ahead of MRV on one, behind on another where the crates.io
    /// solver leads, and the colony giving up on a puzzle of the third, where one algorithm
    /// also answered wrong.
    fn run() -> Vec<(PuzzleSet, Vec<AlgoReport>)> {
        let mut abc = Tally::default();
        let mut colony = AbcStats::default();
        (colony.cycles, colony.evaluations, colony.conflicts) = (1234, 987_654, 2);
        abc.add(&colony);
        let mut gave_up = report("abc", 4, 250_000, 2_500_000, abc);
        gave_up.solved = 3;
        gave_up.gave_up = 1;
        gave_up.verified = 3;
        let mut wrong = report("dlx", 4, 30, 130, search(90, 12));
        wrong.wrong_puzzles = 1;
        wrong.verified = 3;
        let mut nosol = report("mrv", 3, 5_012, 16_000, search(4_000, 1_900));
        (nosol.solved, nosol.no_solution) = (0, 3);
        vec![
            (
                set("size16.txt", "unique", 2),
                vec![
                    report("mrv", 2, 1_500, 3_100, search(400, 80)),
                    report("dlx", 2, 1_000, 2_000, search(900, 60)),
                ],
            ),
            (
                set("hard.txt", "unique", 3),
                vec![
                    report("mrv", 3, 84, 260, search(40, 8)),
                    report("dlx", 3, 120, 380, search(85, 9)),
                    report("sudoku-crate", 3, 12, 40, Tally::default()),
                ],
            ),
            (
                set("easy.txt", "unique", 4),
                vec![report("mrv", 4, 20, 84, search(10, 0)), wrong, gave_up],
            ),
            (set("nosol.txt", "nosol", 3), vec![nosol]),
        ]
    }

    /// Everything the run prints on standard output.
    fn output(args: &BenchArgs) -> String {
        let reports = run();
        let mut out = legend(reports.len(), args);
        for (set, algos) in &reports {
            out.push_str(&table(set, algos, args));
        }
        out.push_str(&summary(&reports));
        out
    }

    #[test]
    fn the_default_view_fits_in_100_columns() {
        let out = output(&args(&[]));
        for line in out.lines() {
            assert!(
                line.chars().count() <= WIDTH,
                "{} columns: {line}\n{out}",
                line.chars().count()
            );
        }
        // The longest baseline name and several threads still fit.
        let out = output(&args(&["--baseline", "sudoku-crate", "--jobs", "2"]));
        assert!(out.lines().all(|l| l.chars().count() <= WIDTH), "{out}");
        // So does the longest summary line of benchdata: its longest set name, the longest
        // algorithm name, ratios of three digits and two algorithms not ranked.
        let (_, mut easy) = run().swap_remove(2);
        let (dlx, abc) = (easy.remove(1), easy.remove(1));
        let worst = vec![(
            set("nosol16_45.txt", "unique", 4),
            vec![
                report("sudoku-crate", 4, 10, 20, Tally::default()),
                report("mrv", 4, 1_230, 2_900, Tally::default()),
                dlx,
                abc,
            ],
        )];
        let text = summary(&worst);
        assert!(text.lines().all(|l| l.chars().count() <= WIDTH), "{text}");
        insta::assert_snapshot!(output(&args(&[])));
    }

    #[test]
    fn the_legend_comes_once_and_the_counters_only_when_wide() {
        let out = output(&args(&[]));
        assert_eq!(
            out.matches("times: each puzzle's median").count(),
            1,
            "{out}"
        );
        assert!(
            !out.contains("nodes") || out.contains("--wide adds"),
            "{out}"
        );
        let header = out.lines().find(|l| l.starts_with("algorithm")).unwrap();
        assert!(
            !header.contains("nodes") && !header.contains("total ms"),
            "{header}"
        );
        let wide = output(&args(&["--wide"]));
        let headers: Vec<&str> = wide
            .lines()
            .filter(|l| l.starts_with("algorithm"))
            .collect();
        assert!(
            headers
                .iter()
                .all(|h| h.contains("nodes") && h.contains("total ms"))
        );
        // Cycles and evaluations only where the colony ran.
        assert_eq!(headers.iter().filter(|h| h.contains("evals")).count(), 1);
        insta::assert_snapshot!(wide);
    }

    #[test]
    fn the_summary_totals_the_answers_and_names_the_fastest() {
        let text = summary(&run());
        let lines: Vec<&str> = text.lines().collect();
        assert!(
            text.contains("4 sets, 12 puzzles, 9 runs of an algorithm over a set"),
            "{text}"
        );
        // 2 + 2, 3 * 3, 4 + 3 + 3 and 3 verified; dlx wrong once; abc gave up once.
        assert!(
            text.contains("answers: 26 verified, 1 wrong, 1 gave up, 0 unchecked"),
            "{text}"
        );
        let line = |set: &str| {
            *lines
                .iter()
                .find(|l| l.trim_start().starts_with(set))
                .unwrap()
        };
        for (set, verdict) in [
            ("size16.txt", "dlx: 1.50x faster than mrv, 1.55x in total"),
            (
                "hard.txt",
                "sudoku-crate: 7.00x faster than mrv, 6.50x in total",
            ),
            // The one with a wrong answer and the one that gave up are not ranked.
            ("easy.txt", "mrv, the only one left; dlx wrong, abc gave up"),
            ("nosol.txt", "mrv, the only algorithm run"),
        ] {
            assert!(line(set).ends_with(verdict), "{set}: {text}");
        }
    }

    #[test]
    fn close_times_are_called_about_equal_and_a_slower_total_is_said() {
        let algos = [
            report("mrv", 2, 100, 1_000, Tally::default()),
            report("dlx", 2, 98, 2_000, Tally::default()),
        ];
        assert_eq!(
            fastest(&algos),
            "dlx: about as fast as mrv (1.02x), but 2.00x slower in total"
        );
        let algos = [
            report("mrv", 2, 120, 1_000, Tally::default()),
            report("dlx", 2, 100, 1_020, Tally::default()),
        ];
        assert_eq!(
            fastest(&algos),
            "dlx: 1.20x faster than mrv, about the same in total"
        );
    }
}
