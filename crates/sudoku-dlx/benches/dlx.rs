//! Criterion benchmarks: DLX against the crates.io `sudoku` crate, side by side, counting
//! solutions up to 2 (solve and prove unique) on slices of the public sets.
//!
//! Every answer is checked before anything is timed. Sets are read from the shared public
//! data folder and skipped with a message when absent.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use sudoku_core::{CountSolutions, Grid, Solver};
use sudoku_dlx::DlxSolver;
use sudoku_testing::public_set;

/// (file, benchmark group, puzzles taken, solutions each puzzle has counting up to 2).
const SETS: &[(&str, &str, usize, usize)] = &[
    ("17_clue.txt", "17_clue", 1000, 1),
    ("magictour_top1465.txt", "magictour_top1465", 1465, 1),
    (
        "forum_hardest_1905_11plus.txt",
        "forum_hardest_1905_11plus",
        1000,
        1,
    ),
    ("serg_benchmark.txt", "serg_benchmark", 1000, 2),
];

fn count_all_dlx(solver: &mut DlxSolver, puzzles: &[Grid]) -> usize {
    puzzles
        .iter()
        .map(|p| solver.count_solutions(black_box(p), 2))
        .sum()
}

fn count_all_reference(puzzles: &[sudoku::Sudoku]) -> usize {
    puzzles
        .iter()
        .map(|p| black_box(*p).solutions_count_up_to(2))
        .sum()
}

fn benches(c: &mut Criterion) {
    for &(file, group_name, take, each) in SETS {
        let Some(mut puzzles) = public_set(file) else {
            continue;
        };
        puzzles.truncate(take);
        let reference: Vec<sudoku::Sudoku> = puzzles
            .iter()
            .map(|p| sudoku::Sudoku::from_str_line(&p.to_string()).expect("a valid line"))
            .collect();
        // Check the answers first: a wrong solver must not look fast.
        let mut solver = DlxSolver::default();
        for (p, r) in puzzles.iter().zip(&reference) {
            assert_eq!(solver.count_solutions(p, 2), each, "dlx on {file}: {p}");
            assert_eq!(
                r.solutions_count_up_to(2),
                each,
                "sudoku crate on {file}: {p}"
            );
            let answer = solver.solve(p).solution();
            assert!(answer.is_some_and(|g| g.solves(p)), "dlx on {file}: {p}");
        }
        let mut group = c.benchmark_group(group_name);
        group.throughput(Throughput::Elements(puzzles.len() as u64));
        group.sample_size(10);
        group.bench_function("dlx", |b| {
            b.iter(|| count_all_dlx(&mut solver, &puzzles));
        });
        group.bench_function("sudoku-crate", |b| {
            b.iter(|| count_all_reference(&reference));
        });
        group.finish();
    }
}

criterion_group!(dlx, benches);
criterion_main!(dlx);
