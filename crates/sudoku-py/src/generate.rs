//! generate(): unique puzzles from a seed, classic or of any size and variant, made on every
//! core; puzzle i of a seed depends on nothing else.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;
use sudoku_gen::{
    Band, Difficulty, ErRange, GenConfig, Generator, Shape, Symmetry, VariantConfig,
    VariantGenerator,
};

use crate::batch::{self, Cost};
use crate::errors::{Failure, Kind};
use crate::output::{self, Errors};

/// Generates puzzles with exactly one solution, minimal unless a clue count is asked for.
/// Puzzle i of a seed is the same whatever n and threads, so a data set can be made in
/// parts and made again.
///
/// Args:
///     n: how many puzzles.
///     seed: the seed (an int from 0 to 2**64 - 1).
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
#[pyfunction]
#[pyo3(signature = (n, seed = 0, *, symmetry = "none", se = None, difficulty = None, clues = None, size = 9, variant = None, max_attempts = None, time_limit = None, errors = "raise", threads = None))]
#[allow(clippy::too_many_arguments)] // the keyword arguments of one Python function
pub(crate) fn generate<'py>(
    py: Python<'py>,
    n: usize,
    seed: u64,
    symmetry: &str,
    se: Option<&Bound<'py, PyAny>>,
    difficulty: Option<&str>,
    clues: Option<usize>,
    size: usize,
    variant: Option<&Bound<'py, PyAny>>,
    max_attempts: Option<usize>,
    time_limit: Option<f64>,
    errors: &str,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let budget = crate::dispatch::budget(time_limit, None)?;
    let errors = Errors::parse(errors)?;
    let threads = batch::threads(threads)?;
    let symmetry = match symmetry {
        "none" => Symmetry::None,
        "rotate180" => Symmetry::Rotate180,
        "rotate90" => Symmetry::Rotate90,
        "mirror" => Symmetry::Mirror,
        "diagonal" => Symmetry::Diagonal,
        _ => {
            return Err(PyValueError::new_err(format!(
                "symmetry must be 'none', 'rotate180', 'rotate90', 'mirror' or 'diagonal', got {symmetry:?}"
            )));
        }
    };
    let er = se.map(er_range).transpose()?;
    let band = difficulty.map(band).transpose()?;
    let shape = Shape::for_size(size).ok_or_else(|| {
        PyValueError::new_err(format!(
            "no board of side {size} with boxes; sides are 4, 6, 8, 9, 10, 12, 15, 16, 20 and 25"
        ))
    })?;
    let variants = variants(variant)?;
    let results = if size == 9 && variants.is_empty() {
        let mut config = GenConfig {
            symmetry,
            target_clues: clues,
            band,
            er,
            ..GenConfig::default()
        };
        if let Some(attempts) = max_attempts {
            config.max_attempts = attempts;
        }
        if let Err(why) = config.check() {
            return Err(PyValueError::new_err(format!(
                "clues={}: {why}",
                clues.unwrap_or(0)
            )));
        }
        batch::run(
            py,
            threads,
            Cost::Dear,
            n,
            || Generator::new(config),
            |generator, i| {
                generator
                    .generate_indexed_within(seed, i as u64, budget, |_| {})
                    .map(|made| made.puzzle.to_string())
                    .map_err(|err| Failure::new(Kind::Generate, err.to_string()))
            },
        )?
    } else {
        if er.is_some() || band.is_some() {
            let option = if er.is_some() { "se" } else { "difficulty" };
            return Err(PyValueError::new_err(format!(
                "{option} rates with the ladder of 9x9 techniques: it takes classic 9x9 puzzles only"
            )));
        }
        if symmetry != Symmetry::None {
            return Err(PyValueError::new_err(
                "symmetry applies to classic 9x9 puzzles only",
            ));
        }
        let has = |name: &str| variants.iter().any(|v| v == name);
        let mut config = VariantConfig {
            shape,
            diagonals: has("x"),
            windoku: has("windoku"),
            jigsaw: has("jigsaw"),
            target_clues: clues,
            ..VariantConfig::default()
        };
        if let Some(attempts) = max_attempts {
            config.max_attempts = attempts;
        }
        VariantGenerator::new(config).map_err(|err| PyValueError::new_err(err.to_string()))?;
        batch::run(
            py,
            threads,
            Cost::Dear,
            n,
            || VariantGenerator::new(config).expect("checked above"),
            |generator, i| {
                let made = generator
                    .generate_indexed_within(seed, i as u64, budget, |_| {})
                    .map_err(|err| Failure::new(Kind::Generate, err.to_string()))?;
                let rules = made.puzzle.rules();
                let plain = rules.jigsaw().is_none() && !rules.diagonals() && !rules.windoku();
                Ok(if plain {
                    made.puzzle.to_string()
                } else {
                    made.puzzle.to_json()
                })
            },
        )?
    };
    output::objects(py, crate::input::Form::List, results, errors, |line| {
        Ok(line.into_pyobject(py)?.into_any())
    })
}

/// `se`: a tuple (lo, hi) with None for an open end, or a str `lo..hi`.
fn er_range(se: &Bound<'_, PyAny>) -> PyResult<ErRange> {
    let range: Result<ErRange, String> = if let Ok(text) = se.cast::<PyString>() {
        text.to_cow()?.parse()
    } else if let Ok((low, high)) = se.extract::<(Option<f64>, Option<f64>)>() {
        let end = |value: Option<f64>, open: Difficulty| match value {
            None => Ok(open),
            Some(v) if (0.0..=20.0).contains(&v) => Ok(Difficulty::from_f64(v)),
            Some(v) => Err(format!("{v} is not a rating (0 to 20)")),
        };
        match (end(low, Difficulty::ZERO), end(high, Difficulty::FAILED)) {
            (Ok(min), Ok(max)) if min <= max => Ok(ErRange { min, max }),
            (Ok(min), Ok(max)) => Err(format!("the range is empty: {min} is above {max}")),
            (Err(why), _) | (_, Err(why)) => Err(why),
        }
    } else {
        return Err(PyTypeError::new_err(
            "se is a tuple (lo, hi) of ratings (None for an open end) or a str such as '4.0..6.0'",
        ));
    };
    range.map_err(|why| PyValueError::new_err(format!("se: {why}")))
}

/// `difficulty`: a band of the ER rating.
fn band(name: &str) -> PyResult<Band> {
    Band::ALL
        .into_iter()
        .find(|band| band.name() == name)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "difficulty must be 'easy', 'medium', 'hard' or 'expert', got {name:?}"
            ))
        })
}

/// `variant`: a str (names separated by commas) or a list of names.
fn variants(variant: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<String>> {
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
    for name in &names {
        if !["x", "windoku", "jigsaw"].contains(&name.as_str()) {
            return Err(PyValueError::new_err(format!(
                "variant must be 'x', 'windoku' or 'jigsaw', got {name:?}"
            )));
        }
    }
    Ok(names)
}
