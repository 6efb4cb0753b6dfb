//! Snapshots of every algorithm's answers and deterministic statistics on every set of
//! benchdata/: any change of behaviour shows up as a diff to review (`cargo xtask snapshots`
//! checks them, `--accept` rewrites them). The bee colony runs with its default
//! configuration, one colony and a fixed seed, so it repeats exactly; it is left out of the
//! no-solution set, where it spends its whole budget.

use std::fmt::Write;

use sudoku_core::{Tally, Verdict};

use super::args::Mode;
use super::data::{Known, PuzzleSet};
use super::runners::{Answer, Registry};
use super::verify::{self, Outcome, Reference};
use crate::workspace_root;

/// One line per puzzle: its line in the file, the answer (`known` for the solution the file
/// gives, else the grid found), nodes and guesses (cycles and evaluations for the colony); a
/// total first.
fn snapshot(set: &PuzzleSet, algorithm: &str) -> String {
    let registry = Registry::new(false);
    let mut runner = registry.make(set.kind, algorithm).expect("registered");
    let mut lines = String::new();
    let mut solved = 0;
    let mut total = Tally::default();
    for i in 0..set.len() {
        let answer = runner.run(set.puzzle(i), Mode::Solve);
        let stats = runner.stats();
        assert_eq!(
            verify::check(set, i, &answer, runner.complete(), &Reference::default()),
            Outcome::Verified,
            "{algorithm}: answer at line {}",
            set.line(i)
        );
        let shown = match answer {
            Answer::Verdict(Verdict::Solved(grid)) => {
                solved += 1;
                if set.solution(i) == Some(&Known::Grid(grid)) {
                    "known".to_string()
                } else {
                    grid.to_string()
                }
            }
            Answer::Variant(Verdict::Solved(found)) => {
                solved += 1;
                match set.solution(i) {
                    Some(Known::Variant(known)) if **known == found => "known".to_string(),
                    _ => found.to_string(),
                }
            }
            other => other.to_string(),
        };
        total.merge(&stats);
        let counters = shown_counters(&stats);
        writeln!(lines, "{:>4} {shown} {counters}", set.line(i)).expect("writing to a String");
    }
    format!(
        "{algorithm}: {solved} of {} solved, {}\n{lines}",
        set.len(),
        shown_counters(&total)
    )
}

/// The counters a snapshot pins: the search's nodes and guesses, the colony's cycles,
/// evaluations and restarts (link updates and the like are left to the solver crates' own
/// tests).
fn shown_counters(stats: &Tally) -> String {
    stats
        .iter()
        .filter(|(name, _)| {
            matches!(
                *name,
                "nodes" | "guesses" | "cycles" | "evaluations" | "restarts"
            )
        })
        .map(|(name, value)| format!("{name} {value}"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn check_set(file: &str, algorithms: &[&str]) {
    let set = PuzzleSet::load(&workspace_root().join("benchdata").join(file), None)
        .expect("benchdata loads");
    for algorithm in algorithms {
        let name = format!("{}_{algorithm}", file.replace('.', "_"));
        insta::assert_snapshot!(name, snapshot(&set, algorithm));
    }
}

#[test]
fn famous() {
    check_set("famous.txt", &["mrv", "dlx", "abc"]);
}

#[test]
fn easy() {
    check_set("easy.txt", &["mrv", "dlx", "abc"]);
}

#[test]
fn minimal() {
    check_set("minimal.txt", &["mrv", "dlx", "abc"]);
}

#[test]
fn hard() {
    check_set("hard.txt", &["mrv", "dlx", "abc"]);
}

#[test]
fn multi() {
    check_set("multi.txt", &["mrv", "dlx", "abc"]);
}

#[test]
fn nosol() {
    check_set("nosol.txt", &["mrv", "dlx"]);
}

#[test]
fn killer() {
    check_set("killer.jsonl", &["killer"]);
}

#[test]
fn sizes() {
    for file in [
        "size4.txt",
        "size6.txt",
        "size8.txt",
        "size12.txt",
        "size16.txt",
        "size25.txt",
    ] {
        check_set(file, &["mrv", "dlx"]);
    }
}

/// The 16x16 and 25x25 sets at several densities, unique and without solution.
#[test]
fn densities() {
    for file in [
        "nosol16.txt",
        "size16_45.txt",
        "nosol16_45.txt",
        "size16_60.txt",
        "nosol16_60.txt",
        "nosol25.txt",
        "size25_45.txt",
        "nosol25_45.txt",
        "size25_60.txt",
        "nosol25_60.txt",
    ] {
        check_set(file, &["mrv", "dlx"]);
    }
}

#[test]
fn variants() {
    for file in ["x.jsonl", "windoku.jsonl", "jigsaw.jsonl"] {
        check_set(file, &["mrv", "dlx"]);
    }
}
