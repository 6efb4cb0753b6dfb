//! [`Filled`]: a filled board of any side, the solution of a [`ConstraintPuzzle`].

use std::fmt;

use super::{ConstraintError, ConstraintErrorKind, ConstraintPuzzle};
use crate::solver::Problem;

/// A filled board of side `n` (3 to 25): what solvers of a [`ConstraintPuzzle`] answer.
/// `{}` writes its line of symbols (`1`-`9`, then `A` for 10 up to `P` for 25), `{:#}` one row
/// per line.
///
/// ```
/// use sudoku_core::Filled;
///
/// let board = Filled::new(4, vec![1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1])?;
/// assert_eq!(board.to_string(), "1234341221434321");
/// assert_eq!(format!("{board:#}"), "1234\n3412\n2143\n4321");
/// # Ok::<(), sudoku_core::ConstraintError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Filled {
    size: u8,
    cells: Vec<u8>,
}

impl Filled {
    /// A board from its side and digits (row-major).
    ///
    /// # Errors
    ///
    /// When there are not `n * n` digits of 1 to `n`, or `n` is outside 3 to 25.
    pub fn new(n: usize, cells: Vec<u8>) -> Result<Filled, ConstraintError> {
        let fail = |message: String| ConstraintError::new(ConstraintErrorKind::Given, message);
        if !(ConstraintPuzzle::MIN_SIZE..=ConstraintPuzzle::MAX_SIZE).contains(&n) {
            return Err(fail(format!("a board of side {n}")));
        }
        if cells.len() != n * n {
            return Err(fail(format!(
                "{} cells for a board of {} cells",
                cells.len(),
                n * n
            )));
        }
        if let Some(cell) = cells.iter().position(|&d| d == 0 || usize::from(d) > n) {
            return Err(fail(format!(
                "{}: {} is not a digit 1 to {n}",
                super::name(cell, n),
                cells[cell]
            )));
        }
        Ok(Filled {
            size: n as u8,
            cells,
        })
    }

    /// The side of the board.
    pub fn size(&self) -> usize {
        usize::from(self.size)
    }

    /// The digits, row-major.
    pub fn cells(&self) -> &[u8] {
        &self.cells
    }
}

impl fmt::Display for Filled {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.size();
        for (i, &d) in self.cells.iter().enumerate() {
            if f.alternate() && i > 0 && i % n == 0 {
                f.write_str("\n")?;
            }
            write!(f, "{}", crate::variant::symbol(d))?;
        }
        Ok(())
    }
}

impl Problem for ConstraintPuzzle {
    /// A filled board.
    type Solution = Filled;
}
