//! Puzzles of other sizes and variants (4x4 to 25x25, Sudoku X, windoku, jigsaw): solve,
//! count and check on the general engines; the subcommands built on the 9x9 technique ladder
//! and symmetries (rate, hint, canon) say that they take classic puzzles only.

use std::sync::Arc;

use serde_json::json;
use sudoku_core::{Budget, Puzzle, VariantRecord, Verdict};

use crate::Reply;
use crate::classic::{
    Job, Outcome, Task, check_with, clash_outcome, count_with, render, solve_with,
};
use crate::engines::{Algo, Engines};

/// Answers one puzzle of another size or variant.
pub(crate) fn answer(
    engines: &mut Engines<Puzzle>,
    job: Job,
    source: Arc<str>,
    record: VariantRecord,
) -> Reply {
    let puzzle = record.puzzle;
    let mut outcome = run(engines, job, &puzzle).field("size", json!(puzzle.size()));
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
        job.format,
        job.stats,
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

/// One puzzle's outcome.
fn run(engines: &mut Engines<Puzzle>, job: Job, puzzle: &Puzzle) -> Outcome {
    let classic_only = |what: &str| {
        Outcome::failed(
            "not classic",
            format!(
                "{what} takes classic 9x9 puzzles; this is a {} puzzle",
                puzzle.rules().describe()
            ),
        )
    };
    match job.task {
        Task::Rate { .. } => return classic_only("rate"),
        Task::Hint { .. } => return classic_only("hint"),
        Task::Canon => return classic_only("canon"),
        _ => {}
    }
    if let Some(clash) = puzzle.clash() {
        return clash_outcome(clash);
    }
    let budget = job.budget;
    match job.task {
        Task::Solve {
            algo,
            unique,
            explain,
        } => {
            let (outcome, _) =
                solve_with(engines.get(algo), puzzle, unique, budget, solution_outcome);
            let mut outcome = explain_no_solution(engines, puzzle, outcome, budget);
            if explain && outcome.problem.is_none() {
                outcome.warning = Some(
                    "--explain: the ladder of techniques is for classic 9x9 puzzles; this one was solved by search".into(),
                );
            }
            outcome
        }
        Task::Count { algo, limit } => count_with(engines.get(algo), puzzle, limit, budget),
        Task::Check => {
            let outcome = check_with(engines.get(Algo::Mrv), puzzle, budget);
            explain_no_solution(engines, puzzle, outcome, budget)
        }
        Task::Rate { .. } | Task::Hint { .. } | Task::Canon => unreachable!("answered above"),
    }
}

/// A jigsaw without solution may owe it to its regions alone: says so when not even the
/// empty board has a grid.
fn explain_no_solution(
    engines: &mut Engines<Puzzle>,
    puzzle: &Puzzle,
    mut outcome: Outcome,
    budget: Budget,
) -> Outcome {
    if outcome.status == "no solution" && puzzle.rules().jigsaw().is_some() {
        let empty = Puzzle::empty(Arc::clone(puzzle.shared_rules()));
        // A budget, so that a large board does not wait on the proof.
        let budget = budget.min(Budget::nodes(100_000));
        if let Verdict::NoSolution = engines.get(Algo::Dlx).solve_within(&empty, budget) {
            outcome.problem =
                Some("no solution: no grid fits these regions, whatever the givens".into());
        }
    }
    outcome
}
