//! End-to-end checks of the harness's verification, with fake algorithms that lie in
//! particular ways.

use std::path::Path;

use sudoku_core::{Best, CountSolutions, Exhausted, Grid, Tally, Verdict};
use sudoku_dlx::DlxSolver;

use super::args::{Mode, run_args as args};
use super::data::{Expect, Puzzle, PuzzleSet, SetKind};
use super::harness::{AlgoReport, bench_set};
use super::report::to_json;
use super::runners::{Answer, Registry, Runner};

const PUZZLE: &str =
    "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3..";

fn classic(puzzle: &Puzzle) -> Grid {
    match puzzle {
        Puzzle::Classic(grid) => *grid,
        Puzzle::Killer(_) | Puzzle::Variant(_) | Puzzle::Constraint(_) => {
            unreachable!("classic sets only")
        }
    }
}

/// A set from lines of text (a header line or not).
fn set_of(text: &str) -> PuzzleSet {
    PuzzleSet::parse(Path::new("test.txt"), text, None).unwrap()
}

/// Runs only the fake algorithm `name` (made by `make`) on `set`.
fn run_fake(
    set: &PuzzleSet,
    name: &'static str,
    make: impl Fn() -> Box<dyn Runner> + Send + Sync + 'static,
    extra: &[&str],
) -> AlgoReport {
    let mut registry = Registry::new(false);
    registry.add(SetKind::Classic, name, make);
    let mut all = vec!["--algo", name];
    all.extend_from_slice(extra);
    let mut reports = bench_set(set, &registry, &args(&all)).unwrap();
    assert_eq!(reports.len(), 1);
    reports.remove(0)
}

/// A fake algorithm: `answer` gives its answer to each puzzle on the n-th call for that
/// puzzle (counting from 0).
struct Fake {
    name: &'static str,
    complete: bool,
    calls: Vec<(Grid, usize)>,
    answer: fn(&Grid, usize, Mode) -> Answer,
}

impl Fake {
    fn boxed(
        name: &'static str,
        complete: bool,
        answer: fn(&Grid, usize, Mode) -> Answer,
    ) -> Box<dyn Runner> {
        Box::new(Fake {
            name,
            complete,
            calls: Vec::new(),
            answer,
        })
    }
}

impl Runner for Fake {
    fn name(&self) -> &str {
        self.name
    }
    fn complete(&self) -> bool {
        self.complete
    }
    fn run(&mut self, puzzle: &Puzzle, mode: Mode) -> Answer {
        let grid = classic(puzzle);
        let call = match self.calls.iter_mut().find(|(g, _)| *g == grid) {
            Some((_, n)) => {
                *n += 1;
                *n
            }
            None => {
                self.calls.push((grid, 0));
                0
            }
        };
        (self.answer)(&grid, call, mode)
    }
    fn stats(&self) -> Tally {
        Tally::default()
    }
}

/// The right answer, by the dancing-links solver.
fn right(grid: &Grid, mode: Mode) -> Answer {
    let mut solver = DlxSolver::default();
    match mode {
        Mode::Solve => Answer::Verdict(sudoku_core::Solver::solve(&mut solver, grid)),
        Mode::Count => Answer::Count(solver.count_solutions(grid, 2)),
    }
}

#[test]
fn a_wrong_solution_is_caught() {
    let set = set_of(&format!("# expect: unique\n{PUZZLE}\n"));
    let report = run_fake(
        &set,
        "ones",
        || {
            Fake::boxed("ones", true, |grid, _, _| {
                let mut answer = *grid;
                for cell in 0..81 {
                    if answer[cell] == 0 {
                        answer.set(cell, 1);
                    }
                }
                Answer::Verdict(Verdict::Solved(answer))
            })
        },
        &["--quick"],
    );
    assert_eq!(report.wrong.len(), 1, "{report:?}");
    assert!(
        report.wrong[0].contains("does not solve"),
        "{:?}",
        report.wrong
    );
    assert!(
        report.wrong[0].contains("line 2 (pass 1)"),
        "{:?}",
        report.wrong
    );
    assert_eq!(report.verified, 0);
}

#[test]
fn a_lie_on_a_later_pass_is_caught() {
    let set = set_of(&format!("# expect: unique\n{PUZZLE}\n"));
    for mode in ["solve", "count"] {
        let report = run_fake(
            &set,
            "late-liar",
            || {
                Fake::boxed("late-liar", true, |grid, call, mode| match call {
                    0 => right(grid, mode),
                    _ if mode == Mode::Count => Answer::Count(2),
                    _ => Answer::Verdict(Verdict::NoSolution),
                })
            },
            &["--passes", "3", "--mode", mode],
        );
        assert_eq!(report.wrong.len(), 2, "{mode}: {report:?}");
        assert!(report.wrong[0].contains("(pass 2)"), "{:?}", report.wrong);
        assert!(report.wrong[1].contains("(pass 3)"), "{:?}", report.wrong);
        assert_eq!((report.solved, report.verified), (1, 0), "{mode}");
    }
}

#[test]
fn a_complete_algorithm_that_gives_up_fails() {
    let set = set_of(&format!("# expect: unique\n{PUZZLE}\n"));
    let report = run_fake(
        &set,
        "quitter",
        || {
            Fake::boxed("quitter", true, |_, _, _| {
                Answer::Verdict(Verdict::out_of_budget(Exhausted::Nodes(100)))
            })
        },
        &["--quick"],
    );
    assert_eq!(report.wrong.len(), 1, "{report:?}");
    assert!(report.wrong[0].contains("a complete algorithm gave up"));
}

#[test]
fn an_incomplete_algorithm_that_gives_up_is_reported_not_verified() {
    // A headerless set too: giving up is never counted right, with or without expectation.
    for header in ["# expect: unique\n", ""] {
        let set = set_of(&format!("{header}{PUZZLE}\n"));
        let report = run_fake(
            &set,
            "colony",
            || {
                Fake::boxed("colony", false, |grid, _, _| {
                    Answer::Verdict(Verdict::GaveUp {
                        exhausted: Exhausted::Cycles(2000),
                        best: Some(Best {
                            candidate: *grid,
                            conflicts: 1,
                        }),
                    })
                })
            },
            &["--passes", "2"],
        );
        assert!(report.wrong.is_empty(), "{report:?}");
        assert_eq!(
            (
                report.solved,
                report.no_solution,
                report.gave_up,
                report.verified
            ),
            (0, 0, 1, 0),
            "{header:?}"
        );
    }
}

#[test]
fn a_headerless_file_run_by_one_algorithm_is_checked() {
    let puzzle: Grid = PUZZLE.parse().unwrap();
    // The same puzzle with a wrong digit (clashing with no given) in its second cell: no
    // solution; and three of its givens alone: several solutions.
    let mut none = puzzle;
    none.set(1, 2);
    assert!(none.clash().is_none());
    let mut several = Grid::EMPTY;
    for cell in [0, 5, 7] {
        several.set(cell, puzzle[cell]);
    }
    let set = set_of(&format!("{PUZZLE}\n{none}\n{several}\n"));
    assert_eq!(set.expect, Expect::Any);
    // An honest algorithm alone: every answer verified, in both modes.
    for mode in ["solve", "count"] {
        let report = run_fake(
            &set,
            "honest",
            || Fake::boxed("honest", true, |grid, _, mode| right(grid, mode)),
            &["--passes", "2", "--mode", mode],
        );
        assert!(report.wrong.is_empty(), "{mode}: {report:?}");
        assert_eq!(report.verified, 3, "{mode}");
    }
    // "No solution" for everything: caught on the two puzzles that have solutions.
    let report = run_fake(
        &set,
        "denier",
        || {
            Fake::boxed("denier", true, |_, _, _| {
                Answer::Verdict(Verdict::NoSolution)
            })
        },
        &["--quick"],
    );
    assert_eq!(report.wrong.len(), 2, "{report:?}");
    assert!(
        report
            .wrong
            .iter()
            .all(|w| w.contains("on a puzzle with solutions"))
    );
    assert_eq!(report.verified, 1);
    // Counting one solution for everything: caught on the other two.
    let report = run_fake(
        &set,
        "one",
        || Fake::boxed("one", true, |_, _, _| Answer::Count(1)),
        &["--quick", "--mode", "count"],
    );
    assert_eq!(report.wrong.len(), 2, "{report:?}");
    assert!(
        report
            .wrong
            .iter()
            .all(|w| w.contains("the reference search counts")),
        "{:?}",
        report.wrong
    );
}

#[test]
fn json_output_has_the_documented_fields() {
    let set = set_of(&format!("# expect: unique\n{PUZZLE}\n"));
    let registry = Registry::new(true);
    let a = args(&["--quick", "--mode", "count"]);
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
            "verified",
            "unverified",
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
        assert_eq!(result["verified"], 1);
    }
}

/// Where no puzzle has a solution, an incomplete solver could only give up after its whole
/// budget: the default run leaves it out, naming it by `--algo` runs it.
#[test]
fn incomplete_solvers_run_on_no_solution_sets_only_when_named() {
    let nosol = std::fs::read_to_string(crate::workspace_root().join("benchdata/nosol.txt"))
        .expect("benchdata/nosol.txt");
    let line = nosol.lines().find(|l| !l.starts_with('#')).unwrap();
    let set = set_of(&format!("# expect: nosol\n{line}\n"));
    let registry = Registry::new(false);
    let names = |extra: &[&str]| -> Vec<String> {
        let mut all = vec!["--quick"];
        all.extend_from_slice(extra);
        bench_set(&set, &registry, &args(&all))
            .unwrap()
            .into_iter()
            .map(|report| report.name)
            .collect()
    };
    assert_eq!(names(&[]), ["mrv", "dlx"]);
    assert_eq!(names(&["--algo", "mrv,abc"]), ["mrv", "abc"]);
}
