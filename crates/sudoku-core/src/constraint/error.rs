//! [`ConstraintError`]: a variant puzzle, or its text, that is not valid.

use std::fmt;

/// A variant puzzle (or an f-puzzles, SudokuPad or ipuz text of one) that is not valid.
///
/// Its message names what is wrong and where: `thermometer at r1c1: r1c1 and r1c3 are not
/// neighbours`, `f-puzzles: unknown key "skyscraper" (a constraint this toolkit does not
/// solve)`. [`kind`](ConstraintError::kind) gives the class of the defect to programs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConstraintError {
    kind: ConstraintErrorKind,
    message: String,
}

/// What kind of defect a [`ConstraintError`] reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ConstraintErrorKind {
    /// A board side outside 3 to 25 (or what a format allows).
    Size,
    /// A region map that is not `n` regions of `n` cells.
    Regions,
    /// A given or solution digit off the board or above the side.
    Given,
    /// A constraint that is not valid on the board (its message names it and the cell).
    Constraint,
    /// A key or constraint a format names that this toolkit does not know: refused, since
    /// ignoring a rule would give a confident wrong answer.
    Unsupported,
    /// Text that is not the format: bad JSON, a bad link, a value of the wrong type.
    Syntax,
}

impl ConstraintError {
    pub(crate) fn new(kind: ConstraintErrorKind, message: String) -> ConstraintError {
        ConstraintError { kind, message }
    }

    /// The same error with `context` before its message (`"thermometer" entry 2: ...`).
    #[allow(dead_code)] // used by the format readers (feature `fpuzzles`)
    pub(crate) fn within(self, context: &str) -> ConstraintError {
        ConstraintError {
            kind: self.kind,
            message: format!("{context}: {}", self.message),
        }
    }

    /// What kind of defect it is.
    pub fn kind(&self) -> ConstraintErrorKind {
        self.kind
    }
}

impl fmt::Display for ConstraintError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ConstraintError {}
