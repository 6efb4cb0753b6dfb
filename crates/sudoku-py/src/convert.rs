//! Files and arrays: read() reads a puzzle file as the command line does; to_array() and
//! to_strings() turn puzzles into numpy arrays and back.

use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use sudoku_api::{ReadError, Record};

use crate::batch::{self, Cost};
use crate::errors::{Failure, FailureKind, to_pyerr};
use crate::input::Form;
use crate::options::{self, Options};
use crate::output::{self, Errors};

/// Reads a puzzle file in any form the `sudoku` command line reads: one puzzle per line
/// (with comments, ratings or solutions after the cells), CSV with a header such as
/// Kaggle's, drawings, pencil marks, other sizes, JSON lines for variants; '#' lines and
/// blank lines are skipped.
///
/// Args:
///     path: the file (a str or os.PathLike).
///     errors: 'raise' raises ParseError for the first puzzle that cannot be read, as
///         'FILE:LINE:COLUMN: message'; 'none' puts None in its place.
///
/// Returns:
///     A list of puzzles, each as one line that every function here reads back: 81
///     characters for 9x9, 729 for a pencil-mark position, n*n symbols for other sizes, a
///     JSON line for a variant.
///
/// Raises:
///     OSError: the file cannot be read.
///     ParseError: a puzzle cannot be read (with errors='raise').
#[pyfunction]
#[pyo3(signature = (path, *, errors = "raise"))]
pub(crate) fn read<'py>(
    py: Python<'py>,
    path: PathBuf,
    errors: &str,
) -> PyResult<Bound<'py, PyList>> {
    let errors = Errors::parse(errors)?;
    let name = path.display().to_string();
    let read = py
        .detach(|| -> std::io::Result<Vec<Result<String, ReadError>>> {
            let file = File::open(&path)?;
            if file.metadata()?.is_dir() {
                // Reading a directory fails with the system's own error (EISDIR), which Python
                // turns into IsADirectoryError.
                let read = std::io::Read::read(&mut &file, &mut [0u8; 1]);
                return Err(read.err().unwrap_or_else(|| {
                    std::io::Error::new(std::io::ErrorKind::IsADirectory, "is a directory")
                }));
            }
            let mut puzzles = Vec::new();
            for item in sudoku_api::read_puzzles(BufReader::new(file)) {
                match item {
                    Ok(Record { board, .. }) => puzzles.push(Ok(board.line())),
                    Err(err) if err.is_io() => {
                        return Err(std::io::Error::other(err.to_string()));
                    }
                    Err(err) => puzzles.push(Err(err)),
                }
            }
            Ok(puzzles)
        })
        .map_err(|err| os_error(&err, &name))?;
    let mut items = Vec::with_capacity(read.len());
    for (i, item) in read.into_iter().enumerate() {
        match item {
            Ok(line) => items.push(line.into_pyobject(py)?.into_any()),
            Err(err) if errors == Errors::Raise => {
                let place = match err.column() {
                    Some(column) => format!("{name}:{}:{column}", err.line()),
                    None => format!("{name}:{}", err.line()),
                };
                let failure = Failure::new(
                    FailureKind::Malformed,
                    format!("{place}: {}", err.message()),
                )
                .at(Some(err.line()), err.column());
                let exception = to_pyerr(&failure, py, None);
                exception.value(py).setattr("index", i)?;
                return Err(exception);
            }
            Err(_) => items.push(py.None().into_bound(py)),
        }
    }
    PyList::new(py, items)
}

/// An I/O error about the file `name` as Python's OSError(errno, strerror, filename), which
/// Python turns into its subclass (FileNotFoundError, PermissionError, ...) with `.filename`
/// set and the name in the message.
fn os_error(err: &std::io::Error, name: &str) -> PyErr {
    let errno = err.raw_os_error().unwrap_or(0);
    let strerror = match err.raw_os_error() {
        Some(_) => std::io::Error::from_raw_os_error(errno).to_string(),
        None => err.to_string(),
    };
    // The standard library adds " (os error N)" to the message: Python has errno for it.
    let strerror = strerror
        .split(" (os error")
        .next()
        .unwrap_or(&strerror)
        .to_string();
    pyo3::exceptions::PyOSError::new_err((errno, strerror, name.to_string()))
}

/// Puzzles as a numpy array: one row of n*n cells per puzzle, 0 for a blank.
///
/// Args:
///     x: one puzzle (a 1-D array comes back) or a list of them, all of one size and with
///         the usual boxes of their side (an array cannot hold jigsaw regions, boxes of another
///         shape, extra units or pencil marks).
///     threads: worker threads; None uses every core.
///
/// Returns:
///     A uint8 array of shape (N, n*n), or (n*n,) for one puzzle.
///
/// Raises:
///     ParseError: a puzzle cannot be read, or cannot be a row of the array.
#[pyfunction]
#[pyo3(signature = (x, **keywords), text_signature = "(x, *, threads=None)")]
pub(crate) fn to_array<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    keywords: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let call = Options::parse("to_array", keywords, &[], options::THREADS)?;
    let (form, results) = batch::each_with(
        py,
        x,
        &call,
        Cost::Cheap,
        || (),
        |_, board, _| Ok(board?.cells()?.to_vec()),
    )?;
    output::check(py, &form, &results, Errors::Raise)?;
    let cells: Vec<Vec<u8>> = results.into_iter().flatten().collect();
    let width = cells.first().map_or(81, Vec::len);
    if let Some(i) = cells.iter().position(|row| row.len() != width) {
        let failure = Failure::new(
            FailureKind::Malformed,
            format!(
                "{} cells where the first puzzle has {width}: an array holds puzzles of one size",
                cells[i].len()
            ),
        );
        return Err(to_pyerr(&failure, py, Some(i)));
    }
    let data = cells.concat();
    let shape = if form.is_single() {
        vec![width]
    } else {
        vec![cells.len(), width]
    };
    output::array(py, &data, "uint8", &shape)
}

/// Puzzles as lines: the symbols of each (81 characters for 9x9, '.' for a blank).
///
/// Args:
///     x: a numpy array of shape (N, n*n) (or (n*n,)), or puzzles as solve() takes them.
///     threads: worker threads; None uses every core.
///
/// Returns:
///     A list of lines, or one line for one puzzle; an array of strings or a Series gives
///     the same kind (see solve()).
///
/// Raises:
///     ParseError: a row is not a puzzle (a value above the side).
#[pyfunction]
#[pyo3(signature = (x, **keywords), text_signature = "(x, *, threads=None)")]
pub(crate) fn to_strings<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    keywords: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyAny>> {
    let call = Options::parse("to_strings", keywords, &[], options::THREADS)?;
    let (form, results) = batch::each_with(
        py,
        x,
        &call,
        Cost::Cheap,
        || (),
        |_, board, _| Ok(board?.line()),
    )?;
    let form = match form {
        Form::Array { .. } if !form.is_single() => Form::List,
        form => form,
    };
    output::objects(py, form, results, Errors::Raise, |line| {
        Ok(line.into_pyobject(py)?.into_any())
    })
}
