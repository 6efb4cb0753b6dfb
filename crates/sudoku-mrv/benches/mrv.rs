//! Side-by-side benchmarks of `MrvSolver` and the crates.io `sudoku` crate (JCZSolve-based)
//! on the public sets, in two modes: the first solution, and proving uniqueness (counting up
//! to 2). Every answer is checked before anything is timed.
//!
//! Groups are named after the data set, functions after the solver: `mrv` and
//! `sudoku-crate` count to 2, `mrv/first` and `sudoku-crate/first` stop at the first
//! solution. One iteration is one pass over the set (at most 5,000 puzzles), reported per
//! puzzle through the throughput.

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use sudoku_core::{CountSolutions, Grid, Solver};
use sudoku_mrv::MrvSolver;

/// The sets compared, and how many puzzles of each to time.
const SETS: &[(&str, usize)] = &[
    ("17_clue", 5000),
    ("magictour_top1465", 5000),
    ("forum_hardest_1106", 5000),
    ("forum_hardest_1905_11plus", 5000),
];

fn reference(puzzle: &Grid) -> sudoku::Sudoku {
    sudoku::Sudoku::from_str_line(&puzzle.to_string()).expect("the sudoku crate reads our line")
}

fn reference_grid(sudoku: sudoku::Sudoku) -> Grid {
    Grid::from_cells(sudoku.to_bytes()).expect("the sudoku crate writes digits 0 to 9")
}

fn benches(c: &mut Criterion) {
    for &(name, take) in SETS {
        let Some(mut puzzles) = sudoku_testing::public_set(&format!("{name}.txt")) else {
            continue;
        };
        puzzles.truncate(take);
        let theirs: Vec<sudoku::Sudoku> = puzzles.iter().map(reference).collect();

        // Check every answer of both solvers, in both modes, before timing.
        let mut mrv = MrvSolver::default();
        for (puzzle, sudoku) in puzzles.iter().zip(&theirs) {
            let solution = mrv
                .solve(puzzle)
                .solution()
                .expect("mrv solves every puzzle");
            assert!(solution.solves(puzzle), "mrv: wrong answer to {puzzle}");
            assert_eq!(mrv.count_solutions(puzzle, 2), 1, "mrv: {puzzle} is unique");
            let one = reference_grid(sudoku.some_solution().expect("solvable"));
            assert!(one.solves(puzzle), "sudoku crate: wrong answer to {puzzle}");
            assert_eq!(sudoku.solutions_count_up_to(2), 1, "sudoku crate: {puzzle}");
            assert_eq!(one, solution, "unique puzzles have one answer");
        }

        let mut group = c.benchmark_group(name);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.sample_size(10);
        group.bench_function("mrv", |b| {
            b.iter(|| {
                for puzzle in &puzzles {
                    black_box(mrv.count_solutions(black_box(puzzle), 2));
                }
            })
        });
        group.bench_function("sudoku-crate", |b| {
            b.iter(|| {
                for sudoku in &theirs {
                    black_box(black_box(*sudoku).solutions_count_up_to(2));
                }
            })
        });
        group.bench_function("mrv/first", |b| {
            b.iter(|| {
                for puzzle in &puzzles {
                    black_box(mrv.solve(black_box(puzzle)));
                }
            })
        });
        group.bench_function("sudoku-crate/first", |b| {
            b.iter(|| {
                for sudoku in &theirs {
                    black_box(black_box(*sudoku).some_solution());
                }
            })
        });
        group.finish();
    }
}

criterion_group!(mrv_benches, benches);
criterion_main!(mrv_benches);
