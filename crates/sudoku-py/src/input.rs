//! What Python hands in: one puzzle (a string, or a dict for a variant), a list of them, a
//! numpy array of cells or of strings, or a pandas Series; and each puzzle read as the
//! command line reads a record.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyFloat, PyString};
pub(crate) use sudoku_api::Board;
use sudoku_api::Front;

use crate::errors::{Failure, FailureKind, ParseError};

/// The kind of input, which is the kind of output.
#[derive(Debug)]
pub(crate) enum Form {
    /// One puzzle: one answer, or an exception.
    One,
    /// A list (or other iterable) of puzzles: a list of answers.
    List,
    /// A numpy array of numbers: `rows` puzzles of `width` cells each, as the array's own
    /// `shape` lays them out ((n*n,) or (n, n) for one puzzle, (N, n*n) or (N, n, n) for
    /// several); answers that are boards come back in that shape.
    Array {
        rows: usize,
        width: usize,
        shape: Vec<usize>,
    },
    /// A numpy array of strings (or of objects holding strings, as pandas gives): answers
    /// come back in a numpy array of that shape.
    Strings { shape: Vec<usize> },
    /// A pandas Series (a DataFrame's column): answers come back in a Series with its index.
    Series(Py<PyAny>),
}

impl Form {
    /// Whether the answer is one value rather than a sequence.
    pub(crate) fn is_single(&self) -> bool {
        match self {
            Form::One => true,
            Form::Array { rows, shape, .. } => *rows == 1 && shape.len() < 3 && !is_rows(shape),
            _ => false,
        }
    }

    /// The shape of the answers that are not boards (counts, objects): one per puzzle.
    pub(crate) fn batch_shape(&self, n: usize) -> Vec<usize> {
        match self {
            Form::Array { shape, .. } if shape.len() == 3 => vec![shape[0]],
            Form::Strings { shape } => shape.clone(),
            _ => vec![n],
        }
    }
}

/// Whether an array of `shape` is rows of puzzles ((N, n*n)) rather than one square board.
fn is_rows(shape: &[usize]) -> bool {
    matches!(shape, [_, width] if sudoku_api::is_board_width(*width).is_ok())
}

/// The puzzles of one call, still as text or cells: each is read (in the workers) when its
/// turn comes, so that a bad one fails alone.
#[derive(Debug)]
pub(crate) struct Batch {
    pub(crate) form: Form,
    /// The texts of strings and dicts (dicts as JSON); `None` for a missing value.
    texts: Vec<Option<String>>,
    /// The cells of an array, row after row.
    cells: Vec<u8>,
    /// Rows of an array holding a value no cell can hold (below 0 or above 255), and why.
    bad_rows: Vec<(usize, Failure)>,
}

impl Batch {
    /// How many puzzles.
    pub(crate) fn len(&self) -> usize {
        match self.form {
            Form::Array { rows, .. } => rows,
            _ => self.texts.len(),
        }
    }

    /// Puzzle `i`, read, with the solution its text gives after it (see
    /// [`Board::parse_with_solution`]); an array gives none.
    pub(crate) fn board_with_solution(
        &self,
        i: usize,
    ) -> Result<(Board, Option<sudoku_api::Puzzle>), Failure> {
        match self.form {
            Form::Array { width, .. } => {
                if let Ok(at) = self.bad_rows.binary_search_by_key(&i, |(row, _)| *row) {
                    return Err(self.bad_rows[at].1.clone());
                }
                Board::from_cells(&self.cells[i * width..(i + 1) * width])
                    .map(|board| (board, None))
            }
            _ => match &self.texts[i] {
                Some(text) => Board::parse_with_solution(text, Front::Python),
                None => Err(missing()),
            },
        }
    }

    /// Puzzle `i`, read.
    pub(crate) fn board(&self, i: usize) -> Result<Board, Failure> {
        self.board_with_solution(i).map(|(board, _)| board)
    }
}

/// What a dict of a batch is: a variant in the JSON form.
const VARIANT_DICTS: &str = "a dict for a variant";

/// Reads the puzzle argument of a call: a string, a dict (a variant in the JSON form), an
/// iterable of those, a pandas Series of them, or a numpy array: of strings (as pandas
/// gives), or of numbers of shape `(n*n,)` or `(n, n)` for one puzzle, `(N, n*n)` or
/// `(N, n, n)` for several.
pub(crate) fn read(x: &Bound<'_, PyAny>) -> PyResult<Batch> {
    let batch = |form, texts| Batch {
        form,
        texts,
        cells: Vec::new(),
        bad_rows: Vec::new(),
    };
    if let Some(text) = one_text(x)? {
        return Ok(batch(Form::One, vec![Some(text)]));
    }
    // pandas, without depending on it: a DataFrame has columns, a Series an index and values.
    if x.hasattr("columns")? && x.hasattr("iloc")? {
        return Err(PyTypeError::new_err(
            "a DataFrame holds several columns: pass the column of puzzles, such as \
             df['quizzes']",
        ));
    }
    if x.hasattr("index")? && x.hasattr("to_numpy")? && x.hasattr("iloc")? {
        let values = x.call_method0("to_numpy")?;
        let texts = texts_of(&values.call_method0("tolist")?, VARIANT_DICTS)?;
        return Ok(batch(Form::Series(x.clone().unbind()), texts));
    }
    if x.hasattr("__array_interface__")? {
        let kind: String = x.getattr("dtype")?.getattr("kind")?.extract()?;
        if matches!(kind.as_str(), "O" | "U") {
            let shape: Vec<usize> = x.getattr("shape")?.extract()?;
            let flat = x.call_method0("ravel")?.call_method0("tolist")?;
            return Ok(batch(
                Form::Strings { shape },
                texts_of(&flat, VARIANT_DICTS)?,
            ));
        }
        return read_array(x);
    }
    if x.is_instance_of::<PyBytes>() {
        return Err(PyTypeError::new_err(
            "a puzzle is a str, not bytes: decode it first",
        ));
    }
    if x.try_iter().is_err() {
        return Err(PyTypeError::new_err(format!(
            "expected a puzzle (a str, or a dict for a variant), a list of them, a pandas \
             Series, or a numpy array (of strings, or of numbers of shape (n*n,), (n, n), \
             (N, n*n) or (N, n, n)); got {}",
            type_name(x)
        )));
    }
    Ok(batch(Form::List, texts_of(x, VARIANT_DICTS)?))
}

/// The texts of an iterable of puzzles (strings, or dicts: `dicts` says of what, for the
/// message naming an item of another type), `None` for a missing value (see [`is_missing`]),
/// which fails alone as a puzzle would.
pub(crate) fn texts_of(items: &Bound<'_, PyAny>, dicts: &str) -> PyResult<Vec<Option<String>>> {
    let mut texts = Vec::new();
    for (i, item) in items.try_iter()?.enumerate() {
        let item = item?;
        match one_text(&item)? {
            Some(text) => texts.push(Some(text)),
            None if is_missing(&item) => texts.push(None),
            None => {
                return Err(PyTypeError::new_err(format!(
                    "puzzle {i}: expected a str (or {dicts}), got {}",
                    type_name(&item)
                )));
            }
        }
    }
    Ok(texts)
}

/// Whether an item of a batch is a missing value: `None`, a float NaN (what pandas puts in
/// an empty cell of a column of strings), pandas' `NA` or `NaT`.
fn is_missing(item: &Bound<'_, PyAny>) -> bool {
    item.is_none()
        || item.cast::<PyFloat>().is_ok_and(|f| f.value().is_nan())
        || matches!(type_name(item).as_str(), "NAType" | "NaTType")
}

/// Why a missing value of a batch got no answer.
pub(crate) fn missing() -> Failure {
    Failure::new(
        FailureKind::Malformed,
        "a missing value (None or NaN), not a puzzle",
    )
}

/// The text of one puzzle: a string as it is, a dict as JSON; `None` for anything else.
pub(crate) fn one_text(x: &Bound<'_, PyAny>) -> PyResult<Option<String>> {
    if let Ok(text) = x.cast::<PyString>() {
        return Ok(Some(text.to_cow()?.into_owned()));
    }
    if x.is_instance_of::<PyDict>() {
        let json = x.py().import("json")?.call_method1("dumps", (x,))?;
        return Ok(Some(json.extract()?));
    }
    Ok(None)
}

/// The Python type's name, for messages.
pub(crate) fn type_name(x: &Bound<'_, PyAny>) -> String {
    x.get_type()
        .name()
        .map_or_else(|_| "?".into(), |name| name.to_string())
}

/// A numpy array of cells, checked for shape and type, copied out.
fn read_array(x: &Bound<'_, PyAny>) -> PyResult<Batch> {
    let numpy = x.py().import("numpy")?;
    let array = numpy.call_method1("ascontiguousarray", (x,))?;
    let shape: Vec<usize> = array.getattr("shape")?.extract()?;
    let side_of = |n: usize| sudoku_api::check_size(n).is_ok();
    let (rows, width) = match shape.as_slice() {
        [width] => (1, *width),
        [a, b] if a == b && side_of(*a) && !is_rows(&shape) => (1, a * b),
        [rows, width] => (*rows, *width),
        [rows, a, b] if a == b && side_of(*a) => (*rows, a * b),
        _ => {
            let dims: Vec<String> = shape.iter().map(usize::to_string).collect();
            return Err(PyValueError::new_err(format!(
                "a puzzle array has shape (n*n,) or (n, n) for one puzzle, (N, n*n) or \
                 (N, n, n) for N puzzles, for a side n of 4, 6, 8, 9, 10, 12, 15, 16, 20 or \
                 25; got ({}{})",
                dims.join(", "),
                if dims.len() == 1 { "," } else { "" }
            )));
        }
    };
    if let Err(failure) = sudoku_api::is_board_width(width) {
        return Err(ParseError::new_err(failure.message().to_string()));
    }
    let dtype = array.getattr("dtype")?;
    let kind: String = dtype.getattr("kind")?.extract()?;
    let itemsize: usize = dtype.getattr("itemsize")?.extract()?;
    if kind != "u" && kind != "i" {
        return Err(PyTypeError::new_err(format!(
            "a puzzle array holds integers (uint8, 0 for a blank); got dtype {}",
            dtype.str()?
        )));
    }
    let mut bad_rows = Vec::new();
    let cells = if kind == "u" && itemsize == 1 {
        let bytes = array.call_method0("tobytes")?;
        bytes.cast::<PyBytes>()?.as_bytes().to_vec()
    } else {
        let wide = array
            .call_method1("astype", ("<i8",))?
            .call_method0("tobytes")?;
        let wide = wide.cast::<PyBytes>()?.as_bytes();
        let mut cells = Vec::with_capacity(wide.len() / 8);
        for (at, chunk) in wide.chunks_exact(8).enumerate() {
            let mut bytes = [0u8; 8];
            bytes.copy_from_slice(chunk);
            let value = i64::from_le_bytes(bytes);
            let cell = u8::try_from(value).unwrap_or_else(|_| {
                let (row, cell) = (at / width, at % width);
                if bad_rows.last().is_none_or(|(last, _)| *last != row) {
                    bad_rows.push((row, sudoku_api::cell_out_of_range(width, cell, value)));
                }
                0
            });
            cells.push(cell);
        }
        cells
    };
    Ok(Batch {
        form: Form::Array { rows, width, shape },
        texts: Vec::new(),
        cells,
        bad_rows,
    })
}

/// `n`, a count of puzzles to make: 0 up to what a list holds.
pub(crate) fn count_arg(n: i128) -> PyResult<usize> {
    usize::try_from(n)
        .ok()
        .filter(|&n| n <= crate::batch::MAX_ITEMS)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "n is a count of puzzles, 0 to {} (a list holds no more), got {n}",
                crate::batch::MAX_ITEMS
            ))
        })
}

/// `seed`: 0 to 2**64 - 1.
pub(crate) fn seed_arg(seed: i128) -> PyResult<u64> {
    u64::try_from(seed).map_err(|_| {
        PyValueError::new_err(format!("seed is an int from 0 to 2**64 - 1, got {seed}"))
    })
}
