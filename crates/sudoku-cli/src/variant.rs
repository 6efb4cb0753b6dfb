//! Puzzles of other sizes and variants (4x4 to 25x25, Sudoku X, windoku, jigsaw): solve,
//! count and check on the general engines; the subcommands built on the 9x9 technique ladder
//! and symmetries (rate, hint, canon) say that they take classic puzzles only.

use std::sync::Arc;

use serde_json::json;
use sudoku_core::{CountSolutions, Puzzle, Rules, Solver, Tally, VariantRecord, Verdict};

use crate::Format;
use crate::Reply;
use crate::classic::{Algo, Outcome, Task, clash_outcome, render, solve_outcome};

/// A worker's general solvers, each built on first use.
#[derive(Default)]
pub(crate) struct Engines {
    mrv: Option<sudoku_mrv::VariantSolver>,
    dlx: Option<sudoku_dlx::VariantSolver>,
    abc: Option<sudoku_abc::VariantSolver>,
}

/// What a puzzle's rules are, in words: `16x16`, `6x6 Sudoku X`, `9x9 jigsaw windoku`.
pub(crate) fn describe(rules: &Rules) -> String {
    let n = rules.size();
    let mut text = format!("{n}x{n}");
    for (on, name) in [
        (rules.jigsaw().is_some(), " jigsaw"),
        (rules.windoku(), " windoku"),
        (rules.diagonals(), " Sudoku X"),
    ] {
        if on {
            text.push_str(name);
        }
    }
    text
}

/// Answers one puzzle of another size or variant.
pub(crate) fn answer(
    engines: &mut Engines,
    task: Task,
    format: Format,
    stats: bool,
    source: Arc<str>,
    record: VariantRecord,
) -> Reply {
    let puzzle = record.puzzle;
    let mut outcome = engines
        .run(task, &puzzle)
        .field("size", json!(puzzle.size()));
    let rules = puzzle.rules();
    if rules.jigsaw().is_some() {
        outcome = outcome.field("regions", json!(rules.region_letters()));
    }
    if rules.diagonals() {
        outcome = outcome.field("diagonals", json!(true));
    }
    if rules.windoku() {
        outcome = outcome.field("windoku", json!(true));
    }
    render(
        format,
        stats,
        source,
        record.line,
        Some(puzzle.to_string()),
        outcome,
    )
}

fn solution_outcome(solution: Puzzle) -> Outcome {
    let line = solution.to_string();
    let mut outcome = Outcome::ok("solved", line.clone()).field("solution", json!(line));
    outcome.drawing = Some(format!("{solution:#}"));
    outcome
}

impl Engines {
    fn mrv(&mut self) -> &mut sudoku_mrv::VariantSolver {
        self.mrv.get_or_insert_with(Default::default)
    }

    fn run(&mut self, task: Task, puzzle: &Puzzle) -> Outcome {
        let classic_only = |what: &str| {
            Outcome::failed(
                "not classic",
                format!(
                    "{what} takes classic 9x9 puzzles; this is a {} puzzle",
                    describe(puzzle.rules())
                ),
            )
        };
        match task {
            Task::Rate { .. } => return classic_only("rate"),
            Task::Hint { .. } => return classic_only("hint"),
            Task::Canon => return classic_only("canon"),
            _ => {}
        }
        if let Some(clash) = puzzle.clash() {
            return clash_outcome(clash);
        }
        match task {
            Task::Solve {
                algo,
                unique,
                explain,
            } => {
                let (verdict, count, stats) = match algo {
                    Algo::Mrv => {
                        let (verdict, count) = self.mrv().solve_and_count(puzzle, 2);
                        (verdict, Some(count), Tally::of(&self.mrv().stats()))
                    }
                    Algo::Dlx => {
                        let dlx = self.dlx.get_or_insert_with(Default::default);
                        let (verdict, count) = dlx.solve_and_count(puzzle, 2);
                        (verdict, Some(count), Tally::of(&dlx.stats()))
                    }
                    Algo::Abc => {
                        let abc = self.abc.get_or_insert_with(Default::default);
                        let verdict = abc.solve(puzzle);
                        (verdict, None, Tally::of(&abc.stats()))
                    }
                };
                let mut outcome = self.explain_no_solution(
                    puzzle,
                    solve_outcome(verdict, count, stats, unique, solution_outcome),
                );
                if explain && outcome.problem.is_none() {
                    outcome.warning = Some(
                        "--explain: the ladder of techniques is for classic 9x9 puzzles; this one was solved by search".into(),
                    );
                }
                outcome
            }
            Task::Count { algo, limit } => {
                let (count, stats) = match algo {
                    Algo::Dlx => {
                        let dlx = self.dlx.get_or_insert_with(Default::default);
                        (dlx.count_solutions(puzzle, limit), Tally::of(&dlx.stats()))
                    }
                    Algo::Mrv | Algo::Abc => {
                        let count = self.mrv().count_solutions(puzzle, limit);
                        (count, Tally::of(&self.mrv().stats()))
                    }
                };
                crate::classic::count_outcome(count, limit, stats)
            }
            Task::Check => {
                let count = self.mrv().count_solutions(puzzle, 2);
                let stats = Tally::of(&self.mrv().stats());
                let outcome = crate::classic::check_outcome(count, stats);
                self.explain_no_solution(puzzle, outcome)
            }
            Task::Rate { .. } | Task::Hint { .. } | Task::Canon => unreachable!("answered above"),
        }
    }

    /// A jigsaw without solution may owe it to its regions alone: says so when not even the
    /// empty board has a grid.
    fn explain_no_solution(&mut self, puzzle: &Puzzle, mut outcome: Outcome) -> Outcome {
        if outcome.status == "no solution" && puzzle.rules().jigsaw().is_some() {
            let empty = Puzzle::empty(Arc::clone(puzzle.shared_rules()));
            // A budget, so that a large board does not wait on the proof.
            if let Some(Verdict::NoSolution) = self.mrv().solve_within(&empty, 100_000) {
                outcome.problem =
                    Some("no solution: no grid fits these regions, whatever the givens".into());
            }
        }
        outcome
    }
}
