//! What goes back to Python: the same kind as came in (one value, a list, a numpy array),
//! with failed puzzles raised or marked as the caller asked.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict, PyList, PyTuple};

use sudoku_api::Solution;

use crate::errors::Failure;
use crate::input::Form;

/// What a batch call does with a puzzle that gets no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Errors {
    /// Raise the exception of the first such puzzle, naming its index.
    Raise,
    /// Mark it: `None` in a list (or for one puzzle), a row of zeros in a solution array, -1
    /// in an array of counts.
    Mark,
}

impl Errors {
    pub(crate) fn parse(name: &str) -> PyResult<Errors> {
        match name {
            "raise" => Ok(Errors::Raise),
            "none" => Ok(Errors::Mark),
            _ => Err(PyValueError::new_err(format!(
                "errors must be 'raise' or 'none', got {name:?}"
            ))),
        }
    }
}

/// With [`Errors::Raise`], the exception of the first puzzle that failed.
pub(crate) fn check<T>(
    py: Python<'_>,
    form: &Form,
    results: &[Result<T, Failure>],
    errors: Errors,
) -> PyResult<()> {
    if errors == Errors::Mark {
        return Ok(());
    }
    match results
        .iter()
        .enumerate()
        .find_map(|(i, r)| r.as_ref().err().map(|f| (i, f)))
    {
        Some((i, failure)) => Err(crate::errors::to_pyerr(
            failure,
            py,
            (!form.is_single()).then_some(i),
        )),
        None => Ok(()),
    }
}

/// Answers as Python objects: one (or `None`) for one puzzle; for several, a list, or the
/// container the puzzles came in (a numpy array of objects for one of strings, a Series with
/// the same index for a pandas Series).
pub(crate) fn objects<'py, T>(
    py: Python<'py>,
    form: Form,
    results: Vec<Result<T, Failure>>,
    errors: Errors,
    mut convert: impl FnMut(T) -> PyResult<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyAny>> {
    check(py, &form, &results, errors)?;
    let n = results.len();
    let mut items = Vec::with_capacity(n);
    for result in results {
        items.push(match result {
            Ok(value) => convert(value)?,
            Err(_) => py.None().into_bound(py),
        });
    }
    if form.is_single() {
        return Ok(items.pop().unwrap_or_else(|| py.None().into_bound(py)));
    }
    let list = PyList::new(py, items)?.into_any();
    contain(py, &form, list, "object", n)
}

/// A list of answers in the container the puzzles came in: a numpy array of `dtype` shaped
/// like an array of strings, a Series like a Series; else the list itself.
fn contain<'py>(
    py: Python<'py>,
    form: &Form,
    list: Bound<'py, PyAny>,
    dtype: &str,
    n: usize,
) -> PyResult<Bound<'py, PyAny>> {
    match form {
        Form::Strings { .. } => {
            let numpy = py.import("numpy")?;
            let kwargs = PyDict::new(py);
            kwargs.set_item("dtype", dtype)?;
            // An array of objects made empty first, then filled: numpy would otherwise read
            // a list of tuples (such as placements) as more dimensions.
            let array = numpy.call_method("empty", (n,), Some(&kwargs))?;
            if dtype == "object" {
                array.set_item(pyo3::types::PySlice::full(py), list)?;
            } else {
                array.set_item(
                    pyo3::types::PySlice::full(py),
                    numpy.call_method1("asarray", (list,))?,
                )?;
            }
            array.call_method1("reshape", (PyTuple::new(py, form.batch_shape(n))?,))
        }
        Form::Series(series) => {
            let series = series.bind(py);
            let kwargs = PyDict::new(py);
            kwargs.set_item("index", series.getattr("index")?)?;
            if dtype == "object" {
                kwargs.set_item("dtype", "object")?;
            }
            series.get_type().call((list,), Some(&kwargs))
        }
        _ => Ok(list),
    }
}

/// Answers that are boards: strings (as [`objects`]) or, for an array of numbers, an array of
/// the same shape (zeros for puzzles without an answer).
pub(crate) fn boards<'py>(
    py: Python<'py>,
    form: Form,
    results: Vec<Result<Solution, Failure>>,
    errors: Errors,
) -> PyResult<Bound<'py, PyAny>> {
    let Form::Array {
        rows,
        width,
        ref shape,
    } = form
    else {
        return objects(py, form, results, errors, |value| {
            Ok(value.line().into_pyobject(py)?.into_any())
        });
    };
    check(py, &form, &results, errors)?;
    let mut data = vec![0u8; rows * width];
    for (row, result) in data.chunks_exact_mut(width.max(1)).zip(&results) {
        if let Ok(value) = result {
            row.copy_from_slice(value.cells());
        }
    }
    array(py, &data, "uint8", shape)
}

/// Counts: an int for one puzzle (`None` when it failed and failures are marked); for
/// several, an int64 numpy array with one count per puzzle (-1 for a puzzle without a count),
/// or a Series of them for a Series.
pub(crate) fn counts<'py>(
    py: Python<'py>,
    form: Form,
    results: Vec<Result<usize, Failure>>,
    errors: Errors,
) -> PyResult<Bound<'py, PyAny>> {
    if form.is_single() {
        return objects(py, form, results, errors, |count| {
            Ok(count.into_pyobject(py)?.into_any())
        });
    }
    check(py, &form, &results, errors)?;
    let mut data = Vec::with_capacity(results.len() * 8);
    for result in &results {
        let count = result
            .as_ref()
            .map_or(-1, |&n| i64::try_from(n).unwrap_or(i64::MAX));
        data.extend_from_slice(&count.to_ne_bytes());
    }
    let counts = array(py, &data, "int64", &form.batch_shape(results.len()))?;
    match form {
        Form::Series(_) => contain(py, &form, counts, "int64", results.len()),
        _ => Ok(counts),
    }
}

/// A numpy array over a copy of `data` (writable, native byte order), of `shape`.
pub(crate) fn array<'py>(
    py: Python<'py>,
    data: &[u8],
    dtype: &str,
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    let numpy = py.import("numpy")?;
    let buffer = PyByteArray::new(py, data);
    let array = numpy.call_method1("frombuffer", (buffer, dtype))?;
    array.call_method1("reshape", (PyTuple::new(py, shape)?,))
}
