//! [`Transform`]: the validity-preserving symmetries of Sudoku.

use std::fmt;

use crate::candidates::Candidates;
use crate::digits::DigitSet;
use crate::grid::Grid;

/// One symmetry of Sudoku: it maps every valid grid to a valid grid, every puzzle to a
/// puzzle with as many solutions, and keeps logical difficulty.
///
/// A transform permutes the rows (bands among themselves and rows within each band), the
/// columns (stacks, and columns within each stack), may transpose the grid, and relabels the
/// digits. There are 2 x 6^8 = 3,359,232 geometric transforms and 9! relabellings.
///
/// Output cell (r, c) takes the digit of source cell (`rows[r]`, `cols[c]`), or of
/// (`cols[c]`, `rows[r]`) when transposing, relabelled by `digits`:
///
/// ```
/// use sudoku_core::{Grid, Transform};
///
/// let puzzle: Grid =
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79".parse()?;
/// // Swap the first two rows, transpose, and exchange digits 1 and 2.
/// let t = Transform::new(
///     [1, 0, 2, 3, 4, 5, 6, 7, 8],
///     [0, 1, 2, 3, 4, 5, 6, 7, 8],
///     true,
///     [2, 1, 3, 4, 5, 6, 7, 8, 9],
/// )?;
/// let image = t.apply(&puzzle);
/// assert_eq!(image.filled(), puzzle.filled());
/// assert_eq!(t.inverse().apply(&image), puzzle);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Transform {
    rows: [u8; 9],
    cols: [u8; 9],
    transpose: bool,
    /// `digits[d]` is what digit `d` becomes; `digits[0] = 0` keeps blanks blank.
    digits: [u8; 10],
}

impl Transform {
    /// The transform that changes nothing.
    pub const IDENTITY: Transform = Transform {
        rows: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        cols: [0, 1, 2, 3, 4, 5, 6, 7, 8],
        transpose: false,
        digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
    };

    /// A transform from its parts: `rows[r]` is the source row of output row `r` (likewise
    /// `cols`), `transpose` swaps rows and columns of the source, and `digits[d - 1]` is what
    /// digit `d` becomes.
    ///
    /// # Errors
    ///
    /// When `rows` or `cols` is not a permutation of 0 to 8 that moves bands (stacks) as
    /// wholes, or `digits` is not a permutation of 1 to 9.
    pub fn new(
        rows: [u8; 9],
        cols: [u8; 9],
        transpose: bool,
        digits: [u8; 9],
    ) -> Result<Transform, TransformError> {
        check_lines(&rows, TransformErrorKind::Rows)?;
        check_lines(&cols, TransformErrorKind::Columns)?;
        let mut seen = 0u16;
        for &d in &digits {
            if !(1..=9).contains(&d) || seen & (1 << d) != 0 {
                return Err(TransformError {
                    kind: TransformErrorKind::Digits,
                    message: format!("digits {digits:?} are not a permutation of 1 to 9"),
                });
            }
            seen |= 1 << d;
        }
        let mut map = [0u8; 10];
        map[1..].copy_from_slice(&digits);
        Ok(Transform {
            rows,
            cols,
            transpose,
            digits: map,
        })
    }

    /// The source row of each output row.
    pub fn rows(&self) -> [u8; 9] {
        self.rows
    }

    /// The source column of each output column.
    pub fn cols(&self) -> [u8; 9] {
        self.cols
    }

    /// Whether the source is transposed before rows and columns are taken.
    pub fn transposes(&self) -> bool {
        self.transpose
    }

    /// What each digit becomes: element `d - 1` is the image of digit `d`.
    pub fn digits(&self) -> [u8; 9] {
        let mut out = [0u8; 9];
        out.copy_from_slice(&self.digits[1..]);
        out
    }

    /// The same geometry with digits left as they are.
    pub fn geometry(&self) -> Transform {
        Transform {
            digits: Transform::IDENTITY.digits,
            ..*self
        }
    }

    /// The source cell (0 to 80) whose digit lands on output `cell`; `None` for a cell off
    /// the grid (81 or more).
    ///
    /// ```
    /// use sudoku_core::Transform;
    ///
    /// let t = Transform::random(&mut sudoku_core::seeded_rng(1));
    /// let image = t.image_of(40).expect("a cell of the grid");
    /// assert_eq!(t.source_of(image), Some(40));
    /// assert_eq!((t.image_of(81), t.source_of(usize::MAX), t.relabel(10)), (None, None, None));
    /// ```
    #[inline]
    pub fn source_of(&self, cell: usize) -> Option<usize> {
        (cell < 81).then(|| self.source(cell))
    }

    /// [`source_of`](Transform::source_of) of a cell known to be on the grid.
    #[inline]
    fn source(&self, cell: usize) -> usize {
        let (r, c) = (self.rows[cell / 9] as usize, self.cols[cell % 9] as usize);
        if self.transpose { c * 9 + r } else { r * 9 + c }
    }

    /// The output cell on which source `cell` lands; `None` for a cell off the grid.
    pub fn image_of(&self, cell: usize) -> Option<usize> {
        (cell < 81).then(|| self.inverse().source(cell))
    }

    /// The image of digit `digit` (0 stays 0); `None` for a value above 9.
    #[inline]
    pub fn relabel(&self, digit: u8) -> Option<u8> {
        self.digits.get(usize::from(digit)).copied()
    }

    /// The image of `grid`.
    pub fn apply(&self, grid: &Grid) -> Grid {
        let source = grid.cells();
        let mut cells = [0u8; 81];
        for (cell, out) in cells.iter_mut().enumerate() {
            *out = self.digits[source[self.source(cell)] as usize];
        }
        Grid::from_cells(cells).expect("a transform maps digits to digits")
    }

    /// The image of a pencil-mark position: each cell's candidates moved and relabelled.
    pub fn apply_candidates(&self, marks: &Candidates) -> Candidates {
        let mut sets = [DigitSet::EMPTY; 81];
        for (cell, set) in sets.iter_mut().enumerate() {
            *set = marks.sets()[self.source(cell)]
                .iter()
                .map(|d| self.digits[d as usize])
                .collect();
        }
        Candidates::from_sets(sets)
    }

    /// Applies `self`, then `next`: `a.then(&b).apply(g) == b.apply(&a.apply(g))`.
    pub fn then(&self, next: &Transform) -> Transform {
        // Output cell of `next` (r, c) comes from cell `next.source_of` of `self`'s output,
        // which comes from `self.source_of` of that. Compose on the cell maps, then read
        // the structured form back.
        let mut digits = [0u8; 10];
        for d in 0..10 {
            digits[d] = next.digits[self.digits[d] as usize];
        }
        let map = |cell: usize| self.source(next.source(cell));
        Transform::from_cell_map(map, digits)
    }

    /// The transform that undoes `self`.
    pub fn inverse(&self) -> Transform {
        let mut sources = [0u8; 81];
        for cell in 0..81 {
            sources[self.source(cell)] = cell as u8;
        }
        let mut digits = [0u8; 10];
        for d in 0..10 {
            digits[self.digits[d] as usize] = d as u8;
        }
        Transform::from_cell_map(|cell| sources[cell] as usize, digits)
    }

    /// Reads the structured form back from a cell map known to be a transform's.
    fn from_cell_map(map: impl Fn(usize) -> usize, digits: [u8; 10]) -> Transform {
        // Output cells (0, 0) and (0, 1) come from one source row unless transposed.
        let transpose = map(0) / 9 != map(1) / 9;
        let mut rows = [0u8; 9];
        let mut cols = [0u8; 9];
        for k in 0..9 {
            let (down, right) = (map(k * 9), map(k));
            if transpose {
                rows[k] = (down % 9) as u8;
                cols[k] = (right / 9) as u8;
            } else {
                rows[k] = (down / 9) as u8;
                cols[k] = (right % 9) as u8;
            }
        }
        Transform {
            rows,
            cols,
            transpose,
            digits,
        }
    }

    /// A random transform, every one of the 2 x 6^8 x 9! equally likely.
    #[cfg(feature = "rand")]
    pub fn random<R: rand::Rng + ?Sized>(rng: &mut R) -> Transform {
        use rand::seq::SliceRandom;
        let lines = |rng: &mut R| {
            let mut groups = [0u8, 1, 2];
            groups.shuffle(rng);
            let mut out = [0u8; 9];
            for (g, &group) in groups.iter().enumerate() {
                let mut within = [0u8, 1, 2];
                within.shuffle(rng);
                for k in 0..3 {
                    out[g * 3 + k] = group * 3 + within[k];
                }
            }
            out
        };
        let rows = lines(rng);
        let cols = lines(rng);
        let transpose = rand::RngExt::random_bool(rng, 0.5);
        let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        digits.shuffle(rng);
        Transform::new(rows, cols, transpose, digits).expect("shuffled by bands and stacks")
    }
}

impl Default for Transform {
    fn default() -> Transform {
        Transform::IDENTITY
    }
}

impl fmt::Debug for Transform {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Transform")
            .field("rows", &self.rows)
            .field("cols", &self.cols)
            .field("transpose", &self.transpose)
            .field("digits", &self.digits())
            .finish()
    }
}

fn check_lines(lines: &[u8; 9], kind: TransformErrorKind) -> Result<(), TransformError> {
    let (what, group) = match kind {
        TransformErrorKind::Rows => ("rows", "band"),
        _ => ("columns", "stack"),
    };
    let fail = |message| Err(TransformError { kind, message });
    let mut seen = 0u16;
    for (k, &line) in lines.iter().enumerate() {
        if line > 8 || seen & (1 << line) != 0 {
            return fail(format!("{what} {lines:?} are not a permutation of 0 to 8"));
        }
        seen |= 1 << line;
        if line / 3 != lines[k - k % 3] / 3 {
            return fail(format!(
                "{what} {lines:?} split a {group}: positions {}, {} and {} must come from one {group}",
                k - k % 3,
                k - k % 3 + 1,
                k - k % 3 + 2
            ));
        }
    }
    Ok(())
}

/// Parts given to [`Transform::new`] that do not make a symmetry of Sudoku: which part
/// ([`kind`](TransformError::kind)), and why (its message).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransformError {
    kind: TransformErrorKind,
    message: String,
}

/// Which part of a [`Transform`] is not a symmetry of Sudoku.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum TransformErrorKind {
    /// The rows: not a permutation of 0 to 8, or one that splits a band.
    Rows,
    /// The columns: not a permutation of 0 to 8, or one that splits a stack.
    Columns,
    /// The digits: not a permutation of 1 to 9.
    Digits,
}

impl TransformError {
    /// Which part is wrong.
    pub fn kind(&self) -> TransformErrorKind {
        self.kind
    }
}

impl fmt::Display for TransformError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for TransformError {}

#[cfg(test)]
mod tests {
    use super::*;

    const SOLUTION: &str =
        "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

    fn some() -> Transform {
        Transform::new(
            [5, 3, 4, 0, 2, 1, 7, 8, 6],
            [2, 0, 1, 8, 7, 6, 4, 3, 5],
            true,
            [3, 1, 2, 9, 8, 7, 4, 5, 6],
        )
        .unwrap()
    }

    #[test]
    fn parts_are_checked() {
        let id = [0, 1, 2, 3, 4, 5, 6, 7, 8];
        let digits = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        assert_eq!(
            Transform::new(id, id, false, digits).unwrap(),
            Transform::IDENTITY
        );
        let err = Transform::new([0, 1, 3, 2, 4, 5, 6, 7, 8], id, false, digits).unwrap_err();
        assert_eq!(
            err.to_string(),
            "rows [0, 1, 3, 2, 4, 5, 6, 7, 8] split a band: positions 0, 1 and 2 must come from one band"
        );
        let err = Transform::new(id, [0, 0, 2, 3, 4, 5, 6, 7, 8], false, digits).unwrap_err();
        assert_eq!(
            err.to_string(),
            "columns [0, 0, 2, 3, 4, 5, 6, 7, 8] are not a permutation of 0 to 8"
        );
        let err = Transform::new(id, id, false, [1, 2, 3, 4, 5, 6, 7, 8, 8]).unwrap_err();
        assert!(err.to_string().starts_with("digits"), "{err}");
        assert_eq!(err.kind(), TransformErrorKind::Digits);
        assert!(Transform::new([0, 1, 2, 3, 4, 5, 6, 7, 9], id, false, digits).is_err());
    }

    #[test]
    fn images_of_solutions_are_solutions_and_inverse_undoes() {
        let solution: Grid = SOLUTION.parse().unwrap();
        let t = some();
        let image = t.apply(&solution);
        assert!(image.is_solved());
        assert_ne!(image, solution);
        assert_eq!(t.inverse().apply(&image), solution);
        assert_eq!(t.inverse().inverse(), t);
        assert_eq!(Transform::IDENTITY.apply(&solution), solution);
        for cell in 0..81 {
            let to = t.image_of(cell).unwrap();
            assert_eq!(t.source_of(to), Some(cell));
            assert_eq!(Some(image[to]), t.relabel(solution[cell]));
        }
        let puzzle: Grid =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"
                .parse()
                .unwrap();
        assert_eq!(
            t.apply_candidates(&Candidates::from_grid(&puzzle)),
            Candidates::from_grid(&t.apply(&puzzle))
        );
    }

    #[test]
    fn composition_applies_in_order() {
        let solution: Grid = SOLUTION.parse().unwrap();
        let a = some();
        let b = Transform::new(
            [3, 4, 5, 0, 1, 2, 8, 7, 6],
            [1, 0, 2, 3, 5, 4, 6, 7, 8],
            false,
            [9, 8, 7, 6, 5, 4, 3, 2, 1],
        )
        .unwrap();
        assert_eq!(a.then(&b).apply(&solution), b.apply(&a.apply(&solution)));
        assert_eq!(b.then(&a).apply(&solution), a.apply(&b.apply(&solution)));
        assert_eq!(a.then(&a.inverse()), Transform::IDENTITY);
        assert_eq!(a.geometry().digits(), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
        assert_eq!(a.geometry().rows(), a.rows());
    }

    #[cfg(feature = "rand")]
    #[test]
    fn random_transforms_vary_and_keep_grids_valid() {
        use rand::SeedableRng;
        let solution: Grid = SOLUTION.parse().unwrap();
        let mut rng = rand_pcg::Pcg64::seed_from_u64(11);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..200 {
            let t = Transform::random(&mut rng);
            let image = t.apply(&solution);
            assert!(image.is_solved());
            assert_eq!(t.inverse().apply(&image), solution);
            seen.insert(image);
        }
        assert!(seen.len() > 190, "transforms vary");
    }
}
