//! What Python hands in: one puzzle (a string, or a dict for a variant), a list of them, or a
//! numpy array of cells; and each puzzle read as the command line reads a record.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};
use sudoku_core::{Candidates, Grid, Puzzle, PuzzleReader, ReadError, Rules, Shape};

use crate::errors::{Failure, Kind, ParseError};

/// The kind of input, which is the kind of output.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Form {
    /// One puzzle: one answer, or an exception.
    One,
    /// A list (or other iterable) of puzzles: a list of answers.
    List,
    /// A numpy array of `rows` puzzles of `width` cells each; `flat` for a 1-D array (one
    /// puzzle).
    Array {
        rows: usize,
        width: usize,
        flat: bool,
    },
}

impl Form {
    /// Whether the answer is one value rather than a sequence.
    pub(crate) fn is_single(self) -> bool {
        matches!(self, Form::One | Form::Array { flat: true, .. })
    }
}

/// A puzzle as the tasks take it.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // one per puzzle, on the stack: boxing costs more
pub(crate) enum Board {
    /// A classic 9x9 puzzle, with its pencil marks when it was written as a position.
    Classic {
        grid: Grid,
        marks: Option<Candidates>,
    },
    /// A puzzle of another size or variant.
    Variant(Puzzle),
}

/// The puzzles of one call, still as text or cells: each is read (in the workers) when its
/// turn comes, so that a bad one fails alone.
#[derive(Debug)]
pub(crate) struct Batch {
    pub(crate) form: Form,
    /// The texts of strings and dicts (dicts as JSON).
    texts: Vec<String>,
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

    /// Puzzle `i`, read.
    pub(crate) fn board(&self, i: usize) -> Result<Board, Failure> {
        match self.form {
            Form::Array { width, .. } => {
                if let Ok(at) = self.bad_rows.binary_search_by_key(&i, |(row, _)| *row) {
                    return Err(self.bad_rows[at].1.clone());
                }
                board_of_cells(&self.cells[i * width..(i + 1) * width])
            }
            _ => parse_text(&self.texts[i]),
        }
    }
}

/// Reads the puzzle argument of a call: a string, a dict (a variant in the JSON form), an
/// iterable of those, or a numpy array of shape `(N, n*n)` (or `(n*n,)` for one puzzle).
pub(crate) fn read(x: &Bound<'_, PyAny>) -> PyResult<Batch> {
    let batch = |form, texts| Batch {
        form,
        texts,
        cells: Vec::new(),
        bad_rows: Vec::new(),
    };
    if let Some(text) = one_text(x)? {
        return Ok(batch(Form::One, vec![text]));
    }
    if x.hasattr("__array_interface__")? {
        return read_array(x);
    }
    if x.is_instance_of::<PyBytes>() {
        return Err(PyTypeError::new_err(
            "a puzzle is a str, not bytes: decode it first",
        ));
    }
    let Ok(items) = x.try_iter() else {
        return Err(PyTypeError::new_err(format!(
            "expected a puzzle (a str, or a dict for a variant), a list of them, or a numpy \
             array of shape (N, n*n); got {}",
            type_name(x)
        )));
    };
    let mut texts = Vec::new();
    for (i, item) in items.enumerate() {
        let item = item?;
        match one_text(&item)? {
            Some(text) => texts.push(text),
            None => {
                return Err(PyTypeError::new_err(format!(
                    "puzzle {i}: expected a str (or a dict for a variant), got {}",
                    type_name(&item)
                )));
            }
        }
    }
    Ok(batch(Form::List, texts))
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
    let (rows, width, flat) = match shape.as_slice() {
        [width] => (1, *width, true),
        [rows, width] => (*rows, *width, false),
        _ => {
            return Err(PyValueError::new_err(format!(
                "a puzzle array has shape (N, n*n), or (n*n,) for one puzzle; got {} dimensions",
                shape.len()
            )));
        }
    };
    if Shape::for_cells(width).is_none() {
        return Err(ParseError::new_err(format!(
            "rows of {width} cells are no board: a row holds n*n cells for a side n of 4, 6, 8, \
             9, 10, 12, 15, 16, 20 or 25 (81 for 9x9)"
        )));
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
                    bad_rows.push((row, out_of_range(width, cell, value)));
                }
                0
            });
            cells.push(cell);
        }
        cells
    };
    Ok(Batch {
        form: Form::Array { rows, width, flat },
        texts: Vec::new(),
        cells,
        bad_rows,
    })
}

/// A value outside 0 to 255 in a cell of an array, in the words the readers use for values
/// above the side.
fn out_of_range(width: usize, cell: usize, value: i64) -> Failure {
    let n = Shape::for_cells(width).map_or(9, |shape| shape.size());
    let message = if width == 81 {
        format!(
            "cell {} ({}): value {value} is not a digit 0-9",
            cell + 1,
            sudoku_core::cell_name(cell)
        )
    } else {
        format!(
            "r{}c{}: value {value} is not a digit of a board of side {n}",
            cell / n + 1,
            cell % n + 1
        )
    };
    Failure::new(Kind::Parse, message)
}

/// A puzzle from a row of an array: 81 cells make a classic grid, other sizes a puzzle with
/// plain boxes.
fn board_of_cells(row: &[u8]) -> Result<Board, Failure> {
    if let Ok(cells) = <[u8; 81]>::try_from(row) {
        return Grid::from_cells(cells)
            .map(|grid| Board::Classic { grid, marks: None })
            .map_err(|err| Failure::new(Kind::Parse, err.to_string()));
    }
    let shape = Shape::for_cells(row.len()).expect("the width was checked");
    Puzzle::with_rules(Rules::plain(shape), row.to_vec())
        .map(Board::Variant)
        .map_err(|err| Failure::new(Kind::Parse, err.to_string()))
}

/// The failure of a record the reader could not read: its message and position as the
/// command line gives them.
pub(crate) fn read_failure(err: &ReadError) -> Failure {
    Failure {
        kind: Kind::Parse,
        message: err.to_string(),
        line: Some(err.line()),
        column: err.column(),
    }
}

/// Reads one puzzle from a text, as the command line reads a record: every form its reader
/// takes (a line with a comment or a rating after the cells, a drawing, pencil marks, other
/// sizes, a JSON line for a variant). The text must hold exactly one puzzle.
pub(crate) fn parse_text(text: &str) -> Result<Board, Failure> {
    let start = text.trim_start();
    if start.starts_with('{') && (text.contains("\"cages\"") || text.contains("\"cage_map\"")) {
        return Err(Failure::new(
            Kind::Parse,
            "a killer puzzle (it has cages): use solve_killer or count_killer",
        ));
    }
    let mut records = PuzzleReader::new(text.as_bytes()).any_size();
    let record = match records.next() {
        None => return Err(Failure::new(Kind::Parse, "no puzzle found")),
        Some(Err(err)) => return Err(read_failure(&err)),
        Some(Ok(record)) => record,
    };
    match records.next() {
        None => {}
        Some(Err(err)) => return Err(read_failure(&err)),
        Some(Ok(next)) => {
            return Err(Failure {
                line: Some(next.line),
                ..Failure::new(
                    Kind::Parse,
                    format!(
                        "line {}: a second puzzle; pass one puzzle per string (a list for many)",
                        next.line
                    ),
                )
            });
        }
    }
    Ok(match record.into_classic() {
        Ok(record) => Board::Classic {
            grid: record.puzzle,
            marks: record.candidates,
        },
        Err(record) => Board::Variant(record.puzzle),
    })
}
