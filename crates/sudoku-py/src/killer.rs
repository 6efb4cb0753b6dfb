//! Killer sudoku: solve_killer, count_killer, generate_killer, on the workspace's JSON form
//! (a str or a dict) and the text form, as `sudoku killer` reads them.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use sudoku_core::{CountSolutions, Solver, Verdict};
use sudoku_killer::{GeneratorConfig, KillerEntry, KillerPuzzle, KillerReader, KillerSolver};

use crate::batch::{self, Cost};
use crate::dispatch;
use crate::errors::{Failure, Kind};
use crate::input::{self, Form};
use crate::output::{self, Errors};

/// Solves killer puzzles.
///
/// Args:
///     x: one killer puzzle, or a list of them. A puzzle is a str in the workspace's JSON
///         form ({"cages": [{"sum": 10, "cells": [[0, 0], [0, 1]]}, ...], "givens": null},
///         or the cage-map form {"cage_map": "<81 letters>", "cage_sums": [...]}) or the
///         text form (9 lines of cage letters, then A=10 B=17 ...), or a dict of the JSON
///         form.
///     unique: raise (or mark) a puzzle with several solutions; with False, such a puzzle
///         gets the first solution found.
///     errors: 'raise' or 'none' (None in the list), as for solve().
///     threads: worker threads for a batch; None uses every core.
///     time_limit, max_nodes: the budget of one puzzle (its search and its uniqueness
///         check), as for solve(): GaveUpError when it runs out.
///
/// Returns:
///     The solution's 81-digit line, or a list of them.
///
/// Raises:
///     ParseError: not a valid killer puzzle (the message names the cage, cell or line).
///     NoSolutionError, MultipleSolutionsError, GaveUpError.
#[pyfunction]
#[pyo3(signature = (x, *, unique = true, errors = "raise", threads = None, time_limit = None, max_nodes = None))]
pub(crate) fn solve_killer<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    unique: bool,
    errors: &str,
    threads: Option<usize>,
    time_limit: Option<f64>,
    max_nodes: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let budget = dispatch::budget(time_limit, max_nodes)?;
    let errors = Errors::parse(errors)?;
    let threads = batch::threads(threads)?;
    let (form, texts) = read(x)?;
    let results = batch::run(
        py,
        threads,
        Cost::Cheap,
        texts.len(),
        KillerSolver::default,
        |solver, i| {
            let puzzle = parse(&texts[i])?;
            let (verdict, count) = if unique {
                solver.solve_and_count_within(&puzzle, 2, budget)
            } else {
                (solver.solve_within(&puzzle, budget), Ok(1))
            };
            match (verdict, count) {
                (Verdict::Solved(solution), Ok(count)) if count > 1 && unique => Err(Failure::new(
                    Kind::Several,
                    format!("several solutions; one is {solution}"),
                )),
                (Verdict::Solved(_), Err(unsettled)) => Err(Failure::new(
                    Kind::GaveUp,
                    format!(
                        "{} before uniqueness was settled",
                        dispatch::gave_up(unsettled.exhausted, budget)
                    ),
                )),
                (Verdict::Solved(solution), _) => Ok(solution.to_string()),
                (Verdict::GaveUp { exhausted, .. }, _) => Err(Failure::new(
                    Kind::GaveUp,
                    dispatch::gave_up(exhausted, budget),
                )),
                _ => Err(Failure::new(Kind::NoSolution, "no solution")),
            }
        },
    )?;
    output::objects(py, form, results, errors, |line| {
        Ok(line.into_pyobject(py)?.into_any())
    })
}

/// Counts the solutions of killer puzzles, up to a limit.
///
/// Args:
///     x: one killer puzzle or a list of them, as solve_killer() takes them.
///     limit: counting stops at this many solutions.
///     errors: 'raise' or 'none' (-1 in the array), as for solve().
///     threads: worker threads for a batch; None uses every core.
///     time_limit, max_nodes: the budget of one puzzle, as for solve().
///
/// Returns:
///     An int for one puzzle, a numpy int64 array for a list.
#[pyfunction]
#[pyo3(signature = (x, limit = 2, *, errors = "raise", threads = None, time_limit = None, max_nodes = None))]
pub(crate) fn count_killer<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    limit: usize,
    errors: &str,
    threads: Option<usize>,
    time_limit: Option<f64>,
    max_nodes: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let budget = dispatch::budget(time_limit, max_nodes)?;
    if limit == 0 {
        return Err(PyValueError::new_err("limit must be at least 1"));
    }
    let errors = Errors::parse(errors)?;
    let threads = batch::threads(threads)?;
    let (form, texts) = read(x)?;
    let results = batch::run(
        py,
        threads,
        Cost::Cheap,
        texts.len(),
        KillerSolver::default,
        |solver, i| {
            solver
                .count_solutions_within(&parse(&texts[i])?, limit, budget)
                .map_err(|unsettled| {
                    Failure::new(
                        Kind::GaveUp,
                        format!(
                            "{} with {} solutions found",
                            dispatch::gave_up(unsettled.exhausted, budget),
                            unsettled.found
                        ),
                    )
                })
        },
    )?;
    output::counts(py, form, results, errors)
}

/// Generates killer puzzles with a unique solution (no givens unless givens=True). Puzzle i
/// of a seed is the same whatever n and threads.
///
/// Args:
///     n: how many puzzles.
///     seed: the seed.
///     difficulty: 'easy' (small cages, no merging), 'medium' (cages merged while the
///         solver proves uniqueness within 40 nodes) or 'hard' (larger cages, up to 200
///         nodes).
///     max_cage: the largest cage, 2 to 9 cells.
///     givens: reach uniqueness by adding givens instead of splitting cages.
///     threads: worker threads; None uses every core.
///
/// Returns:
///     A list of n JSON lines ({"cages": [...], "givens": ..., "solution": "..."}), as
///     `sudoku killer generate` writes them; solve_killer() reads them.
#[pyfunction]
#[pyo3(signature = (n, seed = 0, *, difficulty = "medium", max_cage = None, givens = false, threads = None))]
pub(crate) fn generate_killer(
    py: Python<'_>,
    n: usize,
    seed: u64,
    difficulty: &str,
    max_cage: Option<usize>,
    givens: bool,
    threads: Option<usize>,
) -> PyResult<Vec<String>> {
    let mut config = match difficulty {
        "easy" => GeneratorConfig {
            merge: false,
            ..GeneratorConfig::default()
        },
        "medium" => GeneratorConfig::default(),
        "hard" => GeneratorConfig {
            cage_sizes: [0, 1, 3, 4, 4, 3, 2, 0, 0],
            max_nodes: 200,
            ..GeneratorConfig::default()
        },
        _ => {
            return Err(PyValueError::new_err(format!(
                "difficulty must be 'easy', 'medium' or 'hard', got {difficulty:?}"
            )));
        }
    };
    config.givens = givens;
    if let Some(max) = max_cage {
        if !(2..=9).contains(&max) {
            return Err(PyValueError::new_err(format!(
                "max_cage is 2 to 9 cells, got {max}"
            )));
        }
        for (size, weight) in config.cage_sizes.iter_mut().enumerate() {
            if size + 1 > max {
                *weight = 0;
            }
        }
        if config.cage_sizes.iter().all(|&w| w == 0) {
            config.cage_sizes[max - 1] = 1;
        }
    }
    let threads = batch::threads(threads)?;
    let results = batch::run(
        py,
        threads,
        Cost::Dear,
        n,
        || (),
        |_, i| {
            let made = sudoku_killer::generate_indexed(seed, i as u64, &config);
            Ok(KillerEntry::new(made.puzzle, Some(made.solution)).to_json())
        },
    )?;
    results
        .into_iter()
        .enumerate()
        .map(|(i, made)| made.map_err(|failure| failure.to_pyerr(py, Some(i))))
        .collect()
}

/// The killer puzzles of a call: one (a str or a dict) or a list of them.
fn read(x: &Bound<'_, PyAny>) -> PyResult<(Form, Vec<String>)> {
    if let Some(text) = input::one_text(x)? {
        return Ok((Form::One, vec![text]));
    }
    let wrong = |what: String| {
        PyTypeError::new_err(format!(
            "expected a killer puzzle (a str, or a dict of the JSON form) or a list of them; got {what}"
        ))
    };
    if x.hasattr("__array_interface__")? {
        return Err(wrong("an array".into()));
    }
    let items = x.try_iter().map_err(|_| wrong(input::type_name(x)))?;
    let mut texts = Vec::new();
    for (i, item) in items.enumerate() {
        let item = item?;
        match input::one_text(&item)? {
            Some(text) => texts.push(text),
            None => {
                return Err(PyTypeError::new_err(format!(
                    "puzzle {i}: expected a str (or a dict of the JSON form), got {}",
                    input::type_name(&item)
                )));
            }
        }
    }
    Ok((Form::List, texts))
}

/// Reads one killer puzzle from a text, as `sudoku killer` reads a record.
fn parse(text: &str) -> Result<KillerPuzzle, Failure> {
    let failure = |err: sudoku_killer::KillerReadError| Failure {
        line: Some(err.line()),
        column: err.column(),
        ..Failure::new(Kind::Parse, err.to_string())
    };
    let mut records = KillerReader::new(text.as_bytes());
    let record = match records.next() {
        None => return Err(Failure::new(Kind::Parse, "no puzzle found")),
        Some(Err(err)) => return Err(failure(err)),
        Some(Ok(record)) => record,
    };
    match records.next() {
        None => Ok(record.puzzle),
        Some(Err(err)) => Err(failure(err)),
        Some(Ok(next)) => Err(Failure {
            line: Some(next.line),
            ..Failure::new(
                Kind::Parse,
                format!(
                    "line {}: a second puzzle; pass one puzzle per string (a list for many)",
                    next.line
                ),
            )
        }),
    }
}
