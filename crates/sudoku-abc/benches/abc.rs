//! Criterion benchmarks of the bee colony on small fixed slices of the public sets.
//!
//! Each answer is checked with `Grid::solves` before anything is timed. The crates.io
//! `sudoku` solver runs on the same slice in the same process, for a side-by-side ratio.

use criterion::{Criterion, criterion_group, criterion_main};
use sudoku_abc::AbcSolver;
use sudoku_core::{Grid, Solver};
use sudoku_testing::public_set;

/// Solves every puzzle, panicking on anything but a verified solution.
fn solve_all(solver: &mut AbcSolver, puzzles: &[Grid]) {
    for puzzle in puzzles {
        let verdict = solver.solve(puzzle);
        match verdict.solution() {
            Some(grid) => assert!(grid.solves(puzzle), "wrong answer for {puzzle}"),
            None => panic!("{puzzle}: {verdict}"),
        }
    }
}

fn bench_set(c: &mut Criterion, name: &str, take: usize) {
    let Some(puzzles) = public_set(&format!("{name}.txt")) else {
        return;
    };
    let puzzles = &puzzles[..take.min(puzzles.len())];
    let mut solver = AbcSolver::default();
    solve_all(&mut solver, puzzles);
    let mut group = c.benchmark_group(name);
    group.sample_size(10);
    group.bench_function("abc", |b| b.iter(|| solve_all(&mut solver, puzzles)));
    // The crates.io `sudoku` solver (a complete backtracking solver), for scale.
    let lines: Vec<String> = puzzles.iter().map(|p| p.to_string()).collect();
    for (line, puzzle) in lines.iter().zip(puzzles) {
        let answer = sudoku::Sudoku::from_str_line(line)
            .expect("valid line")
            .some_solution()
            .expect("solvable")
            .to_str_line()
            .to_string();
        let answer: Grid = answer.parse().expect("a grid");
        assert!(answer.solves(puzzle), "reference answer wrong for {puzzle}");
    }
    group.bench_function("sudoku-crate", |b| {
        b.iter(|| {
            for line in &lines {
                let sudoku = sudoku::Sudoku::from_str_line(line).expect("valid line");
                std::hint::black_box(sudoku.some_solution());
            }
        })
    });
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_set(c, "norvig_top95", 10);
    bench_set(c, "magictour_top1465", 10);
    bench_set(c, "17_clue", 20);
}

criterion_group!(abc, benches);
criterion_main!(abc);
