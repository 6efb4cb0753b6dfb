//! The functions on classic puzzles and puzzles of every size and variant: solve,
//! solve_detail, count, rate, explain, hint, canonical. Each reads its puzzles as the command
//! line reads a record, answers them on every core, and fails with the command line's
//! messages.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use sudoku_core::{
    Budget, Candidates, Clash, CountSolutions, Grid, Puzzle, Tally, Verdict, cell_name,
};
use sudoku_gen::{Hint, LogicSolver, RateError};

use crate::batch::{self, Cost};
use crate::classes::{Rating, SolveResult, Step};
use crate::dispatch::{self, Algo, Answer, Engines, Lease};
use crate::errors::{Failure, Kind};
use crate::input::{self, Board};
use crate::output::{self, Errors};

/// Solves puzzles: the solution of each, as the same kind as the input.
///
/// Args:
///     x: one puzzle (a str in any form the `sudoku` command line reads: 81 characters with
///         '.' or '0' for blanks, a comment or rating after them, a drawing over 9 lines,
///         a 729-character pencil-mark line, n*n symbols for other sizes, a JSON line for a
///         variant; or a dict such as {"givens": "...", "diagonals": True}), a list of
///         them, or a numpy integer array of shape (N, n*n) with 0 for blanks.
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
///     same shape (uint8) for an array.
///
/// Raises:
///     ParseError: not a puzzle ('line 1, column 5: invalid character ...').
///     ClashError: two givens break a rule.
///     NoSolutionError: no solution.
///     MultipleSolutionsError: several solutions (with unique=True).
///     GaveUpError: the budget (time_limit, max_nodes, or the colony's own cycles) ran out.
///
/// Example:
///     >>> sudoku_rs.solve("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")
///     '534678912672195348198342567859761423426853791713924856961537284287419635345286179'
#[pyfunction]
#[pyo3(signature = (x, algo = "mrv", *, unique = true, errors = "raise", threads = None, time_limit = None, max_nodes = None))]
#[allow(clippy::too_many_arguments)] // the keywords of a Python function
pub(crate) fn solve<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    algo: &str,
    unique: bool,
    errors: &str,
    threads: Option<usize>,
    time_limit: Option<f64>,
    max_nodes: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let algo = Algo::parse(algo)?;
    let budget = dispatch::budget(time_limit, max_nodes)?;
    let errors = Errors::parse(errors)?;
    let (form, results) = batch::each(py, x, threads, cost(algo), Lease::new, |engines, board| {
        solve_board(engines, algo, &board?, unique, budget).into_result(unique)
    })?;
    output::boards(py, form, results, errors, Answer::line, Answer::cells)
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
///     A SolveResult for one puzzle, a list of them for a list or an array.
///
/// Example:
///     >>> r = sudoku_rs.solve_detail("." * 81)
///     >>> r.status, r.count
///     ('several solutions', 2)
#[pyfunction]
#[pyo3(signature = (x, algo = "mrv", *, threads = None, time_limit = None, max_nodes = None))]
pub(crate) fn solve_detail<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    algo: &str,
    threads: Option<usize>,
    time_limit: Option<f64>,
    max_nodes: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let algo = Algo::parse(algo)?;
    let budget = dispatch::budget(time_limit, max_nodes)?;
    let (form, results) = batch::each(py, x, threads, cost(algo), Lease::new, |engines, board| {
        Ok(match board {
            Ok(board) => solve_board(engines, algo, &board, true, budget).detail(),
            Err(failure) => Solved::failed(failure).detail(),
        })
    })?;
    let form = if form.is_single() {
        form
    } else {
        input::Form::List
    };
    output::objects(py, form, results, Errors::Raise, |result| {
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
///     An int for one puzzle; a numpy int64 array for a list or an array.
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
#[pyo3(signature = (x, limit = 2, *, algo = "mrv", errors = "raise", threads = None, time_limit = None, max_nodes = None))]
#[allow(clippy::too_many_arguments)] // the keywords of a Python function
pub(crate) fn count<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    limit: usize,
    algo: &str,
    errors: &str,
    threads: Option<usize>,
    time_limit: Option<f64>,
    max_nodes: Option<u64>,
) -> PyResult<Bound<'py, PyAny>> {
    let algo = Algo::for_counting(algo)?;
    let budget = dispatch::budget(time_limit, max_nodes)?;
    if limit == 0 {
        return Err(PyValueError::new_err("limit must be at least 1"));
    }
    let errors = Errors::parse(errors)?;
    let (form, results) =
        batch::each(py, x, threads, Cost::Cheap, Lease::new, |engines, board| {
            let board = board?;
            if let Some(clash) = clash_of(&board) {
                return Err(clash_failure(clash));
            }
            engines
                .count(algo, &board, limit, budget)
                .0
                .map_err(|unsettled| unsettled_failure(unsettled, budget))
        })?;
    output::counts(py, form, results, errors)
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
///     search_effort), a list of them for a list or an array.
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
#[pyo3(signature = (x, *, errors = "raise", threads = None, time_limit = None))]
pub(crate) fn rate<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    errors: &str,
    threads: Option<usize>,
    time_limit: Option<f64>,
) -> PyResult<Bound<'py, PyAny>> {
    let budget = dispatch::budget(time_limit, None)?;
    let errors = Errors::parse(errors)?;
    let (form, results) = batch::each(
        py,
        x,
        threads,
        Cost::Dear,
        || (),
        |_, board| rate_board(&board?, budget),
    )?;
    output::objects(py, list_form(form), results, errors, |rating| {
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
///     list or an array. The last step's board is the solution; were the ladder to get
///     stuck (no puzzle with one solution is known to), the steps end before it.
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
#[pyo3(signature = (x, *, errors = "raise", threads = None, time_limit = None))]
pub(crate) fn explain<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    errors: &str,
    threads: Option<usize>,
    time_limit: Option<f64>,
) -> PyResult<Bound<'py, PyAny>> {
    let budget = dispatch::budget(time_limit, None)?;
    let errors = Errors::parse(errors)?;
    let (form, results) = batch::each(py, x, threads, Cost::Dear, Lease::new, |engines, board| {
        explain_board(engines, &board?, budget)
    })?;
    output::objects(py, list_form(form), results, errors, |steps| {
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
///
/// Returns:
///     A Step (its `candidates` is the position after it, to pass back for the next hint),
///     or None when the grid is full (or no technique applies); a list for a list or an
///     array.
///
/// Raises:
///     ParseError, ClashError: as solve().
///     NoSolutionError: a digit written in is wrong, a cell has no candidate left, or an
///         elimination removed the solution's digit.
///     MultipleSolutionsError: the position has several solutions.
///     NotClassicError: a puzzle of another size or variant.
#[pyfunction]
#[pyo3(signature = (x, *, errors = "raise", threads = None))]
pub(crate) fn hint<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    errors: &str,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let errors = Errors::parse(errors)?;
    let (form, results) = batch::each(
        py,
        x,
        threads,
        Cost::Dear,
        || (),
        |_, board| hint_board(&board?),
    )?;
    output::objects(py, list_form(form), results, errors, |step| match step {
        Some(step) => Ok(Bound::new(py, step)?.into_any()),
        None => Ok(py.None().into_bound(py)),
    })
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
///     array.
///
/// Raises:
///     ParseError: not a puzzle.
///     NotClassicError: a puzzle of another size or variant.
#[pyfunction]
#[pyo3(signature = (x, *, errors = "raise", threads = None))]
pub(crate) fn canonical<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    errors: &str,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let errors = Errors::parse(errors)?;
    let (form, results) = batch::each(
        py,
        x,
        threads,
        Cost::Cheap,
        || (),
        |_, board| {
            let (grid, _) = classic(&board?, "canonical")?;
            Ok(Answer::Grid(grid.canonical()))
        },
    )?;
    output::boards(py, form, results, errors, Answer::line, Answer::cells)
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
fn list_form(form: input::Form) -> input::Form {
    match form {
        input::Form::Array { flat: false, .. } => input::Form::List,
        form => form,
    }
}

/// What a solve found, before the caller decides how strict to be about uniqueness.
struct Solved {
    answer: Option<Answer>,
    /// Solutions counted up to 2; `None` when not counted, or when the budget ran out first.
    count: Option<usize>,
    stats: Tally,
    failure: Option<Failure>,
}

impl Solved {
    fn failed(failure: Failure) -> Solved {
        Solved {
            answer: None,
            count: None,
            stats: Tally::default(),
            failure: Some(failure),
        }
    }

    /// The message of a puzzle with several solutions.
    fn several(answer: &Answer) -> Failure {
        Failure::new(
            Kind::Several,
            format!("several solutions; one is {}", answer.line()),
        )
    }

    /// The solution, or why there is none; several solutions fail when `unique`.
    fn into_result(self, unique: bool) -> Result<Answer, Failure> {
        if let Some(failure) = self.failure {
            return Err(failure);
        }
        let answer = self
            .answer
            .ok_or_else(|| Failure::new(Kind::Internal, "a solve without an answer"))?;
        if unique && self.count.is_some_and(|n| n > 1) {
            return Err(Solved::several(&answer));
        }
        Ok(answer)
    }

    fn detail(self) -> SolveResult {
        let several = self.failure.is_none() && self.count.is_some_and(|n| n > 1);
        let (status, error) = match (&self.failure, &self.answer) {
            (Some(failure), _) => (failure.status(), Some(failure.message.clone())),
            (None, Some(answer)) if several => {
                ("several solutions", Some(Solved::several(answer).message))
            }
            (None, _) => ("solved", None),
        };
        SolveResult {
            status,
            solution: self.answer.as_ref().map(Answer::line),
            count: self.count,
            unique: self.count.map(|n| n == 1),
            error,
            stats: SolveResult::stats_of(&self.stats),
        }
    }
}

fn clash_of(board: &Board) -> Option<Clash> {
    match board {
        Board::Classic { grid, .. } => grid.clash(),
        Board::Variant(puzzle) => puzzle.clash(),
    }
}

fn clash_failure(clash: Clash) -> Failure {
    Failure::new(Kind::Clash, format!("clashing givens: {clash}"))
}

/// A count the budget cut short.
fn unsettled_failure(unsettled: sudoku_core::Unsettled, budget: Budget) -> Failure {
    Failure::new(
        Kind::GaveUp,
        format!(
            "{} with {} solution{} found",
            dispatch::gave_up(unsettled.exhausted, budget),
            unsettled.found,
            if unsettled.found == 1 { "" } else { "s" }
        ),
    )
}

/// Solves one puzzle as `sudoku solve` does, within `budget`: clashing givens first, then the
/// search (which counts solutions up to 2 when `count`), then the pencil marks of a position
/// checked against the solution. A solution found before the budget ran out while counting
/// fails only when `count` asks for uniqueness.
fn solve_board(
    engines: &mut Engines,
    algo: Algo,
    board: &Board,
    count: bool,
    budget: Budget,
) -> Solved {
    // The classic solvers find a clash while they set up the board (`Verdict::Clash`).
    if let Board::Variant(puzzle) = board
        && let Some(clash) = puzzle.clash()
    {
        return Solved::failed(clash_failure(clash));
    }
    let searched = engines.solve(algo, board, count, budget);
    let (counted, unsettled) = match searched.count {
        Some(Ok(n)) => (Some(n), None),
        Some(Err(unsettled)) => (None, Some(unsettled)),
        None => (None, None),
    };
    let failure = match searched.verdict {
        Verdict::Solved(answer) => {
            let failure = match (board, &answer) {
                (
                    Board::Classic {
                        marks: Some(marks), ..
                    },
                    Answer::Grid(solution),
                ) => excluded(marks, solution),
                _ => None,
            };
            let failure = failure.or_else(|| {
                unsettled.filter(|_| count).map(|unsettled| {
                    Failure::new(
                        Kind::GaveUp,
                        format!(
                            "{} before uniqueness was settled",
                            dispatch::gave_up(unsettled.exhausted, budget)
                        ),
                    )
                })
            });
            if failure.is_none() {
                return Solved {
                    answer: Some(answer),
                    count: counted,
                    stats: searched.stats,
                    failure: None,
                };
            }
            failure
        }
        Verdict::NoSolution => Some(no_solution(engines, board)),
        // Found while the solver set up the board: nothing was counted.
        Verdict::Clash(clash) => return Solved::failed(clash_failure(clash)),
        Verdict::GaveUp {
            exhausted,
            best: Some(best),
        } => Some(Failure::new(
            Kind::GaveUp,
            format!(
                "{} with {} conflicts left (the colony is incomplete: try algo='mrv')",
                dispatch::gave_up(exhausted, budget),
                best.conflicts
            ),
        )),
        Verdict::GaveUp {
            exhausted,
            best: None,
        } => Some(Failure::new(
            Kind::GaveUp,
            dispatch::gave_up(exhausted, budget),
        )),
    };
    Solved {
        answer: None,
        count: counted,
        stats: searched.stats,
        failure,
    }
}

/// A solution of a position's grid must also fit its pencil marks.
fn excluded(marks: &Candidates, solution: &Grid) -> Option<Failure> {
    let cell = (0..81).find(|&c| !marks.get(c).contains(solution[c]))?;
    Some(Failure::new(
        Kind::NoSolution,
        format!(
            "the pencil marks exclude the solution: {} lost candidate {}",
            cell_name(cell),
            solution[cell]
        ),
    ))
}

/// "No solution", and for a jigsaw whose regions admit no grid at all, that reason.
fn no_solution(engines: &mut Engines, board: &Board) -> Failure {
    let plain = Failure::new(Kind::NoSolution, "no solution");
    let Board::Variant(puzzle) = board else {
        return plain;
    };
    if puzzle.rules().jigsaw().is_none() {
        return plain;
    }
    let empty = Puzzle::empty(std::sync::Arc::clone(puzzle.shared_rules()));
    // A budget, so that a large board does not wait on the proof.
    match engines
        .general(Algo::Dlx)
        .solve_within(&empty, Budget::nodes(100_000))
    {
        Verdict::NoSolution => Failure::new(
            Kind::NoSolution,
            "no solution: no grid fits these regions, whatever the givens",
        ),
        _ => plain,
    }
}

/// The classic grid (and pencil marks) of a puzzle, for the calls built on the 9x9 ladder
/// of techniques and symmetries.
fn classic(board: &Board, what: &str) -> Result<(Grid, Option<Candidates>), Failure> {
    match board {
        Board::Classic { grid, marks } => Ok((*grid, *marks)),
        Board::Variant(puzzle) => Err(Failure::new(
            Kind::NotClassic,
            format!(
                "{what} takes classic 9x9 puzzles; this is a {} puzzle",
                puzzle.rules().describe()
            ),
        )),
    }
}

/// `sudoku rate`: the ratings of a puzzle with one solution, within `budget`.
fn rate_board(board: &Board, budget: Budget) -> Result<Rating, Failure> {
    let (grid, _) = classic(board, "rate")?;
    match sudoku_gen::rate_within(&grid, budget) {
        Ok(rating) => Ok(Rating::new(&rating, sudoku_gen::search_effort(&grid, 8, 0))),
        Err(RateError::Clash(clash)) => Err(clash_failure(clash)),
        Err(RateError::NoSolution) => Err(Failure::new(
            Kind::NoSolution,
            "no solution: nothing to rate",
        )),
        Err(RateError::GaveUp(exhausted)) => Err(Failure::new(
            Kind::GaveUp,
            dispatch::gave_up(exhausted, budget),
        )),
        Err(err) => Err(Failure::new(Kind::Several, err.to_string())),
    }
}

/// The board of the ladder: the position's pencil marks, or the grid's candidates.
fn logic_board(grid: &Grid, marks: Option<&Candidates>) -> LogicSolver {
    match marks {
        Some(marks) => LogicSolver::from_candidates(marks),
        None => LogicSolver::new(grid),
    }
}

/// What is wrong with a position before a step can be given, as `sudoku hint` says it.
fn hint_failure(hint: &Hint) -> Failure {
    match hint {
        Hint::Clash(clash) => clash_failure(*clash),
        Hint::Contradiction => Failure::new(
            Kind::NoSolution,
            "a cell has no candidate left: a digit or an elimination is wrong",
        ),
        Hint::NoSolution => Failure::new(
            Kind::NoSolution,
            "the position has no solution: a digit written in is wrong",
        ),
        Hint::SeveralSolutions => Failure::new(
            Kind::Several,
            "the position has several solutions: no step leads to one answer",
        ),
        Hint::WrongElimination { cell, digit } => Failure::new(
            Kind::NoSolution,
            format!(
                "{} lost candidate {digit}, which the solution needs: an elimination was wrong",
                cell_name(*cell)
            ),
        ),
        Hint::Step(_) | Hint::Solved | Hint::NeedsSearch => {
            Failure::new(Kind::Internal, "a hint that is no failure")
        }
    }
}

/// `sudoku hint`: the next step of a puzzle or position, with the position after it.
fn hint_board(board: &Board) -> Result<Option<Step>, Failure> {
    let (grid, marks) = classic(board, "hint")?;
    let found = match &marks {
        Some(marks) => sudoku_gen::hint_position(marks),
        None => sudoku_gen::hint(&grid),
    };
    match found {
        Hint::Step(step) => {
            let mut after = logic_board(&grid, marks.as_ref());
            after.apply(&step);
            Ok(Some(Step::new(&step, &after)))
        }
        Hint::Solved | Hint::NeedsSearch => Ok(None),
        problem => Err(hint_failure(&problem)),
    }
}

/// The checks `sudoku hint` makes before a step, without looking for the step: clashing
/// digits, a cell without candidates, no solution, several solutions, marks that exclude
/// the solution.
fn check_position(
    engines: &mut Engines,
    grid: &Grid,
    marks: Option<&Candidates>,
    board: &LogicSolver,
) -> Result<(), Failure> {
    let clash = match marks {
        Some(marks) => marks.to_grid().clash(),
        None => grid.clash(),
    };
    if let Some(clash) = clash {
        return Err(hint_failure(&Hint::Clash(clash)));
    }
    let position = board.position();
    if position.empty_cell().is_some() {
        return Err(hint_failure(&Hint::Contradiction));
    }
    let placed = board.grid();
    if placed.is_complete() {
        return Ok(());
    }
    let solution = match engines.mrv().solve_and_count(&placed, 2) {
        (Verdict::Solved(solution), 1) => solution,
        (_, 0) => return Err(hint_failure(&Hint::NoSolution)),
        _ => return Err(hint_failure(&Hint::SeveralSolutions)),
    };
    match (0..81).find(|&c| !position.get(c).contains(solution[c])) {
        Some(cell) => Err(hint_failure(&Hint::WrongElimination {
            cell,
            digit: solution[cell],
        })),
        None => Ok(()),
    }
}

/// `sudoku solve --explain`: every step of the ladder's path, with the board after it,
/// within `budget`.
fn explain_board(
    engines: &mut Engines,
    board: &Board,
    budget: Budget,
) -> Result<Vec<Step>, Failure> {
    let (grid, marks) = classic(board, "explain")?;
    let mut logic = logic_board(&grid, marks.as_ref());
    check_position(engines, &grid, marks.as_ref(), &logic)?;
    let mut after = logic.clone();
    let mut steps = Vec::new();
    logic
        .explain_within(budget, |step| {
            after.apply(step);
            steps.push(Step::new(step, &after));
        })
        .map_err(|exhausted| {
            Failure::new(
                Kind::GaveUp,
                format!(
                    "{} after {} steps",
                    dispatch::gave_up(exhausted, budget),
                    steps.len()
                ),
            )
        })?;
    Ok(steps)
}
