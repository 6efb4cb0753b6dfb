//! The exceptions of the package, and [`Failure`]: why one puzzle got no answer, carried from
//! the worker threads to the Python exception it becomes.

use std::any::Any;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

create_exception!(
    sudoku_rs,
    SudokuError,
    PyValueError,
    "A puzzle got no answer. The base of every exception of sudoku_rs, a ValueError.\n\n\
     Attributes: `index` is the 0-based place of the puzzle in a batch (None for one puzzle);\n\
     `line` and `column` point into the puzzle's text where they can (else None)."
);
create_exception!(
    sudoku_rs,
    ParseError,
    SudokuError,
    "The input is not a puzzle: what and where, e.g. 'line 1, column 5: invalid character ...'."
);
create_exception!(
    sudoku_rs,
    ClashError,
    SudokuError,
    "Two givens already break a rule: the same digit twice in a row, column, box or extra unit."
);
create_exception!(
    sudoku_rs,
    NoSolutionError,
    SudokuError,
    "The puzzle has no solution (or a position contradicts its solution)."
);
create_exception!(
    sudoku_rs,
    MultipleSolutionsError,
    SudokuError,
    "The puzzle has several solutions where one was required."
);
create_exception!(
    sudoku_rs,
    GaveUpError,
    SudokuError,
    "An incomplete or bounded search ran out of its budget without an answer."
);
create_exception!(
    sudoku_rs,
    NotClassicError,
    SudokuError,
    "The call takes classic 9x9 puzzles, and this one is of another size or variant."
);
create_exception!(
    sudoku_rs,
    GenerateError,
    SudokuError,
    "No puzzle met the targets of generate() within its attempts."
);

/// What kind of problem a [`Failure`] is: one exception class each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    Parse,
    Clash,
    NoSolution,
    Several,
    GaveUp,
    NotClassic,
    Generate,
    /// A bug: a panic caught in a worker.
    Internal,
}

/// Why one puzzle got no answer: the message the command line writes for it, and where in
/// the puzzle's text, when it points somewhere.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Failure {
    pub(crate) kind: Kind,
    pub(crate) message: String,
    pub(crate) line: Option<usize>,
    pub(crate) column: Option<usize>,
}

impl Failure {
    pub(crate) fn new(kind: Kind, message: impl Into<String>) -> Failure {
        Failure {
            kind,
            message: message.into(),
            line: None,
            column: None,
        }
    }

    /// A panic caught in a worker: a bug, reported instead of crashing the interpreter.
    pub(crate) fn panic(payload: &(dyn Any + Send)) -> Failure {
        let what = payload
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| payload.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into());
        Failure::new(
            Kind::Internal,
            format!("internal error (a bug in sudoku_rs, please report it): {what}"),
        )
    }

    /// The status word of the command line's JSON records for this failure.
    pub(crate) fn status(&self) -> &'static str {
        match self.kind {
            Kind::Parse => "malformed",
            Kind::Clash => "clash",
            Kind::NoSolution => "no solution",
            Kind::Several => "several solutions",
            Kind::GaveUp => "gave up",
            Kind::NotClassic => "not classic",
            Kind::Generate => "not made",
            Kind::Internal => "internal error",
        }
    }

    /// The Python exception: `puzzle {index}: ` leads the message of a puzzle in a batch, and
    /// the exception carries `index`, `line` and `column`.
    pub(crate) fn to_pyerr(&self, py: Python<'_>, index: Option<usize>) -> PyErr {
        let message = match index {
            Some(i) => format!("puzzle {i}: {}", self.message),
            None => self.message.clone(),
        };
        let err = match self.kind {
            Kind::Parse => ParseError::new_err(message),
            Kind::Clash => ClashError::new_err(message),
            Kind::NoSolution => NoSolutionError::new_err(message),
            Kind::Several => MultipleSolutionsError::new_err(message),
            Kind::GaveUp => GaveUpError::new_err(message),
            Kind::NotClassic => NotClassicError::new_err(message),
            Kind::Generate => GenerateError::new_err(message),
            Kind::Internal => SudokuError::new_err(message),
        };
        let value = err.value(py);
        // Attributes of a fresh exception instance: setting them cannot fail in practice, and
        // the exception stands without them if it did.
        let _ = value.setattr("index", index);
        let _ = value.setattr("line", self.line);
        let _ = value.setattr("column", self.column);
        err
    }
}
