//! [`ReadError`]: what made a puzzle unreadable, and where.

use std::fmt;
use std::io;

use crate::constraint::ConstraintError;
use crate::error::ParseError;
use crate::variant::VariantError;

/// A puzzle that could not be read: what and where.
///
/// Its message names the line, and the column where it can:
/// `line 12, column 40: invalid character 'x' (...)`.
#[derive(Debug)]
pub struct ReadError {
    line: usize,
    kind: ReadErrorKind,
}

/// What made a puzzle unreadable.
#[derive(Debug)]
#[non_exhaustive]
pub enum ReadErrorKind {
    /// The text looks like a puzzle but is not a valid one (its position, if any, counts
    /// lines and columns of the whole input).
    Parse(ParseError),
    /// The line is none of the forms the reader knows.
    NotAPuzzle,
    /// A drawing or candidate grid ended before its last row.
    UnfinishedDrawing {
        /// How many rows it had.
        rows: usize,
        /// How many it needed: 9, or as many as its first row has cells.
        expected: usize,
    },
    /// A solution field (after the puzzle, or in a CSV solution column) that is not 81
    /// digits 1 to 9.
    BadSolution {
        /// 1-based column where the field starts.
        column: usize,
    },
    /// The line is longer than the reader's cap; it was skipped.
    LineTooLong {
        /// The cap, in bytes.
        max: usize,
    },
    /// The line is not UTF-8 text (a binary file?).
    InvalidUtf8 {
        /// 1-based column (in characters) of the first byte that is not UTF-8.
        column: usize,
    },
    /// A puzzle of another size or variant that is not valid, or is not read by this reader
    /// (the 9x9 one) or without feature `json` (JSON lines).
    Variant {
        /// What is wrong.
        error: VariantError,
        /// 1-based column, when the error points at one.
        column: Option<usize>,
    },
    /// A variant puzzle in a format of its own (f-puzzles or ipuz JSON, an f-puzzles or
    /// SudokuPad link) that is not valid: for readers that take such lines beside this one.
    Constraint(ConstraintError),
    /// Reading the input failed; the iteration ends.
    Io(io::Error),
}

impl ReadErrorKind {
    pub(super) fn variant(error: VariantError) -> ReadErrorKind {
        ReadErrorKind::Variant {
            error,
            column: None,
        }
    }
}

impl ReadError {
    pub(super) fn new(line: usize, kind: ReadErrorKind) -> ReadError {
        ReadError { line, kind }
    }

    /// The error of line `line`, a variant puzzle in a format of its own (f-puzzles or ipuz
    /// JSON, an f-puzzles or SudokuPad link) that is not valid: for readers that take such
    /// lines beside [`PuzzleReader`](crate::PuzzleReader)'s forms.
    pub fn constraint(line: usize, error: ConstraintError) -> ReadError {
        ReadError::new(line, ReadErrorKind::Constraint(error))
    }

    /// The 1-based line of the error (for an unfinished drawing, its first line).
    pub fn line(&self) -> usize {
        match &self.kind {
            ReadErrorKind::Parse(err) => err.position().map_or(self.line, |(line, _)| line),
            _ => self.line,
        }
    }

    /// The 1-based column of the error, when it points at one.
    pub fn column(&self) -> Option<usize> {
        match &self.kind {
            ReadErrorKind::Parse(err) => err.position().map(|(_, column)| column),
            ReadErrorKind::BadSolution { column } | ReadErrorKind::InvalidUtf8 { column } => {
                Some(*column)
            }
            ReadErrorKind::Variant { column, .. } => *column,
            _ => None,
        }
    }

    /// What went wrong, for programs that react to it.
    pub fn kind(&self) -> &ReadErrorKind {
        &self.kind
    }

    /// Whether the input itself failed (the iteration ends), rather than one puzzle.
    pub fn is_io(&self) -> bool {
        matches!(self.kind, ReadErrorKind::Io(_))
    }
}

impl ReadError {
    /// What went wrong, without where (see [`line`](ReadError::line) and
    /// [`column`](ReadError::column)), for programs that write the place their own way, such
    /// as `FILE:LINE:COLUMN: message`.
    pub fn message(&self) -> String {
        match &self.kind {
            ReadErrorKind::Parse(err) => err.message(),
            ReadErrorKind::NotAPuzzle => {
                "not a puzzle (expected 81 cells, 1-9 with '.', '0' or '_' \
                for blanks, a 729-character pencil-mark line, or a drawing over 9 rows)"
                    .into()
            }
            ReadErrorKind::UnfinishedDrawing { rows, expected } => format!(
                "a drawing of {rows} row{}, expected {expected}{}",
                if *rows == 1 { "" } else { "s" },
                if *expected == 9 {
                    String::new()
                } else {
                    format!(" (its first row has {expected} cells)")
                }
            ),
            ReadErrorKind::BadSolution { .. } => "the solution field is not 81 digits 1-9".into(),
            ReadErrorKind::LineTooLong { max } => format!("longer than {max} bytes, skipped"),
            ReadErrorKind::InvalidUtf8 { .. } => "not UTF-8 text (a binary file?)".into(),
            ReadErrorKind::Variant { error, .. } => error.to_string(),
            ReadErrorKind::Constraint(error) => error.to_string(),
            ReadErrorKind::Io(err) => format!("read error: {err}"),
        }
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}", self.line())?;
        if let Some(column) = self.column() {
            write!(f, ", column {column}")?;
        }
        write!(f, ": {}", self.message())
    }
}

impl std::error::Error for ReadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            ReadErrorKind::Parse(err) => Some(err),
            ReadErrorKind::Io(err) => Some(err),
            ReadErrorKind::Variant { error, .. } => Some(error),
            ReadErrorKind::Constraint(error) => Some(error),
            _ => None,
        }
    }
}
