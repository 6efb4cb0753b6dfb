//! Killer sudoku: solve_killer, count_killer, generate_killer, on the workspace's JSON form
//! (a str or a dict) and the text form, as `sudoku killer` reads them.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sudoku_api::{Budget, Choice, Failure, Front, KillerDifficulty, KillerPuzzle, KillerRequest};

use crate::batch::{self, Cost};
use crate::dispatch::Lease;
use crate::errors::usage;
use crate::input::{self, Form};
use crate::options::{self, Options};
use crate::output;

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
#[pyo3(signature = (x, *, unique = true, **keywords), text_signature = "(x, *, unique=True, errors='raise', threads=None, time_limit=None, max_nodes=None, node_limit=None)")]
pub(crate) fn solve_killer<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    unique: bool,
    keywords: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let call = Options::parse("solve_killer", keywords, &["unique"], options::EVERY)?;
    let (form, results) = each(py, x, &call, Cost::Cheap, |worker, puzzle, budget| {
        let solved = worker.solve_killer(&puzzle, None, unique, budget);
        let solution = if unique {
            solved.require_unique()?
        } else {
            solved.any()?.0
        };
        Ok(solution.line())
    })?;
    output::objects(py, form, results, call.errors, |line| {
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
#[pyo3(signature = (x, limit = 2, **keywords), text_signature = "(x, limit=2, *, errors='raise', threads=None, time_limit=None, max_nodes=None, node_limit=None)")]
pub(crate) fn count_killer<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    limit: usize,
    keywords: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let call = Options::parse("count_killer", keywords, &["limit"], options::EVERY)?;
    let limit = options::at_least_one(limit, "limit")?;
    let (form, results) = each(py, x, &call, Cost::Cheap, |worker, puzzle, budget| {
        Ok(worker.count_killer(&puzzle, limit, budget)?.count)
    })?;
    output::counts(py, form, results, call.errors)
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
pub(crate) fn generate_killer<'py>(
    py: Python<'py>,
    n: i128,
    seed: i128,
    difficulty: &str,
    max_cage: Option<usize>,
    givens: bool,
    threads: Option<usize>,
) -> PyResult<Vec<String>> {
    let request = KillerRequest {
        difficulty: KillerDifficulty::parse(difficulty, Front::Python).map_err(usage)?,
        max_cage,
        givens,
    };
    let plan = request.plan(Front::Python).map_err(usage)?;
    let (n, seed) = (input::count_arg(n)?, input::seed_arg(seed)?);
    let threads = batch::threads(threads)?;
    let results = batch::run(
        py,
        threads,
        Cost::Dear,
        Budget::UNLIMITED,
        n,
        || (),
        |_, i, _| Ok(sudoku_api::killer_line(&plan.make(seed, i as u64))),
    )?;
    results
        .into_iter()
        .enumerate()
        .map(|(i, made)| made.map_err(|failure| crate::errors::to_pyerr(&failure, py, Some(i))))
        .collect()
}

/// Reads the killer puzzles of `x` (see [`read`]) and answers each with `work`, given a
/// worker of the front door, the puzzle and its budget, on the threads and within the budget
/// of `call`'s keywords: the form of the input, for the answers, and each puzzle's result in
/// input order (a puzzle that does not parse is its failure).
///
/// # Errors
///
/// As [`read`] and [`batch::run`].
pub(crate) fn each<O: Send>(
    py: Python<'_>,
    x: &Bound<'_, PyAny>,
    call: &Options,
    cost: Cost,
    work: impl Fn(&mut Lease, KillerPuzzle, Budget) -> Result<O, Failure> + Sync + Send,
) -> PyResult<(Form, Vec<Result<O, Failure>>)> {
    let threads = batch::threads(call.threads)?;
    let (form, texts) = read(x)?;
    let results = batch::run(
        py,
        threads,
        cost,
        call.budget,
        texts.len(),
        Lease::new,
        |worker, i, budget| {
            let text = texts[i].as_deref().ok_or_else(input::missing)?;
            work(worker, sudoku_api::parse_killer(text)?, budget)
        },
    )?;
    Ok((form, results))
}

/// The killer puzzles of a call: one (a str or a dict) or a list of them.
fn read(x: &Bound<'_, PyAny>) -> PyResult<(Form, Vec<Option<String>>)> {
    if let Some(text) = input::one_text(x)? {
        return Ok((Form::One, vec![Some(text)]));
    }
    let wrong = |what: String| {
        PyTypeError::new_err(format!(
            "expected a killer puzzle (a str, or a dict of the JSON form) or a list of them; got {what}"
        ))
    };
    if x.hasattr("__array_interface__")? {
        return Err(wrong("an array".into()));
    }
    if x.try_iter().is_err() {
        return Err(wrong(input::type_name(x)));
    }
    Ok((Form::List, input::texts_of(x, "a dict of the JSON form")?))
}
