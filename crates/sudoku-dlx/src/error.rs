//! [`CoverError`]: what is wrong with an exact-cover problem or search.

use std::fmt;

/// A malformed exact-cover problem or search: which row, and what is wrong with it.
///
/// Messages read like `row 3: column 12 does not exist (the problem has 10 columns)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CoverError {
    pub(crate) row: usize,
    pub(crate) kind: CoverErrorKind,
}

/// What is wrong, for programs that react to a [`CoverError`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum CoverErrorKind {
    /// A row has no columns.
    EmptyRow,
    /// A row names a column that does not exist.
    NoSuchColumn {
        /// The column named.
        column: usize,
        /// How many columns (primary and secondary) the problem has.
        columns: usize,
    },
    /// A row names the same column twice.
    RepeatedColumn {
        /// The column named twice.
        column: usize,
    },
    /// The matrix would need more than `u32::MAX` node slots (each row takes as many slots as
    /// the longest row has columns, rounded up to a power of two) or have `2^31` rows.
    TooLarge,
    /// [`ExactCover::new`](crate::ExactCover::new) was asked for more columns than the
    /// engine's node indices (`u32`) can hold, before any row.
    TooManyColumns {
        /// The primary columns asked for.
        primary: usize,
        /// The secondary columns asked for.
        secondary: usize,
    },
    /// A required row does not exist.
    NoSuchRow {
        /// How many rows the problem has.
        rows: usize,
    },
    /// Two required rows share a column, so no solution holds both.
    ConflictingRows {
        /// The earlier required row it conflicts with.
        other: usize,
        /// A column both cover.
        column: usize,
    },
}

impl CoverError {
    /// What is wrong.
    pub fn kind(&self) -> &CoverErrorKind {
        &self.kind
    }

    /// The row at fault: the row being added, or the required row that was rejected (0 for
    /// [`CoverErrorKind::TooManyColumns`], before any row).
    pub fn row(&self) -> usize {
        self.row
    }
}

impl fmt::Display for CoverError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let row = self.row;
        match self.kind {
            CoverErrorKind::EmptyRow => write!(f, "row {row}: empty row (no columns)"),
            CoverErrorKind::NoSuchColumn { column, columns } => write!(
                f,
                "row {row}: column {column} does not exist (the problem has {columns} columns)"
            ),
            CoverErrorKind::RepeatedColumn { column } => {
                write!(f, "row {row}: column {column} appears twice")
            }
            CoverErrorKind::TooLarge => {
                write!(
                    f,
                    "row {row}: the matrix would exceed {} node slots",
                    u32::MAX
                )
            }
            CoverErrorKind::TooManyColumns { primary, secondary } => write!(
                f,
                "{primary} primary and {secondary} secondary columns exceed the engine's {} node slots",
                u32::MAX
            ),
            CoverErrorKind::NoSuchRow { rows } => write!(
                f,
                "required row {row} does not exist (the problem has {rows} rows)"
            ),
            CoverErrorKind::ConflictingRows { other, .. } if other == row => {
                write!(f, "required row {row} is given twice")
            }
            CoverErrorKind::ConflictingRows { other, column } => write!(
                f,
                "required rows {other} and {row} both cover column {column}"
            ),
        }
    }
}

impl std::error::Error for CoverError {}
