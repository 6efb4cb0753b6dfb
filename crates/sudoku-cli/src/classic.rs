//! The classic subcommands: each puzzle read becomes one answer record.

use std::sync::Arc;

use serde_json::{Map, Value, json};
use sudoku_core::{
    Budget, Candidates, DynSolver, Exhausted, Grid, Problem, ReadError, Record, Tally, Unsettled,
    Verdict, cell_name,
};
use sudoku_gen::{Hint, LogicSolver, RateError, Step};

use crate::engines::{Algo, Engines};
use crate::{Format, Reply};

/// What to do with each puzzle.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Task {
    Solve {
        algo: Algo,
        unique: bool,
        explain: bool,
    },
    Count {
        algo: Algo,
        limit: usize,
    },
    Check,
    Rate {
        scale: Scale,
    },
    Hint {
        apply: bool,
    },
    Canon,
}

/// What every answer of a run needs: the task, how to write it, and the budget of each
/// puzzle.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Job {
    pub(crate) task: Task,
    pub(crate) format: Format,
    /// Whether records carry the search statistics.
    pub(crate) stats: bool,
    pub(crate) budget: Budget,
}

/// An answer before it is written in a format.
pub(crate) struct Outcome {
    /// The JSON status; on failure also the placeholder record.
    pub(crate) status: &'static str,
    /// The record of the line format.
    pub(crate) line: String,
    /// The record of the grid format, when the answer is a grid.
    pub(crate) drawing: Option<String>,
    /// The answer's JSON fields.
    fields: Map<String, Value>,
    pub(crate) problem: Option<String>,
    pub(crate) warning: Option<String>,
    pub(crate) stats: Tally,
    /// The solution found, for `solve`.
    solution: Option<Grid>,
    /// A record over several lines, which ends with a blank line so that records stay apart.
    block: bool,
}

impl Outcome {
    pub(crate) fn ok(status: &'static str, line: String) -> Outcome {
        Outcome {
            status,
            line,
            drawing: None,
            fields: Map::new(),
            problem: None,
            warning: None,
            stats: Tally::default(),
            solution: None,
            block: false,
        }
    }

    pub(crate) fn failed(status: &'static str, problem: String) -> Outcome {
        Outcome {
            problem: Some(problem),
            ..Outcome::ok(status, status.to_string())
        }
    }

    pub(crate) fn field(mut self, key: &str, value: Value) -> Outcome {
        self.fields.insert(key.to_string(), value);
        self
    }
}

/// Answers one item of the input: a puzzle read, or a piece that could not be read.
pub(crate) fn answer(
    engines: &mut Engines<Grid>,
    job: Job,
    source: Arc<str>,
    read: Result<Record, ReadError>,
) -> Reply {
    let (line, column, puzzle, outcome) = match read {
        Err(err) => (
            err.line(),
            err.column(),
            None,
            Outcome::failed("malformed", err.message()),
        ),
        Ok(record) => {
            let outcome = run(engines, job, &record);
            (record.line, None, Some(record.puzzle), outcome)
        }
    };
    let mut reply = render(
        job.format,
        job.stats,
        source,
        line,
        puzzle.map(|p| p.to_string()),
        outcome,
    );
    reply.column = column;
    reply
}

/// The reply of an outcome in `format`; `puzzle` is the puzzle's line, for JSON records.
pub(crate) fn render(
    format: Format,
    with_stats: bool,
    source: Arc<str>,
    line: usize,
    puzzle: Option<String>,
    outcome: Outcome,
) -> Reply {
    let stdout = match format {
        Format::Json => {
            let mut object = Map::new();
            object.insert("source".into(), json!(&*source));
            object.insert("line".into(), json!(line));
            object.insert("status".into(), json!(outcome.status));
            if let Some(puzzle) = puzzle {
                object.insert("puzzle".into(), json!(puzzle));
            }
            object.extend(outcome.fields.clone());
            if let Some(problem) = &outcome.problem {
                object.insert("error".into(), json!(problem));
            }
            if let Some(warning) = &outcome.warning {
                object.insert("warning".into(), json!(warning));
            }
            if with_stats && !outcome.stats.is_empty() {
                let counters: Map<String, Value> = outcome
                    .stats
                    .iter()
                    .map(|(name, value)| (name.to_string(), json!(value)))
                    .collect();
                object.insert("stats".into(), Value::Object(counters));
            }
            format!("{}\n", Value::Object(object))
        }
        Format::Line | Format::Grid => {
            let mut record = match (&outcome.problem, &outcome.drawing) {
                (None, Some(drawing)) if format == Format::Grid => drawing.clone(),
                _ => outcome.line.clone(),
            };
            if with_stats && outcome.problem.is_none() && !outcome.stats.is_empty() {
                let counters: Vec<String> = outcome
                    .stats
                    .iter()
                    .map(|(name, value)| format!("{name}={value}"))
                    .collect();
                record.push('\t');
                record.push_str(&counters.join(" "));
            }
            record.push('\n');
            if format == Format::Grid || outcome.block {
                record.push('\n');
            }
            record
        }
    };
    Reply {
        source,
        line,
        stdout,
        problem: outcome.problem,
        warning: outcome.warning,
        column: None,
        stats: outcome.stats,
    }
}

fn solution_outcome(solution: Grid) -> Outcome {
    Outcome {
        drawing: Some(format!("{solution:#}")),
        solution: Some(solution),
        ..Outcome::ok("solved", solution.to_string())
    }
    .field("solution", json!(solution.to_string()))
}

/// The outcome for puzzles that are not valid: clashing givens.
pub(crate) fn clash_outcome(clash: sudoku_core::Clash) -> Outcome {
    Outcome::failed("clash", format!("clashing givens: {clash}"))
}

/// Why a call gave up, in words: what ran out (as the user set it), with the option that
/// sets it.
pub(crate) fn gave_up(exhausted: Exhausted, budget: Budget) -> String {
    let option = match exhausted {
        Exhausted::Time(_) => " (--time-limit)",
        Exhausted::Nodes(_) => " (--node-limit)",
        _ => "",
    };
    format!("gave up after {}{option}", budget.as_set(exhausted))
}

/// The placeholder outcome of a call that ran out of `budget`.
pub(crate) fn gave_up_outcome(exhausted: Exhausted, budget: Budget) -> Outcome {
    Outcome::failed("gave up", gave_up(exhausted, budget))
        .field("exhausted", json!(exhausted.to_string()))
}

/// The outcome of a solve: the solution (as `solved` writes it), or why there is none; with
/// a `count` above 1, a warning, or a failure when `unique` is asked for.
pub(crate) fn solve_outcome<S>(
    verdict: Verdict<S>,
    count: Option<Result<usize, Unsettled>>,
    stats: Tally,
    unique: bool,
    budget: Budget,
    solved: impl FnOnce(S) -> Outcome,
) -> Outcome {
    let mut outcome = match verdict {
        Verdict::Solved(solution) => solved(solution),
        Verdict::NoSolution => Outcome::failed("no solution", "no solution".into()),
        Verdict::Clash(clash) => clash_outcome(clash),
        Verdict::GaveUp {
            exhausted,
            best: Some(best),
        } => Outcome::failed(
            "gave up",
            format!(
                "{} with {} conflicts left (the colony is incomplete: try --algo mrv)",
                gave_up(exhausted, budget),
                best.conflicts
            ),
        )
        .field("exhausted", json!(exhausted.to_string()))
        .field("conflicts", json!(best.conflicts)),
        Verdict::GaveUp {
            exhausted,
            best: None,
        } => gave_up_outcome(exhausted, budget),
    };
    outcome.stats = stats;
    if outcome.problem.is_some() {
        return outcome;
    }
    match count {
        Some(Ok(n)) if n > 1 => {
            outcome = outcome.field("unique", json!(false));
            if unique {
                let first = outcome.line.clone();
                let mut failed = Outcome::failed(
                    "several solutions",
                    format!("several solutions (--unique); one is {first}"),
                );
                failed.stats = outcome.stats;
                return failed;
            }
            outcome.warning = Some("several solutions; this is one of them".into());
        }
        Some(Ok(_)) => outcome = outcome.field("unique", json!(true)),
        Some(Err(unsettled)) => {
            if unique {
                let mut failed = gave_up_outcome(unsettled.exhausted, budget);
                failed.problem = failed
                    .problem
                    .map(|p| format!("{p} before uniqueness was settled (--unique)"));
                failed.stats = outcome.stats;
                return failed;
            }
            outcome = outcome.field("unique", Value::Null);
            outcome.warning = Some(format!(
                "uniqueness not settled: {}",
                gave_up(unsettled.exhausted, budget)
            ));
        }
        None => {}
    }
    outcome
}

/// `count`'s record: the count, `N+` when it reached the limit, or a placeholder when the
/// budget ran out first.
pub(crate) fn count_outcome(
    count: Result<usize, Unsettled>,
    limit: usize,
    stats: Tally,
    budget: Budget,
) -> Outcome {
    let count = match count {
        Ok(count) => count,
        Err(unsettled) => {
            let mut outcome = gave_up_outcome(unsettled.exhausted, budget)
                .field("solutions", json!(unsettled.found))
                .field("limit", json!(limit))
                .field("complete", json!(false));
            outcome.problem = outcome.problem.map(|p| {
                format!(
                    "{p} with {} solution{} found",
                    unsettled.found,
                    if unsettled.found == 1 { "" } else { "s" }
                )
            });
            outcome.stats = stats;
            return outcome;
        }
    };
    let text = if count >= limit {
        format!("{count}+")
    } else {
        count.to_string()
    };
    Outcome {
        stats,
        ..Outcome::ok("counted", text)
    }
    .field("solutions", json!(count))
    .field("limit", json!(limit))
    .field("complete", json!(count < limit))
}

/// `check`'s record for a puzzle with `count` solutions (counted to 2).
pub(crate) fn check_outcome(
    count: Result<usize, Unsettled>,
    stats: Tally,
    budget: Budget,
) -> Outcome {
    let mut outcome = match count {
        Ok(0) => Outcome::failed("no solution", "no solution".into()),
        Ok(1) => Outcome::ok("ok", "ok".into()),
        Ok(_) => Outcome::failed("several solutions", "several solutions".into()),
        Err(unsettled) => gave_up_outcome(unsettled.exhausted, budget),
    };
    outcome.stats = stats;
    outcome
}

/// Solves `puzzle` with `engine` (and counts to 2, for a complete one), as `solve` writes
/// it: the solution as `solved` writes it, or why there is none; and the count.
pub(crate) fn solve_with<P: Problem>(
    engine: &mut dyn DynSolver<P>,
    puzzle: &P,
    unique: bool,
    budget: Budget,
    solved: impl FnOnce(P::Solution) -> Outcome,
) -> (Outcome, Option<Result<usize, Unsettled>>) {
    let (verdict, count) = engine.solve_and_count_within(puzzle, 2, budget);
    let outcome = solve_outcome(verdict, count, engine.tally(), unique, budget, solved);
    (outcome, count)
}

/// `count` with `engine`, a complete solver.
pub(crate) fn count_with<P: Problem>(
    engine: &mut dyn DynSolver<P>,
    puzzle: &P,
    limit: usize,
    budget: Budget,
) -> Outcome {
    let count = engine
        .count_solutions_within(puzzle, limit, budget)
        .expect("count takes complete algorithms only");
    count_outcome(count, limit, engine.tally(), budget)
}

/// `check` with `engine`, a complete solver.
pub(crate) fn check_with<P: Problem>(
    engine: &mut dyn DynSolver<P>,
    puzzle: &P,
    budget: Budget,
) -> Outcome {
    let count = engine
        .count_solutions_within(puzzle, 2, budget)
        .expect("check takes complete algorithms only");
    check_outcome(count, engine.tally(), budget)
}

/// One classic puzzle's outcome.
fn run(engines: &mut Engines<Grid>, job: Job, record: &Record) -> Outcome {
    let puzzle = record.puzzle;
    let budget = job.budget;
    if let Task::Canon = job.task {
        let canonical = puzzle.canonical();
        return Outcome {
            drawing: Some(format!("{canonical:#}")),
            ..Outcome::ok("canonical", canonical.to_string())
        }
        .field("canonical", json!(canonical.to_string()));
    }
    if let Task::Hint { apply } = job.task {
        return hint(&puzzle, record.candidates.as_ref(), apply);
    }
    if let Some(clash) = puzzle.clash() {
        return clash_outcome(clash);
    }
    match job.task {
        Task::Solve {
            algo,
            unique,
            explain,
        } => {
            let meter = budget.meter();
            let (mut outcome, count) =
                solve_with(engines.get(algo), &puzzle, unique, budget, solution_outcome);
            if let Some(marks) = record.candidates {
                outcome = check_marks(outcome, &marks);
            }
            if explain && outcome.problem.is_none() {
                // Only a puzzle with one solution has a logical path; an incomplete solver
                // did not count, so the fast complete one does.
                let count = count.unwrap_or_else(|| {
                    engines
                        .get(Algo::Mrv)
                        .count_solutions_within(&puzzle, 2, meter.remaining())
                        .expect("MRV counts")
                });
                outcome = explained(outcome, &puzzle, count, meter.remaining(), budget);
            }
            outcome
        }
        Task::Count { algo, limit } => count_with(engines.get(algo), &puzzle, limit, budget),
        Task::Check => check_with(engines.get(Algo::Mrv), &puzzle, budget),
        Task::Rate { scale } => rate(&puzzle, scale, budget),
        Task::Hint { .. } | Task::Canon => unreachable!("answered above"),
    }
}

/// A solution of a pencil-mark position's grid must also fit its marks.
fn check_marks(outcome: Outcome, marks: &Candidates) -> Outcome {
    match outcome.solution {
        Some(solution) if !marks.allows(&solution) => {
            let cell = (0..81)
                .find(|&c| !marks.get(c).contains(solution[c]))
                .expect("a cell the marks exclude");
            Outcome::failed(
                "wrong elimination",
                format!(
                    "the pencil marks exclude the solution: {} lost candidate {}",
                    cell_name(cell),
                    solution[cell]
                ),
            )
        }
        _ => outcome,
    }
}

/// The solve, preceded by the logical path: one step per line (Sudoku Explainer's ladder,
/// each step with its name and difficulty), the rating of the path, and where search took
/// over when the ladder got stuck. Only a puzzle with one solution (`count`) has a path, as
/// only such a puzzle has a rating; the path takes what is left of the puzzle's budget
/// (`rest`; `budget` is what the user set).
fn explained(
    outcome: Outcome,
    puzzle: &Grid,
    count: Result<usize, Unsettled>,
    rest: Budget,
    budget: Budget,
) -> Outcome {
    let refuse = |mut failed: Outcome| {
        failed.stats = outcome.stats.clone();
        failed
    };
    match count {
        Ok(1) => {}
        Ok(0) => return refuse(Outcome::failed("no solution", "no solution".into())),
        Ok(_) => {
            return refuse(Outcome::failed(
                "several solutions",
                "several solutions: only a puzzle with one solution has a logical path \
                 (solve without --explain prints one of them)"
                    .into(),
            ));
        }
        Err(unsettled) => return refuse(gave_up_outcome(unsettled.exhausted, budget)),
    }
    let mut board = LogicSolver::new(puzzle);
    let mut steps = Vec::new();
    let report = match board.explain_within(rest, |step| steps.push(step.clone())) {
        Ok(report) => report,
        Err(exhausted) => {
            let mut failed = gave_up_outcome(exhausted, budget);
            failed.problem = failed
                .problem
                .map(|p| format!("{p} after {} steps of the explanation", steps.len()));
            return refuse(failed);
        }
    };
    let open = (0..81).filter(|&c| report.grid[c] == 0).count();
    let mut text = String::new();
    for (i, step) in steps.iter().enumerate() {
        text.push_str(&format!("{}. {step}\n", i + 1));
    }
    if open > 0 {
        text.push_str(&format!(
            "search: no technique of the ladder applies with {open} cells open; the rest was found by search\n"
        ));
    } else {
        text.push_str(&format!(
            "rating: ER {} EP {} ED {}\n",
            report.er, report.ep, report.ed
        ));
    }
    let json_steps: Vec<Value> = steps.iter().map(step_json).collect();
    let line = format!("{text}{}", outcome.line);
    let drawing = outcome.drawing.clone().map(|d| format!("{text}{d}"));
    let rated = open == 0;
    Outcome {
        line,
        drawing,
        block: true,
        ..outcome
    }
    .field("steps", Value::Array(json_steps))
    .field("search_needed", json!(open > 0))
    .field("er", json!(rated.then(|| report.er.as_f64())))
    .field("ep", json!(rated.then(|| report.ep.as_f64())))
    .field("ed", json!(rated.then(|| report.ed.as_f64())))
}

/// A step as JSON: its technique (the ladder's rule), its name, difficulty and text, its
/// cells, and what it concludes.
fn step_json(step: &Step) -> Value {
    json!({
        "technique": step.technique.name(),
        "name": step.name,
        "difficulty": step.difficulty.as_f64(),
        "text": step.to_string(),
        "cells": step.cells.iter().map(|&c| cell_name(c).to_string()).collect::<Vec<_>>(),
        "placements": step.placements,
        "eliminations": step.eliminations,
    })
}

/// Which number leads a `rate` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Scale {
    /// The band first: `band<TAB>ER x.y<TAB>technique<TAB>search effort`.
    Band,
    /// Sudoku Explainer's ratings first, as its serate writes them, then the rest:
    /// `ER<TAB>EP<TAB>ED<TAB>band<TAB>technique<TAB>search effort`.
    Se,
}

/// `rate`: the ER, EP and ED ratings, the band, the hardest technique and the search effort.
fn rate(puzzle: &Grid, scale: Scale, budget: Budget) -> Outcome {
    let rating = match sudoku_gen::rate_within(puzzle, budget) {
        Ok(rating) => rating,
        Err(RateError::Clash(clash)) => return clash_outcome(clash),
        Err(RateError::NoSolution) => {
            return Outcome::failed("no solution", "no solution: nothing to rate".into());
        }
        Err(RateError::GaveUp(exhausted)) => return gave_up_outcome(exhausted, budget),
        Err(err) => return Outcome::failed("several solutions", err.to_string()),
    };
    let effort = sudoku_gen::search_effort(puzzle, 8, 0);
    let hardest = match (rating.solved_by_logic, rating.hardest) {
        (false, _) => "needs search".to_string(),
        (true, None) => "nothing to do".to_string(),
        (true, Some(t)) => t.name().to_string(),
    };
    let line = match scale {
        Scale::Band => format!(
            "{}\tER {}\t{hardest}\tsearch effort {effort:.1}",
            rating.band, rating.er
        ),
        Scale::Se => format!(
            "{}\t{}\t{}\t{}\t{hardest}\tsearch effort {effort:.1}",
            rating.er, rating.ep, rating.ed, rating.band
        ),
    };
    Outcome::ok("rated", line)
        .field("er", json!(rating.er.as_f64()))
        .field("ep", json!(rating.ep.as_f64()))
        .field("ed", json!(rating.ed.as_f64()))
        .field("band", json!(rating.band.name()))
        .field("hardest", json!(rating.hardest.map(|t| t.name())))
        .field("solved_by_logic", json!(rating.solved_by_logic))
        .field("search_effort", json!(effort))
}

/// `hint`: the next step of a puzzle or pencil-mark position, or with `apply` the position
/// after it.
fn hint(puzzle: &Grid, marks: Option<&Candidates>, apply: bool) -> Outcome {
    let mut board = match marks {
        Some(marks) => LogicSolver::from_candidates(marks),
        None => LogicSolver::new(puzzle),
    };
    // The position as a line: the grid while it says everything, else the pencil marks.
    let position = |board: &LogicSolver| {
        if board.is_plain() {
            (board.grid().to_string(), format!("{:#}", board.grid()))
        } else {
            (
                board.position().to_string(),
                format!("{:#}", board.position()),
            )
        }
    };
    let found = match marks {
        Some(marks) => sudoku_gen::hint_position(marks),
        None => sudoku_gen::hint(puzzle),
    };
    match found {
        Hint::Step(step) => {
            let text = step.to_string();
            let fields = |o: Outcome| {
                let Value::Object(map) = step_json(&step) else {
                    unreachable!("a step is an object")
                };
                map.into_iter()
                    .fold(o, |o, (key, value)| o.field(&key, value))
            };
            if !apply {
                return fields(Outcome::ok("step", text.clone()));
            }
            board.apply(&step);
            let (line, drawing) = position(&board);
            Outcome {
                drawing: Some(drawing),
                ..fields(Outcome::ok("step", line.clone())).field("position", json!(line))
            }
        }
        Hint::Solved if apply => Outcome::ok("solved", position(&board).0),
        Hint::Solved => Outcome::ok("solved", "solved".into()),
        Hint::NeedsSearch if apply => {
            let (line, drawing) = position(&board);
            Outcome {
                drawing: Some(drawing),
                warning: Some(
                    "no technique of the ladder applies: the position is unchanged".into(),
                ),
                ..Outcome::ok("needs search", line)
            }
        }
        Hint::NeedsSearch => Outcome::ok("needs search", "needs search".into()),
        Hint::Clash(clash) => clash_outcome(clash),
        Hint::Contradiction => Outcome::failed(
            "contradiction",
            "a cell has no candidate left: a digit or an elimination is wrong".into(),
        ),
        Hint::NoSolution => Outcome::failed(
            "no solution",
            "the position has no solution: a digit written in is wrong".into(),
        ),
        Hint::SeveralSolutions => Outcome::failed(
            "several solutions",
            "the position has several solutions: no step leads to one answer".into(),
        ),
        Hint::WrongElimination { cell, digit } => Outcome::failed(
            "wrong elimination",
            format!(
                "{} lost candidate {digit}, which the solution needs: an elimination was wrong",
                cell_name(cell)
            ),
        ),
    }
}
