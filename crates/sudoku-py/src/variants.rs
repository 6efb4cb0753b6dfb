//! The setter's tools, for every puzzle and for variant puzzles with constraints read from
//! f-puzzles and SudokuPad links or f-puzzles and ipuz JSON: check, true_candidates,
//! solutions, and to_link (a puzzle written as a link or as JSON for those tools).

use pyo3::exceptions::{PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sudoku_api::PuzzleForm;

use crate::batch::{self, Cost};
use crate::options::{self, Options};
use crate::output::{self, Errors};

/// Checks puzzles: 'ok' for exactly one solution, else what is wrong, never raising for a
/// puzzle.
///
/// Args:
///     x: one puzzle (a str in any form solve() reads, including an f-puzzles or SudokuPad
///         link and f-puzzles or ipuz JSON; or a dict), a list of them, or an array.
///     threads: worker threads for a batch; None uses every core.
///     time_limit, max_nodes: the budget of one puzzle, as for solve().
///
/// Returns:
///     'ok', or the message of what is wrong ('no solution', 'several solutions: two differ
///     at r1c4, r1c5', 'clashing givens: ...', a parse error naming the constraint this
///     toolkit does not solve, 'gave up after ...', and for a puzzle written with its
///     solution after it, 'one solution, but not the one the input gives: ...' when that
///     solution is not the puzzle's): a str for one puzzle, a list for a list; an array of
///     strings or a Series gives the same kind (see solve()).
///
/// Example:
///     >>> sudoku_rs.check("." * 81)
///     'several solutions'
#[pyfunction]
#[pyo3(signature = (x, **keywords), text_signature = "(x, *, threads=None, time_limit=None, max_nodes=None, node_limit=None)")]
pub(crate) fn check<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    keywords: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let call = Options::parse("check", keywords, &[], options::NO_ERRORS)?;
    let (form, results) = batch::each_stated(py, x, &call, Cost::Cheap, |worker, read, budget| {
        let checked =
            read.and_then(|(board, stated)| worker.check_stated(&board, stated.as_ref(), budget));
        Ok(match checked {
            Ok(_) => "ok".to_string(),
            Err(failure) => failure.message().to_string(),
        })
    })?;
    output::objects(py, form, results, Errors::Raise, |message| {
        Ok(message.into_pyobject(py)?.into_any())
    })
}

/// For each cell, the digits that appear in at least one solution ("true candidates"): what
/// a setter looks at while adding clues.
///
/// Args:
///     x: one puzzle, a list of them or an array, as check() takes them (boards up to
///         16x16, not pencil-mark positions).
///     limit: look at no more than this many solutions; when it stops the search before
///         every digit is decided, a UserWarning says so (digits of the solutions not seen
///         may be missing).
///     errors: 'raise' or 'none' (None for a puzzle without an answer), as for solve().
///     threads: worker threads for a batch; None uses every core.
///     time_limit, max_nodes: the budget of one puzzle, as for solve().
///
/// Returns:
///     For one puzzle, a list of n*n lists of ints (each cell's digits, row-major); a list
///     of those for a list; an array of strings or a Series gives the same kind (see solve()).
///
/// Raises:
///     ParseError, ClashError, NoSolutionError, GaveUpError.
///
/// Example:
///     >>> sudoku_rs.true_candidates("1...........4..3")[:2]
///     [[1], [2, 3, 4]]
#[pyfunction]
#[pyo3(signature = (x, limit = 1000, **keywords), text_signature = "(x, limit=1000, *, errors='raise', threads=None, time_limit=None, max_nodes=None, node_limit=None)")]
pub(crate) fn true_candidates<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    limit: usize,
    keywords: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let call = Options::parse("true_candidates", keywords, &["limit"], options::EVERY)?;
    let limit = options::at_least_one(limit, "limit")?;
    let (form, results) = batch::each(py, x, &call, Cost::Dear, |worker, board, budget| {
        worker.true_candidates(&board?, limit, budget)
    })?;
    let incomplete = results
        .iter()
        .filter(|r| matches!(r, Ok(possible) if !possible.complete))
        .count();
    if incomplete > 0 {
        let message = format!(
            "true_candidates: the limit of {limit} solutions stopped {incomplete} puzzle(s) \
             before every digit was decided; raise limit for the full candidates"
        );
        let category = py.get_type::<PyUserWarning>();
        PyErr::warn(py, &category, &std::ffi::CString::new(message)?, 1)?;
    }
    output::objects(py, form, results, call.errors, |possible| {
        // Lists of ints (a Vec<u8> would become bytes).
        let cells: Vec<Vec<u32>> = possible
            .cells
            .iter()
            .map(|digits| digits.iter().map(|&d| u32::from(d)).collect())
            .collect();
        Ok(cells.into_pyobject(py)?.into_any())
    })
}

/// The solutions of puzzles, up to n each: where a puzzle with several solutions needs
/// another clue.
///
/// Args:
///     x: one puzzle, a list of them or an array, as check() takes them (boards up to
///         16x16, not pencil-mark positions).
///     n: list no more than this many solutions of each puzzle.
///     errors: 'raise' or 'none' (None for a puzzle without an answer), as for solve().
///     threads: worker threads for a batch; None uses every core.
///     time_limit, max_nodes: the budget of one puzzle, as for solve().
///
/// Returns:
///     For one puzzle, a list of solution lines (empty for a puzzle without a solution); a
///     list of those for a list; an array of strings or a Series gives the same kind (see solve()).
///
/// Raises:
///     ParseError, ClashError, GaveUpError.
///
/// Example:
///     >>> len(sudoku_rs.solutions("." * 81, 3))
///     3
#[pyfunction]
#[pyo3(signature = (x, n = 10, **keywords), text_signature = "(x, n=10, *, errors='raise', threads=None, time_limit=None, max_nodes=None, node_limit=None)")]
pub(crate) fn solutions<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    n: usize,
    keywords: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let call = Options::parse("solutions", keywords, &["n"], options::EVERY)?;
    let n = options::at_least_one(n, "n")?;
    let (form, results) = batch::each(py, x, &call, Cost::Dear, |worker, board, budget| {
        let listed = worker.solutions(&board?, n, budget)?;
        Ok(listed
            .solutions
            .iter()
            .map(sudoku_api::Solution::line)
            .collect::<Vec<_>>())
    })?;
    output::objects(py, form, results, call.errors, |lines| {
        Ok(lines.into_pyobject(py)?.into_any())
    })
}

/// Writes puzzles as links to play or edit them, or as JSON for the tools people set and
/// play variants with.
///
/// Args:
///     x: one puzzle, a list of them or an array, as check() takes them (not pencil-mark
///         positions).
///     form: 'link' (a SudokuPad link, to play), 'fpuzzles-link' (an f-puzzles link, to
///         edit), 'fpuzzles' (f-puzzles JSON) or 'ipuz' (ipuz JSON: givens and regions
///         only).
///     errors: 'raise' or 'none' (None for a puzzle that cannot be written), as for solve().
///     threads: worker threads for a batch; None uses every core.
///
/// Returns:
///     A str for one puzzle, a list for a list, and for an array of strings or a Series the
///     same kind (see solve()); every function here reads it back.
///
/// Raises:
///     ParseError: not a puzzle, or a puzzle the form cannot hold (a thermometer in ipuz).
///
/// Example:
///     >>> sudoku_rs.to_link("1.3..4.1..1.3..2")[:30]
///     'https://sudokupad.app/fpuzzles'
#[pyfunction]
#[pyo3(signature = (x, form = "link", **keywords), text_signature = "(x, form='link', *, errors='raise', threads=None)")]
pub(crate) fn to_link<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    form: &str,
    keywords: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let call = Options::parse("to_link", keywords, &["form"], options::BATCH)?;
    let names: Vec<String> = PuzzleForm::ALL
        .iter()
        .map(|f| format!("'{}'", f.name()))
        .collect();
    let form = PuzzleForm::parse(form).ok_or_else(|| {
        PyValueError::new_err(format!("form must be {}, got {form:?}", names.join(", ")))
    })?;
    let (shape, results) = batch::each_with(
        py,
        x,
        &call,
        Cost::Cheap,
        || (),
        |_, board, _| board?.write(form),
    )?;
    output::objects(py, shape, results, call.errors, |text| {
        Ok(text.into_pyobject(py)?.into_any())
    })
}
