//! generate(): unique puzzles from a seed, classic or of any size and variant, made on every
//! core; puzzle i of a seed depends on nothing else.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use sudoku_api::{Band, Choice, ErRange, Front, GenerateRequest, Symmetry, UsageError, Variant};

use crate::batch::{self, Cost};
use crate::errors::usage;
use crate::options::Options;
use crate::output;

/// Generates puzzles with exactly one solution, minimal unless a clue count is asked for.
/// Puzzle i of a seed is the same whatever n and threads, so a data set can be made in
/// parts and made again.
///
/// Args:
///     n: how many puzzles (an int, 0 or more); the list grows as they are made, and
///         Ctrl-C stops the call.
///     seed: the seed, an int from 0 to 2**64 - 1 (a ValueError names any other).
///     start: the index of the first puzzle: the call makes puzzles start to start + n - 1
///         of the seed, the same as those places of one longer call, so that a data set can
///         be made in shards.
///     symmetry: the symmetry of the clues: 'none', 'rotate180', 'rotate90', 'mirror' or
///         'diagonal' (classic 9x9 only).
///     se: only puzzles whose Sudoku Explainer rating (ER) is in this range, both ends
///         included: a tuple (lo, hi), None for an open end, e.g. (4.0, 6.0) or (8.5, None);
///         or a str such as '4.0..6.0'. Harder ratings are rarer (above 6, many tries per
///         puzzle). Classic 9x9 only.
///     difficulty: only puzzles of this band of the ER: 'easy', 'medium', 'hard' or
///         'expert'. Classic 9x9 only.
///     clues: exactly this many clues (17 to 81 on 9x9); puzzles that cannot get down to
///         it are made again.
///     size: the side of the board: 4, 6, 8, 9, 10, 12, 15, 16, 20 or 25.
///     variant: extra rules, a str or a list of them: 'x' (both long diagonals hold every
///         digit), 'windoku' (four extra windows, 9x9 only), 'jigsaw' (irregular regions);
///         several at once as 'jigsaw,x' or ['jigsaw', 'x'].
///     max_attempts: puzzles to try for a rating, band or clue count before giving up
///         (default 2,000 on 9x9, 100 for other sizes and variants).
///     errors: 'raise' raises GenerateError for the first puzzle not made; 'none' puts None
///         in its place.
///     threads: worker threads; None uses every core.
///
/// Returns:
///     A list of n puzzles as the command line writes them: 81 characters ('.' for blanks)
///     for 9x9, n*n symbols for other sizes, a JSON line with the rules for variants (which
///     every function here reads back).
///
/// Raises:
///     ValueError: targets no puzzle can meet (16 clues, windoku on 16x16, ...).
///     GenerateError: no puzzle met the targets within max_attempts or time_limit.
///
/// Example:
///     >>> puzzles = sudoku_rs.generate(3, seed=7, symmetry="rotate180")
///     >>> puzzles == sudoku_rs.generate(3, seed=7, symmetry="rotate180", threads=1)
///     True
///     >>> puzzles[1:] == sudoku_rs.generate(2, seed=7, start=1, symmetry="rotate180")
///     True
#[pyfunction]
#[pyo3(signature = (n, seed = 0, *, start = 0, symmetry = "none", se = None, difficulty = None, clues = None, size = 9, variant = None, max_attempts = None, **keywords), text_signature = "(n, seed=0, *, start=0, symmetry='none', se=None, difficulty=None, clues=None, size=9, variant=None, max_attempts=None, time_limit=None, errors='raise', threads=None)")]
#[allow(clippy::too_many_arguments)] // the keyword arguments of one Python function
pub(crate) fn generate<'py>(
    py: Python<'py>,
    n: i128,
    seed: i128,
    start: i128,
    symmetry: &str,
    se: Option<&Bound<'py, PyAny>>,
    difficulty: Option<&str>,
    clues: Option<usize>,
    size: usize,
    variant: Option<&Bound<'py, PyAny>>,
    max_attempts: Option<usize>,
    keywords: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let own = [
        "n",
        "seed",
        "start",
        "symmetry",
        "se",
        "difficulty",
        "clues",
        "size",
        "variant",
        "max_attempts",
    ];
    let call = Options::parse(
        "generate",
        keywords,
        &own,
        &["time_limit", "errors", "threads"],
    )?;
    let threads = batch::threads(call.threads)?;
    let (n, seed) = (crate::input::count_arg(n)?, crate::input::seed_arg(seed)?);
    let start = u64::try_from(start)
        .ok()
        .filter(|&first| {
            u64::try_from(n.saturating_sub(1)).is_ok_and(|more| first.checked_add(more).is_some())
        })
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "puzzles start to start + n - 1 must be indices of a seed (0 to 2**64 - 1); \
                 got start={start}, n={n}"
            ))
        })?;
    let request = GenerateRequest {
        size,
        variants: variants(variant)?,
        symmetry: Symmetry::parse(symmetry, Front::Python).map_err(usage)?,
        band: difficulty
            .map(|name| Band::parse(name, Front::Python))
            .transpose()
            .map_err(usage)?,
        se: se.map(er_range).transpose()?,
        clues,
        attempts: max_attempts.map(|n| n as u64),
        budget: call.budget,
    };
    let plan = request.plan(Front::Python).map_err(usage)?;
    let results = batch::run(
        py,
        threads,
        Cost::Dear,
        call.budget,
        n,
        || plan.maker(),
        |maker, i, budget| {
            maker.set_budget(budget);
            maker
                .make(seed, start + i as u64, false, Front::Python, |_| {})
                .map(|made| made.line())
        },
    )?;
    output::objects(py, crate::input::Form::List, results, call.errors, |line| {
        Ok(line.into_pyobject(py)?.into_any())
    })
}

/// `se`: a tuple (lo, hi) with None for an open end, or a str `lo..hi`.
fn er_range(se: &Bound<'_, PyAny>) -> PyResult<ErRange> {
    if let Ok(text) = se.cast::<PyString>() {
        return sudoku_api::parse_se(&text.to_cow()?, Front::Python).map_err(usage);
    }
    let (low, high) = se.extract::<(Option<f64>, Option<f64>)>().map_err(|_| {
        PyTypeError::new_err(
            "se is a tuple (lo, hi) of ratings (None for an open end) or a str such as '4.0..6.0'",
        )
    })?;
    sudoku_api::se_range(low, high, Front::Python).map_err(usage)
}

/// `variant`: a str (names separated by commas) or a list of names.
fn variants(variant: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<Variant>> {
    let Some(variant) = variant else {
        return Ok(Vec::new());
    };
    let names: Vec<String> = if let Ok(text) = variant.cast::<PyString>() {
        text.to_cow()?
            .split(',')
            .map(|s| s.trim().to_string())
            .collect()
    } else {
        variant.extract().map_err(|_| {
            PyTypeError::new_err(
                "variant is a str ('x', 'windoku', 'jigsaw', 'jigsaw,x') or a list of them",
            )
        })?
    };
    names
        .iter()
        .map(|name| Variant::parse(name, Front::Python))
        .collect::<Result<_, UsageError>>()
        .map_err(usage)
}
