//! Seeded test instances of every size and variant, shared by the integration tests and the
//! `abc_variants` example (which includes this file with `#[path]`).
//!
//! The instance class of the metaheuristics literature (Lewis, "Metaheuristics can solve
//! Sudoku puzzles", 2007; Lloyd and Amos, "Solving Sudoku with ant colony optimization",
//! 2019): a random solved grid with a random share of its cells blanked, so the puzzle is
//! solvable but its solution need not be unique.
//!
//! Random solved grids: the first row gets a random permutation of the digits (any such row
//! is completed by some solution, since relabelling the digits of a solution keeps it one),
//! the general MRV solver completes the board, and on boards with plain boxes a random
//! shuffle of bands, rows within bands, stacks and columns within stacks follows.

#![allow(dead_code, unreachable_pub)]

use std::sync::Arc;

use rand::RngExt as _;
use rand::seq::SliceRandom;
use sudoku_core::{Puzzle, Rules, Shape, Solver, Verdict};

/// A random solved grid under `rules`, from `seed`; `None` when the rules admit no grid.
pub fn random_solution(rules: &Arc<Rules>, seed: u64) -> Option<Puzzle> {
    let mut rng = sudoku_core::seeded_rng(seed);
    let n = rules.size();
    let mut first: Vec<u8> = (1..=n as u8).collect();
    first.shuffle(&mut rng);
    let mut cells = vec![0u8; n * n];
    cells[..n].copy_from_slice(&first);
    let start = Puzzle::with_rules(Arc::clone(rules), cells).expect("digits of the board");
    let Verdict::Solved(grid) = sudoku_mrv::VariantSolver::default().solve(&start) else {
        return None;
    };
    if rules.jigsaw().is_some() || rules.diagonals() || rules.windoku() {
        return Some(grid);
    }
    // Plain boxes: shuffle bands and stacks and the lines inside them.
    let shape = rules.shape();
    let rows = line_order(n, shape.box_rows(), &mut rng);
    let cols = line_order(n, shape.box_cols(), &mut rng);
    let shuffled = (0..n * n)
        .map(|cell| grid.get(rows[cell / n] * n + cols[cell % n]))
        .collect();
    let shuffled = Puzzle::with_rules(Arc::clone(rules), shuffled).expect("same digits");
    debug_assert!(shuffled.is_solved());
    Some(shuffled)
}

/// A random order of `n` lines that keeps groups of `group` lines together (bands of rows
/// or stacks of columns), shuffling the groups and the lines inside each.
fn line_order(n: usize, group: usize, rng: &mut sudoku_core::SeededRng) -> Vec<usize> {
    let mut groups: Vec<usize> = (0..n / group).collect();
    groups.shuffle(rng);
    let mut order = Vec::with_capacity(n);
    for g in groups {
        let mut lines: Vec<usize> = (g * group..(g + 1) * group).collect();
        lines.shuffle(rng);
        order.extend(lines);
    }
    order
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

/// A random jigsaw layout of side `n` with a grid that solves it: a random solved grid of
/// the plain rules, whose boxes are reshaped by `swaps` exchanges of two cells holding the
/// same digit between two regions that touch (one cell beside the other region each, kept
/// when both regions stay connected), so that every region still holds each digit once.
pub fn random_jigsaw(n: usize, swaps: usize, seed: u64) -> (Arc<Rules>, Puzzle) {
    let shape = Shape::for_size(n).expect("a size with boxes");
    let grid = random_solution(&plain(n), seed).expect("plain rules admit grids");
    let mut rng = sudoku_core::seeded_rng_for(seed, 2);
    let mut map: Vec<usize> = (0..n * n).map(|cell| shape.box_of(cell)).collect();
    let mut done = 0;
    while done < swaps {
        let a = rng.random_range(0..n * n);
        let neighbours = neighbours(a, n);
        let Some(b) = neighbours[rng.random_range(0..4)] else {
            continue;
        };
        let (ra, rb) = (map[a], map[b]);
        if ra == rb {
            continue;
        }
        // The cell of b's region with a's digit goes to a's region in exchange for a.
        let Some(c) = (0..n * n).find(|&c| map[c] == rb && grid.get(c) == grid.get(a)) else {
            continue;
        };
        let mut next = map.clone();
        next[a] = rb;
        next[c] = ra;
        if Rules::new(shape).with_jigsaw(&next).is_ok() {
            map = next;
            done += 1;
        }
    }
    let rules = Arc::new(Rules::new(shape).with_jigsaw(&map).expect("checked"));
    let solution = Puzzle::with_rules(Arc::clone(&rules), grid.cells().to_vec()).expect("cells");
    debug_assert!(solution.is_solved());
    (rules, solution)
}

/// The orthogonal neighbours of `cell` on a board of side `n`.
fn neighbours(cell: usize, n: usize) -> [Option<usize>; 4] {
    [
        (cell >= n).then(|| cell - n),
        (cell + n < n * n).then(|| cell + n),
        (cell % n > 0).then(|| cell - 1),
        (cell % n + 1 < n).then(|| cell + 1),
    ]
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
