//! Seeded test instances of every size and variant, shared by the integration tests and the
//! `abc_variants` example (which includes this file with `#[path]`).
//!
//! The instance class of the metaheuristics literature (Lewis, "Metaheuristics can solve
//! Sudoku puzzles", 2007; Lloyd and Amos, "Solving Sudoku with ant colony optimization",
//! 2019): a random solved grid with a random share of its cells blanked, so the puzzle is
//! solvable but its solution need not be unique.
//!
//! The random solved grids and jigsaw layouts are sudoku-gen's (`random_solution`,
//! `random_jigsaw`), the workspace's one maker of them; this file blanks a share of their
//! cells.

#![allow(dead_code, unreachable_pub)]

use std::sync::Arc;

use rand::seq::SliceRandom;
use sudoku_core::{Puzzle, Rules, Shape};
use sudoku_mrv::MrvVariantSolver;

/// A random solved grid under `rules`, from `seed` (sudoku-gen's `random_solution`); `None`
/// when the rules admit no grid.
pub fn random_solution(rules: &Arc<Rules>, seed: u64) -> Option<Puzzle> {
    let mut rng = sudoku_core::seeded_rng(seed);
    sudoku_gen::random_solution(rules, &mut rng, &mut MrvVariantSolver::default())
}

/// `solution` with a random `1 - given` share of its cells blanked (rounded to the nearest
/// cell), from `seed`.
pub fn blanked(solution: &Puzzle, given: f64, seed: u64) -> Puzzle {
    let cells = solution.cells().len();
    let blanks = ((1.0 - given) * cells as f64).round() as usize;
    let mut rng = sudoku_core::seeded_rng_for(seed, 1);
    let mut order: Vec<usize> = (0..cells).collect();
    order.shuffle(&mut rng);
    let mut puzzle = solution.clone();
    for &cell in &order[..blanks] {
        puzzle.set(cell, 0);
    }
    puzzle
}

/// Instance `index` of a set: a random solution under `rules` with a `1 - given` share
/// blanked, with that solution.
pub fn instance(rules: &Arc<Rules>, given: f64, seed: u64, index: u64) -> (Puzzle, Puzzle) {
    let grid_seed = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).wrapping_add(index);
    let solution = random_solution(rules, grid_seed).expect("the rules admit a grid");
    (blanked(&solution, given, grid_seed), solution)
}

/// A random jigsaw layout of side `n` (sudoku-gen's `random_jigsaw`) and a random solved grid
/// of it, from `seed`.
pub fn random_jigsaw(n: usize, seed: u64) -> (Arc<Rules>, Puzzle) {
    let shape = Shape::for_size(n).expect("a size with boxes");
    let mut rng = sudoku_core::seeded_rng_for(seed, 2);
    let rules =
        sudoku_gen::random_jigsaw(&Rules::new(shape), &mut rng).expect("plain jigsaws admit grids");
    let rules = Arc::new(rules);
    let solution = sudoku_gen::random_solution(&rules, &mut rng, &mut MrvVariantSolver::default())
        .expect("the layout admits a grid");
    (rules, solution)
}

/// The plain rules of side `n`.
pub fn plain(n: usize) -> Arc<Rules> {
    Arc::new(Rules::new(Shape::for_size(n).expect("a size with boxes")))
}

/// Sudoku X of side `n`.
pub fn sudoku_x(n: usize) -> Arc<Rules> {
    Arc::new(Rules::new(Shape::for_size(n).expect("a size with boxes")).with_diagonals(true))
}

/// 9x9 windoku.
pub fn windoku() -> Arc<Rules> {
    Arc::new(Rules::classic().with_windoku(true).expect("9x9"))
}
