//! The classic subcommands: each puzzle read becomes one answer record.

use std::sync::Arc;

use serde_json::{Map, Value, json};
use sudoku_core::{
    Candidates, CountSolutions, Grid, ReadError, Record, Solver, Tally, Verdict, cell_name,
};
use sudoku_gen::{Hint, LogicSolver, Step};

use crate::{Format, Reply};

/// The algorithms `--algo` offers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Algo {
    /// Bitmask candidates, fewest-candidates cell first, singles propagation (fastest).
    Mrv,
    /// Dancing links over the exact-cover matrix.
    Dlx,
    /// Artificial bee colony after singles (incomplete: may give up; cannot count).
    Abc,
}

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

/// A worker's solvers, each built on first use.
#[derive(Default)]
pub(crate) struct Engines {
    mrv: Option<sudoku_mrv::MrvSolver>,
    dlx: Option<sudoku_dlx::DlxSolver>,
    abc: Option<sudoku_abc::AbcSolver>,
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
    engines: &mut Engines,
    task: Task,
    format: Format,
    stats: bool,
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
            let outcome = engines.run(task, &record);
            (record.line, None, Some(record.puzzle), outcome)
        }
    };
    let mut reply = render(
        format,
        stats,
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

/// The outcome of a solve: the solution (as `solved` writes it), or why there is none; with
/// a `count` above 1, a warning, or a failure when `unique` is asked for.
pub(crate) fn solve_outcome<S>(
    verdict: Verdict<S>,
    count: Option<usize>,
    stats: Tally,
    unique: bool,
    solved: impl FnOnce(S) -> Outcome,
) -> Outcome {
    let mut outcome = match verdict {
        Verdict::Solved(solution) => solved(solution),
        Verdict::NoSolution => Outcome::failed("no solution", "no solution".into()),
        Verdict::Clash(clash) => clash_outcome(clash),
        Verdict::GaveUp { conflicts, .. } => Outcome::failed(
            "gave up",
            format!(
                "gave up with {conflicts} conflicts left (the colony is incomplete: try --algo mrv)"
            ),
        )
        .field("conflicts", json!(conflicts)),
    };
    outcome.stats = stats;
    if count.is_some_and(|n| n > 1) && outcome.problem.is_none() {
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
    } else if count == Some(1) {
        outcome = outcome.field("unique", json!(true));
    }
    outcome
}

/// `count`'s record: the count, `N+` when it reached the limit.
pub(crate) fn count_outcome(count: usize, limit: usize, stats: Tally) -> Outcome {
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
pub(crate) fn check_outcome(count: usize, stats: Tally) -> Outcome {
    let mut outcome = match count {
        0 => Outcome::failed("no solution", "no solution".into()),
        1 => Outcome::ok("ok", "ok".into()),
        _ => Outcome::failed("several solutions", "several solutions".into()),
    };
    outcome.stats = stats;
    outcome
}

impl Engines {
    fn mrv(&mut self) -> &mut sudoku_mrv::MrvSolver {
        self.mrv.get_or_insert_with(Default::default)
    }

    fn run(&mut self, task: Task, record: &Record) -> Outcome {
        let puzzle = record.puzzle;
        if let Task::Canon = task {
            let canonical = puzzle.canonical();
            return Outcome {
                drawing: Some(format!("{canonical:#}")),
                ..Outcome::ok("canonical", canonical.to_string())
            }
            .field("canonical", json!(canonical.to_string()));
        }
        if let Task::Hint { apply } = task {
            return hint(&puzzle, record.candidates.as_ref(), apply);
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
                let mut outcome = self.solve(algo, &puzzle, unique);
                if let Some(marks) = record.candidates {
                    outcome = check_marks(outcome, &marks);
                }
                if explain && outcome.problem.is_none() {
                    outcome = explained(outcome, &puzzle);
                }
                outcome
            }
            Task::Count { algo, limit } => {
                let (count, stats) = self.count(algo, &puzzle, limit);
                count_outcome(count, limit, stats)
            }
            Task::Check => {
                let count = self.mrv().count_solutions(&puzzle, 2);
                check_outcome(count, Tally::of(&self.mrv().stats()))
            }
            Task::Rate { scale } => {
                let (_, count) = self.mrv().solve_and_count(&puzzle, 2);
                match count {
                    0 => Outcome::failed("no solution", "no solution: nothing to rate".into()),
                    1 => rate(&puzzle, scale),
                    _ => Outcome::failed(
                        "several solutions",
                        "several solutions: only a puzzle with one solution has a rating".into(),
                    ),
                }
            }
            Task::Hint { .. } | Task::Canon => unreachable!("answered above"),
        }
    }

    fn solve(&mut self, algo: Algo, puzzle: &Grid, unique: bool) -> Outcome {
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
        solve_outcome(verdict, count, stats, unique, solution_outcome)
    }

    fn count(&mut self, algo: Algo, puzzle: &Grid, limit: usize) -> (usize, Tally) {
        match algo {
            Algo::Dlx => {
                let dlx = self.dlx.get_or_insert_with(Default::default);
                let count = dlx.count_solutions(puzzle, limit);
                (count, Tally::of(&dlx.stats()))
            }
            // `main` refuses `count --algo abc`.
            Algo::Mrv | Algo::Abc => {
                let count = self.mrv().count_solutions(puzzle, limit);
                (count, Tally::of(&self.mrv().stats()))
            }
        }
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
/// over when the ladder got stuck.
fn explained(outcome: Outcome, puzzle: &Grid) -> Outcome {
    let mut board = LogicSolver::new(puzzle);
    let mut steps = Vec::new();
    let report = board.solve_with(|step| steps.push(step.clone()));
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
fn rate(puzzle: &Grid, scale: Scale) -> Outcome {
    let rating = sudoku_gen::rate(puzzle);
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
