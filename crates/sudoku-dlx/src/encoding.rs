//! Sudoku as an exact-cover problem: 729 rows (a digit in a cell) and 324 columns (the
//! constraints), for use with the generic [`ExactCover`] engine.
//!
//! Row `cell * 9 + (digit - 1)` places `digit` in `cell` (cells numbered 0 to 80 row by row)
//! and covers four columns, one of each kind:
//!
//! | columns | constraint | column of a placement |
//! |---|---|---|
//! | 0-80 | each cell holds one digit | `cell` |
//! | 81-161 | each row holds each digit once | `81 + row * 9 + digit - 1` |
//! | 162-242 | each column holds each digit once | `162 + col * 9 + digit - 1` |
//! | 243-323 | each box holds each digit once | `243 + box * 9 + digit - 1` |
//!
//! A solution is exactly 81 rows, one per cell; the givens are required rows.
//!
//! ```
//! use sudoku_dlx::{Grid, encoding};
//!
//! let puzzle: Grid =
//!     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
//! let mut matrix = encoding::exact_cover();
//! let mut search = matrix.search(&encoding::given_rows(&puzzle)).unwrap();
//! let rows = search.next_solution().unwrap();
//! let answer = encoding::grid_of(rows);
//! assert!(answer.solves(&puzzle));
//! # Ok::<(), sudoku_dlx::ParseError>(())
//! ```

use sudoku_core::{BOX_OF, COL_OF, Grid, ROW_OF};

use crate::ExactCover;

/// The number of columns: 4 constraints x 81.
pub const COLUMNS: usize = 324;

/// The number of rows: 9 digits in each of 81 cells.
pub const ROWS: usize = 729;

/// The row that places `digit` (1 to 9) in `cell` (0 to 80).
pub const fn row(cell: usize, digit: u8) -> usize {
    cell * 9 + digit as usize - 1
}

/// The cell and digit that row `row` (0 to 728) places.
pub const fn placement(row: usize) -> (usize, u8) {
    (row / 9, (row % 9) as u8 + 1)
}

/// The four columns a placement covers: cell, row-digit, column-digit, box-digit.
pub const fn columns(cell: usize, digit: u8) -> [usize; 4] {
    let d = digit as usize - 1;
    [
        cell,
        81 + ROW_OF[cell] as usize * 9 + d,
        162 + COL_OF[cell] as usize * 9 + d,
        243 + BOX_OF[cell] as usize * 9 + d,
    ]
}

/// The whole Sudoku matrix as a generic [`ExactCover`] problem, rows numbered by [`row`].
pub fn exact_cover() -> ExactCover {
    let mut matrix = ExactCover::new(COLUMNS, 0).expect("324 columns");
    for r in 0..ROWS {
        let (cell, digit) = placement(r);
        matrix
            .add_row(columns(cell, digit))
            .expect("the Sudoku rows are well formed");
    }
    matrix
}

/// The rows of the givens of `puzzle`, to pass as required rows.
pub fn given_rows(puzzle: &Grid) -> Vec<usize> {
    (0..81)
        .filter(|&cell| puzzle[cell] != 0)
        .map(|cell| row(cell, puzzle[cell]))
        .collect()
}

/// The grid that a set of rows fills in (later rows win if two name the same cell; rows
/// out of range are ignored).
pub fn grid_of(rows: &[usize]) -> Grid {
    let mut grid = Grid::EMPTY;
    for &r in rows.iter().filter(|&&r| r < ROWS) {
        let (cell, digit) = placement(r);
        grid.set(cell, digit);
    }
    grid
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_column_has_nine_rows_and_every_row_four_columns() {
        let mut count = [0; COLUMNS];
        for r in 0..ROWS {
            let (cell, digit) = placement(r);
            assert_eq!(row(cell, digit), r);
            for c in columns(cell, digit) {
                count[c] += 1;
            }
        }
        assert!(count.iter().all(|&n| n == 9));
        let matrix = exact_cover();
        assert_eq!(matrix.rows(), ROWS);
        assert_eq!(
            matrix.row(row(80, 9)).unwrap().collect::<Vec<_>>(),
            [80, 161, 242, 323]
        );
    }
}
