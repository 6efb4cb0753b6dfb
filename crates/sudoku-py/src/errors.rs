//! The exceptions of the package, and how the front door's [`Failure`] (why one puzzle got no
//! answer) becomes one of them.

use std::any::Any;

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
pub(crate) use sudoku_api::{Failure, FailureKind};

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

/// A panic caught in a worker: a bug, reported instead of crashing the interpreter.
pub(crate) fn panic_failure(payload: &(dyn Any + Send)) -> Failure {
    let what = payload
        .downcast_ref::<&str>()
        .map(|s| s.to_string())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "unknown panic".into());
    Failure::new(
        FailureKind::Internal,
        format!("internal error (a bug in sudoku_rs, please report it): {what}"),
    )
}

/// The Python exception of a failure, one class per kind: `puzzle {index}: ` leads the
/// message of a puzzle in a batch, and the exception carries `index`, `line` and `column`.
pub(crate) fn to_pyerr(failure: &Failure, py: Python<'_>, index: Option<usize>) -> PyErr {
    let message = match index {
        Some(i) => format!("puzzle {i}: {}", failure.message()),
        None => failure.message().to_string(),
    };
    let err = match failure.kind() {
        FailureKind::Malformed => ParseError::new_err(message),
        FailureKind::Clash => ClashError::new_err(message),
        FailureKind::NoSolution | FailureKind::Contradiction | FailureKind::WrongElimination => {
            NoSolutionError::new_err(message)
        }
        FailureKind::Several => MultipleSolutionsError::new_err(message),
        FailureKind::GaveUp => GaveUpError::new_err(message),
        FailureKind::NotClassic => NotClassicError::new_err(message),
        FailureKind::NotMade => GenerateError::new_err(message),
        _ => SudokuError::new_err(message),
    };
    let value = err.value(py);
    // Attributes of a fresh exception instance: setting them cannot fail in practice, and
    // the exception stands without them if it did.
    let _ = value.setattr("index", index);
    let _ = value.setattr("line", failure.line());
    let _ = value.setattr("column", failure.column());
    err
}

/// A usage error (arguments no call takes) as Python's ValueError.
pub(crate) fn usage(err: sudoku_api::UsageError) -> PyErr {
    PyValueError::new_err(err.to_string())
}
