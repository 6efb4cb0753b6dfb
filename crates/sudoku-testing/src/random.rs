//! Seeded random grids and puzzles, the same for the same seed.

use sudoku_core::{Grid, seeded_rng};

/// A random solved grid, the same for the same seed: [`Grid::random_solved`] from
/// [`seeded_rng`]`(seed)`.
pub fn random_solved_grid(seed: u64) -> Grid {
    Grid::random_solved(&mut seeded_rng(seed))
}

/// A random puzzle with `clues` givens (at most 81): that many cells of a random solved grid
/// chosen at random, both drawn from [`seeded_rng`]`(seed)`. It always has
/// a solution and may have many.
pub fn random_puzzle(seed: u64, clues: usize) -> Grid {
    use rand::seq::SliceRandom;
    let mut rng = seeded_rng(seed);
    let solution = Grid::random_solved(&mut rng);
    let mut cells: Vec<usize> = (0..81).collect();
    cells.shuffle(&mut rng);
    let mut puzzle = Grid::EMPTY;
    for &cell in cells.iter().take(clues.min(81)) {
        puzzle.set(cell, solution[cell]);
    }
    puzzle
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn random_grids_are_solved_repeatable_and_varied() {
        let a = random_solved_grid(1);
        assert!(a.is_solved());
        assert_eq!(a, random_solved_grid(1));
        assert_ne!(a, random_solved_grid(2));
        let puzzle = random_puzzle(7, 30);
        assert_eq!(puzzle.filled(), 30);
        assert!(random_solved_grid(7).solves(&puzzle));
        assert_eq!(puzzle, random_puzzle(7, 30));
    }
}
