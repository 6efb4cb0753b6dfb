//! [`KillerError`]: why a text, a JSON document or a set of cages is not a valid killer puzzle.

use std::fmt;

use sudoku_core::{Clash, cell_name};

/// A killer puzzle that cannot be read or is not valid.
///
/// Its message names what is wrong and where: the cage (by its letter in the text form, by its
/// 1-based position in the JSON `cages` list otherwise, and by its first cell), the cell, or the
/// line and column of the text. [`kind`](KillerError::kind) gives the same facts to programs.
///
/// ```
/// use sudoku_killer::{KillerErrorKind, KillerPuzzle};
///
/// // Nine row cages; row 1 claims to add up to 44.
/// let map: String = "ABCDEFGHI".chars().map(|c| format!("{}\n", c.to_string().repeat(9))).collect();
/// let text = format!("{map}A=44 B=45 C=45 D=45 E=45 F=45 G=45 H=45 I=45");
/// let err = text.parse::<KillerPuzzle>().unwrap_err();
/// assert!(matches!(err.kind(), KillerErrorKind::UnreachableSum { cage: 0, size: 9, sum: 44 }));
/// assert_eq!(
///     err.to_string(),
///     "cage A at r1c1: 9 different digits cannot add up to 44 (they reach 45 to 45)"
/// );
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KillerError {
    kind: KillerErrorKind,
    /// How the cage of `kind` (if any) is named: its letter and its first cell.
    cage: Option<CageName>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct CageName {
    pub(crate) index: usize,
    pub(crate) label: Option<char>,
    pub(crate) first_cell: Option<usize>,
}

impl fmt::Display for CageName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.label {
            Some(label) => write!(f, "cage {label}")?,
            None => write!(f, "cage {}", self.index + 1)?,
        }
        if let Some(cell) = self.first_cell {
            write!(f, " at {}", cell_name(cell))?;
        }
        Ok(())
    }
}

/// What is wrong with a killer puzzle. Cages are numbered from 0 in the order they were
/// given (JSON list order, or first appearance in a cage map); cells are 0 to 80, row-major.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum KillerErrorKind {
    /// The text or JSON is malformed.
    Syntax {
        /// 1-based line (0 when the position is unknown).
        line: usize,
        /// 1-based column in characters (0 when the position is unknown).
        column: usize,
        /// What was expected or found.
        message: String,
    },
    /// A cage lists a cell outside the 9x9 board.
    CellOutOfRange {
        /// The cage.
        cage: usize,
        /// The row as written (0-based).
        row: i64,
        /// The column as written (0-based).
        col: i64,
    },
    /// A cell belongs to two cages (or is listed twice in one).
    CellInTwoCages {
        /// The cell.
        cell: usize,
        /// The cage that listed it first.
        first: usize,
        /// The cage that listed it again.
        second: usize,
    },
    /// A cell belongs to no cage.
    CellInNoCage {
        /// The cell.
        cell: usize,
    },
    /// A cage has 0 cells or more than 9.
    CageSize {
        /// The cage.
        cage: usize,
        /// Its number of cells.
        size: usize,
    },
    /// A cage's cells are not orthogonally connected.
    CageNotConnected {
        /// The cage.
        cage: usize,
        /// A cell of the cage that cannot be reached from its first cell.
        cell: usize,
    },
    /// No set of `size` different digits adds up to the cage's sum.
    UnreachableSum {
        /// The cage.
        cage: usize,
        /// Its number of cells.
        size: usize,
        /// Its sum.
        sum: u32,
    },
    /// The cage sums do not add up to 405 (nine times 1 + 2 + ... + 9).
    TotalSum {
        /// What they add up to.
        total: u64,
    },
    /// In the text form, a cage letter of the map has no sum.
    MissingSum {
        /// The letter.
        label: char,
    },
    /// Two givens break a Sudoku rule.
    GivensClash(Clash),
    /// Givens inside one cage repeat a digit, exceed its sum, or leave a remainder that the
    /// cage's other cells cannot make with digits not yet used.
    GivenBreaksCage {
        /// The cage.
        cage: usize,
        /// A given cell of that cage.
        cell: usize,
    },
}

impl KillerError {
    pub(crate) fn new(kind: KillerErrorKind) -> KillerError {
        KillerError { kind, cage: None }
    }

    pub(crate) fn syntax(line: usize, column: usize, message: impl Into<String>) -> KillerError {
        KillerError::new(KillerErrorKind::Syntax {
            line,
            column,
            message: message.into(),
        })
    }

    pub(crate) fn with_cage(mut self, name: CageName) -> KillerError {
        self.cage = Some(name);
        self
    }

    /// What went wrong, for programs that react to it.
    pub fn kind(&self) -> &KillerErrorKind {
        &self.kind
    }

    fn cage_name(&self, index: usize) -> CageName {
        self.cage.unwrap_or(CageName {
            index,
            label: None,
            first_cell: None,
        })
    }
}

impl fmt::Display for KillerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match &self.kind {
            KillerErrorKind::Syntax {
                line,
                column,
                message,
            } => {
                if *line > 0 {
                    write!(f, "line {line}, column {column}: ")?;
                }
                f.write_str(message)
            }
            KillerErrorKind::CellOutOfRange { cage, row, col } => write!(
                f,
                "{}: cell [{row}, {col}] is outside the board (rows and columns are 0 to 8)",
                self.cage_name(*cage)
            ),
            KillerErrorKind::CellInTwoCages {
                cell,
                first,
                second,
            } => {
                if first == second {
                    write!(
                        f,
                        "{}: cell {} is listed twice",
                        self.cage_name(*first),
                        cell_name(*cell)
                    )
                } else {
                    write!(
                        f,
                        "cell {} is in two cages: cage {} and cage {}",
                        cell_name(*cell),
                        first + 1,
                        second + 1
                    )
                }
            }
            KillerErrorKind::CellInNoCage { cell } => {
                write!(f, "cell {} is in no cage", cell_name(*cell))
            }
            KillerErrorKind::CageSize { cage, size } => write!(
                f,
                "{} has {size} cells, a cage has 1 to 9",
                self.cage_name(*cage)
            ),
            KillerErrorKind::CageNotConnected { cage, cell } => write!(
                f,
                "{} is not connected: cell {} cannot be reached from its other cells",
                self.cage_name(*cage),
                cell_name(*cell)
            ),
            KillerErrorKind::UnreachableSum { cage, size, sum } => {
                let lo = size * (size + 1) / 2;
                let hi = 45 - (9 - size) * (10 - size) / 2;
                if *size == 1 {
                    write!(
                        f,
                        "{}: 1 digit cannot add up to {sum} (it is 1 to 9)",
                        self.cage_name(*cage)
                    )
                } else {
                    write!(
                        f,
                        "{}: {size} different digits cannot add up to {sum} (they reach {lo} to {hi})",
                        self.cage_name(*cage)
                    )
                }
            }
            KillerErrorKind::TotalSum { total } => {
                write!(f, "cage sums add up to {total}, expected 405")
            }
            KillerErrorKind::MissingSum { label } => {
                write!(f, "cage {label} has no sum (write {label}=<sum>)")
            }
            KillerErrorKind::GivensClash(clash) => write!(f, "givens clash: {clash}"),
            KillerErrorKind::GivenBreaksCage { cage, cell } => write!(
                f,
                "{}: the given at {} breaks the cage (repeated digit or wrong sum)",
                self.cage_name(*cage),
                cell_name(*cell)
            ),
        }
    }
}

impl std::error::Error for KillerError {}
