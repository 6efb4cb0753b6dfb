//! Files and arrays: read() reads a puzzle file as the command line does; to_array() and
//! to_strings() turn puzzles into numpy arrays and back.

use std::fs::File;
use std::io::BufReader;
use std::path::PathBuf;

use pyo3::prelude::*;
use pyo3::types::PyList;
use sudoku_core::{Puzzle, PuzzleReader, ReadError, VariantRecord};

use crate::batch::{self, Cost};
use crate::errors::{Failure, Kind};
use crate::input::{Board, Form};
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
    let read = py.detach(|| -> std::io::Result<Vec<Result<String, ReadError>>> {
        let file = File::open(&path)?;
        if file.metadata()?.is_dir() {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!("{name} is a directory"),
            ));
        }
        let mut puzzles = Vec::new();
        for item in PuzzleReader::new(BufReader::new(file)).any_size() {
            match item {
                Ok(record) => puzzles.push(Ok(line_of(record))),
                Err(err) => match err.kind() {
                    sudoku_core::ReadErrorKind::Io(io) => {
                        return Err(std::io::Error::new(io.kind(), err.to_string()));
                    }
                    _ => puzzles.push(Err(err)),
                },
            }
        }
        Ok(puzzles)
    })?;
    let mut items = Vec::with_capacity(read.len());
    for (i, item) in read.into_iter().enumerate() {
        match item {
            Ok(line) => items.push(line.into_pyobject(py)?.into_any()),
            Err(err) if errors == Errors::Raise => {
                let place = match err.column() {
                    Some(column) => format!("{name}:{}:{column}", err.line()),
                    None => format!("{name}:{}", err.line()),
                };
                let failure = Failure {
                    line: Some(err.line()),
                    column: err.column(),
                    ..Failure::new(Kind::Parse, format!("{place}: {}", err.message()))
                };
                let exception = failure.to_pyerr(py, None);
                exception.value(py).setattr("index", i)?;
                return Err(exception);
            }
            Err(_) => items.push(py.None().into_bound(py)),
        }
    }
    PyList::new(py, items)
}

/// A record as one line the reader reads back.
fn line_of(record: VariantRecord) -> String {
    match record.into_classic() {
        Ok(record) => match record.candidates {
            Some(marks) => marks.to_string(),
            None => record.puzzle.to_string(),
        },
        Err(record) => variant_line(&record.puzzle),
    }
}

/// A puzzle of another size or variant as one line: its symbols when its rules are plain
/// boxes, else the JSON line with the rules.
fn variant_line(puzzle: &Puzzle) -> String {
    let rules = puzzle.rules();
    if rules.jigsaw().is_none() && !rules.diagonals() && !rules.windoku() {
        puzzle.to_string()
    } else {
        puzzle.to_json()
    }
}

/// Puzzles as a numpy array: one row of n*n cells per puzzle, 0 for a blank.
///
/// Args:
///     x: one puzzle (a 1-D array comes back) or a list of them, all of one size and with
///         plain boxes (an array cannot hold jigsaw regions, extra units or pencil marks).
///     threads: worker threads; None uses every core.
///
/// Returns:
///     A uint8 array of shape (N, n*n), or (n*n,) for one puzzle.
///
/// Raises:
///     ParseError: a puzzle cannot be read, or cannot be a row of the array.
#[pyfunction]
#[pyo3(signature = (x, *, threads = None))]
pub(crate) fn to_array<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let (form, results) = batch::each(
        py,
        x,
        threads,
        Cost::Cheap,
        || (),
        |_, board| cells_of(board?),
    )?;
    output::check(py, form, &results, Errors::Raise)?;
    let cells: Vec<Vec<u8>> = results.into_iter().flatten().collect();
    let width = cells.first().map_or(81, Vec::len);
    if let Some(i) = cells.iter().position(|row| row.len() != width) {
        let failure = Failure::new(
            Kind::Parse,
            format!(
                "{} cells where the first puzzle has {width}: an array holds puzzles of one size",
                cells[i].len()
            ),
        );
        return Err(failure.to_pyerr(py, Some(i)));
    }
    let data = cells.concat();
    output::array(py, &data, "uint8", cells.len(), width, form.is_single())
}

/// The cells of a puzzle that an array row can hold.
fn cells_of(board: Board) -> Result<Vec<u8>, Failure> {
    match board {
        Board::Classic { grid, marks: None } => Ok(grid.cells().to_vec()),
        Board::Classic { marks: Some(_), .. } => Err(Failure::new(
            Kind::Parse,
            "a pencil-mark position: an array holds givens only (pass its 729-character line instead)",
        )),
        Board::Variant(puzzle) => {
            let rules = puzzle.rules();
            if rules.jigsaw().is_none() && !rules.diagonals() && !rules.windoku() {
                Ok(puzzle.cells().to_vec())
            } else {
                Err(Failure::new(
                    Kind::Parse,
                    "a variant: an array holds plain boxes only (keep its JSON line instead)",
                ))
            }
        }
    }
}

/// Puzzles as lines: the symbols of each (81 characters for 9x9, '.' for a blank).
///
/// Args:
///     x: a numpy array of shape (N, n*n) (or (n*n,)), or puzzles as solve() takes them.
///     threads: worker threads; None uses every core.
///
/// Returns:
///     A list of lines, or one line for one puzzle.
///
/// Raises:
///     ParseError: a row is not a puzzle (a value above the side).
#[pyfunction]
#[pyo3(signature = (x, *, threads = None))]
pub(crate) fn to_strings<'py>(
    py: Python<'py>,
    x: &Bound<'py, PyAny>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyAny>> {
    let (form, results) = batch::each(
        py,
        x,
        threads,
        Cost::Cheap,
        || (),
        |_, board| {
            Ok(match board? {
                Board::Classic {
                    marks: Some(marks), ..
                } => marks.to_string(),
                Board::Classic { grid, .. } => grid.to_string(),
                Board::Variant(puzzle) => variant_line(&puzzle),
            })
        },
    )?;
    let form = match form {
        Form::Array { flat: false, .. } => Form::List,
        form => form,
    };
    output::objects(py, form, results, Errors::Raise, |line| {
        Ok(line.into_pyobject(py)?.into_any())
    })
}
