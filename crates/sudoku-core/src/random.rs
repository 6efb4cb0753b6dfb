//! Seeded randomness (feature `rand`): the generator behind every seed of the workspace and
//! the one builder of random solved grids.
//!
//! Every seeded API of the workspace turns its `u64` seed into a [`SeededRng`] with
//! [`seeded_rng`] (or [`seeded_rng_for`] for item `i` of a batch), so that a seed names the
//! same output on every platform and from one version to the next: PCG-64 from `rand_pcg`
//! is a pinned, portable generator, unlike `rand`'s `StdRng` and `SmallRng`. APIs that take
//! any `R: rand::Rng` let users bring their own.

use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};

use crate::grid::Grid;
use crate::tables::UNITS;
use crate::transform::Transform;
use crate::unit_digits::UnitDigits;

/// The generator behind every seed: PCG-64 (`rand_pcg::Pcg64`, O'Neill's XSL-RR 128/64 LCG),
/// portable and reproducible.
pub type SeededRng = rand_pcg::Pcg64;

/// The generator a seed names.
///
/// ```
/// use rand::RngExt;
/// let mut a = sudoku_core::seeded_rng(7);
/// let mut b = sudoku_core::seeded_rng(7);
/// assert_eq!(a.random_range(0..1000), b.random_range(0..1000));
/// ```
pub fn seeded_rng(seed: u64) -> SeededRng {
    SeededRng::seed_from_u64(seed)
}

/// The generator of item `index` of a batch made from `seed`: PCG stream `index` of the
/// seed's state, so each item depends on `seed` and `index` only, not on how a batch is
/// spread over threads.
pub fn seeded_rng_for(seed: u64, index: u64) -> SeededRng {
    let state = rand_pcg::Pcg64Mcg::seed_from_u64(seed).next_u64();
    SeededRng::new(
        (u128::from(state) << 64) | u128::from(seed),
        u128::from(index),
    )
}

impl Grid {
    /// A random solved grid.
    ///
    /// Boxes 1, 5 and 9 get random permutations (they share no row or column, and every
    /// such filling completes); the other cells are filled by backtracking, fewest candidates
    /// first, candidates in random order; then a random [`Transform`] shuffles the result.
    /// The grid depends on the random numbers only.
    ///
    /// ```
    /// let mut rng = sudoku_core::seeded_rng(1);
    /// let grid = sudoku_core::Grid::random_solved(&mut rng);
    /// assert!(grid.is_solved());
    /// ```
    pub fn random_solved<R: Rng + ?Sized>(rng: &mut R) -> Grid {
        let mut fill = Fill {
            cells: [0; 81],
            blank: (1 << 81) - 1,
            digits: UnitDigits::EMPTY,
        };
        for b in [0usize, 4, 8] {
            let mut digits = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
            digits.shuffle(rng);
            for (k, &cell) in UNITS[18 + b].iter().enumerate() {
                fill.set(cell as usize, digits[k]);
            }
        }
        assert!(fill.complete(rng), "boxes 1, 5 and 9 always complete");
        let solved = Grid::from_cells(fill.cells).expect("digits 1 to 9");
        debug_assert!(solved.is_solved());
        Transform::random(rng).apply(&solved)
    }
}

/// A grid being filled, with the digits each row, column and box holds.
struct Fill {
    cells: [u8; 81],
    /// The blank cells, bit `c` for cell `c`.
    blank: u128,
    digits: UnitDigits,
}

/// The number of digits in each 9-bit mask (a table: `count_ones` is no single instruction
/// on the baseline x86-64 target).
const SIZE: [u8; 512] = {
    let mut t = [0; 512];
    let mut m = 0;
    while m < 512 {
        t[m] = (m as u32).count_ones() as u8;
        m += 1;
    }
    t
};

impl Fill {
    fn set(&mut self, cell: usize, digit: u8) {
        self.cells[cell] = digit;
        self.blank &= !(1 << cell);
        self.digits.insert(cell, digit);
    }

    fn clear(&mut self, cell: usize) {
        self.digits.remove(cell, self.cells[cell]);
        self.cells[cell] = 0;
        self.blank |= 1 << cell;
    }

    /// Fills every blank cell, fewest candidates first (the first such cell in row-major
    /// order), candidates in random order; false when this branch has no completion.
    fn complete<R: Rng + ?Sized>(&mut self, rng: &mut R) -> bool {
        if self.blank == 0 {
            return true;
        }
        let (mut cell, mut free, mut size) = (0, 0, u8::MAX);
        let mut blank = self.blank;
        while blank != 0 {
            let c = blank.trailing_zeros() as usize;
            blank &= blank - 1;
            let f = self.digits.free(c).expect("a cell of the grid").bits();
            let n = SIZE[usize::from(f)];
            if n < size {
                (cell, free, size) = (c, f, n);
                if n <= 1 {
                    break;
                }
            }
        }
        let mut digits = [0u8; 9];
        let mut n = 0;
        while free != 0 {
            digits[n] = free.trailing_zeros() as u8 + 1;
            free &= free - 1;
            n += 1;
        }
        let digits = &mut digits[..n];
        digits.shuffle(rng);
        for &digit in digits.iter() {
            self.set(cell, digit);
            if self.complete(rng) {
                return true;
            }
            self.clear(cell);
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngExt;

    #[test]
    fn a_seed_names_the_same_numbers() {
        // Pinned: a change here changes every generated puzzle and benchmark set of the
        // workspace, so it must be deliberate.
        let mut rng = seeded_rng(0);
        let first: Vec<u32> = (0..4).map(|_| rng.random_range(0..1_000_000)).collect();
        assert_eq!(first, [831584, 170889, 50672, 687891]);
        assert_eq!(seeded_rng_for(0, 1).random_range(0..1_000_000u32), 858463);
        assert_eq!(
            Grid::random_solved(&mut seeded_rng(0)).to_string(),
            "819473265675281943432659187954832671763915824281746359146327598528194736397568412"
        );
        assert_ne!(
            seeded_rng_for(1, 0).next_u64(),
            seeded_rng_for(1, 1).next_u64()
        );
        assert_ne!(
            seeded_rng_for(1, 0).next_u64(),
            seeded_rng_for(2, 0).next_u64()
        );
        assert_eq!(
            seeded_rng_for(3, 5).next_u64(),
            seeded_rng_for(3, 5).next_u64()
        );
    }

    #[test]
    fn random_solved_grids_are_solved_and_varied() {
        let mut rng = seeded_rng(42);
        let grids: std::collections::HashSet<Grid> =
            (0..100).map(|_| Grid::random_solved(&mut rng)).collect();
        assert_eq!(grids.len(), 100);
        assert!(grids.iter().all(Grid::is_solved));
        assert_eq!(
            Grid::random_solved(&mut seeded_rng(9)),
            Grid::random_solved(&mut seeded_rng(9))
        );
    }
}
