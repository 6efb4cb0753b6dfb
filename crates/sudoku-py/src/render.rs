//! Pictures: a puzzle, a position or a solution as SVG text (what a notebook shows), and the
//! step-through HTML page of an explanation, drawn by the front door's `picture` module.

use pyo3::prelude::*;
use pyo3::types::PyDict;
use sudoku_api::{Failure, picture};

use crate::batch::{self, Cost};
use crate::options::{self, Options};
use crate::output;

/// Pictures of puzzles as SVG text, to show in a notebook (IPython.display.SVG), put in a web
/// page or save as a .svg file: box and region borders, diagonals and windows shaded, killer
/// cages dashed with their sums, pencil marks in their places, givens apart from placed
/// digits; any size from 4x4 to 25x25.
///
/// Args:
///     x: one puzzle, a list of them or an array, as solve() takes them (pencil-mark
///         positions, other sizes, variants); with killer=True, killer puzzles as
///         solve_killer() takes them.
///     solution: draw the solution over the puzzle (its digits as givens, the others as
///         placed digits); of several solutions, the first found.
///     killer: read x as killer puzzles.
///     errors: 'raise' or 'none' (None in the list), as for solve().
///     threads: worker threads for a batch; None uses every core.
///     time_limit, max_nodes: the budget of solving one puzzle, with solution=True.
///
/// Returns:
///     The SVG text (str) for one puzzle, a list of them for a list or an array of cells;
///     an array of strings or a Series gives the same kind (see solve()).
///
/// Raises:
///     ParseError, ClashError: as solve().
///     NoSolutionError, GaveUpError: with solution=True, no solution was found.
///
/// Example:
///     >>> svg = sudoku_rs.render("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
///     >>> svg.startswith("<svg") and svg.count(">5</text>") == 3
///     True
#[pyfunction]
#[pyo3(signature = (x, *, solution = false, killer = false, **keywords), text_signature = "(x, *, solution=False, killer=False, errors='raise', threads=None, time_limit=None, max_nodes=None, node_limit=None)")]
pub(crate) fn render<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    solution: bool,
    killer: bool,
    keywords: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let call = Options::parse("render", keywords, &["solution", "killer"], options::EVERY)?;
    let cost = if solution { Cost::Dear } else { Cost::Cheap };
    let (form, results) = if killer {
        crate::killer::each(py, x, &call, cost, |worker, puzzle, budget| {
            svg(worker.draw_killer(&puzzle, solution, budget)?)
        })?
    } else {
        batch::each(py, x, &call, cost, |worker, board, budget| {
            svg(worker.draw(&board?, solution, budget)?)
        })?
    };
    output::objects(py, form, results, call.errors, |svg| {
        Ok(svg.into_pyobject(py)?.into_any())
    })
}

/// The SVG of what was drawn: the solution when there is one, else the puzzle.
fn svg(drawn: picture::Drawn) -> Result<String, Failure> {
    Ok(drawn.solution.unwrap_or(drawn.puzzle).to_svg())
}

/// The explanation of a puzzle as one self-contained HTML page (styles and script inline,
/// nothing fetched) that steps through the logical path with buttons and the arrow keys,
/// each step a picture of the position before it with the pattern highlighted, the
/// technique's name and rating as the caption; what `sudoku solve --explain --html` writes.
///
/// Args:
///     x: one classic puzzle with one solution (or a pencil-mark position), a list of them
///         or an array, as explain() takes them.
///     name: the page's heading, before the path's ratings.
///     errors, threads, time_limit, max_nodes: as for explain().
///
/// Returns:
///     The page (str) for one puzzle, a list of pages for a list or an array of cells;
///     an array of strings or a Series gives the same kind (see solve()).
///
/// Raises:
///     As explain().
///
/// Example:
///     >>> page = sudoku_rs.explain_html("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
///     >>> page.startswith("<!DOCTYPE html>") and "Hidden Single" in page
///     True
#[pyfunction]
#[pyo3(signature = (x, *, name = "Puzzle", **keywords), text_signature = "(x, *, name='Puzzle', errors='raise', threads=None, time_limit=None, max_nodes=None, node_limit=None)")]
pub(crate) fn explain_html<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    name: &str,
    keywords: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let call = Options::parse("explain_html", keywords, &["name"], options::EVERY)?;
    let (form, results) = batch::each(py, x, &call, Cost::Dear, |worker, board, budget| {
        let explained = worker.explain(&board?, budget)?;
        picture::explanation_page(name, &explained)
    })?;
    let form = crate::tasks::list_form(form);
    output::objects(py, form, results, call.errors, |page| {
        Ok(page.into_pyobject(py)?.into_any())
    })
}
