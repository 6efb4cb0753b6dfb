//! Puzzles of other sizes with a unique solution, made here, and a side-by-side speed
//! comparison of the solvers of every size on them, every answer checked.
//!
//! `cargo run --profile fast -p sudoku-dlx --example variant_compare -- [PUZZLES] [PASSES]`
//!
//! For each size (9x9, 12x12, 16x16, 25x25) it makes PUZZLES puzzles (default 20) from fixed
//! seeds: a solved grid from the shape's pattern under a random relabelling and shuffle of
//! rows, columns, bands and stacks, then cells blanked in random order while DLX says the
//! puzzle stays unique, down to a share of givens (9x9: 30%, 12x12: 40%, 16x16: 45%,
//! 25x25: 55%). It then runs PASSES passes (default 5) of each solver over the set (solve,
//! then check the answer against the known solution), alternating which solver goes first, and
//! prints the median time per puzzle of DLX's and MRV's solvers of every size and the median of
//! the per-pass ratios. Single-threaded.

use std::hint::black_box;
use std::time::Instant;

use rand::Rng;
use rand::seq::SliceRandom;
use sudoku_core::{CountSolutions, Puzzle, Rules, Shape, Solver};
use sudoku_dlx::DlxVariantSolver;
use sudoku_mrv::MrvVariantSolver;

/// A random solved grid of `shape`: the pattern `(c (row mod r) + row / r + col) mod n`
/// (boxes of `r x c`), with its digits relabelled and its rows within bands, bands, columns
/// within stacks and stacks shuffled.
pub(crate) fn solved_grid<R: Rng + ?Sized>(shape: Shape, rng: &mut R) -> Puzzle {
    let (r, c, n) = (shape.box_rows(), shape.box_cols(), shape.size());
    // A permutation of 0..n that keeps groups of `group` consecutive values together.
    let mut grouped = |group: usize| -> Vec<usize> {
        let mut groups: Vec<usize> = (0..n / group).collect();
        groups.shuffle(rng);
        let mut order = Vec::with_capacity(n);
        for g in groups {
            let mut inner: Vec<usize> = (0..group).collect();
            inner.shuffle(rng);
            order.extend(inner.into_iter().map(|i| g * group + i));
        }
        order
    };
    let rows = grouped(r);
    let cols = grouped(c);
    let mut digits: Vec<u8> = (1..=n as u8).collect();
    digits.shuffle(rng);
    let cells = (0..n * n)
        .map(|cell| {
            let (row, col) = (rows[cell / n], cols[cell % n]);
            digits[(c * (row % r) + row / r + col) % n]
        })
        .collect();
    Puzzle::new(Rules::new(shape), cells).expect("digits of the board")
}

/// A puzzle with a unique solution, `solution`: its cells blanked in random order, each
/// blank kept when `solver` still counts one solution, until only `givens` remain or every
/// cell was tried.
pub(crate) fn unique_puzzle<R: Rng + ?Sized, S: CountSolutions<Puzzle = Puzzle>>(
    solution: &Puzzle,
    givens: usize,
    rng: &mut R,
    solver: &mut S,
) -> Puzzle {
    let mut puzzle = solution.clone();
    let mut order: Vec<usize> = (0..puzzle.cells().len()).collect();
    order.shuffle(rng);
    let mut filled = order.len();
    for cell in order {
        if filled <= givens {
            break;
        }
        let digit = puzzle[cell];
        puzzle.set(cell, 0);
        if solver.count_solutions(&puzzle, 2) == 1 {
            filled -= 1;
        } else {
            puzzle.set(cell, digit);
        }
    }
    puzzle
}

/// `count` unique puzzles of the board of side `n` with about `share` of the cells given,
/// with their solutions, from seed `seed`.
pub(crate) fn unique_puzzles(
    n: usize,
    share: f64,
    count: usize,
    seed: u64,
) -> Vec<(Puzzle, Puzzle)> {
    let shape = Shape::for_size(n).expect("a known size");
    let mut solver = DlxVariantSolver::default();
    let givens = (share * (n * n) as f64).round() as usize;
    (0..count)
        .map(|i| {
            let mut rng = sudoku_core::seeded_rng_for(seed, i as u64);
            let solution = solved_grid(shape, &mut rng);
            let puzzle = unique_puzzle(&solution, givens, &mut rng, &mut solver);
            (puzzle, solution)
        })
        .collect()
}

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(f64::total_cmp);
    xs[xs.len() / 2]
}

/// Microseconds per puzzle of one pass of `solver` over `set`, every answer checked.
fn pass<S: Solver<Puzzle = Puzzle>>(solver: &mut S, set: &[(Puzzle, Puzzle)]) -> f64 {
    let start = Instant::now();
    for (puzzle, solution) in set {
        let answer = solver.solve(black_box(puzzle)).solution();
        assert_eq!(answer.as_ref(), Some(solution), "{puzzle}");
    }
    start.elapsed().as_secs_f64() * 1e6 / set.len() as f64
}

fn main() {
    let mut args = std::env::args().skip(1);
    let count: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(20);
    let passes: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(5);
    println!(
        "{:<8} {:>7} {:>7} {:>12} {:>12} {:>9}",
        "size", "puzzles", "givens", "dlx µs", "mrv µs", "dlx/mrv"
    );
    for (n, share) in [(9, 0.30), (12, 0.40), (16, 0.45), (25, 0.55)] {
        let set = unique_puzzles(n, share, count, 17);
        let givens: usize = set.iter().map(|(p, _)| p.filled()).sum();
        let mut dlx = DlxVariantSolver::default();
        let mut mrv = MrvVariantSolver::default();
        let (mut dlx_times, mut mrv_times, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
        for i in 0..passes {
            // Alternate which solver goes first.
            let (d, m) = if i % 2 == 0 {
                let d = pass(&mut dlx, &set);
                (d, pass(&mut mrv, &set))
            } else {
                let m = pass(&mut mrv, &set);
                (pass(&mut dlx, &set), m)
            };
            dlx_times.push(d);
            mrv_times.push(m);
            ratios.push(d / m);
        }
        println!(
            "{:<8} {:>7} {:>7.1} {:>12.1} {:>12.1} {:>9.2}",
            format!("{n}x{n}"),
            set.len(),
            givens as f64 / set.len() as f64,
            median(dlx_times),
            median(mrv_times),
            median(ratios)
        );
    }
}
