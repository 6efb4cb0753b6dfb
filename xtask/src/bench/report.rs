//! The bench's output: a table per set on standard output, and the same figures as JSON.

use std::path::Path;
use std::time::Duration;

use serde_json::{Value, json};

use super::args::{BenchArgs, Mode};
use super::data::PuzzleSet;
use super::harness::AlgoReport;
use crate::workspace_root;

/// Prints the table of one set, and a legend under it.
pub(crate) fn print_table(set: &PuzzleSet, reports: &[AlgoReport], args: &BenchArgs) {
    if !reports.is_empty() {
        print!("{}", table(set, reports, args));
    }
}

/// The table of one set, and a legend under it.
pub(crate) fn table(set: &PuzzleSet, reports: &[AlgoReport], args: &BenchArgs) -> String {
    let mut out = String::new();
    write_table(&mut out, set, reports, args).expect("a String takes any text");
    out
}

fn write_table(
    out: &mut String,
    set: &PuzzleSet,
    reports: &[AlgoReport],
    args: &BenchArgs,
) -> std::fmt::Result {
    use std::fmt::Write;
    writeln!(
        out,
        "\n{} ({} puzzles, {}; mode {}, {} thread{})",
        display_path(&set.path),
        set.len(),
        set.expect.describe(),
        args.mode.name(),
        args.jobs,
        if args.jobs == 1 { "" } else { "s" }
    )?;
    let baseline = reports.iter().find(|r| r.name == args.baseline);
    let incomplete_columns = reports.iter().any(|r| r.stats.get("cycles").is_some());
    let versus = format!("vs {}", args.baseline);
    write!(
        out,
        "{:<14} {:>6} {:>6} {:>7} {:>5} {:>8} {:>11} {:>11} {:>10} {:>11} {:>10} {:>9}",
        "algorithm",
        "solved",
        "none",
        "gave up",
        "wrong",
        "verified",
        "median µs",
        "p90 µs",
        "total ms",
        "puzzles/s",
        "nodes",
        "guesses"
    )?;
    if incomplete_columns {
        write!(out, " {:>9} {:>11}", "cycles", "evals")?;
    }
    writeln!(out, " {:>17}", format!("{versus} med/tot"))?;
    let n = set.len().max(1) as f64;
    // A counter the algorithm keeps, per puzzle; `-` for one it does not keep.
    let mean = |r: &AlgoReport, name: &str| {
        r.stats
            .get(name)
            .map_or("-".to_string(), |total| format!("{:.1}", total as f64 / n))
    };
    let ratio = |mine: Duration, base: Duration| {
        if base.is_zero() {
            "-".to_string()
        } else {
            format!("{:.2}x", mine.as_secs_f64() / base.as_secs_f64())
        }
    };
    for r in reports {
        write!(
            out,
            "{:<14} {:>6} {:>6} {:>7} {:>5} {:>8} {:>11.2} {:>11.2} {:>10.1} {:>11.0} {:>10} {:>9}",
            r.name,
            r.solved,
            r.no_solution,
            r.gave_up,
            r.wrong_puzzles,
            r.verified,
            micros(r.median),
            micros(r.p90),
            micros(r.total) / 1000.0,
            r.per_second,
            mean(r, "nodes"),
            mean(r, "guesses")
        )?;
        if incomplete_columns {
            write!(
                out,
                " {:>9} {:>11}",
                mean(r, "cycles"),
                mean(r, "evaluations")
            )?;
        }
        match baseline {
            Some(base) => writeln!(
                out,
                " {:>17}",
                format!(
                    "{} / {}",
                    ratio(r.median, base.median),
                    ratio(r.total, base.total)
                )
            )?,
            None => writeln!(out, " {:>17}", "-")?,
        }
    }
    for r in reports.iter().filter(|r| r.unverified > 0) {
        writeln!(
            out,
            "{}: the answers to {} puzzle(s) could not be checked independently (no expectation \
             in the file, and no reference count for them)",
            r.name, r.unverified
        )?;
    }
    writeln!(
        out,
        "  times: each puzzle's median over its passes; median and p90 over the puzzles, \
         total their sum"
    )?;
    writeln!(
        out,
        "  {}: means per puzzle (first pass)",
        if incomplete_columns {
            "nodes, guesses, cycles, evals"
        } else {
            "nodes, guesses"
        }
    )?;
    writeln!(
        out,
        "  {versus}: ratio to {}'s median / total (above 1: slower); wrong: puzzles answered \
         wrong in any pass",
        args.baseline
    )?;
    Ok(())
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
        "mode": match args.mode { Mode::Solve => "solve", Mode::Count => "count" },
        "threads": args.jobs,
        "baseline": args.baseline,
        "sets": sets,
    })
}
