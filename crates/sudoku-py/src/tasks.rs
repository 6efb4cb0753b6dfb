//! The functions on classic puzzles and puzzles of every size and variant: solve,
//! solve_detail, count, rate, explain, hint, canonical. Each reads its puzzles as the command
//! line reads a record, answers them on every core, and fails with the command line's
//! messages.

use pyo3::exceptions::PyUserWarning;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use sudoku_api::{Algo, Front, Hinted, Position, Solution};

use crate::batch::{self, Cost};
use crate::classes::{Rating, SolveResult, Step};
use crate::errors::usage;
use crate::input;
use crate::options::{self, Options};
use crate::output::{self, Errors};

/// Solves puzzles: the solution of each, as the same kind as the input.
///
/// Args:
///     x: one puzzle (a str in any form the `sudoku` command line reads: 81 characters with
///         '.' or '0' for blanks, a comment or rating after them, a drawing over 9 lines,
///         a 729-character pencil-mark line, n*n symbols for other sizes, a JSON line for a
///         variant; or a dict such as {"givens": "...", "diagonals": True}), a list of
///         them, a numpy integer array of shape (N, n*n) with 0 for blanks, or a numpy
///         array or pandas Series of such strings (a DataFrame's column).
///     algo: 'mrv' (the fastest), 'dlx' (dancing links) or 'abc' (the bee colony, which
///         may give up and cannot check uniqueness).
///     unique: raise (or mark) a puzzle with several solutions; with False, each puzzle
///         gets the first solution found, without the uniqueness check (faster).
///     errors: 'raise' raises the exception of the first puzzle without an answer, naming
///         its index ('puzzle 17: no solution'); 'none' marks it instead: None in a list
///         (or for one puzzle), a row of zeros in an array.
///     threads: worker threads for a batch; None uses every core.
///     time_limit: seconds one puzzle may take (GaveUpError after them, or None with
///         errors='none'); None for no limit.
///     max_nodes: search nodes one puzzle may take (for the colony: cycles); unlike a time
///         limit, the same answer on every machine. None for no limit.
///
/// Returns:
///     The solution's line for a str or dict, a list of lines for a list, an array of the
///     same shape (uint8) for an array of cells (of lines for one of strings), a Series
///     with the same index for a Series.
///
/// Raises:
///     ParseError: not a puzzle ('line 1, column 5: invalid character ...').
///     ClashError: two givens break a rule.
///     NoSolutionError: no solution.
///     MultipleSolutionsError: several solutions (with unique=True).
///     GaveUpError: the budget (time_limit, max_nodes, or the colony's own cycles) ran out.
///
/// Warns:
///     UserWarning: a puzzle is given with a solution (a second field, a JSON "solution")
///         other than the one found; the one found is returned.
///
/// Example:
///     >>> sudoku_rs.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
///     '534678912672195348198342567859761423426853791713924856961537284287419635345286179'
#[pyfunction]
#[pyo3(signature = (x, algo = "mrv", *, unique = true, **keywords), text_signature = "(x, algo='mrv', *, unique=True, errors='raise', threads=None, time_limit=None, max_nodes=None, node_limit=None)")]
pub(crate) fn solve<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    algo: &str,
    unique: bool,
    keywords: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let call = Options::parse("solve", keywords, &["algo", "unique"], options::EVERY)?;
    let algo = Algo::parse(algo, Front::Python).map_err(usage)?;
    let (form, answers) = batch::each_stated(py, x, &call, cost(algo), |worker, read, budget| {
        let (board, stated) = read?;
        let mut solved = worker.solve(&board, algo, unique, budget);
        solved.compare_stated(stated.as_ref().map(|stated| stated.cells()));
        let solution = if unique {
            solved.require_unique().cloned()
        } else {
            solved.any().map(|(solution, _)| solution.clone())
        }?;
        // The one remark a solution carries: the input states another.
        Ok((solution, solved.note().is_some()))
    })?;
    let differing: Vec<usize> = (0..answers.len())
        .filter(|&i| matches!(answers[i], Ok((_, true))))
        .collect();
    if let Some(&first) = differing.first() {
        let message = format!(
            "solve: the solution differs from the one the input gives for {} puzzle(s), the \
             first at index {first}",
            differing.len()
        );
        let category = py.get_type::<PyUserWarning>();
        PyErr::warn(py, &category, &std::ffi::CString::new(message)?, 1)?;
    }
    let results = answers
        .into_iter()
        .map(|answer| answer.map(|(solution, _)| solution))
        .collect();
    output::boards(py, form, results, call.errors)
}

/// Solves puzzles and reports everything about each, never raising for a puzzle: its
/// status, solution, number of solutions (up to 2) and the search's statistics.
///
/// Args:
///     x: one puzzle, a list of them or an array, as solve() takes them.
///     algo: 'mrv', 'dlx' or 'abc', as for solve().
///     threads: worker threads for a batch; None uses every core.
///     time_limit, max_nodes: the budget of one puzzle, as for solve().
///
/// Returns:
///     A SolveResult for one puzzle, a list of them for a list or an array of cells;
///     an array of strings or a Series gives the same kind (see solve()).
///
/// Example:
///     >>> r = sudoku_rs.solve_detail("." * 81)
///     >>> r.status, r.count
///     ('several solutions', 2)
#[pyfunction]
#[pyo3(signature = (x, algo = "mrv", **keywords), text_signature = "(x, algo='mrv', *, threads=None, time_limit=None, max_nodes=None, node_limit=None)")]
pub(crate) fn solve_detail<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    algo: &str,
    keywords: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let call = Options::parse("solve_detail", keywords, &["algo"], options::NO_ERRORS)?;
    let algo = Algo::parse(algo, Front::Python).map_err(usage)?;
    let (form, results) = batch::each(py, x, &call, cost(algo), |worker, board, budget| {
        Ok(match board {
            Ok(board) => SolveResult::new(&worker.solve(&board, algo, true, budget)),
            Err(failure) => SolveResult::failed(&failure),
        })
    })?;
    output::objects(py, list_form(form), results, Errors::Raise, |result| {
        Ok(Bound::new(py, result)?.into_any())
    })
}

/// Counts the solutions of puzzles, up to a limit.
///
/// Args:
///     x: one puzzle, a list of them or an array, as solve() takes them.
///     limit: counting stops at this many solutions (2, the default, tells unique from
///         not); a count equal to the limit means the limit or more.
///     algo: 'mrv' or 'dlx' (a complete algorithm).
///     errors: 'raise' or 'none' (-1 in the array, None for one puzzle), as for solve().
///     threads: worker threads for a batch; None uses every core.
///     time_limit, max_nodes: the budget of one puzzle, as for solve().
///
/// Returns:
///     An int for one puzzle; a numpy int64 array for a list or an array (of the same
///     shape for an array of strings); a Series of them for a Series.
///
/// Raises:
///     ParseError, ClashError: as solve().
///     GaveUpError: the budget ran out before the count was settled (the message says how
///         many solutions were found).
///
/// Example:
///     >>> sudoku_rs.count("." * 81, limit=1000)
///     1000
#[pyfunction]
#[pyo3(signature = (x, limit = 2, *, algo = "mrv", **keywords), text_signature = "(x, limit=2, *, algo='mrv', errors='raise', threads=None, time_limit=None, max_nodes=None, node_limit=None)")]
pub(crate) fn count<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    limit: usize,
    algo: &str,
    keywords: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let call = Options::parse("count", keywords, &["limit", "algo"], options::EVERY)?;
    let algo = Algo::parse_counting(algo, Front::Python).map_err(usage)?;
    let limit = options::at_least_one(limit, "limit")?;
    let (form, results) = batch::each(py, x, &call, Cost::Cheap, |worker, board, budget| {
        Ok(worker.count(&board?, algo, limit, budget)?.count)
    })?;
    output::counts(py, form, results, call.errors)
}

/// Rates classic puzzles on Sudoku Explainer 1.2.1's scale (ER, EP, ED), the ratings puzzle
/// makers and forums use, equal to Sudoku Explainer's own.
///
/// Args:
///     x: one classic 9x9 puzzle, a list of them or an array of shape (N, 81).
///     errors: 'raise' or 'none' (None in the list), as for solve().
///     threads: worker threads for a batch; None uses every core.
///     time_limit: seconds one puzzle may take (read between the steps of its path: the
///         hardest puzzles known take a second); None for no limit.
///
/// Returns:
///     A Rating for one puzzle (er, ep, ed, band, hardest, solved_by_logic,
///     search_effort), a list of them for a list or an array of cells; an array of
///     strings or a Series gives the same kind (see solve()).
///
/// Raises:
///     ParseError, ClashError: as solve().
///     NoSolutionError, MultipleSolutionsError: only a puzzle with one solution has a
///         rating.
///     NotClassicError: a puzzle of another size or variant.
///
/// Example:
///     >>> sudoku_rs.rate("...6.37...51...........2.......1..546..7............8.14.58....3.....2...........")
///     Rating(er=7.1, ep=1.2, ed=1.2, band='expert', hardest='Forcing Chains & Cycles')
#[pyfunction]
#[pyo3(signature = (x, **keywords), text_signature = "(x, *, errors='raise', threads=None, time_limit=None, max_nodes=None, node_limit=None)")]
pub(crate) fn rate<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    keywords: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let call = Options::parse("rate", keywords, &[], options::EVERY)?;
    let (form, results) = batch::each(py, x, &call, Cost::Dear, |worker, board, budget| {
        worker
            .rate(&board?, budget)
            .map(|rated| Rating::new(&rated))
    })?;
    output::objects(py, list_form(form), results, call.errors, |rating| {
        Ok(Bound::new(py, rating)?.into_any())
    })
}

/// Solves classic puzzles step by step as Sudoku Explainer does, the path its rating
/// measures: every step with its technique, difficulty, cells and digits, what it places or
/// eliminates, and the board after it. The trace for teaching, and for training models.
///
/// Args:
///     x: one classic puzzle, or a pencil-mark position (the path starts from its
///         candidates), a list of them or an array of shape (N, 81).
///     errors: 'raise' or 'none' (None in the list), as for solve().
///     threads: worker threads for a batch; None uses every core.
///     time_limit: seconds one puzzle's path may take (read between steps), as for rate().
///
/// Returns:
///     A list of Step for one puzzle (empty for a full grid), a list of such lists for a
///     list or an array of cells; an array of strings or a Series gives the same kind (see
///     solve()). The last step's board is the solution; were the ladder to get stuck (no
///     puzzle with one solution is known to), the steps end before it.
///
/// Raises:
///     ParseError, ClashError: as solve().
///     NoSolutionError, MultipleSolutionsError: only a puzzle with one solution has a path.
///     NotClassicError: a puzzle of another size or variant.
///
/// Example:
///     >>> steps = sudoku_rs.explain("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
///     >>> steps[0].technique, steps[0].rating, steps[0].placements
///     ('Hidden Single', 1.2, [(5, 8)])
#[pyfunction]
#[pyo3(signature = (x, **keywords), text_signature = "(x, *, errors='raise', threads=None, time_limit=None, max_nodes=None, node_limit=None)")]
pub(crate) fn explain<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    keywords: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let call = Options::parse("explain", keywords, &[], options::EVERY)?;
    let (form, results) = batch::each(py, x, &call, Cost::Dear, |worker, board, budget| {
        let explained = worker.explain(&board?, budget)?;
        let givens = explained.start.grid;
        let mut before = &explained.start;
        Ok(explained
            .steps
            .iter()
            .map(|step| {
                let made = Step::new(&step.step, &givens, before, &step.after);
                before = &step.after;
                made
            })
            .collect::<Vec<_>>())
    })?;
    output::objects(py, list_form(form), results, call.errors, |steps| {
        let steps = steps
            .into_iter()
            .map(|step| Bound::new(py, step))
            .collect::<PyResult<Vec<_>>>()?;
        Ok(pyo3::types::PyList::new(py, steps)?.into_any())
    })
}

/// The next logical step for a puzzle or a position partly solved by a person (pencil
/// marks are read): the hint the ladder of techniques gives, checked first.
///
/// Args:
///     x: one classic puzzle or pencil-mark position, a list of them or an array of shape
///         (N, 81).
///     errors: 'raise' or 'none' (None in the list), as for solve().
///     threads: worker threads for a batch; None uses every core.
///     time_limit, max_nodes: the budget of one puzzle (the checks and the hardest
///         techniques search), as for solve().
///
/// Returns:
///     A Step (its `candidates` is the position after it, to pass back for the next hint),
///     or None when the grid is full (or no technique applies); a list for a list or an
///     array of cells; an array of strings or a Series gives the same kind (see solve()).
///
/// Raises:
///     ParseError, ClashError: as solve().
///     NoSolutionError: a digit written in is wrong, a cell has no candidate left, or an
///         elimination removed the solution's digit.
///     MultipleSolutionsError: the position has several solutions.
///     NotClassicError: a puzzle of another size or variant.
///     GaveUpError: the budget ran out.
#[pyfunction]
#[pyo3(signature = (x, **keywords), text_signature = "(x, *, errors='raise', threads=None, time_limit=None, max_nodes=None, node_limit=None)")]
pub(crate) fn hint<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    keywords: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let call = Options::parse("hint", keywords, &[], options::EVERY)?;
    let (form, results) = batch::each(py, x, &call, Cost::Dear, |worker, board, budget| {
        let board = board?;
        Ok(match worker.hint(&board, budget)? {
            Hinted::Step(step, after) => {
                let before = Position::of_board(&board)?;
                Some(Step::new(&step, &before.grid, &before, &after))
            }
            _ => None,
        })
    })?;
    output::objects(
        py,
        list_form(form),
        results,
        call.errors,
        |step| match step {
            Some(step) => Ok(Bound::new(py, step)?.into_any()),
            None => Ok(py.None().into_bound(py)),
        },
    )
}

/// The canonical form of classic puzzles: the smallest line over their symmetries and
/// relabellings, the same for every equivalent puzzle (so that duplicates in disguise
/// collapse).
///
/// Args:
///     x: one classic puzzle, a list of them or an array of shape (N, 81).
///     errors: 'raise' or 'none', as for solve().
///     threads: worker threads for a batch; None uses every core.
///
/// Returns:
///     The canonical line ('.' for blanks) for a str, a list for a list, an array for an
///     array (uint8 for cells, lines for strings), a Series for a Series.
///
/// Raises:
///     ParseError: not a puzzle.
///     NotClassicError: a puzzle of another size or variant.
#[pyfunction]
#[pyo3(signature = (x, **keywords), text_signature = "(x, *, errors='raise', threads=None)")]
pub(crate) fn canonical<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    keywords: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let call = Options::parse("canonical", keywords, &[], options::BATCH)?;
    let (form, results) = batch::each(py, x, &call, Cost::Cheap, |worker, board, _| {
        Ok(Solution::Grid(worker.canonical(&board?)?))
    })?;
    output::boards(py, form, results, call.errors)
}

/// The cost class of a solve: the colony may take long on one puzzle.
fn cost(algo: Algo) -> Cost {
    if algo == Algo::Abc {
        Cost::Dear
    } else {
        Cost::Cheap
    }
}

/// Answers that are objects come as a list for an array of puzzles.
pub(crate) fn list_form(form: input::Form) -> input::Form {
    match form {
        input::Form::Array { .. } if !form.is_single() => input::Form::List,
        form => form,
    }
}
