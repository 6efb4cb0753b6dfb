//! The answer objects: [`Rating`], [`Step`] and [`SolveResult`]. Workers build them as plain
//! Rust values; Python reads their fields and turns them into dicts for JSON.

use std::collections::BTreeMap;
use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};
use sudoku_api::{
    Band, Failure, Grid, Position, Rated, Solved, Tally, Technique, cell_name, picture,
};

/// A puzzle's rating on Sudoku Explainer 1.2.1's scale.
///
/// Attributes:
///     er (float): the difficulty of the hardest step of the path that always takes the
///         easiest technique (1.0 to about 12; 20.0 when the ladder got stuck).
///     ep (float): the hardest step up to the first digit placed.
///     ed (float): the difficulty of the first step.
///     band (str): 'easy' (ER up to 2.0), 'medium' (to 3.4), 'hard' (to 6.4) or 'expert'.
///     hardest (str | None): the technique of the hardest step, None when nothing was left to
///         do.
///     solved_by_logic (bool): whether the ladder of techniques solved the puzzle.
///     search_effort (float): the MRV solver's guesses, averaged over 8 random symmetries of
///         the puzzle: how hard it is for a computer.
///
/// Ratings pickle, so they travel between processes (multiprocessing, Dask, Ray);
/// Rating(er, ep, ed, band, hardest, solved_by_logic, search_effort) makes one from its
/// fields.
#[pyclass(module = "sudoku_rs", frozen, get_all, eq)]
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Rating {
    pub(crate) er: f64,
    pub(crate) ep: f64,
    pub(crate) ed: f64,
    pub(crate) band: &'static str,
    pub(crate) hardest: Option<&'static str>,
    pub(crate) solved_by_logic: bool,
    pub(crate) search_effort: f64,
}

impl Rating {
    pub(crate) fn new(rated: &Rated) -> Rating {
        let rating = &rated.rating;
        Rating {
            er: rating.er.as_f64(),
            ep: rating.ep.as_f64(),
            ed: rating.ed.as_f64(),
            band: rating.band.name(),
            hardest: rating.hardest.map(|t| t.name()),
            solved_by_logic: rating.solved_by_logic,
            search_effort: rated.search_effort,
        }
    }
}

#[pymethods]
impl Rating {
    /// A rating from its fields, as `__reduce__` gives them back: what lets ratings be
    /// pickled, and so sent between processes (multiprocessing, Dask, Ray). `rate()` makes
    /// them; `band` must name a band and `hardest` a technique of the ladder (or be None).
    #[new]
    fn py_new(
        er: f64,
        ep: f64,
        ed: f64,
        band: &str,
        hardest: Option<&str>,
        solved_by_logic: bool,
        search_effort: f64,
    ) -> PyResult<Rating> {
        let band = Band::ALL
            .into_iter()
            .map(Band::name)
            .find(|name| *name == band)
            .ok_or_else(|| PyValueError::new_err(format!("no band named {band:?}")))?;
        let hardest = hardest
            .map(|hardest| {
                Technique::ALL
                    .into_iter()
                    .map(Technique::name)
                    .find(|name| *name == hardest)
                    .ok_or_else(|| PyValueError::new_err(format!("no technique named {hardest:?}")))
            })
            .transpose()?;
        Ok(Rating {
            er,
            ep,
            ed,
            band,
            hardest,
            solved_by_logic,
            search_effort,
        })
    }

    /// The class and the fields it is made from again: pickling support.
    #[allow(clippy::type_complexity)] // the arguments of the constructor, as a tuple
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> (
        Bound<'py, PyType>,
        (f64, f64, f64, &'static str, Option<&'static str>, bool, f64),
    ) {
        (
            py.get_type::<Rating>(),
            (
                self.er,
                self.ep,
                self.ed,
                self.band,
                self.hardest,
                self.solved_by_logic,
                self.search_effort,
            ),
        )
    }

    /// The fields as a dict (for JSON).
    fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("er", self.er)?;
        dict.set_item("ep", self.ep)?;
        dict.set_item("ed", self.ed)?;
        dict.set_item("band", self.band)?;
        dict.set_item("hardest", self.hardest)?;
        dict.set_item("solved_by_logic", self.solved_by_logic)?;
        dict.set_item("search_effort", self.search_effort)?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!(
            "Rating(er={:.1}, ep={:.1}, ed={:.1}, band={}, hardest={})",
            self.er,
            self.ep,
            self.ed,
            repr(Some(self.band)),
            repr(self.hardest)
        )
    }
}

/// One logical step, as Sudoku Explainer takes it, and the position after it.
///
/// Cells are numbered 0 to 80, row after row (cell 9 is r2c1); digits are 1 to 9.
///
/// Attributes:
///     technique (str): the technique of the ladder, e.g. 'Hidden Single', 'X-Wing'.
///     name (str): the step's name as Sudoku Explainer gives it, e.g. 'Claiming',
///         'Unique Rectangle type 2'.
///     rating (float): its difficulty on Sudoku Explainer's scale.
///     text (str): the step in words, e.g. 'Hidden Single (1.2) in box 2 on r3c5 with {7}:
///         place r3c5=7'.
///     cells (list[int]): the cells of the pattern.
///     digits (list[int]): the digits of the pattern.
///     unit (str | None): the region the pattern lives in ('row 3', 'box 7', ...), if any.
///     placements (list[tuple[int, int]]): digits placed, as (cell, digit).
///     eliminations (list[tuple[int, int]]): candidates removed, as (cell, digit).
///     board (str): the 81-character grid after the step ('.' for blanks).
///     candidates (str): the 729-character pencil marks after the step: 9 characters per
///         cell, digit d at place d where it is still a candidate, '.' elsewhere; every
///         function that takes a puzzle reads it back as a position.
///
/// In a notebook a step shows as its picture: the position before it, the pattern's cells
/// and candidates highlighted, the eliminations in red, the placements in blue, and the
/// technique's name and rating as the caption (`_repr_svg_`, also `svg()`).
#[pyclass(module = "sudoku_rs", frozen, eq)]
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Step {
    #[pyo3(get)]
    pub(crate) technique: &'static str,
    #[pyo3(get)]
    pub(crate) name: String,
    #[pyo3(get)]
    pub(crate) rating: f64,
    #[pyo3(get)]
    pub(crate) text: String,
    #[pyo3(get)]
    pub(crate) cells: Vec<usize>,
    #[pyo3(get)]
    pub(crate) digits: Vec<u32>,
    #[pyo3(get)]
    pub(crate) unit: Option<String>,
    #[pyo3(get)]
    pub(crate) placements: Vec<(usize, u8)>,
    #[pyo3(get)]
    pub(crate) eliminations: Vec<(usize, u8)>,
    #[pyo3(get)]
    pub(crate) board: String,
    #[pyo3(get)]
    pub(crate) candidates: String,
    /// What its picture is drawn from.
    drawing: Drawing,
}

/// The givens, the position before a step and the step itself, for its picture; shared by
/// the copies of a step. Two steps equal in every attribute are equal, whatever they were
/// drawn from.
#[derive(Clone, Debug)]
struct Drawing(Arc<(Grid, Position, sudoku_api::Step)>);

impl PartialEq for Drawing {
    fn eq(&self, _: &Drawing) -> bool {
        true
    }
}

impl Step {
    /// The step, the position before it (`givens` drawn as givens) and after it.
    pub(crate) fn new(
        step: &sudoku_api::Step,
        givens: &Grid,
        before: &Position,
        after: &Position,
    ) -> Step {
        Step {
            drawing: Drawing(Arc::new((*givens, before.clone(), step.clone()))),
            technique: step.technique.name(),
            name: step.name.to_string(),
            rating: step.difficulty.as_f64(),
            text: step.to_string(),
            cells: step.cells.clone(),
            digits: step.digits.iter().map(u32::from).collect(),
            unit: step.unit.map(|unit| unit.to_string()),
            placements: step.placements.clone(),
            eliminations: step.eliminations.clone(),
            board: after.grid.to_string(),
            candidates: after.marks.to_string(),
        }
    }
}

#[pymethods]
impl Step {
    /// The fields as a dict (for JSON), with the cells also named ('r3c5').
    fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("technique", self.technique)?;
        dict.set_item("name", &self.name)?;
        dict.set_item("rating", self.rating)?;
        dict.set_item("text", &self.text)?;
        dict.set_item("cells", &self.cells)?;
        let names: Vec<String> = self
            .cells
            .iter()
            .map(|&c| cell_name(c).to_string())
            .collect();
        dict.set_item("cell_names", names)?;
        dict.set_item("digits", &self.digits)?;
        dict.set_item("unit", &self.unit)?;
        dict.set_item("placements", &self.placements)?;
        dict.set_item("eliminations", &self.eliminations)?;
        dict.set_item("board", &self.board)?;
        dict.set_item("candidates", &self.candidates)?;
        Ok(dict)
    }

    fn __str__(&self) -> String {
        self.text.clone()
    }

    fn __repr__(&self) -> String {
        format!("Step({})", repr(Some(&self.text)))
    }

    /// The step's picture as SVG text: the position before it with the pattern highlighted
    /// (see the class's docs).
    fn svg(&self, py: Python<'_>) -> PyResult<String> {
        let (givens, before, step) = &*self.drawing.0;
        let picture = picture::step(givens, before, step)
            .map_err(|failure| crate::errors::to_pyerr(&failure, py, None))?;
        picture
            .to_svg()
            .map_err(|err| PyValueError::new_err(err.to_string()))
    }

    /// The picture Jupyter and IPython show for a step.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        self.svg(py)
    }
}

/// What solve_detail() found for one puzzle: never an exception, always a record.
///
/// Attributes:
///     status (str): 'solved' (exactly one solution, or any solution for algo='abc', which
///         cannot count), 'several solutions', 'no solution', 'clash' (givens that break a
///         rule), 'malformed' (not a puzzle), 'gave up' (the budget or the colony's cycles
///         ran out), and for pencil-mark positions 'wrong elimination' (the marks exclude
///         the solution); the same words as the command line's JSON records.
///     solution (str | None): the solution's line; for 'several solutions', one of them.
///     count (int | None): the solutions counted up to 2 (2 means two or more); None when
///         not counted (algo='abc', or the puzzle failed before the search).
///     unique (bool | None): whether the solution is the only one; None when not counted.
///     error (str | None): the message the exception of solve() would carry, None when
///         solved (with a unique solution).
///     stats (dict[str, int]): what the algorithm counted: nodes and guesses for a search,
///         cycles and evaluations for the colony.
#[pyclass(module = "sudoku_rs", frozen, get_all, eq)]
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct SolveResult {
    pub(crate) status: &'static str,
    pub(crate) solution: Option<String>,
    pub(crate) count: Option<usize>,
    pub(crate) unique: Option<bool>,
    pub(crate) error: Option<String>,
    pub(crate) stats: BTreeMap<&'static str, u64>,
}

impl SolveResult {
    /// Everything a solve found.
    pub(crate) fn new(solved: &Solved) -> SolveResult {
        SolveResult {
            status: solved.status(),
            solution: solved.solution().map(|solution| solution.line()),
            count: solved.count(),
            unique: solved.unique(),
            error: solved
                .require_unique()
                .err()
                .map(|failure| failure.message().to_string()),
            stats: stats_of(solved.stats()),
        }
    }

    /// A puzzle that could not be read.
    pub(crate) fn failed(failure: &Failure) -> SolveResult {
        SolveResult {
            status: failure.status(),
            solution: None,
            count: None,
            unique: None,
            error: Some(failure.message().to_string()),
            stats: BTreeMap::new(),
        }
    }
}

fn stats_of(tally: &Tally) -> BTreeMap<&'static str, u64> {
    tally.iter().collect()
}

#[pymethods]
impl SolveResult {
    /// Whether the puzzle was solved (status 'solved').
    #[getter]
    fn ok(&self) -> bool {
        self.status == "solved"
    }

    /// The fields as a dict (for JSON).
    fn as_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("status", self.status)?;
        dict.set_item("solution", &self.solution)?;
        dict.set_item("count", self.count)?;
        dict.set_item("unique", self.unique)?;
        dict.set_item("error", &self.error)?;
        dict.set_item("stats", &self.stats)?;
        Ok(dict)
    }

    fn __repr__(&self) -> String {
        format!(
            "SolveResult(status={}, solution={}, count={}, error={})",
            repr(Some(self.status)),
            repr(self.solution.as_deref()),
            self.count
                .map_or_else(|| "None".to_string(), |c| c.to_string()),
            repr(self.error.as_deref())
        )
    }
}

/// A str as Python's repr() writes it, or None: in single quotes, or double quotes when it
/// holds a single quote and no double quote; backslashes and the quote escaped.
fn repr(text: Option<&str>) -> String {
    let Some(text) = text else {
        return "None".into();
    };
    let quote = if text.contains('\'') && !text.contains('"') {
        '"'
    } else {
        '\''
    };
    let escaped = text
        .replace('\\', "\\\\")
        .replace(quote, &format!("\\{quote}"));
    format!("{quote}{escaped}{quote}")
}
