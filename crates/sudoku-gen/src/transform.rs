//! The validity-preserving symmetries of Sudoku: relabelling digits, permuting rows within a
//! band, bands, columns within a stack, stacks, and transposing. Each maps puzzles to puzzles
//! with the same number of solutions and the same logical difficulty.

use sudoku_core::{Grid, SplitMix64};

/// One symmetry of the grid, as a cell map and a digit map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Transform {
    /// `cells[i]` is the cell of the source grid that lands on cell `i`.
    cells: [u8; 81],
    /// `digits[d]` is what digit `d` becomes (`digits[0]` = 0, blanks stay blank).
    digits: [u8; 10],
}

impl Transform {
    /// The identity.
    pub fn identity() -> Transform {
        let mut cells = [0u8; 81];
        for (i, c) in cells.iter_mut().enumerate() {
            *c = i as u8;
        }
        Transform {
            cells,
            digits: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
        }
    }

    /// A random symmetry drawn from `rng`.
    pub fn random(rng: &mut SplitMix64) -> Transform {
        let order = |rng: &mut SplitMix64| {
            let mut groups = [0usize, 1, 2];
            rng.shuffle(&mut groups);
            let mut out = [0usize; 9];
            for (g, &group) in groups.iter().enumerate() {
                let mut within = [0usize, 1, 2];
                rng.shuffle(&mut within);
                for k in 0..3 {
                    out[g * 3 + k] = group * 3 + within[k];
                }
            }
            out
        };
        let rows = order(rng);
        let cols = order(rng);
        let transpose = rng.below(2) == 1;
        let mut cells = [0u8; 81];
        for r in 0..9 {
            for c in 0..9 {
                let (sr, sc) = if transpose {
                    (cols[c], rows[r])
                } else {
                    (rows[r], cols[c])
                };
                cells[r * 9 + c] = (sr * 9 + sc) as u8;
            }
        }
        let mut labels = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut labels);
        let mut digits = [0u8; 10];
        digits[1..].copy_from_slice(&labels);
        Transform { cells, digits }
    }

    /// The image of `grid`.
    pub fn apply(&self, grid: &Grid) -> Grid {
        let mut out = Grid::EMPTY;
        for i in 0..81 {
            out.set(i, self.digits[grid[self.cells[i] as usize] as usize]);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_transforms_keep_solutions_valid() {
        let solution: Grid =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179"
                .parse()
                .unwrap();
        let mut rng = SplitMix64::new(11);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..200 {
            let t = Transform::random(&mut rng);
            let image = t.apply(&solution);
            assert!(image.is_solved());
            seen.insert(image);
        }
        assert!(seen.len() > 190, "transforms vary");
        assert_eq!(Transform::identity().apply(&solution), solution);
    }
}
