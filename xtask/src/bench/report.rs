//! The bench's output: a table per set on standard output, and the same figures as JSON.

use std::path::Path;
use std::time::Duration;

use serde_json::{Value, json};

use super::args::{BenchArgs, Mode};
use super::data::PuzzleSet;
use super::harness::AlgoReport;
use crate::workspace_root;

/// Prints the table of one set.
pub(crate) fn print_table(set: &PuzzleSet, reports: &[AlgoReport], args: &BenchArgs) {
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
        "{:<14} {:>7} {:>7} {:>7} {:>8} {:>11} {:>11} {:>11} {:>10} {:>9}",
        "algorithm",
        "solved",
        "none",
        "gave up",
        "verified",
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
            "{:<14} {:>7} {:>7} {:>7} {:>8} {:>11.2} {:>11.2} {:>11.0} {:>10} {:>9}",
            r.name,
            r.solved,
            r.no_solution,
            r.gave_up,
            r.verified,
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
    for r in reports.iter().filter(|r| r.unverified > 0) {
        println!(
            "{}: the answers to {} puzzle(s) could not be checked independently (no expectation \
             in the file, and no reference count for them)",
            r.name, r.unverified
        );
    }
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
