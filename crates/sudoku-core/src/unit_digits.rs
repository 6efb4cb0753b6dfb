//! [`UnitDigits`]: the digits each row, column and box holds, kept up to date cell by cell.

use crate::digits::DigitSet;
use crate::grid::Grid;
use crate::tables::{BOX_OF, COL_OF, ROW_OF};

/// The digits each row, column and box of a grid holds, as 9-bit masks kept up to date as
/// digits are placed and taken away: what a cell's peers hold costs three loads, where
/// [`Grid::candidates`] reads the 20 peers. For searches and generators that change a grid
/// one cell at a time.
///
/// It trusts its caller: a digit is inserted in a cell whose units lack it, and removed from
/// the cell that holds it. A cell off the grid or a value outside 1..=9 changes nothing.
///
/// ```
/// use sudoku_core::{DigitSet, Grid, UnitDigits};
///
/// let puzzle: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// let mut digits = UnitDigits::of(&puzzle);
/// assert_eq!(digits.free(2), puzzle.candidates(2)); // r1c3: 1, 2 or 4
/// digits.insert(2, 4);
/// assert_eq!(digits.free(2), Some([1, 2].into_iter().collect::<DigitSet>()));
/// digits.remove(2, 4);
/// assert_eq!(digits, UnitDigits::of(&puzzle));
/// # Ok::<(), sudoku_core::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct UnitDigits {
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

impl UnitDigits {
    /// No digit anywhere: the empty grid's.
    pub const EMPTY: UnitDigits = UnitDigits {
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
    };

    /// The digits of `grid`'s units.
    pub fn of(grid: &Grid) -> UnitDigits {
        let mut digits = UnitDigits::EMPTY;
        for cell in 0..81 {
            if grid[cell] != 0 {
                digits.insert(cell, grid[cell]);
            }
        }
        digits
    }

    /// Notes `digit` (1 to 9) placed in `cell`: its row, column and box hold it. Returns
    /// whether it did (`false` for a cell off the grid or a value outside 1..=9).
    #[inline]
    pub fn insert(&mut self, cell: usize, digit: u8) -> bool {
        let bit = DigitSet::only(digit).bits();
        if cell >= 81 || bit == 0 {
            return false;
        }
        self.rows[usize::from(ROW_OF[cell])] |= bit;
        self.cols[usize::from(COL_OF[cell])] |= bit;
        self.boxes[usize::from(BOX_OF[cell])] |= bit;
        true
    }

    /// Notes `digit` (1 to 9) taken out of `cell`: its row, column and box no longer hold it.
    /// Returns whether it did (`false` for a cell off the grid or a value outside 1..=9).
    #[inline]
    pub fn remove(&mut self, cell: usize, digit: u8) -> bool {
        let bit = DigitSet::only(digit).bits();
        if cell >= 81 || bit == 0 {
            return false;
        }
        let keep = !bit;
        self.rows[usize::from(ROW_OF[cell])] &= keep;
        self.cols[usize::from(COL_OF[cell])] &= keep;
        self.boxes[usize::from(BOX_OF[cell])] &= keep;
        true
    }

    /// The digits `cell`'s row, column and box hold (the cell's own digit included); `None`
    /// for a cell off the grid.
    #[inline]
    pub fn seen(&self, cell: usize) -> Option<DigitSet> {
        (cell < 81).then(|| {
            DigitSet::from_bits(
                self.rows[usize::from(ROW_OF[cell])]
                    | self.cols[usize::from(COL_OF[cell])]
                    | self.boxes[usize::from(BOX_OF[cell])],
            )
        })
    }

    /// The digits none of `cell`'s units holds: a blank cell's candidates; `None` for a cell
    /// off the grid.
    #[inline]
    pub fn free(&self, cell: usize) -> Option<DigitSet> {
        self.seen(cell).map(|seen| !seen)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn free_digits_are_the_candidates_of_every_blank() {
        let puzzle: Grid =
            "1....7.9..3..2...8..96..5....53..9...1..8...26....4...3......1..4......7..7...3.."
                .parse()
                .unwrap();
        let digits = UnitDigits::of(&puzzle);
        for cell in (0..81).filter(|&c| puzzle[c] == 0) {
            assert_eq!(digits.free(cell), puzzle.candidates(cell), "cell {cell}");
            let (seen, free) = (digits.seen(cell).unwrap(), digits.free(cell).unwrap());
            assert_eq!(seen.bits() | free.bits(), 0x1FF);
        }
        assert_eq!(UnitDigits::of(&Grid::EMPTY), UnitDigits::EMPTY);
        assert_eq!(UnitDigits::EMPTY.free(40), Some(DigitSet::ALL));
        // Off the grid, or not a digit: nothing, and no change.
        let mut digits = UnitDigits::EMPTY;
        assert!(!digits.insert(81, 1) && !digits.insert(0, 0) && !digits.remove(0, 10));
        assert_eq!((digits, digits.free(81)), (UnitDigits::EMPTY, None));
    }
}
